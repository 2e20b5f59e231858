"""The words between the pieces of one address on one line are the address too: "Buderim QLD 4556",
"Ballinasloe, Co. Galway H53 X2K7", "Via Cairoli 18, 27029 Vigevano (PV)".

Why: the models and the address rules find an address's pieces — the street, the town, the
postcode — but not always the words between and after them: a state's code ("QLD"), an Irish
county ("Co. Galway"), an Italian province in brackets ("(PV)"). Each such word is sent in clear
beside the masks and narrows the address down, and a reader of the masked text still sees
where the person lives. So on one line, where address pieces are separated only by capitalised
words, codes and numbers, those words are masked too, and so is a region code in brackets or after
a comma right after the last piece. The pieces themselves are left as they are: their own words
("Ballinasloe") must still be found where the text names the place again.

The run must hold a street or a postcode (an ``ADDRESS`` piece): two places alone ("Leeds,
West Yorkshire") are a list as often as an address, and each is masked already. A lower-case
word, a line break or a sentence's end between two pieces ends the run ("from Leeds to the
Ballinasloe office" stays two spans).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

import regex

from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["close_address_runs", "ADDRESS_RUN_SOURCE"]

#: the source of a filled gap (a cue recognizer's: a keep reason may still take a word back)
ADDRESS_RUN_SOURCE = "privrag_address_run"
#: canonical labels of an address's pieces
_PIECES = frozenset({"ADDRESS", "LOC"})
#: what may stand between two pieces: separators, and up to three capitalised words, codes or numbers
#: ("Co. Galway", "QLD", "SP", "Lot 7")
_GAP = regex.compile(
    r"[ \t,;/–-]*(?:(?:\p{Lu}[\p{L}'’.-]*|\d{1,6}[A-Za-z]?|\(\p{Lu}{2,3}\))[ \t,;/–-]*){0,3}"
)
#: one word of a gap: what is filled
_GAP_WORDS = regex.compile(r"(?:\p{Lu}[\p{L}'’.-]*|\d{1,6}[A-Za-z]?|\(\p{Lu}{2,3}\))(?:[ \t]+(?:\p{Lu}[\p{L}'’.-]*|\d{1,6}[A-Za-z]?))*")
#: a region's code right after the last piece, in brackets or after a comma or a dash: "Vigevano (PV)",
#: "São Bernardo do Campo - SP" (a code after a space alone is as often a dose's "ON" or a note's "BD"; three
#: letters after a dash are as often a ward, "- ICU")
_REGION_AFTER = regex.compile(r"[ \t]*(?:\((?P<code>\p{Lu}{2})\)|(?:,|[–-])[ \t]*(?P<code>\p{Lu}{2}))"
                              r"(?=[ \t]*(?:$|[\n.,;|)]|[ \t]{2}))", regex.MULTILINE)
#: the longest gap joined, in characters
_MAX_GAP = 30


def close_address_runs(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus a ``LOCATION`` span over each run of words between the pieces of one address on
    one line, and over a region code after its last piece (see the module docstring). The pieces
    stay as they are: their own words still name the place elsewhere in the text."""
    index = _SpanIndex(spans)
    pieces = sorted((s for s in spans if canonical_label(s.label) in _PIECES), key=lambda s: (s.start, s.end))
    runs: list[list[DetectedEntity]] = []
    for s in pieces:
        if runs and _joins(text, runs[-1][-1], s, index):
            runs[-1].append(s)
        else:
            runs.append([s])
    fills: list[tuple[int, int]] = []
    for run in runs:
        if not any(canonical_label(s.label) == "ADDRESS" for s in run):
            continue
        for a, b in zip(run, run[1:], strict=False):
            fills.extend(_uncovered_words(text, a.end, b.start, index))
        end = max(s.end for s in run)
        tail = _REGION_AFTER.match(text, end)
        if tail is not None:
            fills.extend(_uncovered_words(text, tail.start("code"), tail.end("code"), index))
    if not fills:
        return list(spans)
    extra = [DetectedEntity(a, b, "LOCATION", text[a:b], 0.6, ADDRESS_RUN_SOURCE) for a, b in fills]
    return sorted([*spans, *extra])


def _uncovered_words(text: str, start: int, end: int, index: _SpanIndex) -> list[tuple[int, int]]:
    """The runs of gap words between ``start`` and ``end`` that no span covers."""
    return [(m.start(), m.end()) for m in _GAP_WORDS.finditer(text, start, end) if not index.overlapping(m.start(), m.end())]


class _SpanIndex:
    """The spans that overlap a range, found by bisection (a scan of all spans per gap was quadratic)."""

    def __init__(self, spans: Sequence[DetectedEntity]) -> None:
        self.spans = sorted(spans, key=lambda s: s.start)
        self.starts = [s.start for s in self.spans]
        self.longest = max((s.end - s.start for s in self.spans), default=0)

    def overlapping(self, a: int, b: int) -> list[DetectedEntity]:
        lo = bisect.bisect_left(self.starts, a - self.longest)
        hi = bisect.bisect_left(self.starts, b)
        return [s for s in self.spans[lo:hi] if s.end > a]


def _joins(text: str, a: DetectedEntity, b: DetectedEntity, index: _SpanIndex) -> bool:
    """``b`` continues ``a``'s address: on the same line, with only a short gap of separators, capitalised
    words, codes or numbers (the other spans of the gap count as such words)."""
    if b.start < a.end:
        return True
    gap = text[a.end : b.start]
    if len(gap) > _MAX_GAP or "\n" in gap or "  " in gap.strip(" ") or "\t" in gap:
        return False
    masked = list(gap)
    for s in index.overlapping(a.end, b.start):  # another span inside the gap counts as one capitalised word
        for k in range(max(s.start, a.end), min(s.end, b.start)):
            if not masked[k - a.end].isspace():
                masked[k - a.end] = "X"
    return _GAP.fullmatch("".join(masked)) is not None
