"""Sentence-level privacy units on real-world text shapes."""

import pytest

from privrag.pahdp.units import PrivacyUnit, split_units
from privrag.types import DetectedEntity


def texts(text, **kw):
    return [u.text(text) for u in split_units(text, **kw)]


def test_abbreviations_initials_and_case_numbers_do_not_end_sentences():
    t = ("The application (no. 18403/91) was lodged by Mr. J. Smith on 2 Oct. 1998 against the U.S. "
         "government. He relied on Art. 8, e.g. on his family life. Was it fair? Yes!")
    assert texts(t) == [
        "The application (no. 18403/91) was lodged by Mr. J. Smith on 2 Oct. 1998 against the U.S. government.",
        "He relied on Art. 8, e.g. on his family life.",
        "Was it fair?",
        "Yes!",
    ]


def test_lists_headings_and_email_headers_are_hard_boundaries():
    t = ("THE FACTS\n\n1. The applicant was born in 1950.\n2. She lives in Nicosia. She works.\n"
         "- a bullet that\n  wraps onto a second line\n"
         "From: John Smith <john@example.com>\nTo: anna@example.org\nSubject: Re: claim no. 123\n\n"
         "Dear Anna, the text of a\nhard-wrapped paragraph goes on.")
    assert texts(t) == [
        "THE FACTS",
        "1. The applicant was born in 1950.",
        "2. She lives in Nicosia.",
        "She works.",
        "- a bullet that\n  wraps onto a second line",
        "From: John Smith <john@example.com>",
        "To: anna@example.org",
        "Subject: Re: claim no. 123",
        "Dear Anna, the text of a\nhard-wrapped paragraph goes on.",
    ]


def test_units_never_cut_a_span():
    t = "He met Dr. Who. Then he left. Nothing else."
    # a (bad) detector span crossing the sentence boundary merges the two units
    span = DetectedEntity(t.index("Who"), t.index("Then") + 4, "PERSON", "Who. Then")
    units = split_units(t, [span])
    assert any(u.contains(span) for u in units)
    assert [u.text(t) for u in units][-1] == "Nothing else."


def test_offsets_round_trip_and_whitespace_between_units_is_kept():
    t = "  First one.   Second one.\n\nThird.  "
    units = split_units(t)
    assert [u.text(t) for u in units] == ["First one.", "Second one.", "Third."]
    assert all(isinstance(u, PrivacyUnit) and t[u.start : u.end] == u.text(t) for u in units)


def test_long_text_without_punctuation_is_capped_outside_spans():
    t = " ".join(["word"] * 3000) + " Anna Christou " + " ".join(["word"] * 10)
    span = DetectedEntity(t.index("Anna"), t.index("Anna") + len("Anna Christou"), "PERSON", "Anna Christou")
    units = split_units(t, [span], max_chars=500)
    assert all(u.end - u.start <= 500 for u in units)
    assert sum(u.contains(span) for u in units) == 1
    assert "".join(t[u.start : u.end] for u in units).replace(" ", "") == t.replace(" ", "")


def test_empty_and_blank_text():
    assert split_units("") == [] and split_units(" \n\n ") == []
    with pytest.raises(ValueError):
        split_units("x", max_chars=5)


def test_a_span_reaching_into_whitespace_is_still_inside_a_unit():
    t = "He is Anna Christou\n\nNext paragraph here."
    span = DetectedEntity(6, 21, "PERSON", t[6:21])  # "Anna Christou\n\n"
    units = split_units(t, [span])
    assert sum(u.contains(span) for u in units) == 1
