"""The general-text term of the default detector's calibration."""

from __future__ import annotations

import pytest

from privrag.detect.calibration import NEVER_DROP, MemberThresholds, calibrate, never_drop_labels
from privrag.detect.calibration_general import GENERAL_LABELS, GeneralSet, general_scores
from privrag.eval.datasets import GoldSpan, LabeledDoc
from privrag.types import DetectedEntity

TWEET = "selma and ben went to Sisimiut with their new iphone"


def _gold(text: str, sub: str, label: str) -> GoldSpan:
    i = text.index(sub)
    return GoldSpan(i, i + len(sub), label, sub)


def _span(text: str, sub: str, label: str, score: float = 0.9) -> DetectedEntity:
    i = text.index(sub)
    return DetectedEntity(i, i + len(sub), label, sub, score, "m")


def _doc() -> LabeledDoc:
    gold = [_gold(TWEET, "selma", "person"), _gold(TWEET, "ben", "person"),
            _gold(TWEET, "Sisimiut", "location"), _gold(TWEET, "iphone", "product")]
    return LabeledDoc("t1", TWEET, gold, split="dev")


def test_coverage_counts_only_personal_types_and_whole_mentions() -> None:
    raw = {"m": [[_span(TWEET, "selma", "PERSON"), _span(TWEET, "Sisim", "LOC")]]}
    scores = general_scores(GeneralSet([_doc()], raw), {"m": lambda s: True})
    # selma covered; ben missed; Sisimiut only half masked; the product is not a personal type
    assert scores["general_coverage"] == pytest.approx(1 / 3)
    assert scores["general_precision"] == 1.0
    assert "product" not in GENERAL_LABELS


def test_precision_counts_masked_characters_outside_any_mention() -> None:
    raw = {"m": [[_span(TWEET, "selma and ben", "PERSON")]]}
    scores = general_scores(GeneralSet([_doc()], raw), {"m": lambda s: True})
    assert scores["general_coverage"] == pytest.approx(2 / 3)
    assert scores["general_precision"] == pytest.approx(len("selmaben") / len("selma and ben"))


def test_mention_covered_by_two_adjacent_spans() -> None:
    text = "Anna Maria Smith"
    doc = LabeledDoc("t", text, [GoldSpan(0, 16, "person", text)], split="dev")
    raw = {"m": [[DetectedEntity(0, 10, "PERSON", "Anna Maria", 0.9, "m"),
                  DetectedEntity(11, 16, "PERSON", "Smith", 0.9, "m")]]}
    assert general_scores(GeneralSet([doc], raw), {"m": lambda s: True})["general_coverage"] == 1.0


def test_general_term_keeps_a_label_tab_alone_would_drop() -> None:
    """On TAB-like text the label only over-masks; on general text it finds people."""
    legal = "The Court of Appeal sat in Strasbourg. " + "The hearing was public and the judgment was read out. " * 3
    tab_doc = LabeledDoc("d", legal, [], split="dev")
    tab_raw = {"m": [[DetectedEntity(4, 19, "PER", "Court of Appeal", 0.9, "m")]]}
    general_raw = {"m": [[_span(TWEET, "selma", "PER"), _span(TWEET, "ben", "PER")]]}
    gs = GeneralSet([_doc()], general_raw)
    alone = calibrate([tab_doc], tab_raw, start={"m": MemberThresholds()}, masking_cap=0.1)
    both = calibrate([tab_doc], tab_raw, start={"m": MemberThresholds()}, masking_cap=0.1, general=gs,
                     general_weight=1.0)
    assert "PER" in alone.thresholds["m"].drop
    assert "PER" not in both.thresholds["m"].drop
    assert both.metrics["general_coverage"] == pytest.approx(2 / 3)


def test_nationality_groups_are_never_switched_off() -> None:
    assert {"NRP", "NORP"} <= set(NEVER_DROP)


def test_identifier_types_are_never_switched_off() -> None:
    labels = set(never_drop_labels())
    assert {"PHONE_NUMBER", "CREDIT_CARD", "AGE", "CASE_NUMBER", "EMAIL_ADDRESS"} <= labels


def test_dates_and_numbers_do_not_count_on_general_text() -> None:
    """WNUT-17 annotates no dates: masking one there is neither a hit nor imprecision."""
    text = "selma flew home on 3 May"
    doc = LabeledDoc("t", text, [_gold(text, "selma", "person")], split="dev")
    raw = {"m": [[_span(text, "selma", "PERSON"), _span(text, "3 May", "DATE_TIME")]]}
    assert general_scores(GeneralSet([doc], raw), {"m": lambda s: True})["general_precision"] == 1.0
