"""Upper-case place names after a lowercase place preposition."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_places import uppercase_place_recognizer


def places(text: str) -> list[str]:
    return [text[r.start : r.end] for r in uppercase_place_recognizer().analyze(text, ["LOCATION"])]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Mr. Cooper flew to MÖNSTERÅS on Friday morning.", "MÖNSTERÅS"),
        ("I'm Steven Ferguson, originally from PORT O' WARREN, and i'm 60 y/o.", "PORT O' WARREN"),
        ("the economy of her home city KIIKOINEN: Sims, Castillo and Nichols", "KIIKOINEN"),
        ("Looking to support them in ARENDAL 4844 in its mission", "ARENDAL"),
    ],
)
def test_capitalised_town_after_a_place_preposition(text: str, place: str) -> None:
    assert places(text) == [place]


@pytest.mark.parametrize(
    "text",
    [
        "AS TO THE LAW",  # a heading: the preposition is in capitals too
        "THE FACTS",
        "a member of NATO since 1952",  # an acronym: fewer than five letters
        "fined in EUR 200",
        "in the UNITED KINGDOM",  # an article between: not this rule's shape
        "flew to Paris",  # ordinary case is the NER models' job
        "a violation of ARTICLE 6",  # "of" is no cue
        "Code of CRIMINAL PROCEDURE",
        "as set out in SECTION 3",  # legal headings and emphasis
        "in ADDITION, at LEAST once",
        "To WHOM IT MAY CONCERN; addressed to WHOM IT MAY CONCERN",
    ],
)
def test_headings_acronyms_and_ordinary_case_are_not_matched(text: str) -> None:
    assert places(text) == []


def moved(text: str) -> list[str]:
    from privrag.detect.recognizers_places import relocation_place_recognizer

    return [text[r.start : r.end] for r in relocation_place_recognizer().analyze(text, ["LOCATION"])]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("We moved here from Maringá", "Maringá"),
        ("We moved here from Oued Ellil last year", "Oued Ellil"),
        ("she grew up in Villanueva de la Serena.", "Villanueva de la Serena"),
        ("She moved back to Southwark with her son.", "Southwark"),
        ("He immigrated to Germany in 1987.", "Germany"),
    ],
)
def test_a_place_after_a_verb_of_moving_house(text: str, place: str) -> None:
    assert moved(text) == [place]


@pytest.mark.parametrize(
    "text", ["the hearing moved from January to March", "moved to The Hague", "moved to Article 5", "moved from here"]
)
def test_no_place_after_moving_without_a_place_name(text: str) -> None:
    assert moved(text) == []


@pytest.mark.parametrize(
    ("text", "place"),
    [("When: 2024-05-16 18:00\nWhere: LITTLE SNORING Village Hall.", "LITTLE SNORING"),
     ("Venue: KUOPIO City Hall", "KUOPIO")],
)
def test_a_town_in_capitals_after_an_invitations_where_label(text: str, place: str) -> None:
    assert places(text) == [place]
