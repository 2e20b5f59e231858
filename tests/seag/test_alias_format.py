"""Aliases share at most their format with the original: dates move day and month, identifiers
keep country code and length only."""

from __future__ import annotations

import datetime as dt
import random
import re

from privrag.seag import SEAG, ValueParams, ValueShifter
from privrag.seag.faker_aliases import shape_alias
from privrag.seag.values import DAY_OFFSETS
from tests.seag._fakes import GazetteerDetector


def test_every_date_offset_changes_day_and_month_of_every_date():
    start = dt.date(2023, 1, 1)
    for offset in DAY_OFFSETS:
        for sign in (-1, 1):
            for k in range(0, 731, 1):
                d = start + dt.timedelta(days=k)
                e = d + dt.timedelta(days=sign * offset)
                assert e.day != d.day and e.month != d.month, (d, offset)


def test_date_of_birth_changes_day_and_month_in_every_numeric_format():
    """"04/11/1958" → "04/11/1960" kept the birthday (issue 19)."""
    rng = random.Random(1)
    for i in range(500):
        shifter = ValueShifter(ValueParams.draw(random.Random(i)), rng)
        d = dt.date(rng.randint(1930, 2010), rng.randint(1, 12), rng.randint(1, 28))
        for fmt in ("%d/%m/%Y", "%m/%d/%Y", "%d.%m.%Y", "%Y-%m-%d", "%d %B %Y", "%B %d, %Y"):
            text = d.strftime(fmt)
            out = shifter.shift(text, "DATETIME")
            a = [x for x in re.findall(r"\d+|[A-Za-z]+", text) if len(x) != 4 or not x.isdigit()]  # not the year
            b = [x for x in re.findall(r"\d+|[A-Za-z]+", out) if len(x) != 4 or not x.isdigit()]
            assert len(a) == len(b) == 2 and all(int(x) != int(y) if x.isdigit() else x != y
                                                 for x, y in zip(a, b, strict=True)), (text, out)


def test_intervals_between_dates_are_kept():
    shifter = ValueShifter(ValueParams.draw(random.Random(5)), random.Random(5))
    a, b = shifter.shift("1961-05-03", "DATETIME"), shifter.shift("1999-06-09", "DATETIME")
    days = (dt.date.fromisoformat(b) - dt.date.fromisoformat(a)).days
    # whole years move by the calendar, so a leap day can add or drop one day
    assert abs(days - (dt.date(1999, 6, 9) - dt.date(1961, 5, 3)).days) <= 1


def test_shape_alias_shares_no_character_position():
    rng = random.Random(3)
    for _ in range(2000):
        orig = "".join(rng.choice("0123456789ABCxyz -") for _ in range(rng.randint(4, 30)))
        alias = shape_alias(orig, rng, keep_prefix=2)
        assert len(alias) == len(orig) and alias[:2] == orig[:2]
        assert all(a != b for a, b in zip(alias[2:], orig[2:], strict=True) if b.isalnum())


def test_phone_and_card_aliases_share_no_digit():
    text = "Call +44 20 7946 0958 or pay with 4111 1111 1111 1111."
    det = GazetteerDetector([("+44 20 7946 0958", "PHONE_NUMBER"), ("4111 1111 1111 1111", "CREDIT_CARD")])
    for seed in range(10):
        req = SEAG(det, seed=seed).prepare([text])
        for orig in ("+44 20 7946 0958", "4111 1111 1111 1111"):
            alias = req.table.alias(orig)
            keep = 1 if orig.startswith("+") else 0
            assert len(alias) == len(orig)
            assert all(a != b for a, b in zip(alias[keep:], orig[keep:], strict=True) if b.isdigit())
