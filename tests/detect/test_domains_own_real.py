"""The real default detector on our own clinical and workplace documents (tests/data): no DIRECT
identifier is sent verbatim, and the drugs, doses and diagnoses marked to survive do."""

from __future__ import annotations

from pathlib import Path

import pytest

from privrag.eval.datasets import load_domains

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parents[1] / "data"
DOCS = (load_domains(DATA / "domains_own.jsonl") + load_domains(DATA / "domains_own_holdout.jsonl")
        + load_domains(DATA / "domains_fresh_s28.jsonl") + load_domains(DATA / "domains_fresh_s29.jsonl")
        + load_domains(DATA / "domains_fresh_s30.jsonl") + load_domains(DATA / "domains_fresh_s31a.jsonl")
        + load_domains(DATA / "domains_fresh_s31b.jsonl"))
#: keep reasons every technique must leave intact in these documents (brands and general terms
#: still fail where no offline catalogue names the service: the issue's open part)
CLINICAL_KEEPS = frozenset({"medication", "dosage", "diagnosis", "eponym"})


@pytest.fixture(scope="module")
def results():
    from privrag.detect.default import default_detector

    det = default_detector()
    return det.detect_batch([d.text for d in DOCS])


def test_the_markup_is_consistent() -> None:
    assert len(DOCS) == 134
    for d in DOCS:
        assert all(d.text[p.start : p.end] == p.text for p in d.protect)
        assert all(d.text[k.start : k.end] == k.text for k in d.keep)


def test_no_direct_identifier_is_left_whole(results) -> None:
    whole = []
    for d, spans in zip(DOCS, results, strict=True):
        masked = {i for s in spans for i in range(s.start, s.end)}
        for p in d.protect:
            if p.identifier == "DIRECT" and not any(i in masked for i in range(p.start, p.end) if d.text[i].isalnum()):
                whole.append((d.id, p.text))
    assert whole == []


def test_drugs_doses_and_diagnoses_survive(results) -> None:
    damaged = []
    for d, spans in zip(DOCS, results, strict=True):
        for k in d.keep:
            if k.why in CLINICAL_KEEPS and any(s.start < k.end and k.start < s.end for s in spans):
                damaged.append((d.id, k.text))
    # measured at stop 28 over the first 70 documents: 9 of 295 ("Mepitel", a dressing read as an
    # organisation; "seropositive"; "strep throat" and "Caries" as organisations; "B12"; a Turbuhaler
    # strength; a dose schedule's "day 1"; "Awaab's Law"); at stop 29 over 86: 18 — 8 of the first 70,
    # and 10 of the 16 new documents (a dressing and a regimen no vocabulary holds, "Mepilex Border" and
    # "CAPOX"; "Amsler grid"; "Pseudophakia"; a model's spans on "Neovascular", "intravitreal" and
    # "adenocarcinoma"; a schedule's "day 1" twice; "one miscarriage" read as a quantity); at stop 30 over
    # 102: 20 — 18 of the first 86 and 2 of the 16 new documents (a nebulised dose whose "nebulized" a model
    # read as a time; a Dutch diagnosis, "prikkelbaredarmsyndroom", read as a demographic); at stop 31 over
    # 134: 33 — the 20 of the first 102, and 13 of the 32 new documents (brands no vocabulary holds:
    # "Calcichew D3 Forte", "Glycomet 500", "Adcal-D3", "betadine", "Senna", "Flixotide Junior"; eponyms
    # of a position and a manoeuvre, "high Fowler's", "Valsalva", and "Stanley-Brown Safety Plan"; a
    # vaccine's dose read as a year; "oligozoospermia (12 million/mL)" as money; a schedule's "day 1";
    # "head lice" as an organisation)
    assert len(damaged) <= 33, damaged


def test_a_batch_mostly_in_other_languages_leaves_only_cueless_nicknames(results) -> None:
    """``domains_fresh_s32a.jsonl``: eight of its sixteen documents are written in French, Spanish, German,
    Portuguese, Italian, Dutch or Hinglish. Measured once before the stop-32 fixes: 15 DIRECT strings left
    whole (a clinician under "Dra.", a WhatsApp export's author in lower case and the file named after the
    patient, "Mrs F", a loan laptop's asset tag, an account's last digits…). What is left is two nicknames no
    cue and no model marks: "Memo" (Guillermo) in a Mexican e-mail and "Tin" in a Filipino recruiter's thread."""
    from privrag.detect.default import default_detector

    docs = load_domains(DATA / "domains_fresh_s32a.jsonl")
    spans_per_doc = default_detector().detect_batch([d.text for d in docs])
    whole = []
    for d, spans in zip(docs, spans_per_doc, strict=True):
        masked = {i for s in spans for i in range(s.start, s.end)}
        whole += [p.text for p in d.protect if p.identifier == "DIRECT"
                  and not any(i in masked for i in range(p.start, p.end) if d.text[i].isalnum())]
    assert sorted(whole) == ["Memo", "Tin", "Tin"]


def test_a_batch_of_workplace_documents_from_twelve_countries_keeps_its_amounts_and_laws() -> None:
    """``domains_fresh_s33a.jsonl``: ten workplace and six clinical documents from Turkey, Australia, the US,
    India, Malaysia, Kenya, Canada, Poland, Mexico, Ghana, the UK, Sweden, Egypt, South Africa and Ireland.
    Measured once before the stop-33 fixes: 7 DIRECT strings left whole or half open (a Stripe dispute id, an
    M-Pesa transaction code, a Mexican plate, "Patient: HENSLEY, Raymond D.", a Swedish letter signed without
    a sign-off) and 12 amounts masked ("148,500 TRY", "KSh 4,000", "1 150 zł", "GH₵ 38,000", "$165–185K
    CAD"), with four statutes ("Energy Act, 2019", "Whistleblower Act, 2006 (Act 720)")."""
    from privrag.detect.default import default_detector

    docs = load_domains(DATA / "domains_fresh_s33a.jsonl")
    spans_per_doc = default_detector().detect_batch([d.text for d in docs])
    whole, amounts, laws = [], [], []
    for d, spans in zip(docs, spans_per_doc, strict=True):
        masked = {i for s in spans for i in range(s.start, s.end)}
        whole += [p.text for p in d.protect if p.identifier == "DIRECT"
                  and not any(i in masked for i in range(p.start, p.end) if d.text[i].isalnum())]
        for k in d.keep:
            hit = any(i in masked for i in range(k.start, k.end))
            if hit and k.why == "amount":
                amounts.append(k.text)
            if hit and " Act" in k.text:
                laws.append(k.text)
    assert whole == []
    assert amounts == []
    assert laws == []


def _masked_characters(name: str) -> list[tuple[object, set[int]]]:
    """Each document of a batch with the positions the real default detector masks in it."""
    from privrag.detect.default import default_detector

    docs = load_domains(DATA / name)
    spans_per_doc = default_detector().detect_batch([d.text for d in docs])
    return [(d, {i for s in spans for i in range(s.start, s.end)}) for d, spans in zip(docs, spans_per_doc, strict=True)]


def _covered(d, masked: set[int], p) -> bool:
    """Every letter and digit of the gold span is masked."""
    return all(i in masked for i in range(p.start, p.end) if d.text[i].isalnum())


def _untouched(d, masked: set[int], p) -> bool:
    """No letter or digit of the gold span is masked: the string is sent whole."""
    return not any(i in masked for i in range(p.start, p.end) if d.text[i].isalnum())


def test_a_call_transcript_and_letters_in_other_languages_send_no_spoken_number_or_age() -> None:
    """``domains_fresh_s34a.jsonl``: ten workplace and six clinical documents (the Netherlands, New Zealand,
    Nigeria, Ireland, Japan, Scotland, Singapore, the US, South Africa, Germany, the UK, Australia, Canada,
    Spain, India). Measured once before the stop-34 fixes: a claims line's speech-to-text transcript sent its
    policy, claim and phone numbers read digit by digit, 5 ages were half open ("31 yrs", "37 años", "62/M",
    "47/F", "35/M"), "14 Tage" was masked as a name and "Cal", a one-word sign-off, was sent. Still open:
    "blessing", a lower-case given name that is a word and that no name list holds."""
    whole, ages, spoken, durations = [], [], [], []
    for d, masked in _masked_characters("domains_fresh_s34a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
        ages += [p.text for p in d.protect if p.kind == "AGE" and not _covered(d, masked, p)]
        if d.id == "fresh34_w08":
            spoken += [p.text for p in d.protect if p.identifier == "DIRECT" and p.kind in ("ID", "CONTACT")
                       and not _covered(d, masked, p)]
        durations += [k.text for k in d.keep if k.why == "duration" and any(i in masked for i in range(k.start, k.end))]
    assert whole == ["blessing"]
    assert spoken == []
    assert ages == []
    assert durations == []


def test_forms_tables_and_addresses_of_eight_countries_send_no_age_and_no_address_word() -> None:
    """``domains_fresh_s35a.jsonl``: eight clinical and eight workplace documents (Ireland, Malaysia, the
    Philippines, Pakistan, Italy, the UAE, Canada, South Africa, Australia, Kenya, England, Poland, the US,
    New Zealand, Ghana, Brazil). Measured once before the stop-35 fixes: 9 ages were sent ("(70 yrs)" after
    a date of birth, "Age/Sex: 34 y / M", a TB card's household table, "57 yrs M"), four addresses sent a
    county, a state or a province between their masked pieces ("Co. Galway", "QLD", "(PV)"), and a table's
    "Name" column and two sets of signing initials were sent. Still open: a car's plate in brackets, three
    given names without a cue or that are words ("Shaz", "Precious", "our cleaner Mere"), a Philippine address
    whose street the models split, and an Italian "a 52 anni"."""
    whole, ages, addresses = [], [], []
    for d, masked in _masked_characters("domains_fresh_s35a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
        ages += [p.text for p in d.protect if p.kind == "AGE" and not _covered(d, masked, p)]
        addresses += [p.text for p in d.protect if p.kind == "ADDRESS" and p.identifier == "DIRECT"
                      and not _covered(d, masked, p)]
    assert sorted(whole) == ["784 JWQ", "Mere", "Precious", "Shaz", "langat"]
    assert ages == ["52 anni"]
    assert addresses == ["Blk 12 Lot 7 Sampaguita St., Malanday, Marikina City"]


def test_a_batch_in_dutch_german_indonesian_and_hinglish_keeps_its_doses_prices_and_services() -> None:
    """``domains_fresh_s36a.jsonl``: eight clinical and eight workplace documents (India, England, the US, the
    Netherlands, Germany, Japan, Mexico, Sweden, Nigeria, Indonesia, Canada, Israel, France, Egypt). Measured
    once before the stop-36 changes: Dutch doses ("metoprolol 50 mg 1dd"), an Indonesian price a phone pattern
    took ("Rp 2.849.000"), a union letter's "ten (10) working days" and the services "RETTS" and "MEDIF" were
    masked, and "drs. Marloes Verhoef" was sent. At stop 38 the UUID fragment after "trip ID" is found and
    "UACR ≥ 200 mg/g" (a "≥" read as a person) survives. Still open: names in a Hinglish chat and a lower-case
    SMS, a name in Hebrew script."""
    whole, damaged = [], []
    for d, masked in _masked_characters("domains_fresh_s36a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
        damaged += [k.text for k in d.keep if not _untouched(d, masked, k)]
    assert sorted(whole) == ["Ankit", "Pinky", "Raju", "dan", "jake mcintyre", "יהונתן אזולאי"]
    survive = ["metoprolol 50 mg 1dd", "metformine 500 mg 2dd", "Rp 2.849.000", "ten (10) working days", "RETTS", "MEDIF",
               "UACR ≥ 200 mg/g"]
    assert [s for s in survive if s in damaged] == []


def test_a_batch_in_the_dev_sets_genres_finds_log_authors_and_booking_codes_and_keeps_laws() -> None:
    """``domains_fresh_s37a.jsonl``: the dev set's sixteen genres written anew (Ireland, New Zealand, South
    Africa, Australia, Malaysia, Wales, Canada, India, the Philippines, Germany, Poland, Singapore, Nigeria,
    Kenya, the Netherlands, Brazil), measured once before the stop-37 changes. Then a CRM log's author
    ("05.03.2025 10:14 - Kasia (customer service)") and two flight bookings' locators in an expense claim's
    "Ref" column were sent, and "§ 15 BEEG", "Microsoft Teams" ("join the stand-up in …") and the "Health
    Professions Council of South Africa" were masked. Still open: "Bose (AP)", a surname that is a brand."""
    whole, damaged = [], []
    for d, masked in _masked_characters("domains_fresh_s37a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
        damaged += [k.text for k in d.keep if not _untouched(d, masked, k)]
    assert sorted(whole) == ["Bose"]
    survive = ["§ 15 BEEG", "Microsoft Teams", "Health Professions Council of South Africa"]
    assert [s for s in survive if s in damaged] == []


def test_a_batch_of_new_countries_finds_their_identity_numbers_and_keeps_their_laws() -> None:
    """``domains_fresh_s38a.jsonl``: the dev set's genres in countries no batch had used (Finland, Scotland,
    Quebec, Tasmania, Ghana, Czechia, Jamaica, Vietnam, Austria, Sabah, Colombia, Sri Lanka, Greece, Uganda,
    Chile, Morocco), measured before the stop-38 rules written after it. Then a Chilean RUT, a Colombian
    card's number ("T.I. 1.035.882.417"), a Ugandan NIN and a bank statement's payee written with two initials
    ("M. R. Fahim") were sent, and the Colombian and Chilean laws by name were masked."""
    whole, damaged = [], []
    for d, masked in _masked_characters("domains_fresh_s38a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
        damaged += [k.text for k in d.keep if not _untouched(d, masked, k)]
    assert sorted(whole) == []
    survive = ["Ley del Consumidor", "Ley 1581 de 2012", "Decreto 1421 de 2017", "PIAR"]
    assert [s for s in survive if s in damaged] == []


def test_a_batch_of_more_countries_finds_their_addresses_ids_and_dates() -> None:
    """``domains_fresh_s39a.jsonl``: the dev set's genres in sixteen more countries (Portugal, Greece, Denmark,
    Tanzania, Taiwan, Hungary, Trinidad, Peru, Romania, Morocco, Estonia, Norway, Argentina, South Korea,
    Israel, Zimbabwe), measured before the stop-39 rules written after it. Then a Portuguese address after
    "Morada:" and an Argentine one with its floor ("7° B") were sent in part, a Hungarian name written surname
    first ("Tóth Bence"), a Zimbabwean ID ("63-2184472 K 63"), a Portuguese doctor's order number and a Taiwanese
    licence number were sent, and Hungarian dates were missed. Still open: "Or" (a Hebrew given name that is an
    English word) and "Precious Gumbo" (a signature of two English words)."""
    whole = []
    for d, masked in _masked_characters("domains_fresh_s39a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
    assert sorted(set(whole)) == ["Or", "Precious Gumbo"]


def test_a_batch_in_cyrillic_thai_and_sixteen_more_places_sends_no_identifier_whole() -> None:
    """``domains_fresh_s40a.jsonl``: the dev set's genres in sixteen more places (the Czech Republic, Ukraine, Saudi
    Arabia, Bangladesh, Uganda, Sweden, Scotland, Jamaica, Croatia, Thailand, Indonesia, Colombia, Ethiopia,
    Belgium, Switzerland, Arizona), measured on the code of stop 39 before any stop-40 rule. Then a Ukrainian
    patient's name with its patronymic and her address in Cyrillic, a Thai customer's name and address, a courier's
    parcel code, a Swiss AHV number, a Dhaka address ("House 19/7, Road 4") and a Belgian one with its box number
    were sent whole. Still sent: "พลอยไพลิน", a Thai given name written alone in Thai script (no term of address
    before it, no space to end it: the forms of :mod:`privrag.detect.recognizers_scripts` cannot tell it, and the
    English models do not read Thai)."""
    whole = []
    for d, masked in _masked_characters("domains_fresh_s40a.jsonl"):
        whole += [p.text for p in d.protect if p.identifier == "DIRECT" and _untouched(d, masked, p)]
    assert whole == ["พลอยไพลิน"]
