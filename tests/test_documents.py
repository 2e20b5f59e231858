import asyncio

import pytest

from privrag.documents import aprotect_records, protect_records
from privrag.metadata import PRIVRAG_KEY, MetadataPolicy
from privrag.redact import Redactor
from privrag.types import PrivacyError
from tests.fakes import BrokenDetector, RegexDetector


def test_records_protect_text_and_metadata_and_add_string_free_report():
    recs = protect_records(
        Redactor(RegexDetector()), ["John Smith, 1961"], [{"author": "John Smith", "page": 1}], MetadataPolicy()
    )
    r = recs[0]
    assert r.text == "A person, a date"
    assert r.metadata["author"] == "A person" and r.metadata["page"] == 1
    report = r.metadata[PRIVRAG_KEY]
    assert report["mechanism"] == "redact" and report["masked_mentions"] == 2
    assert "John" not in repr(report)


def test_async_records_match_sync():
    args = (Redactor(RegexDetector()), ["John Smith"], [None], MetadataPolicy())
    assert asyncio.run(aprotect_records(*args))[0].text == protect_records(*args)[0].text


def test_non_text_content_and_failures_raise_privacy_error():
    with pytest.raises(PrivacyError):
        protect_records(Redactor(RegexDetector()), [b"bytes"], [None], MetadataPolicy())  # type: ignore[list-item]
    with pytest.raises(PrivacyError):
        protect_records(Redactor(BrokenDetector()), ["John Smith"], [None], MetadataPolicy())


def test_length_mismatch():
    with pytest.raises(ValueError):
        protect_records(Redactor(RegexDetector()), ["a", "b"], [None], MetadataPolicy())


def test_metadata_of_a_whole_batch_goes_through_the_protector_in_one_call():
    class Counting(Redactor):
        calls: list[int] = []

        def protect_batch(self, texts):
            self.calls.append(len(texts))
            return super().protect_batch(texts)

    meta = Counting(RegexDetector())
    mds = [{"author": "John Smith", "source": "patients/john_smith.pdf", "tags": ["Anna Weber"]},
           {"author": "John Smith", "page": 2}]
    recs = protect_records(Redactor(RegexDetector()), ["a", "b"], mds, MetadataPolicy(), metadata_protector=meta)
    assert len(meta.calls) == 1  # one batch, repeated strings once
    assert recs[0].metadata["author"] == recs[1].metadata["author"] == "A person"
    assert recs[0].metadata["source"] == "patients/A_person.pdf"
    assert recs[0].metadata["tags"] == ["A person"] and recs[1].metadata["page"] == 2
