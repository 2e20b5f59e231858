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

import bisect
import calendar
import datetime as dt
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from privrag.amounts import priced
from privrag.detect.base import BaseDetector
from privrag.reference_numbers import after_reference_prefix
from privrag.types import DetectedEntity

__all__ = ["ValueParams", "ValueShifter", "ValueRecognizer", "VALUE_CATEGORIES"]

#: canonical categories whose aliases come from this module, not a generator
VALUE_CATEGORIES = frozenset({"DATETIME", "MONEY", "QUANTITY", "AGE"})

_MONTHS = [calendar.month_name[i] for i in range(1, 13)]
_MONTH_ABBR = [calendar.month_abbr[i] for i in range(1, 13)]
_DAYS = list(calendar.day_name)
_DAY_ABBR = list(calendar.day_abbr)
_MONTH_ALT = "|".join(sorted(_MONTHS + [a + r"\.?" for a in _MONTH_ABBR] + ["Sept\\.?"], key=len, reverse=True))
_DAY_ALT = "|".join(sorted(_DAYS + _DAY_ABBR, key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"

_DATE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("iso", re.compile(r"(?<!\d)(?P<y>[12]\d{3})-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)(?!\d)")),
    ("dmy_name", re.compile(rf"(?<!\w)(?P<d>[0-3]?\d){_ORD}(?:\s+of)?\s+(?P<mon>{_MONTH_ALT})(?P<c>,?)\s+(?P<y>[12]\d{{3}})(?!\d)", re.I)),
    ("mdy_name", re.compile(rf"(?<!\w)(?P<mon>{_MONTH_ALT})\s+(?P<d>[0-3]?\d){_ORD}(?P<c>,?)\s+(?P<y>[12]\d{{3}})(?!\d)", re.I)),
    ("numeric", re.compile(r"(?<![\d/.])(?P<a>[0-3]?\d)(?P<s>[/.])(?P<b>[0-3]?\d)(?P=s)(?P<y>[12]\d{3})(?![\d/])")),
    ("my_name", re.compile(rf"(?<!\w)(?P<mon>{_MONTH_ALT})(?P<c>,?)\s+(?P<y>[12]\d{{3}})(?!\d)", re.I)),
    ("year", re.compile(r"(?<![\w/.,-])(?P<y>1[5-9]\d{2}|20\d{2})(?P<s>s?)(?![\w/-]|[.,]\d)")),
    # a day and a month without the year: "Fri 21 Feb", "on 3rd March", "March 3"
    # (the month capitalised: "you may 5 times" is no date)
    ("dm_name", re.compile(rf"(?<![\w/.,-])(?P<d>[0-3]?\d){_ORD}(?:\s+of)?\s+(?-i:(?=[A-Z]))(?P<mon>{_MONTH_ALT})(?!\w)", re.I)),
    ("md_name", re.compile(rf"(?<!\w)(?-i:(?=[A-Z]))(?P<mon>{_MONTH_ALT})\s+(?P<d>[0-3]?\d){_ORD}(?![\w/.:,-]|[.,]\d)", re.I)),
]
#: a day and a month in figures ("19/02"): shifted inside a span the detector calls a date, never
#: reported by the recognizer on its own ("142/88" is a blood pressure)
_DAY_MONTH_FIGURES = re.compile(r"(?<![\w/.:,-])(?P<d>[0-3]?\d)/(?P<m>[01]?\d)(?![\w/.:,-]|[.,]\d)")
#: the year a date without one is shifted in: a leap year, so "29 Feb" has a day
_NO_YEAR = 2000
#: a time of day: "2:14 PM", "10:00", "8am", "1 p.m." — hours and minutes, or an hour with am/pm
_TIME = re.compile(
    r"(?<![\w:.])(?P<h>[01]?\d|2[0-3])(?::(?P<min>[0-5]\d))?(?P<sp>\s?)(?P<ap>[AaPp]\.?[Mm]\.?)?(?![\w:])"
)
#: a time the value recognizer reports on its own: with am/pm, or two-digit hours and minutes
#: ("23:14"); "3:16" alone may be a verse or a ratio
_TIME_ALONE = re.compile(r"(?<![\w:.])(?:[01]?\d(?::[0-5]\d)?\s?[AaPp]\.?[Mm]\.?|(?:[01]\d|2[0-3]):[0-5]\d)(?![\w:])")
_MONTH_ONLY = re.compile(rf"(?<!\w)(?P<mon>{'|'.join(_MONTHS)})(?!\w)", re.I)
_WEEKDAY = re.compile(rf"(?<!\w)(?P<day>{_DAY_ALT})(?!\w)", re.I)
#: full weekday names only: "Sat", "Sun" and "Wed" are ordinary words too
_WEEKDAY_FULL = re.compile(rf"(?<!\w)(?P<day>{'|'.join(_DAYS)})(?!\w)", re.I)

_CURRENCY_WORDS = {
    "$": "USD", "US$": "USD", "USD": "USD", "dollars": "USD", "dollar": "USD",
    "€": "EUR", "EUR": "EUR", "euros": "EUR", "euro": "EUR",
    "£": "GBP", "GBP": "GBP", "pounds": "GBP", "pound": "GBP",
    "¥": "JPY", "JPY": "JPY", "yen": "JPY", "CHF": "CHF", "francs": "CHF",
    "RUB": "RUB", "roubles": "RUB", "rubles": "RUB", "TRY": "TRY", "liras": "TRY",
    "PLN": "PLN", "zlotys": "PLN", "SEK": "SEK", "kronor": "SEK", "INR": "INR", "rupees": "INR",
}
_NUM = r"\d{1,3}(?:[,\s.]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
_SCALE = r"(?:\s?(?:million|billion|thousand|trillion|bn|m|k)\b)?"
_CUR_PRE = r"(?:US\$|[$€£¥]|\b(?:USD|EUR|GBP|JPY|CHF|RUB|TRY|PLN|SEK|INR))\s?"
_CUR_POST = r"\s?(?:USD|EUR|GBP|JPY|CHF|RUB|TRY|PLN|SEK|INR|dollars?|euros?|pounds?|yen|francs|roubles|rubles|liras|zlotys|kronor|rupees)\b"
_AMOUNT = re.compile(
    rf"(?P<pre>{_CUR_PRE})(?P<num>{_NUM})(?P<scale>{_SCALE})|(?<![\w.,])(?P<num2>{_NUM})(?P<scale2>{_SCALE})(?P<post>{_CUR_POST})"
)
_PERCENT = re.compile(r"(?<![\w.,])(?P<num>\d+(?:[.,]\d+)?)(?P<unit>\s?%|\s?per\s?cent\b|\s?percent\b)")
#: tokens with digits and separators or letters (≥ 4 digits), or ≥ 5 bare digits:
#: application and case numbers, accounts, postcodes
_IDENT = re.compile(
    r"(?<![\w/.-])(?:(?=[A-Za-z0-9/.\-]*[A-Za-z/.\-])(?=(?:[A-Za-z/.\-]*\d){4})[A-Za-z0-9][A-Za-z0-9/.\-]*[A-Za-z0-9]|\d{5,})(?![\w/-])"
)
#: a plain decimal ("118.50", "1910,95"): a price or a measurement, not an identifier — an
#: amount with its currency is an amount above; an expense line's or a lab's number is not a record id
_DECIMAL = re.compile(r"\d{1,6}[.,]\d{1,2}")
#: two numbers of up to three digits over a slash: a blood pressure ("142/88") or a strength
#: ("co-careldopa 25/100", "co-codamol 30/500") — a ratio, not a record id
_RATIO = re.compile(r"\d{1,3}/\d{1,3}")
#: digit groups separated by spaces, dots or dashes (≥ 7 digits): phones, cards
_NUMBER_RUN = re.compile(r"(?<![\w.])\+?(?:\(\d{1,5}\)|\d{1,6})(?:[\s.\-]{1,2}(?:\(\d{1,5}\)|\d{2,6})){1,6}(?![\w])")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?![\w-])")
#: a standalone number of at most three digits (the age inside an age span), with a ward list's sex beside it
#: ("62/M", "82M", "F/52")
_BARE_AGE = re.compile(r"(?:(?<=[MFmf]/)|(?<![\w.,/-]))\d{1,3}(?=(?:yo|y/o|yrs?|[ \t]?/?[ \t]?[MFmf])?(?![\w/-]|[.,]\d))")
#: a day of the month on its own, "on the 28th": an ordinal of 1–31
_ORDINAL_DAY = re.compile(r"(?<![\w.,/-])(?P<d>[12]\d|3[01]|0?[1-9])(?P<o>st|nd|rd|th)(?!\w)", re.I)
_AGE = re.compile(r"(?<!\w)(?:aged\s+(?P<a>\d{1,3})|(?P<b>\d{1,3})[\s-]years?[\s-]old)(?!\w)", re.I)


def _month_runs() -> frozenset[int]:
    """Every number of days that k whole consecutive months last (k = 1…11, leap years included)."""
    lengths = [calendar.monthrange(y, m)[1] for y in (2023, 2024, 2025) for m in range(1, 13)]
    return frozenset(sum(lengths[i : i + k]) for k in range(1, 12) for i in range(len(lengths) - k))


#: date offsets (days) that move every date to another month *and* another day of the month:
#: more than a month, less than a year less a month, and never a whole number of months
#: (a date of birth "04/11/1958" must not keep "04/11")
DAY_OFFSETS = tuple(d for d in range(35, 301) if d not in _month_runs())


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
            return out
        if category == "QUANTITY":
            return self.shift_percentages(self.shift_amounts(text))
        return text


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


def shift_all(shifter: ValueShifter, texts: Sequence[str], category: str) -> list[str]:
    return [shifter.shift(t, category) for t in texts]
