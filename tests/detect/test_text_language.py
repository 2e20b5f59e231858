"""A text's language from its function words, and model name spans that are only function words."""

from __future__ import annotations

import pytest

from privrag.detect.text_language import (
    function_words,
    lower_case_words,
    text_language,
    without_function_words,
)

FRENCH = ("Selon elle, il l'a assignée seule au nettoyage du four pendant quatre nuits. Le 19 septembre, il lui "
          "aurait dit que ce n'était pas son problème et qu'elle devait se débrouiller avec les autres.")
SPANISH = ("Hola, buenos días. Tu pedido está en camino y el repartidor llega entre las tres y las cinco de la tarde. "
           "Para el repartidor necesito que me confirmes tu teléfono, por favor, y si hay alguien en casa.")
ENGLISH = ("Thanks for your message. The engineer will visit on Tuesday between 8am and 1pm, and the router "
           "should be left switched on so that he can test the line from the cabinet.")


@pytest.mark.parametrize(("text", "language"), [(FRENCH, "fr"), (SPANISH, "es"), (ENGLISH, "en")])
def test_the_language_is_read_from_function_words(text: str, language: str) -> None:
    assert text_language(text) == language


@pytest.mark.parametrize("text", ["", "Name: Jean Dupont\nDOB: 01/02/1980\nMRN: 1234567", "Merci. " + ENGLISH])
def test_too_few_or_english_function_words_say_english(text: str) -> None:
    assert text_language(text) == "en"


def test_spacy_supplies_the_lists() -> None:
    assert {"il", "elle", "les"} <= function_words("fr") and function_words("xx") == frozenset()


@pytest.mark.parametrize("surface", ["il l'a assignée seule", "il lui aurait"])
def test_function_word_spans_of_a_french_text_hold_no_name(surface: str) -> None:
    assert without_function_words(surface, FRENCH) is None


def test_a_capitalised_function_word_opening_a_sentence_is_no_name() -> None:
    text = FRENCH + " Il lui a dit non."
    assert without_function_words("Il", text, text.index("Il lui a")) is None


@pytest.mark.parametrize("text", ["Ich habe mit Anna Lange über die Arbeit gesprochen, aber sie war nicht da.",
                                  "Sebastian Kurz hat gesagt, dass er nicht mit uns über die Sache reden will."])
def test_a_surname_that_is_also_a_function_word_stays(text: str) -> None:
    name = "Anna Lange" if "Lange" in text else "Sebastian Kurz"
    assert without_function_words(name, text, text.index(name)) == (0, len(name))


def test_a_spanish_function_phrase_holds_no_name() -> None:
    assert without_function_words("para el repartidor", SPANISH) is None


@pytest.mark.parametrize(
    ("surface", "kept"),
    [
        ("selon Marie Dubois", "Marie Dubois"),  # the edge's function word is cut, the name stays
        ("Marie de la Tour", "Marie de la Tour"),  # particles belong to the name
        ("fer", "fer"),  # a chat's name typed in lower case holds no function word
    ],
)
def test_names_survive_in_a_foreign_text(surface: str, kept: str) -> None:
    text = FRENCH + " " + surface + " est venue."
    span = without_function_words(surface, text, text.index(surface))
    assert span is not None and surface[span[0] : span[1]] == kept


def test_an_english_text_keeps_every_span_whole() -> None:
    assert without_function_words("il lui", ENGLISH) == (0, 6)


def test_a_function_word_that_is_a_given_name_stays_a_name() -> None:
    assert "ella" in function_words("es")  # Spanish "she", and a given name
    assert without_function_words("ella", SPANISH) == (0, 4)


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Implant LR6 £2,450 incl. crown – patient wishes to think.", "crown"),
        ("Diagnosis: fractured cusp UR6, vital.", "fractured cusp"),
        ("Patienten har sedan i våras livliga drömmar och han är ofta trött på dagen. Han kan inte längre sköta "
         "ekonomin själv, och hustrun har tagit över det mesta av det som han gjorde förut.", "livliga drömmar"),
        # a word capitalised inside a firm's longer name ("Domowy Kredyt Sp. z o.o.") is no one's name
        ("Doradca: Agnieszka Lis, Domowy Kredyt Sp. z o.o., oddział Kraków. Klient ma już kredyt samochodowy, "
         "a rata jest na razie niska. Żona pracuje w szkole i ma umowę na czas nieokreślony od dwóch lat.",
         "kredyt samochodowy"),
    ],
)
def test_ordinary_lower_case_words_are_no_name(text: str, surface: str) -> None:
    start = text.index(surface)
    assert lower_case_words(start, start + len(surface), text)


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("ok so me and jamal will come at 5", "jamal"),  # a chat typed in lower case
        ("Spoke to bill about the rota.", "bill"),  # a given name of the name lists
        ("Ordered from tesco online.", "tesco"),  # no dictionary's word
        ("I met li ming today.", "li ming"),  # "ming" is no "m" + "ing"
        ("Asked will to cover the shift.", "will"),  # a short word alone may be a name
        ("Handover to hills at 8. Spoke to Hills again later.", "hills"),  # written as a name elsewhere
    ],
)
def test_lower_case_names_and_brands_stay(text: str, surface: str) -> None:
    start = text.index(surface)
    assert not lower_case_words(start, start + len(surface), text)
