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


@pytest.mark.parametrize(
    ("text", "date"),
    [("olivia grant-mensah 5 may 1986", "5 may 1986"), ("born on march 12, 1990 in leeds", "march 12, 1990"),
     ("on tuesday 3rd june 2025 at 10:00 ok", "tuesday 3rd june 2025 at 10:00")],
)
def test_a_full_date_with_its_month_in_lower_case_is_found(text: str, date: str) -> None:
    assert _hits(text) == [date]


@pytest.mark.parametrize(
    ("text", "date"),
    [("ED - Provider Note   10/04/2025 02:14\nPatient", "10/04/2025 02:14"), ("03/04/2024 09:20 Dr Nisha", "03/04/2024 09:20")],
)
def test_a_date_in_figures_takes_its_time(text: str, date: str) -> None:
    assert _hits(text) == [date]


@pytest.mark.parametrize("text", ["i may 2024 go", "we march 12 people", "you may 12 times"])
def test_a_lower_case_month_word_without_day_and_year_is_no_date(text: str) -> None:
    assert _hits(text) == []


@pytest.mark.parametrize("text", ["5/48 of the estate", "co-careldopa 25/100", "Decree 13/2023"])
def test_fractions_and_doses_are_not(text: str) -> None:
    assert _hits(text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("can we talk Oct 2 or Oct 4?", "Oct 2"),  # the month first, as North America writes it
        ("Sept. 14 works for me", "Sept. 14"),
        ("starting Feb 2025 we switch", "Feb 2025"),  # a month of a year
        ("moved here in May 2024", "May 2024"),
        ("Umowa od 15 września 2025 r. na czas nieokreślony.", "15 września 2025"),  # Polish
        ("Zatrudniona jest od września 2025 w szkole i ma umowę na czas nieokreślony, a jej mąż pracuje w firmie "
         "od trzech lat i nie ma innych kredytów.", "września 2025"),
        ("Ankomst 3 augusti 2024 till avdelningen.", "3 augusti 2024"),  # Swedish
        ("She moved to Kiel in Oktober 2024 with her son.", "Oktober 2024"),  # a month English never writes
    ],
)
def test_a_month_with_its_day_or_its_year_is_a_date(text: str, date: str) -> None:
    assert date in _hits(text)


@pytest.mark.parametrize("text", ["Oct 2025-03 build", "Mar 3.5 release", "the May 12:30 slot", "the Mars 2020 rover",
                                  "Mayo 2019 guidelines"])
def test_a_month_before_a_version_a_clock_or_in_a_name_is_no_date(text: str) -> None:
    assert not any(h.startswith(("Oct 20", "Mar 3", "May 12", "Mars", "Mayo")) for h in _hits(text))


@pytest.mark.parametrize(
    ("text", "date"),
    [("Engineer visit booked for Fri 21 Feb, 8am-1pm, reference", "Fri 21 Feb, 8am-1pm"),
     ("Trip: Strasbourg to Nice, 2-9 August 2025, flight", "2-9 August 2025"),
     ("we met on 3 March and again later", "3 March")],
)
def test_day_ranges_times_and_dates_without_a_year_are_found(text: str, date: str) -> None:
    assert _hits(text) == [date]


def test_a_day_and_month_in_figures_is_a_date_where_the_text_dates_that_month() -> None:
    text = "Travel dates: 18-19/02/2025\n19/02  Taxi\n18/02  Train"
    assert sorted(_hits(text)) == ["18/02", "19/02"]
    assert _hits("BP 142/88 and 12/04 today, MMSE 22/30") == []


@pytest.mark.parametrize("text", ["see section 3 May of the Act", "Article 8 March"])
def test_a_numbered_section_before_a_month_is_no_date(text: str) -> None:
    assert _hits(text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [("Tue 6/10 8:02 AM - Marisol", "Tue 6/10 8:02 AM"), ("Mon 07.04.2025 08:12 ticket", "Mon 07.04.2025 08:12"),
     ("seen Fri 14/03", "Fri 14/03")],
)
def test_a_weekday_makes_figures_a_date_even_without_a_year(text: str, date: str) -> None:
    assert _hits(text) == [date]


@pytest.mark.parametrize("text", ["pain score 6/10 today", "took 2/3 of the dose"])
def test_figures_without_a_weekday_or_a_year_are_no_date(text: str) -> None:
    assert _hits(text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("con inicio el 28 de abril. La fecha", "28 de abril"),
        ("La fecha probable de parto es el 26 de mayo de 2025.", "26 de mayo de 2025"),
        ("née le 14 mars 1958 à Rouen", "14 mars 1958"),
        ("vu le 1er avril", "1er avril"),
        ("am 3. März 2024 untersucht", "3. März 2024"),
        ("ricoverato il 12 maggio", "12 maggio"),
    ],
)
def test_dates_in_our_users_other_languages(text: str, date: str) -> None:
    from privrag.detect.recognizers_dates import written_date_recognizer

    # a sentence of the date's language around it: a day and a month alone are a date in that language's text
    prose = {"de": "y la paciente dice que no ha tenido más dolor desde que empezó con el tratamiento de la semana."}
    full = text + " " + prose["de"]
    assert [full[r.start : r.end] for r in written_date_recognizer().analyze(full, ["DATE_TIME"])] == [date]


@pytest.mark.parametrize("text", ["We bought 2 Mars bars and 1 mayo sandwich.", "Take 2 mai tais after work."])
def test_a_foreign_month_without_a_year_in_english_prose_is_no_date(text: str) -> None:
    from privrag.detect.recognizers_dates import written_date_recognizer

    assert written_date_recognizer().analyze(text, ["DATE_TIME"]) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Fecha: martes, 8 de abril de 2025 13:05\nAsunto", "martes, 8 de abril de 2025 13:05"),
        ("Inviato: lunedì 20 gennaio 2025, 21:37", "lunedì 20 gennaio 2025, 21:37"),
    ],
)
def test_a_foreign_date_takes_its_weekday_and_time(text: str, date: str) -> None:
    from privrag.detect.recognizers_dates import written_date_recognizer

    assert [text[r.start : r.end] for r in written_date_recognizer().analyze(text, ["DATE_TIME"])] == [date]


def test_an_iso_basic_time_stamp_is_a_date() -> None:
    assert _hits("logged at 20240115T093000Z by the job") == ["20240115T093000Z"]


def test_figures_in_a_tables_date_column_are_a_date_and_a_score_column_is_not() -> None:
    text = ("| # | Goal | Disc. | Target | Status |\n| 1 | Walk 10 m | PT | 21/02 | partly |\n"
            "| 2 | Yes/no 9/10 | SLT | 28/02 | ongoing |")
    assert _hits(text) == ["21/02", "28/02"]
    assert _hits("| Test | Score | Date |\n|---|---|---|\n| MMSE | 24/30 | 12/03 |") == ["12/03"]
    assert _hits("| Goal | Target |\n|---|---|\n| HbA1c | 6.5 |\n| INR | 2-3 |\n| LDL | 1.8 |") == []  # a lab value's goal


@pytest.mark.parametrize(
    ("text", "date"),
    [("Call ID CL-20250312-0447819   12-Mar-2025 14:07   AHT 9:42", "12-Mar-2025 14:07"),
     ("ID: 184229317 | 12/02/2025 às 21:47\n", "12/02/2025 às 21:47"),
     ("Kuala Lumpur, 12 Mac 2025\n", "12 Mac 2025"), ("Jakarta, 17 Agustus 2024", "17 Agustus 2024")],
)
def test_a_dashed_date_a_foreign_at_and_malay_months_are_read(text: str, date: str) -> None:
    assert _hits(text) == [date]


@pytest.mark.parametrize(("text", "date"), [("Screening visit 9. 1. 2025, randomizace 6. 2. 2025.", "9. 1. 2025"),
                                            ("Geboren am 3. 11. 1958 in Linz", "3. 11. 1958")])
def test_a_date_with_a_space_after_each_dot_is_found(text: str, date: str) -> None:
    assert date in _hits(text)


@pytest.mark.parametrize("text", ["See points 1. 2. and 3. of the plan", "Steps 2. 13. 2025 items"])
def test_numbered_points_are_no_spaced_date(text: str) -> None:
    assert _hits(text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Születési dátum: 2000. 09. 14.", "2000. 09. 14."),  # Hungarian: the year first
        ("Műtét: 2025. január 28., kontroll", "2025. január 28."),
        ("Kontroll május 17. 10:00", "május 17."),  # the month before the day
        ("internat la 12 decembrie 2024 la spital", "12 decembrie 2024"),  # Romanian
        ("Innlagt 4. desember 2024", "4. desember 2024"),  # Norwegian
    ],
)
def test_hungarian_romanian_and_norwegian_dates_are_found(text: str, date: str) -> None:
    assert date in _hits(text)


@pytest.mark.parametrize("text", ["Upgrade to 2019.5.3 tonight", "Build 2024.2.1 is out"])
def test_a_software_version_is_no_year_first_date(text: str) -> None:
    assert _hits(text) == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Početak rada je 1. travnja 2025.", "1. travnja 2025"),  # Croatian, from Babel's CLDR months
        ("Dne 11. února 2025 byl přijat.", "11. února 2025"),  # Czech
        ("Виписка від 14 квітня 2024 р.", "14 квітня 2024"),  # Ukrainian
        ("Tapaaminen 5. maaliskuuta 2025 klo 10.", "5. maaliskuuta 2025"),  # Finnish
        ("Last review 17 Sha'ban 1446 H at the clinic.", "17 Sha'ban 1446 H"),  # a Hijri date with its year
        ("Admitted 3 Ramadan 1445 AH.", "3 Ramadan 1445 AH"),
    ],
)
def test_a_date_of_another_calendar_or_language_is_found(text: str, date: str) -> None:
    assert date in _hits(text)


def test_a_hijri_month_alone_is_no_date() -> None:
    assert _hits("Fasting in Ramadan; review after Shawwal.") == []
