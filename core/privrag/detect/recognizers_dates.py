"""Dates written out in full, with their day, weekday and time.

spaCy's small model often reads "3rd April 2024" or "Sent: 06 February 2025
11:05" as "April 2024" / "February 2025": the union keeps the model's span and
the day — the part that pins a visit, a hearing or a birth to one person — is
left in clear. Presidio's ``DateRecognizer`` covers numeric dates
("03/04/2024") but not written ones. This recognizer reports the whole date,
so the union grows the model's span to it:

* "[Tuesday] 15[th] April 2025 [at 10:00]", "Thu, Oct 16, 2025 at 7:05 AM";
* "April 15th, 2025";
* a month and a year in CVs and forms, "03/2021" (month 01–12, year 19xx/20xx).
"""

from __future__ import annotations

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule

__all__ = ["written_date_recognizer"]

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_WEEKDAY = r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\.?,?[ \t]+"
_DAY = r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
_TIME = r"(?:,?[ \t]+(?:at[ \t]+)?(?:[01]?\d|2[0-3])[:.][0-5]\d(?:[ \t]?[AaPp]\.?[Mm]\.?)?)?"


def written_date_recognizer() -> ContextPatternRecognizer:
    """Full written dates (and a month/year), reported as ``DATE_TIME``."""
    return ContextPatternRecognizer(
        "DATE_TIME",
        [
            Rule("day_month_year", rf"(?<![\w/])(?:{_WEEKDAY})?{_DAY}[ \t]+(?:of[ \t]+)?{_MONTH},?[ \t]+{_YEAR}\b{_TIME}",
                 0.6, case_sensitive=True),
            Rule("month_day_year", rf"(?<![\w/])(?:{_WEEKDAY})?{_MONTH}[ \t]+{_DAY},?[ \t]+{_YEAR}\b{_TIME}",
                 0.6, case_sensitive=True),
            Rule("month_year", rf"(?<![\w/.-])(?:0[1-9]|1[0-2])/{_YEAR}(?![\w/-])", 0.5),
        ],
        name="privrag_written_date",
    )
