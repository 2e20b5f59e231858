"""SEAGLLM's own events hold no original by default, and node metadata gets the metadata policy (issue 19)."""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.callbacks import CallbackManager, LlamaDebugHandler
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.instrumentation import get_dispatcher
from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.instrumentation.span_handlers import BaseSpanHandler

from llamaindex_privrag._seag_call import HIDDEN
from privrag.seag import SEAG
from tests.llamaindex_privrag._recording import RecordingChatLLM
from tests.llamaindex_privrag.test_seag import RecordingLLM
from tests.seag._fakes import GazetteerDetector

NAMES = ["John Smith", "Acme Corp", "Ankara"]
DETECTOR = [("John Smith", "PERSON"), ("Acme Corp", "ORG"), ("Ankara", "LOCATION")]


def _leaks(text: str) -> list[str]:
    flat = re.sub(r"[_\-]+", " ", text).lower()
    return [n for n in NAMES if n.lower() in flat]


class _Events(BaseEventHandler):
    seen: ClassVar[list[tuple[Any, str]]] = []

    @classmethod
    def class_name(cls) -> str:
        return "privrag_test_events"

    def handle(self, event: Any, **kwargs: Any) -> None:
        self.seen.append((event.span_id, repr(event.model_dump())))


class _Spans(BaseSpanHandler):
    seen: ClassVar[list[str]] = []
    ids: ClassVar[set[str]] = set()

    @classmethod
    def class_name(cls) -> str:
        return "privrag_test_spans"

    def new_span(self, id_: str, bound_args: Any, instance: Any = None, parent_span_id: Any = None,
                 tags: Any = None, **kwargs: Any) -> None:
        if type(instance).__name__ == "SEAGLLM":
            self.ids.add(id_)
            self.seen.append(repr(bound_args.arguments))

    def prepare_to_exit_span(self, *args: Any, **kwargs: Any) -> None:
        return None

    def prepare_to_drop_span(self, *args: Any, **kwargs: Any) -> None:
        return None


@pytest.fixture()
def recorders():
    root = get_dispatcher()
    _Events.seen, _Spans.seen, _Spans.ids = [], [], set()
    events, spans = _Events(), _Spans()
    root.add_event_handler(events)
    root.add_span_handler(spans)
    yield events, spans
    root.event_handlers.remove(events)
    root.span_handlers.remove(spans)


def _llm(inner, **kw):
    from llamaindex_privrag import SEAGLLM

    debug = LlamaDebugHandler()
    llm = SEAGLLM(llm=inner, seag=SEAG(GazetteerDetector(DETECTOR), metadata_policy=kw.pop("policy", None)),
                  callback_manager=CallbackManager([debug]), **kw)
    return llm, debug


def _exercise(llm) -> list[str]:
    q = "Where does John Smith of Acme Corp live? Ankara?"
    msgs = [ChatMessage(role="user", content=q)]
    outs = [llm.complete(q).text, "".join(r.delta for r in llm.stream_complete(q)), llm.chat(msgs).message.content,
            list(llm.stream_chat(msgs))[-1].message.content]

    async def run() -> list[str]:
        return [(await llm.acomplete(q)).text, (await llm.achat(msgs)).message.content,
                [r async for r in await llm.astream_complete(q)][-1].text,
                [r async for r in await llm.astream_chat(msgs)][-1].message.content]

    return outs + asyncio.run(run())


def _payloads(debug) -> list[str]:
    return [repr(e.payload) for e in debug.get_events()]


@pytest.mark.parametrize("inner_cls", [RecordingLLM, RecordingChatLLM])
def test_default_trace_records_only_aliases_in_callbacks_events_and_spans(inner_cls, recorders):
    events, spans = recorders
    llm, debug = _llm(inner_cls())
    for out in _exercise(llm):
        assert out.endswith("Where does John Smith of Acme Corp live? Ankara?")
    seag_events = [e for sid, e in events.seen if sid in spans.ids]
    assert seag_events and _payloads(debug) and spans.seen
    for record in [*seag_events, *_payloads(debug), *spans.seen]:
        assert not _leaks(record), _leaks(record)


def test_predict_through_a_query_engine_records_no_original(recorders):
    events, spans = recorders
    inner = RecordingChatLLM()
    llm, debug = _llm(inner)
    docs = [Document(text="John Smith works for Acme Corp in Ankara.")]
    engine = VectorStoreIndex.from_documents(docs, embed_model=MockEmbedding(embed_dim=8)).as_query_engine(llm=llm)
    assert str(engine.query("Where does John Smith work?")) == "You asked: Where does John Smith work?"
    assert not any(_leaks(r) for r in inner.received)
    for record in [*_payloads(debug), *spans.seen]:
        assert not _leaks(record), _leaks(record)


def test_hidden_shows_placeholders_and_original_shows_the_caller_text():
    llm, debug = _llm(RecordingLLM(), trace="hidden")
    llm.complete("Is John Smith in Ankara?")
    assert HIDDEN in " ".join(_payloads(debug)) and not any(_leaks(p) for p in _payloads(debug))
    llm, debug = _llm(RecordingLLM(), trace="original")
    llm.complete("Is John Smith in Ankara?")
    assert any("John Smith" in p for p in _payloads(debug))


def test_unknown_trace_mode_is_refused():
    from llamaindex_privrag import SEAGLLM
    from privrag.types import PrivacyError

    with pytest.raises((PrivacyError, ValueError)):
        SEAGLLM(llm=RecordingLLM(), seag=SEAG(GazetteerDetector(DETECTOR)), trace="everything")


def test_node_metadata_gets_the_policy_when_the_index_is_not_protected():
    inner = RecordingLLM()
    llm, _ = _llm(inner, policy={"reviewer": "drop"})
    docs = [Document(text="The referral was accepted on Monday.",
                     metadata={"file_name": "john_smith_referral.pdf", "file_path": "/data/patients/john_smith_referral.pdf",
                               "file_type": "application/pdf", "reviewer": "Dr Who", "author": "Acme Corp"})]
    engine = VectorStoreIndex.from_documents(docs, embed_model=MockEmbedding(embed_dim=8)).as_query_engine(llm=llm)
    engine.query("When was the referral accepted?")
    prompt = inner.received[-1]
    assert "file_name: " in prompt and "file_path: /data/patients/" in prompt
    assert not _leaks(prompt), _leaks(prompt)
    assert "file_type: application/pdf" in prompt  # describes the file: kept
    assert "reviewer" not in prompt and "Dr Who" not in prompt  # dropped by the caller's policy
    assert re.search(r"file_name: \w+_\w+_Referral\.pdf", prompt)


class _JsonLLM(RecordingLLM):
    """Answers the JSON object a structured-output program asks for, with the name it was sent."""

    def _answer(self, prompt: str) -> str:
        with self.lock:
            self.received.append(prompt)
        m = re.search(r"Person: (.*)", prompt)
        return '{"name": "%s"}' % (m.group(1).strip() if m else "")


def test_structured_predict_restores_the_object_and_records_no_original(recorders):
    from llama_index.core.prompts import PromptTemplate
    from pydantic import BaseModel

    class Who(BaseModel):
        name: str

    events, spans = recorders
    inner = _JsonLLM()
    llm, debug = _llm(inner)
    prompt = PromptTemplate("Person: {person}\nReturn the person's name as JSON.")
    assert llm.structured_predict(Who, prompt, person="John Smith").name == "John Smith"
    assert asyncio.run(llm.astructured_predict(Who, prompt, person="John Smith")).name == "John Smith"
    assert not any(_leaks(r) for r in inner.received)
    seag_events = [e for sid, e in events.seen if sid in spans.ids]
    for record in [*seag_events, *_payloads(debug), *spans.seen]:
        assert not _leaks(record), _leaks(record)
