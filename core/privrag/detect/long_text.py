"""A long text through the default composite: windows, seams, progress, document-wide steps.

The composite's steps after the models (name repair, union, slot and
contact-block completion, keep spans) compare spans with spans and lines
with spans; on one 50 KB text they took longer than the models, and their
cost grew with the square of the length (a 2 MB file did not finish in 25
minutes). A text longer than the composite's ``window_chars`` therefore goes
through those steps in overlapping windows (:func:`~privrag.detect.windows.seam_windows`),
each of bounded size, so the whole costs time linear in the length:

* every window runs the members and the local steps; a window is trusted
  for the spans that start in its middle part, a span that crosses the seam
  between two windows is taken from both and merged by union — found once,
  whole (:func:`~privrag.detect.windows.owned`);
* what depends on the whole document runs once on it, in linear time:
  marking every other mention of a detected person's name
  (:func:`~privrag.detect.name_propagation.propagate_names`), the rule that
  an organisation someone belongs to anywhere in the document is never a
  public entity, and taking keep spans out of soft spans;
* one progress bar counts the characters done (``PRIVRAG_PROGRESS=0``
  turns it off, ``=1`` on; by default it shows on a terminal only).
"""

from __future__ import annotations

import bisect
import dataclasses
import os
from collections.abc import Sequence
from typing import Any

from privrag.detect.windows import Window, owned, seam_windows
from privrag.types import DetectedEntity

__all__ = ["detect_long", "progress_enabled", "apply_keep_indexed"]


def progress_enabled(setting: bool | None = None) -> bool | None:
    """``True``/``False`` from the argument, else from ``PRIVRAG_PROGRESS``; ``None``: on a terminal only."""
    if setting is not None:
        return setting
    env = os.environ.get("PRIVRAG_PROGRESS", "").strip().lower()
    if env in ("0", "false", "no", "off"):
        return False
    if env in ("1", "true", "yes", "on"):
        return True
    return None


def detect_long(composite: Any, text: str) -> tuple[list[DetectedEntity], list[Any]]:
    """``(spans, keep spans)`` of one long ``text``, the way ``composite`` finds them on a short one.

    ``composite`` is a :class:`~privrag.detect.default.ParallelCompositeDetector`:
    its ``_pipeline(pieces, document=False)`` gives per window the spans
    before name propagation and keep application, and the keep spans.
    """
    from tqdm import tqdm

    from privrag.detect.overlap import resolve_overlaps

    wins = seam_windows(text, composite.window_chars, composite.window_overlap)
    spans_per: list[list[DetectedEntity]] = []
    keeps_per: list[list[Any]] = []
    enabled = progress_enabled(composite.progress)
    with tqdm(total=len(text), desc="detect (long document)", unit="char", unit_scale=True, leave=False,
              disable=(not enabled) if enabled is not None else None) as bar:
        done = 0
        for i in range(0, len(wins), composite.window_batch):
            group = wins[i : i + composite.window_batch]
            found = composite._pipeline([text[w.start : w.end] for w in group], document=False)
            for w, (spans, keeps) in zip(group, found, strict=True):
                spans_per.append([s.shifted(w.start) for s in spans])
                keeps_per.append([dataclasses.replace(k, start=k.start + w.start, end=k.end + w.start)
                                  for k in keeps])
            bar.update(group[-1].end - done)
            done = group[-1].end
    merged = resolve_overlaps(owned(wins, spans_per), text, strategy="union",
                              source_priority=composite.source_priority)
    keeps = sorted(set(owned(wins, keeps_per)))
    keeps = _drop_affiliated(text, keeps)
    if composite.propagate_names:
        from privrag.detect.code_families import code_family_members
        from privrag.detect.name_propagation import propagate_names

        merged = code_family_members(text, propagate_names(text, merged))
    if composite.keep is not None:
        merged = apply_keep_indexed(text, merged, keeps)
    return merged, keeps


def _drop_affiliated(text: str, keeps: list[Any]) -> list[Any]:
    """Public-entity keeps less those the whole document shows to be someone's affiliation.

    A window judged "X" public without seeing the "member of X" another
    window holds ("Mr Jaeger" makes a brand a surname the same way). The rule is
    :func:`privrag.keep.context.affiliated_at`'s, applied to the occurrences of
    every public name found in one pass.
    """
    from privrag.keep.context import affiliated_at, is_name_like
    from privrag.redact import _word_bounded

    public = {k.text for k in keeps if k.why == "public_entity"}
    if not public:
        return keeps
    affiliated = {
        surface for surface, a, b in _word_bounded(text, sorted(public))
        if affiliated_at(text, a, b) or is_name_like(text, a, b)
    }
    return [k for k in keeps if not (k.why == "public_entity" and k.text in affiliated)]


def apply_keep_indexed(text: str, spans: Sequence[DetectedEntity], keeps: Sequence[Any]) -> list[DetectedEntity]:
    """:func:`privrag.keep.apply_keep` with each span meeting only the keep spans it overlaps.

    ``apply_keep`` compares every span with every keep span (quadratic on a
    long document); each span's result depends only on the keep spans that
    overlap it, which a sorted index finds directly.
    """
    from privrag.keep import apply_keep

    if not keeps:
        return list(spans)
    ordered = sorted(keeps)
    starts = [k.start for k in ordered]
    longest = max(k.end - k.start for k in ordered)
    out: list[DetectedEntity] = []
    for sp in spans:
        lo = bisect.bisect_left(starts, sp.start - longest)
        hi = bisect.bisect_left(starts, sp.end)
        cuts = [k for k in ordered[lo:hi] if k.start < sp.end and sp.start < k.end]
        out.extend(apply_keep(text, [sp], cuts) if cuts else [sp])
    return sorted(out)


def windows_of(composite: Any, text: str) -> list[Window]:
    """The windows ``composite`` cuts ``text`` into (one for a short text)."""
    return seam_windows(text, composite.window_chars, composite.window_overlap)
