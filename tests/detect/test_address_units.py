"""The unit written after an address (:mod:`privrag.detect.address_units`)."""

from __future__ import annotations

import pytest

from privrag.detect.address_units import ADDRESS_UNIT_SOURCE, with_address_units
from privrag.types import DetectedEntity


def _units(text: str, address: str, label: str = "STREET_ADDRESS") -> list[str]:
    i = text.index(address)
    spans = [DetectedEntity(i, i + len(address), label, address, 0.8, "privrag_address_block")]
    return [s.text for s in with_address_units(text, spans) if s.source == ADDRESS_UNIT_SOURCE]


@pytest.mark.parametrize(
    ("text", "address", "unit"),
    [
        ("fornitura in Via Carlo Goldoni 18, 20129 Milano (scala B, interno 7). Codice", "Via Carlo Goldoni 18, 20129 Milano",
         "scala B, interno 7"),
        ("12 Elm Road, Leeds LS1 4AB, flat 3. Then", "12 Elm Road, Leeds LS1 4AB", "flat 3"),
        ("C/ Mayor 5, 28013 Madrid, escalera 2, puerta B", "C/ Mayor 5, 28013 Madrid", "escalera 2, puerta B"),
        # a floor written as an ordinal, with the door's side or letter
        ("building is Av. Cabildo 2150, 7° B right? tell the doorman", "Av. Cabildo 2150", "7° B"),
        ("Rua das Açucenas 7, 2.º Esq., 2790-312 Queijas", "Rua das Açucenas 7", "2.º Esq."),
    ],
)
def test_a_unit_after_an_address_is_part_of_it(text: str, address: str, unit: str) -> None:
    assert _units(text, address) == [unit]


@pytest.mark.parametrize(
    ("text", "address", "label"),
    [
        ("12 Elm Road, Leeds LS1 4AB (the old house). Then", "12 Elm Road, Leeds LS1 4AB", "STREET_ADDRESS"),
        ("Ward 7 (flat 3)", "Ward 7", "PERSON"),  # only an address lends its unit
    ],
)
def test_no_unit_without_a_units_word_or_an_address(text: str, address: str, label: str) -> None:
    assert _units(text, address, label) == []


def test_a_word_after_a_units_word_is_no_unit() -> None:
    assert _units("12 Elm Road, Leeds LS1 4AB, top of the road", "12 Elm Road, Leeds LS1 4AB") == []
