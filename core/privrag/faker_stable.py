"""Faker instances whose seeded draws are the same in every process.

A few Faker providers build an element list from a set: it_IT's address
provider has ``cities = list({...})``. Its order, and so what a seeded
``fake.city()`` returns, changes with ``PYTHONHASHSEED`` — two processes with
the same seed generate different Italian towns. That breaks what privrag
promises of a seed: the same training documents for f_priv (and so the same
embedding cache key and weights), the same SEAG alias table. :func:`stable`
sorts those lists once, when the instance is built.
"""

from __future__ import annotations

from typing import Any

__all__ = ["stable", "stable_faker"]

#: (provider module, attribute) pairs Faker builds from a set
SET_DERIVED: tuple[tuple[str, str], ...] = (("faker.providers.address.it_IT", "cities"),)


def stable(fake: Any) -> Any:
    """Sort the set-derived element lists of ``fake``'s providers in place; returns ``fake``."""
    for prov in fake.get_providers():
        for module, attr in SET_DERIVED:
            values = getattr(prov, attr, None)
            if type(prov).__module__ == module and isinstance(values, list):
                setattr(prov, attr, sorted(values))
    return fake


def stable_faker(locale: str) -> Any:
    """``Faker(locale)`` with :func:`stable` applied."""
    from faker import Faker

    return stable(Faker(locale))
