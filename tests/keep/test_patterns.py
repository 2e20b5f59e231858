"""The keep constructions: each finds what it names and leaves identifiers alone."""

from __future__ import annotations

import pytest

from privrag.keep.patterns import pattern_matches


def _found(text: str) -> set[tuple[str, str]]:
    return {(text[a:b], why) for a, b, why in pattern_matches(text)}


@pytest.mark.parametrize(
    ("text", "span", "why"),
    [
        ("Take it for 3 weeks and then stop.", "for 3 weeks", "duration"),
        ("Refunds arrive within 3-5 business days.", "within 3-5 business days", "duration"),
        ("a three-month probation period", "three-month", "duration"),
        ("She has worked here 24 years now.", "24 years", "duration"),
        ("Apply twice daily to the rash.", "twice daily", "frequency"),
        ("one tablet every 4 hours", "every 4 hours", "frequency"),
        ("FVC monitored 4-hourly, lowest 2.1 L", "4-hourly", "frequency"),
        ("bloods 3-monthly", "3-monthly", "frequency"),
        ("Nordic curls 3x/week, cycling", "3x/week", "frequency"),
        ("Start sertraline 50 mg once daily.", "50 mg once daily", "dosage"),
        ("co-careldopa 25/100 TDS", "25/100 TDS", "dosage"),
        ("capecitabine 1000 mg/m2 BID", "1000 mg/m2 BID", "dosage"),  # a dose by body surface area
        ("BMI 31.2 and HbA1c 58 mmol/mol today", "HbA1c 58 mmol/mol", "measurement"),
        ("GAD-7: 9 on review", "GAD-7: 9", "measurement"),
        ("Lung-RADS 4B. Recommend PET-CT", "Lung-RADS 4B", "measurement"),
        ("Lung-RADS 4X. Recommend PET-CT", "Lung-RADS 4X", "measurement"),
        ("Straight leg raise 70 degrees bilaterally", "70 degrees", "dosage"),
        ("flexion to 90° today", "90°", "dosage"),
        ("MMSE score 22/30 today", "MMSE score 22/30", "measurement"),
        ("a refund of $1,650.00 was issued", "$1,650.00", "amount"),
        ("paid R$ 850,00 by transfer", "R$ 850,00", "amount"),
        ("I sent ₱5,000 via InstaPay", "₱5,000", "amount"),  # any currency sign: peso, naira, …
        ("₦1,000 cashback for new users", "₦1,000", "amount"),
        ("offered ₹38 lakh a year", "₹38 lakh", "amount"),
        ("paid Rs. 4,500 today", "Rs. 4,500", "amount"),
        ("reversed within 5 banking days", "within 5 banking days", "duration"),
        ("venlafaxine 150 mg each morning", "each morning", "frequency"),  # a time of day a dose is taken
        ("quetiapine 25 mg at night as needed", "at night", "frequency"),
        ("target SpO2 88-92% on air", "88-92%", "dosage"),  # a range of values
        ("1-2 tablets when needed", "1-2 tablets", "dosage"),
        ("an echocardiogram is booked", "echocardiogram", "medical_term"),
        ("under the Working Time Regulations 1998 you may", "Working Time Regulations 1998", "legal_reference"),
        ("Under Awaab's Law the landlord must act", "Awaab's Law", "legal_reference"),
        ("compensation under Regulation (EC) No 261/2004 is due", "Regulation (EC) No 261/2004", "legal_reference"),
        ("Elternzeit nach § 15 BEEG beantragt", "§ 15 BEEG", "legal_reference"),  # a code's paragraph
        ("Erstattung gemäß § 675u BGB", "§ 675u BGB", "legal_reference"),
        ("Kündigungsfrist nach § 622 Abs. 2 BGB", "§ 622 Abs. 2 BGB", "legal_reference"),
        ("processed under Art. 6 DSGVO", "Art. 6 DSGVO", "legal_reference"),
        ("erasure under Art 17 GDPR", "Art 17 GDPR", "legal_reference"),
        ("Directive 2011/83/EU gives 14 days", "Directive 2011/83/EU", "legal_reference"),
        ("Previous blood group O RhD negative - plan anti-D", "O RhD negative", "measurement"),
        ("Blood group A positive.", "A positive", "measurement"),
        ("Bell's palsy, right side", "Bell's palsy", "eponym"),
        ("no features of Ramsay Hunt syndrome", "Ramsay Hunt syndrome", "eponym"),
        ("House-Brackmann grade III weakness", "House-Brackmann grade III", "eponym"),
        ("signs of cellulitis on the shin", "cellulitis", "medical_term"),
        ("Paediatric clinic, 21 June 2024.", "Paediatric", "medical_term"),
        ("referred to psychiatry for review", "psychiatry", "medical_term"),
        ("Otoscopy: clear canals", "Otoscopy", "medical_term"),
        ("early morning waking and low mood", "early morning", "relative_time"),
        ("hot since this afternoon", "this afternoon", "relative_time"),
        ("seen again the following day", "the following day", "relative_time"),
        ("Escalate if not resolved within 48h of the alert.", "within 48h", "duration"),
        ("a 24hrs window", "24hrs", "duration"),
        ("Their quote was 148,500 TRY + VAT.", "148,500 TRY", "amount"),
        ("I paid KSh 4,000 via M-Pesa.", "KSh 4,000", "amount"),
        ("rata 1 150 zł miesięcznie", "1 150 zł", "amount"),
        ("a loss of GH₵ 38,000 in stores", "GH₵ 38,000", "amount"),
        ("the range is $165–185K CAD base", "$165–185K CAD", "amount"),
        ("a fee of $150 USD per load", "$150 USD", "amount"),
        ("RM 1,250.00 refunded", "RM 1,250.00", "amount"),
        ("it costs 500 kr a month", "500 kr", "amount"),
        ("the bill shows 180 kWh for May", "180 kWh", "dosage"),
        ("breaches the Energy Act, 2019 and", "Energy Act, 2019", "legal_reference"),
        ("under the Whistleblower Act, 2006 (Act 720).", "Whistleblower Act, 2006 (Act 720)", "legal_reference"),
        ("the Mine Health and Safety Act 29 of 1996 requires", "Mine Health and Safety Act 29 of 1996", "legal_reference"),
    ],
)
def test_construction_is_found_with_its_reason(text: str, span: str, why: str) -> None:
    assert (span, why) in _found(text)


@pytest.mark.parametrize(
    ("text", "not_kept"),
    [
        ("He is 57 years old and lives alone.", "57 years"),  # an age is QUASI, not a duration
        ("Bank: MRN 01/2024", "MRN 01/2024"),  # a date after an abbreviation is not a value
        ("Seen on BP 12/04 clinic", "BP 12/04"),  # day/month: could be a date
        ("BMI\n2250 Broadway", "BMI\n2250"),  # a measurement never spans a line break
        ("see NJA 2005 p. 884 and NJA 2002 p. 314", "NJA 2005"),  # a year after capitals cites a report
        ("In 2010 degrees were awarded", "2010 degrees"),  # a year, not an angle
        ("Le 5 mars, elle est venue.", "Le 5"),  # a currency symbol that is a function word is left out
        ("at 12h30 she called", "12h"),  # a time of day, not a duration
    ],
)
def test_identifying_shapes_are_not_kept(text: str, not_kept: str) -> None:
    assert not any(not_kept in s for s, _ in _found(text))


def test_a_currency_code_that_is_an_english_word_never_leads_an_amount() -> None:
    assert ("TOP 10", "amount") not in _found("TOP 10 TIPS FOR NEW STARTERS")
    assert ("500 TOP", "amount") in _found("The fare was 500 TOP each way.")  # after the number it is the pa'anga


@pytest.mark.parametrize(
    ("text", "not_kept"),
    [
        ("Paid £20 Kate for the shift", "£20 K"),  # a multiplier ends its word: the name stays whole
        ("lives in the CF10 area of Cardiff", "CF10"),  # a postcode district, no currency
        ("raised as SR 123-456 last week", "SR 123"),  # a ticket's number
        ("the Access Code, 4521 opens it", "Access Code, 4521"),  # only an Act takes ", year"
        ("see Protection Order 45 of 2022", "Protection Order 45 of 2022"),  # a case's number
        ("the Door Code 4521 opens it", "Door Code 4521"),  # a code takes no number
        ("Purchase Order 20231187 approved", "Purchase Order 2023"),
    ],
)
def test_names_postcodes_tickets_and_codes_are_no_amount_or_law(text: str, not_kept: str) -> None:
    assert not any(s == not_kept for s, _ in _found(text))


def test_a_million_is_read_whole() -> None:
    assert ("£5 million", "amount") in _found("a budget of £5 million for IT")


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Zahlungsziel 14 Tage ab Rechnungsdatum.", "14 Tage"),
        ("reposo relativo durante 42 días y revisión", "42 días"),
        ("arrêt de travail de 3 semaines", "3 semaines"),
        ("terapia per 40 giorni, poi controllo", "40 giorni"),
        ("klachten sinds 3 weken", "3 weken"),
        ("sjukskriven i 2 veckor", "2 veckor"),
        ("zwolnienie na 10 dni", "10 dni"),
        ("ağrı 3 gün sürdü", "3 gün"),
        ("fisioterapia por 6 meses", "6 meses"),
    ],
)
def test_a_duration_in_another_language_of_ours_is_kept(text: str, span: str) -> None:
    assert (span, "duration") in _found(text)


@pytest.mark.parametrize("text", ["los días de la semana", "jeden Tag", "iron ore 3 ore bodies", "2 ay votes"])
def test_a_foreign_unit_needs_a_number_and_no_english_word_is_one(text: str) -> None:
    assert not any(why == "duration" for _, why in _found(text))


@pytest.mark.parametrize("text", ["Lars Nilsson, 45 år, bor i Malmö.", "Maria Silva, 29 anos, mora em Braga.",
                                  "Jan Kowalski, 45 lat, mieszka w Krakowie.", "Hombre de 62 años con dolor torácico",
                                  "3 timer switches", "ID 7788 años"])
def test_a_number_of_years_in_another_language_is_no_duration_it_may_be_an_age(text: str) -> None:
    assert not any(why == "duration" for _, why in _found(text))


def test_a_hijri_year_is_no_duration() -> None:
    assert not any(why == "duration" for _, why in _found("seen 17 Sha'ban 1446 H"))
    assert ("for 48 h", "duration") in _found("rest for 48 h")
    assert ("1350 h", "duration") in _found("Device runtime 1350 h since installation.")  # hours in lower case


def test_a_house_number_is_not_joined_to_a_duration() -> None:
    assert ("12 y 3 meses", "duration") not in _found("Calle Mayor 12 y 3 meses")


@pytest.mark.parametrize(("text", "span"), [("metformin 850 mg tds", "850 mg tds"), ("ramipril 5 mg od", "5 mg od"),
                                           ("metoprolol 50 mg 1dd", "50 mg 1dd"), ("metformine 500 mg 2 dd 1", "500 mg 2 dd 1")])
def test_a_schedule_in_lower_case_belongs_to_its_dose(text: str, span: str) -> None:
    assert (text.index(span), len(text), "dosage") in list(pattern_matches(text))


@pytest.mark.parametrize("text", ["50 mg 1dd/2", "50 mg 3ddx"])
def test_a_schedule_is_a_whole_word(text: str) -> None:
    assert all(not text[s:e].endswith("dd") for s, e, _ in pattern_matches(text))


@pytest.mark.parametrize(("text", "span"), [("within ten (10) working days of receipt", "within ten (10) working days"),
                                           ("a notice period of thirty (30) days", "thirty (30) days")])
def test_a_number_word_with_its_figure_in_brackets_is_one_duration(text: str, span: str) -> None:
    assert (span, "duration") in _found(text)


def test_round_the_clock_is_a_frequency() -> None:
    assert (9, 13, "frequency") in list(pattern_matches("call the 24/7 helpline"))


@pytest.mark.parametrize("text", ["She was born on 24/7 and is 40.", "Appointment: Fri 24/7 at 10:30"])
def test_the_24th_of_july_is_no_frequency(text: str) -> None:
    assert [m for m in pattern_matches(text) if m[2] == "frequency"] == []


@pytest.mark.parametrize(
    "text",
    ["the parcel in locker § 15 at the station", "see Art 3 and 4", "Art. 5 of the Act",
     # "Art" is a given name too (review of stop 37): a time of day or initials after the number are no code
     "Spoke with Art 2 PM; Art Nguyen agreed", "Art 12 MK signed the consent; witness Art 45 DM", "Art. 2 PM"],
)
def test_a_paragraph_sign_or_an_article_without_a_codes_abbreviation_is_no_citation(text: str) -> None:
    assert not any(why == "legal_reference" and ("§" in span or span.startswith("Art")) for span, why in _found(text))


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Hotel Mercure Lyon, 1 night            142.00   corporate card", "142.00"),
        ("To be reimbursed to employee: 38.30\n", "38.30"),
        ("Taxi 14.90 personal card", "14.90"),  # 90 cents: no clock has them
        ("Total 1,250.50 and 1.250,50 in the German copy", "1,250.50"),
        ("Total 1,250.50 and 1.250,50 in the German copy", "1.250,50"),
        ("Kosten: 25,00", "25,00"),  # no month has a 0th day
    ],
)
def test_an_amount_without_its_currency_is_an_amount(text: str, span: str) -> None:
    assert (span, "amount") in _found(text)


@pytest.mark.parametrize(
    ("text", "not_kept"),
    [
        ("Seen on 12.03 and again on 31.12", "12.03"),  # a day and a month
        ("Seen on 12.03 and again on 31.12", "31.12"),
        ("she called at 7.40 pm", "7.40"),  # a time of day
        ("the train left at 23.40", "23.40"),
        ("host 10.24.7.183 and 189.45.117.23", "24.7"),  # an address's octets
        ("NIT 120.54678.90-1 on the form", "120.54678.90"),  # a number of an identifier
        ("version v1.20 installed", "1.20"),
        ("booked for 12.03.2025", "12.03"),
        ("ticket #123.45", "123.45"),
    ],
)
def test_a_date_a_time_or_an_identifiers_digits_are_no_bare_amount(text: str, not_kept: str) -> None:
    assert not any(not_kept in s and why == "amount" for s, why in _found(text))


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("per the Privacy Protection Regulations (Data Security), 2017. Yoni", "Privacy Protection Regulations (Data Security), 2017"),
        ("an assessment under Rowan's Law (Concussion Safety), 2018\n", "Rowan's Law (Concussion Safety), 2018"),
    ],
)
def test_a_laws_subtitle_in_brackets_stays_with_its_name_and_year(text: str, span: str) -> None:
    assert (span, "legal_reference") in _found(text)


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Comet 500 1+0+1 after meals", "1+0+1"),  # a dose schedule, morning + noon + evening
        ("Metformin 500 mg 1-0-1 nach dem Essen", "1-0-1"),
        ("Amlodipine 5 mg ½-0-½", "½-0-½"),
        ("Gliclazide 30 mg at iftar", "at iftar"),  # a meal of a fast
    ],
)
def test_a_dose_schedule_is_a_frequency(text: str, span: str) -> None:
    assert (span, "frequency") in _found(text)


def test_a_dashed_schedule_needs_a_dose_before_it() -> None:
    assert not any(why == "frequency" for _, why in _found("final score 1-0-1 today"))


@pytest.mark.parametrize(
    "law",
    ["Proclamation No. 985/2016", "Law 8.245/1991", "OUG 111/2010", "DNU 70/2023", "PP 58/2023",
     "Portaria MTP nº 671/2021", "Decreto 1072 de 2015", "Ley 100 de 1993", "Loi n° 2016-1088",
     "Sentencia C-593 de 2014", "Art. 321c OR"],
)
def test_a_law_cited_by_its_number_and_year_is_a_legal_reference(law: str) -> None:
    assert (law, "legal_reference") in _found(f"as required under {law}, the employer must")


@pytest.mark.parametrize("text", ["Application no. 36244/06 was lodged", "DL 12345678", "Decision 12/2023 of the court"])
def test_a_case_or_a_licence_number_is_no_law(text: str) -> None:
    assert not any(why == "legal_reference" for _, why in _found(text))


@pytest.mark.parametrize(("text", "amount"), [("a bonus of CHF 6'000", "CHF 6'000"), ("CHF 12’500.50 netto", "CHF 12’500.50")])
def test_an_amount_grouped_by_apostrophes_is_one_amount(text: str, amount: str) -> None:
    assert any(amount in span and why == "amount" for span, why in _found(text))
