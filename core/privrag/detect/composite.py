"""Union of several detectors with overlap resolution."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from privrag.detect.base import BaseDetector, EntityDetector
from privrag.detect.overlap import Strategy, resolve_overlaps
from privrag.types import DetectedEntity

__all__ = ["CompositeDetector"]


class CompositeDetector(BaseDetector):
    """Run several detectors and merge what they find.

    Key init args:
        detectors: the members; each may be any :class:`EntityDetector`.
        strategy: ``"union"`` (default: cover every character any member
            flagged) or ``"best"`` (keep the best non-overlapping spans).
        source_priority: ``{source: rank}`` — higher rank wins the label of a
            merged span (e.g. a precise ID recognizer over generic NER); a
            ``"source:LABEL"`` key ranks one source's spans of one label.
        thresholds: minimum score per label, applied before merging.

    If any member fails, the whole detection fails (``PrivacyError``): a
    union missing one member is not what the caller configured.
    """

    name = "composite"

    def __init__(
        self,
        detectors: Sequence[EntityDetector],
        *,
        strategy: Strategy = "union",
        source_priority: Mapping[str, float] | None = None,
        thresholds: Mapping[str, float] | None = None,
    ) -> None:
        if not detectors:
            raise ValueError("CompositeDetector needs at least one detector")
        self.detectors = list(detectors)
        self.strategy = strategy
        self.source_priority = dict(source_priority or {})
        self.thresholds = dict(thresholds or {})

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        per_member = [d.detect_batch(list(texts)) for d in self.detectors]
        out = []
        for i, text in enumerate(texts):
            spans = [
                s
                for member in per_member
                for s in member[i]
                if s.score >= self.thresholds.get(s.label, 0.0)
            ]
            out.append(
                resolve_overlaps(
                    spans, text, strategy=self.strategy, source_priority=self.source_priority
                )
            )
        return out
