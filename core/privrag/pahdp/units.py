"""Privacy units: the sentence-level pieces PA-HDP scores and rewrites.

PA-HDP decides per sentence, so a bad split is a privacy bug, not a cosmetic
one: cutting "Mr. Smith" after "Mr." puts the name in a unit of its own with
no context to score, and cutting "no. 18403/91" splits an identifier across
two units that are rewritten independently. The splitter therefore

* never ends a sentence after a known abbreviation ("Mr.", "no.", "Art.",
  "e.g."), a single-letter initial ("J. Starling") or a dotted acronym
  ("U.S."), nor before a lower-case word;
* treats blank lines, list items ("-", "•", "1.", "(a)") and e-mail header
  lines ("From: …", "Subject: …") as hard boundaries, while joining
  hard-wrapped lines of one paragraph;
* never cuts through a detected span (units are merged instead);
* caps a unit's length (``max_chars``) at a whitespace outside any span, so a
  megabyte without punctuation still yields bounded units.

Units are character ranges into the original text; the whitespace between
units belongs to no unit and is kept verbatim when the text is reassembled.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from privrag.types import DetectedEntity

__all__ = ["PrivacyUnit", "split_units", "ABBREVIATIONS", "DEFAULT_MAX_UNIT_CHARS"]

#: a unit longer than this is split at whitespace (outside spans)
DEFAULT_MAX_UNIT_CHARS = 1000

#: words that end with a period without ending the sentence (lower-cased, no dot)
ABBREVIATIONS: frozenset[str] = frozenset(
    """
    mr mrs ms mx dr prof sr jr st mt messrs mme mlle rev hon gen col lt capt sgt cpl adm gov sen rep
    no nos nr nrs art arts para paras sec secs ch chap vol vols pp p fig figs eq eqs ref refs op cit
    ibid cf vs v viz approx est dept univ inc ltd co corp bros assn ave blvd rd
    jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun
    e.g i.e a.m p.m u.s u.k u.n e.u ph.d m.d b.a m.a
    """.split()
)

_TERMINATOR = re.compile(r"[.!?…]+[\"'”’)\]]*(?=\s)")
_NEXT_START = re.compile(r"\s+(?=[\"'“‘(\[]?[A-ZÀ-Þ0-9•\-*])")
_WORD_BEFORE = re.compile(r"([\w.]+)[.!?…]*[\"'”’)\]]*$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*•·–]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\((?:[ivxlc]+)\))\s+")
_HEADER = re.compile(r"^\s*[A-Z][A-Za-z\-]{0,24}:(?:\s|$)")
_MARKER_ONLY = re.compile(r"^\s*\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)]$")
_HEADING = re.compile(r"^\s*[^a-z\n]{2,80}$")  # an all-capitals line: "THE FACTS"


@dataclass(frozen=True, order=True)
class PrivacyUnit:
    """``text[start:end]`` is one privacy unit (no surrounding whitespace)."""

    start: int
    end: int

    def text(self, source: str) -> str:
        return source[self.start : self.end]

    def contains(self, span: DetectedEntity) -> bool:
        return self.start <= span.start and span.end <= self.end


def _blocks(text: str) -> list[tuple[int, int]]:
    """Paragraph-like blocks: lines joined unless a hard boundary separates them."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for raw in text.splitlines(keepends=True):
        stripped = raw.rstrip("\r\n")
        lines.append((pos, pos + len(stripped)))
        pos += len(raw)
    blocks: list[tuple[int, int]] = []
    cur: tuple[int, int] | None = None
    prev_hard = True
    for a, b in lines:
        line = text[a:b]
        if not line.strip():
            if cur:
                blocks.append(cur)
            cur, prev_hard = None, True
            continue
        hard = bool(_LIST_ITEM.match(line) or _HEADER.match(line) or _HEADING.match(line))
        if cur is None or hard or prev_hard:
            if cur:
                blocks.append(cur)
            cur = (a, b)
        else:
            cur = (cur[0], b)
        # a header or heading line ends its own block; a list item may wrap
        prev_hard = bool(_HEADER.match(line) or _HEADING.match(line))
    if cur:
        blocks.append(cur)
    return blocks


def _is_boundary(block: str, start: int, end: int) -> bool:
    """Does the terminator ending at ``end`` (exclusive) close the sentence begun at ``start``?"""
    if _MARKER_ONLY.match(block[start:end]):  # "1." or "(a)" heading a list item
        return False
    head = block[max(start, end - 80) : end]  # a bounded window: linear time on huge blocks
    before = _WORD_BEFORE.search(head)
    if before is None:
        return True
    word = before.group(1).lower().rstrip(".")
    if not word:
        return True
    if head.rstrip("\"'”’)]").endswith("."):
        if word in ABBREVIATIONS:
            return False
        if len(word) == 1 and word.isalpha():  # an initial: "J. Starling"
            return False
        if "." in word and len(word) <= 6:  # a dotted acronym: "U.S."
            return False
    return True


def _sentences(text: str, a: int, b: int) -> list[tuple[int, int]]:
    block = text[a:b]
    cuts = [0]
    for m in _TERMINATOR.finditer(block):
        nxt = _NEXT_START.match(block, m.end())
        if nxt is None or not _is_boundary(block, cuts[-1], m.end()):
            continue
        cuts.append(nxt.end())
    cuts.append(len(block))
    out = []
    for s, e in zip(cuts, cuts[1:], strict=False):
        piece = block[s:e]
        lead = len(piece) - len(piece.lstrip())
        trail = len(piece.rstrip())
        if trail > lead:
            out.append((a + s + lead, a + s + trail))
    return out


def _merge_across_spans(units: list[tuple[int, int]], spans: Sequence[DetectedEntity]) -> list[tuple[int, int]]:
    """Merge consecutive units whenever a span crosses the gap between them."""
    if not spans or len(units) < 2:
        return units
    out = [units[0]]
    ordered = sorted(spans)
    starts = [s.start for s in ordered]
    for a, b in units[1:]:
        pa, pb = out[-1]
        # any span starting before this unit's start and ending after the previous end
        k = bisect.bisect_left(starts, a)
        crosses = any(s.end > pb and s.start < a for s in ordered[max(0, k - 64) : k])
        if crosses:
            out[-1] = (pa, b)
        else:
            out.append((a, b))
    return out


def _cap_length(text: str, a: int, b: int, spans: Sequence[DetectedEntity], max_chars: int) -> list[tuple[int, int]]:
    """Split ``[a, b)`` into pieces of at most ``max_chars`` at whitespace outside spans."""
    if b - a <= max_chars:
        return [(a, b)]
    inside = sorted((s.start, s.end) for s in spans if s.end > a and s.start < b)
    out = []
    start = a
    while b - start > max_chars:
        limit = start + max_chars
        cut = None
        for m in re.finditer(r"\s+", text[start + max_chars // 2 : limit]):
            pos = start + max_chars // 2 + m.start()
            if not any(x < pos < y for x, y in inside):
                cut = (pos, start + max_chars // 2 + m.end())
        if cut is None:  # no usable whitespace: hard cut, moved past any span it would split
            pos = limit
            for x, y in inside:
                if x < pos < y:
                    pos = y
            if pos >= b:
                break
            cut = (pos, pos)
        out.append((start, cut[0]))
        start = cut[1]
    if b > start:
        out.append((start, b))
    return [(x, y) for x, y in out if y > x]


def split_units(
    text: str, spans: Sequence[DetectedEntity] = (), *, max_chars: int = DEFAULT_MAX_UNIT_CHARS
) -> list[PrivacyUnit]:
    """Sentence-level privacy units of ``text``, none cutting through a span of ``spans``."""
    if max_chars < 20:
        raise ValueError("max_chars must be at least 20")
    if not text.strip():
        return []
    raw: list[tuple[int, int]] = []
    for a, b in _blocks(text):
        raw.extend(_sentences(text, a, b))
    raw = _merge_across_spans(raw, spans)
    units: list[tuple[int, int]] = []
    for a, b in raw:
        for x, y in _cap_length(text, a, b, spans, max_chars):
            piece = text[x:y]
            lead = len(piece) - len(piece.lstrip())
            trail = len(piece.rstrip())
            if trail > lead:
                units.append((x + lead, x + trail))
    return [PrivacyUnit(a, b) for a, b in _cover_spans(units, spans)]


def _cover_spans(units: list[tuple[int, int]], spans: Sequence[DetectedEntity]) -> list[tuple[int, int]]:
    """Grow units so every span lies inside one (a span reaching into whitespace
    past a unit's end would otherwise fall outside every unit and go unprotected)."""
    if not spans or not units:
        return units
    starts = [a for a, _ in units]
    extra = []
    for s in spans:
        k = bisect.bisect_left(starts, s.end) - 1  # the last unit starting before the span ends
        if k >= 0 and units[k][1] > s.start:  # units are disjoint: only it can overlap last
            extra.append((s.start, s.end))
    merged: list[tuple[int, int]] = []
    for a, b in sorted(units + extra):
        if merged and a < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged
