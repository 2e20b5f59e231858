"""Every mention of a person the text has already named: "Rose" after "Rose Gwendoline Pugh".

A model finds "Priyanka Sharma" in a letter's header and misses the five
"Priyanka"s of the body, or the "@hunter.b" of a chat and the "hunter" two
lines down. Each missed mention leaks the name the first one protected.

This step looks only at spans already labelled as persons or user names and
marks the other occurrences of their full form and of their name parts:

* a capitalised part is matched as written ("Rose", "Pugh");
* a lower-case occurrence ("hi bill", "bao is feverish") is matched when the
  word is rare in English (Zipf < 4, wordfreq) or stands in a greeting or an
  all-lower-case line, where people write names that way — "will" and "mark"
  in ordinary prose stay words;
* a handle gives its name parts too ("dani.k" → "dani", "@jwu" → "jwu").

Unlike :class:`~privrag.detect.default.PropagatingDetector`, no other label
propagates: organisations and dates repeat for reasons of their own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.types import DetectedEntity

__all__ = ["PROPAGATED_SOURCE", "propagate_names", "name_forms"]

PROPAGATED_SOURCE = "privrag_propagated"
_PERSON_LABELS = frozenset({"PERSON", "PER", "NAME", "USERNAME", "FIRST_NAME", "LAST_NAME", "FULL_NAME"})
_NOT_PARTS = frozenset(
    "mr mrs ms miss mx dr prof sir madam dame lord lady the and of van von de da der den del la le "
    "jr sr dear hi hello team channel here everyone all".split()
)
_GREETING = re.compile(r"(?i)\b(?:hi|hey|hello|dear|thanks|thank\s+you|thx|ty|bye|morning|evening|cheers|ok|okay)[\s,]+$")


def name_forms(span: DetectedEntity) -> set[str]:
    """The full name (no possessive, no ``@``) and its parts of three letters or more."""
    surface = re.sub(r"(?:['’]s|['’])$", "", span.text.strip()).lstrip("@")
    forms = {surface} if len(surface) >= 3 else set()
    for part in re.split(r"[\s._-]+", surface):
        if len(part) >= 3 and part.lower() not in _NOT_PARTS and part.isalpha():
            forms.add(part)
    return forms


def _lowercase_ok(text: str, start: int, word: str) -> bool:
    from privrag.keep.vocab import zipf

    if zipf(word) < 4.0:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return line == line.lower() or bool(_GREETING.search(text[line_start:start]))


def propagate_names(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the unmarked occurrences of their persons' names (overlap-free)."""
    forms: dict[str, DetectedEntity] = {}
    for s in spans:
        if s.label.upper() in _PERSON_LABELS:
            for f in name_forms(s):
                forms.setdefault(f, s)
    if not forms:
        return list(spans)
    taken = sorted((s.start, s.end) for s in spans)
    extra: list[DetectedEntity] = []
    pattern = re.compile(
        r"(?<![\w@.])(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + r")(?![\w@]|\.\w)",
        re.IGNORECASE,
    )
    for m in pattern.finditer(text):
        a, b = m.span()
        if any(x < b and a < y for x, y in taken):
            continue
        word = m.group(0)
        src = forms.get(word) or next((v for k, v in forms.items() if k.lower() == word.lower()), None)
        if src is None:
            continue
        exact = word in forms
        if not exact and not (word.islower() and _lowercase_ok(text, a, word.lower())):
            continue  # "WILL" in a heading, "Will" at a sentence start for a lowercase "will"
        extra.append(DetectedEntity(a, b, src.label, word, src.score * 0.9, PROPAGATED_SOURCE))
        taken.append((a, b))
    return sorted([*spans, *extra])
