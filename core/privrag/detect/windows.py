"""Overlapping windows over long texts.

Models have a context limit and most of them *silently truncate* beyond it
(GLiNER cuts at its ``max_len`` words, spaCy refuses >1M characters). A
detector that truncates would report "nothing found" for the tail of a long
document — a silent leak. Windows overlap so that an entity cut by one
window boundary is seen whole in the next window.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from privrag.types import DetectedEntity

__all__ = ["Window", "word_windows", "char_windows", "detect_windowed"]


@dataclass(frozen=True)
class Window:
    start: int
    end: int


def word_windows(text: str, max_words: int, overlap_words: int) -> list[Window]:
    """Windows of at most ``max_words`` whitespace tokens, ``overlap_words`` shared."""
    if max_words <= 0 or not 0 <= overlap_words < max_words:
        raise ValueError("need max_words > overlap_words >= 0")
    words = [m.span() for m in re.finditer(r"\S+", text)]
    if len(words) <= max_words:
        return [Window(0, len(text))]
    out = []
    step = max_words - overlap_words
    for i in range(0, len(words), step):
        chunk = words[i : i + max_words]
        out.append(Window(chunk[0][0], chunk[-1][1]))
        if i + max_words >= len(words):
            break
    return out


def char_windows(text: str, max_chars: int, overlap_chars: int) -> list[Window]:
    """Windows of at most ``max_chars``, cut at whitespace where possible."""
    if max_chars <= 0 or not 0 <= overlap_chars < max_chars:
        raise ValueError("need max_chars > overlap_chars >= 0")
    n = len(text)
    if n <= max_chars:
        return [Window(0, n)]
    out = []
    start = 0
    while start < n:
        end = min(n, start + max_chars)
        if end < n:
            cut = text.rfind(" ", start + max_chars // 2, end)
            end = cut if cut > start else end
        out.append(Window(start, end))
        if end >= n:
            break
        nxt = end - overlap_chars
        sp = text.find(" ", nxt, end)
        start = sp + 1 if sp != -1 else nxt
    return out


def detect_windowed(
    text: str,
    windows: Sequence[Window],
    run: Callable[[list[str]], list[list[DetectedEntity]]],
) -> list[DetectedEntity]:
    """Run a batch detector on each window and map spans back to ``text``.

    Duplicates from overlapping windows are removed here; spans that merely
    overlap are left for :func:`~privrag.detect.overlap.resolve_overlaps`.
    """
    pieces = [text[w.start : w.end] for w in windows]
    found = run(pieces)
    seen: dict[tuple[int, int, str], DetectedEntity] = {}
    for w, spans in zip(windows, found, strict=True):
        for s in spans:
            g = s.shifted(w.start)
            key = (g.start, g.end, g.label)
            if key not in seen or seen[key].score < g.score:
                seen[key] = g
    return sorted(seen.values())
