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
    assert brand in _medicines(text)


@pytest.mark.parametrize(
    "text",
    ["Mrs Lee's cream is on the shelf", "Smith cream applied", "Dr Foster (paracetamol) said so", "Leeds tablets",
     "Kate (our nurse) phoned"],
)
def test_a_person_or_a_place_is_never_a_medicine(text: str) -> None:
    assert not any(w[:1].isupper() for w in _medicines(text) if w.lower() not in ("paracetamol",))
