"""One name, one kind: every mention takes the most sensitive label any mention of it has.

Why: PA-HDP tiers a unit by the most sensitive label in it (:mod:`.risk`). A model may call
the same first name a person in one sentence and a place or an organisation in the next
("Re: Mateo - lunch recess" a person, "so sorry Mateo has been dealing with this" a place;
"Dr Hamish Reid" a person, "questions expected from Hamish" a nationality). The second unit
then looks as if it named a town (rubric level 1), falls in the ``low`` tier and is released
verbatim: the name leaks although the detector found it. Redaction masks every label alike,
so only a technique that weighs labels needs this. A string the detector calls a person
anywhere in the context is a person everywhere in it; a label is only ever raised, never
lowered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from privrag.detect.grouping import name_tokens, normalize_surface
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["strongest_labels"]


def strongest_labels(spans: Sequence[DetectedEntity], weight: Callable[[str], float]) -> list[DetectedEntity]:
    """``spans`` with each relabelled to the most sensitive label (by ``weight``) of a mention
    of the same normalized surface, or of a person whose name holds all of its name parts
    ("Hamish" of "Dr Hamish Reid"). Offsets, text, score and source stay the span's own."""
    by_surface: dict[str, str] = {}
    by_part: dict[str, str] = {}
    for s in spans:
        key = normalize_surface(s.text)
        if key and (key not in by_surface or weight(s.label) > weight(by_surface[key])):
            by_surface[key] = s.label
        if canonical_label(s.label) == "PERSON":
            for part in name_tokens(s.text):
                if part not in by_part or weight(s.label) > weight(by_part[part]):
                    by_part[part] = s.label
    out: list[DetectedEntity] = []
    for s in spans:
        best = by_surface.get(normalize_surface(s.text), s.label)
        parts = name_tokens(s.text)
        if parts and all(p in by_part for p in parts):
            person = max((by_part[p] for p in parts), key=weight)
            if weight(person) > weight(best):
                best = person
        if weight(best) > weight(s.label):
            s = DetectedEntity(s.start, s.end, best, s.text, s.score, s.source)
        out.append(s)
    return out
