"""Ages as forms, letters, ward lists and tables write them (:mod:`privrag.detect.recognizers_age`)."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_age import age_recognizer


def _ages(text: str) -> list[str]:
    return [text[r.start : r.end] for r in age_recognizer().analyze(text, ["AGE"])]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("DOB: 07/22/2019 (4 y 8 m)\nArrived: 04/18/2024", "4 y 8 m"),
        ("Date of birth: 1943-04-12 (81 ans)\nAddress", "81 ans"),
        ("NRIC: S7234518J    DOB: 04/09/1971    Sex/Age: F/52\nRace", "F/52"),
        ("Age/Sex: 67/M", "67/M"),
        ("RE: PETER KAMAU NJOROGE, 58 YEARS, ID NO. 28814570", "58 YEARS"),
    ],
)
def test_ages_in_forms_and_letter_headings(text: str, age: str) -> None:
    assert [text[r.start : r.end] for r in age_recognizer().analyze(text, ["AGE"])] == [age]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Patient aged 6 presented with wheeze.", "aged 6"),
        ("to pick up her daughter Ivy (age 7) from school", "age 7"),
        ("Older sister Saoirse (aged ten) is well.", "aged ten"),
        ("Sex: M     Age: 67 y     MRN: 0048213", "67 y"),
        ("Umur: 57 tahun          Jantina: Lelaki", "57 tahun"),
        ("Edad: 7 años\nNHC: 1187342", "7 años"),
        ("F. nac.: 14/02/1988 (37 años)   Tel. 612 48 93 05", "37 años"),
        ("Nasc.: 22/08/1963 (60 anos)       Prontuário", "60 anos"),
        ("Bed 12 - Tan Ah Huat, 82M, NRIC S3418872H", "82M"),
        ("M/C 1 - Mr. Ramesh Jadhav, 62/M, UHID SSN-24-00817", "62/M"),
    ],
)
def test_an_age_is_masked_with_its_unit_and_its_word(text: str, age: str) -> None:
    assert [text[r.start : r.end] for r in age_recognizer().analyze(text, ["AGE"])] == [age]


@pytest.mark.parametrize("text", ["Block C, 12F, Tower 2", "He served 5 years in prison.", "Age 18-75: yes", "aged cheddar",
                                  "Pipeline: Tesco, 30M, Zara, 15M, Diageo, 25M, all signed.", "Floor, 12F, Tower"])
def test_a_floor_a_sentence_or_a_range_is_no_age(text: str) -> None:
    assert age_recognizer().analyze(text, ["AGE"]) == []


def test_a_town_before_a_number_of_years_is_no_age() -> None:
    assert age_recognizer().analyze("Leeds, 12 years, more", ["AGE"]) == []


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("DOB: 3rd Aug 1954 (70 yrs)   Home: Carrowkeel", "70 yrs"),  # an ordinal day
        ("DOB: Aug 3, 1954 (70)", "70"),  # the month first
        ("Name: Muhammad Imran     Age/Sex: 34 y / M\nCNIC", "34 y / M"),  # a unit in the field
        ("Pt: Sipho Mokoena     ID 6803125843081     57 yrs M\nAddress", "57 yrs M"),
        ("family package for daughter Zosia (2 yrs) - PLN 412/month", "2 yrs"),  # a relative's name, not in our lists
        ("Joe Bloggs (45 y/o) was seen", "45 y/o"),
    ],
)
def test_an_age_beside_a_sex_a_name_or_a_date_of_birth(text: str, age: str) -> None:
    assert _ages(text) == [age]


def test_a_cell_of_a_tables_age_column_is_an_age() -> None:
    text = ("| Name | Relation | Age | Screen |\n|---|---|---|---|\n| Nasreen Bibi | wife | 29 y | clear |\n"
            "| Bilal | son | 3 | well |")
    assert _ages(text) == ["29 y", "3"]


@pytest.mark.parametrize(
    "text",
    [
        "| Item | Qty | Duration |\n|---|---|---|\n| Brace | 2 | 6 y |",  # another column's years
        "Contract (2 yrs) renewable",  # a bracketed duration after a word that names no one
        "Ocrevus (2 yrs) then review",
        "Warranty 5 yrs M&S",  # a unit and a capital that is no sex
        "Lives in Leeds (12 yrs)",  # a town is no person
        "Experience: Carpenter (8 yrs), Mason (4 yrs).",  # a CV's trades: a surname alone names no one here
        "Exp: 5 yrs M.Sc. in nursing",  # a degree, not a sex
        "Hypertension 10 yrs. M and F wards",
        "| Item | Age |\n|---|---|\n| Boiler | 12 |",  # a table of things, not of people
    ],
)
def test_a_duration_beside_a_word_or_in_another_column_is_no_age(text: str) -> None:
    assert _ages(text) == []


@pytest.mark.parametrize(("text", "age"), [("72letý pacient, bývalý řidič", "72letý"), ("45-letá žena", "45-letá"),
                                           ("8 ročný chlapec", "8 ročný"), ("Anamnéza: 72letý man, retired", "72letý")])
def test_a_czech_or_slovak_age_adjective_is_an_age(text: str, age: str) -> None:
    assert age in [text[r.start : r.end] for r in age_recognizer().analyze(text, ["AGE"])]



@pytest.mark.parametrize("text", ["Uchazeč s 15letou praxí, nabízíme 5letou smlouvu.", "Hypotéka, 30letá fixace.",
                                  "Firma slaví 20leté výročí."])
def test_a_czech_duration_adjective_is_no_age(text: str) -> None:
    assert age_recognizer().analyze(text, ["AGE"]) == []
