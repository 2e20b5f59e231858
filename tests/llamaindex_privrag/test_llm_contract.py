"""SEAGLLM and both PAD LLMs against the LlamaIndex ``LLM`` contract the query engines use (issue 20):
chat, complete, their streams and async forms, ``metadata``, ``class_name()``, one callback event
per call, and a real query engine (VectorStoreIndex over MiniLM) in sync, streaming and async mode."""

from __future__ import annotations

import asyncio

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    LLMMetadata,
)
from llama_index.core.callbacks import CallbackManager, CBEventType, LlamaDebugHandler
from llama_index.core.llms import LLM

from privrag.seag import SEAG
from tests.llamaindex_privrag._recording import RecordingChatLLM
from tests.llamaindex_privrag.test_seag import RecordingLLM
from tests.seag._fakes import GazetteerDetector

pytestmark = pytest.mark.integration

PROMPT = "Context:\nLena Fox works at Lund Bank.\n\nWhere does Lena Fox work?"


def _seag(inner: LLM) -> LLM:
    from llamaindex_privrag import SEAGLLM

    return SEAGLLM(llm=inner, seag=SEAG(GazetteerDetector([("Lena Fox", "PERSON"), ("Lund Bank", "ORG")])))


@pytest.fixture(scope="module")
def pad_llm():
    from llamaindex_privrag import PADHuggingFaceLLM

    return PADHuggingFaceLLM(seed=5, max_new_tokens=6)


@pytest.fixture(scope="module")
def embed():
    from llamaindex_privrag import PrivragEmbedding

    return PrivragEmbedding()


@pytest.fixture(params=["seag-completion", "seag-chat", "pad"])
def llm(request, pad_llm):
    if request.param == "pad":
        return pad_llm
    return _seag(RecordingLLM() if request.param == "seag-completion" else RecordingChatLLM())


def _llm_events(debug: LlamaDebugHandler) -> int:
    return len(debug.get_event_pairs(CBEventType.LLM))


def test_metadata_and_class_name(llm):
    assert isinstance(llm, LLM)
    meta = llm.metadata
    assert isinstance(meta, LLMMetadata)
    assert meta.context_window > 0 and meta.num_output > 0 and isinstance(meta.is_chat_model, bool)
    assert isinstance(meta.model_name, str) and meta.model_name
    name = type(llm).class_name()
    assert name and name not in ("base_component", "custom_llm")
    assert llm.to_dict()["class_name"] == name


def test_sync_entry_points_agree_and_emit_one_llm_event_each(llm):
    debug = LlamaDebugHandler()
    llm.callback_manager = CallbackManager([debug])
    full = llm.complete(PROMPT)
    assert isinstance(full, CompletionResponse) and full.text
    assert _llm_events(debug) == 1
    streamed = list(llm.stream_complete(PROMPT))
    assert all(isinstance(r, CompletionResponse) for r in streamed)
    assert "".join(r.delta or "" for r in streamed) == streamed[-1].text == full.text
    messages = [ChatMessage(role="user", content=PROMPT)]
    chat = llm.chat(messages)
    assert isinstance(chat, ChatResponse) and chat.message.role == "assistant" and chat.message.content
    chats = list(llm.stream_chat(messages))
    assert "".join(r.delta or "" for r in chats) == chats[-1].message.content == chat.message.content
    assert _llm_events(debug) == 4


def test_async_entry_points_match_the_sync_ones(llm):
    messages = [ChatMessage(role="user", content=PROMPT)]
    full, chat = llm.complete(PROMPT).text, llm.chat(messages).message.content

    async def run() -> tuple[str, str, str, str]:
        a = (await llm.acomplete(PROMPT)).text
        b = [r async for r in await llm.astream_complete(PROMPT)][-1].text
        c = (await llm.achat(messages)).message.content
        d = [r async for r in await llm.astream_chat(messages)][-1].message.content
        return a, b, c, d

    a, b, c, d = asyncio.run(run())
    assert a == b == full and c == d == chat


def test_pad_async_calls_leave_the_event_loop_free(pad_llm):
    async def run() -> int:
        ticks = 0
        stop = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not stop.is_set():
                ticks += 1
                await asyncio.sleep(0.005)

        task = asyncio.create_task(ticker())
        await pad_llm.achat([ChatMessage(role="user", content=PROMPT)])
        [r async for r in await pad_llm.astream_complete(PROMPT)]
        stop.set()
        await task
        return ticks

    assert asyncio.run(run()) >= 4


@pytest.mark.parametrize("which", ["seag-chat", "pad"])
def test_a_real_query_engine_over_minilm_uses_them(which, pad_llm, embed):
    llm = pad_llm if which == "pad" else _seag(RecordingChatLLM())
    docs = [Document(text="Lena Fox works at Lund Bank in Malmö."), Document(text="The bank opened in 1901.")]
    index = VectorStoreIndex.from_documents(docs, embed_model=embed)
    answer = index.as_query_engine(llm=llm, similarity_top_k=1).query("Where does Lena Fox work?")
    assert str(answer).strip() and answer.source_nodes[0].node.get_content().startswith("Lena Fox")
    streaming = index.as_query_engine(llm=llm, similarity_top_k=1, streaming=True).query("Where does Lena Fox work?")
    assert "".join(streaming.response_gen) == str(answer)

    async def run() -> str:
        return str(await index.as_query_engine(llm=llm, similarity_top_k=1).aquery("Where does Lena Fox work?"))

    assert asyncio.run(run()) == str(answer)
    if which == "seag-chat":
        assert str(answer) == "You asked: Where does Lena Fox work?"
