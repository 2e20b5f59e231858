"""Genre templates for :mod:`privrag.trip.synth_docs`.

Each genre function draws its people and values from a :class:`Ctx` and
returns ``(template, slots)``: ``{name}`` placeholders and what fills them.
Optional sentences are drawn with the context's RNG, so documents of one
genre differ in length, order of facts and which identifiers they carry —
the lowercase first name in a chat, the unlabelled ticket number, the name
that is an ordinary word — rather than being one form letter repeated.
"""

from __future__ import annotations

from privrag.trip.synth_docs import Ctx, Slot

__all__ = ["GENRE_TEMPLATES"]

Out = tuple[str, dict[str, Slot | str]]


def _join(ctx: Ctx, parts: list[tuple[float, str]]) -> str:
    """Keep each ``(probability, text)`` part with its probability (1.0 = always)."""
    return "".join(t for p, t in parts if p >= 1.0 or ctx.chance(p))


def referral_letter(ctx: Ctx) -> Out:
    pt, gp, cons = ctx.person("patient"), ctx.person("gp", "Dr"), ctx.person("consultant", "Dr")
    street, town, postcode = ctx.address("patient")
    s = {"practice": ctx.place_org("Medical Centre"), "gp": gp.full(), "gp_f": gp.formal(), "cons": cons.formal(),
         "p": pt.full(), "p_f": pt.formal(), "p_g": pt.given(), "dob": ctx.date(), "age": ctx.age(),
         "nhs": ctx.ident("nhs"), "street": street, "town": town, "pc": postcode, "phone": ctx.phone(),
         "dx": ctx.keep("diagnosis"), "dx2": ctx.keep("diagnosis"), "drug": ctx.keep("drug"), "dose": ctx.dose(),
         "drug2": ctx.keep("drug"), "dose2": ctx.dose(), "sym": ctx.keep("symptom"), "dur": ctx.duration(),
         "proc": ctx.keep("procedure"), "dept": ctx.keep("department"), "body": ctx.public("health"), "date": ctx.date("QUASI", "-1y", "today"),
         "job": ctx.job()}
    t = _join(ctx, [
        (1, "{practice}\nReferral to {dept}\n\nDear {cons},\n\n"),
        (1, "Re: {p}, DOB {dob}, NHS number {nhs}\n"),
        (0.7, "Address: {street}, {town} {pc}. Tel {phone}\n"),
        (1, "\nThank you for seeing this {age} {job} who presented on {date} with {sym} for {dur}. "),
        (0.8, "{p_f} has a background of {dx2} and takes {drug2} {dose2}. "),
        (1, "I suspect {dx}. I have started {drug} {dose} and arranged {proc}. "),
        (0.6, "{p_f} is keen to be seen soon as the symptoms affect work. "),
        (0.5, "Routine referral under the {body} pathway. "),
        (1, "\n\nYours sincerely,\n{gp}\nGeneral Practitioner"),
        (0.5, "\ncc {gp_f}"),
    ])
    return t, s


def discharge_summary(ctx: Ctx) -> Out:
    pt, doc, nok = ctx.person("patient"), ctx.person("registrar", "Dr"), ctx.person("next_of_kin")
    street, town, postcode = ctx.address("patient")
    s = {"hosp": ctx.place_org(ctx.pick(("General Hospital", "Royal Infirmary", "University Hospital"))),
         "p": pt.full(), "p_f": pt.formal(), "mrn": ctx.ident("mrn"), "dob": ctx.date(), "adm": ctx.date("QUASI", "-1y", "today"),
         "dis": ctx.date("QUASI", "-1y", "today"), "dx": ctx.keep("diagnosis"), "dx2": ctx.keep("diagnosis"),
         "drug": ctx.keep("drug"), "dose": ctx.dose(), "drug2": ctx.keep("drug"), "dose2": ctx.dose(),
         "proc": ctx.keep("procedure"), "sym": ctx.keep("symptom"), "dur": ctx.duration(), "doc": doc.full(),
         "nok": nok.full(), "nok_phone": ctx.phone(), "street": street, "town": town, "pc": postcode,
         "dept": ctx.keep("department"), "age": ctx.age()}
    t = _join(ctx, [
        (1, "DISCHARGE SUMMARY - {hosp}\nPatient: {p}   MRN: {mrn}   DOB: {dob}\n"),
        (0.6, "Home address: {street}, {town}, {pc}\n"),
        (1, "Admitted: {adm}   Discharged: {dis}\n\n"),
        (1, "Diagnosis: {dx}\nHistory: {p_f}, {age}, admitted with {sym}. {proc} was performed. "),
        (0.7, "Known {dx2}. "),
        (1, "\nMedication on discharge: {drug} {dose}; {drug2} {dose2} for {dur}.\n"),
        (0.7, "Follow-up: {dept} in {dur}. {p_f} was advised to return if symptoms recur.\n"),
        (0.6, "Next of kin: {nok}, {nok_phone}.\n"),
        (1, "Discharging doctor: {doc}"),
    ])
    return t, s


def patient_message(ctx: Ctx) -> Out:
    pt, gp, child = ctx.person("patient"), ctx.person("gp", "Dr"), ctx.person("child")
    s = {"gp": gp.formal(), "gp_s": gp.surname(), "p": pt.full(), "p_g": pt.given(), "pl": pt.given(lower=True),
         "child": child.given(), "drug": ctx.keep("drug"), "dose": ctx.dose(), "sym": ctx.keep("symptom"),
         "sym2": ctx.keep("symptom"), "dur": ctx.duration(), "dob": ctx.date(), "phone": ctx.phone(),
         "email": ctx.email(pt), "date": ctx.date("QUASI", "-30d", "+30d"), "dx": ctx.keep("diagnosis"),
         "body": ctx.public("health"), "employer": ctx.employer()}
    t = _join(ctx, [
        (1, ctx.pick(("Hi {gp},\n", "Dear {gp}\n", "hello dr {gp_s}\n"))),
        (1, "I've been on {drug} {dose} for {dur} and still get {sym}"),
        (0.6, " and {sym2}"),
        (1, ". "),
        (0.6, "Could it be my {dx} again? "),
        (0.5, "My shifts at {employer} make it hard to come in before {date}. "),
        (0.4, "Also {child} has had a rash since the weekend. "),
        (0.5, "{body} said to message you. "),
        (1, "\nThanks, "),
        (1, ctx.pick(("{p_g}", "{pl}", "{p}"))),
        (0.6, "\nDOB {dob}"),
        (0.6, ctx.pick(("\nmob {phone}", "\n{email}", "\n{phone} / {email}"))),
    ])
    return t, s


def hr_email_thread(ctx: Ctx) -> Out:
    emp, mgr, hr = ctx.person("employee"), ctx.person("manager"), ctx.person("hr")
    dom = ctx.en.domain_name()
    s = {"emp": emp.full(), "emp_g": emp.given(), "emp_f": emp.formal(), "mgr": mgr.full(), "mgr_g": mgr.given(),
         "hr": hr.full(), "hr_g": hr.given(), "emp_mail": ctx.email(emp, dom), "mgr_mail": ctx.email(mgr, dom),
         "hr_mail": ctx.email(hr, dom), "eid": ctx.ident("employee"), "job": ctx.job(), "org": ctx.employer(),
         "date": ctx.date("QUASI", "-60d", "+60d"), "date2": ctx.date("QUASI", "-60d", "+60d"),
         "dur": ctx.duration(), "dur2": ctx.duration(), "amount": ctx.amount(), "body": ctx.public("gov"),
         "salary": Slot(f"£{int(ctx.rng.integers(22, 95))},000", "QUANTITY", "QUASI"), "dx": ctx.keep("diagnosis"),
         "tool": Slot(ctx.pick(("Microsoft Teams", "Zoom", "Slack", "Workday")), "ORG", "NO_MASK"),
         "phone": ctx.phone()}
    t = _join(ctx, [
        (1, "From: {mgr} <{mgr_mail}>\nTo: {hr_mail}\nSubject: Return to work - {emp} ({eid})\n\n"),
        (1, "Hi {hr_g},\n{emp_g} ({job}) has been off since {date} with {dx} and is due back on {date2}. "),
        (0.7, "The fit note covers {dur}; I suggest a phased return over {dur2}. "),
        (0.5, "Can we book a call on {tool}? "),
        (1, "\nThanks,\n{mgr_g}\n\n"),
        (1, "From: {hr} <{hr_mail}>\nTo: {mgr_mail}; {emp_mail}\n\n"),
        (1, "Hi both, happy to support. {emp_f}, please confirm the dates. "),
        (0.6, "Statutory sick pay is {amount} a week as set by {body}. "),
        (0.5, "Your salary of {salary} at {org} is unaffected. "),
        (0.5, "You can reach me on {phone}. "),
        (1, "\nBest,\n{hr_g}"),
    ])
    return t, s


def support_chat(ctx: Ctx) -> Out:
    cust, agent = ctx.person("customer"), ctx.person("agent")
    street, town, postcode = ctx.address("customer")
    s = {"c": cust.full(), "cl": cust.given(lower=True), "cg": cust.given(), "a": agent.given(),
         "handle": ctx.handle(cust), "order": ctx.ident("order"), "ticket": ctx.ident("ticket"),
         "email": ctx.email(cust), "street": street, "town": town, "pc": postcode, "amount": ctx.amount(),
         "dur": ctx.duration(), "product": ctx.keep("product"), "brand": ctx.public("pay"),
         "carrier": ctx.public("carrier"),
         "card": Slot(f"ending {int(ctx.rng.integers(1000, 9999))}", "CODE", "QUASI"),
         "time": Slot(f"{int(ctx.rng.integers(8, 18))}:{int(ctx.rng.integers(10, 59))}", "DATETIME", "NO_MASK")}
    t = _join(ctx, [
        (1, "[{time}] {a} (Support): Hi, thanks for contacting us! Who am I speaking with?\n"),
        (1, ctx.pick(("[{time}] {handle}: hi its {cl}, ", "[{time}] {c}: Hello, this is {cg}. "))),
        (1, "my order {order} for {product} never arrived\n"),
        (1, "[{time}] {a} (Support): Sorry {cg}! I've opened ticket {ticket}. "),
        (0.7, "Can you confirm the delivery address? \n[{time}] {handle}: {street}, {town} {pc}\n"),
        (1, "[{time}] {a} (Support): {carrier} shows it as lost. "),
        (1, "I've issued a refund of {amount} to your {brand} card {card}; it takes {dur}. "),
        (0.6, "A confirmation goes to {email}.\n"),
        (1, "\n[{time}] {handle}: thanks {a}"),
    ])
    return t, s


def cv(ctx: Ctx) -> Out:
    me, ref = ctx.person("candidate"), ctx.person("referee")
    street, town, postcode = ctx.address("candidate")
    s = {"me": me.full(), "email": ctx.email(me), "phone": ctx.phone(), "street": street, "town": town, "pc": postcode,
         "job": ctx.job(), "job2": ctx.job(), "org": ctx.employer(), "org2": ctx.employer(),
         "y1": Slot(str(int(ctx.rng.integers(2005, 2016))), "DATETIME", "QUASI"),
         "y2": Slot(str(int(ctx.rng.integers(2016, 2025))), "DATETIME", "QUASI"),
         "school": ctx.place_org(ctx.pick(("University", "College", "Academy"))), "dob": ctx.date(),
         "handle": Slot(f"linkedin.com/in/{ctx.handle(me).text.lstrip('@')}", "CODE", "DIRECT", "candidate:handle"),
         "tool": Slot(ctx.pick(("Excel", "Salesforce", "SAP", "Python", "AutoCAD", "Microsoft Office")), "MISC", "NO_MASK"),
         "dur": ctx.duration(), "amount": ctx.amount(), "ref": ref.full(), "ref_mail": ctx.email(ref),
         "nat": Slot(ctx.en.country(), "DEM", "QUASI")}
    t = _join(ctx, [
        (1, "CURRICULUM VITAE\n{me}\n"),
        (0.8, "{street}, {town} {pc}\n"),
        (1, "{email} | {phone}"),
        (0.5, " | {handle}"),
        (0.4, "\nDate of birth: {dob}   Nationality: {nat}"),
        (1, "\n\nPROFILE\nExperienced {job} skilled in {tool}.\n\nEXPERIENCE\n"),
        (1, "{y2}-present  {job} - {org}\n  Managed a budget of {amount}; cut turnaround to {dur}.\n"),
        (0.8, "{y1}-{y2}  {job2} - {org2}\n"),
        (1, "\nEDUCATION\n{school}, {y1}\n"),
        (0.6, "\nREFERENCES\n{ref}, {ref_mail}"),
    ])
    return t, s


def invoice(ctx: Ctx) -> Out:
    cust = ctx.person("customer")
    street, town, postcode = ctx.address("customer")
    s = {"seller": ctx.employer(), "c": cust.full(), "c_f": cust.formal(), "street": street, "town": town,
         "pc": postcode, "inv": ctx.ident("invoice"), "acct": ctx.ident("policy"), "iban": ctx.ident("iban"),
         "date": ctx.date("QUASI", "-90d", "today"), "due": ctx.duration(), "a1": ctx.amount(), "a2": ctx.amount(),
         "total": ctx.amount(), "vat": Slot(ctx.pick(("VAT 20%", "VAT 5%", "GST 10%")), "QUANTITY", "NO_MASK"),
         "product": ctx.keep("product"), "pay": ctx.public("pay"), "email": ctx.email(cust), "phone": ctx.phone()}
    t = _join(ctx, [
        (1, "INVOICE {inv}\n{seller}\nDate: {date}\n\nBill to:\n{c}\n{street}\n{town} {pc}\n"),
        (0.6, "Customer account: {acct}\n"),
        (0.5, "{email}  {phone}\n"),
        (1, "\n1 x {product}  {a1}\nDelivery  {a2}\n{vat}\nTOTAL DUE  {total}\n\n"),
        (1, "Payment due within {due}. Pay by {pay} or bank transfer to {iban}.\n"),
        (0.5, "Thank you, {c_f}, for your business."),
    ])
    return t, s


GENRE_TEMPLATES = {
    "referral_letter": referral_letter,
    "discharge_summary": discharge_summary,
    "patient_message": patient_message,
    "hr_email_thread": hr_email_thread,
    "support_chat": support_chat,
    "cv": cv,
    "invoice": invoice,
}
