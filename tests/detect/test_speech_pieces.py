"""A speaker's line read as one person is cut at the colon, and the speech's first everyday word is no name."""

from __future__ import annotations

import pytest

from privrag.detect.speech_pieces import at_colons, without_speech_openers


def test_a_span_is_cut_at_each_colon_a_space_follows() -> None:
    text = "Kaye: Thank you, Ms. Marites at 10:14"
    assert [text[a:b] for a, b in at_colons(0, len(text), text)] == ["Kaye", "Thank you, Ms. Marites at 10:14"]


@pytest.mark.parametrize(
    ("text", "pieces", "kept"),
    [
        ("Kaye: Thank you, Ms. Marites", ["Kaye", "Thank", "Marites"], ["Kaye", "Marites"]),
        ("Tom: Will and Joy came", ["Tom", "Will", "Joy"], ["Tom", "Will", "Joy"]),  # a list's "and" follows
        ("Tom: Rennie said so", ["Tom", "Rennie"], ["Tom", "Rennie"]),  # no everyday word
        ("Thank you", ["Thank"], ["Thank"]),  # one piece: nothing is dropped
    ],
)
def test_the_first_everyday_word_of_a_speech_is_dropped(text: str, pieces: list[str], kept: list[str]) -> None:
    spans, pos = [], 0
    for p in pieces:
        start = text.index(p, pos)
        spans.append((start, start + len(p)))
        pos = start + len(p)
    assert [text[a:b] for a, b in without_speech_openers(spans, text)] == kept
