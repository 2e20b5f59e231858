"""SEAGLLM with a recording inner LLM: chat, complete, streams, async, query engine."""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any

import pytest
from llama_index.core.base.llms.types import (
    ChatMessage,
    CompletionResponse,
    CompletionResponseGen,
    LLMMetadata,
)
from llama_index.core.callbacks import CallbackManager, LlamaDebugHandler
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.callbacks import llm_completion_callback
from pydantic import Field

from privrag.seag import SEAG
from privrag.types import PrivacyError
from tests.seag._fakes import BrokenDetector, GazetteerDetector

SECRETS = [("John Jordan", "PERSON"), ("Mr Jordan", "PERSON"), ("Jordan", "PERSON"), ("Acme Corp", "ORG"),
           ("Ankara", "LOCATION"), ("Halvard Yarrow", "PERSON")]
ORIGINALS = ["John Jordan", "Jordan", "Acme Corp", "Ankara", "Halvard Yarrow", "Yarrow"]


def _leaks(text: str) -> list[str]:
    return [o for o in ORIGINALS if re.search(rf"(?<!\w){re.escape(o)}(?!\w)", text)]


class RecordingLLM(CustomLLM):
    """Answers "You asked: <last line or Query: line>", streaming 3 characters at a time."""

    received: list[str] = Field(default_factory=list)
    lock: Any = Field(default_factory=threading.Lock, exclude=True)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="recording")

    def _answer(self, prompt: str) -> str:
        with self.lock:
            self.received.append(prompt)
        m = re.search(r"Query: (.*)", prompt)
        lines = [ln for ln in prompt.strip().splitlines() if ln.strip() and ln.strip() != "assistant:"]
        return "You asked: " + (m.group(1) if m else lines[-1])

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._answer(prompt))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        answer = self._answer(prompt)

        def gen() -> CompletionResponseGen:
            for i in range(0, len(answer), 3):
                yield CompletionResponse(text=answer[: i + 3], delta=answer[i : i + 3])

        return gen()


@pytest.fixture()
def parts():
    debug = LlamaDebugHandler()
    inner = RecordingLLM(callback_manager=CallbackManager([debug]))
    return inner, debug


def _llm(inner, detector=None):
    from llamaindex_privrag import SEAGLLM

    return SEAGLLM(llm=inner, seag=SEAG(detector or GazetteerDetector(SECRETS)))


QUESTION = "Where does John Jordan of Acme Corp live? Mr Jordan said Ankara."


def _assert_clean(inner, debug):
    assert inner.received
    for prompt in inner.received:
        assert not _leaks(prompt), _leaks(prompt)
    for event in debug.get_events():
        assert not _leaks(repr(event.payload)), "inner callback saw an original"


def test_complete_and_stream_complete(parts):
    inner, debug = parts
    llm = _llm(inner)
    assert llm.complete(QUESTION).text == f"You asked: {QUESTION}"
    deltas = [r.delta for r in llm.stream_complete(QUESTION)]
    assert "".join(deltas) == f"You asked: {QUESTION}"
    _assert_clean(inner, debug)


def test_chat_and_stream_chat(parts):
    inner, debug = parts
    llm = _llm(inner)
    messages = [ChatMessage(role="system", content="Clerk of Acme Corp."), ChatMessage(role="user", content=QUESTION)]
    assert llm.chat(messages).message.content.endswith(QUESTION)
    responses = list(llm.stream_chat(messages))
    assert responses[-1].message.content.endswith(QUESTION)
    _assert_clean(inner, debug)


def test_async_variants(parts):
    inner, debug = parts
    llm = _llm(inner)
    messages = [ChatMessage(role="user", content=QUESTION)]

    async def run():
        a = await llm.acomplete(QUESTION)
        b = await llm.achat(messages)
        c = "".join([r.delta async for r in await llm.astream_complete(QUESTION)])
        d = [r async for r in await llm.astream_chat(messages)][-1]
        return a.text, b.message.content, c, d.message.content

    for out in asyncio.run(run()):
        assert out.endswith(QUESTION)
    _assert_clean(inner, debug)


def test_query_engine_nodes_and_question_share_one_table(parts):
    from llama_index.core import Document, VectorStoreIndex
    from llama_index.core.embeddings import MockEmbedding

    inner, debug = parts
    llm = _llm(inner)
    docs = [Document(text="John Jordan works for Acme Corp in Ankara.", metadata={"author": "Halvard Yarrow"}),
            Document(text="Mr Jordan moved in 2001.", metadata={"author": "Halvard Yarrow"})]
    index = VectorStoreIndex.from_documents(docs, embed_model=MockEmbedding(embed_dim=8))
    engine = index.as_query_engine(llm=llm, similarity_top_k=2)
    question = "Where does John Jordan work?"
    assert str(engine.query(question)) == f"You asked: {question}"
    _assert_clean(inner, debug)
    prompt = inner.received[-1]
    assert "author:" in prompt  # node metadata was sent — aliased


def test_concurrent_requests_never_mix(parts):
    from concurrent.futures import ThreadPoolExecutor

    inner, _ = parts
    names = [f"Zed{chr(97 + i)}ko Vrel{chr(97 + i)}nd" for i in range(16)]
    llm = _llm(inner, GazetteerDetector([(n, "PERSON") for n in names]))
    with ThreadPoolExecutor(8) as pool:
        outs = list(pool.map(lambda n: (n, llm.complete(f"Who is {n}?").text), names * 2))
    for name, text in outs:
        assert text == f"You asked: Who is {name}?"
    for prompt in inner.received:
        assert sum(n in prompt for n in names) == 0


def test_fail_closed(parts):
    inner, _ = parts
    with pytest.raises(PrivacyError):
        _llm(inner, BrokenDetector()).complete(QUESTION)
    assert inner.received == []
