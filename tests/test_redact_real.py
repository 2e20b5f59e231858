"""Redaction with the real default detector on bad inputs."""

import time

import pytest

from privrag.redact import Redactor

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def redactor(default_detector):
    return Redactor(default_detector)


def test_one_megabyte_document_is_fully_scanned(redactor):
    para = "The hearing was adjourned and the parties filed further observations on the merits. "
    text = para * (1_000_000 // len(para) + 1) + "The decision was notified to Mr John Smith."
    assert len(text) >= 1_000_000
    t = time.perf_counter()
    res = redactor.protect(text)
    assert "John Smith" not in res.text
    assert res.text.startswith(para)
    print(f"1 MB redacted in {time.perf_counter() - t:.1f} s")


def test_non_english_text_gives_a_correct_result(redactor):
    text = "Frau Anna Müller wohnt in der Goethestraße 12 in München. 田中さんは東京に住んでいます。"
    res = redactor.protect(text)
    for s in res.masked_spans:
        assert text[s.start : s.end] == s.text


def test_entity_free_and_empty_documents(redactor):
    assert redactor.protect("").text == ""
    plain = "The weather was mild and the meeting ended early."
    assert redactor.protect(plain).text == plain
