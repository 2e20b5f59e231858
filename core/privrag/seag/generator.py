"""What an alias generator receives and returns.

The table builder (:mod:`privrag.seag.builder`) owns everything that must be
*guaranteed* — joint detection, dates and amounts, collision checks, exact
round trips. A generator only *proposes* aliases for the entities of a plan;
each proposal is validated, and whatever is missing or invalid is completed
by the Faker generator. That split lets an LLM be creative without ever
being trusted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

__all__ = ["PlannedEntity", "AliasPlan", "AliasSuggestion", "AliasGenerator", "Avoid"]

#: ``avoid(candidate) -> True`` when a candidate alias must not be used
#: (it occurs in an input, overlaps an original, or is already taken).
Avoid = Callable[[str], bool]


@dataclass
class PlannedEntity:
    """One entity to alias: every surface form seen in the request."""

    entity_id: int
    category: str  # canonical category (PERSON, ORG, LOC, …)
    label: str  # the detector's label
    forms: list[str]  # distinct surface forms, longest first


@dataclass
class AliasPlan:
    """The request as a generator sees it (all texts are inputs of one request)."""

    texts: list[str]
    entities: list[PlannedEntity]
    locale: str = "en_US"
    #: person/org name-part maps already fixed (e.g. by an earlier turn)
    name_parts: dict[str, dict[str, str]] = field(default_factory=dict)
    #: gender honorifics become "Mx" and first names are drawn without gender
    neutral_honorifics: bool = False

    def by_category(self, *categories: str) -> list[PlannedEntity]:
        return [e for e in self.entities if e.category in categories]


@dataclass(frozen=True)
class AliasSuggestion:
    """A proposed row; ``original`` must occur verbatim in an input to be used."""

    original: str
    alias: str
    label: str


@runtime_checkable
class AliasGenerator(Protocol):
    """Anything that proposes aliases for a plan."""

    def propose(
        self,
        plan: AliasPlan,
        fixed: Mapping[str, str],
        rng: random.Random,
        avoid: Avoid,
    ) -> Sequence[AliasSuggestion]: ...
