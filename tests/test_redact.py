import pytest

from privrag.redact import Redactor, propagate_mentions
from privrag.types import DetectedEntity as D
from privrag.types import PrivacyError
from tests.fakes import BrokenDetector, RegexDetector


def test_descriptor_mode_masks_every_detected_entity():
    res = Redactor(RegexDetector()).protect("John Smith was born in 1961.")
    assert res.text == "A person was born in a date."
    assert res.receipt.mechanism == "redact" and res.receipt.epsilon is None
    assert res.receipt.protected == {"PERSON": 1, "DATE_TIME": 1}


def test_tag_mode():
    assert Redactor(RegexDetector(), mode="tag").protect("John Smith, 1961").text == "<PERSON>, <DATETIME>"


def test_propagation_masks_undetected_repeats_of_a_name():
    text = "John Smith arrived. Later Smith left."
    res = Redactor(RegexDetector(), mode="tag").protect(text)
    assert "Smith" not in res.text


def test_propagate_mentions_adds_word_bounded_occurrences_only():
    text = "Anna Christou met Christou; Christoulakis was absent."
    out = propagate_mentions(text, [D(0, 13, "PERSON", "Anna Christou")])
    covered = [text[s.start : s.end] for s in out]
    assert "Christou" in covered and "Christoulakis" not in covered


def test_masked_spans_are_offsets_into_original():
    text = "Report on John Smith."
    res = Redactor(RegexDetector()).protect(text)
    assert [text[s.start : s.end] for s in res.masked_spans] == ["John Smith"]


def test_empty_document_is_returned_unchanged():
    res = Redactor(RegexDetector()).protect("")
    assert res.text == "" and res.masked_spans == []


def test_detector_failure_fails_closed():
    with pytest.raises(PrivacyError):
        Redactor(BrokenDetector()).protect("John Smith")


def test_invalid_mode():
    with pytest.raises(ValueError):
        Redactor(RegexDetector(), mode="blur")  # type: ignore[arg-type]


def test_metadata_protected_with_same_detector():
    r = Redactor(RegexDetector())
    assert r.protect_metadata({"author": "John Smith", "page": 2}) == {"author": "A person", "page": 2}


def test_propagation_never_enters_a_keep_span():
    from privrag.keep import KeepSpan
    from privrag.redact import propagate_mentions
    from privrag.types import DetectedEntity

    text = "Check CBG twice daily. CBG 9.4 mmol/L today."
    first = DetectedEntity(6, 9, "ORGANIZATION", "CBG", 0.8, "SpacyRecognizer")
    kept = KeepSpan(23, 37, "measurement")
    assert [s.start for s in propagate_mentions(text, [first])] == [6, 23]
    assert [s.start for s in propagate_mentions(text, [first], [kept])] == [6]


def test_redaction_report_counts_kept_terms_by_reason():
    from privrag.keep import KeepSpan

    class KeepingDetector(RegexDetector):
        def _detect_with_keep_batch(self, texts):
            return [(self._detect(t), [KeepSpan(0, 7, "medication")]) for t in texts]

    out = Redactor(KeepingDetector()).protect("Aspirin for John Smith")
    assert out.receipt.counts["kept"] == {"medication": 1}
    assert "Aspirin" in out.text and "John Smith" not in out.text
