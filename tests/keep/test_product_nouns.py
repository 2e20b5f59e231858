"""A brand named as the maker of an object is kept; a person, a place or an employer never is."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder
from privrag.keep.product_nouns import maker_keeps
from privrag.types import DetectedEntity


@pytest.mark.parametrize(
    ("text", "maker"),
    [
        ("I see a Ninja Foodi air fryer for $129.99", "Ninja Foodi"),  # an object of two words
        ("My checked suitcase (red Samsonite spinner, 75 cm) did not arrive", "Samsonite"),
        ("The Smeg kettle leaks.", "Smeg"),  # the sentence's capital is no part of the name
        ("She wears a Dexcom G7 sensor.", "Dexcom G7"),  # a model code after the maker
        ("Started on an Omnipod 5 pump in May.", "Omnipod 5"),
        ("Fitted with an Aircast stirrup brace.", "Aircast"),  # one word for the kind of object
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
        "She works at Smeg. Her Smeg kettle broke.",  # an employer
        "Return your Concentrix laptop by Friday.",  # an employer's equipment is not in the list
    ],
)
def test_a_person_a_place_or_an_employer_before_the_noun_is_not(text: str) -> None:
    assert maker_keeps(text) == []


def test_a_person_the_text_names_is_never_a_maker() -> None:
    assert maker_keeps("Ask Okoro kettle questions.", frozenset({"okoro"})) == []


def test_the_finder_cuts_the_maker_out_of_a_models_span() -> None:
    text = "I see a Ninja Foodi air fryer for $129.99, shipped with UPS."
    i = text.index("Ninja")
    span = DetectedEntity(i, i + len("Ninja Foodi air fryer"), "ORGANIZATION", "Ninja Foodi air fryer", 0.85, "SpacyRecognizer")
    assert "Ninja Foodi" in [k.text for k in KeepFinder().find(text, [span])]


def test_a_models_person_ending_in_the_objects_noun_is_no_full_name() -> None:
    text = "Our cleaner Mere found the Smeg kettle lid cracked."
    i = text.index("Smeg")
    span = DetectedEntity(i, i + len("Smeg kettle"), "PERSON", "Smeg kettle", 0.85, "SpacyRecognizer")
    assert "Smeg" in [k.text for k in KeepFinder().find(text, [span])]


@pytest.mark.parametrize(
    ("text", "service"),
    [
        ("Payslips are on the ADP portal since May.", "ADP"),
        ("Security training is in the KnowBe4 portal.", "KnowBe4"),
        ("N850,000 at 12:04pm to an OPay wallet in the name of a stranger.", "OPay"),
    ],
)
def test_the_service_behind_an_app_or_a_portal_is_kept(text: str, service: str) -> None:
    assert [k.text for k in maker_keeps(text)] == [service]


@pytest.mark.parametrize(
    "text",
    [
        "To: Cedar Creek Family Medicine portal",  # a practice's own portal: a facility's word
        "I've handed the Hendry account call to Priya.",  # a client's account is not in the list
        "Priyanka (Fibrelane): use the Fibrelane app to track it.",  # the agent's employer
        "Reminder swaps must go on the Shiftboard app.",  # a coined word alone may be a person's name
    ],
)
def test_a_practice_a_client_or_an_employer_before_a_service_noun_is_not(text: str) -> None:
    assert maker_keeps(text) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Purpose: site audit and ASC certification pre-check at the client.", "ASC"),
        ("Completed the AWS Certified Data Engineer certification by Q2.", "AWS Certified Data Engineer"),
        ("I would like to do the WIFI Steiermark course in the evenings.", "WIFI Steiermark"),
    ],
)
def test_a_qualifications_name_before_its_noun_is_a_general_term(text: str, name: str) -> None:
    assert [(k.text, k.why) for k in maker_keeps(text)] == [(name, "general_term")]


@pytest.mark.parametrize(
    "text",
    [
        "Our Acme Ltd training is mandatory.",  # a registered firm's own
        "She has the Kingston College certificate.",  # a school's
        "She will attend the Dale Carnegie course.",  # a person's name, whatever it names
        "Ask about the Nkechi course.",  # a coined word alone
    ],
)
def test_a_firm_a_school_or_a_person_before_a_qualification_is_not(text: str) -> None:
    assert maker_keeps(text) == []
