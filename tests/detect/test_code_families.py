"""Codes that share a detected identifier's scheme (:mod:`privrag.detect.code_families`)."""

from __future__ import annotations

import pytest

from privrag.detect.code_families import CODE_FAMILY_SOURCE, code_family_members
from privrag.types import DetectedEntity


def _members(text: str, code: str, label: str = "ID_NUMBER") -> list[str]:
    i = text.index(code)
    spans = [DetectedEntity(i, i + len(code), label, code, 0.8, "privrag_coded_id")]
    return [s.text for s in code_family_members(text, spans) if s.source == CODE_FAMILY_SOURCE]


def test_a_code_with_the_same_prefix_is_the_same_schemes() -> None:
    text = "Asset: SGL-LT-02817 (Dell Latitude)\nA loan laptop (SGL-LT-LN11) is ready."
    assert _members(text, "SGL-LT-02817") == ["SGL-LT-LN11"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Ticket CT-12345; a CT-12 scan was booked.", "CT-12345"),  # one part is everyone's prefix
        ("Ref SGL-LT-02817; see SGL-LTX-12.", "SGL-LT-02817"),  # another prefix
    ],
)
def test_other_prefixes_are_not_members(text: str, code: str) -> None:
    assert _members(text, code) == []


def test_only_identifiers_lend_their_prefix() -> None:
    text = "Model AB-CD-12 and AB-CD-34"
    assert _members(text, "AB-CD-12", label="PERSON") == []


def test_digits_before_the_letters_are_no_prefix() -> None:
    text = "Ref 2024-03-AB12 filed; visits on 2024-03-15 and 2024-03-22."
    assert _members(text, "2024-03-AB12") == []
