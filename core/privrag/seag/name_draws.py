"""Faker's name draws, with the cumulative weights computed once.

Faker draws a weighted name with ``random.choices(names, weights=…)``, which
adds up all weights (a thousand surnames in ``en_US``) on every call. A long
letter's alias table draws tens of thousands of candidate names, most of
them rejected because they are taken, so that sum was most of SEAG's time.
:class:`FastNames` passes the sums it computed once as ``cum_weights``:
``random.choices`` then consumes the same random numbers and returns the same
names as Faker would, so a seeded table is unchanged — only faster.
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["FastNames"]

_METHODS = {
    "last_name": "last_names",
    "first_name": "first_names",
    "first_name_male": "first_names_male",
    "first_name_female": "first_names_female",
}


@functools.lru_cache(maxsize=64)
def _tables(locale: str) -> dict[str, tuple[tuple[str, ...], list[float] | None]]:
    """Name lists of the locale's person provider, for the draws it does not override."""
    from itertools import accumulate

    from faker import Faker
    from faker.providers.person import Provider as PersonProvider

    fake = Faker(locale)
    out: dict[str, tuple[tuple[str, ...], list[float] | None]] = {}
    for prov in fake.get_providers():
        if not isinstance(prov, PersonProvider):
            continue
        if not getattr(prov, "__use_weighting__", True):
            return out
        for method, attr in _METHODS.items():
            if getattr(type(prov), method) is not getattr(PersonProvider, method):
                continue  # the locale draws this name its own way: leave it to Faker
            names = getattr(prov, attr, None)
            if not names:
                continue
            if isinstance(names, dict):
                out[method] = (tuple(names), list(accumulate(names.values())))
            elif isinstance(names, (tuple, list)):
                out[method] = (tuple(names), None)
        # first_name_male/female fall back to first_name where the locale has no gendered list
        for g in ("first_name_male", "first_name_female"):
            if g not in out and not getattr(prov, _METHODS[g], None) and "first_name" in out:
                out[g] = out["first_name"]
        return out
    return out


class FastNames:
    """A Faker instance whose person-name draws skip the per-call weight sum."""

    def __init__(self, fake: Any, locale: str) -> None:
        self._fake = fake
        self._tables = _tables(locale)

    def _draw(self, method: str) -> str:
        table = self._tables.get(method)
        if table is None:
            return getattr(self._fake, method)()
        names, cum = table
        rnd = self._fake.random
        if cum is None:
            return rnd.choice(names)
        return rnd.choices(names, cum_weights=cum)[0]

    def last_name(self) -> str:
        return self._draw("last_name")

    def first_name(self) -> str:
        return self._draw("first_name")

    def first_name_male(self) -> str:
        return self._draw("first_name_male")

    def first_name_female(self) -> str:
        return self._draw("first_name_female")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fake, name)
