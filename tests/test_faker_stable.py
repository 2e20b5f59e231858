"""A seeded Faker draw is the same in every process, whatever PYTHONHASHSEED is."""

from __future__ import annotations

import os
import subprocess
import sys

_DRAW = (
    "from privrag.faker_stable import stable_faker\n"
    "f = stable_faker('it_IT'); f.seed_instance(7)\n"
    "print('|'.join(f.city() for _ in range(8)))\n"
)


def _draw(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, "-c", _DRAW], env=env, capture_output=True, text=True, check=True).stdout


def test_italian_towns_do_not_depend_on_the_hash_seed() -> None:
    assert _draw("1") == _draw("2") != ""


def test_set_derived_lists_are_sorted_and_others_untouched() -> None:
    from faker import Faker

    from privrag.faker_stable import stable

    plain, fixed = Faker("it_IT"), stable(Faker("it_IT"))
    cities = next(p.cities for p in fixed.get_providers() if hasattr(p, "cities"))
    assert cities == sorted(cities)
    plain.seed_instance(3)
    fixed.seed_instance(3)
    assert [plain.name() for _ in range(5)] == [fixed.name() for _ in range(5)]
