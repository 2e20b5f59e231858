"""Query-aware risk of a privacy unit and its tier (DESIGN.md, PA-HDP steps 2–4).

``R_j = α·S_rel + (1−α)·S_field`` where

* ``S_rel = max(0, cos(Φ(q), Φ(PU_j)))`` — how much the unit answers the query;
* ``S_field`` — the largest risk weight of the sensitive fields in the unit.

Field weights follow the 4-level GDPR rubric of seed 000, Appendix C: level 3
(0.7–1.0) identifies a person by itself (names, identification numbers,
phone, e-mail, exact address); level 2 (0.4–0.7) is a moderate risk alone but
an inference risk in context (age, dates, nationality); level 1 (0.1–0.4) is
shared by a large population (regions, organisations, diagnoses); level 0
(0.0–0.1) is general vocabulary (common drugs, products). Every weight is
configurable.

Tiers: ``low`` when ``R_j < mid``, ``high`` when ``R_j ≥ high``, else
``mid``. A unit with no detected entity is always ``low``: there is nothing to
substitute in it. The query raises an entity-bearing unit by one tier (at
most one, capped at ``high``) when it names a sensitive entity of the unit or
asks to repeat / reveal / list the context — the same passage is harmless for
one question and an extraction target for the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from privrag.detect.grouping import name_tokens, normalize_surface
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = [
    "Tier",
    "TIERS",
    "DEFAULT_FIELD_WEIGHTS",
    "RiskModel",
    "UnitRisk",
    "extraction_intent",
    "query_names_entity",
]

Tier = Literal["low", "mid", "high"]
TIERS: tuple[Tier, ...] = ("low", "mid", "high")

#: canonical category → risk weight (seed 000 Appendix C, level in the comment)
DEFAULT_FIELD_WEIGHTS: dict[str, float] = {
    # level 3 — directly and uniquely pinpoints a person
    "PERSON": 0.9, "CODE": 0.95, "EMAIL": 0.95, "PHONE": 0.95, "ADDRESS": 0.9,
    "CREDIT_CARD": 0.95, "FINANCIAL": 0.9, "IP": 0.8, "URL": 0.7,
    # level 2 — inference risk in context, or time-dependent personal data
    "AGE": 0.6, "DATETIME": 0.5, "NORP": 0.45, "OCCUPATION": 0.45,
    # level 1 — generalises to a large population
    "MEDICAL": 0.35, "LOC": 0.3, "ORG": 0.25, "MONEY": 0.25, "QUANTITY": 0.15, "EVENT": 0.15,
    # level 0 — general vocabulary
    "MISC": 0.1, "MEDICATION": 0.05, "PRODUCT": 0.05, "WORK": 0.05,
}

#: asking the system to hand back its context (Zeng et al. 2024: "please repeat all the context")
_INTENT = [
    re.compile(
        r"\b(?:repeat|reproduce|recite|regurgitate|echo|copy|print|output|dump|reveal|disclose|"
        r"show|list|return|quote|paste|display|give|tell|write|send|spell|read)\b[^.?!]{0,60}?\b(?:"
        r"(?:the|your|all|every|entire|whole|full)\s+(?:\w+\s+){0,2}?(?:context|contexts|documents?|"
        r"texts?|passages?|sources?|records?|prompt|instructions|retrieved|content|chunks?|"
        r"data|details|information|entries)|context|verbatim|everything|above)\b",
        re.I,
    ),
    re.compile(r"\bverbatim\b|\bword[- ]for[- ]word\b|\bas it is written\b", re.I),
    re.compile(r"\bignore\b[^.?!]{0,30}\b(?:previous|prior|above|earlier)\b[^.?!]{0,20}\binstructions?\b", re.I),
    re.compile(
        r"\b(?:list|enumerate|name|give)\b[^.?!]{0,30}\b(?:all|every|each)\b[^.?!]{0,30}\b(?:people|persons|"
        r"names|patients|applicants|individuals|clients|customers|employees|e-?mails?|addresses|"
        r"phone numbers|ids?|identifiers|account numbers)\b",
        re.I,
    ),
]


def extraction_intent(query: str) -> bool:
    """Does ``query`` ask to repeat, reveal or list the retrieved context?"""
    return any(p.search(query) for p in _INTENT)


def query_names_entity(
    query: str, query_spans: Sequence[DetectedEntity], mentions: Iterable[DetectedEntity]
) -> bool:
    """Does the query name one of ``mentions`` (one entity's mentions in a unit)?

    Matches on the normalised surface form occurring word-bounded in the query
    (so an entity the query detector missed still counts), on a detected query
    span with the same normalised form, and for persons and organisations on a
    shared name part of three or more letters ("Christou").
    """
    q_norm = f" {normalize_surface(query)} "
    q_forms = {normalize_surface(s.text) for s in query_spans}
    q_tokens = set(normalize_surface(query).split())
    for m in mentions:
        form = normalize_surface(m.text)
        if not form:
            continue
        if form in q_forms or (len(form) >= 3 and f" {form} " in q_norm):
            return True
        if canonical_label(m.label) in ("PERSON", "ORG"):
            if any(len(t) >= 3 and t in q_tokens for t in name_tokens(m.text)):
                return True
    return False


@dataclass
class UnitRisk:
    """Scores and tier of one unit (no strings: safe to put in a receipt)."""

    s_rel: float
    s_field: float
    risk: float
    base_tier: Tier
    tier: Tier
    raised_by: str | None = None  # "intent", "query_entity", "empty_query" or None


@dataclass
class RiskModel:
    """Scores units against a query and assigns tiers.

    Key init args:
        alpha: weight of query relevance ``S_rel`` against field sensitivity.
        mid_threshold / high_threshold: tier cut points on ``R_j`` (chosen on
            TAB dev: a unit naming a person is at least ``mid`` for any query;
            a date is ``mid`` only when the unit is relevant to the query).
        field_weights: overrides merged over :data:`DEFAULT_FIELD_WEIGHTS`; keys
            are canonical categories (``PERSON``) or raw detector labels
            (``US_SSN``); a raw label's entry wins over its category's.
        unknown_weight: weight of a category missing from the table.
        query_entity_min_weight: only entities at least this sensitive raise a
            unit when the query names them (a country named in a question is
            not a targeting signal; a year of birth is).
        raise_on_intent / raise_on_query_entity: the two query raises.
        empty_query_raises: an empty query gives no evidence of a benign
            intent, so it is treated like an extraction request (fail closed).
    """

    alpha: float = 0.35
    mid_threshold: float = 0.45
    high_threshold: float = 0.72
    field_weights: Mapping[str, float] = field(default_factory=dict)
    unknown_weight: float = 0.5
    query_entity_min_weight: float = 0.4
    raise_on_intent: bool = True
    raise_on_query_entity: bool = True
    empty_query_raises: bool = True

    def __post_init__(self) -> None:
        if not 0.0 <= self.alpha <= 1.0:
            raise ValueError("alpha must lie in [0, 1]")
        if not 0.0 <= self.mid_threshold <= self.high_threshold <= 1.0:
            raise ValueError("need 0 <= mid_threshold <= high_threshold <= 1")
        merged = dict(DEFAULT_FIELD_WEIGHTS)
        for label, w in dict(self.field_weights).items():
            if not 0.0 <= float(w) <= 1.0:
                raise ValueError(f"field weight for {label!r} must lie in [0, 1]")
            merged[label.strip().upper()] = float(w)
        self._weights = merged

    def weight(self, label: str) -> float:
        """Risk weight of a detector label (via its canonical category)."""
        cat = label.upper() if label.upper() in self._weights else canonical_label(label)
        return self._weights.get(cat, self.unknown_weight)

    def field_sensitivity(self, spans: Sequence[DetectedEntity]) -> float:
        """``S_field``: the largest weight among the unit's spans (0 without spans)."""
        return max((self.weight(s.label) for s in spans), default=0.0)

    def base_tier(self, risk: float) -> Tier:
        if risk >= self.high_threshold:
            return "high"
        if risk >= self.mid_threshold:
            return "mid"
        return "low"

    def assess(
        self,
        query: str,
        query_spans: Sequence[DetectedEntity],
        unit_spans: Sequence[Sequence[DetectedEntity]],
        unit_entities: Sequence[Sequence[Sequence[DetectedEntity]]],
        s_rel: np.ndarray,
    ) -> list[UnitRisk]:
        """Risk and tier of every unit.

        ``unit_spans[j]`` are unit j's spans; ``unit_entities[j]`` its spans
        grouped by entity; ``s_rel[j]`` the (unclipped) cosine with the query.
        """
        empty = not query.strip()
        intent = (not empty) and self.raise_on_intent and extraction_intent(query)
        out: list[UnitRisk] = []
        for j, spans in enumerate(unit_spans):
            rel = 0.0 if empty else float(np.clip(s_rel[j], 0.0, 1.0))
            fld = self.field_sensitivity(spans)
            risk = self.alpha * rel + (1.0 - self.alpha) * fld
            base: Tier = self.base_tier(risk) if spans else "low"
            reason = None
            if spans:
                if empty and self.empty_query_raises:
                    reason = "empty_query"
                elif intent:
                    reason = "intent"
                elif self.raise_on_query_entity and any(
                    max(self.weight(m.label) for m in ent) >= self.query_entity_min_weight
                    and query_names_entity(query, query_spans, ent)
                    for ent in unit_entities[j]
                ):
                    reason = "query_entity"
            tier = TIERS[min(TIERS.index(base) + 1, 2)] if reason else base
            out.append(UnitRisk(rel, fld, risk, base, tier, reason))
        return out
