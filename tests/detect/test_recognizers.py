"""Each identifier recognizer: what it must find (positive) and what it must not (negative).

A case is ``(entity, text, expected)``: ``expected`` is the exact matched
string that must come back at or above :data:`CONTEXT_FREE_MIN`; negative
cases list text in which no match may reach that score.
"""

from __future__ import annotations

import pytest

from privrag.detect.recognizers import (
    CONTEXT_FREE_MIN,
    IDENTIFIER_ENTITIES,
    ContextPatternRecognizer,
    Rule,
    identifier_recognizers,
)

# the main pattern recognizer of each entity (the address-block and the spoken-word recognizers are tested on
# their own)
RECS: dict[str, ContextPatternRecognizer] = {}
for _r in identifier_recognizers():
    if type(_r) is ContextPatternRecognizer and _r.supported_entities[0] in IDENTIFIER_ENTITIES:
        RECS.setdefault(_r.supported_entities[0], _r)


def confident(entity: str, text: str) -> list[str]:
    return [text[r.start : r.end] for r in RECS[entity].analyze(text, [entity]) if r.score >= CONTEXT_FREE_MIN]


POSITIVE = [
    ("CASE_NUMBER", "The case originated in an application (no. 18403/91) against Turkey", "18403/91"),
    ("CASE_NUMBER", "in two applications (nos. 265/07 and 1234/08) lodged", "1234/08"),
    ("CASE_NUMBER", "the criminal case 1996/302 was reopened", "1996/302"),
    ("CASE_NUMBER", "see Case C-413/99 Baumbast", "C-413/99"),
    ("CASE_NUMBER", "filed as 1:14-cv-02345 in the district court", "1:14-cv-02345"),
    ("ID_NUMBER", "the land registered under registration no. D-4840. On this land", "D-4840"),
    ("ID_NUMBER", "the plots nos. 260, 268 and 425 were seized", "268"),
    ("ID_NUMBER", "a handwritten note indicates case file no. IC 119/05.", "IC 119/05"),
    ("NATIONAL_ID", "Her national ID number is 123456789.", "123456789"),
    ("NATIONAL_ID", "NINO: AB 12 34 56 C", "AB 12 34 56 C"),
    ("NATIONAL_ID", "PESEL 44051401359 was on the form", "44051401359"),
    ("NATIONAL_ID", "documento DNI 12345678Z", "12345678Z"),
    ("NATIONAL_ID", "his Turkish identity number 10000000146", "10000000146"),
    ("NATIONAL_ID", "PAN: BKLPM4821Q, employee code KS-2291", "BKLPM4821Q"),
    ("IBAN_CODE", "pay to GB73DZEN25124557982512 today", "GB73DZEN25124557982512"),
    ("IBAN_CODE", "IBAN: DE89 3704 0044 0532 0130 00, thanks", "DE89 3704 0044 0532 0130 00"),
    ("SWIFT_CODE", "SWIFT code DEUTDEFF500 for the transfer", "DEUTDEFF500"),
    ("SWIFT_CODE", "BIC: NWBKGB2L", "NWBKGB2L"),
    ("ACCOUNT_NUMBER", "transfer to account no. 12-3456-7890123 today", "12-3456-7890123"),
    ("ACCOUNT_NUMBER", "her bank account 9876543210 was frozen", "9876543210"),
    ("POLICY_NUMBER", "my policy number is AB-1234567", "AB-1234567"),
    ("POLICY_NUMBER", "insurance policy no. 7781-2290", "7781-2290"),
    ("RECORD_NUMBER", "MRN 00123456 admitted", "MRN 00123456"),
    ("RECORD_NUMBER", "medical record number 4432-1123 was updated", "4432-1123"),
    ("RECORD_NUMBER", "Booked by: O. Tierney     Hospital no: SMU 2024-01133", "SMU 2024-01133"),
    ("NATIONAL_ID", "HKID: Y487213(5)          Date of birth: 14-03-2007", "Y487213(5)"),
    ("ID_NUMBER", "ValidationException colaborador matricula=004187 nome=", "004187"),
    ("ID_NUMBER", "Personalnummer: 88213, Abteilung Lager", "88213"),
    ("ID_NUMBER", "staff no 4471 clocked in", "4471"),
    ("URL", "My website is https://InstantResales.com.cy/", "https://InstantResales.com.cy/"),
    ("URL", "see www.example.org/path. Thanks", "www.example.org/path"),
    ("URL", "visit our website example.com for details", "example.com"),
    ("EMAIL_ADDRESS", "From: <helen.carter@brightcover-insurance.example>", "helen.carter@brightcover-insurance.example"),
    ("EMAIL_ADDRESS", "write to p.raman@eastside-gp.example, thanks", "p.raman@eastside-gp.example"),
    ("EMAIL_ADDRESS", "ops+alerts@build01.corp.internal is unmonitored", "ops+alerts@build01.corp.internal"),
    ("IP_ADDRESS", "login from 16.244.11.141 failed", "16.244.11.141"),
    ("IP_ADDRESS", "host 6e40:4041:c617:e898:c11:40d2:c669:2eb4 is up", "6e40:4041:c617:e898:c11:40d2:c669:2eb4"),
    ("DATE_OF_BIRTH", "The applicant was born in 1925 and lives in Nicosia.", "1925"),
    ("DATE_OF_BIRTH", "DOB: 12/03/1980.", "12/03/1980"),
    ("DATE_OF_BIRTH", "He was born on 5 June 1960 in Izmir", "5 June 1960"),
    ("DATE_OF_BIRTH", "date of birth: March 3, 1971", "March 3, 1971"),
    ("STREET_ADDRESS", "send it to 14 Crown Street please", "14 Crown Street"),
    ("STREET_ADDRESS", "She lives at Hammarvägen 15 now", "Hammarvägen 15"),
    ("STREET_ADDRESS", "office at Rue de Piétrain 371, Brussels", "Rue de Piétrain 371"),
    ("STREET_ADDRESS", "The bus station is on P.O. Box 104", "P.O. Box 104"),
    ("STREET_ADDRESS", "1659 Hoog St\n Apt. 839", "Apt. 839"),
    ("STREET_ADDRESS", "amra Mohammadpur e thaki, House 19/7, Road 4, Tajmahal Road", "House 19/7, Road 4"),
    ("MONEY", "the applicant was awarded EUR 4,684.40 in damages", "EUR 4,684.40"),
    ("MONEY", "a fine of 54,000,000 Turkish liras (TRL) was imposed", "54,000,000 Turkish liras (TRL)"),
    ("MONEY", "he paid €200 for it", "€200"),
    ("MONEY", "claimed 4,393 pounds sterling for costs", "4,393 pounds sterling"),
    ("MONEY", "a sum of 615 DEM was due", "615 DEM"),
    ("PERSON", "by a Turkish national, Mr Cahit Yetkinsekerci (“the applicant”), on", "Cahit Yetkinsekerci"),
    ("PERSON", "represented by Mr A. Demetriades, a lawyer", "A. Demetriades"),
    ("PERSON", "please correct it to Dr. Justin Beet?", "Justin Beet"),
    ("PERSON", "Mrs Anna Evagorou Christou lodged", "Anna Evagorou Christou"),
    ("PERSON", "Mr Louis van der Berg said", "Louis van der Berg"),
    ("PERSON", "My name is Ludmiła", "Ludmiła"),
    ("PERSON", "Sometimes people call me Csanád", "Csanád"),
    ("PERSON", "Her maiden name is Vida", "Vida"),
    ("PERSON", "She named him Luís", "Luís"),
    ("PERSON", "What's your last name? Boyle", "Boyle"),
    ("PERSON", "I would like to remove my kid Agi from the will.", "Agi"),
    ("PERSON", "His wife Maria Petrova died in 2003.", "Maria Petrova"),
    ("PERSON", "Cast: Wright & Family\nDirected By:    Jana Vítková", "Jana Vítková"),
    ("PERSON", "Written by Leena O Sasi in 2019", "Leena O Sasi"),
    ("AGE", "The patient is 36 years old and smokes.", "36 years old"),
    ("AGE", "a 61-year-old man was admitted", "61-year-old"),
    ("AGE", "History: 57yo retired fitter, chest pain", "57yo"),
    ("AGE", "a 4 y/o with croup", "4 y/o"),
    ("AGE", "He died at the age of 42 in Leeds.", "42"),
    ("AGE", "The claimant, aged 54, had worked there.", "aged 54"),
    ("AGE", "My brother just turned 32", "32"),
    ("AGE", "My birthday is on the weekend. I'll turn 52.", "52"),
    ("AGE", "Written when he was 78.", "78"),
    ("AGE", "Rose is 88, lives alone since her husband died.", "88"),
    ("AGE", "Dad is 79, came to Bedford in 1961.", "79"),
    ("AGE", "I am referring Ahmed Hassan, 58, a taxi driver from Birmingham", "58"),
    ("AGE", "DOB: 02/11/1994 (29)\nPPSN: 1527589N", "29"),
    ("CREDIT_CARD", "my card 4273468222888969924 was charged twice", "4273468222888969924"),
    ("CREDIT_CARD", "card number 4111 1111 1111 1111 expired", "4111 1111 1111 1111"),
    ("CREDIT_CARD", "the Maestro card 503802053770 is blocked", "503802053770"),
    ("CREDIT_CARD", "Amex 3782 822463 10005 on file", "3782 822463 10005"),
    ("TIMESTAMP", "login at 1970-09-24 09:34:31 from the office", "1970-09-24 09:34:31"),
    ("TIMESTAMP", "created 2018-02-24T12:45Z by the system", "2018-02-24T12:45Z"),
    ("ZIP_CODE", "my zip code is 35350", "35350"),
    ("ZIP_CODE", "ZIP: 7412 SL", "7412 SL"),
    ("ZIP_CODE", "Laukaantie 80, KOKKOLA, Finland 11507", "11507"),
    ("ZIP_CODE", "Aalborg NO 9100", "9100"),
    ("ZIP_CODE", "Toronto, ON M5V 2T6", "M5V 2T6"),
    ("ZIP_CODE", "Mill Village\n    NS\n    B0J 2H0", "B0J 2H0"),
    ("ZIP_CODE", "we met in ÖVERTURINGEN 840 24 last year", "840 24"),
    ("ZIP_CODE", "Cyprus (Greek) 13429", "13429"),
    ("ZIP_CODE", "22 Kimbolton Road, Bedford MK40 2NR", "MK40 2NR"),
    ("ZIP_CODE", "its flat 4b 19 st annes road bristol bs4 4ab, account", "bs4 4ab"),
    ("USERNAME", "thanks, cc @m.santos for the rota", "@m.santos"),
    ("CODE", "closing RMA-55120-B now", "RMA-55120-B"),
]

NEGATIVE = [
    ("AGE", "It is 5. Total is 45, paid."),
    ("AGE", "The fee is 88, payable on entry."),
    ("AGE", "We visited Leeds, 58, and Paris, 12, on the tour."),
    ("AGE", "DOB 12/03/1980 (see notes), ward (12)"),
    ("ZIP_CODE", "the CO2 level rose; seen in A1 2BC and mk40 2NR"),
    ("CASE_NUMBER", "her share being equivalent to 5/48 of the estate"),
    ("CASE_NUMBER", "On 12/05/2003 the court met"),
    ("CASE_NUMBER", "Article 1 of Protocol No. 1 applies"),
    ("ID_NUMBER", "Article 1 of Protocol No. 11 to the Convention"),
    ("ID_NUMBER", "there was no 5 o'clock meeting; no. There was none"),
    ("NATIONAL_ID", "He paid 2000000 liras in 1995."),
    ("NATIONAL_ID", "The population was 123456789 in the survey."),
    ("NATIONAL_ID", "QQ 12 34 56 C is a reserved prefix"),
    ("NATIONAL_ID", "model BKLXM4821Q of the range"),  # no holder type in the fourth letter
    ("NATIONAL_ID", "order 44051401359 shipped without any context"),
    ("IBAN_CODE", "pay to GB73 1234 5678 9012 today"),  # the right length for no country's layout
    ("IBAN_CODE", "the code AB12 is short"),
    ("SWIFT_CODE", "EVIDENCE PROCEDURE DEUTDEFF was printed"),
    ("SWIFT_CODE", "the swift river flows"),
    ("ACCOUNT_NUMBER", "In 1995 the company had 12345678 shares."),
    ("POLICY_NUMBER", "the government policy changed in 2004"),
    ("POLICY_NUMBER", "codes like AB-1234567 appear in catalogues"),
    ("RECORD_NUMBER", "the record was broken in 1999 by a runner"),
    ("RECORD_NUMBER", "she was in hospital 2019-2021 twice"),
    ("ID_NUMBER", "the matricula was renewed last year"),
    ("URL", "mail JonathanPLaursen@fleckens.hu now"),
    ("URL", "i.e. the end of the sentence."),
    ("EMAIL_ADDRESS", "follow @helen on the forum"),
    ("EMAIL_ADDRESS", "the address user@localhost has no domain"),
    ("EMAIL_ADDRESS", "an unfinished helen.carter@ line"),
    ("IP_ADDRESS", "at 10:30:00 the hearing began"),
    ("IP_ADDRESS", "version 256.1.1.1 was released"),
    ("IP_ADDRESS", "section 1.2.3.4.5 of the manual"),
    ("DATE_OF_BIRTH", "On 3 May 1990 the court delivered its judgment."),
    ("DATE_OF_BIRTH", "In 1925 the law was passed."),
    ("STREET_ADDRESS", "On 5 May the Court held a hearing"),
    ("STREET_ADDRESS", "He spent 3 years in the Street Crimes Unit"),
    ("STREET_ADDRESS", "Plot 12, Block 3 of the trial field was sprayed"),
    ("MONEY", "He was sentenced to 5 years and 3 months."),
    ("MONEY", "the euro was introduced in 2002 and 12 countries joined"),
    ("PERSON", "Mr. and Mrs. were printed on the form"),
    ("PERSON", "the mr said nothing; Drive safely"),
    ("PERSON", "a company named Acme Corp"),
    ("PERSON", "my name is on the list; call me tomorrow"),
    ("PERSON", "my name is not important and people call me back"),
    ("PERSON", "his wife died; my friend said so"),
    ("PERSON", "it was written by the applicant and produced by hand"),
    ("PERSON", "Thanks to my boss\nBest Regards"),
    ("PERSON", "her son In 2003 moved; my wife And I left"),
    ("PERSON", "Your full name? Please write it here"),
    ("AGE", "He served 5 years in prison and 3 years on probation."),
    ("AGE", "Invoice 36 was paid; page 61 is missing."),
    ("AGE", "The car turned 90 degrees and stopped."),
    ("AGE", "Turn 5 pages back; when he was 12 years in office."),
    ("CREDIT_CARD", "card number 4111 1111 1111 1112 expired"),
    ("CREDIT_CARD", "the population was 1234567890123 in total"),
    ("TIMESTAMP", "On 1970-09-24 the court met at 09:34."),
    ("ZIP_CODE", "The case originated in Application No 12345 against Turkey"),
    ("ZIP_CODE", "He was fined EUR 15000 and USD 12345."),
    ("ZIP_CODE", "The Olympics came to Munich 1972."),
    ("ZIP_CODE", "the company had 12345 employees"),
    ("ZIP_CODE", "under Decree 12345 of the ministry"),
    ("USERNAME", "write to m.santos@example.org"),
    ("CODE", "BP 128/84 on 03/11/2024"),
]


@pytest.mark.parametrize(("entity", "text", "expected"), POSITIVE)
def test_recognizer_finds(entity: str, text: str, expected: str) -> None:
    assert expected in confident(entity, text)


@pytest.mark.parametrize(("entity", "text"), NEGATIVE)
def test_recognizer_ignores(entity: str, text: str) -> None:
    assert confident(entity, text) == []


def test_every_recognizer_has_positive_and_negative_cases() -> None:
    assert {e for e, _, _ in POSITIVE} == set(IDENTIFIER_ENTITIES)
    assert {e for e, _ in NEGATIVE} == set(IDENTIFIER_ENTITIES)


def test_context_needed_for_weak_pattern() -> None:
    rec = ContextPatternRecognizer(
        "THING", [Rule("digits", r"\b\d{6}\b", 0.1)], context=["thing id"]
    )
    with_ctx = rec.analyze("my thing id: 123456", ["THING"])
    without = rec.analyze("we sold 123456 cars", ["THING"])
    assert with_ctx[0].score >= CONTEXT_FREE_MIN > without[0].score


def test_other_entities_requested_returns_nothing() -> None:
    assert RECS["IBAN_CODE"].analyze("GB73DZEN25124557982512", ["PERSON"]) == []


def test_results_marked_as_context_scored() -> None:
    from presidio_analyzer import RecognizerResult

    res = RECS["CASE_NUMBER"].analyze("application no. 18403/91", ["CASE_NUMBER"])
    assert res and res[0].recognition_metadata[RecognizerResult.IS_SCORE_ENHANCED_BY_CONTEXT_KEY]


@pytest.mark.integration
def test_recognizers_plug_into_presidio_analyzer() -> None:
    """A Presidio user adds them to an AnalyzerEngine registry; the engine keeps our scores."""
    from privrag.detect.recognizers import identifier_detector

    det = identifier_detector()
    text = "The case originated in an application (no. 18403/91) lodged by Mr X; IBAN GB73DZEN25124557982512."
    found = {(s.label, s.text) for s in det.detect(text)}
    assert ("CASE_NUMBER", "18403/91") in found
    assert any(label == "IBAN_CODE" for label, _ in found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Agent: Let me repeat: k-a-v-i-t-h-a dot s seven nine at rediffmail dot com. Correct?",
         "k-a-v-i-t-h-a dot s seven nine at rediffmail dot com"),
        ("my email is john dot smith at gmail dot com", "john dot smith at gmail dot com"),
        ("it's jsmith seven at yahoo dot co dot uk", "jsmith seven at yahoo dot co dot uk"),
    ],
)
def test_an_e_mail_address_read_out_in_a_call_is_an_e_mail_address(text: str, expected: str) -> None:
    from privrag.detect.recognizers import email_recognizer

    assert [text[r.start : r.end] for r in email_recognizer().analyze(text, ["EMAIL_ADDRESS"])] == [expected]


@pytest.mark.parametrize("text", ["we met at gmail dot com", "i arrived at work dot com", "he is at home dot com"])
def test_a_sentence_with_at_and_dot_is_no_spoken_address(text: str) -> None:
    from privrag.detect.recognizers import email_recognizer

    assert email_recognizer().analyze(text, ["EMAIL_ADDRESS"]) == []


@pytest.mark.parametrize(
    ("text", "score"),
    [("pay into IE12 REVO 9903 6012 3456 78 from May", 0.6),  # the Irish layout, a wrong check digit
     ("pay to GB73DZEN25124557982513 today", 0.6),
     ("Ref DE89 3704 0044 0532 0130 00", 0.85)],  # a valid checksum
)
def test_an_iban_in_its_countrys_layout_is_found_even_with_a_wrong_check_digit(text: str, score: float) -> None:
    from privrag.detect.recognizers import iban_recognizer

    found = iban_recognizer().analyze(text, ["IBAN_CODE"])
    assert found and max(round(r.score, 2) for r in found) == score


def test_letters_and_digits_in_no_countrys_iban_layout_are_no_iban() -> None:
    from privrag.detect.recognizers import iban_recognizer

    assert iban_recognizer().analyze("Ref XX12 ABCD 1234 5678 9012 34", ["IBAN_CODE"]) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [("under Regulation (EC) No 261/2004 you", []), ("Directive 2011/83 applies", []),
     ("application no. 18403/91 was", ["18403/91"]), ("case no. 261/2004", ["261/2004"])],
)
def test_the_number_of_a_european_union_act_is_no_case_number(text: str, found: list[str]) -> None:
    from privrag.detect.recognizers import case_number_recognizer

    assert [text[r.start : r.end] for r in case_number_recognizer().analyze(text, ["CASE_NUMBER"])] == found


def test_a_registers_name_is_not_part_of_its_number() -> None:
    from privrag.detect.recognizers import reference_number_recognizer

    text = "Ergothérapeute, permis OEQ 12-347"
    assert [text[r.start : r.end] for r in reference_number_recognizer().analyze(text, ["ID_NUMBER"])] == ["12-347"]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("atestado do Dr. Henrique Saldanha (CRM-MG 48.271).", "48.271"),
        ("Dr Amy Hart, GMC 4829137, consultant", "4829137"),
        ("GMC reg no. 7012345", "7012345"),
        ("NPI: 1234567893", "1234567893"),
        ("Médico de Família\nCédula profissional OM n.º 58214", "58214"),  # Portugal's order of doctors
        ("藥師 陳美玲 (藥字第038821號)", "藥字第038821號"),  # a Taiwanese licence number
    ],
)
def test_a_clinicians_register_number_is_an_identifier(text: str, number: str) -> None:
    from privrag.detect.recognizers import reference_number_recognizer

    found = [text[r.start : r.end] for r in reference_number_recognizer().analyze(text, ["ID_NUMBER"])]
    assert number in found


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("to Cairo International Airport Terminal 3, trip ID 7c2f91e0-4a7d. The rider", "7c2f91e0-4a7d"),
        ("Dashboard · Dispute ID dp_1PqR7kLm0aZx93Ft\nMerchant", "dp_1PqR7kLm0aZx93Ft"),
        ("Usuaria: Lupita H. (ID 88213-MX) · Plan", "88213-MX"),
        ("Staff ID: SCA/0417\nPosition", "SCA/0417"),
        ("Booking ID A-6ZK3PQ9GWX4T. Already paid", "A-6ZK3PQ9GWX4T"),
    ],
)
def test_a_code_after_an_id_label_is_an_identifier(text: str, code: str) -> None:
    from privrag.detect.recognizers import reference_number_recognizer

    assert code in [text[r.start : r.end] for r in reference_number_recognizer().analyze(text, ["ID_NUMBER"])]


@pytest.mark.parametrize("text", ["Bring a photo ID to the visit.", "COVID-19 ID clinic 2024", "ID 2024 renewal",
                                  "ID 12/03/2024 issued", "the user id is fine"])
def test_an_id_label_without_a_code_after_it_finds_nothing(text: str) -> None:
    from privrag.detect.recognizers import reference_number_recognizer

    found = [text[r.start : r.end] for r in reference_number_recognizer().analyze(text, ["ID_NUMBER"])]
    assert not any(f in ("2024", "12/03/2024", "clinic", "to") for f in found)


@pytest.mark.parametrize("text", ["the GMC guidance of 2024", "PRC 2019 rules"])
def test_a_register_before_a_year_or_prose_is_no_number(text: str) -> None:
    from privrag.detect.recognizers import reference_number_recognizer

    assert reference_number_recognizer().analyze(text, ["ID_NUMBER"]) == []


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("The reimbursement will go to your FNB account ending 3905 with the next run.", "3905"),
        ("Charged to the card ending in 4421.", "4421"),
        ("Paid with Visa **** 4421 yesterday", "**** 4421"),
    ],
)
def test_the_last_digits_of_an_account_or_a_card_are_found(text: str, digits: str) -> None:
    from privrag.detect.recognizers import account_number_recognizer

    assert [text[r.start : r.end] for r in account_number_recognizer().analyze(text, ["ACCOUNT_NUMBER"])] == [digits]


@pytest.mark.parametrize("text", ["the meeting ending 2024 was long", "ending 3905 of the story"])
def test_an_ending_without_an_account_is_no_number(text: str) -> None:
    from privrag.detect.recognizers import account_number_recognizer

    assert account_number_recognizer().analyze(text, ["ACCOUNT_NUMBER"]) == []


def test_a_long_run_of_mask_characters_is_read_in_linear_time() -> None:
    import time

    from privrag.detect.recognizers import account_number_recognizer

    t0 = time.perf_counter()
    assert account_number_recognizer().analyze("*" * 4000 + " x" * 2000, ["ACCOUNT_NUMBER"]) == []
    assert time.perf_counter() - t0 < 5  # nested repetition took 42 s on 400 asterisks


@pytest.mark.parametrize("text", ["the account for the year ending 2023", "Score xx 100"])
def test_a_year_or_a_short_mask_is_no_account(text: str) -> None:
    from privrag.detect.recognizers import account_number_recognizer

    assert account_number_recognizer().analyze(text, ["ACCOUNT_NUMBER"]) == []
