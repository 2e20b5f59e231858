"""Dates, amounts, percentages, ages and numeric identifiers that general NER misses.

Presidio ignores money, and application numbers like "no. 28045/02" are invisible to spaCy:
SEAG finds them itself so that every value of a request is shifted with one set of parameters.
"""

from __future__ import annotations

import bisect

from privrag.amounts import priced
from privrag.detect.base import BaseDetector
from privrag.reference_numbers import after_reference_prefix
from privrag.seag.value_patterns import (
    _AGE,
    _AMOUNT,
    _DATE_PATTERNS,
    _DECIMAL,
    _EMAIL,
    _IDENT,
    _NUMBER_RUN,
    _PERCENT,
    _RATIO,
    _TIME_ALONE,
    _WEEKDAY_FULL,
)
from privrag.types import DetectedEntity

__all__ = ["ValueRecognizer"]


class ValueRecognizer(BaseDetector):
    """Regex recognizer for values SEAG must keep consistent.

    Key init args:
        dates / amounts / percentages / identifiers / ages / emails: which kinds to report.

    E-mail addresses are found by pattern too (Presidio rejects reserved
    domains such as ``.example``). Identifiers are tokens with at least four digits (application and case
    numbers, accounts, phones, cards) that are not a date or an amount.
    """

    name = "seag_values"

    def __init__(
        self,
        *,
        dates: bool = True,
        amounts: bool = True,
        percentages: bool = False,
        identifiers: bool = True,
        ages: bool = True,
        emails: bool = True,
    ) -> None:
        self.dates = dates
        self.amounts = amounts
        self.percentages = percentages
        self.identifiers = identifiers
        self.ages = ages
        self.emails = emails

    def _detect(self, text: str) -> list[DetectedEntity]:
        found: list[DetectedEntity] = []
        starts: list[int] = []  # the spans taken so far never overlap, so sorted by
        ends: list[int] = []  # start they are sorted by end as well

        def add(s: int, e: int, label: str) -> None:
            k = bisect.bisect_left(starts, e)  # spans [:k] start before e
            if k and ends[k - 1] > s:
                return
            starts.insert(k, s)
            ends.insert(k, e)
            found.append(DetectedEntity(s, e, label, text[s:e], 0.9, self.name))

        if self.emails:  # e-mail aliases are rebuilt from the aliased names
            for m in _EMAIL.finditer(text):
                add(m.start(), m.end(), "EMAIL_ADDRESS")
        if self.amounts:
            for m in _AMOUNT.finditer(text):
                add(m.start(), m.end(), "MONEY")
        if self.dates:
            for _kind, pat in _DATE_PATTERNS:
                for m in pat.finditer(text):
                    add(m.start(), m.end(), "DATE_TIME")
            # "we flew on Tuesday" narrows a trip down as a date does; shifted by one per-request offset
            for m in _WEEKDAY_FULL.finditer(text):
                add(m.start(), m.end(), "DATE_TIME")
            # "at 2:14 PM", "between 8am and 1pm": the time of a visit or a call narrows it down too
            for m in _TIME_ALONE.finditer(text):
                add(m.start(), m.end(), "DATE_TIME")
        if self.ages:
            for m in _AGE.finditer(text):
                add(m.start(), m.end(), "AGE")
        if self.percentages:
            for m in _PERCENT.finditer(text):
                add(m.start(), m.end(), "PERCENT")
        if self.identifiers:
            for m in _NUMBER_RUN.finditer(text):
                if (sum(c.isdigit() for c in m.group(0)) >= 7 and not after_reference_prefix(text, m.start())
                        and not priced(text, m.start(), m.end())):  # "1.000.000 ₫" is a deposit
                    add(m.start(), m.end(), "ID_NUMBER")
            for m in _IDENT.finditer(text):
                if not (_DECIMAL.fullmatch(m.group(0)) or _RATIO.fullmatch(m.group(0))
                        or after_reference_prefix(text, m.start())  # "EudraCT 2021-004412-38"
                        or priced(text, m.start(), m.end())):
                    add(m.start(), m.end(), "ID_NUMBER")
        return sorted(found)
