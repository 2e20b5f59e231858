"""Other members of a detected identifier's numbering scheme: "SGL-LT-02817" … "SGL-LT-LN11".

An organisation numbers its assets, tickets and records with one prefix:
once the detector has found "SGL-LT-02817" (a laptop's asset tag, after its
label), the loan laptop "SGL-LT-LN11" written in prose is the same scheme's,
though it has too few digits for any identifier pattern. A prefix of at least
two hyphenated parts, with letters, says so; a single part ("CT-", "ID-") is
everyone's.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["CODE_FAMILY_SOURCE", "code_family_members"]

CODE_FAMILY_SOURCE = "privrag_code_family"
#: a scheme's prefix: two or more hyphenated parts of capitals and digits, one of them with two letters
_PREFIX = re.compile(r"([A-Z0-9]{2,8}(?:-[A-Z0-9]{1,8})+-)[A-Z0-9]{2,12}")
_LETTERS = re.compile(r"[A-Z]{2}")
#: canonical categories of identifiers
_ID_CATEGORIES = frozenset({"CODE", "FINANCIAL"})


def code_family_members(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the unmarked codes that share a detected identifier's prefix."""
    prefixes: dict[str, DetectedEntity] = {}
    for s in spans:
        m = _PREFIX.fullmatch(s.text.strip())
        # the letters must be the prefix's own: "2024-03-AB12" lends no "2024-03-" to the dates of March
        if m is not None and canonical_label(s.label) in _ID_CATEGORIES and _LETTERS.search(m.group(1)):
            prefixes.setdefault(m.group(1), s)
    if not prefixes:
        return list(spans)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(prefixes, key=len, reverse=True)))
                         + r")[A-Z0-9]{2,12}(?![\w-])")
    starts = sorted(s.start for s in spans)
    ends = sorted(s.end for s in spans)
    extra = []
    for m in pattern.finditer(text):
        # a span overlaps the match unless every span ends before it or starts after it
        if bisect.bisect_left(starts, m.end()) - bisect.bisect_right(ends, m.start()) > 0:
            continue
        src = prefixes[m.group(1)]
        extra.append(DetectedEntity(m.start(), m.end(), src.label, m.group(), src.score * 0.9, CODE_FAMILY_SOURCE))
    return sorted([*spans, *extra])
