"""The calibrated composite default: overlap rules, thresholds, the thresholds file."""

from __future__ import annotations

import json
import math

import pytest

from privrag.detect.base import BaseDetector
from privrag.detect.calibration import MemberThresholds, apply_thresholds, calibrate
from privrag.detect.default import (
    THRESHOLDS_FILE,
    ThresholdedDetector,
    build_default_detector,
    load_thresholds,
)
from privrag.eval.datasets import GoldSpan, LabeledDoc
from privrag.types import DetectedEntity

TEXT = "The case originated in an application (no. 18403/91) by Mrs Anna Christou, born 1925."


class Fixed(BaseDetector):
    """Returns a fixed list of (start, end, label, score, source) on every text."""

    def __init__(self, spans, name="fixed"):
        self.spans = spans
        self.name = name

    def _detect(self, text):
        return [DetectedEntity(a, b, lab, text[a:b], sc, src) for a, b, lab, sc, src in self.spans]


def span(sub, label, score, source, text=TEXT):
    start = text.index(sub)
    return (start, start + len(sub), label, score, source)


def conf(presidio=None, gliner=None, use_gliner=False):
    members = {"presidio": presidio or {"default_min": 0.0}}
    if gliner is not None:
        members["gliner"] = gliner
    return {"members": members, "use_shipped_gliner": use_gliner}


def test_recognizer_label_wins_over_spacy_on_overlap():
    presidio = Fixed([span("no. 18403/91", "CARDINAL", 0.85, "SpacyRecognizer"),
                      span("18403/91", "CASE_NUMBER", 1.0, "privrag_case_number")])
    det = build_default_detector(gliner=False, thresholds=conf(), presidio=presidio)
    [merged] = det.detect(TEXT)
    assert merged.text == "no. 18403/91"  # union: nothing of either span stays visible
    assert merged.label == "CASE_NUMBER"


def test_union_across_members_and_disjoint_spans_kept():
    presidio = Fixed([span("Anna Christou", "PERSON", 0.85, "SpacyRecognizer"),
                      span("1925", "DATE_TIME", 0.85, "SpacyRecognizer")])
    gliner = Fixed([span("Christou, born", "PERSON", 0.9, "gliner_shipped")], name="gliner_shipped")
    det = build_default_detector(gliner=gliner, thresholds=conf(), presidio=presidio)
    found = [(s.text, s.label) for s in det.detect(TEXT)]
    assert found == [("Anna Christou", "PERSON"), ("1925", "DATE_TIME")]


def test_members_name_spans_are_repaired_before_the_union():
    # GLiNER's over-long span would otherwise widen the merged one to "Mrs Anna Christou, born"
    presidio = Fixed([span("Anna Christou", "PERSON", 0.85, "SpacyRecognizer")])
    gliner = Fixed([span("Mrs Anna Christou, born", "PERSON", 0.9, "gliner_shipped")], name="gliner_shipped")
    det = build_default_detector(gliner=gliner, thresholds=conf(), presidio=presidio)
    assert [s.text for s in det.detect(TEXT)] == ["Anna Christou"]


def test_shipped_gliner_names_persons_spacy_names_organisations():
    presidio = Fixed([span("Anna Christou", "ORG", 0.85, "SpacyRecognizer"),
                      span("1925", "DATE_TIME", 0.85, "SpacyRecognizer")])
    gliner = Fixed([span("Anna Christou", "PERSON", 0.6, "gliner_shipped"),
                    span("1925", "ORG", 0.9, "gliner_shipped")], name="gliner_shipped")
    det = build_default_detector(gliner=gliner, thresholds=conf(), presidio=presidio)
    assert [(s.text, s.label) for s in det.detect(TEXT)] == [("Anna Christou", "PERSON"), ("1925", "DATE_TIME")]


def test_dropped_label_and_per_label_threshold():
    presidio = Fixed([span("1925", "DATE_TIME", 0.85, "SpacyRecognizer"),
                      span("Anna Christou", "PERSON", 0.85, "SpacyRecognizer"),
                      span("application", "LAW", 0.85, "SpacyRecognizer")])
    th = {"default_min": 0.0, "min_score": {"PERSON": 0.9}, "drop": ["LAW"]}
    det = build_default_detector(gliner=False, thresholds=conf(presidio=th), presidio=presidio)
    assert [s.label for s in det.detect(TEXT)] == ["DATE_TIME"]


def test_hub_or_local_gliner_uses_its_own_threshold():
    presidio = Fixed([])
    weak = Fixed([span("Anna", "PERSON", 0.3, "gliner"), span("1925", "DATE_TIME", 0.8, "gliner")], name="gliner")
    det = build_default_detector(gliner=weak, thresholds={"members": {}, "hub_gliner_threshold": 0.5}, presidio=presidio)
    assert [s.text for s in det.detect(TEXT)] == ["1925"]


def test_thresholded_detector_filters_and_keeps_sources():
    inner = Fixed([span("1925", "DATE_TIME", 0.2, "x"), span("Anna", "PERSON", 0.7, "y")])
    det = ThresholdedDetector(inner, MemberThresholds(default_min=0.5), "m")
    [s] = det.detect(TEXT)
    assert (s.text, s.source) == ("Anna", "y")


def test_member_thresholds_round_trip():
    th = MemberThresholds(0.4, {"ORG": 0.6}, ["LAW"])
    assert MemberThresholds.from_dict(json.loads(json.dumps(th.to_dict()))) == th


def test_calibrate_drops_a_label_that_only_over_masks():
    text = "Anna Smith met the Court of Appeal in Paris on 3 May 2001."
    gold = [GoldSpan(0, 10, "PERSON", "Anna Smith", "DIRECT", "e1"),
            GoldSpan(text.index("3 May"), text.index("3 May") + 10, "DATETIME", "3 May 2001", "QUASI", "e2")]
    doc = LabeledDoc("d", text, gold, split="dev")
    raw = {"m": [[DetectedEntity(0, 10, "PERSON", "Anna Smith", 0.9, "s"),
                  DetectedEntity(19, 33, "ORG", "Court of Appeal", 0.9, "s"),
                  DetectedEntity(text.index("3 May"), text.index("3 May") + 10, "DATE", "3 May 2001", 0.9, "s")]]}
    cal = calibrate([doc], raw, start={"m": MemberThresholds()}, masking_cap=0.5)
    assert "ORG" in cal.thresholds["m"].drop
    assert cal.metrics["er_direct"] == 1.0 and cal.metrics["er_quasi"] == 1.0
    kept = apply_thresholds(raw, cal.thresholds)[0]
    assert {s.label for s in kept} == {"PERSON", "DATE"}


def test_packaged_thresholds_file_is_calibrated_on_dev():
    assert THRESHOLDS_FILE.exists()
    conf_ = load_thresholds()
    assert "dev" in conf_["calibrated_on"] and "test" not in conf_["calibrated_on"]
    for member in conf_["members"].values():
        th = MemberThresholds.from_dict(member)
        assert all(0.0 <= v <= 1.0 and not math.isnan(v) for v in [th.default_min, *th.min_score.values()])
    assert isinstance(conf_["use_shipped_gliner"], bool)


@pytest.mark.integration
def test_default_detector_is_built_once_and_finds_identifiers(default_detector):
    from privrag.detect import default_detector as factory

    assert factory() is default_detector
    found = {(s.label, s.text) for s in default_detector.detect(TEXT)}
    assert any("18403/91" in t for _, t in found)
    assert any("Christou" in t for _, t in found)


def test_without_gliner_installed_falls_back_to_its_own_calibration(monkeypatch):
    import privrag.detect.default as default_mod

    monkeypatch.setattr(default_mod, "_gliner_installed", lambda: False)
    presidio = Fixed([span("Anna Christou", "ORGANIZATION", 0.85, "SpacyRecognizer")])
    conf_ = {"members": {"presidio": {"drop": ["ORGANIZATION"]}, "gliner": {"default_min": 0.3}},
             "use_shipped_gliner": True,
             "without_gliner": {"members": {"presidio": {"default_min": 0.4}}, "propagate": False}}
    det = build_default_detector(thresholds=conf_, presidio=presidio)
    assert [m.name for m in det.detectors] == ["presidio"]
    assert [s.label for s in det.detect(TEXT)] == ["ORGANIZATION"]


def test_an_unlabelled_code_yields_the_label_to_a_typed_pattern():
    from privrag.detect.default import _source_priority

    prio = _source_priority([])
    assert prio["privrag_coded_id"] < prio["CreditCardRecognizer"] and prio["privrag_coded_id"] > prio["SpacyRecognizer"]
