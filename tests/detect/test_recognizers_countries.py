"""Countries and nationalities from the gazetteer."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_countries import CountryRecognizer, country_mentions


def found(text: str) -> list[tuple[str, str]]:
    return [(text[a:b], label) for a, b, label in country_mentions(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We are proud saudis", [("saudis", "NRP")]),
        ("I am bruneian but I live in Ireland.", [("bruneian", "NRP"), ("Ireland", "LOCATION")]),
        ("Uruguay leader gives 'kill without warning' order", [("Uruguay", "LOCATION")]),
        ("It serves great Greenlander food.", [("Greenlander", "NRP")]),
        ("the Republic of Turkey and Bosnia and Herzegovina",
         [("Turkey", "LOCATION"), ("Bosnia and Herzegovina", "LOCATION")]),
        ("Saudi Arabia's king, a Saudi", [("Saudi Arabia", "LOCATION"), ("Saudi", "NRP")]),
        ("the Gambia and Côte d'Ivoire", [("Gambia", "LOCATION"), ("Côte d'Ivoire", "LOCATION")]),
        ("THE KINGDOM OF SPAIN", [("SPAIN", "LOCATION")]),
        ("The South Africans won.", [("South Africans", "NRP")]),
        ("with Jordanian friends", [("Jordanian", "NRP")]),
        ("a national of the Democratic Republic of the Congo",
         [("Democratic Republic of the Congo", "LOCATION")]),
    ],
)
def test_countries_and_nationalities_are_found(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "polish the french doors",  # ordinary lowercase words
        "a danish pastry and swiss cheese",
        "translated into English",  # a language, not a nationality
        "he speaks Turkish at home",
        "Jordan went to Chad",  # given names far more often than countries
        "LET US GO",  # a word in a line of capitals
        "Turkeys and Britons",  # not a country's or nationality's form in the list
        "",
    ],
)
def test_ordinary_words_languages_and_names_are_not_matched(text: str) -> None:
    assert found(text) == []


def test_a_line_break_or_comma_splits_a_name() -> None:
    assert found("Bosnia,\nand Herzegovina") == [("Bosnia", "LOCATION")]


def test_recognizer_reports_presidio_results_with_its_name() -> None:
    rec = CountryRecognizer()
    res = rec.analyze("We are proud paraguayans from Paraguay.", ["NRP"])
    assert [(r.entity_type, r.start, r.end) for r in res] == [("NRP", 13, 24)]
    assert res[0].recognition_metadata["recognizer_name"] == "privrag_country"


def test_a_long_text_is_scanned_whole() -> None:
    # ~134 kB: every mention found, to the last one (a linear scan; about 0.3 s here)
    text = "The Bruneian delegation met officials of Uruguay and other states. " * 2000
    out = country_mentions(text)
    assert len(out) == 4000
    assert text[out[-1][0] : out[-1][1]] == "Uruguay" and out[-1][1] > len(text) - 40


@pytest.mark.integration
def test_default_detector_finds_a_lowercase_nationality(default_detector) -> None:
    text = "We are proud bruneians and we live in Suriname."
    spans = default_detector.detect(text)
    # the shipped GLiNER may read "proud bruneians" as one demographic span: covered either way
    assert any(s.start <= text.index("bruneians") and text.index("bruneians") + 9 <= s.end for s in spans)
    assert any(s.text == "Suriname" for s in spans)
