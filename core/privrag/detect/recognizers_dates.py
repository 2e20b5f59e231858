"""Dates written out in full, with their day, weekday and time.

spaCy's small model often reads "3rd April 2024" or "Sent: 06 February 2025
11:05" as "April 2024" / "February 2025": the union keeps the model's span and
the day — the part that pins a visit, a hearing or a birth to one person — is
left in clear. Presidio's ``DateRecognizer`` covers numeric dates
("03/04/2024") but not written ones. This recognizer reports the whole date,
so the union grows the model's span to it:

* "[Tuesday] 15[th] April 2025 [at 10:00]", "Thu, Oct 16, 2025 at 7:05 AM";
* "April 15th, 2025";
* a date in figures with its time ("10/04/2025 02:14");
* the same with the month typed in lower case ("5 may 1986", "march 12, 1990"), as
  chats and patient messages write it;
* a month and a year in CVs and forms, "03/2021" (month 01–12, year 19xx/20xx);
* a date in figures with a space after each dot, as Czech and German write it ("9. 1. 2025");
* a day range ("2-9 August 2025") and a time or a range of hours after the date
  ("Fri 21 Feb, 8am-1pm");
* a day and a month without the year ("Fri 21 Feb", "on 3 March") — a month's
  name makes it a date;
* the same in Spanish, Portuguese, French, Italian, German and Dutch ("26 de mayo de
  2025", "14 mars 2024", "3. März", "12 maggio"), whose dates spaCy's English model
  reads as a person or a place when it reads them at all;
* a month and a day, or a month and a year, without the rest ("Oct 2", "Feb 2025",
  "września 2025");
* a day and a month in figures ("19/02") where the text also writes a full date
  of that month ("18-19/02/2025"): an expense line or a rota without the year.
  Alone, "12/04" may be a blood pressure or a score and is not taken.
"""

from __future__ import annotations

import re

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule

__all__ = ["written_date_recognizer"]

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_WEEKDAY = r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\.?,?[ \t]+"
_DAY = r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
_CLOCK = r"(?:(?:[01]?\d|2[0-3])[:.][0-5]\d(?:[ \t]?[AaPp]\.?[Mm]\.?)?|(?:1[0-2]|0?[1-9])[ \t]?[AaPp]\.?[Mm]\.?)"
#: "at" before a date's time, in English and our users' other languages ("12/02/2025 às 21:47", "am 3. März um 14:00")
_AT = r"(?:at|from|between|às|a[ \t]+las|à|um|om|kl\.?|alle|o)"
_TIME = rf"(?:,?[ \t]+(?:{_AT}[ \t]+)?{_CLOCK}(?:[ \t]?(?:-|–|to|and)[ \t]?{_CLOCK})?)?"
#: the languages whose months Babel's CLDR data gives besides the hand list below: Croatian, Czech, Slovak,
#: Slovenian, Serbian and Bosnian (Latin), Lithuanian, Latvian, Estonian, Finnish, Ukrainian, Russian, Bulgarian,
#: Greek, Swahili, Tagalog, Afrikaans, Catalan, Galician, Icelandic, Albanian
_CLDR_MONTH_LOCALES = ("hr", "cs", "sk", "sl", "sr_Latn", "bs", "lt", "lv", "et", "fi", "uk", "ru", "bg", "el", "sw",
                       "tl", "af", "ca", "gl", "is", "sq")


def _cldr_months() -> frozenset[str]:
    """The months of :data:`_CLDR_MONTH_LOCALES` as a date writes them ("1. travnja 2025.", "14 квітня 2024")
    and as they stand alone, from Babel's CLDR data: one word each, of four letters or more."""
    from babel import Locale

    out: set[str] = set()
    for code in _CLDR_MONTH_LOCALES:
        months = Locale.parse(code).months
        for context in ("format", "stand-alone"):
            out |= {m.lower() for m in months[context]["wide"].values() if len(m) >= 4 and m.isalpha()}
    return frozenset(out)


#: the months of our users' other languages: Spanish, Portuguese, French, Italian, German, Dutch, Polish,
#: Swedish, Turkish, Romanian, Norwegian, Danish
_FOREIGN_MONTH = (
    r"(?i:enero|febrero|marzo|abril|mayo|junio|julio|agosto|sep?tiembre|octubre|noviembre|diciembre|"
    r"janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|"
    r"janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|décembre|"
    r"gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|"
    r"januar|jänner|februar|märz|april|juni|juli|august|september|oktober|november|dezember|"
    r"januari|februari|maart|mei|augustus|"
    # Polish (the genitive a date takes, and the nominative), Swedish, Turkish
    r"stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia|"
    r"styczeń|luty|marzec|kwiecień|maj|czerwiec|lipiec|sierpień|wrzesień|październik|listopad|grudzień|"
    r"augusti|ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık|"
    # Romanian, and the Norwegian and Danish month English, German and Dutch do not write
    r"ianuarie|februarie|martie|aprilie|iunie|iulie|septembrie|octombrie|noiembrie|decembrie|desember|"
    # Malay and Indonesian ("12 Mac 2025", "17 Agustus 2024"): the months English and Dutch do not write
    r"mac|julai|ogos|disember|maret|agustus|desember|"
    + "|".join(sorted(_cldr_months(), key=len, reverse=True))
    + ")"
)
#: the months of the Hijri calendar as English transliterates them ("17 Sha'ban 1446 H", "1 Ramadan 1446 AH")
_HIJRI_MONTH = (
    r"(?i:muharram|safar|rabi[ʿ'’]?[ \t-]?(?:al|ul)?[ \t-]?(?:awwal|thani|akhir|[12]|I{1,2})|"
    r"jumad[ae][ \t-]?(?:al|ul)?[ \t-]?(?:awwal|ula|thani|akhir(?:ah)?|ukhra|[12]|I{1,2})|rajab|sha[ʿ'’]?ban|"
    r"ramad[h]?an|shawwal|dhu[ \t-]?al[ \t-]?qi?[ʿ'’]?dah|dhul?[ \t-]?q[ai][ʿ'’]?dah|dhu[ \t-]?al[ \t-]?hijjah|"
    r"dhul?[ \t-]?hijjah)"
)
#: Hungarian months, which come before the day ("május 17.")
_HUNGARIAN_MONTH = (r"(?i:január|február|március|április|május|június|július|augusztus|szeptember|október|"
                    r"november|december)")
#: their weekdays, which open a date in a mail header ("martes, 8 de abril de 2025 13:05")
_FOREIGN_WEEKDAY = (
    r"(?i:lunes|martes|miércoles|jueves|viernes|sábado|domingo|segunda-feira|terça-feira|quarta-feira|quinta-feira|"
    r"sexta-feira|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunedì|martedì|mercoledì|giovedì|venerdì|"
    r"sabato|domenica|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|maandag|dinsdag|woensdag|"
    r"donderdag|vrijdag|zaterdag|zondag),?[ \t]+"
)
#: "2-9 August": the first day of a range
_DAY_FROM = r"(?:(?:0?[1-9]|[12]\d|3[01])[ \t]?[-–][ \t]?)?"


#: a full date in figures, day first: "19/02/2025", "18-19/02/2025", "03.04.2024"
_FULL_NUMERIC = re.compile(r"(?<![\w/.])(?:[0-3]?\d[-–])?[0-3]?\d[/.](0?[1-9]|1[0-2])[/.](?:19|20)\d{2}(?![\w/])")


def _month_dated_elsewhere(text: str, start: int, end: int) -> bool:
    """"19/02" is a date when the text writes a full date of February too ("18-19/02/2025")."""
    month = int(text[start:end].split("/")[1])
    return any(int(m.group(1)) == month for m in _FULL_NUMERIC.finditer(text))


def _foreign_date(text: str, start: int, end: int) -> bool:
    """A day and another language's month is a date in a text written in that language, or with its year:
    an English text's "2 Mars bars" or "1 mayo sandwich" is none."""
    from privrag.detect.text_language import text_language

    return bool(re.search(rf"{_YEAR}\b", text[start:end])) or text_language(text) != "en"


def _foreign_text(text: str, start: int, end: int) -> bool:
    """In a text of another language, or a month English never writes ("Oktober 2024", not "Mars 2020")."""
    from wordfreq import zipf_frequency

    from privrag.detect.text_language import text_language

    month = text[start:end].split()[0].lower()
    return text_language(text) != "en" or zipf_frequency(month, "en") < 2.5


#: a table header's cell that names a date column
_DATE_HEADER = re.compile(
    r"(?i)(?:target|due|review|start|end|seen|visit|appointment|follow[ -]?up|completed?|achieved|updated|next)?[ \t]*"
    r"(?:date|dates|target|due|deadline|by|when|seen|reviewed?|dob|fecha|data|datum|termin|date of birth)(?:[ \t]*\([^)|]{0,12}\))?"
)


def _in_date_column(text: str, start: int, end: int) -> bool:
    """The figures sit in a column its table's header calls a date ("Target", "Due date", "Date")."""
    from privrag.detect.table_columns import column_header

    header = column_header(text, start)
    return header is not None and _DATE_HEADER.fullmatch(header) is not None


def written_date_recognizer() -> ContextPatternRecognizer:
    """Full written dates (and a month/year), reported as ``DATE_TIME``."""
    return ContextPatternRecognizer(
        "DATE_TIME",
        [
            Rule("day_month_year", rf"(?<![\w/])(?:{_WEEKDAY})?{_DAY_FROM}{_DAY}[ \t]+(?:of[ \t]+)?{_MONTH},?[ \t]+{_YEAR}\b{_TIME}",
                 0.6, case_sensitive=True),
            Rule("day_month", rf"(?=[\dA-Z])(?<![\w/.,-])(?<!\b(?i:section|article|chapter|part|page|paragraph|rule|clause|no)\.?[ \t])"
                              rf"(?:{_WEEKDAY})?{_DAY_FROM}{_DAY}[ \t]+(?:of[ \t]+)?{_MONTH}(?![\w-])"
                              rf"(?!,?[ \t]+{_YEAR}){_TIME}", 0.55, case_sensitive=True),
            # "26 de mayo de 2025", "28 de abril", "14 mars 2024", "3. März 2024", "1er avril", "12 maggio"
            Rule("foreign_day_month", rf"(?<![\w/.,-])(?:{_FOREIGN_WEEKDAY})?{_DAY_FROM}(?:0?[1-9]|[12]\d|3[01])(?:er|º|°|\.)?"
                                      rf"[ \t]+(?:de[ \t]+)?{_FOREIGN_MONTH}(?:,?[ \t]+(?:de[ \t]+)?{_YEAR})?(?![\w-]){_TIME}",
                 0.55, case_sensitive=True, in_context=_foreign_date),
            Rule("month_day_year", rf"(?<![\w/])(?:{_WEEKDAY})?{_MONTH}[ \t]+{_DAY},?[ \t]+{_YEAR}\b{_TIME}",
                 0.6, case_sensitive=True),
            # "can we talk Oct 2 or Oct 4?", "Sept. 14 works": the month first, as North America writes it
            Rule("month_day", rf"(?<![\w/.-])(?:{_WEEKDAY})?{_MONTH}[ \t]+{_DAY}(?![\w:/-]|[.,]\d|,?[ \t]+{_YEAR}){_TIME}",
                 0.55, case_sensitive=True),
            # "starting Feb 2025", "since March 2019", "od września 2025": a month of a year
            Rule("month_name_year", rf"(?<![\w/.-]){_MONTH}[ \t]+{_YEAR}(?![\w/-])", 0.55, case_sensitive=True),
            # another language's month and a year in a text of that kind, or when English never writes the month
            # ("the Mars 2020 rover", "Mayo 2019 guidelines" are English; "Oktober 2024" is a date)
            Rule("foreign_month_year", rf"(?<![\w/.-]){_FOREIGN_MONTH}[ \t]+(?:de[ \t]+)?{_YEAR}(?![\w/-])", 0.55,
                 case_sensitive=True, in_context=_foreign_text),
            # chat and patient messages type the month in lower case ("dob 5 may 1986"); with its
            # day and year, "may" and "march" can only be the month
            Rule("day_month_year_lower", rf"(?=\d|mon|tue|wed|thu|fri|sat|sun)(?<![\w/])(?:{_WEEKDAY.lower()})?{_DAY_FROM}{_DAY}[ \t]+(?:of[ \t]+)?"
                                         rf"{_MONTH.lower()},?[ \t]+{_YEAR}\b{_TIME}", 0.6, case_sensitive=True),
            Rule("month_day_year_lower", rf"(?=jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)(?<![\w/])(?:{_WEEKDAY.lower()})?{_MONTH.lower()}[ \t]+{_DAY},?[ \t]+{_YEAR}\b{_TIME}",
                 0.6, case_sensitive=True),
            # "10/04/2025 02:14": the time of a date in figures belongs to it (Presidio's date stops at the year)
            Rule("numeric_date_time", rf"(?=\d)(?<![\w/.:-])(?:[0-3]?\d[/.-][01]?\d|[01]?\d[/.-][0-3]?\d)[/.-](?:{_YEAR}|\d{{2}})"
                                      rf",?[ \t]+(?:{_AT}[ \t]+)?{_CLOCK}(?![\w:])", 0.6),
            # "12-Mar-2025 14:07": a log's or a form's date with dashes, and its time
            Rule("day_month_year_dashed", rf"(?<![\w/-]){_DAY}-{_MONTH}-(?:{_YEAR}|\d{{2}})(?![\w-]){_TIME}", 0.6,
                 case_sensitive=True),
            # "Tue 6/10 8:02 AM", "Mon 07.04.2025 08:12": a weekday makes figures a date even without a year
            # ("6/10" alone may be a score or a fraction); the weekday is part of the date
            Rule("weekday_numeric", rf"(?<![\w/]){_WEEKDAY}(?:[0-3]?\d[/.-][01]?\d|[01]?\d[/.-][0-3]?\d)"
                                    rf"(?:[/.-](?:{_YEAR}|\d{{2}}))?(?:,?[ \t]+(?:at[ \t]+)?{_CLOCK})?(?![\w:/]|[.,]\d)",
                 0.6, case_sensitive=True),
            Rule("month_year", rf"(?<![\w/.-])(?:0[1-9]|1[0-2])/{_YEAR}(?![\w/-])", 0.5),
            # "9. 1. 2025": Czech, Slovak and German write a space after each dot of a date in figures
            Rule("spaced_dotted", rf"(?<![\w/.])(?:0?[1-9]|[12]\d|3[01])\.[ \t](?:0?[1-9]|1[0-2])\.[ \t]{_YEAR}(?![\w/]|[.,]\d)",
                 0.6),
            # "2000. 09. 14.", "2025.01.28.": Hungarian writes the year first, each part closed by a dot
            # (two figures each, or the closing dot: "2019.5.3" is as often a software version)
            Rule("year_first_dotted", rf"(?<![\w/.]){_YEAR}\.[ \t]?(?:(?:0[1-9]|1[0-2])\.[ \t]?(?:0[1-9]|[12]\d|3[01])\.?"
                                      r"|(?:0?[1-9]|1[0-2])\.[ \t]?(?:0?[1-9]|[12]\d|3[01])\.)(?![\w/]|[.,]?\d)", 0.6),
            # "2025. január 28.", "május 17.": a Hungarian month before its day, the day closed by a dot
            Rule("hungarian_month_day", rf"(?<![\w/.-])(?:{_YEAR}\.[ \t]+)?{_HUNGARIAN_MONTH}[ \t]+(?:0?[1-9]|[12]\d|3[01])\."
                                        r"(?!\d)", 0.6),
            # "17 Sha'ban 1446 H", "1 Ramadan 1446 AH": a Hijri date with its year (a month alone is a season's
            # name: "fasting in Ramadan")
            Rule("hijri", rf"(?<![\w/.-])(?:0?[1-9]|[12]\d|30)[ \t]+{_HIJRI_MONTH}[ \t]+1[34]\d{{2}}(?:[ \t]?(?:AH|H|هـ)\b)?",
                 0.6, case_sensitive=True),
            # an ISO 8601 time stamp written without separators: "20240115T093000Z"
            Rule("iso_basic", r"(?<![\w])(?:19|20)\d{6}T\d{4,6}Z?(?![\w])", 0.6, case_sensitive=True),
            Rule("day_month_figures", r"(?<![\w/.:,-])(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])(?![\w/.:,-]|[.,]\d)", 0.5,
                 in_context=_month_dated_elsewhere),
            # "| PT - Ciarán | 21/02 | partly |": a cell of a table's date column, whose header says what the
            # figures are ("Target", "Due", "Date"); elsewhere "21/02" may be a score or a fraction. With a dot or
            # a dash only a full date: "6.5" or "2-3" under "Target" is a lab value's goal
            Rule("date_column", r"(?<=\|[ \t]{0,3})(?:(?:[0-3]?\d/[01]?\d|[01]?\d/[0-3]?\d)(?:/(?:\d{4}|\d{2}))?"
                                r"|[0-3]?\d[.-][01]?\d[.-](?:\d{4}|\d{2}))(?=[ \t]*\|)", 0.55, in_context=_in_date_column),
        ],
        name="privrag_written_date",
    )
