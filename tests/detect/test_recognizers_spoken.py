"""What a call's transcript reads out: numbers, streets and e-mail addresses in words."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers import email_recognizer
from privrag.detect.recognizers_spoken import spoken_number_recognizer, spoken_street_recognizer


def _hits(recognizer, text: str) -> list[str]:
    return [text[r.start : r.end] for r in recognizer.analyze(text, None, None)]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("caller: yeah um its h o three dash four four seven one two nine eight", "h o three dash four four seven one two nine eight"),
        ("seven six three five five five zero one eight four thats my cell", "seven six three five five five zero one eight four"),
        ("my account is double seven four one two zero", "double seven four one two zero"),
        ("the zip is five five three six nine", "five five three six nine"),
        ("call me on oh seven seven, double nine, four one two", "oh seven seven, double nine, four one two"),
    ],
)
def test_a_number_read_digit_by_digit_is_an_identifier(text: str, number: str) -> None:
    assert _hits(spoken_number_recognizer(), text) == [number]


@pytest.mark.parametrize(
    "text",
    [
        "march third nineteen eighty two",  # a date: its numbers are read in pairs
        "it was four hundred eighty five dollars",  # an amount
        "we left at five thirty in the morning",  # a time
        "oh no im sorry is the water stopped now",  # "oh" as a word
        "she is fifty two and has two or three kids",
        "the score was three two",
        "I have one, two, three, four, five reasons to stay.",  # counting
        "Count to ten: one two three four five six seven eight nine ten.",
        "five four three two one",  # a countdown
    ],
)
def test_dates_amounts_times_and_words_are_no_spoken_number(text: str) -> None:
    assert _hits(spoken_number_recognizer(), text) == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("and its fourteen oh six cedar ridge lane maple grove", "fourteen oh six cedar ridge lane"),
        ("we live at twelve maple drive now", "twelve maple drive"),
        ("it's one twenty harbour view road", "one twenty harbour view road"),
    ],
)
def test_a_street_address_read_out_is_an_address(text: str, street: str) -> None:
    assert _hits(spoken_street_recognizer(), text) == [street]


@pytest.mark.parametrize("text", ["it was one long road to recovery", "a two way street", "the three of us drove the old road",
                                  "It's a twenty minute drive from here.", "We finished in twenty second place.",
                                  "a ninety mile highway", "a thirty foot wide road"])
def test_a_number_word_before_a_road_is_no_address(text: str) -> None:
    assert _hits(spoken_street_recognizer(), text) == []


def test_a_spoken_email_takes_a_number_read_as_tens() -> None:
    text = "caller: angie dot morrison eighty two at gmail dot com"
    assert _hits(email_recognizer(), text) == ["angie dot morrison eighty two at gmail dot com"]
