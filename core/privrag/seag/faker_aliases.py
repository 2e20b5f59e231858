"""The default alias generator: Faker, offline, seeded, locale-aware.

Aliases should read like the real thing, so the generator keeps writing
about "Mr Cruz of Harper Corporation in Lisbon" as naturally as it would
about the originals — and never learns that anything was replaced. Names
are rewritten part by part (:mod:`privrag.seag.families`), places through
the gazetteer, e-mail addresses and URLs are rebuilt from the aliased names,
and identifiers keep their shape (digits stay digits, separators stay).
Every draw is checked with the builder's ``avoid`` predicate and redrawn on
a collision; the last resort is a shape-preserving random string.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from privrag import gazetteer
from privrag.seag.faker_run import FakerRun
from privrag.seag.faker_support import KEEP_TITLES, TRIES, faker_for, shape_alias
from privrag.seag.families import (
    FEMALE_HONORIFICS,
    MALE_HONORIFICS,
    NAME_PARTICLES,
    ORG_GENERIC,
    case_like,
    rewrite_tokens,
)
from privrag.seag.generator import AliasPlan, AliasSuggestion, Avoid

__all__ = ["FakerAliasGenerator", "shape_alias", "fresh_alias"]


class FakerAliasGenerator:
    """Propose realistic aliases with Faker.

    Key init args:
        locale: Faker locale(s) for names, cities and companies (``"en_US"``,
            ``"de_DE"``, …); the plan's locale is used when this is ``None``.
        keep_titles: keep honorific TITLE spans ("Dr.", "Mrs") as they are.
    """

    def __init__(self, locale: str | None = None, *, keep_titles: bool = True) -> None:
        self.locale = locale
        self.keep_titles = keep_titles

    # -- protocol ---------------------------------------------------------------
    def propose(
        self, plan: AliasPlan, fixed: Mapping[str, str], rng: random.Random, avoid: Avoid
    ) -> list[AliasSuggestion]:
        return FakerRun(self, plan, fixed, rng, avoid).run()


def fresh_alias(form: str, category: str, locale: str, rng: random.Random, avoid: Avoid) -> str | None:
    """One alias drawn without the request's shared maps (names, countries):
    the way out when a consistent alias composes with neighbouring text."""
    fake = faker_for(locale, rng.randrange(2**31))

    def person_token(base: str, i: int, n: int) -> str | None:
        low = base.lower().rstrip(".")
        if low in NAME_PARTICLES or low in KEEP_TITLES | MALE_HONORIFICS | FEMALE_HONORIFICS or len(base) < 2:
            return None
        return fake.last_name() if i == n - 1 else fake.first_name()

    makers = {
        "PERSON": lambda: rewrite_tokens(form, person_token),
        "LOC": fake.city, "ADDRESS": fake.street_address, "NORP": lambda: rng.choice(gazetteer.COUNTRIES).demonym,
        "ORG": lambda: rewrite_tokens(form, lambda b, i, n: None if b.lower() in ORG_GENERIC else fake.last_name()),
    }
    make = makers.get(category, lambda: shape_alias(form, rng))
    for _ in range(TRIES):
        cand = case_like(form, make())
        if cand and cand != form and not avoid(cand):
            return cand
    return None
