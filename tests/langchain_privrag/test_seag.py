"""SEAGChatModel and the LCEL pieces with a recording inner model.

The recording model (tests only) stores every message it receives and every
callback event its own handlers see; the tests prove no original entity
string ever reaches it, for invoke / ainvoke / stream / astream / batch,
for tool calls, and under 32 concurrent requests.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.output_parsers import StrOutputParser
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.prompts import ChatPromptTemplate
from pydantic import Field

from privrag.seag import SEAG
from privrag.types import PrivacyError
from tests.seag._fakes import BrokenDetector, GazetteerDetector

SECRETS = [("John Jordan", "PERSON"), ("Jordan", "PERSON"), ("Acme Corp", "ORG"), ("Ankara", "LOCATION"),
           ("john.jordan@acme.com", "EMAIL_ADDRESS")]
NAMES = [f"{first} {last}" for first, last in zip(
    ["Alvar", "Brisa", "Cosmin", "Delfa", "Evron", "Fenna", "Gideo", "Halvard"],
    ["Quist", "Ruell", "Sarto", "Tovey", "Ubald", "Vrana", "Wexby", "Yarrow"], strict=True)]
ORIGINALS = [s for s, _ in SECRETS] + NAMES + [n.split()[1] for n in NAMES]


def _leaks(text: str) -> list[str]:
    return [o for o in ORIGINALS if re.search(rf"(?<!\w){re.escape(o)}(?!\w)", text)]


def _text(messages: list[BaseMessage]) -> str:
    parts = []
    for m in messages:
        parts.append(m.content if isinstance(m.content, str) else json.dumps(m.content))
        for tc in getattr(m, "tool_calls", []) or []:
            parts.append(json.dumps(tc["args"]))
    return "\n".join(parts)


class Recorder(BaseCallbackHandler):
    """A handler on the *inner* model: what its traces would contain."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._lock = threading.Lock()

    def on_chat_model_start(self, serialized, messages, **kwargs: Any) -> None:
        with self._lock:
            self.seen.extend(_text(batch) for batch in messages)

    def on_llm_new_token(self, token: str, **kwargs: Any) -> None:
        with self._lock:
            self.seen.append(token)

    def on_llm_end(self, response, **kwargs: Any) -> None:
        with self._lock:
            self.seen.extend(g.text for gens in response.generations for g in gens)


class RecordingChat(BaseChatModel):
    """Echoes the last human message; streams it in 3-character chunks; can call a tool."""

    received: list[str] = Field(default_factory=list)
    tools_bound: bool = False

    @property
    def _llm_type(self) -> str:
        return "recording"

    def _answer(self, messages: list[BaseMessage]) -> str:
        self.received.append(_text(messages))
        last = next(m for m in reversed(messages) if isinstance(m, HumanMessage))
        return f"You asked: {last.content}"

    def _tool_call(self, answer: str) -> list[dict[str, Any]]:
        if not self.tools_bound:
            return []
        names = re.findall(r"[A-Z][a-z]+ [A-Z][a-z]+", answer)
        return [{"name": "lookup", "args": {"person": names[0] if names else ""}, "id": "call_1"}]

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        answer = self._answer(messages)
        msg = AIMessage(content=answer, tool_calls=self._tool_call(answer))
        return ChatResult(generations=[ChatGeneration(message=msg)])

    def _stream(self, messages, stop=None, run_manager=None, **kwargs) -> Iterator[ChatGenerationChunk]:
        answer = self._answer(messages)
        for i in range(0, len(answer), 3):
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=answer[i : i + 3]))
            if run_manager:
                run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk
        for tc in self._tool_call(answer):
            args = json.dumps(tc["args"])
            for i in range(0, len(args), 4):
                yield ChatGenerationChunk(message=AIMessageChunk(
                    content="", tool_call_chunks=[{"name": tc["name"] if i == 0 else None, "args": args[i : i + 4],
                                                   "id": tc["id"] if i == 0 else None, "index": 0}]))

    def bind_tools(self, tools, **kwargs):
        return self.model_copy(update={"tools_bound": True})


@pytest.fixture()
def seag():
    return SEAG(GazetteerDetector(SECRETS + [(n, "PERSON") for n in NAMES]))


@pytest.fixture()
def inner():
    rec = Recorder()
    return RecordingChat(callbacks=[rec]), rec


def _model(seag, inner_model):
    from langchain_privrag import SEAGChatModel

    return SEAGChatModel(llm=inner_model, seag=seag)


MESSAGES = [
    SystemMessage("You help the clerk of Acme Corp."),
    HumanMessage("Where does John Jordan live? Mr Jordan wrote from Ankara (john.jordan@acme.com)."),
]


def _assert_clean(inner_model, rec):
    assert inner_model.received, "inner model was not called"
    for seen in inner_model.received + rec.seen:
        assert not _leaks(seen), f"inner model saw {_leaks(seen)}"


def test_invoke_restores_and_inner_sees_only_aliases(seag, inner):
    model, rec = inner
    out = _model(seag, model).invoke(MESSAGES)
    assert out.content == "You asked: " + MESSAGES[1].content
    assert out.response_metadata["privrag"]["mechanism"] == "seag"
    _assert_clean(model, rec)


def test_ainvoke(seag, inner):
    model, rec = inner
    out = asyncio.run(_model(seag, model).ainvoke(MESSAGES))
    assert out.content.endswith(MESSAGES[1].content)
    _assert_clean(model, rec)


def test_stream_equals_invoke(seag, inner):
    model, rec = inner
    chunks = list(_model(seag, model).stream(MESSAGES))
    assert "".join(c.content for c in chunks) == "You asked: " + MESSAGES[1].content
    _assert_clean(model, rec)


def test_astream(seag, inner):
    model, rec = inner

    async def run():
        return [c async for c in _model(seag, model).astream(MESSAGES)]

    assert "".join(c.content for c in asyncio.run(run())).endswith(MESSAGES[1].content)
    _assert_clean(model, rec)


def test_batch_32_concurrent_requests_never_mix(seag, inner):
    model, rec = inner
    inputs = [f"Tell me about {NAMES[i % len(NAMES)]} (request {i})." for i in range(32)]
    outs = _model(seag, model).batch(inputs, config={"max_concurrency": 32})
    for text, out in zip(inputs, outs, strict=True):
        assert out.content == f"You asked: {text}"
    # each request's own originals never reach the model (another request's
    # name may legitimately be drawn as an alias: tables are independent)
    assert len(model.received) == 32
    for seen in model.received + rec.seen:
        i = int(re.search(r"request (\d+)", seen).group(1))
        name = NAMES[i % len(NAMES)]
        for original in (name, *name.split()):
            assert not re.search(rf"(?<!\w){original}(?!\w)", seen)


def test_tool_call_arguments_are_restored(seag, inner):
    model, rec = inner
    bound = _model(seag, model).bind_tools([{"name": "lookup", "description": "x", "parameters": {}}])
    out = bound.invoke("Look up John Jordan please.")
    assert out.tool_calls[0]["args"] == {"person": "John Jordan"}
    chunks = list(bound.stream("Look up John Jordan please."))
    merged = chunks[0]
    for c in chunks[1:]:
        merged = merged + c
    assert merged.tool_calls[0]["args"] == {"person": "John Jordan"}
    _assert_clean(model, rec)


def test_tool_history_is_aliased(seag, inner):
    model, rec = inner
    history = [
        HumanMessage("Find John Jordan."),
        AIMessage(content="", tool_calls=[{"name": "lookup", "args": {"person": "John Jordan"}, "id": "c1"}]),
        ToolMessage("John Jordan lives in Ankara.", tool_call_id="c1"),
        HumanMessage("And where does Mr Jordan work?"),
    ]
    out = _model(seag, model).invoke(history)
    assert out.content == "You asked: And where does Mr Jordan work?"
    _assert_clean(model, rec)


def test_fail_closed_before_the_inner_model(inner):
    from langchain_privrag import SEAGChatModel

    model, _ = inner
    with pytest.raises(PrivacyError):
        SEAGChatModel(llm=model, seag=SEAG(BrokenDetector())).invoke("John Jordan")
    assert model.received == []


# -- LCEL pieces ---------------------------------------------------------------------------

PROMPT = ChatPromptTemplate.from_messages([("system", "Context:\n{context}"), ("human", "{question}")])


def _format(inputs: dict[str, Any]) -> dict[str, Any]:
    docs = inputs["context"]
    return {"question": inputs["question"],
            "context": "\n".join(f"{d.page_content} [{d.metadata.get('author', '')}]" for d in docs)}


def _docs() -> list[Document]:
    return [Document(page_content="John Jordan works for Acme Corp in Ankara.",
                     metadata={"author": "Halvard Yarrow", "page": 2}),
            Document(page_content="Mr Jordan's e-mail is john.jordan@acme.com.", metadata={"page": 3})]


def _chain(seag, model):
    from langchain_core.runnables import RunnableLambda

    from langchain_privrag import SEAGAliasRunnable

    alias = SEAGAliasRunnable(seag)
    return alias | RunnableLambda(_format) | PROMPT | model | StrOutputParser() | alias.restorer()


def test_lcel_documents_metadata_and_question_share_one_table(seag, inner):
    model, rec = inner
    question = "What does Halvard Yarrow say about John Jordan?"
    out = _chain(seag, model).invoke({"question": question, "context": _docs()})
    assert out == f"You asked: {question}"
    _assert_clean(model, rec)
    assert "Yarrow" not in model.received[0] and "(page" not in model.received[0]


def test_lcel_stream_batch_and_async(seag, inner):
    model, rec = inner
    chain = _chain(seag, model)
    inputs = [{"question": f"Is {n} related to John Jordan?", "context": _docs()} for n in NAMES]
    assert "".join(chain.stream(inputs[0])) == f"You asked: {inputs[0]['question']}"
    outs = chain.batch(inputs, config={"max_concurrency": 8})
    assert outs == [f"You asked: {i['question']}" for i in inputs]

    async def run():
        got = await asyncio.gather(*(chain.ainvoke(i) for i in inputs))
        streamed = "".join([c async for c in chain.astream(inputs[1])])
        return got, streamed

    got, streamed = asyncio.run(run())
    assert got == outs and streamed == outs[1]
    _assert_clean(model, rec)


def test_lcel_standalone_alias_step_is_refused(seag, inner):
    """Outside a sequence two requests in one thread could not be told apart (issue 19): refused."""
    from langchain_privrag import SEAGAliasRunnable

    model, _ = inner
    alias = SEAGAliasRunnable(seag)
    with pytest.raises(PrivacyError, match="inside a sequence"):
        alias.invoke("Where is John Jordan?")
    with pytest.raises(PrivacyError, match="inside a sequence"):
        asyncio.run(alias.ainvoke("Where is John Jordan?"))
    with pytest.raises(PrivacyError, match="inside a sequence"):
        alias.restorer().invoke("again")
    assert alias.pending() == 0 and model.received == []
