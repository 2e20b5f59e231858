"""Field labels of forms and prompt templates."""

from __future__ import annotations

import pytest

from privrag.form_labels import ALWAYS_LABELS, COLON_LABELS, label_regions


def _labels(text: str) -> list[tuple[str, bool]]:
    return [(text[r.start : r.end], r.colon) for r in label_regions(text)]


def test_template_and_form_labels_are_found_with_and_without_colon():
    text = ("Query: Who?\nContext: Tel: 0161 496. Fax 0161. DOB 12/03/1961. NHS No. 943\n"
            "Next of kin: a person\nfile_path: /data/x.txt\nHelpful Answer:")
    assert _labels(text) == [
        ("Query", True), ("Context", True), ("Tel", True), ("Fax", False), ("DOB", False), ("NHS No", False),
        ("Next of kin", True), ("file_path", True), ("Helpful Answer", True),
    ]


@pytest.mark.parametrize(
    "text",
    ["Anna: I agree.", "He moved to Mobile, Alabama.", "Name the patient.", "see https://example.com",
     "File_Path: x", "the answers of Dr Query"],
)
def test_names_places_and_prose_are_not_labels(text: str):
    # "answers"/"Query" stand alone here; only the colon or the always-list makes a label
    found = _labels(text)
    assert all(colon or label.lower() in ALWAYS_LABELS for label, colon in found)
    assert not any(label in ("Anna", "Mobile", "Name", "https", "File_Path") for label, _ in found)


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("file_path: /data/x.txt\nfile_type: text/plain", [("file_path", True), ("file_type", True)]),
        ("[09:13] marites_delacruz88: hi po. no internet since tuesday", []),  # a chat author's user name
        ("note from jas_tan: ok", []),
        # inline and indented metadata stay labels (review of stop 37: a file name holding a patient's name was
        # sent whole when its key was no label)
        ("Metadata {file_name: smith_john_referral.pdf, author_name: Sarah}", [("file_name", True), ("author_name", True)]),
        ("  patient_name: Chidi Okafor\n  nhs_number: 943", [("patient_name", True), ("nhs_number", True)]),
    ],
)
def test_a_snake_case_key_is_a_label_only_at_the_start_of_its_line(text: str, labels: list[tuple[str, bool]]):
    assert _labels(text) == labels


def test_lists_can_be_extended_for_a_local_form():
    assert _labels("Ward round: Dr Lee") == []
    assert _labels("Ward: Dr Lee") == [("Ward", True)]
    assert label_regions("Ward round: Dr Lee", colon=COLON_LABELS | {"ward round"})[0][:2] == (0, 10)
