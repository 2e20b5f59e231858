"""Related values stay related: one date offset, one factor per currency.

A generator that reads "born on 3 May 1961 … arrested on 9 June 1999" must
still be able to answer "how old was she?" after aliasing, and "15 % more
than €2,000" must still hold. So SEAG never draws dates or amounts one by
one: every date of a request moves by the same offset (whole years plus a
few days, month and weekday names by a fixed rotation) and every amount of
a currency is multiplied by the same factor. Times of day move by one
whole-hour offset ("8am-1pm" stays a five-hour window; "at 10:00" keeps its
format). Percentages are kept unless configured, since they are rarely
identifying and usually the point.

:class:`ValueRecognizer` finds the dates, amounts, percentages and numeric
identifiers that general NER misses (Presidio ignores money; application
numbers like "no. 28045/02" are invisible to spaCy). :class:`ValueShifter`
rewrites a value string with the request's parameters, keeping its format
("1 March 2001" stays "D Month YYYY", "EUR 1,250.00" keeps its separators).
"""

from __future__ import annotations

import calendar
import datetime as dt
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from privrag.seag.value_patterns import (
    _AGE,
    _AMOUNT,
    _BARE_AGE,
    _CURRENCY_WORDS,
    _DATE_PATTERNS,
    _DAY_ABBR,
    _DAY_MONTH_FIGURES,
    _DAYS,
    _MONTH_ABBR,
    _MONTH_ONLY,
    _MONTHS,
    _NO_YEAR,
    _NUM,
    _ORDINAL_DAY,
    _PERCENT,
    _TIME,
    _WEEKDAY,
    DAY_OFFSETS,
)
from privrag.seag.value_recognizer import ValueRecognizer

__all__ = ["ValueParams", "ValueShifter", "ValueRecognizer", "VALUE_CATEGORIES"]

#: canonical categories whose aliases come from this module, not a generator
VALUE_CATEGORIES = frozenset({"DATETIME", "MONEY", "QUANTITY", "AGE"})

@dataclass
class ValueParams:
    """The per-request offsets and factors (kept with the table, never sent)."""

    years: int = 0
    days: int = 0
    month_shift: int = 0
    weekday_shift: int = 0
    age_shift: int = 0
    factors: dict[str, float] = field(default_factory=dict)
    alias_percentages: bool = False
    percent_factor: float = 1.0

    @classmethod
    def draw(cls, rng: random.Random, *, alias_percentages: bool = False, attempt: int = 0) -> ValueParams:
        # small offsets first; later attempts (after collisions) widen the range
        span = 3 + 4 * attempt
        years = rng.choice([y for y in range(-span, span + 1) if y != 0])
        return cls(
            years=years,
            days=rng.choice(DAY_OFFSETS) * rng.choice((-1, 1)),
            month_shift=rng.randint(1, 11),
            weekday_shift=rng.randint(1, 6),
            age_shift=rng.choice([-3, -2, -1, 1, 2, 3]),
            alias_percentages=alias_percentages,
            percent_factor=rng.choice([0.8, 0.85, 0.9, 1.1, 1.15, 1.2]),
        )

    def factor(self, currency: str, rng: random.Random) -> float:
        if currency not in self.factors:
            self.factors[currency] = round(rng.choice([rng.uniform(0.55, 0.85), rng.uniform(1.2, 1.8)]), 3)
        return self.factors[currency]

    @property
    def hour_shift(self) -> int:
        """Whole hours times of day move by: one or two, in the direction of the day offset.
        Derived from the drawn fields, so stored parameters need no new field and the draws
        (and every alias a seed gave before) are unchanged."""
        return (1 + self.weekday_shift % 2) * (1 if self.days >= 0 else -1)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ValueParams:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


def _month_index(name: str) -> int:
    n = name.rstrip(".").lower()
    if n == "sept":
        return 9
    for i, (full, abbr) in enumerate(zip(_MONTHS, _MONTH_ABBR, strict=True)):
        if n in (full.lower(), abbr.lower()):
            return i + 1
    raise ValueError(name)


def _month_name_like(orig: str, month: int) -> str:
    bare = orig.rstrip(".")
    full = _MONTHS[month - 1]
    is_full = bare.lower() in (m.lower() for m in _MONTHS)
    name = full if is_full else _MONTH_ABBR[month - 1]
    name = name + ("." if orig.endswith(".") else "")
    return _case_like(orig, name)


def _case_like(orig: str, new: str) -> str:
    if orig.isupper():
        return new.upper()
    if orig.islower():
        return new.lower()
    return new


def _pad(orig: str, value: int) -> str:
    return str(value).zfill(len(orig)) if orig.startswith("0") else str(value)


def _ordinal_like(orig_tail: str, day: int) -> str:
    if not orig_tail:
        return ""
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return _case_like(orig_tail, suffix)


class ValueShifter:
    """Rewrite dates, amounts, ages (and optionally percentages) in a string."""

    def __init__(self, params: ValueParams, rng: random.Random) -> None:
        self.params = params
        self.rng = rng

    def _shift_date(self, y: int, m: int, d: int) -> dt.date:
        p = self.params
        year = y + p.years
        day = min(d, calendar.monthrange(year, m)[1])
        return dt.date(year, m, day) + dt.timedelta(days=p.days)

    def shift_dates(self, text: str) -> str:
        """Every date-like part of ``text`` shifted; returns ``text`` if none."""
        out = text
        taken: list[tuple[int, int]] = []
        edits: list[tuple[int, int, str]] = []
        for kind, pat in (*_DATE_PATTERNS, ("dm_numeric", _DAY_MONTH_FIGURES)):
            for m in pat.finditer(out):
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                new = self._rewrite(kind, m)
                if new is not None:
                    taken.append((m.start(), m.end()))
                    edits.append((m.start(), m.end(), new))
        for pat, repl in ((_MONTH_ONLY, self._month_only), (_WEEKDAY, self._weekday), (_TIME, self._time),
                          (_ORDINAL_DAY, self._ordinal_day)):
            for m in pat.finditer(out):
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                taken.append((m.start(), m.end()))
                edits.append((m.start(), m.end(), repl(m)))
        for s, e, new in sorted(edits, reverse=True):
            out = out[:s] + new + out[e:]
        return out

    def _rewrite(self, kind: str, m: re.Match[str]) -> str | None:
        g = m.groupdict()
        try:
            if kind == "year":
                if g["s"]:  # a decade ("the 1990s") identifies nothing; keep it
                    return None
                y = int(g["y"]) + self.params.years
                return str(y) + g["s"] if 1000 <= y <= 2999 else None
            if kind == "my_name":
                mon = _month_index(g["mon"])
                return f"{_month_name_like(g['mon'], mon)}{g['c']} {int(g['y']) + self.params.years}"
            if kind == "numeric":
                a, b = int(g["a"]), int(g["b"])
                if not (1 <= a <= 31 and 1 <= b <= 31) or (a > 12 and b > 12):
                    return None
                # day first unless the first field cannot be a month ("11/25/1958");
                # either way both fields move: the offset changes day and month
                day_first = a > 12 or b <= 12
                d, mo = (a, b) if day_first else (b, a)
                new = self._shift_date(int(g["y"]), mo, d)
                nd, nm = _pad(g["a" if day_first else "b"], new.day), _pad(g["b" if day_first else "a"], new.month)
                first, second = (nd, nm) if day_first else (nm, nd)
                return f"{first}{g['s']}{second}{g['s']}{new.year}"
            if kind in ("dm_name", "md_name", "dm_numeric"):
                return self._day_month(kind, m)
            if kind == "iso":
                new = self._shift_date(int(g["y"]), int(g["m"]), int(g["d"]))
                return f"{new.year}-{str(new.month).zfill(len(g['m']))}-{str(new.day).zfill(len(g['d']))}"
            mon = _month_index(g["mon"])
            new = self._shift_date(int(g["y"]), mon, int(g["d"]))
            whole = m.group(0)
            day_txt = re.match(r"\d+", whole[m.start("d") - m.start() :]).group(0)  # type: ignore[union-attr]
            tail = whole[m.end("d") - m.start() :]
            ordm = re.match(r"(st|nd|rd|th)", tail, re.I)
            ordinal = _ordinal_like(ordm.group(0) if ordm else "", new.day)
            day = _pad(day_txt, new.day) + ordinal
            month = _month_name_like(g["mon"], new.month)
            if kind == "dmy_name":
                of = " of" if re.search(r"\sof\s", whole) else ""
                return f"{day}{of} {month}{g['c']} {new.year}"
            return f"{month} {day}{g['c']} {new.year}"
        except (ValueError, OverflowError):
            return None

    def _day_month(self, kind: str, m: re.Match[str]) -> str | None:
        """A day and month without a year move by the day offset ("21 Feb" → "26 Feb")."""
        g = m.groupdict()
        month = int(g["m"]) if kind == "dm_numeric" else _month_index(g["mon"])
        if not 1 <= month <= 12:
            return None
        new = dt.date(_NO_YEAR, month, int(g["d"])) + dt.timedelta(days=self.params.days)
        if kind == "dm_numeric":
            return f"{_pad(g['d'], new.day)}/{_pad(g['m'], new.month)}"
        whole = m.group(0)
        tail = whole[m.end("d") - m.start() :]
        ordm = re.match(r"(st|nd|rd|th)", tail, re.I)
        day = _pad(g["d"], new.day) + _ordinal_like(ordm.group(0) if ordm else "", new.day)
        month_txt = _month_name_like(g["mon"], new.month)
        if kind == "md_name":
            return f"{month_txt} {day}"
        of = " of" if re.search(r"\sof\s", whole) else ""
        return f"{day}{of} {month_txt}"

    def _month_only(self, m: re.Match[str]) -> str:
        idx = (_month_index(m.group("mon")) - 1 + self.params.month_shift) % 12 + 1
        return _month_name_like(m.group("mon"), idx)

    def _time(self, m: re.Match[str]) -> str:
        """"2:14 PM" → "4:14 PM", "23:14" → "01:14": the hour moves by the request's offset, in the
        clock and the format the text uses. A bare number is not a time: it is left as written."""
        g = m.groupdict()
        if g["min"] is None and g["ap"] is None:
            return m.group(0)
        hour, shift = int(g["h"]), self.params.hour_shift
        if g["ap"]:
            if not 1 <= hour <= 12:
                return m.group(0)
            h24 = (hour % 12 + (12 if g["ap"][0] in "Pp" else 0) + shift) % 24
            new_h, pm = h24 % 12 or 12, h24 >= 12
            ap = g["ap"]
            marker = ("P" if pm else "A") if ap[0].isupper() else ("p" if pm else "a")
            ap = marker + ap[1:]
        else:
            new_h, ap = (hour + shift) % 24, ""
        hour_txt = str(new_h).zfill(len(g["h"])) if not g["ap"] else str(new_h)
        minutes = f":{g['min']}" if g["min"] is not None else ""
        return f"{hour_txt}{minutes}{g['sp'] if ap else ''}{ap}"

    def _ordinal_day(self, m: re.Match[str]) -> str:
        """"the 28th" → "the 3rd": a day without its month moves by the request's day offset,
        counted round a 31-day month so that two different days never get one alias."""
        new = (int(m.group("d")) - 1 + self.params.days) % 31 + 1
        return _pad(m.group("d"), new) + _ordinal_like(m.group("o"), new)

    def _weekday(self, m: re.Match[str]) -> str:
        word = m.group("day")
        low = word.lower()
        for names in (_DAYS, _DAY_ABBR):
            lowered = [n.lower() for n in names]
            if low in lowered:
                new = names[(lowered.index(low) + self.params.weekday_shift) % 7]
                return _case_like(word, new)
        return word

    def shift_amounts(self, text: str) -> str:
        def repl(m: re.Match[str]) -> str:
            if m.group("num") is not None:
                cur = _CURRENCY_WORDS.get(m.group("pre").strip(), m.group("pre").strip())
                return m.group("pre") + self._scale(m.group("num"), cur) + m.group("scale")
            post = m.group("post").strip()
            cur = _CURRENCY_WORDS.get(post, _CURRENCY_WORDS.get(post.lower(), post))
            return self._scale(m.group("num2"), cur) + m.group("scale2") + m.group("post")

        return _AMOUNT.sub(repl, text)

    def _scale(self, number: str, currency: str) -> str:
        return _format_number_like(number, _parse_number(number) * self.params.factor(currency, self.rng))

    def shift_percentages(self, text: str) -> str:
        if not self.params.alias_percentages:
            return text

        def repl(m: re.Match[str]) -> str:
            value = _parse_number(m.group("num")) * self.params.percent_factor
            return _format_number_like(m.group("num"), value) + m.group("unit")

        return _PERCENT.sub(repl, text)

    def shift_ages(self, text: str) -> str:
        def repl(m: re.Match[str]) -> str:
            key = "a" if m.group("a") else "b"
            s, e = m.span(key)
            age = max(1, int(m.group(key)) + self.params.age_shift)
            base = m.start()
            whole = m.group(0)
            return whole[: s - base] + str(age) + whole[e - base :]

        return _AGE.sub(repl, text)

    def shift(self, text: str, category: str) -> str:
        """The alias of a value string of ``category`` (may equal ``text``)."""
        if category == "DATETIME":
            return self.shift_dates(text)
        if category == "MONEY":
            out = self.shift_amounts(text)
            if out == text and re.fullmatch(rf"\s*(?:{_NUM})\s*", text):
                out = self._scale(text.strip(), "unknown")
            return out
        if category == "AGE":
            out = self.shift_ages(text)
            if out == text:
                # "the age of 66", "82 y/o", "turned 53": the number in an age span is the age
                out = _BARE_AGE.sub(lambda m: str(max(1, int(m.group(0)) + self.params.age_shift)), text)
            if out == text:
                # "aged ten", "(age seven)": a letter spells a child's age; it moves like a number
                out = _SPELLED_AGE.sub(lambda m: _spelled_like(m.group(0), self.params.age_shift), text, count=1)
            return out
        if category == "QUANTITY":
            return self.shift_percentages(self.shift_amounts(text))
        return text


#: the ages a letter spells out, and what a shift of a few years makes of them (index = the number)
_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three").split()
def _spelled_like(word: str, shift: int) -> str:
    """The spelled number ``word`` moved by ``shift``, written in its case ("Ten" → "Eleven")."""
    new = _NUMBER_WORDS[max(1, _NUMBER_WORDS.index(word.lower()) + shift)]
    return new.capitalize() if word[:1].isupper() and not word.isupper() else _case_like(word, new)


_SPELLED_AGE = re.compile(r"(?i)(?<![\w-])(?:" + "|".join(sorted(_NUMBER_WORDS[1:21], key=len, reverse=True)) + r")(?![\w-])")


def _parse_number(num: str) -> float:
    s = num.replace(" ", "")
    if re.search(r"[.,]\d{1,2}$", s) and len(re.findall(r"[.,]", s)) >= 1:
        whole, frac = s[:-len(re.search(r"[.,]\d{1,2}$", s).group(0))], re.search(r"\d{1,2}$", s).group(0)  # type: ignore[union-attr]
        return float(re.sub(r"[.,]", "", whole) + "." + frac)
    return float(re.sub(r"[.,]", "", s))


def _format_number_like(orig: str, value: float) -> str:
    """Same separators and decimals as ``orig``."""
    s = orig.replace(" ", "\u0020")
    dec_m = re.search(r"([.,])(\d{1,2})$", s)
    decimals = 0
    dec_sep = "."
    body = s
    if dec_m and (len(re.findall(r"[.,\s]", s)) == 1 or dec_m.group(1) != _thousands_sep(s[: dec_m.start()])):
        decimals = len(dec_m.group(2))
        dec_sep = dec_m.group(1)
        body = s[: dec_m.start()]
    thou = _thousands_sep(body)
    value = round(value, decimals)
    whole = int(value)
    digits = f"{whole:,}".replace(",", thou) if thou else str(whole)
    if decimals:
        frac = f"{value:.{decimals}f}".split(".")[1]
        return f"{digits}{dec_sep}{frac}"
    return digits


def _thousands_sep(body: str) -> str:
    m = re.search(r"\d([,.\s])\d{3}(?!\d)", body)
    return m.group(1) if m else ""


def shift_all(shifter: ValueShifter, texts: Sequence[str], category: str) -> list[str]:
    return [shifter.shift(t, category) for t in texts]
