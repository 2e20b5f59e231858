"""Handles and unlabelled codes: found in chats and tickets, not in doses, dates or e-mails."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_handles import coded_id_recognizer, handle_recognizer, is_date_like


def _hits(recognizer, text: str) -> list[str]:
    return [text[r.start : r.end] for r in recognizer.analyze(text, None, None)]


CHAT = "mlopez  10:02\n@channel deploy is slow, paging @t.okafor and @sven\nt.okafor  10:04\non it\n"


def test_mentions_and_chat_authors_are_user_names() -> None:
    assert sorted(_hits(handle_recognizer(), CHAT)) == sorted(["@t.okafor", "@sven", "mlopez", "t.okafor"])


def test_an_email_is_not_a_mention() -> None:
    assert _hits(handle_recognizer(), "write to kim.lee@example.org today") == []


@pytest.mark.parametrize("code", ["QX-771204", "RAD24-118390", "PLT-KR-2291-0043", "ZV9301774", "31/552/90817", "55012938",
                                  "RR123456789TH", "KEX240904417TH"])  # parcels, with the country after
def test_unlabelled_codes_are_ids(code: str) -> None:
    assert _hits(coded_id_recognizer(), f"Please quote {code} when you reply.") == [code]


@pytest.mark.parametrize("text", ["co-careldopa 25/100 TDS", "BP 128/84", "born 03/11/1971", "from 2019-2021", "version 4.12.7",
                                  "Galaxy A55 8/256GB, boxed"])
def test_doses_dates_versions_and_specs_are_not_ids(text: str) -> None:
    assert _hits(coded_id_recognizer(), text) == []


@pytest.mark.parametrize(("token", "date"), [("14/09/1966", True), ("2025-03-18", True), ("01/2024", True), ("HN-482913", False)])
def test_date_shapes(token: str, date: bool) -> None:
    assert is_date_like(token) is date


def test_the_author_before_a_time_and_a_colon_is_a_user_name() -> None:
    text = "#people-ops\npriya.s 09:14: morning! quick one\nmike.t 09:20: yes\nMeeting 10:30: agenda"
    assert _hits(handle_recognizer(), text) == ["priya.s", "mike.t"]  # "Meeting" has no user name's shape


@pytest.mark.parametrize(
    ("text", "handles"),
    [
        ("My UPI for any refund: arjun.m@okhdfcbank\nThanks", ["arjun.m@okhdfcbank"]),
        ("pay 9876543210@ybl today", ["9876543210@ybl"]),
        ("mail me at a.b@example.com today", []),  # an e-mail address: Presidio's
        ("email: jo@nhs.net.", []),
    ],
)
def test_a_name_at_a_host_without_a_domain_is_a_handle(text: str, handles: list[str]) -> None:
    assert _hits(handle_recognizer(), text) == handles


@pytest.mark.parametrize(
    ("text", "codes"),
    [("Vehicle: Toyota Yaris KX19 HTP   Call", ["KX19 HTP"]), ("postcode NN15 7HH", []), ("see MK40 2NR", [])],
)
def test_a_british_number_plate_is_a_code_a_postcode_is_not(text: str, codes: list[str]) -> None:
    assert _hits(coded_id_recognizer(), text) == codes


@pytest.mark.parametrize(
    ("text", "code"),
    [("Name: Mereana    NHI: ZKT4821\nDOB", "ZKT4821"), ("PPSN: 8274419TA    Patient", "8274419TA"),
     ("DNI 12345678Z", "12345678Z"), ("URN# A40213", "A40213")],
)
def test_a_code_after_a_forms_label_or_before_a_check_letter_is_an_id(text: str, code: str) -> None:
    assert _hits(coded_id_recognizer(), text) == [code]


@pytest.mark.parametrize(
    "text", ["Hb: 138, GCS: 15, INR: 2.5", "vitamin D 1000000IU stat", "TNM: T2N0M0", "BP: 120/80", "NCT: NCT04512345",
             "DATE: 2025-03-01"],
)
def test_a_measurement_a_dose_a_stage_or_a_registry_number_after_a_label_is_no_id(text: str) -> None:
    assert _hits(coded_id_recognizer(), text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Subject: Complaint - missed connection in Madrid, booking K7QX2M", ["K7QX2M"]),
     ("Booking reference: K7QX2M", ["K7QX2M"]), ("PNR XKQJZP", ["XKQJZP"]), ("confirmation code 8HJ2KD.", ["8HJ2KD"]),
     ("booking CONFIRMED today", []), ("Booking: 2024", [])],
)
def test_a_bookings_record_locator_is_an_identifier(text: str, expected: list[str]) -> None:
    from privrag.detect.recognizers_handles import coded_id_recognizer

    assert [text[r.start : r.end] for r in coded_id_recognizer().analyze(text, ["CODE"])] == expected


_CLAIM = ("No. | Date  | Description               | {header} | Amount\n"
          "1   | 10/03 | Air Peace LOS-ABV, economy | APK7Q2 | 128,500.00\n"
          "2   | 11/03 | MTN 10GB data bundle       | SMS    | 5,000.00\n")


@pytest.mark.parametrize(
    ("header", "expected"),
    [("Ref", ["APK7Q2"]), ("Booking ref.", ["APK7Q2"]), ("PNR", ["APK7Q2"]), ("Receipt no.", ["APK7Q2"]),
     ("Notes", []), ("Flight", []), ("Item", [])],
)
def test_a_code_in_a_column_headed_as_references_is_an_identifier(header: str, expected: list[str]) -> None:
    text = _CLAIM.format(header=header)
    assert [t for t in _hits(coded_id_recognizer(), text) if t in ("APK7Q2", "SMS", "MTN", "10GB")] == expected


def test_a_reference_column_takes_no_word_and_nothing_outside_a_table() -> None:
    assert _hits(coded_id_recognizer(), "Ref\nAPK7Q2 was the locator") == []
    assert "LOUNGE" not in _hits(coded_id_recognizer(), _CLAIM.format(header="Ref").replace("APK7Q2", "LOUNGE"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Conversation: Refill request - Rosalind Ferreira-Diaz (user: rosie.fd72)", ["rosie.fd72"]),
        ("SAP user LBERG01 created, initial password sent by SMS", ["LBERG01"]),
        ("Login: jdoe_77", ["jdoe_77"]),
        ("host=PUN-LT-0457 user=SAHYADRI\\vkiyer src_ip=10.24.7.183", ["SAHYADRI\\vkiyer"]),
        ("2025-03-05 10:22 sanna.h (Service Desk Sundsvall): Entra group done.\n2025-03-10 08:47 sanna.h: Called user.",
         ["sanna.h", "sanna.h"]),
    ],
)
def test_a_user_name_after_its_label_or_a_work_notes_stamp_is_a_handle(text: str, expected: list[str]) -> None:
    assert _hits(handle_recognizer(), text) == expected


@pytest.mark.parametrize(
    "text",
    ["the user is locked out", "user: Admin", "login: 10.30", "user 2024-01-03", "2025-03-05 10:22 Meeting: agenda",
     "the SAP user v2.1 profile", "user=admin"],
)
def test_a_word_a_time_or_a_version_after_a_user_label_is_no_handle(text: str) -> None:
    assert _hits(handle_recognizer(), text) == []


@pytest.mark.parametrize(("text", "code"), [("Client: Gilberte Tremblay    RAMQ: TREG 4304 1219", "TREG 4304 1219"),
                                            ("OHIP: 4523 881 902", "4523 881 902")])
def test_a_labelled_code_written_in_groups_is_an_id(text: str, code: str) -> None:
    assert _hits(coded_id_recognizer(), text) == [code]


@pytest.mark.parametrize("text", ["GCS: 15 E4 V5 M6", "BP: 120 80 mmHg"])
def test_a_labelled_reading_in_groups_is_no_id(text: str) -> None:
    assert _hits(coded_id_recognizer(), text) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("paid via Paybill 888880 (transaction code SE41K7XH2P) as", "SE41K7XH2P"),  # an M-Pesa transaction
        ("VIN 1HGCM82633A004352 on the logbook", "1HGCM82633A004352"),
        ("Submitted via Stripe · Dispute ID dp_1PqR7kLm0aZx93Ft\n", "dp_1PqR7kLm0aZx93Ft"),
        ("Don Chuy, tractor 214, plates NL 48-BK-7J. he left", "NL 48-BK-7J"),
        ("car with Kennzeichen M-AB 1234 parked", "M-AB 1234"),
        ("el coche con placa ABC 1234 en", "ABC 1234"),
    ],
)
def test_random_codes_api_ids_and_plates_are_ids(text: str, code: str) -> None:
    assert code in _hits(coded_id_recognizer(), text)


@pytest.mark.parametrize(
    "text",
    [
        "COVID19 and RTX4090 and BRCA1",  # letters and digits change once or twice
        "trial NCT04512345 and ISRCTN12345678",  # a registry's number
        "rename snake_caseVariable2 first",  # a variable, no random body
        "growth plates 2 cm apart",  # a plate word without a code
        "logged at 20240115T093000Z by the job",  # an ISO time stamp (a date's, see test_recognizers_dates)
        "dental plaque 2 3 on the lower incisors",  # a plate word, a code without a letter
    ],
)
def test_words_models_genes_and_variables_are_not_random_codes(text: str) -> None:
    assert _hits(coded_id_recognizer(), text) == []
