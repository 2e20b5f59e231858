"""Slot completion: list items and dialogue speakers take the kind of their detected slot-mates."""

from __future__ import annotations

import pytest

from privrag.detect.slots import (
    CHAT_AUTHOR_SOURCE,
    SLOT_SOURCE,
    complete_slots,
    list_items,
    speaker_labels,
)
from privrag.types import DetectedEntity


def span(text: str, word: str, label: str = "PERSON") -> DetectedEntity:
    i = text.index(word)
    return DetectedEntity(i, i + len(word), label, word, 0.9, "model")


def added(text: str, spans: list[DetectedEntity]) -> list[tuple[str, str]]:
    return [(s.text, s.label) for s in complete_slots(text, spans) if s.source == SLOT_SOURCE]


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("They had 6: Efimiya, Monica, Chang and Shane.", ["Efimiya", "Monica", "Chang", "Shane"]),
        ("the founders: Eklund, Gary & Berry.", ["Eklund", "Gary", "Berry"]),
        ("Demystdata, Reed Elsevier and T Rowe Price.", ["Demystdata", "Reed Elsevier", "T Rowe Price"]),
        ("However, Smith and Jones went home.", ["Smith", "Jones"]),
        ("Consequently, Smith and Jones met.", ["Smith", "Jones"]),
        ("Hi Team, John and Mary", ["John", "Mary"]),
        ("The Court, Smith and Jones", ["Smith", "Jones"]),
        ("A and B went to Paris, London and Berlin, Oslo", ["Paris", "London", "Berlin"]),
        ("they had 6: nelson, adam and valdez.", ["nelson", "adam", "valdez"]),
    ],
)
def test_list_items_are_name_shaped_and_skip_sentence_adverbs(text: str, items: list[str]) -> None:
    assert [[text[a:b] for a, b in lst] for lst in list_items(text)] == [items]


def test_unmarked_list_items_take_the_kind_of_the_marked_ones() -> None:
    text = "They had 6: Efimiya, Monica, Elizabeth, Chang and Shane."
    spans = [span(text, w) for w in ("Monica", "Elizabeth", "Chang")]
    assert added(text, spans) == [("Efimiya", "PERSON"), ("Shane", "PERSON")]


def test_organisation_lists_keep_the_members_label() -> None:
    text = "home city Hoover: Demystdata, Reed Elsevier and T Rowe Price."
    spans = [span(text, "Reed Elsevier", "ORGANIZATION"), span(text, "T Rowe Price", "ORGANIZATION")]
    assert added(text, spans) == [("Demystdata", "ORGANIZATION")]


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        # one marked item is no majority
        ("Efimiya, Monica, Elizabeth and Shane came.", [("Monica", "PERSON")]),
        # items of two kinds: not one kind of thing
        ("Smith, Paris, London and Oslo", [("Smith", "PERSON"), ("Paris", "LOCATION"), ("London", "PERSON")]),
        # a non-name item (a date) in the list
        ("Monday, Smith and Jones", [("Monday", "DATE_TIME"), ("Smith", "PERSON"), ("Jones", "PERSON")]),
        # fewer than half of the items marked
        ("Alpha, Beta, Gamma, Delta, Smith and Jones", [("Smith", "PERSON"), ("Jones", "PERSON")]),
    ],
)
def test_lists_without_a_clear_majority_kind_stay_as_they_are(text: str, marked: list[tuple[str, str]]) -> None:
    assert added(text, [span(text, w, lab) for w, lab in marked]) == []


def test_speakers_of_a_dialogue_are_persons_when_one_of_them_is() -> None:
    text = "Ubul: What a wife.\nJennifer: Remember me, Susan?\nÉva: Never."
    assert [text[a:b] for a, b in speaker_labels(text)] == ["Ubul", "Jennifer", "Éva"]
    spans = [span(text, "Jennifer"), span(text, "Susan")]
    assert added(text, spans) == [("Ubul", "PERSON"), ("Éva", "PERSON")]


@pytest.mark.parametrize(
    "text",
    [
        "Q: Who are you?\nA: A friend.",  # no speaker is a detected person
        "Ubul: What a wife.",  # one line is no dialogue
        "From: John Smith\nTo: Mary Brown\nSubject: hello",  # header block: labels are not persons
        "Subject: lunch\nDate: Monday\nJohn Smith: see you",  # header labels beside a speaker
        "Mary Brown: I saw it.\nWitness: Yes.\nCourt: Noted.",  # roles beside a named speaker
    ],
)
def test_labels_are_not_persons_without_evidence(text: str) -> None:
    spans = [span(text, w) for w in ("John Smith", "Mary Brown") if w in text]
    assert added(text, spans) == []


def test_completion_keeps_existing_spans_and_order() -> None:
    text = "Efimiya, Monica and Shane"
    spans = [span(text, "Monica"), span(text, "Shane")]
    out = complete_slots(text, spans)
    assert [s.text for s in out] == ["Efimiya", "Monica", "Shane"]
    assert out[1] is spans[0] and out[2] is spans[1]
    assert complete_slots("", []) == []


@pytest.mark.integration
def test_default_detector_completes_lists_and_speakers(default_detector) -> None:
    texts = [
        "They had 6: Efimiya, Monica, Elizabeth, Michelle, Chang and Shane.",
        "Halldór: What a wife.\nDaniel: Remember me, Joan?",
    ]
    found = [{s.text for s in spans} for spans in default_detector.detect_batch(texts)]
    assert {"Efimiya", "Shane"} <= found[0]
    assert "Halldór" in found[1]


@pytest.mark.parametrize(
    "text",
    [
        "were represented by their Agent, Mr K. Stoltenberg, Ministerialdirigent, of the Ministry",
        "represented by their Agent, Mr Z.M. Necatigil.",
    ],
)
def test_appositions_are_not_lists(text: str) -> None:
    """TAB: "their Agent, Mr X, Head of …" describes one person; "Agent" is not a second name."""
    assert list_items(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Aa, " * 5000,  # a tag line: no coordinator
        "Aa and " * 5000,  # thousands of items: not a list
        "A.A.A.A" * 5000,
        ", and , & or ,,",
        "",
    ],
)
def test_long_and_degenerate_lines_are_not_lists(text: str) -> None:
    assert list_items(text) == []


def test_a_list_at_the_end_of_a_long_line_is_found() -> None:
    text = "word " * 20000 + "they met Efimiya, Monica and Shane."
    assert [[text[a:b] for a, b in lst] for lst in list_items(text)] == [["Efimiya", "Monica", "Shane"]]


def test_one_item_of_another_kind_does_not_veto_a_clear_majority() -> None:
    # spaCy-sm reads a rare first name as a place; four persons around it still make a list of names
    text = "They had 6: Ines, Aleksi, Marja, Teodor, Hanna and Oskari."
    marked = [("Aleksi", "LOCATION"), ("Marja", "PERSON"), ("Teodor", "PERSON"), ("Hanna", "PERSON"),
              ("Oskari", "PERSON")]
    assert added(text, [span(text, w, lab) for w, lab in marked]) == [("Ines", "PERSON")]


@pytest.mark.parametrize(
    ("text", "person", "expected"),
    [
        ("including Jaana Lind of Kestrel Analytics LLC's, Aku Ström", "Jaana Lind",
         [("Kestrel Analytics LLC", "ORGANIZATION")]),
        ("Ana Q. Lind from Tidewise is the keynote speaker", "Ana Q. Lind", [("Tidewise", "ORGANIZATION")]),
        ("Okafor is from Brightwave", "Okafor", [("Brightwave", "ORGANIZATION")]),
        ("Ana from Ankara said so", "Ana", [("Ankara", "LOCATION")]),  # the gazetteer knows a place
        ("Mr Smith of the Foreign Office", "Smith", []),  # "the": not a name
        ("Mr Smith from March to May", "Smith", []),  # a month
    ],
)
def test_the_name_after_a_person_and_of_or_from_is_their_affiliation(
    text: str, person: str, expected: list[tuple[str, str]]
) -> None:
    assert added(text, [span(text, person)]) == expected


def test_an_affiliation_a_model_already_marked_is_left_alone() -> None:
    text = "Jaana Lind of Kestrel Analytics LLC"
    assert added(text, [span(text, "Jaana Lind"), span(text, "Kestrel Analytics", "ORG")]) == []


def test_the_speakers_of_a_chat_export_are_read_after_its_stamps() -> None:
    text = (
        "[Fri 07:12] Thandi M: Morning team\n"
        "[Fri 07:16] Riaan v.d. Merwe: I can take it\n"
        "[Fri 07:34] Sipho \"Ghost\" Ndlovu: Sunday I can\n"
        "[Fri 07:38] Lerato (Supervisor): Ok so\n"
        "12/03/2024, 07:40 - Naledi: welcome\n"
        "2:47 PM  Bill (Support): Hi there"
    )
    assert [text[a:b] for a, b in speaker_labels(text)] == [
        "Thandi M", "Riaan v.d. Merwe", 'Sipho "Ghost" Ndlovu', "Lerato", "Naledi", "Bill"
    ]


def test_a_care_logs_times_do_not_make_speakers() -> None:
    text = "09:00 Breakfast: porridge\n12:30 Lunch: soup\nDate of Birth: 12/03/1960\nCase of Smith: closed"
    assert speaker_labels(text) == []


def test_a_speaker_a_model_read_in_part_is_one_person() -> None:
    text = "[Fri 07:15] Bongz: sorry\n[Fri 07:16] Riaan v.d. Merwe: I can take it"
    spans = [span(text, "Bongz"), span(text, "Merwe")]
    out = [(s.text, s.label) for s in complete_slots(text, spans)]
    assert out == [("Bongz", "PERSON"), ("Riaan v.d. Merwe", "PERSON")]


def test_a_speaker_a_model_called_something_else_is_left_to_the_model() -> None:
    text = "[Fri 07:15] Bongz: sorry\n[Fri 07:16] Acme Store: we close at six"
    spans = [span(text, "Bongz"), span(text, "Acme Store", "ORG")]
    assert [(s.text, s.label) for s in complete_slots(text, spans)] == [("Bongz", "PERSON"), ("Acme Store", "ORG")]


def test_a_logs_fields_after_times_are_not_speakers() -> None:
    text = "8:00 AM Breakfast: porridge\n12:30 PM Lunch: soup\n3:00 PM Maria: visited\n4:00 PM Bill (Support): hi"
    assert [text[a:b] for a, b in speaker_labels(text)] == ["Maria", "Bill"]


EXPORT = (
    "14/03/24, 9:12 am - pinky: Good morning sir, papa ka sugar aaj 212 aaya\n"
    "14/03/24, 9:14 am - Dr Mehta Clinic: Ok ji\n"
    "14/03/24, 9:16 am - pinky: Ramesh Kulkarni, 68 saal\n"
    "14/03/24, 9:17 am - support: noted\n"
    "14/03/24, 9:18 am - support: noted again\n"
)


def test_a_lowercase_author_of_several_export_lines_is_a_person() -> None:
    clinic = DetectedEntity(60, 65, "PERSON", EXPORT[60:65], 0.8, "SpacyRecognizer")
    found = [(s.text, s.label) for s in complete_slots(EXPORT, [clinic]) if s.source == CHAT_AUTHOR_SOURCE]
    assert found == [("pinky", "PERSON"), ("pinky", "PERSON")]  # "support" is a desk


def test_a_lowercase_author_of_one_line_is_not_taken() -> None:
    one = EXPORT.split("\n", 1)[1]  # pinky's first line gone: one line left
    assert all(s.text != "pinky" for s in complete_slots(one, [DetectedEntity(0, 1, "PERSON", one[0], 0.8, "x")]))
