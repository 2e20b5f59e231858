"""32 concurrent SEAGLLM requests per entry point never mix; tables are released; failures are PrivacyErrors."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from llama_index.core.base.llms.types import ChatMessage, CompletionResponse, CompletionResponseGen

from privrag.seag import SEAG
from privrag.types import PrivacyError
from tests.llamaindex_privrag._recording import RecordingChatLLM
from tests.llamaindex_privrag.test_seag import RecordingLLM
from tests.seag._fakes import GazetteerDetector

NAMES = [f"Zed{chr(97 + i % 26)}{i}ko Vrel{chr(97 + (i * 7) % 26)}nd" for i in range(32)]


class _SpySEAG(SEAG):
    """The real SEAG; remembers every request so the test can check it was released."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.requests: list[Any] = []

    def prepare(self, texts, **kwargs):  # type: ignore[override]
        req = super().prepare(texts, **kwargs)
        self.requests.append(req)
        return req


def _llm(inner):
    from llamaindex_privrag import SEAGLLM

    # one fixed seed: every request draws the same aliases, so any shared state would
    # restore one request's answer with another's names
    return SEAGLLM(llm=inner, seag=_SpySEAG(GazetteerDetector([(n, "PERSON") for n in NAMES])), seed=1)


def _check(pairs: list[tuple[str, str]], inner, llm) -> None:
    assert len(pairs) == 32
    for name, text in pairs:
        assert text.endswith(f"Who is {name}?"), (name, text)
        assert sum(n in text for n in NAMES) == 1
    assert not any(n in p for p in inner.received for n in NAMES)
    assert llm.seag.requests and all(not r.table.entries for r in llm.seag.requests), "a table was not released"


@pytest.mark.parametrize("inner_cls", [RecordingLLM, RecordingChatLLM])
@pytest.mark.parametrize("entry", ["complete", "stream_complete", "chat", "stream_chat"])
def test_32_threads_never_restore_with_another_request_table(inner_cls, entry):
    inner = inner_cls()
    llm = _llm(inner)

    def one(name: str) -> tuple[str, str]:
        q = f"Who is {name}?"
        msgs = [ChatMessage(role="user", content=q)]
        if entry == "complete":
            return name, llm.complete(q).text
        if entry == "stream_complete":
            return name, "".join(r.delta or "" for r in llm.stream_complete(q))
        if entry == "chat":
            return name, llm.chat(msgs).message.content
        return name, list(llm.stream_chat(msgs))[-1].message.content

    with ThreadPoolExecutor(32) as pool:
        _check(list(pool.map(one, NAMES)), inner, llm)


@pytest.mark.parametrize("entry", ["acomplete", "astream_complete", "achat", "astream_chat"])
def test_32_async_requests_never_mix(entry):
    inner = RecordingChatLLM()
    llm = _llm(inner)

    async def one(name: str) -> tuple[str, str]:
        q = f"Who is {name}?"
        msgs = [ChatMessage(role="user", content=q)]
        if entry == "acomplete":
            return name, (await llm.acomplete(q)).text
        if entry == "astream_complete":
            return name, "".join([r.delta or "" async for r in await llm.astream_complete(q)])
        if entry == "achat":
            return name, (await llm.achat(msgs)).message.content
        return name, [r async for r in await llm.astream_chat(msgs)][-1].message.content

    async def run() -> list[tuple[str, str]]:
        return list(await asyncio.gather(*(one(n) for n in NAMES)))

    _check(asyncio.run(run()), inner, llm)


class _BreaksMidStream(RecordingLLM):
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        def gen() -> CompletionResponseGen:
            yield CompletionResponse(text="You", delta="You")
            raise ConnectionError("stream cut")

        return gen()


def test_failures_are_privacy_errors_with_their_cause_and_release_the_table():
    llm = _llm(RecordingChatLLM(fail=True))
    for call in (lambda: llm.complete(f"Who is {NAMES[0]}?"),
                 lambda: llm.chat([ChatMessage(role="user", content=f"Who is {NAMES[0]}?")]),
                 lambda: list(llm.stream_chat([ChatMessage(role="user", content=f"Who is {NAMES[0]}?")])),
                 lambda: asyncio.run(llm.achat([ChatMessage(role="user", content=f"Who is {NAMES[0]}?")]))):
        with pytest.raises(PrivacyError) as err:
            call()
        assert isinstance(err.value.__cause__, RuntimeError)
        assert NAMES[0] not in str(err.value)
    broken = _llm(_BreaksMidStream())
    with pytest.raises(PrivacyError) as err:
        list(broken.stream_complete(f"Who is {NAMES[1]}?"))
    assert isinstance(err.value.__cause__, ConnectionError)
    for spy in (llm.seag, broken.seag):
        assert spy.requests and all(not r.table.entries for r in spy.requests)
