"""Named clinical instruments (:mod:`privrag.keep.scales`): kept with their value, never with the patient's name."""

from __future__ import annotations

import pytest

from privrag.keep.scales import instrument_mentions


def _kept(text: str) -> list[str]:
    return [k.text for k in instrument_mentions(text)]


@pytest.mark.parametrize(
    ("text", "kept"),
    [("Barthel Index 45/100 today", "Barthel Index 45/100"), ("The Barthel Index was 45", "Barthel Index"),
     ("Berg Balance Scale 41/56", "Berg Balance Scale 41/56"), ("per the Beers Criteria", "Beers Criteria"),
     ("Epworth Sleepiness Scale (ESS) 16", "Epworth Sleepiness Scale (ESS) 16"),
     ("Apnoea-Hypopnoea Index (AHI) 47.3 events/h", "Apnoea-Hypopnoea Index (AHI) 47.3")],
)
def test_a_named_instrument_is_kept_with_its_value(text: str, kept: str) -> None:
    assert _kept(text) == [kept]


@pytest.mark.parametrize(
    ("text", "kept"),
    [("Mary Jones Waterlow Score 12 on admission.", ["Waterlow Score 12"]),
     ("Completed by Sarah Lee Morse Fall Scale: 45", ["Fall Scale"]),
     ("Patient\tJohn Smith\tBraden Scale\t14", ["Braden Scale"]),
     ("Tom Jones Hospital Anxiety and Depression Scale (HADS) 12", ["Hospital Anxiety and Depression Scale (HADS) 12"]),
     ("Emily Carter Clinical Frailty Scale 5", ["Clinical Frailty Scale 5"])],
)
def test_the_patients_name_before_an_instrument_is_never_part_of_it(text: str, kept: list[str]) -> None:
    assert _kept(text) == kept


@pytest.mark.parametrize("text", ["Jane Smith Experian Credit Score 700", "Priya Sharma Performance Score 2/5", "Score 5"])
def test_a_persons_own_rating_or_a_bare_head_is_not_kept(text: str) -> None:
    assert _kept(text) == []
