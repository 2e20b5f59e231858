"""Given names from a gazetteer: mid-sentence in cased text, anywhere in text typed all in lower case."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_first_names import (
    first_name_mentions,
    first_name_recognizer,
    first_names,
)


def found(text: str) -> list[str]:
    return [text[a:b] for a, b in first_name_mentions(text)]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("the applicant, Mr Ahmet Yilmaz, and his wife Ayse", ["Ahmet Yilmaz", "Ayse"]),
        ("you can leave me katarina, four hungry children", ["katarina"]),
        ("the version recorded for ines moreno became the first", ["ines moreno"]),
        ("ask Maria S Lindqvist about it", ["Maria S Lindqvist"]),  # an initial and a surname join
        ("Thanks to Aoife and Isla for the notes", ["Aoife", "Isla"]),  # Irish and Scottish given names
        ("the carer, Chiamaka, phoned", ["Chiamaka"]),  # a Nigerian given name
        ("a girl, 3.9 kg (Aoife), was born", ["Aoife"]),  # an opening bracket starts no sentence
    ],
)
def test_given_names_are_found(text: str, names: list[str]) -> None:
    assert found(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "Maria went home.",  # a sentence start: every word is capitalised there
        "Notes:\nMaria went home.",  # a line start
        "I met Will and Grace in June",  # names that are English words or months
        "In Germany the Sami people and the German court",  # peoples, nationalities, places
        "Call MARIA now",  # capitals: an acronym as often as a name
    ],
)
def test_no_name_at_a_sentence_start_or_in_a_word_that_is_also_english(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Staff: Bethany Ruiz, Volunteer Coordinator", ["Bethany Ruiz"]),  # after a colon; "Bethany" is a town
        ("Grace Ortega called back.", ["Grace Ortega"]),  # a sentence start, a given name that is a word
        ("Minutes taken by Grace J. Okafor", ["Grace J. Okafor"]),
        ("14:03 You: olivia grant-mensah 5 may 1986", ["olivia grant-mensah"]),  # one part of the surname is enough
    ],
)
def test_a_full_name_is_found_whatever_its_given_name_also_is(text: str, names: list[str]) -> None:
    assert found(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "Jordan Valley Hospital is on the left.",  # the next word is common English
        "Florence Street was closed.",
        "Victoria Station at noon.",
        "May Johnson",  # a month first: never read as a name here
    ],
)
def test_a_given_name_before_a_common_word_or_a_place_is_no_full_name(text: str) -> None:
    assert found(text) == []


def test_a_rare_lowercase_name_in_a_lowercase_chat_message_of_a_cased_transcript() -> None:
    chat = (
        "Support chat, order 4411\n"
        "2:58 PM  Customer: oh if my husband jamal calls dont freak out\n"
        "2:59 PM  Customer: ok grant him access\n"  # "grant" is a given name and a common word
        "3:00 PM  Agent (Support): Sure, noted for jamal."
    )
    assert found(chat) == ["jamal"]


def test_extra_locales_give_only_names_that_are_rare_in_english() -> None:
    # "Council" and "Governor" are given names in some locales' lists and common English words
    names = first_names()
    assert {"aoife", "isla", "chiamaka"} <= names
    assert not {"council", "governor", "martial"} & names
    assert found("the Council and the Governor met") == []


def test_lowercase_names_only_in_lowercase_text() -> None:
    assert found("she told maria yesterday") == ["maria"]
    assert found("She told maria yesterday") == []


def test_the_gazetteer_excludes_words_dates_and_places() -> None:
    names = first_names()
    assert len(names) > 3000
    assert {"maria", "ahmet", "nina"} <= names
    assert not {"will", "june", "jan", "german", "sami", "may", "the"} & names


def test_the_recognizer_reports_persons_and_respects_the_entity_list() -> None:
    rec = first_name_recognizer()
    text = "yesterday nina called"
    assert [(r.start, r.end, r.entity_type) for r in rec.analyze(text, ["PERSON"])] == [(10, 14, "PERSON")]
    assert rec.analyze(text, ["LOCATION"]) == []


def test_empty_text() -> None:
    assert first_name_mentions("") == []


def test_it_is_one_of_the_default_recognizers() -> None:
    from privrag.detect.recognizers import identifier_recognizers

    assert "privrag_first_name" in {r.name for r in identifier_recognizers()}


def test_feminine_polish_surnames_are_surnames() -> None:
    # Faker lists "Nowicki" and "Kowalski"; Polish writes a woman's surname with -ska/-cka
    assert found("Seen with Beata Nowicka and Anna Kowalska today") == ["Beata Nowicka", "Anna Kowalska"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("agent rosa: hi! i can see it was sent with Royal Mail on the 3rd", ["rosa"]),  # a speaker's label
        ("Agent: thanks callum. I have sent a replacement by DPD", ["callum"]),  # thanked
        ("Hello mate, how are you? Sent by Royal Mail", []),  # an everyday word greeted
        ("Re: rosa bushes in the Garden", []),
    ],
)
def test_a_lower_case_name_greeted_or_labelling_a_speaker_in_a_cased_chat(text: str, names: list[str]) -> None:
    assert found(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[10:04] Declan: It's the chest again. Oisín brought home a cold from crèche.", ["Oisín"]),
        ("Thanks. Siobhán rang the ward at six.", ["Siobhán"]),
    ],
)
def test_a_given_name_rare_in_english_opens_a_sentence_and_keeps_its_accents(text: str, names: list[str]) -> None:
    assert [n for n in found(text) if n in names] == names


def test_the_name_list_holds_a_name_with_the_accents_its_list_spells_without() -> None:
    from privrag.detect.recognizers_first_names import first_names

    assert "oisin" in first_names() and "oisín" in first_names() and "café" not in first_names()
    assert "niño" not in first_names()  # a common word of a language of ours ("El Niño") is not folded


@pytest.mark.parametrize("text", ["Día 3: sin fiebre.", "Abril 2025: revisión."])
def test_a_short_foreign_note_opens_no_sentence_with_a_name(text: str) -> None:
    assert found(text) == []
