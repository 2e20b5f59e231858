import asyncio

import pytest

from privrag.detect.base import MAX_TEXT_CHARS
from privrag.types import PrivacyError
from tests.fakes import BrokenDetector, OutOfRangeDetector, RegexDetector


def test_empty_and_whitespace_texts_give_no_spans():
    assert RegexDetector().detect_batch(["", "   \n"]) == [[], []]


def test_detector_exception_becomes_privacy_error():
    with pytest.raises(PrivacyError, match="broken"):
        BrokenDetector().detect("John Smith")


def test_span_outside_text_is_privacy_error():
    with pytest.raises(PrivacyError):
        OutOfRangeDetector().detect("abc")


def test_non_string_input_is_type_error():
    with pytest.raises(TypeError):
        RegexDetector().detect(None)  # type: ignore[arg-type]


def test_oversized_input_refused_not_truncated():
    class Huge(str):
        def __len__(self):
            return MAX_TEXT_CHARS + 1

    with pytest.raises(PrivacyError):
        RegexDetector().detect(Huge("x"))


def test_async_matches_sync():
    d = RegexDetector()
    text = "John Smith was born in 1961."
    assert asyncio.run(d.adetect(text)) == d.detect(text)
    assert asyncio.run(d.adetect_batch([text, ""])) == d.detect_batch([text, ""])


def test_subclass_must_implement_one_detection_method():
    from privrag.detect.base import BaseDetector

    with pytest.raises(TypeError):

        class Empty(BaseDetector):
            pass
