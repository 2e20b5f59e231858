"""Neutral honorifics (the default, ``BuilderConfig(honorifics="neutral")``): "Mr Jordan" → "Mx Cruz".

An honorific says a person's gender ("Mr", "Ms") and marital status
("Mrs", "Miss"); Presidio's synthetic set counts it as PII (TITLE), and the
generator needs neither to answer. ``honorifics="keep"`` leaves them as
written ("Mr Jordan" → "Mr Cruz"). To hide it, the honorific must
be *part of the aliased form*, so a person span grows over the
honorific right before it, and each form's alias swaps it for "Mx". The
restore is exact because the table maps forms, not honorifics: "Mx Cruz"
comes back as "Mr Jordan", and "Mrs Jordan" in the same request keeps its
own, distinct alias.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from privrag.generalize import canonical_label
from privrag.seag.families import TOKEN_RE, case_like
from privrag.types import DetectedEntity

__all__ = ["GENDER_HONORIFICS", "NEUTRAL_HONORIFIC", "with_honorifics", "neutral_honorifics"]

#: honorifics that say gender or marital status (``BuilderConfig.honorifics="neutral"``)
GENDER_HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "mister", "missus", "mx"})
NEUTRAL_HONORIFIC = "Mx"
_HONORIFIC_BEFORE = re.compile(
    r"(?<![\w.])(?:" + "|".join(sorted(GENDER_HONORIFICS, key=len, reverse=True)) + r")\.?[ \t]{1,2}$",
    re.IGNORECASE,
)


def with_honorifics(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """Person spans grown over the gender honorific right before them ("Mr" + "Jordan").

    The honorific must be part of the aliased form to be replaced with the
    name; a separate span that is only that honorific (a TITLE "Mr.") is
    absorbed by the person it precedes.
    """
    out: list[DetectedEntity] = []
    prefixes: list[tuple[int, int]] = []  # the honorifics the grown spans took in
    for s in spans:
        m = _HONORIFIC_BEFORE.search(text, max(0, s.start - 12), s.start) if canonical_label(s.label) == "PERSON" else None
        if m is None:
            out.append(s)
            continue
        prefixes.append((m.start(), s.start))
        out.append(DetectedEntity(m.start(), s.end, s.label, text[m.start() : s.end], s.score, s.source))
    if not prefixes:
        return out
    # the spans come without overlaps, so only a span inside a taken-in honorific is now covered
    prefixes.sort()
    starts = [a for a, _ in prefixes]

    def absorbed(s: DetectedEntity) -> bool:
        k = bisect.bisect_right(starts, s.start) - 1
        return k >= 0 and s.end <= prefixes[k][1]

    return [s for s in out if not absorbed(s)]


def neutral_honorifics(alias: str) -> str:
    """``alias`` with its gender honorifics made "Mx" ("Mr. Cruz" → "Mx. Cruz")."""
    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        return case_like(word, NEUTRAL_HONORIFIC) if word.lower() in GENDER_HONORIFICS else word
    return TOKEN_RE.sub(swap, alias)
