"""Give a model's words back to the keep reasons when they were merged into an identifier.

Overlapping spans are merged into their union, labelled by the best member
(:func:`privrag.detect.overlap.resolve_overlaps`). When that member is an
identifier pattern, the union is hard: no keep reason may shorten it. But a
model often runs a span over the words around an identifier ("Aetna, member
id W2298114703", "invoice HD-0047721, 9.490.000 ₫"), and the union then
protects the insurer and the price as firmly as the number. Only the
identifier itself is hard: the rest of the union is the model's guess, and
the keep reasons judge it as they judge any guess.

The default detector applies it to a text it reads in one piece; a text long
enough to be read in windows keeps such unions hard (the members of a window
are not kept for the whole document), which errs on privacy's side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from privrag.intervals import Containment, Overlaps
from privrag.keep.apply import is_soft
from privrag.types import DetectedEntity

__all__ = ["free_soft_edges"]


def free_soft_edges(
    spans: Sequence[DetectedEntity], members: Sequence[DetectedEntity], keeps: Sequence[Any]
) -> list[DetectedEntity]:
    """``spans`` with each hard union that a keep span reaches outside its identifiers split
    into the identifiers (hard, as merged) and the model's words around them (labelled by the
    model's span that covers them). Nothing is dropped here: ``apply_keep`` decides."""
    if not keeps:
        return list(spans)
    index = Overlaps((k.start, k.end) for k in keeps)
    out: list[DetectedEntity] = []
    for sp in spans:
        reached = [] if is_soft(sp) else index.overlapping(sp.start, sp.end)
        if not reached:
            out.append(sp)
            continue
        inside = [m for m in members if sp.start <= m.start and m.end <= sp.end]
        cores = _union([(m.start, m.end) for m in inside if not is_soft(m)])
        held = Containment(cores)  # merged cores: a keep inside the union lies inside one of them
        if not cores or all(held.covers(a, b) for a, b in reached):
            out.append(sp)
            continue
        out.extend(_split(sp, cores, [m for m in inside if is_soft(m)]))
    return sorted(out)


def _union(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Touching or overlapping identifier spans as one core each."""
    merged: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def _split(sp: DetectedEntity, cores: list[tuple[int, int]], soft: list[DetectedEntity]) -> list[DetectedEntity]:
    text_of = sp.text
    pieces: list[DetectedEntity] = []
    pos = sp.start
    for a, b in cores + [(sp.end, sp.end)]:
        if pos < a:  # the model's words between identifiers: the best model span over them names them
            cover = [m for m in soft if m.start < a and pos < m.end] or [sp]
            best = max(cover, key=lambda m: (m.score, m.end - m.start))
            pieces.append(DetectedEntity(pos, a, best.label, text_of[pos - sp.start : a - sp.start], best.score, best.source))
        if a < b:
            pieces.append(DetectedEntity(a, b, sp.label, text_of[a - sp.start : b - sp.start], sp.score, sp.source))
        pos = max(pos, b)
    return pieces
