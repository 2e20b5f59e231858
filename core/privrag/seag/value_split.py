"""A value span is a value: names and identifiers inside one are split out.

Detectors merge neighbouring words into one date or amount span: the
default detector reads "Eberth owes USD 387k since" as one MONEY span and a
clinic row "04/11/1958 John Jordan admitted" as one DATETIME span; merged
with SEAG's own year pattern, an IBAN ("GB33 BUKB 2020 1555 5555 55") can
end up labelled as a date. The value shifter rewrites only the numbers it
understands, so the name (or the rest of the IBAN) was sent as written
(issue 19). :func:`split_value_spans` keeps the value *cores* as value
spans, turns every name-like word of the rest into a PERSON span (aliased
as a name, grouped with the person's other mentions), and relabels a span
whose rest still holds an identifier's worth of digits as an identifier,
aliased whole.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from privrag.calendar_words import CALENDAR_WORDS
from privrag.generalize import canonical_label
from privrag.seag.families import FEMALE_HONORIFICS, MALE_HONORIFICS, NAME_PARTICLES, TOKEN_RE
from privrag.seag.value_patterns import (
    _AGE,
    _AMOUNT,
    _DATE_PATTERNS,
    _MONTH_ONLY,
    _PERCENT,
    _WEEKDAY,
)
from privrag.types import DetectedEntity

__all__ = ["split_value_spans", "IDENT_DIGITS"]

#: digits outside every value core from which the span is an identifier, not a value
IDENT_DIGITS = 5
_SPLIT_CATEGORIES = frozenset({"DATETIME", "MONEY", "AGE"})
_TIME = re.compile(r"(?<!\d)\d{1,2}[:.h]\d{2}(?:[:.]\d{2})?(?:\s?[ap]\.?m\.?)?(?!\d)", re.I)
_ORDINAL = re.compile(r"(?<!\w)\d{1,2}(?:st|nd|rd|th)(?!\w)", re.I)
_SMALL_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?![\w]|[.,]\d)")
_CORES = (*[p for _k, p in _DATE_PATTERNS], _MONTH_ONLY, _WEEKDAY, _AMOUNT, _PERCENT, _AGE, _TIME, _ORDINAL)
#: words of amounts and the words around any value: never a name inside a value span
_AMOUNT_WORDS = frozenset(
    """usd eur gbp jpy chf rub try pln sek inr us dollars dollar euros euro pounds pound yen francs roubles
    rubles liras zlotys kronor rupees million billion thousand trillion bn k m the a an in on at of by for
    from to since until till before after about around approximately circa ca this that next last past
    first second third early late mid end beginning during between and or per age aged old total sum
    amount balance""".split()
)
#: words of dates: part of a date span ("Christmas Day 2019"), but a name in an amount ("Day owes USD 662k")
_DATE_WORDS = CALENDAR_WORDS | frozenset(
    """year years day days week weeks month months christmas easter eve thanksgiving ramadan hanukkah diwali
    new spring summer autumn fall winter morning afternoon evening night noon midnight today tomorrow
    yesterday am pm utc gmt cet est pst""".split()
)
_COMMON_ZIPF = 4.5


@functools.lru_cache(maxsize=4096)
def _common_word(word: str) -> bool:
    """An everyday English word ("Payment", "Total") at a sentence start is no name."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en") >= _COMMON_ZIPF


def _cores(text: str) -> list[tuple[int, int]]:
    taken: list[tuple[int, int]] = []
    for pat in _CORES:
        for m in pat.finditer(text):
            if m.end() > m.start() and not any(m.start() < b and a < m.end() for a, b in taken):
                taken.append((m.start(), m.end()))
    return sorted(taken)


#: what may stand between two parts of one date or time: "Tuesday 15 April 2025 at 10:00", "Fri, 21 Feb"
_CONNECTOR = re.compile(r"[\s,]*(?:(?:at|on|of|the|from|to|until|till|between|and|-|–)[\s,]+)?", re.I)


def _joined(text: str, cores: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Date cores that only a connector separates, as one core: the connector ("at") is part
    of the date expression, and one table row shifts and restores the expression whole."""
    out: list[tuple[int, int]] = []
    for a, b in cores:
        if out and _CONNECTOR.fullmatch(text, out[-1][1], a):
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def _outside(text: str, cores: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out, pos = [], 0
    for a, b in cores:
        if a > pos:
            out.append((pos, a))
        pos = max(pos, b)
    if pos < len(text):
        out.append((pos, len(text)))
    return out


def _sentence_start(text: str, pos: int) -> bool:
    """Whether ``pos`` opens a sentence; looks back a bounded window, so the split stays
    linear in the text however many value spans it has."""
    head = text[max(0, pos - 200) : pos]
    before = head.rstrip()
    if not before:
        return pos - len(head) <= 0 or "\n" in head
    return before[-1] in ".!?•*-–—\"“" or "\n" in head[len(before) :]


def _name_like(word: str, known_parts: frozenset[str], mid_sentence: bool = False, *,
               date: bool = True, after_particle: bool = False) -> bool:
    """A name part of the request, a known given name or surname, a capitalised word after a
    particle ("van Day") or that is no everyday word — or, in mid-sentence, any capitalised
    word ("since 2010 Link owes …"). Date words are names only in an amount ("Ramadan owes …")."""
    low = word.lower()
    if low in known_parts or (after_particle and word[:1].isupper() and word.isalpha()):
        return True
    if low in _AMOUNT_WORDS or (date and low in _DATE_WORDS) or low in NAME_PARTICLES:
        return False
    if not word.replace("-", "").replace("'", "").isalpha():
        return False
    if not word[:1].isupper():  # a name written in lower case: only a known one that is no everyday word
        return len(word) >= 3 and _name_word(low) and not _common_word(word)
    if low.rstrip(".") in MALE_HONORIFICS | FEMALE_HONORIFICS | {"mx", "dr", "prof"}:
        return False
    return len(word) >= 2 and (mid_sentence or not _common_word(word) or _name_word(low))


@functools.lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    from privrag.detect.recognizers_first_names import person_name_words

    return person_name_words()


def _name_word(low: str) -> bool:
    """A given name or surname of Faker's locales ("Robert", "Grand"), however common as a word."""
    return low in _name_words()


def _particle_before(text: str, pos: int) -> bool:
    m = re.search(r"(\w+)\s+$", text[:pos])
    return m is not None and m.group(1) in NAME_PARTICLES


def _person_parts(spans: Sequence[DetectedEntity]) -> frozenset[str]:
    return frozenset(
        m.group(0).lower() for s in spans if canonical_label(s.label) == "PERSON"
        for m in TOKEN_RE.finditer(s.text) if len(m.group(0)) >= 3
    )


def split_value_spans(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """Value spans reduced to their values; the names and identifiers inside get spans of their own."""
    known = _person_parts(spans)
    out: list[DetectedEntity] = []
    for s in spans:
        if canonical_label(s.label) not in _SPLIT_CATEGORIES:
            out.append(s)
            continue
        # a month or a weekday that is one of the request's names ("12/06/1973 April Andrews
        # admitted") is the name: left out of the cores, it is read with the words around it
        cores = [(a, b) for a, b in _cores(s.text) if s.text[a:b].lower() not in known]
        rest = _outside(s.text, cores)
        digits = sum(c.isdigit() for a, b in rest for c in s.text[a:b])
        if digits >= IDENT_DIGITS:
            label = "IBAN_CODE" if re.match(r"[A-Z]{2}\d{2}", s.text) else "ID_NUMBER"
            out.append(DetectedEntity(s.start, s.end, label, s.text, s.score, s.source))
            continue
        names: list[tuple[int, int]] = []
        date = canonical_label(s.label) == "DATETIME"
        for a, b in rest:
            for m in TOKEN_RE.finditer(s.text, a, b):
                word = m.group(0)
                # in a date any capitalised word is no name ("at 10:00 in Meeting Room 2"): only
                # one of the request's names, a known name or a word no dictionary has
                mid = not date and not _sentence_start(text, s.start + m.start())
                if _name_like(word, known, mid, date=date,
                              after_particle=_particle_before(s.text, m.start())):
                    if names and not s.text[names[-1][1] : m.start()].strip():
                        names[-1] = (names[-1][0], m.end())  # "John Jordan": one name
                    else:
                        names.append((m.start(), m.end()))
        if not names or not cores:
            out.append(s)
            continue
        if date:
            cores = _joined(s.text, cores)
        for a, b in cores:
            if _SMALL_NUMBER.fullmatch(s.text[a:b]) is None:
                out.append(DetectedEntity(s.start + a, s.start + b, s.label, s.text[a:b], s.score, s.source))
        for a, b in names:
            out.append(DetectedEntity(s.start + a, s.start + b, "PERSON", s.text[a:b], s.score, s.source))
    return sorted(out, key=lambda e: (e.start, e.end))
