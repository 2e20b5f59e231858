"""What TripRag knows about one document before deciding: spans, entities, chunks, scores."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from privrag.detect.overlap import resolve_overlaps
from privrag.generalize import canonical_label
from privrag.trip.chunking import Chunk
from privrag.types import DetectedEntity, Entity

__all__ = ["DocAnalysis", "absorb_honorifics"]


@dataclass
class DocAnalysis:
    """Everything scored for one document, before any decision.

    ``raw[eid]`` lists ``(chunk, S_priv, 1 − cos, −‖h_e − h_T‖)`` for each chunk
    the entity occurs in; F_norm and Ψ are applied at decision time so τ and
    the normalisation can change without re-embedding.
    """

    text: str
    spans: list[DetectedEntity]
    entities: list[Entity]
    chunks: list[Chunk]
    chunk_entities: list[list[int]]
    raw: dict[int, list[tuple[int, float, float, float]]] = field(default_factory=dict)
    #: the detector's keep spans (:mod:`privrag.keep`): terms the answer needs, with their reason
    keeps: list[Any] = field(default_factory=list)


_HONORIFIC_BEFORE = re.compile(
    r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Madam|Lady|Lord|Judge|Justice|Mme|Mlle|Herr|Frau)\.?\s+$")


def absorb_honorifics(text: str, spans: list[DetectedEntity]) -> list[DetectedEntity]:
    """Extend person spans over a preceding title: "Mr John Turner" → "a person", not "Mr a person".

    The surrogate was trained on TAB mentions, which include the title, and
    "Mr a person" both reads badly and keeps a gender cue.
    """
    out = []
    for s in spans:
        if canonical_label(s.label) == "PERSON":
            m = _HONORIFIC_BEFORE.search(text, max(0, s.start - 12), s.start)
            if m:
                s = DetectedEntity(m.start(), s.end, s.label, text[m.start() : s.end], s.score, s.source)
        out.append(s)
    return resolve_overlaps(out, text)
