"""FastNames draws exactly the names Faker would, from the same seed, only faster."""

from __future__ import annotations

import pytest
from faker import Faker

from privrag.seag.name_draws import FastNames

METHODS = ["last_name", "first_name", "first_name_male", "first_name_female"]


@pytest.mark.parametrize("locale", ["en_US", "en_GB", "de_DE", "fr_FR", "ru_RU", "zh_CN", "ja_JP", "pt_BR"])
def test_same_names_as_faker_for_the_same_seed(locale):
    plain, fast_base = Faker(locale), Faker(locale)
    plain.seed_instance(7)
    fast_base.seed_instance(7)
    fast = FastNames(fast_base, locale)
    drawn = [(m, getattr(plain, m)(), getattr(fast, m)()) for _ in range(60) for m in METHODS]
    assert [d[1] for d in drawn] == [d[2] for d in drawn]
    assert len({d[1] for d in drawn}) > 20  # real draws, not one name repeated


def test_other_providers_pass_through():
    fake = Faker("en_US")
    fake.seed_instance(1)
    assert FastNames(fake, "en_US").city()
