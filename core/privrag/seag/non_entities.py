"""Spans SEAG must never alias: field labels and other components' placeholders.

SEAG often runs on text that is not raw:

* **prompt templates and forms** — "Query:", "Context:", "Tel:", "DOB:".
  A label names no one, but detectors tag it (spaCy-sm reads "Tel" and
  "Email" as persons), and an alias there ("Chang: 0390 …") hides from the
  generator which field it is reading (:mod:`privrag.form_labels`);
* **the output of TRIP-RAG, PA-HDP or redaction** — their Γ descriptors
  ("a person", "an identification number") and type tags (``<PERSON>``).
  A detector that marks "number" in "an identification number" made SEAG
  send "an identification Jackson": an invented entity, and a placeholder
  the generator can no longer read as one.

A detected span inside such a region is dropped; a span that reaches beyond
it keeps only its part outside, if that part is whole words (what an alias
can be matched on again). The placeholders are derived from the tables that
produce them (:mod:`privrag.generalize`, :func:`privrag.textops.tag_for`),
so a category added with :func:`privrag.generalize.register` is covered too.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from privrag import generalize
from privrag.form_labels import label_regions
from privrag.intervals import Overlaps
from privrag.seag.restore import is_word_char
from privrag.textops import DETERMINERS, tag_for
from privrag.types import DetectedEntity

__all__ = ["placeholder_regions", "drop_non_entities"]

#: a kept piece of a cut span: from its first to its last letter or digit
_CORE = re.compile(r"[^\W_](?:.*[^\W_])?", re.S)


def _placeholders() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(Γ descriptors with their article, type tags), read from Γ's table as it is now."""
    cats = sorted(generalize.CANONICAL)
    descriptors = tuple(generalize.descriptor(c) for c in cats)
    tags = tuple(tag_for(DetectedEntity(0, 0, c, "")) for c in cats)
    return descriptors, tags


def _word(w: str) -> str:
    """A descriptor word as written, or capitalised (sentence start; a title-cased file name)."""
    head = f"[{re.escape(w[0].lower())}{re.escape(w[0].upper())}]" if w[0].isalpha() else re.escape(w[0])
    return head + re.escape(w[1:])


@functools.lru_cache(maxsize=8)
def _pattern(descriptors: tuple[str, ...], tags: tuple[str, ...]) -> re.Pattern[str]:
    # descriptor_for writes Γ's phrase ("a person"; capitalised at a sentence start, title-cased in a
    # protected file name: "A Person Referral"), or its noun alone after a determiner ("the person" —
    # lower case only, so "The Work Foundation" stays a name); "_" joins words in a protected file name
    longest = sorted(descriptors, key=len, reverse=True)
    phrases = "|".join("[ _]+".join(map(_word, d.split())) for d in longest)
    nouns = "|".join("[ _]+".join(map(re.escape, d.split()[1:])) for d in longest)
    det = "|".join(_word(d) for d in DETERMINERS)
    tag = "|".join(re.escape(t) for t in sorted(tags, key=len, reverse=True))
    return re.compile(rf"(?<![^\W_])(?:{phrases}|(?:{det})[ _]+(?:{nouns}))(?:['’]s)?(?![^\W_])|{tag}")


def placeholder_regions(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a privrag placeholder ("a person", "<PERSON>")."""
    return [m.span() for m in _pattern(*_placeholders()).finditer(text)]


def drop_non_entities(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` without field labels and placeholders (see the module docstring).

    A label before a colon, and a placeholder, is cut out of any span that
    overlaps it ("Name: John Smith" → "John Smith"); a label without a colon
    drops a span only if the span is nothing else, or is cut off the front of
    a value ("DOB 12/03/1961" → "12/03/1961"): "Context Ltd" may be a company.
    """
    if not spans:
        return []
    cut = placeholder_regions(text)
    whole: list[tuple[int, int]] = []
    for r in label_regions(text):
        if r.colon:
            cut.append((r.start, r.end))
        else:
            whole.append((r.start, r.end))
    # a long letter has thousands of labels and spans: each span meets only the regions it overlaps
    near_cut, near_whole = Overlaps(cut), Overlaps(whole)
    out: list[DetectedEntity] = []
    for s in spans:
        regions = near_cut.overlapping(s.start, s.end) + [
            (a, b) for a, b in near_whole.overlapping(s.start, s.end) if _label_alone_or_before_value(text, s, a, b)
        ]
        out.extend(_subtract(text, s, regions))
    return out


def _label_alone_or_before_value(text: str, span: DetectedEntity, a: int, b: int) -> bool:
    if not (a < span.end and span.start < b):
        return False
    rest = text[max(b, span.start) : span.end]
    inside = text[span.start : min(a, span.end)] if span.start < a else ""
    if _CORE.search(inside):
        return False  # words before the label: the label is part of a name
    tail = rest.lstrip(" \t.:#")
    return not tail or not tail[0].isalpha()


def _subtract(text: str, span: DetectedEntity, regions: Iterable[tuple[int, int]]) -> list[DetectedEntity]:
    """``span`` minus ``regions``: the remaining pieces that are whole words."""
    hits = sorted((a, b) for a, b in regions if a < span.end and span.start < b)
    if not hits:
        return [span]
    pieces: list[tuple[int, int]] = []
    pos = span.start
    for a, b in hits:
        if a > pos:
            pieces.append((pos, a))
        pos = max(pos, b)
    if pos < span.end:
        pieces.append((pos, span.end))
    out = []
    for a, b in pieces:
        m = _CORE.search(text, a, b)
        if m is None:
            continue
        a2, b2 = m.span()
        if (a2 > 0 and is_word_char(text[a2 - 1])) or (b2 < len(text) and is_word_char(text[b2])):
            continue  # glued to the cut-out part ("a_person_Referral"): no alias could be matched there
        out.append(DetectedEntity(a2, b2, span.label, text[a2:b2], span.score, span.source))
    return out
