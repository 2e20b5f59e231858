"""SEAG per request: joint tables, metadata, receipts, fail closed, isolation."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from privrag.seag import SEAG, ConversationStore
from privrag.types import PrivacyError
from tests.seag._fakes import BrokenDetector, GazetteerDetector, people_detector


def test_question_documents_and_system_prompt_share_one_table():
    seag = SEAG(people_detector(), seed=2)
    req = seag.request(
        "What did Mr Jordan say?",
        ["John Jordan lives in Ankara.", "Mr Jordan works for Acme Corp."],
        system_prompt="You answer questions about John Jordan.",
    )
    alias_surname = req.table.mapping["John Jordan"].split()[-1]
    assert alias_surname in req.question and alias_surname in req.documents[1] and alias_surname in req.system_prompt
    assert "Jordan" not in " ".join([req.question, *req.documents, req.system_prompt])
    assert req.restore(req.question) == "What did Mr Jordan say?"


def test_metadata_is_aliased_with_the_same_table():
    seag = SEAG(GazetteerDetector([("John Smith", "PERSON")]), seed=4, metadata_policy={"page": "keep"})
    req = seag.request("Who is John Smith?", ["Report."], metadatas=[{"source": "patients/john_smith.pdf", "page": 3,
                                                                      "author": "John Smith"}])
    md = req.metadatas[0]
    alias = req.table.mapping["John Smith"]
    assert md["author"] == alias and md["page"] == 3
    assert md["source"] == "patients/" + alias.replace(" ", "_") + ".pdf"


def test_nothing_is_added_to_the_texts():
    seag = SEAG(GazetteerDetector([]), seed=1)
    req = seag.prepare(["Plain question?", "Plain document."])
    assert req.aliased == ["Plain question?", "Plain document."]


def test_fail_closed_on_detector_error():
    with pytest.raises(PrivacyError):
        SEAG(BrokenDetector()).prepare(["John Jordan"])


def test_receipt_is_string_free():
    req = SEAG(people_detector(), seed=2).prepare(["John Jordan lives in Ankara."])
    receipt = repr(req.receipt.to_dict())
    for e in req.table.entries:
        # as words: a drawn alias may be a piece of a key ("Ali" in "FakerAliasGenerator")
        assert not re.search(rf"\b{re.escape(e.original)}\b", receipt)
        assert not re.search(rf"\b{re.escape(e.alias)}\b", receipt)
    assert req.receipt.mechanism == "seag" and req.receipt.epsilon is None


def test_concurrent_requests_never_mix_tables():
    names = [f"Person{chr(65 + i)}{chr(97 + i)}x Doe{i:02d}z" for i in range(16)]
    seag = SEAG(GazetteerDetector([(n, "PERSON") for n in names]))

    def one(name):
        req = seag.prepare([f"Tell me about {name}."])
        return name, req

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(one, names * 2))
    for name, req in results:
        assert set(req.table.originals) >= {name}
        assert all(n not in req.table.originals for n in names if n != name)
        assert req.restore(req.aliased[0]) == f"Tell me about {name}."


def test_async_prepare():
    req = asyncio.run(SEAG(people_detector(), seed=1).aprepare(["John Jordan"]))
    assert req.aliased[0] != "John Jordan"


def test_conversation_store_keeps_aliases_across_turns():
    store = ConversationStore(ConversationStore.generate_key())
    seag = SEAG(people_detector(), store=store)
    first = seag.prepare(["Who is John Jordan?"], conversation_id="c1")
    second = seag.prepare(["Where does John Jordan live? In Ankara?"], conversation_id="c1")
    other = seag.prepare(["Who is John Jordan?"], conversation_id="c2", seed=99)
    assert second.table.mapping["John Jordan"] == first.table.mapping["John Jordan"]
    assert "Ankara" in second.table.mapping
    assert other.table.mapping["John Jordan"] != first.table.mapping["John Jordan"]


class _KeepingDetector(GazetteerDetector):
    """A fake that also reports keep spans, as the default detector does."""

    def __init__(self, entries, keep_terms):
        super().__init__(entries)
        self.keep_terms = keep_terms

    def detect_with_keep_batch(self, texts):
        from privrag.keep import KeepSpan

        out = []
        for t in texts:
            keeps = [KeepSpan(t.index(k), t.index(k) + len(k), "procedure", k) for k in self.keep_terms if k in t]
            out.append((self._detect(t), keeps))
        return out


def test_a_keep_term_is_not_rewritten_by_a_row_for_another_mention_of_its_word():
    text = "Antenatal Booking Visit for Sinead Walsh. Plan: routine Antenatal anti-D at 28 weeks."
    det = _KeepingDetector([("Antenatal Booking Visit", "PERSON"), ("Sinead Walsh", "PERSON")],
                           ["routine Antenatal anti-D"])
    req = SEAG(det, seed=3).prepare([text])
    sent = req.aliased[0]
    assert "routine Antenatal anti-D" in sent and "Sinead" not in sent and "Booking Visit" not in sent
    assert req.alias(text) == sent and req.restore(sent) == text


def test_a_keep_span_that_a_detected_span_touches_is_still_aliased():
    text = "Call 07700 900123 for the routine clinic."
    det = _KeepingDetector([("07700 900123", "PHONE_NUMBER")], ["07700 900123 for the routine"])
    assert "07700" not in SEAG(det, seed=1).prepare([text]).aliased[0]
