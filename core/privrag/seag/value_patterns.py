"""The patterns SEAG's value shifter and value recognizer read dates, times, amounts, ages and
identifiers with, and the date offsets it draws from.

Why a module of its own: the shifter (:mod:`privrag.seag.values`), the recognizer
(:mod:`privrag.seag.value_recognizer`) and the span splitter (:mod:`privrag.seag.value_split`)
must read a value the same way, or a span found by one is rewritten wrongly by another.
"""

from __future__ import annotations

import calendar
import re

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
