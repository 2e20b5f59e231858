"""Medicines known by construction: a name and its dose form, a drug and its brand in brackets."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder


def _medicines(text: str) -> list[str]:
    return [k.text for k in KeepFinder().find(text) if k.why == "medication"]


@pytest.mark.parametrize(
    ("text", "brand"),
    [
        ("hypromellose drops hourly by day, Lacri-Lube ointment at night", "Lacri-Lube"),
        ("Naloxone (Prenoxad) kit replaced", "Prenoxad"),
        ("Discussed switch to Buvidal (monthly prolonged-release buprenorphine); he agreed", "Buvidal"),
        ("Zerobase 2% cream twice daily", "Zerobase"),
    ],
)
def test_a_brand_outside_the_drug_list_is_kept_by_its_construction(text: str, brand: str) -> None:
    assert any(brand in m for m in _medicines(text))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Analgesia: Voltaren gel. Funded under a plan", "Voltaren gel"),  # a listed brand
        ("hypromellose drops hourly, Lacri-Lube ointment at night", "Lacri-Lube ointment"),
        ("Zerobase 2% cream twice daily", "Zerobase 2% cream"),
    ],
)
def test_the_dose_form_is_kept_with_the_name(text: str, kept: str) -> None:
    assert kept in _medicines(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Switched to co-amoxiclav 625 mg three times daily.", "co-amoxiclav"),
        ("Movicol 1 sachet at night", "Movicol"),
    ],
)
def test_a_rare_word_before_its_dose_is_a_medicine(text: str, kept: str) -> None:
    assert kept in _medicines(text)


@pytest.mark.parametrize(
    "text",
    ["Take 2 tablets at night", "Weight 70 kg today", "Mrs Lee 5 mg", "given daily 5 mg", "Leeds 10 mg"],
)
def test_a_common_word_a_name_or_a_place_before_a_dose_is_no_medicine(text: str) -> None:
    assert _medicines(text) == []


def test_a_medicine_kept_once_is_kept_at_its_other_mentions() -> None:
    text = "Treated with co-amoxiclav IV, then oral co-amoxiclav 625 mg for 3 days. Co-amoxiclav stopped."
    assert _medicines(text).count("co-amoxiclav") == 2
    assert "Co-amoxiclav" in _medicines(text)


def test_a_surname_that_is_a_medicine_elsewhere_is_not_followed() -> None:
    # "Lee" is kept nowhere, and a person's name is never taken from another mention
    text = "Seen by Dr Lee. Started Lacri-Lube ointment; Lacri-Lube again tomorrow."
    spans = [(k.start, k.text) for k in KeepFinder().find(text) if k.why == "medication"]
    assert (text.rindex("Lacri-Lube"), "Lacri-Lube") in spans
    assert not any(t == "Lee" for _, t in spans)


@pytest.mark.parametrize(
    "text",
    ["Mrs Lee's cream is on the shelf", "Smith cream applied", "Dr Foster (paracetamol) said so", "Leeds tablets",
     "Kate (our nurse) phoned"],
)
def test_a_person_or_a_place_is_never_a_medicine(text: str) -> None:
    assert not any(w[:1].isupper() for w in _medicines(text) if w.lower() not in ("paracetamol",))


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("switching to Tab. Linezolid 600 mg BD x 7 days", "Tab."),
        ("Cap. Amoxicillin 500 mg TDS", "Cap."),
        ("Inj. Ceftriaxone 1 g IV OD", "Inj."),
    ],
)
def test_a_prescriptions_abbreviated_dose_form_is_kept_with_the_drug(text: str, form: str) -> None:
    assert form in _medicines(text)


def test_an_abbreviation_before_no_drug_is_not_a_dose_form() -> None:
    assert "Tab." not in _medicines("Open the Tab. Settings menu")
