"""Towns by name from GeoNames (15,000 inhabitants or more), where their capital says something."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_cities import CityRecognizer, city_mentions, city_names, is_city
from privrag.keep.context import is_place


def found(text: str) -> list[str]:
    return [text[a:b] for a, b in city_mentions(text)]


def test_the_gazetteer_is_loaded_from_the_package() -> None:
    names = city_names()
    assert len(names) > 20_000
    assert {"Footscray", "Augsburg", "Milton Keynes", "Swindon"} <= names
    assert "March" not in names and "Un" not in names  # a month; a name too short to tell from an acronym


@pytest.mark.parametrize(
    ("text", "towns"),
    [
        ("the six month ones at the clinic in Footscray\nNURSE: ok", ["Footscray"]),
        ("Feldmann GmbH - Plant Augsburg\n\nEmployee: K. Nowak", ["Augsburg"]),
        ("He lives in Milton Keynes now", ["Milton Keynes"]),
        ("I moved to Reading last year", ["Reading"]),  # an everyday word after a place's preposition
        ("in Jackson, Mississippi", ["Jackson"]),
    ],
)
def test_a_town_is_found_where_its_capital_says_so(text: str, towns: list[str]) -> None:
    assert found(text) == towns


@pytest.mark.parametrize(
    "text",
    [
        "Reading the notes, she agreed",  # a sentence start
        "Jackson said no",  # a surname without a place's preposition
        "Boston Scientific shares fell",  # the start of a longer name
        "We met in March",  # a month
        "LONDON OFFICE",  # capitals: the upper-case place recognizer reads those
    ],
)
def test_no_town_where_the_capital_says_nothing(text: str) -> None:
    assert found(text) == []


def test_a_town_is_a_place_for_the_keep_rules_in_any_case() -> None:
    assert is_city("swindon") and is_place("swindon") and not is_place("nhs")


def test_the_recognizer_reports_locations_and_respects_the_entity_list() -> None:
    text = "the clinic in Footscray"
    rec = CityRecognizer()
    assert [(r.entity_type, text[r.start : r.end]) for r in rec.analyze(text)] == [("LOCATION", "Footscray")]
    assert rec.analyze(text, entities=["PERSON"]) == []
