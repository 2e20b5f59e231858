"""Detected spans made ready for one alias table: snapped, merged, filtered.

What the builder aliases is decided here, before any alias is drawn: whole
words only; a value inside a name is part of the name; two place spans that
spell one country are one; headings that repeat ordinary words, counted
numbers and common nouns for people ("a man", "his wife") are not entities;
a "date" no date rewrite can touch is a misread name.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence

from privrag import gazetteer
from privrag.calendar_words import CALENDAR_WORDS, SEASONS
from privrag.generalize import canonical_label
from privrag.intervals import Containment
from privrag.seag.families import PERSON_NOUNS
from privrag.seag.restore import is_word_char
from privrag.seag.values import VALUE_CATEGORIES, ValueParams, ValueShifter
from privrag.types import DetectedEntity

__all__ = [
    "VALUES_SOURCE", "snap", "drop_values_inside_entities", "join_country_names", "drop_headings",
    "plain_number", "person_noun", "misread_values",
]  # fmt: skip

_STRIP_LEFT = "\"“”‘'()[]{},;:«»"
_STRIP_RIGHT = "\"“”’()[]{},;:«»"


def snap(text: str, span: DetectedEntity) -> DetectedEntity | None:
    """Whole words only, without surrounding quotes/brackets/space."""
    s, e = span.start, span.end
    n = len(text)
    while 0 < s < n and is_word_char(text[s - 1]) and is_word_char(text[s]):
        s -= 1
    while 0 < e < n and is_word_char(text[e - 1]) and is_word_char(text[e]):
        e += 1
    while s < e and (text[s].isspace() or text[s] in _STRIP_LEFT):
        s += 1
    while e > s and (text[e - 1].isspace() or text[e - 1] in _STRIP_RIGHT):
        e -= 1
    if s >= e or not any(c.isalnum() for c in text[s:e]):
        return None
    return DetectedEntity(s, e, span.label, text[s:e], span.score, span.source)


_BARE_NUMBER_LABELS = frozenset({"CARDINAL", "ORDINAL"})
#: kinds whose value is a name: a span of them without a letter is no name (a place may be a
#: number: "My zip code is 880" comes as spaCy's FAC)
_NAME_ONLY_KINDS = frozenset({"PERSON", "ORG", "NORP", "MISC"})
VALUES_SOURCE = "seag_values"
#: entity kinds that own the values inside them (a date inside a date, an age inside
#: spaCy's "36 year old" DATE, stay values)
_NAMED_KINDS = frozenset({"PERSON", "ORG", "LOC", "ADDRESS", "NORP"})


def drop_values_inside_entities(spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """A value found inside a longer name or address is part of that entity.

    Values win the label of a merged span (a shifted date must be parsed as a
    date), but a house number that reads as a year ("3536 1659 Hoog St") or a
    year in a company name is not a date: had it won, the whole address would
    be aliased as a date — only "1659" shifted, the street left as it was.
    """
    named = Containment(
        (e.start, e.end) for e in spans
        if e.source != VALUES_SOURCE and canonical_label(e.label) in _NAMED_KINDS
    )
    return [s for s in spans if s.source != VALUES_SOURCE or not named.covers(s.start, s.end, strictly=True)]


_PLACE_JOINERS = frozenset({" and ", " of ", " & "})


def join_country_names(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """Join neighbouring place spans that together spell one country's name.

    spaCy-sm reads "the United Kingdom of Great Britain and Northern Ireland"
    as two places; aliased apart, one country became "the Republic of Mexico
    and Monterrey" — two entities where the text names one. The gazetteer
    decides: the joined span is kept only if it is a country's name or
    official long form ("Bosnia and Herzegovina").
    """
    out: list[DetectedEntity] = []
    for s in spans:
        prev = out[-1] if out else None
        if (
            prev is not None
            and canonical_label(prev.label) == "LOC" == canonical_label(s.label)
            and text[prev.end : s.start] in _PLACE_JOINERS
            and (place := gazetteer.lookup(text[prev.start : s.end])) is not None
            and place.kind == "country"
        ):
            out[-1] = DetectedEntity(prev.start, s.end, prev.label, text[prev.start : s.end], prev.score, prev.source)
            continue
        out.append(s)
    return out


_WORDS_RE = re.compile(r"[^\W\d_]+")


def drop_headings(texts: Sequence[str], clean: Sequence[Sequence[DetectedEntity]]) -> list[list[DetectedEntity]]:
    """Keep section headings that only say what the request already says in lowercase.

    spaCy-sm tags the heading "THE FACTS" as an organisation in most TAB
    judgments, and SEAG sent "THE CQRAW" to the generator. A span on a line
    written in capitals, every word of which the request also uses as an
    ordinary lowercase word *outside* any detected entity (or its singular:
    "the fact that"), tells the generator nothing the rest of the text does not: it
    stays. A capitalised name ("ACME CORP", "JOHN SMITH" beside a lowercase
    "john smith" that is itself detected) is still aliased.
    """
    known: set[str] = set()
    for text, spans in zip(texts, clean, strict=True):
        pos = 0
        for s in [*spans, None]:
            end = s.start if s is not None else len(text)
            known.update(w for w in _WORDS_RE.findall(text[pos:end]) if w.islower())
            pos = max(pos, s.end) if s is not None else pos
    out = []
    for text, spans in zip(texts, clean, strict=True):
        out.append([s for s in spans if not _is_known_heading(text, s, known)])
    return out


def _is_known_heading(text: str, span: DetectedEntity, known: set[str]) -> bool:
    """``span`` lies on a line written in capitals whose every word is an ordinary word of the request.

    A span that holds a digit is never a heading: "T: 0113 496 0721" is a line in
    capitals too (no lower-case letter), and its phone number must be aliased."""
    if any(c.isdigit() for c in span.text):
        return False
    line_start = text.rfind("\n", 0, span.start) + 1
    line_end = text.find("\n", span.end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    words = _WORDS_RE.findall(line)
    return bool(words) and line.isupper() and all(_known_word(w.lower(), known) for w in words)


def _known_word(word: str, known: set[str]) -> bool:
    """``word`` or its singular ("facts" → "the fact that") is an ordinary word of the request."""
    return word in known or (len(word) > 3 and word.endswith("s") and word[:-1] in known)


def plain_number(span: DetectedEntity) -> bool:
    """A counted number ("8", "three", "2nd") identifies nothing; numbers
    with four or more digits are kept as identifiers. A model's name label on a
    short number with no letter ("2" or "≥1" as an organisation) is a misread
    count: aliased, every "2" of the text changed ("2 years" became "5 years")."""
    digits = sum(c.isdigit() for c in span.text)
    if digits >= 4:
        return False
    if span.label.upper() in _BARE_NUMBER_LABELS:
        return True
    return (canonical_label(span.label) in _NAME_ONLY_KINDS and digits > 0
            and not any(c.isalpha() for c in span.text))


def person_noun(span: DetectedEntity) -> bool:
    """"man", "wife" tagged as a demographic group: a common noun, not an entity to alias."""
    return canonical_label(span.label) == "NORP" and span.text.lower() in PERSON_NOUNS


#: words a date or a time is written with: a value span holding only these (and numbers) is a value
_DATE_WORDS = CALENDAR_WORDS | frozenset(
    """christmas easter eve new year years day days week weeks weekend month months century decade
    spring summer autumn fall winter morning afternoon evening night noon midnight today tomorrow yesterday am pm
    utc gmt cet est pst bc ad ce bce q1 q2 q3 q4 h1 h2 fy ramadan hanukkah thanksgiving""".split()
)
#: words that open a date phrase at a sentence start ("The first year", "Early spring")
_STOP_WORDS = frozenset(
    """the a an in on at of by for from to this that these those next last past first second third fourth early
    late mid end beginning until since before after during around about every each some few several""".split()
)
_CAPITALISED = re.compile(r"(?<![\w'’])[^\W\d_][^\W\d_'’-]+")
_DIGIT_RUN = re.compile(r"\d{3,}")


@functools.lru_cache(maxsize=1)
def _probe() -> ValueShifter:
    """A fixed shifter: whether *any* date or amount inside a span can be rewritten."""
    return ValueShifter(ValueParams.draw(random.Random(0)), random.Random(0))


def misread_values(spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """A date, amount or age span that no value rewrite changes, but that holds a
    name-like word or a number that is no year, is a misread entity: "MISC".

    spaCy-sm reads a town with its postcode ("in TROMSØ 9008") and "Box 7731" as dates. A value the
    shifter cannot parse is sent as written — harmless for "tomorrow" or "the
    first year", a leak for a town and its postcode. Relabelled, the span gets
    an alias like any other unnamed entity.
    """
    out = []
    for s in spans:
        category = canonical_label(s.label)
        if category in VALUE_CATEGORIES and category != "QUANTITY" and _misread(s.text, category):
            s = DetectedEntity(s.start, s.end, "MISC", s.text, s.score, s.source)
        out.append(s)
    return out


#: English writes the seasons in lower case: one written with a capital on its own is a name ("Thanks Summer.")
#: ("Fall" with a capital is a verb opening a sentence as often)
_SEASONS = frozenset(w.capitalize() for w in SEASONS - {"fall"})


def _misread(text: str, category: str) -> bool:
    if text.strip() in _SEASONS:
        return True
    named = any(w.group()[0].isupper() and w.group().lower() not in _DATE_WORDS
                and w.group().lower() not in _STOP_WORDS for w in _CAPITALISED.finditer(text))
    # a four-digit run is a year only where the shifter rewrites years (1500-2099): "ending 1009" is a code
    code = any(not (len(m.group()) == 4 and 1500 <= int(m.group()) <= 2099) for m in _DIGIT_RUN.finditer(text))
    return (named or code) and _probe().shift(text, category) == text
