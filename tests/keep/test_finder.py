"""KeepFinder and apply_keep: what survives, and what a keep reason may never unmask."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder, KeepSpan, apply_keep
from privrag.types import DetectedEntity


def _span(text: str, surface: str, label: str, source: str = "SpacyRecognizer") -> DetectedEntity:
    i = text.index(surface)
    return DetectedEntity(i, i + len(surface), label, surface, 0.8, source)


@pytest.mark.parametrize(
    ("text", "term", "why"),
    [
        ("Continue amoxicillin for now.", "amoxicillin", "medication"),
        ("Started Ozempic in March.", "Ozempic", "medication"),
        ("Start thiamine before glucose.", "thiamine", "medication"),  # listed only as "thiamine mononitrate"
        ("Known atrial fibrillation on anticoagulation.", "atrial fibrillation", "diagnosis"),
        ("Ischaemic changes; type 2 diabetes since 2010.", "type 2 diabetes", "diagnosis"),
    ],
)
def test_vocabulary_terms_are_kept(finder: KeepFinder, text: str, term: str, why: str) -> None:
    assert any(text[k.start : k.end] == term and k.why == why for k in finder.find(text))


@pytest.mark.parametrize(
    ("text", "not_kept"),
    [
        ("Three other persons were present.", "persons"),  # a word of an ICD-10-CM chapter title
        ("He was sentenced to imprisonment.", "imprisonment"),  # Z65.1: a circumstance, not a condition
        ("The bottle exploded in his hand.", "bottle exploded"),  # external causes (V–Y)
        ("He suffered a fracture of the left tibia.", "fracture of"),  # a cut phrase never ends in "of"
    ],
)
def test_circumstances_and_fragments_are_not_diagnoses(finder: KeepFinder, text: str, not_kept: str) -> None:
    assert not_kept not in {text[k.start : k.end] for k in finder.find(text)}


def test_a_surname_after_an_honorific_is_not_a_term(finder: KeepFinder) -> None:
    text = "Mr Jones's fracture was reviewed by Mrs Graves."
    kept = {text[k.start : k.end] for k in finder.find(text)}
    assert not any("Jones" in k or "Graves" in k for k in kept)


@pytest.mark.parametrize(
    ("text", "org", "public"),
    [
        ("Pay with your Visa card at checkout.", "Visa", True),
        ("Your GP can refer you through the NHS.", "NHS", True),
        ("She works at Tesco in the bakery.", "Tesco", False),  # an employer
        ("HGV driver at the Tesco distribution centre.", "Tesco", False),
        ("Seen at Hollybank Medical Practice.", "Hollybank Medical Practice", False),  # a facility
        ("Invoice from Brightwave Analytics Ltd attached.", "Brightwave Analytics Ltd", False),
        ("Message from Grace about the rota.", "Grace", False),  # a given name, whatever its label
    ],
)
def test_public_entities_are_judged_in_context(finder: KeepFinder, text: str, org: str, public: bool) -> None:
    keeps = finder.find(text, [_span(text, org, "ORGANIZATION")])
    assert any(k.why == "public_entity" for k in keeps) is public


@pytest.mark.parametrize(
    ("text", "span", "kept"),
    [
        ("We applied for a Walmart Foundation grant last year.", "Walmart Foundation grant", "Walmart Foundation"),
        ("He needs his FAA medical certification.", "FAA medical certification.", "FAA"),
        ("Booked at the Hollybank clinic on Friday.", "Hollybank clinic", None),  # a facility, named
        ("Brightwave plumbers called back today.", "Brightwave plumbers", None),  # a rare name: private
    ],
)
def test_lower_case_words_after_an_organisation_are_not_its_name(
    finder: KeepFinder, text: str, span: str, kept: str | None
) -> None:
    keeps = [k for k in finder.find(text, [_span(text, span, "ORGANIZATION")]) if k.why == "public_entity"]
    assert [text[k.start : k.end] for k in keeps] == ([kept] if kept else [])


def test_the_described_tail_of_a_public_organisation_is_not_left_masked(finder: KeepFinder) -> None:
    text = "He needs his FAA medical certification before May."
    spans = [_span(text, "FAA medical certification", "ORGANIZATION")]
    assert apply_keep(text, spans, finder.find(text, spans)) == []


def test_a_name_after_the_described_tail_stays_protected_by_its_own_span(finder: KeepFinder) -> None:
    text = "Renew the FAA medical certification dani said."
    org = _span(text, "FAA medical certification", "ORGANIZATION")
    name = _span(text, "dani", "PERSON")
    out = apply_keep(text, [org, name], finder.find(text, [org, name]))
    assert [s.text for s in out] == ["dani"]


def test_a_lower_case_name_merged_into_the_tail_stays_protected(finder: KeepFinder) -> None:
    text = "Renew the FAA medical certification jamal said."
    org = _span(text, "FAA medical certification jamal", "ORGANIZATION")
    out = apply_keep(text, [org], finder.find(text, [org]))
    assert any("jamal" in s.text for s in out)


def test_allow_list_extends_the_vocabularies() -> None:
    text = "Logged the shift in Rotaready as usual."
    keeps = KeepFinder(allow_list=["Rotaready"]).find(text)
    assert [(text[k.start : k.end], k.why) for k in keeps if k.why == "allow_list"] == [("Rotaready", "allow_list")]


def test_apply_keep_shortens_soft_spans_and_drops_everyday_remainders() -> None:
    text = "Increase Ozempic to 1 mg weekly."
    spans = [_span(text, "Increase Ozempic", "ORGANIZATION")]
    keeps = [KeepSpan(9, 16, "medication")]
    assert apply_keep(text, spans, keeps) == []


def test_apply_keep_keeps_the_rest_of_a_span() -> None:
    text = "Paid via Visa by Ms Okonkwo-Adeyemi yesterday."
    span = _span(text, "Visa by Ms Okonkwo-Adeyemi", "PERSON")
    out = apply_keep(text, [span], [KeepSpan(9, 13, "public_entity")])
    assert [s.text for s in out] == ["Okonkwo-Adeyemi"] or [s.text for s in out] == ["by Ms Okonkwo-Adeyemi"]


@pytest.mark.parametrize(
    ("label", "source"),
    [("EMAIL_ADDRESS", "EmailRecognizer"), ("PHONE_NUMBER", "PhoneRecognizer"), ("ID_NUMBER", "privrag_coded_id")],
)
def test_identifier_patterns_are_never_shortened(label: str, source: str) -> None:
    text = "Reference 20 mg-4471-XY for the file."
    span = DetectedEntity(10, 23, label, text[10:23], 0.9, source)
    assert apply_keep(text, [span], [KeepSpan(10, 15, "dosage")]) == [span]


def test_named_facility_is_not_cut_by_a_medical_word() -> None:
    text = "Referred to Aire Valley Early Intervention in Psychosis Team today."
    span = _span(text, "Aire Valley Early Intervention in Psychosis Team", "ORGANIZATION")
    i = text.index("Psychosis")
    assert apply_keep(text, [span], [KeepSpan(i, i + 9, "diagnosis")]) == [span]


def test_a_public_entity_after_a_headers_dash_is_no_part_of_the_facility() -> None:
    text = "Kirkgate Dental Care – NHS / Private Treatment Plan\nPatient: Mr Gareth Hollins"
    span = _span(text, "Kirkgate Dental Care – NHS / Private Treatment Plan", "ORGANIZATION")
    i = text.index("NHS")
    out = [s.text for s in apply_keep(text, [span], [KeepSpan(i, i + 3, "public_entity")])]
    assert "NHS" not in " ".join(out) and "Kirkgate Dental Care" in out


@pytest.mark.parametrize("name", ["Park Surgery", "Church Street Surgery"])
def test_a_practice_of_common_words_stays_masked_beside_the_public_entity(name: str) -> None:
    text = f"{name} – NHS\nDear Dr Kaur,"
    span = _span(text, f"{name} – NHS", "ORGANIZATION")
    i = text.index("NHS")
    out = [s.text for s in apply_keep(text, [span], [KeepSpan(i, i + 3, "public_entity")])]
    assert out == [name]


def test_kept_values_are_not_a_techniques_own_dates_or_amounts() -> None:
    from privrag.keep import drop_kept_values

    text = "Refund $129.99 for 10 days, salary $48,200"
    price = DetectedEntity(7, 14, "MONEY", "$129.99", 0.9, "seag_values")
    days = DetectedEntity(15, 26, "DATE_TIME", "for 10 days", 0.9, "seag_values")
    salary = DetectedEntity(35, 42, "MONEY", "$48,200", 0.9, "seag_values")
    code = DetectedEntity(7, 14, "ID_NUMBER", "$129.99", 0.9, "seag_values")
    keeps = [KeepSpan(7, 14, "amount"), KeepSpan(15, 26, "duration")]
    assert text[35:42] == "$48,200"
    assert drop_kept_values([price, days, salary, code], keeps) == [salary, code]


def test_a_technique_number_inside_a_price_with_its_currency_is_the_price() -> None:
    from privrag.keep import drop_kept_values

    text = "über 2.480,00 € / Konto 2.480,00"
    euro = DetectedEntity(5, 10, "ID_NUMBER", "2.480", 0.9, "seag_values")
    bare = DetectedEntity(25, 30, "ID_NUMBER", "2.480", 0.9, "seag_values")
    keeps = [KeepSpan(5, 15, "amount", text[5:15]), KeepSpan(25, 33, "amount", text[25:33])]
    assert text[5:15] == "2.480,00 €"
    assert drop_kept_values([euro, bare], keeps) == [bare]  # without a currency, the digits may be an account's


@pytest.mark.parametrize(("text", "dropped"), [("Total Rp 2.849.000 sudah dibayar", True), ("Call 2.849.000 now", False)])
def test_a_phone_pattern_inside_a_price_with_its_currency_is_the_price(text: str, dropped: bool) -> None:
    i = text.index("2.849")
    phone = DetectedEntity(i, i + 9, "PHONE_NUMBER", "2.849.000", 0.4, "PhoneRecognizer")
    start = text.index("Rp") if "Rp" in text else i
    keeps = [KeepSpan(start, i + 9, "amount", text[start : i + 9])]
    assert (apply_keep(text, [phone], keeps) == []) is dropped


def test_detect_with_keep_works_for_any_detector() -> None:
    from privrag.keep import detect_with_keep
    from tests.fakes import RegexDetector

    [(spans, keeps)] = detect_with_keep(RegexDetector(), ["Call John Smith"])
    assert keeps == [] and isinstance(spans, list)


@pytest.mark.parametrize(
    ("text", "term"),
    [("Admission: acute ischaemic stroke, left MCA", "acute ischaemic stroke"),
     ("recurrent gliclazide-induced hypoglycaemia", "gliclazide-induced")],
)
def test_clinical_language_beyond_listed_phrases(finder: KeepFinder, text: str, term: str) -> None:
    assert any(text[k.start : k.end] == term for k in finder.find(text))


def test_a_run_of_names_is_not_clinical_language(finder: KeepFinder) -> None:
    assert finder.find("Mrs Wilson Hunt met Graves Parker") == []


@pytest.mark.parametrize("text", ["Referred to High Desert Behavioral Health", "seen at Universitätsklinikum Rhein-Ahr"])
def test_an_organisations_name_is_not_clinical_language(finder: KeepFinder, text: str) -> None:
    assert not any(k.why in ("diagnosis", "medication") and k.text[:1].isupper() for k in finder.find(text))


def test_a_common_acronym_is_public_a_rare_one_is_not() -> None:
    # spelt out in the text, an acronym is public only by its frequency (undefined ones: see below)
    ecg = "An Electro Cardio Gram (ECG) was normal."  # (written in lower case, a term: kept whatever its frequency)
    cases = [("Ask Her Majesty's Revenue and Customs (HMRC) about it.", "HMRC", 2.5, True), (ecg, "ECG", 2.5, True),
             (ecg, "ECG", 3.0, False), ("Funded by Quiet Zone Extra Rail (QZXR) this year.", "QZXR", 2.5, False)]
    for text, org, bar, public in cases:
        keeps = KeepFinder(acronym_min_zipf=bar).find(text, [_span(text, org, "ORGANIZATION")])
        assert any(k.why == "public_entity" for k in keeps) is public


@pytest.mark.parametrize(
    ("text", "org", "public"),
    [
        ("He must notify the DVLA if it happens again.", "DVLA", True),  # rare as a word, never spelt out
        ("the regional health insurance fund (“the RHIF”) refused. The RHIF appealed.", "RHIF", False),
        ("On Sunday we returned to ESPOO by helicopter.", "ESPOO", False),  # five capitals: a word in capitals
        ("Aire Valley Early Intervention Team referral. AVEIT will call.", "AVEIT", False),
        ("Plan agreed by QX at the review.", "QX", False),  # two capitals may be initials
        ("red painful eye - 999 or A&E same day", "A&E", True),
        ("Eircode H53 on the form.", "H53", False),  # a code, not an acronym
        ("She works at QZXR in Leeds.", "QZXR", False),  # an employer
    ],
)
def test_an_acronym_the_text_never_spells_out_is_public(finder: KeepFinder, text: str, org: str, public: bool) -> None:
    keeps = finder.find(text, [_span(text, org, "ORGANIZATION")])
    assert any(k.why == "public_entity" and k.text == org for k in keeps) is public


def test_an_acronym_that_is_an_everyday_word_is_not_public_by_frequency(finder: KeepFinder) -> None:
    text = "The EAT dismissed the appeal."
    assert not any(k.why == "public_entity" for k in finder.find(text, [_span(text, "EAT", "ORGANIZATION")]))


def test_membership_ties_an_organisation_to_a_person(finder: KeepFinder) -> None:
    text = "He was a member of UNISON for years."
    assert not any(k.why == "public_entity" for k in finder.find(text, [_span(text, "UNISON", "ORGANIZATION")]))


def test_an_affiliation_anywhere_in_the_document_counts(finder: KeepFinder) -> None:
    text = "Police searched the house. UNISON said nothing. Two UNISON members were questioned."
    assert not any(k.why == "public_entity" for k in finder.find(text, [_span(text, "UNISON", "ORGANIZATION")]))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Infectious mononucleosis (ICD-10 B27.0); paracetamol 1 g.", ["B27.0"]),
        ("Type 2 diabetes, E11.65, on metformin 500 mg.", ["E11.65"]),
        ("Ticket B99.7 closed; metformin 500 mg.", []),  # not a code of ICD-10-CM
        ("Flat B27.0 was booked for the visit.", []),  # no medicine in the text
    ],
)
def test_icd_codes_are_diagnoses_in_a_text_that_speaks_medicine(finder: KeepFinder, text: str, kept: list[str]) -> None:
    from privrag.keep import vocab

    assert [k.text for k in finder.find(text) if k.why == "diagnosis" and vocab.ICD_CODE.fullmatch(k.text)] == kept


def test_a_span_inside_one_keep_term_is_not_a_named_facility() -> None:
    text = "Facial weakness House-Brackmann grade III on the right."
    span = _span(text, "House", "ORGANIZATION")
    i = text.index("House-Brackmann")
    assert apply_keep(text, [span], [KeepSpan(i, i + len("House-Brackmann grade III"), "eponym")]) == []


def test_a_lower_case_facility_word_after_a_brand_describes_it() -> None:
    text = "Booked at the Samsung authorised service centre on Monday."
    span = _span(text, "Samsung authorised service centre", "ORGANIZATION")
    i = text.index("Samsung")
    assert apply_keep(text, [span], [KeepSpan(i, i + 7, "public_entity")]) == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Capillary ketones 2.1 mmol/L on arrival.", "ketones 2.1 mmol/L"),
        ("FBC: lymphocytes 58% with atypical forms.", "lymphocytes 58%"),
    ],
)
def test_the_lower_case_analyte_of_a_value_is_kept_with_it(finder: KeepFinder, text: str, kept: str) -> None:
    assert (kept, "measurement") in [(k.text, k.why) for k in finder.find(text)]


@pytest.mark.parametrize("text", ["ok so jamal 5 mg of it", "she took 50 mg at night"])
def test_a_name_or_an_everyday_word_before_a_value_is_not_an_analyte(finder: KeepFinder, text: str) -> None:
    assert [k.text for k in finder.find(text) if k.why == "measurement"] == []


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("Enrolled in the trial (EudraCT 2021-004412-38) in May.", "EudraCT 2021-004412-38"),
        ("Registered as NCT04512345.", "NCT04512345"),
        ("The plant is certified to IATF 16949 and ISO 9001:2015.", "IATF 16949"),
        ("Invoices follow Decree 13/2023/ND-CP on personal data.", "Decree 13/2023/ND-CP"),
    ],
)
def test_a_public_reference_number_is_kept(finder: KeepFinder, text: str, ref: str) -> None:
    assert (ref, "public_reference") in [(k.text, k.why) for k in finder.find(text)]


def test_the_test_a_measurement_names_is_kept_where_the_text_names_it_again(finder: KeepFinder) -> None:
    text = "CBG 9.4 mmol/L on arrival. Plan: test CBG twice daily. Seen by Dr CBG Rao."
    kept = [(k.start, k.why) for k in finder.find(text) if k.text == "CBG"]
    assert (text.index("test CBG") + 5, "measurement") in kept
    assert text.index("Dr CBG") + 3 not in [s for s, _ in kept]  # initials after an honorific


def test_a_public_entity_typed_in_lower_case_is_judged_by_frequency_and_ties(finder: KeepFinder) -> None:
    def kept(text: str, word: str) -> bool:
        i = text.index(word)
        span = DetectedEntity(i, i + len(word), "ORGANIZATION", word, 0.8, "SpacyRecognizer")
        return any(k.why == "public_entity" for k in finder.find(text, [span]))

    assert kept("my medicare card is in the car", "medicare")
    assert not kept("i work at medicare now", "medicare")  # an employer
    assert not kept("sent it to brightwave today", "brightwave")  # no evidence it is public


def test_an_acronym_with_a_bare_number_is_not_followed_elsewhere(finder: KeepFinder) -> None:
    text = "JS 12 on the rota. JS said it was fine."
    assert text.index("JS said") not in [k.start for k in finder.find(text) if k.why == "measurement"]


def test_a_public_entity_kept_in_one_case_is_kept_in_another(finder: KeepFinder) -> None:
    text = "Pay by PIX to the shop. ok i sent the pix already"
    keeps = finder.find(text, [_span(text, "PIX", "ORGANIZATION")])
    assert {k.text for k in keeps if k.why == "public_entity"} == {"PIX", "pix"}


def test_another_case_that_is_someones_employer_stays_protected(finder: KeepFinder) -> None:
    text = "Pay by PIX to the shop. My sister works at Pix in Leeds."
    keeps = finder.find(text, [_span(text, "PIX", "ORGANIZATION")])
    assert "Pix" not in {k.text for k in keeps}


def test_a_given_name_left_by_a_cut_stays_protected() -> None:
    text = "Anything else I can help with this afternoon, Summer?"
    span = _span(text, "this afternoon, Summer", "DATE_TIME")
    out = apply_keep(text, [span], [KeepSpan(text.index("this"), text.index(","), "relative_time", "this afternoon")])
    assert [s.text for s in out] == ["Summer"]


@pytest.mark.parametrize("text", ["Tuesday morning", "ward round today", "3 May 2021"])
def test_a_dated_time_is_not_relative(finder: KeepFinder, text: str) -> None:
    assert not any(k.why == "relative_time" for k in finder.find(text))


@pytest.mark.parametrize(("surface", "label"), [("AQP4", "PERSON"), ("R1", "DEM"), ("VELORA-CD3", "PERSON")])
def test_a_short_code_a_model_calls_a_person_is_a_medical_code(finder: KeepFinder, surface: str, label: str) -> None:
    text = f"Started metformin 500 mg. Result: {surface} positive."
    keeps = finder.find(text, [_span(text, surface, label)])
    assert (surface, "medical_code") in [(k.text, k.why) for k in keeps]


def test_a_long_code_or_a_code_outside_medicine_is_not_kept(finder: KeepFinder) -> None:
    text = "Started metformin 500 mg. Member K839201746 called."
    assert not any(k.why == "medical_code" for k in finder.find(text, [_span(text, "K839201746", "PERSON")]))
    text = "Result: AQP4 positive."
    assert not any(k.why == "medical_code" for k in finder.find(text, [_span(text, "AQP4", "PERSON")]))


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("MRI to rule out vestibular schwannoma.", "vestibular schwannoma"),
        ("Ultrasound showed supraspinatus tendinosis without tear.", "supraspinatus tendinosis"),
        ("Known chronic left knee osteoarthritis.", "chronic left knee osteoarthritis"),
    ],
)
def test_the_clinical_words_before_a_medical_term_are_kept_with_it(finder: KeepFinder, text: str, term: str) -> None:
    assert term in {k.text for k in finder.find(text)}


@pytest.mark.parametrize(
    ("text", "not_kept"),
    [
        ("Seen by Vestibular Schwannoma Clinic staff.", "Vestibular"),  # capitalised: part of a name
        ("The team ruled out schwannoma.", "out schwannoma"),  # a stop word or an everyday verb is no qualifier
    ],
)
def test_only_lower_case_clinical_words_qualify_a_term(finder: KeepFinder, text: str, not_kept: str) -> None:
    assert not any(not_kept in k.text for k in finder.find(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("She holds a vocational high school diploma.", False),  # "-oma", but plain English
        ("two school diplomas", False),
        ("aroma of coffee", False),
        ("biopsy confirmed carcinoma", True),  # in the dictionary and in ICD-10-CM
        ("rule out schwannoma", True),  # in neither
    ],
)
def test_an_oma_word_of_plain_english_is_no_medical_term(finder: KeepFinder, text: str, kept: bool) -> None:
    assert any(k.why in ("medical_term", "diagnosis") for k in finder.find(text)) is kept


@pytest.mark.parametrize("text", ["Age: 2 years 4 months", "Baby aged 18 months, seen today", "Age 3 years, 2 months"])
def test_a_duration_after_an_age_label_is_the_age_not_a_schedule(finder: KeepFinder, text: str) -> None:
    assert not any(k.why == "duration" for k in finder.find(text))


def test_a_duration_elsewhere_in_a_text_with_an_age_is_kept(finder: KeepFinder) -> None:
    assert "for 3 days" in {k.text for k in finder.find("Age 2 yrs, fever for 3 days")}


def test_a_probation_period_at_work_is_a_duration(finder: KeepFinder) -> None:
    text = "Probation is 6 months and the notice period during probation is one week."
    assert {"6 months", "one week"} <= {k.text for k in finder.find(text)}


def test_a_prison_sentence_is_not_kept(finder: KeepFinder) -> None:
    assert not any(k.why == "duration" for k in finder.find("He was sentenced to 6 months in prison."))


def test_a_notice_period_at_a_company_makes_it_an_employer(finder: KeepFinder) -> None:
    text = "You mentioned you're on a 3-month notice period at Revolut - that's fine."
    assert "Revolut" not in {k.text for k in finder.find(text, [_span(text, "Revolut", "ORGANIZATION")])}


def test_a_brand_paid_with_is_no_employer(finder: KeepFinder) -> None:
    text = "I paid with Revolut yesterday."
    assert "Revolut" in {k.text for k in finder.find(text, [_span(text, "Revolut", "ORGANIZATION")])}


@pytest.mark.parametrize(
    ("text", "kept"),
    [("I pay rent of ₹32,000 a month", True), ("pay by card: £12.50", True), ("his pay is £32,000 a year", False)],
)
def test_pay_the_verb_leaves_a_price_pay_the_noun_protects_a_wage(finder: KeepFinder, text: str, kept: bool) -> None:
    assert any(k.why == "amount" for k in finder.find(text)) is kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("under the automatic compensation scheme you'll get £9.97 for each calendar day", True),
        ("you'd claim Parent's Benefit (€274 a week)", True),
        ("Her monthly gross salary increases to €4,620 per month", False),  # a salary's period
        ("his salary of £48,200 is unchanged", False),
        # found by the review of stop 39: a rate after one person's pay, debt or award is still theirs
        ("He earns $30 an hour as a forklift driver.", False),
        ("He owes £40 a week in child maintenance.", False),
        ("The tribunal awarded her £1,250 per week of lost earnings.", False),
    ],
)
def test_a_rate_per_day_or_per_person_is_a_tariff_not_one_persons_pay(finder: KeepFinder, text: str, kept: bool) -> None:
    assert any(k.why == "amount" for k in finder.find(text)) is kept


def test_two_capitals_are_shorthand_not_a_facility() -> None:
    text = "ECG: ST elevation in II, III, aVF. Aspirin 300 mg given."
    span = _span(text, "ECG: ST elevation", "ORGANIZATION")
    out = apply_keep(text, [span], KeepFinder().find(text, [span]))
    assert not any("elevation" in s.text for s in out)


def test_an_award_paid_to_a_person_is_not_kept(finder: KeepFinder) -> None:
    text = "The State is to pay the applicant EUR 1,400 in respect of non-pecuniary damage."
    assert not any(k.why == "amount" for k in finder.find(text))


@pytest.mark.parametrize(("surface", "kept"), [("grazing", False), ("inter", False), ("medicare", True)])
def test_a_lower_case_dictionary_word_a_model_called_an_organisation_names_nothing(
    finder: KeepFinder, surface: str, kept: bool
) -> None:
    text = f"They discussed {surface} at length, and my {surface} card."
    span = _span(text, surface, "MISC")
    assert any(k.why == "public_entity" for k in finder.find(text, [span])) is kept


@pytest.mark.parametrize(("text", "kept"), [("roaming outside Europe costs more", "Europe"), ("flights to South America", "South America")])
def test_a_continent_is_kept(finder: KeepFinder, text: str, kept: str) -> None:
    assert (kept, "region") in {(k.text, k.why) for k in finder.find(text)}


def test_a_country_is_no_region(finder: KeepFinder) -> None:
    assert not any(k.why == "region" for k in finder.find("She moved to Australia and then to Morocco."))


def test_a_programme_a_model_called_a_demographic_is_kept(finder: KeepFinder) -> None:
    text = "I also receive Disabled Students' Allowance for dyslexia."
    span = _span(text, "Disabled Students' Allowance for", "DEM")
    assert "Disabled Students' Allowance" in {k.text for k in finder.find(text, [span]) if k.why == "public_entity"}


@pytest.mark.parametrize("text", ["He was born in South Africa.", "Europe Direct Ltd called", "the Central African Republic"])
def test_a_continent_inside_a_longer_name_is_no_region(finder: KeepFinder, text: str) -> None:
    assert not any(k.why == "region" for k in finder.find(text))


@pytest.mark.parametrize(
    ("org", "public"),
    [("Ofcom", True), ("Aetna", True), ("Fibrelane", False), ("Clinique", False)],  # "Clinique": a French word first
)
def test_a_coined_name_english_writes_often_is_public(finder: KeepFinder, org: str, public: bool) -> None:
    text = f"I spoke to {org} about the claim."  # no service's context: the name's frequency decides
    keeps = finder.find(text, [_span(text, org, "ORGANIZATION")])
    assert any(k.why == "public_entity" for k in keeps) is public


def test_a_remainder_that_names_a_person_of_the_text_is_that_person() -> None:
    text = "@chidi 9:05 AM\nRC2 is up.\n1. Chidi - Crashlytics fix"
    spans = [_span(text, "@chidi", "USERNAME", "privrag_handle"), _span(text, "Chidi - Crashlytics", "ORGANIZATION")]
    k = text.index("Crashlytics")
    out = apply_keep(text, spans, [KeepSpan(k, k + len("Crashlytics"), "public_entity", "Crashlytics")])
    assert [(s.text, s.label) for s in out if s.text == "Chidi"] == [("Chidi", "PERSON")]


@pytest.mark.parametrize(
    ("text", "kept"),
    [("Total claimed: $2,937, less the $250 excess = $2,687.", True), ("The applicant claimed EUR 5,000 for damage.", False)],
)
def test_a_claim_forms_total_is_an_amount_a_persons_claim_is_not(finder: KeepFinder, text: str, kept: bool) -> None:
    assert any(k.why == "amount" for k in finder.find(text)) is kept


def test_a_double_barrelled_firm_of_surnames_is_not_public_by_frequency(finder: KeepFinder) -> None:
    text = "Vazquez-Riggs songwriter Matthew Rodriguez employs a civil engineer"
    assert not any(k.why == "public_entity" for k in finder.find(text, [_span(text, "Vazquez-Riggs", "ORGANIZATION")]))


def test_a_techniques_own_number_inside_a_kept_number_is_dropped() -> None:
    from privrag.keep import drop_kept_values

    text = "Lifeline 0800 543 354; SpO2 88-92%; my mobile 07700 900123"
    own = [_span(text, "0800 543 354", "ID_NUMBER", "seag_values"), _span(text, "88-92", "ID_NUMBER", "seag_values"),
           _span(text, "07700 900123", "ID_NUMBER", "seag_values")]
    keeps = [KeepSpan(9, 21, "public_number", "0800 543 354"), KeepSpan(text.index("88-92%"), text.index("88-92%") + 6, "dosage", "88-92%")]
    assert [s.text for s in drop_kept_values(own, keeps)] == ["07700 900123"]


def test_a_name_the_text_gives_a_person_is_never_a_public_entity(finder: KeepFinder) -> None:
    text = "Present: Jo Pearce (Chair).\nJo opened the meeting."
    person = DetectedEntity(9, 18, "PERSON", "Jo Pearce", 0.9, "SpacyRecognizer")
    org = DetectedEntity(28, 30, "ORGANIZATION", "Jo", 0.6, "SpacyRecognizer")
    assert not [k for k in finder.find(text, [person, org]) if k.text == "Jo"]


def test_an_identifier_pattern_inside_a_law_is_the_laws_number() -> None:
    text = "Compensation under Regulation (EC) No 261/2004 is EUR 600; case no. 18403/91 is pending."
    law = KeepSpan(19, 46, "legal_reference", text[19:46])
    number = DetectedEntity(38, 46, "CASE_NUMBER", "261/2004", 0.85, "privrag_case_number")
    case = DetectedEntity(text.index("18403/91"), text.index("18403/91") + 8, "CASE_NUMBER", "18403/91", 0.85,
                          "privrag_case_number")
    assert [s.text for s in apply_keep(text, [number, case], [law])] == ["18403/91"]


@pytest.mark.parametrize(
    ("why", "dropped"),
    [("dosage", True),  # "300/200" of "TDF/FTC 300/200 mg" is the dose, not a code
     ("measurement", False)],  # "VIC 3199" has a measurement's shape and is a state and its postcode
)
def test_a_code_inside_a_dose_is_the_dose_but_not_inside_a_measurement(why: str, dropped: bool) -> None:
    text = "TDF/FTC 300/200 mg daily"
    keep = KeepSpan(8, 18, why, text[8:18])
    code = DetectedEntity(8, 15, "CODE", "300/200", 0.6, "privrag_coded_id")
    assert (apply_keep(text, [code], [keep]) == []) is dropped


@pytest.mark.parametrize(
    ("text", "surface", "public"),
    [
        ("Please upload your right-to-work documents to Workday by Friday.", "Workday", True),
        ("Thanks Summer, see you soon.", "Summer", False),  # a season: a name or a date, never a product
        ("We met in March about it.", "March", False),
    ],
)
def test_a_capitalised_word_a_model_called_a_date_is_judged_as_a_name(finder: KeepFinder, text: str, surface: str,
                                                                      public: bool) -> None:
    keeps = finder.find(text, [_span(text, surface, "DATE_TIME")])
    assert any(k.text == surface and k.why == "public_entity" for k in keeps) is public


def test_german_nouns_a_model_called_names_are_kept(finder: KeepFinder) -> None:
    text = "The Betriebsrat objected to the Kündigung before the Arbeitsgericht."
    spans = [_span(text, "Betriebsrat", "ORGANIZATION"), _span(text, "Kündigung", "PERSON"),
             _span(text, "Arbeitsgericht", "LOCATION")]
    assert {k.text for k in finder.find(text, spans) if k.why == "german_noun"} == {"Betriebsrat", "Kündigung", "Arbeitsgericht"}


@pytest.mark.parametrize(
    ("text", "surface", "kept"),
    [
        ("Needs data owner approval per GDPR / ISO 27001 A.5.15.", "GDPR / ISO 27001", "GDPR"),
        ("See the onboarding playbook, Workday learning paths and the wiki.", "onboarding playbook, Workday learning paths",
         "Workday"),
    ],
)
def test_each_item_of_a_list_a_model_read_as_one_span_is_judged_alone(finder: KeepFinder, text: str, surface: str,
                                                                       kept: str) -> None:
    label = "DATE_TIME" if "Workday" in kept else "ORGANIZATION"
    assert kept in {k.text for k in finder.find(text, [_span(text, surface, label)]) if k.why == "public_entity"}


def test_a_comma_inside_a_title_case_name_parts_nothing(finder: KeepFinder) -> None:
    text = "The Determination, Evaluation and Compensation Commission ruled."
    surface = "Determination, Evaluation and Compensation Commission"
    assert not [k for k in finder.find(text, [_span(text, surface, "ORGANIZATION")]) if k.why == "public_entity"]


def test_a_conditions_greek_plural_is_the_condition(finder: KeepFinder) -> None:
    text = "Background\n- Actinic keratoses on scalp, treated with cryotherapy in 2021"
    assert "Actinic keratoses" in {k.text for k in finder.find(text) if k.why == "diagnosis"}


@pytest.mark.parametrize(
    ("text", "acronym", "label"),
    [
        ("Did you share any OTP, PIN or token with anyone?", "OTP", "PERSON"),
        ("Ask SPVG for the certificate.", "SPVG", "PERSON"),
        ("COBRA notice will come from WEX within 44 days.", "COBRA", "PERSON"),
    ],
)
def test_an_acronym_a_model_called_a_person_is_judged_as_an_organisation(
    finder: KeepFinder, text: str, acronym: str, label: str
) -> None:
    keeps = finder.find(text, [_span(text, acronym, label, "gliner_shipped")])
    assert acronym in {k.text for k in keeps if k.why == "public_entity"}


def test_an_acronym_of_a_name_the_text_spells_out_stays_protected(finder: KeepFinder) -> None:
    text = "Anna Maria Kowalski joined in May. AMK approved it."
    keeps = finder.find(text, [_span(text, "AMK", "PERSON", "gliner_shipped")])
    assert "AMK" not in {k.text for k in keeps}


@pytest.mark.parametrize(
    ("text", "acronym", "term"),
    [
        ("Summer is registered for free school meals (FSM), so breakfast is free.", "FSM", True),
        ("Never share a one-time password (OTP).", "OTP", True),
        ("the regional health insurance fund (“the CRAM”) refused", "CRAM", False),  # a local body
        ("Brightwater Plumbing (BP) sent the quote.", "BP", False),
    ],
)
def test_an_acronym_defined_by_lower_case_words_is_a_term(text: str, acronym: str, term: bool) -> None:
    from privrag.keep.context import defined_as_term

    assert defined_as_term(text, acronym) is term


def test_a_terms_acronym_a_model_called_an_organisation_is_kept(finder: KeepFinder) -> None:
    text = "Summer is registered for free school meals (FSM), so breakfast club is also free. FSM covers lunch."
    keeps = finder.find(text, [_span(text, "FSM", "ORGANIZATION")])
    assert "FSM" in {k.text for k in keeps if k.why == "public_entity"}


def test_a_place_in_capitals_is_not_judged_as_an_acronym(finder: KeepFinder) -> None:
    text = "Mx. Gonzalez is a 16 year old man who grew up in SUND."
    assert "SUND" not in {k.text for k in finder.find(text, [_span(text, "SUND", "GPE")])}


def test_a_possessive_eponym_written_with_its_apostrophe_alone_is_kept(finder: KeepFinder) -> None:
    text = "a displaced distal radius fracture of Colles' type was manipulated"
    assert "Colles" in [k.text for k in finder.find(text) if k.why == "eponym"]


def test_a_month_a_model_ran_into_another_cell_is_no_public_entity(finder: KeepFinder) -> None:
    text = "Senior engineer, Chennai    Jul 2019 - present"
    spans = [_span(text, "Jul", "ORGANIZATION")]
    assert [k.text for k in finder.find(text, spans) if k.why == "public_entity"] == []


def test_a_government_with_a_countrys_scope_is_a_public_body(finder: KeepFinder) -> None:
    text = "Check the Government of Canada travel advice before you go."
    spans = [_span(text, "Government of Canada", "ORGANIZATION")]
    assert "Government of Canada" in [k.text for k in finder.find(text, spans) if k.why == "public_entity"]


@pytest.mark.parametrize(
    ("name", "department"),
    [
        ("Fracture Clinic", True),
        ("Fracture Liaison Service", True),
        ("Department of Trauma and Orthopaedics", True),
        ("Rheumatology Department", True),
        ("River Clinic", False),  # a word of medicine's vocabulary that English writes every day
        ("Petrovics Clinic", False),  # a surname that ends like a specialty
        ("Riverside Fracture Clinic", False),  # a site's own word
        ("Okafor Memory Clinic", False),  # a person's name
        ("Leeds Diabetes Service", False),  # a town
        ("Customer Service", False),  # no medicine
    ],
)
def test_a_department_named_for_its_medicine_alone_identifies_no_one(name: str, department: bool) -> None:
    from privrag.keep.clinical import department_name

    assert department_name(name) is department


def test_a_department_a_model_called_an_organisation_is_kept(finder: KeepFinder) -> None:
    text = "Fracture Clinic, Kilbride University Hospital\nReview in the fracture clinic in 6 weeks."
    spans = [_span(text, "Fracture Clinic", "ORGANIZATION")]
    assert [k.text for k in finder.find(text, spans) if k.why == "department"] == ["Fracture Clinic"]


def test_a_named_persons_surname_is_no_eponym(finder: KeepFinder) -> None:
    text = "Anna Fuchs was admitted on Monday. Fuchs' son visited later."
    spans = [_span(text, "Anna Fuchs", "PERSON")]
    assert [k for k in finder.find(text, spans) if k.why == "eponym"] == []


def test_a_company_named_like_a_code_of_law_is_no_law() -> None:
    from privrag.keep import KeepFinder

    text = "Contractor for Vistula Code sp. z o.o. under the Labour Code."
    assert [k.text for k in KeepFinder().find(text) if k.why == "legal_reference"] == ["Labour Code"]


def test_a_brand_in_an_employer_field_is_the_persons_employer() -> None:
    from privrag.keep.context import employed_at

    text = "Employer: Emirates NBD (relationship manager)"
    assert employed_at(text, text.index("Emirates"))
    assert not employed_at("Flew Emirates to Dubai", 5)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("so I can join the Monday stand-up in Microsoft Teams", False),  # a meeting is joined, in a product
        ("please join the call in Zoom", False),
        ("join the team at Google", True),
        ("joined the sales team at Oracle", True),
        ("I work a video editing job at Netflix", True),
        ("I joined the customer calls team at Vodafone", True),  # review of stop 37: a team is a job
        ("He joined the meetings team for Deloitte", True),
    ],
)
def test_joining_a_meeting_in_a_product_is_no_employment(text: str, employer: bool) -> None:
    from privrag.keep.context import employed_at

    assert employed_at(text, text.rfind(text.split()[-1])) is employer


def test_a_brand_a_meeting_is_held_in_is_kept() -> None:
    from privrag.keep import KeepFinder

    text = "I will keep my company laptop so I can join the Monday stand-up in Microsoft Teams."
    assert "Microsoft Teams" in [k.text for k in KeepFinder().find(text)]


@pytest.mark.parametrize(
    ("text", "surface", "label", "kept"),
    [
        ("La incapacidad la paga el INSS desde el día 16.", "el INSS", "ORGANIZATION", "INSS"),
        ("El IMSS cubre la incapacidad por maternidad.", "El IMSS", "ORGANIZATION", "IMSS"),
        ("Bewaartermijn conform de AVG: zeven jaar.", "conform de AVG", "ORGANIZATION", "AVG"),
    ],
)
def test_an_article_or_a_preposition_a_model_ran_into_an_acronym_is_left_out_of_the_judged_name(
    finder: KeepFinder, text: str, surface: str, label: str, kept: str
) -> None:
    assert kept in {k.text for k in finder.find(text, [_span(text, surface, label)]) if k.why == "public_entity"}


def test_leading_words_never_make_a_persons_name_or_an_employer_public(finder: KeepFinder) -> None:
    text = "Fiona works at Harlow Dental. She said that Harlow Dental pays well."
    kept = {k.text for k in finder.find(text, [_span(text, "said that Harlow Dental", "ORGANIZATION")])}
    assert not any("Harlow" in k for k in kept)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("detained under the Mental Health Act (Jane Doe) 2019 by Dr Patel", "Jane Doe"),
        ("Clare's Law (Sarah Smith), 2014 disclosure requested", "Sarah Smith"),
        ("Housing Act (Re Mohammed Ali) 1996", "Mohammed Ali"),
        ("Employment Act (Priya Sharma v Acme Ltd), 2021", "Priya Sharma"),
    ],
)
def test_a_bracket_in_a_laws_citation_that_names_a_party_keeps_nothing_over_it(
    finder: KeepFinder, text: str, name: str
) -> None:
    assert not any(name in text[k.start : k.end] for k in finder.find(text))


@pytest.mark.parametrize(("text", "number"), [("Account 4521.00 was closed", "4521.00"),
                                              ("Policy 1234.56 renewed", "1234.56"), ("Case 998.45 opened", "998.45")])
def test_an_identifiers_digits_written_like_an_amount_are_no_amount(finder: KeepFinder, text: str, number: str) -> None:
    assert not any(number in text[k.start : k.end] for k in finder.find(text))
