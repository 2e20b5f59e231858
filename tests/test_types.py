import pytest

from privrag.types import DetectedEntity, Entity, PrivacyReceipt


def test_span_rejects_negative_or_inverted_offsets():
    with pytest.raises(ValueError):
        DetectedEntity(5, 2, "PERSON", "x")
    with pytest.raises(ValueError):
        DetectedEntity(-1, 2, "PERSON", "x")


def test_span_overlap_and_shift():
    a = DetectedEntity(0, 4, "PERSON", "John")
    b = DetectedEntity(3, 8, "PERSON", "n Doe")
    assert a.overlaps(b) and b.overlaps(a)
    assert not a.overlaps(DetectedEntity(4, 6, "X", "ab"))
    assert a.shifted(10).start == 10 and a.shifted(10).end == 14


def test_entity_canonical_is_longest_form():
    e = Entity(0, "PERSON", [DetectedEntity(0, 4, "PERSON", "Anna"), DetectedEntity(10, 23, "PERSON", "Anna Christou")])
    assert e.canonical == "Anna Christou"
    assert e.surface_forms == ["Anna Christou", "Anna"]


def test_receipt_reports_non_dp_without_epsilon():
    r = PrivacyReceipt(mechanism="redact", protected={"PERSON": 2})
    assert not r.is_dp
    assert r.to_dict()["epsilon"] is None
