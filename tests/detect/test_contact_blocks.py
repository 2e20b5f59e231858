"""Contact blocks: the unmarked lines of signatures, address labels and CV headers get the kind their place says."""

from __future__ import annotations

import pytest

from privrag.detect.contact_blocks import BLOCK_SOURCE, blocks, complete_blocks, occupation_head
from privrag.types import DetectedEntity


def span(text: str, value: str, label: str) -> DetectedEntity:
    i = text.index(value)
    return DetectedEntity(i, i + len(value), label, value, 0.9, "model")


def added(text: str, spans: list[DetectedEntity]) -> dict[str, str]:
    return {s.text: s.label for s in complete_blocks(text, spans) if s.source == BLOCK_SOURCE}


SIGNATURE = """Thanks for the quick reply, I will send the signed contract tomorrow.

Best regards,
Jane Doe
Senior Data Analyst
Brightwave Analytics
Hauptstraße 5, 10115 Berlin
Tel: +49 30 1234567"""


def test_a_signatures_title_and_company_lines_are_filled() -> None:
    spans = [span(SIGNATURE, "Jane Doe", "PERSON"), span(SIGNATURE, "Hauptstraße 5", "STREET_ADDRESS"),
             span(SIGNATURE, "+49 30 1234567", "PHONE_NUMBER")]
    assert added(SIGNATURE, spans) == {"Senior Data Analyst": "OCCUPATION", "Brightwave Analytics": "ORGANIZATION"}


def test_labels_greetings_and_sign_offs_are_never_filled() -> None:
    text = "Olga Petrenko\n\nRegistered nurse\n\nPersonal Info:\nPhone:\n+44 20 7946 0958\n\nE-mail:\nolga@example.com"
    spans = [span(text, "Olga Petrenko", "PERSON"), span(text, "+44 20 7946 0958", "PHONE_NUMBER"),
             span(text, "olga@example.com", "EMAIL_ADDRESS")]
    assert added(text, spans) == {"Registered nurse": "OCCUPATION"}


def test_the_line_above_a_country_is_its_town() -> None:
    text = "Maria Rossi\n\nVillanueva de la Serena\nSpain"
    assert added(text, [span(text, "Maria Rossi", "PERSON")]) == {"Villanueva de la Serena": "LOCATION"}


def test_an_address_labels_first_line_is_the_addressee_when_no_model_found_one() -> None:
    text = "Kalle Uusitalo\nPuistokatu 4\nKUOPIO 70110\nFinland"
    spans = [span(text, "Puistokatu 4", "STREET_ADDRESS"), span(text, "Finland", "LOCATION")]
    assert added(text, spans) == {"Kalle Uusitalo": "PERSON", "KUOPIO 70110": "STREET_ADDRESS"}


def test_a_town_in_capitals_after_the_street_is_a_place() -> None:
    text = "Ann Lee\n12 High Street\nSPRINGFIELD\nTel: 555 0100 222"
    spans = [span(text, "Ann Lee", "PERSON"), span(text, "12 High Street", "STREET_ADDRESS"),
             span(text, "555 0100 222", "PHONE_NUMBER")]
    assert added(text, spans) == {"SPRINGFIELD": "LOCATION"}


@pytest.mark.parametrize("first", ["Customer Service", "Acme Ltd", "Sales Team"])
def test_a_department_heading_a_block_is_no_person(first: str) -> None:
    text = f"{first}\nPhone: 555 0100 222"
    assert added(text, [span(text, "555 0100 222", "PHONE_NUMBER")]) == {}


def test_a_spaCy_organisation_heading_a_block_owns_it() -> None:
    # spaCy-sm reads many foreign names as organisations; the block still belongs to that line
    text = "Sølvi Haugland\n\nWarehouse supervisor\n\nPersonal Info:\nPhone:\n9469 9966"
    spans = [span(text, "Sølvi Haugland", "ORGANIZATION"), span(text, "9469 9966", "PHONE_NUMBER")]
    assert added(text, spans) == {"Warehouse supervisor": "OCCUPATION"}


@pytest.mark.parametrize(
    "text",
    [
        # short lines without any contact detail: a poem, a list of headings
        "Roses are red\nJane Doe wrote\nViolets are blue",
        "PROCEDURE\n\nThe case originated in an application against Turkey lodged by Mr Ali Demir.\n\nTHE FACTS",
        # a contact detail but nobody it belongs to, and no country at the end
        "Opening hours\nMonday to Friday\nPhone: 555 0100 222",
    ],
)
def test_no_contact_block_no_new_spans(text: str) -> None:
    spans = [span(text, w, lab) for w, lab in (("Jane Doe", "PERSON"), ("Ali Demir", "PERSON"),
                                               ("555 0100 222", "PHONE_NUMBER")) if w in text]
    assert added(text, spans) == {}


def test_lines_a_model_already_marked_are_left_alone() -> None:
    spans = [span(SIGNATURE, "Jane Doe", "PERSON"), span(SIGNATURE, "Brightwave Analytics", "ORGANIZATION"),
             span(SIGNATURE, "+49 30 1234567", "PHONE_NUMBER")]
    out = complete_blocks(SIGNATURE, spans)
    assert [s for s in out if s.source != BLOCK_SOURCE] == spans
    assert added(SIGNATURE, spans) == {"Senior Data Analyst": "OCCUPATION"}


def test_a_block_written_in_lower_case_is_read_too() -> None:
    text = "leena koski\nlabour relations director\nkoski & partners oy\ntel: 040 123 4567"
    spans = [span(text, "leena koski", "PERSON"), span(text, "040 123 4567", "PHONE_NUMBER")]
    assert added(text, spans) == {"labour relations director": "OCCUPATION", "koski & partners oy": "ORGANIZATION"}


def test_blocks_break_at_two_blank_lines_and_around_prose() -> None:
    text = "A One\nB Two\n\n\nC Three\nD Four\n" + "This is a long line of prose with many words in it, a paragraph." + "\nE Five"
    got = [[line.text for line in b] for b in blocks(text)]
    assert got[0] == ["A One", "B Two"]
    assert got[1][:2] == ["C Three", "D Four"] and got[1][-1].startswith("This is")
    assert got[2][0].startswith("This is") and got[2][-1] == "E Five"


@pytest.mark.parametrize(
    ("line", "job"),
    [("Senior Data Analyst", True), ("Local transit bus driver", True), ("Clinical psychologist", True),
     ("Children's librarian", True), ("Brightwave Analytics", False), ("Main Street", False), ("", False)],
)
def test_occupation_heads(line: str, job: bool) -> None:
    assert occupation_head(line) is job


def test_empty_and_single_line_texts() -> None:
    assert complete_blocks("", []) == []
    one = [DetectedEntity(0, 8, "PERSON", "Jane Doe", 0.9, "model")]
    assert complete_blocks("Jane Doe", one) == one


@pytest.mark.integration
def test_default_detector_fills_a_signature(default_detector) -> None:
    spans = default_detector.detect(SIGNATURE)
    found = {SIGNATURE[s.start : s.end]: s.label for s in spans}
    assert found.get("Senior Data Analyst") == "OCCUPATION"
    assert any("Brightwave" in v for v in found)
    assert any(s.label == "PERSON" and "Jane Doe" in SIGNATURE[s.start : s.end] for s in spans)
