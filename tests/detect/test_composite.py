import pytest

from privrag.detect.composite import CompositeDetector
from privrag.types import PrivacyError
from tests.fakes import BrokenDetector, RegexDetector


class YearAsCode(RegexDetector):
    name = "years"

    def _detect(self, text):
        return [s for s in super()._detect(text) if s.label == "DATE_TIME"]


def test_union_of_members_without_overlaps():
    text = "John Smith was born in 1961."
    out = CompositeDetector([RegexDetector(), YearAsCode()]).detect(text)
    assert [s.text for s in out] == ["John Smith", "1961"]


def test_threshold_per_label_filters_before_merge():
    out = CompositeDetector([RegexDetector()], thresholds={"DATE_TIME": 0.85}).detect("John Smith in 1961")
    assert [s.label for s in out] == ["PERSON"]


def test_one_failing_member_fails_the_whole_detection():
    with pytest.raises(PrivacyError):
        CompositeDetector([RegexDetector(), BrokenDetector()]).detect("John Smith")


def test_needs_members():
    with pytest.raises(ValueError):
        CompositeDetector([])
