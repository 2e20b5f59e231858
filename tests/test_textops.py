import pytest

from privrag.textops import descriptor_for, map_strings, replace_spans, tag_for
from privrag.types import DetectedEntity as D


def test_replace_spans_right_to_left_keeps_other_text():
    text = "John met Mary in Paris."
    spans = [D(17, 22, "GPE", "Paris"), D(0, 4, "PERSON", "John"), D(9, 13, "PERSON", "Mary")]
    assert replace_spans(text, spans, tag_for) == "<PERSON> met <PERSON> in <LOC>."


def test_replace_spans_rejects_overlaps():
    with pytest.raises(ValueError):
        replace_spans("abcdef", [D(0, 3, "X", "abc"), D(2, 5, "X", "cde")], tag_for)


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("", "A person"),
        ("It rained. ", "A person"),
        ("He met Dr. ", "a person"),
        ("seen by ", "a person"),
        ("the ", "person"),
        ("line\n", "A person"),
    ],
)
def test_descriptor_article_and_capitalisation(before, expected):
    assert descriptor_for(D(0, 4, "PERSON", "John"), before) == expected


def test_descriptor_keeps_possessive():
    assert descriptor_for(D(0, 6, "PERSON", "John's"), "saw ") == "a person's"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("john", "JOHN"),
        ({"name": "john", "id": "call_1", "type": "tool_call"}, {"name": "JOHN", "id": "call_1", "type": "tool_call"}),
        ({"args": ["a", ("b", 3)], "index": "x"}, {"args": ["A", ("B", 3)], "index": "x"}),
        ({"n": 1, "ok": True, "none": None}, {"n": 1, "ok": True, "none": None}),
    ],
)
def test_map_strings_maps_content_and_leaves_structural_keys(value, expected):
    assert map_strings(value, str.upper) == expected
