"""SEAG on the real default detector (Presidio on the packaged spaCy model today)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.integration

NOTE = (
    "Clinical note, 14 March 2024. Patient John Smith, born 12 March 1961, was seen by Dr. Maria Lopez "
    "in Leeds for chest pain. Mr Smith was started on aspirin. Contact: john.smith@example.com, "
    "0113 496 0782. The invoice of GBP 4,200 was sent to Elmwood Clinic."
)
QUESTION = "What was John Smith started on, and who saw him?"
SECRETS = ["John Smith", "Smith", "Maria Lopez", "john.smith@example.com", "0113 496 0782", "12 March 1961"]


@pytest.fixture(scope="module")
def seag(default_detector):
    from privrag.seag import SEAG

    return SEAG(default_detector, seed=3)


def test_real_detector_hides_and_round_trips(seag):
    req = seag.request(QUESTION, [NOTE])
    sent = req.question + "\n" + req.documents[0]
    for secret in SECRETS:
        assert not re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", sent), f"{secret!r} reached the generator"
    assert req.restore(req.question) == QUESTION and req.restore(req.documents[0]) == NOTE
    assert "aspirin" in sent and "chest pain" in sent  # what is not identifying stays
    assert "GBP 4,200" in sent  # an invoice's amount is a keep term: not scaled


def test_a_salary_is_still_aliased(seag):
    note = "Offer letter for Ruth Okafor: a salary of GBP 48,200 from May."
    req = seag.request("What is the salary?", [note])
    assert "48,200" not in req.documents[0] and req.restore(req.documents[0]) == note


def test_answer_restored_when_streamed_in_tiny_chunks(seag):
    req = seag.request(QUESTION, [NOTE])
    alias = req.table.mapping["John Smith"]
    answer = f"{alias} was started on aspirin; {alias.upper()} was seen in Leeds."
    s = req.streaming_restorer()
    out = "".join(s.feed(ch) for ch in answer) + s.flush()
    assert out == req.restore(answer)
    assert "John Smith was started on aspirin" in out and "JOHN SMITH" in out


def test_chat_model_wrapper_with_real_detector(seag):
    from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
    from langchain_core.messages import AIMessage

    from langchain_privrag import SEAGChatModel

    class Recording(FakeMessagesListChatModel):
        seen: list = []

        def _generate(self, messages, stop=None, run_manager=None, **kwargs):
            self.seen.append(" ".join(str(m.content) for m in messages))
            return super()._generate(messages, stop, run_manager, **kwargs)

    req = seag.request(QUESTION, [NOTE])
    inner = Recording(responses=[AIMessage(content=f"{req.table.mapping['John Smith']} got aspirin.")])
    model = SEAGChatModel(llm=inner, seag=seag)
    out = model.invoke(f"{NOTE}\n\n{QUESTION}")
    assert "John Smith" not in inner.seen[0] and "Maria Lopez" not in inner.seen[0]
    assert out.content.endswith("got aspirin.")


def test_llm_alias_generator_with_the_local_smollm2(default_detector):
    """A 135M model rarely writes a valid table; whatever it writes, the request succeeds."""
    from privrag.models import load_causal_lm
    from privrag.seag import SEAG, LLMAliasGenerator

    gen = LLMAliasGenerator(load_causal_lm(), max_new_tokens=48, max_chars=400)
    req = SEAG(default_detector, generator=gen, seed=1).request(QUESTION, [NOTE])
    assert gen.last_raw is not None
    assert "John Smith" not in req.question + req.documents[0]
    assert req.restore(req.documents[0]) == NOTE


@pytest.mark.parametrize(
    ("batch", "doc_id"),
    [("s31b", "fresh5_w4"), ("s31b", "fresh5_w5"), ("s32a", "fresh7_c4"), ("s32a", "fresh7_c6")],
)
def test_documents_in_french_spanish_and_hinglish_are_sent_aliased(seag, batch, doc_id):
    """The English models read runs of French and Spanish function words as people ("il lui aurait"), of
    Hinglish ones ("ke baad") and of English prose ("heater cord across the lounge doorway"); the leak check
    then found every other "il", "ke" or "Lounge" of the text, and SEAG refused to send it at all."""
    from pathlib import Path

    from privrag.eval.datasets import load_domains

    data = Path(__file__).resolve().parents[1] / "data" / f"domains_fresh_{batch}.jsonl"
    doc = next(d for d in load_domains(data) if d.id == doc_id)
    req = seag.request("Summarise this document.", [doc.text])
    sent = req.documents[0]
    assert req.restore(sent) == doc.text
    direct = [p.text for p in doc.protect if p.identifier == "DIRECT"]
    assert len(direct) > 5
    assert [p for p in direct if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", sent)] == []
