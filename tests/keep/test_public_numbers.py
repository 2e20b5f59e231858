"""Public service numbers (:mod:`privrag.keep.public_numbers`): helplines kept, people's numbers not."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder
from privrag.keep.public_numbers import (
    is_organisation_number,
    is_short_public_number,
    public_number_spans,
)


def _numbers(text: str) -> list[str]:
    return [text[a:b] for a, b in public_number_spans(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("If you have thoughts of harming yourself, call 111 or Samaritans on 116 123.", ["111", "116 123"]),
        ("Call or text 1737, free, 24/7.\nLifeline 0800 543 354.", ["0800 543 354", "1737"]),
        ("knows to call 988.", ["988"]),
        ("If she can't keep safe: 111 or the ED.", ["111"]),
        ("call 1-800-273-8255", ["1-800-273-8255"]),
    ],
)
def test_helplines_and_freephone_numbers_are_public(text: str, expected: list[str]) -> None:
    assert _numbers(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Bed 111 - Tan Ah Huat", "call me on 07700 900123", "ring 020 7946 0018", "paid £999 by card", "see page 112",
     "call ext. 4412 now"],
)
def test_a_bed_a_price_or_a_persons_number_is_not(text: str) -> None:
    assert _numbers(text) == []


def test_libphonenumber_decides_what_is_short_and_what_is_freephone() -> None:
    assert is_short_public_number("116123") and not is_short_public_number("12345")
    assert is_organisation_number("0800 543 354") and not is_organisation_number("07700 900123")


def test_the_keep_finder_names_the_reason(finder: KeepFinder) -> None:
    text = "Call 111 if worse."
    assert [(k.text, k.why) for k in finder.find(text) if k.why == "public_number"] == [("111", "public_number")]


def test_a_year_is_never_a_short_number() -> None:
    assert _numbers("She called the practice in 2021 and again in 2022.") == []


@pytest.mark.parametrize(
    ("text", "org", "service"),
    [("Safety plan updated; 988 Suicide & Crisis Lifeline number in her phone.", "988 Suicide & Crisis Lifeline",
      "Suicide & Crisis Lifeline"),  # the model's span holds the number too
     ("2. Lifeline 0800 543 354 or text 4357.\n3. Healthline 0800 611 116 after hours.", "Healthline", "Healthline")],
)
def test_the_name_beside_a_number_free_to_call_is_a_public_service(text: str, org: str, service: str) -> None:
    from privrag.types import DetectedEntity

    i = text.index(org)
    span = DetectedEntity(i, i + len(org), "ORGANIZATION", org, 0.8, "SpacyRecognizer")
    assert service in [k.text for k in KeepFinder().find(text, [span]) if k.why == "public_entity"]


def test_a_firm_beside_an_ordinary_phone_number_is_not_a_public_service() -> None:
    from privrag.types import DetectedEntity

    text = "Call Brightwater Plumbing 0113 496 0782 today."
    i = text.index("Brightwater Plumbing")
    span = DetectedEntity(i, i + 20, "ORGANIZATION", "Brightwater Plumbing", 0.8, "SpacyRecognizer")
    assert "Brightwater Plumbing" not in [k.text for k in KeepFinder().find(text, [span])]
