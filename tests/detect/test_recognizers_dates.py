"""Written dates: the whole date with its day and time, not fractions or doses."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_dates import written_date_recognizer


def _hits(text: str) -> list[str]:
    return [text[r.start : r.end] for r in written_date_recognizer().analyze(text, None, None)]


@pytest.mark.parametrize(
    "date",
    ["4th June 2023", "Monday 2 September 2024 at 14:30", "Wed, Nov 5, 2025 at 9:15 PM", "March 3rd, 2022", "11/2019"],
)
def test_written_dates_are_found_whole(date: str) -> None:
    assert _hits(f"Seen on {date} in clinic.") == [date]


@pytest.mark.parametrize("text", ["5/48 of the estate", "co-careldopa 25/100", "in May 2024", "Decree 13/2023"])
def test_fractions_doses_and_month_years_without_day_are_not(text: str) -> None:
    assert _hits(text) == []
