"""Occupations after a cue."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_occupation import occupation_recognizer
from privrag.generalize import canonical_label, descriptor


def jobs(text: str) -> list[str]:
    return [text[r.start : r.end] for r in occupation_recognizer().analyze(text, ["OCCUPATION"])]


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("From 1960 to 1979 she worked as a ballet dancer for the ensemble.", "ballet dancer"),
        ("I used to work for YFYP as Passenger booking clerk, but quit a few months ago.", "Passenger booking clerk"),
        ("he worked at Google as a senior engineer.", "senior engineer"),
        ("the hospital where she was working as a nurse", "nurse"),
        ("Mrs Willis had been employed as a local authority housing officer.", "local authority housing officer"),
        ("From 1970 he practised as a physician affiliated to the scheme.", "physician"),
        ("Occupation: primary school teacher\nName: X", "primary school teacher"),
        ("He WORKED AS an electrician", "electrician"),
    ],
)
def test_an_occupation_after_a_cue_is_found(text: str, job: str) -> None:
    assert jobs(text) == [job]


@pytest.mark.parametrize(
    "text",
    [
        "It worked as expected.",  # a participle
        "the system works as intended",
        "we work for as long as possible",  # "as long": no employer between the verb and "as"
        "worked as part of a team",
        "worked as Mr Smith's assistant",  # a name follows
        "Such commemorations qualified as popular ceremonies.",
        "It served as a basis for the decision.",
        "worked as 2nd officer",  # digits
    ],
)
def test_no_occupation_without_one(text: str) -> None:
    assert jobs(text) == []


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("Main stressor is work - she is a veterinary technician at a clinic.", "veterinary technician"),
        ("im a line cook at a diner and cant lift", "line cook"),
        ("He is a structural engineer with a consultancy.", "structural engineer"),
        ("Mr. Tran is a 52-year-old CNC machinist who has worked nights.", "CNC machinist"),
        ("History: 47yo HGV driver, chest pain.", "HGV driver"),
        ("lives alone, former primary school headteacher and still active", "primary school headteacher"),
        ("The applicant, who is a retired non-commissioned officer, was born in 1950.", "non-commissioned officer"),
    ],
)
def test_a_job_stated_without_as_is_found_by_its_head(text: str, job: str) -> None:
    assert jobs(text) == [job]


@pytest.mark.parametrize(
    "text",
    [
        "He is a 52-year-old man with chest pain.",  # no job head
        "She is a keen runner and swimmer.",
        "He is a smoker.",
        "He is a patient at the practice.",
        "The former Soviet Union",  # capitalised, not a job
        "It is a 2 year old boy",
    ],
)
def test_no_stated_job_without_a_job_head(text: str) -> None:
    assert jobs(text) == []


@pytest.mark.parametrize("text", ["Astrid Lindqvist, 81, came with her son Jonas Lindqvist.", "Seen by Karin Lindqvist today."])
def test_a_person_whose_surname_ends_like_a_job_is_not_a_job_title(text: str) -> None:
    assert jobs(text) == []


def test_a_job_title_may_start_with_a_word_that_is_also_a_given_name() -> None:
    assert jobs("Role: Junior Developer, from May") == ["Junior Developer"]


def test_occupation_is_its_own_category() -> None:
    assert canonical_label("OCCUPATION") == "OCCUPATION"
    assert canonical_label("job title") == "OCCUPATION"
    assert descriptor("OCCUPATION") == "an occupation"


@pytest.mark.integration
def test_default_detector_reports_the_occupation(default_detector) -> None:
    text = "Until 1987 the applicant worked as a primary school teacher in Izmir."
    spans = [s for s in default_detector.detect(text) if s.text == "primary school teacher"]
    assert spans and canonical_label(spans[0].label) == "OCCUPATION"


@pytest.mark.parametrize(
    ("text", "title"),
    [("Offer: Senior Data Analyst, start 1 May", "Senior Data Analyst"),
     ("signed, Clinical Director", "Clinical Director"),
     ("reporting to the Head of Quality on site", "Head of Quality")],
)
def test_formal_job_titles_without_a_cue(text: str, title: str) -> None:
    from privrag.detect.recognizers_occupation import occupation_recognizer

    assert title in [text[r.start : r.end] for r in occupation_recognizer().analyze(text, None, None)]


@pytest.mark.parametrize("text", ["Dear Hiring Manager,", "The European Court of Human Rights", "Bell's Palsy Clinic"])
def test_greetings_and_names_are_not_job_titles(text: str) -> None:
    from privrag.detect.recognizers_occupation import occupation_recognizer

    assert [text[r.start : r.end] for r in occupation_recognizer().analyze(text, None, None)] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Payroll no: CF-77102   Role: forklift driver, night shift", ["forklift driver"]),
        ("Role: Approver", []),  # a role that is no job
        ("Position: pending review", []),
    ],
)
def test_a_role_field_holds_a_job_when_it_ends_in_a_job_head(text: str, expected: list[str]) -> None:
    assert jobs(text) == expected


@pytest.mark.parametrize(
    ("text", "job"),
    [("Professione: farmacista (Farmacia Ducale)", "farmacista"), ("Profissão: enfermeira\n", "enfermeira"),
     ("Beruf: Lehrerin", "Lehrerin")],
)
def test_an_occupation_field_in_another_language_of_ours_is_found(text: str, job: str) -> None:
    assert jobs(text) == [job]
