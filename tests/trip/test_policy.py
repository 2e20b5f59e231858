"""TripPolicy: always / never rules."""

from __future__ import annotations

import pytest

from privrag.trip import TripPolicy
from privrag.types import DetectedEntity, Entity


def _ent(text: str, label: str) -> Entity:
    return Entity(0, label, [DetectedEntity(0, len(text), label, text)])


def test_identifiers_are_always_masked_numbers_are_not():
    p = TripPolicy()
    assert p.rule_for(_ent("a@b.org", "EMAIL_ADDRESS")) == (True, "always_mask")
    assert p.rule_for(_ent("28045/02", "APPLICATION_NUMBER")) == (True, "always_mask")
    assert p.rule_for(_ent("0113 496 0782", "PHONE_NUMBER")) == (True, "always_mask")
    assert p.rule_for(_ent("three", "CARDINAL")) == (None, "")
    assert p.rule_for(_ent("Acme Freight", "ORG")) == (None, "")


def test_a_private_persons_direct_identifiers_are_a_floor():
    p = TripPolicy()
    assert p.rule_for(_ent("Anna Weber", "PERSON")) == (True, "always_mask")
    assert p.rule_for(_ent("12 Larch Grove, Sale", "STREET_ADDRESS")) == (True, "always_mask")
    assert p.rule_for(_ent("@aweber", "USERNAME")) == (True, "always_mask")


def test_never_mask_terms_and_labels_win():
    p = TripPolicy(never_mask={"The European Court of Human Rights"}, never_mask_labels={"DATE"})
    assert p.rule_for(_ent("European Court of Human Rights", "ORG")) == (False, "never_mask")
    assert p.rule_for(_ent("12 May 2003", "DATE_TIME")) == (False, "never_mask_label")
    assert TripPolicy(never_mask={"help@court.example"}).rule_for(_ent("help@court.example", "EMAIL"))[0] is False


def test_an_entity_holding_a_name_is_floored_whatever_its_label():
    p = TripPolicy()
    forms = frozenset({"Quennell"})
    assert p.holds_a_name(_ent("2:48 PM  Quennell", "DATE_TIME"), forms)
    assert p.holds_a_name(_ent("Mehmet", "ORG"), frozenset())  # a given name of the locales
    assert not p.holds_a_name(_ent("Leeds", "LOC"), forms)
    assert not TripPolicy(names_floor=False).holds_a_name(_ent("Mehmet", "ORG"), forms)



@pytest.mark.parametrize(
    ("text", "street", "town", "code", "inside"),
    [("Address: 4 Cois Cuain, Knocknacarra, Galway, H91 X7P2.", "4 Cois Cuain, Knocknacarra", "Galway", "H91 X7P2", True),
     ("Tŷ Capel, Ffordd Llanrug, Cwm-y-glo, Caernarfon LL55 4DE", "Tŷ Capel, Ffordd Llanrug, Cwm-y-glo", "Caernarfon",
      "LL55 4DE", True),
     ("Lives at 4 Cois Cuain. She loves Galway, H91 X7P2 is on file.", "4 Cois Cuain", "Galway", "H91 X7P2", False)],
)
def test_a_town_inside_a_persons_address_is_part_of_it(text: str, street: str, town: str, code: str,
                                                      inside: bool) -> None:
    from privrag.trip.engine import _in_an_address

    addresses = sorted((text.index(x), text.index(x) + len(x)) for x in (street, code))
    i = text.index(town)
    place = Entity(1, "LOCATION", [DetectedEntity(i, i + len(town), "LOCATION", town, 0.8, "SpacyRecognizer")])
    assert _in_an_address(text, place, addresses) is inside


def test_every_capitalised_word_of_a_full_name_is_a_person_form() -> None:
    from privrag.trip.policy import person_forms

    full = DetectedEntity(0, 14, "PERSON", "Blessing Nkosi", 0.85, "SpacyRecognizer")
    words = DetectedEntity(20, 35, "PERSON", "Dental Practice", 0.85, "SpacyRecognizer")
    forms = person_forms([full, words])
    assert {"Blessing", "Nkosi"} <= forms
    assert "Dental" not in forms and "Practice" not in forms  # a model's person span of words alone


def test_an_entity_holding_a_dictionary_given_name_of_a_full_name_is_masked_by_the_floor() -> None:
    from privrag.trip.policy import person_forms

    place = Entity(1, "LOCATION", [DetectedEntity(40, 48, "LOCATION", "Blessing", 0.85, "SpacyRecognizer")])
    forms = person_forms([DetectedEntity(0, 14, "PERSON", "Blessing Nkosi", 0.85, "SpacyRecognizer")])
    assert TripPolicy().holds_a_name(place, forms)


def test_a_full_names_initials_are_a_person_form_for_the_floor() -> None:
    from privrag.trip.policy import person_forms

    firm = Entity(2, "ORGANIZATION", [DetectedEntity(60, 62, "ORGANIZATION", "BK", 0.85, "SpacyRecognizer")])
    forms = person_forms([DetectedEntity(0, 15, "PERSON", "Brett Kowalczyk", 0.85, "SpacyRecognizer")])
    assert "BK" in forms
    assert TripPolicy().holds_a_name(firm, forms)
