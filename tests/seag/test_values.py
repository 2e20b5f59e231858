"""Dates, amounts, ages: one set of parameters per request, formats kept."""

from __future__ import annotations

import random

import pytest

from privrag.seag.values import ValueParams, ValueRecognizer, ValueShifter


def _shifter(**kw) -> ValueShifter:
    params = ValueParams(years=2, days=5, month_shift=1, weekday_shift=2, age_shift=1, **kw)
    return ValueShifter(params, random.Random(0))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 March 2001", "6 March 2003"),
        ("March 3rd, 2004", "March 8th, 2006"),
        ("2000-04-16 11:34:35", "2002-04-21 11:34:35"),
        ("July 2000", "July 2002"),
        ("born in 1949", "born in 1951"),
        ("the 1990s", "the 1990s"),
        ("Tuesday", "Thursday"),
        ("in March", "in April"),
        ("31 DECEMBER 1999", "5 JANUARY 2002"),
    ],
)
def test_date_shift_keeps_format(text, expected):
    assert _shifter().shift(text, "DATETIME") == expected


def test_amounts_scale_per_currency_with_format():
    s = _shifter(factors={"USD": 1.5, "EUR": 0.5})
    assert s.shift("$1,200", "MONEY") == "$1,800"
    assert s.shift("EUR 900 billion", "MONEY") == "EUR 450 billion"
    assert s.shift("€ 2.000,50", "MONEY") == "€ 1.000,25"


def test_percentages_kept_unless_configured():
    assert _shifter().shift_percentages("15% more") == "15% more"
    s = _shifter(alias_percentages=True, percent_factor=2.0)
    assert s.shift_percentages("15% more") == "30% more"


def test_ages_move_by_the_request_offset():
    assert _shifter().shift("aged 43", "AGE") == "aged 44"


def test_recognizer_finds_what_ner_misses():
    text = ("Application no. 28045/02 lodged on 1 March 2001, fee $1,200; card 4111 1111 1111 1111, "
            "phone 07700 063 966, aged 43, zip 53650.")
    found = {(s.label, s.text) for s in ValueRecognizer().detect(text)}
    assert ("ID_NUMBER", "28045/02") in found
    assert ("DATE_TIME", "1 March 2001") in found
    assert ("MONEY", "$1,200") in found
    assert ("ID_NUMBER", "4111 1111 1111 1111") in found
    assert ("ID_NUMBER", "07700 063 966") in found
    assert ("AGE", "aged 43") in found
    assert ("ID_NUMBER", "53650") in found


@pytest.mark.parametrize("text", ["Lunch 96.00, taxi 118.50, total 214.50", "Noise limits: 29 CFR 1910.95", "pH 7,35 and 1234.5"])
def test_plain_decimals_are_prices_or_measurements_not_identifiers(text):
    assert ValueRecognizer().detect(text) == []


@pytest.mark.parametrize("ident", ["HD-0047721", "12.345.678", "2021-004412-38", "1.500", "AB12345"])
def test_identifiers_with_separators_are_still_identifiers(ident):
    assert [(s.label, s.text) for s in ValueRecognizer().detect(f"Ref {ident} attached")] == [("ID_NUMBER", ident)]


@pytest.mark.parametrize("text", ["BP 142/88, pulse 78", "co-careldopa 25/100 TDS", "trial EudraCT 2021-004412-38 arm B",
                                  "under Decree 13/2023/ND-CP"])
def test_ratios_and_public_reference_numbers_are_not_identifiers(text):
    assert [s.text for s in ValueRecognizer().detect(text) if s.label == "ID_NUMBER"] == []


def test_recognizer_leaves_plain_numbers_alone():
    assert ValueRecognizer().detect("Article 8 and 14 of the Convention, 3 judges, 250 pages") == []


@pytest.mark.parametrize(("text", "day"), [("She flew to Oslo on Tuesday morning.", "Tuesday"),
                                           ("see you friday", "friday")])
def test_a_weekday_alone_is_a_date_and_moves_by_the_weekday_offset(text, day):
    [found] = ValueRecognizer().detect(text)
    assert (found.label, found.text) == ("DATE_TIME", day)
    shifted = _shifter().shift(day, "DATETIME")
    assert shifted != day and shifted.lower().endswith("day")


@pytest.mark.parametrize("text", ["the Sun was out", "Sat on the bench", "We wed in May"])
def test_weekday_abbreviations_that_are_words_are_not_dates(text):
    assert ValueRecognizer().detect(text) == []


@pytest.mark.parametrize(("span", "expected"), [("the age of 66", "the age of 67"), ("82 y/o", "83 y/o"),
                                                ("aged 43", "aged 44"), ("53", "54"), ("57yo", "58yo"),
                                                ("62/M", "63/M"), ("82M", "83M"), ("F/52", "F/53"), ("23 y", "24 y"),
                                                ("81 ans", "82 ans")])
def test_the_number_in_any_age_span_moves_by_the_age_offset(span, expected):
    assert _shifter().shift(span, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "shifted"),
    [
        ("Tuesday 2:14 PM", "4:14 PM"),
        ("between 8am and 1pm", "between 10am and 3pm"),
        ("at 10:00", "at 12:00"),
        ("23:14 AEDT", "01:14 AEDT"),
        ("11pm", "1am"),
    ],
)
def test_times_of_day_move_by_one_hour_offset_in_their_format(text, shifted):
    params = ValueParams(days=40, weekday_shift=1)
    assert params.hour_shift == 2
    assert shifted in ValueShifter(params, random.Random(0)).shift(text, "DATETIME")


def test_a_negative_day_offset_moves_times_back():
    assert ValueParams(days=-40, weekday_shift=2).hour_shift == -1


@pytest.mark.parametrize(("text", "times"), [("call at 2:14 PM today", ["2:14 PM"]), ("between 8am and 1pm", ["8am", "1pm"]),
                                             ("Started 23:14 AEDT", ["23:14"]), ("see verse 3:16", []), ("won 2:1", [])])
def test_the_recognizer_reports_times_with_a_clock_shape(text, times):
    assert [s.text for s in ValueRecognizer().detect(text) if s.label == "DATE_TIME"] == times


def test_a_price_is_not_an_identifier():
    assert ValueRecognizer().detect("Loan phone issued (deposit 1.000.000 ₫).") == []


@pytest.mark.parametrize(("text", "shifted"), [("on the 28th", "on the 2nd"), ("the 3rd", "the 8th"), ("by the 01st", "by the 06th")])
def test_a_day_of_the_month_alone_moves_by_the_day_offset(text, shifted):
    assert _shifter().shift(text, "DATETIME") == shifted


def test_two_days_of_the_month_never_share_an_alias():
    shifter = _shifter()
    aliases = {shifter.shift(f"the {d}th", "DATETIME") for d in range(4, 21)}
    assert len(aliases) == 17


@pytest.mark.parametrize(
    ("text", "shifted"),
    [("Fri 21 Feb", "Sun 26 Feb"), ("on 3rd March", "on 8th March"), ("March 3", "March 8"), ("31 Dec", "5 Jan"),
     ("19/02", "24/02")],
)
def test_a_day_and_month_without_a_year_move_by_the_day_offset(text, shifted):
    assert _shifter().shift(text, "DATETIME") == shifted


def test_a_day_and_month_in_figures_is_not_reported_alone_and_a_lower_case_may_is_no_month():
    found = [s.text for s in ValueRecognizer().detect("BP 142/88 on 19/02, you may 5 times, seen 21 Feb")]
    assert found == ["21 Feb"]


@pytest.mark.parametrize(
    ("span", "expected"),
    [("aged ten", "aged eleven"), ("Aged Ten", "Aged Eleven"), ("(age seven)", "(age eight)"), ("aged twenty", "aged twenty-one")],
)
def test_a_spelled_age_moves_like_a_number(span: str, expected: str) -> None:
    assert _shifter().shift(span, "AGE") == expected


def test_a_spelled_age_never_falls_below_one() -> None:
    params = ValueParams(years=2, days=5, month_shift=1, weekday_shift=2, age_shift=-3)
    assert ValueShifter(params, random.Random(0)).shift("aged two", "AGE") == "aged one"
