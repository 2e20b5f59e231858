"""German common nouns (:mod:`privrag.keep.common_nouns`): kept where a model read them as names."""

from __future__ import annotations

import pytest

from privrag.keep.common_nouns import german_noun, german_nouns
from privrag.types import DetectedEntity


def _span(text: str, surface: str, label: str, source: str = "SpacyRecognizer") -> DetectedEntity:
    i = text.index(surface)
    return DetectedEntity(i, i + len(surface), label, surface, 0.8, source)


@pytest.mark.parametrize("word", ["Überweisung", "Krankenkasse", "Betriebsrat", "Kündigung", "Arbeitsgericht", "Abfindung"])
def test_a_word_german_writes_and_english_does_not_is_a_german_noun(word: str) -> None:
    assert german_noun(word)


@pytest.mark.parametrize(
    "word",
    ["Pohlmann", "Vogelsang", "Hinterberger", "Stadelmann", "Bielefeld", "Kassel", "Laupheim", "Straße", "Lager",
     "Petra", "KÜNDIGUNG"],
)
def test_a_name_a_town_or_a_word_english_writes_too_is_no_german_noun(word: str) -> None:
    assert not german_noun(word)


def test_model_spans_of_german_nouns_are_kept_at_every_mention() -> None:
    text = ("Please see the Überweisung. Krankenkasse: Techniker Krankenkasse (TK). Billed via the Krankenkasse; "
            "Fachärztin für Allgemeinmedizin")
    spans = [_span(text, "Überweisung", "PERSON", "gliner_shipped"), _span(text, "Techniker Krankenkasse", "ORGANIZATION"),
             _span(text, "Fachärztin für Allgemeinmedizin", "NRP")]
    kept = sorted({k.text for k in german_nouns(text, spans)})
    assert kept == ["Fachärztin für Allgemeinmedizin", "Techniker Krankenkasse", "Überweisung"]
    assert sum(k.text == "Techniker Krankenkasse" for k in german_nouns(text, spans)) == 1


@pytest.mark.parametrize(
    ("text", "surface", "label"),
    [
        ("He is a retired Straßenbahnfahrer (tram driver).", "Straßenbahnfahrer", "PERSON"),  # an occupation
        ("She works as an Erzieherin in Leipzig.", "Erzieherin", "ORG"),
        ("The kindergarten teacher (Erzieher) called.", "Erzieher", "DEM"),  # the model's demographic
        ("the Braunau District Authority (Bezirkshauptmannschaft) decided", "Bezirkshauptmannschaft", "ORG"),
        ("Letter from Sabine Krämer - Fachärztin", "Sabine Krämer - Fachärztin", "PERSON"),  # a name inside
        ("She lives in Connewitz near the park.", "Connewitz", "LOC"),  # a district: a place label wants a common word
    ],
)
def test_an_occupation_a_translated_name_or_a_span_with_a_name_is_not_kept(text: str, surface: str, label: str) -> None:
    assert german_nouns(text, [_span(text, surface, label)]) == []


def test_only_a_models_span_is_judged() -> None:
    text = "Dear Herr Beschluss,"
    assert german_nouns(text, [_span(text, "Beschluss", "PERSON", "privrag_titled_person")]) == []


@pytest.mark.parametrize(("text", "surface"), [('"I am glad," says Gerste.', "Gerste"), ("Our founders: Eiche and Castillo.", "Eiche")])
def test_a_plain_noun_a_model_called_a_person_is_a_family_name(text: str, surface: str) -> None:
    assert german_nouns(text, [_span(text, surface, "PERSON")]) == []


def test_an_abstract_noun_or_a_compound_a_model_called_a_person_is_kept() -> None:
    text = "The Anhörung was sent; the Krankenkasse pays."
    spans = [_span(text, "Anhörung", "PERSON"), _span(text, "Krankenkasse", "PERSON")]
    assert sorted({k.text for k in german_nouns(text, spans)}) == ["Anhörung", "Krankenkasse"]


def test_a_rare_abstract_noun_a_model_called_a_place_is_kept_a_rare_town_is_not() -> None:
    # "Scheinselbstständigkeit" (sham self-employment) is as rare in German as a small town's name, but no
    # town's name ends as an abstract noun does
    text = "Risk of Scheinselbstständigkeit if she works only for us; she lives in Connewitz."
    spans = [_span(text, "Scheinselbstständigkeit", "LOCATION"), _span(text, "Connewitz", "LOCATION")]
    assert [k.text for k in german_nouns(text, spans)] == ["Scheinselbstständigkeit"]
