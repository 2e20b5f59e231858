"""Strict span metrics: exact boundaries + mapped label, one-to-one matching."""

from __future__ import annotations

import pytest

from privrag.eval.datasets import GoldSpan, LabeledDoc
from privrag.eval.span_metrics import prf, span_prf
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

TEXT = "Anna Christou lives in Paris and works at Acme Corp."


def g(start: int, end: int, label: str, kind: str = "DIRECT") -> GoldSpan:
    return GoldSpan(start, end, label, TEXT[start:end], kind)


def p(start: int, end: int, label: str) -> DetectedEntity:
    return DetectedEntity(start, end, label, TEXT[start:end])


PERSON = (0, 13)
PARIS = (23, 28)
ACME = (42, 51)
DOC = LabeledDoc("d", TEXT, [g(*PERSON, "PERSON"), g(*PARIS, "GPE"), g(*ACME, "ORG", "NO_MASK")])


def test_text_offsets_are_right():
    assert TEXT[slice(*PERSON)] == "Anna Christou"
    assert TEXT[slice(*PARIS)] == "Paris"
    assert TEXT[slice(*ACME)] == "Acme Corp"


def test_perfect_prediction():
    out = span_prf([DOC], [[p(*PERSON, "PERSON"), p(*PARIS, "GPE"), p(*ACME, "ORG")]])
    assert out["span_precision"] == out["span_recall"] == out["span_f1"] == 1.0
    assert out["tp"] == 3 and out["n_gold"] == 3 and out["n_pred"] == 3


def test_labels_are_mapped_through_canonical_label():
    # spaCy PER / Presidio LOCATION / ORGANIZATION map to the same categories as the gold labels
    out = span_prf([DOC], [[p(*PERSON, "PER"), p(*PARIS, "LOCATION"), p(*ACME, "ORGANIZATION")]])
    assert out["span_recall"] == 1.0


def test_wrong_label_counts_only_unlabeled():
    out = span_prf([DOC], [[p(*PERSON, "ORG")]])
    assert out["span_recall"] == 0.0
    assert out["span_recall_unlabeled"] == pytest.approx(1 / 3)
    assert out["span_precision_unlabeled"] == 1.0


def test_boundary_mismatch_is_a_miss():
    out = span_prf([DOC], [[p(0, 4, "PERSON"), p(PARIS[0], PARIS[1] + 1, "GPE")]])
    assert out["tp"] == 0 and out["tp_unlabeled"] == 0
    assert out["span_precision"] == 0.0 and out["span_f1"] == 0.0


def test_duplicate_prediction_is_a_false_positive():
    out = span_prf([DOC], [[p(*PERSON, "PERSON"), p(*PERSON, "PERSON")]])
    assert out["tp"] == 1
    assert out["span_precision"] == pytest.approx(1 / 2)


def test_per_label_breakdown():
    out = span_prf([DOC], [[p(*PERSON, "PERSON"), p(*PARIS, "PERSON")]])
    per = out["per_label"]
    assert per["PERSON"]["tp"] == 1 and per["PERSON"]["n_pred"] == 2 and per["PERSON"]["n_gold"] == 1
    assert per["PERSON"]["precision"] == pytest.approx(1 / 2)
    assert per[canonical_label("GPE")]["recall"] == 0.0


def test_custom_label_map_and_needs_masking_filter():
    out = span_prf([DOC], [[p(*PERSON, "x"), p(*PARIS, "y")]], label_map=lambda _: "ANY", only_needs_masking=True)
    assert out["n_gold"] == 2
    assert out["span_recall"] == 1.0 and out["span_precision"] == 1.0


def test_micro_average_over_documents_and_empty_cases():
    empty = LabeledDoc("e", "nothing here", [])
    out = span_prf([DOC, empty], [[p(*PERSON, "PERSON")], []])
    assert out["span_recall"] == pytest.approx(1 / 3)
    assert span_prf([empty], [[]])["span_f1"] == 1.0
    assert prf(0, 0, 5) == (1.0, 0.0, 0.0)


def test_length_mismatch_raises():
    with pytest.raises(ValueError):
        span_prf([DOC], [])
