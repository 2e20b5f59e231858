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
from typing import Protocol, TypeVar

from privrag.types import DetectedEntity

__all__ = ["Window", "word_windows", "char_windows", "seam_windows", "seam_cuts", "owned", "detect_windowed"]


class _Spanlike(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


_S = TypeVar("_S", bound=_Spanlike)


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


def seam_windows(text: str, max_chars: int, overlap_chars: int) -> list[Window]:
    """Windows of at most ``max_chars``; neighbours share at least ``overlap_chars``.

    A window ends at a paragraph break, else a line break, else a space in
    its second half, and the next one starts at a line break (else a space)
    ``overlap_chars`` or more before that end: a letter, a contact block or a
    list is cut between its lines where possible, never inside a word.
    Linear in ``len(text)``.
    """
    if max_chars <= 0 or not 0 <= overlap_chars <= max_chars // 4:
        raise ValueError("need max_chars > 0 and 0 <= overlap_chars <= max_chars // 4")
    n = len(text)
    if n <= max_chars:
        return [Window(0, n)]
    out: list[Window] = []
    start = 0
    while True:
        end = start + max_chars
        if end >= n:
            out.append(Window(start, n))
            return out
        lo = start + max_chars // 2
        for sep in ("\n\n", "\n", " "):
            cut = text.rfind(sep, lo, end)
            if cut != -1:
                end = cut + len(sep)
                break
        out.append(Window(start, end))
        nxt = end - overlap_chars
        floor = max(start + 1, nxt - overlap_chars // 2)
        for sep in ("\n", " "):
            cut = text.rfind(sep, floor, nxt)
            if cut != -1:
                nxt = cut + 1
                break
        start = nxt


def seam_cuts(windows: Sequence[Window]) -> list[int]:
    """Where ownership passes from one window to the next: the middle of their overlap.

    ``cuts[i]`` to ``cuts[i + 1]`` is what window ``i`` owns (``cuts[0] == 0``,
    the last is the text's end).
    """
    cuts = [0]
    for a, b in zip(windows, windows[1:], strict=False):
        cuts.append(max(cuts[-1], (b.start + a.end) // 2))
    cuts.append(windows[-1].end if windows else 0)
    return cuts


def owned(windows: Sequence[Window], found: Sequence[Sequence[_S]]) -> list[_S]:
    """The spans (in text offsets) each window is trusted for, from all windows.

    A window owns the spans that start between its cuts (:func:`seam_cuts`),
    far from its own edges, where a span cut by the edge is found in part
    only; a span that crosses a cut is taken from both windows that see it,
    whole, and the caller's union merges them into one. What a window found
    in its half of an overlap only (an entity cut by its edge) is dropped: the
    neighbour sees that entity whole and owns it.
    """
    cuts = seam_cuts(windows)
    out: list[_S] = []
    for i, spans in enumerate(found):
        lo, hi = cuts[i], cuts[i + 1]
        for s in spans:
            crosses = s.start < lo < s.end or s.start < hi < s.end
            if lo <= s.start < hi or crosses:
                out.append(s)
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
