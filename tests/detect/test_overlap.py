import pytest

from privrag.detect.overlap import resolve_overlaps
from privrag.types import DetectedEntity as D

TEXT = "Mrs Anna Christou lives in Nicosia"


def test_union_merges_overlapping_spans_to_cover_every_character():
    spans = [D(0, 17, "PERSON", TEXT[0:17], 0.6, "spacy"), D(4, 17, "PERSON", TEXT[4:17], 0.9, "gliner")]
    out = resolve_overlaps(spans, TEXT)
    assert [(s.start, s.end) for s in out] == [(0, 17)]
    assert out[0].source == "gliner" and out[0].text == TEXT[0:17]


def test_union_is_transitive():
    spans = [D(0, 5, "A", "x" * 5), D(4, 10, "B", "x" * 6), D(9, 12, "C", "x" * 3), D(20, 22, "D", "xx")]
    out = resolve_overlaps(spans)
    assert [(s.start, s.end) for s in out] == [(0, 12), (20, 22)]


def test_touching_spans_are_not_merged():
    out = resolve_overlaps([D(0, 3, "A", "abc"), D(3, 5, "B", "de")])
    assert len(out) == 2


def test_best_keeps_highest_scoring_non_overlapping():
    spans = [D(0, 17, "PERSON", TEXT[0:17], 0.6), D(4, 8, "PERSON", "Anna", 0.9), D(9, 17, "LOC", "Christou", 0.5)]
    out = resolve_overlaps(spans, TEXT, strategy="best")
    assert [(s.start, s.end) for s in out] == [(4, 8), (9, 17)]


def test_source_priority_wins_label():
    spans = [D(0, 8, "DATE_TIME", "18403/91", 0.99, "spacy"), D(0, 8, "CODE", "18403/91", 0.5, "app_no")]
    out = resolve_overlaps(spans, source_priority={"app_no": 10})
    assert out[0].label == "CODE"


@pytest.mark.parametrize("strategy", ["union", "best"])
def test_result_has_no_overlaps(strategy):
    spans = [D(i, i + 4, "X", "abcd", score=i / 10) for i in range(0, 20, 2)]
    out = resolve_overlaps(spans, "a" * 30, strategy=strategy)
    assert all(a.end <= b.start for a, b in zip(out, out[1:], strict=False))
