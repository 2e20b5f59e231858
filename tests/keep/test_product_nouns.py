"""A brand named as the maker of an object is kept; a person, a family, a place or an employer never is."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder
from privrag.keep.product_nouns import maker_keeps
from privrag.types import DetectedEntity


@pytest.mark.parametrize(
    ("text", "maker"),
    [
        ("I see a Ninja Foodi air fryer for $129.99", "Ninja Foodi"),  # an object of two words
        ("She wears a Dexcom G7 sensor.", "Dexcom G7"),  # a model code after the maker
        ("Started on an Omnipod 5 pump in May.", "Omnipod 5"),
        ("Meter readings from an ESB Networks meter.", "ESB Networks"),  # an acronym
    ],
)
def test_the_maker_before_an_objects_noun_is_kept(text: str, maker: str) -> None:
    assert [k.text for k in maker_keeps(text)] == [maker]


@pytest.mark.parametrize(
    "text",
    [
        "New kettle please.",  # an everyday word at a sentence's start
        "Ama's kettle is broken.",  # an owner is written with a possessive
        "Give Sarah kettle duty.",  # a given name
        "a Leeds kettle",  # a place
        "She works at Zorbo Home. Her Zorbo Home kettle broke.",  # an employer
        "Return your Concentrix laptop by Friday.",  # an employer's equipment is not in the list
        # found by the review of stop 39: a family's name is written like a maker's
        "Seen with Mrs Garcia; the Garcia walker needs new ferrules.",
        "Mr Kowalski says the Kowalski boiler has not been serviced since 2019.",
        "Mrs Abimbola Adeyemi-Johnson left her Adeyemi-Johnson wheelchair at reception.",
        "My husband Thabo uses a Mokoena wheelchair from his uncle's workshop.",  # a coined word alone
        "He borrowed the Oyelaran scooter from his brother-in-law.",  # the price of failing closed
        "Our Acme Ltd kettle is broken.",  # a registered firm's
    ],
)
def test_a_person_a_family_a_place_or_an_employer_before_the_noun_is_not(text: str) -> None:
    assert maker_keeps(text) == []


def test_a_person_the_text_names_is_never_a_maker() -> None:
    assert maker_keeps("Ask the Okoro Foodi kettle team.", frozenset({"okoro"})) == []


def test_the_finder_cuts_the_maker_out_of_a_models_span() -> None:
    text = "I see a Ninja Foodi air fryer for $129.99, shipped with UPS."
    i = text.index("Ninja")
    span = DetectedEntity(i, i + len("Ninja Foodi air fryer"), "ORGANIZATION", "Ninja Foodi air fryer", 0.85, "SpacyRecognizer")
    assert "Ninja Foodi" in [k.text for k in KeepFinder().find(text, [span])]


def test_a_models_person_ending_in_the_objects_noun_is_no_full_name() -> None:
    text = "Our cleaner Mere found the Ninja Foodi kettle lid cracked."
    i = text.index("Ninja")
    span = DetectedEntity(i, i + len("Ninja Foodi kettle"), "PERSON", "Ninja Foodi kettle", 0.85, "SpacyRecognizer")
    assert "Ninja Foodi" in [k.text for k in KeepFinder().find(text, [span])]


def test_every_mention_of_a_name_written_many_times_is_kept() -> None:
    text = "I bought a Ninja Foodi kettle for my mum. " * 1000
    assert len(maker_keeps(text)) == 1000
