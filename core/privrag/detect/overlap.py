"""Overlap resolution for spans coming from several detectors or windows.

Two detectors rarely agree on boundaries ("Mrs Anna Christou" vs "Anna
Christou"), and windowed detection reports the same mention twice. For
protection, the safe answer is to cover the *union* of overlapping spans:
masking a few characters too many is a utility cost, leaving "Mrs Anna" next
to a masked surname is a leak. ``strategy="best"`` keeps only the best span
of each cluster for callers that need exact boundaries (evaluation of a single
model, span-level F1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from privrag.types import DetectedEntity

__all__ = ["resolve_overlaps", "Strategy"]

Strategy = Literal["union", "best"]


def _rank(s: DetectedEntity, priority: dict[str, float]) -> tuple[float, float, int]:
    return (priority.get(f"{s.source}:{s.label}", priority.get(s.source, 0)), s.score, s.length)


def resolve_overlaps(
    spans: Iterable[DetectedEntity],
    text: str | None = None,
    *,
    strategy: Strategy = "union",
    source_priority: dict[str, float] | None = None,
) -> list[DetectedEntity]:
    """Return non-overlapping spans sorted by start.

    ``union``: each cluster of transitively overlapping spans becomes one span
    over their union; label, score and source come from the best member
    (``source_priority`` first, then score, then length). A
    ``source_priority`` key may also be ``"source:LABEL"`` — that source's
    rank when it gives that label (a model may name persons better than
    companies).
    ``best``: greedily keep the best spans that do not overlap a kept one.
    ``text`` (when given) is used to fill the union span's surface text.
    """
    priority = source_priority or {}
    items = sorted(set(spans), key=lambda s: (s.start, -s.end))
    if strategy == "best":
        kept: list[DetectedEntity] = []
        for s in sorted(items, key=lambda s: _rank(s, priority), reverse=True):
            if not any(s.overlaps(k) for k in kept):
                kept.append(s)
        return sorted(kept)
    out: list[DetectedEntity] = []
    cluster: list[DetectedEntity] = []
    end = -1
    for s in items:
        if cluster and s.start >= end:
            out.append(_merge(cluster, text, priority))
            cluster = []
        cluster.append(s)
        end = max(end, s.end) if len(cluster) > 1 else s.end
    if cluster:
        out.append(_merge(cluster, text, priority))
    return out


def _merge(cluster: list[DetectedEntity], text: str | None, priority: dict[str, float]) -> DetectedEntity:
    if len(cluster) == 1:
        return cluster[0]
    best = max(cluster, key=lambda s: _rank(s, priority))
    start = min(s.start for s in cluster)
    end = max(s.end for s in cluster)
    if text is not None:
        surface = text[start:end]
    else:  # reconstruct from members when no text is available
        surface = best.text if (best.start, best.end) == (start, end) else _stitch(cluster, start, end)
    return DetectedEntity(start, end, best.label, surface, best.score, best.source)


def _stitch(cluster: list[DetectedEntity], start: int, end: int) -> str:
    buf = [" "] * (end - start)
    for s in cluster:
        buf[s.start - start : s.end - start] = list(s.text)
    return "".join(buf)
