"""What a tracer or callback handler on SEAGChatModel's run records (issue 19).

A real :class:`BaseTracer` (it builds LangChain's run tree, as LangSmith's
tracer does) and a handler that records every argument of every callback are
attached to the wrapper's calls. Under the default ``trace="aliased"`` they
hold no original; under ``"hidden"`` not even the aliases; ``"original"`` is
the opt-in that records the caller's side (checked so the instruments are
known to see originals when they are there).
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.tracers.base import BaseTracer
from langchain_core.tracers.schemas import Run

from langchain_privrag import SEAGChatModel
from langchain_privrag._seag_calls import HIDDEN
from privrag.seag import SEAG
from tests.langchain_privrag._scripted import ScriptedToolChat, message_text
from tests.seag._fakes import GazetteerDetector

NAME = "Brisa Tovey"
RAW = ["Brisa", "Tovey"]
MESSAGES = [SystemMessage(f"You help {NAME}'s lawyer."),
            HumanMessage(f"Look up '{NAME}' and summarise the file of {NAME}.", name=NAME)]
TOOL = {"name": "lookup", "description": "find a person",
        "parameters": {"type": "object", "properties": {"person": {"type": "string"}}}}


class RecordingTracer(BaseTracer):
    """Keeps every finished run tree."""

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[Run] = []

    def _persist_run(self, run: Run) -> None:
        self.runs.append(run)

    def dump(self) -> str:
        return json.dumps([r.model_dump() if hasattr(r, "model_dump") else r.dict() for r in self.runs],
                          default=repr, ensure_ascii=False)


class EverythingHandler(BaseCallbackHandler):
    """Records the arguments of every callback LangChain defines."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __getattribute__(self, attr: str) -> Any:
        if attr.startswith("on_") and callable(getattr(BaseCallbackHandler, attr, None)):
            seen = object.__getattribute__(self, "seen")
            return lambda *args, **kwargs: seen.append(repr((attr, args, kwargs)))
        return object.__getattribute__(self, attr)


def _run_all(model: SEAGChatModel, callbacks: list[Any]) -> None:
    config = {"callbacks": callbacks}
    model.invoke(MESSAGES, config=config)
    list(model.stream(MESSAGES, config=config))
    model.batch([MESSAGES, MESSAGES], config=config)
    bound = model.bind_tools([TOOL], tool_choice="lookup")
    assert bound.invoke(MESSAGES, config=config).tool_calls[0]["args"] == {"person": NAME}
    list(bound.stream(MESSAGES, config=config))

    async def run() -> None:
        await model.ainvoke(MESSAGES, config=config)
        async for _ in model.astream(MESSAGES, config=config):
            pass

    asyncio.run(run())


def _raw(text: str) -> list[str]:
    return [r for r in RAW if re.search(rf"(?<!\w){r}(?!\w)", text)]


@pytest.mark.parametrize("trace", ["aliased", "hidden", "original"])
def test_wrapper_run_records_only_what_trace_allows(trace: str) -> None:
    inner = ScriptedToolChat()
    model = SEAGChatModel(llm=inner, seag=SEAG(GazetteerDetector([(NAME, "PERSON"), ("Tovey", "PERSON")])),
                          trace=trace)
    tracer, handler = RecordingTracer(), EverythingHandler()
    _run_all(model, [tracer, handler])
    recorded = tracer.dump() + "\n".join(handler.seen)
    assert len(tracer.runs) == 8 and any("on_chat_model_start" in s for s in handler.seen)
    sent = [message_text(m) for batch in inner.received for m in batch]
    alias = re.search(r"Look up '([^']+)'", sent[1]).group(1)  # what NAME became
    if trace == "aliased":
        assert _raw(recorded) == [] and alias in recorded
    elif trace == "hidden":
        assert _raw(recorded) == [] and alias not in recorded and HIDDEN in recorded
    else:
        assert set(_raw(recorded)) == set(RAW)
    assert all(_raw(s) == [] for s in sent)  # the inner model never sees the original, in any mode


@pytest.mark.parametrize("trace", ["aliased", "hidden", "original"])
@pytest.mark.parametrize("output_version", ["v0", "v1"])
def test_the_caller_gets_restored_text_from_every_entry_point_in_every_mode(trace: str, output_version: str) -> None:
    seag = SEAG(GazetteerDetector([(NAME, "PERSON"), ("Tovey", "PERSON")]))
    model = SEAGChatModel(llm=ScriptedToolChat(), seag=seag, trace=trace, output_version=output_version)
    want = f"You said: Look up '{NAME}' and summarise the file of {NAME}."

    def merged(chunks: Any) -> Any:
        full = None
        for c in chunks:
            full = c if full is None else full + c
        return full

    assert model.invoke(MESSAGES).text == want
    full = merged(model.stream(MESSAGES))
    assert full.text == want and len(full.content_blocks) == 1
    assert merged(model.model_copy(update={"disable_streaming": True}).stream(MESSAGES)).text == want
    events = model.stream_events(MESSAGES, version="v3")
    list(events)
    assert events.output.text == want
    bound = model.bind_tools([TOOL], tool_choice="lookup")
    assert merged(bound.stream(MESSAGES)).tool_calls[0]["args"] == {"person": NAME}


def test_a_global_llm_cache_keeps_nothing_of_the_wrapper() -> None:
    from langchain_core.caches import InMemoryCache
    from langchain_core.globals import get_llm_cache, set_llm_cache

    cache, before = InMemoryCache(), get_llm_cache()
    set_llm_cache(cache)
    try:
        seag = SEAG(GazetteerDetector([(NAME, "PERSON")]))
        model = SEAGChatModel(llm=ScriptedToolChat(cache=False), seag=seag, trace="original")
        assert model.invoke(MESSAGES).text.endswith(f"{NAME}.")
        assert cache._cache == {}
    finally:
        set_llm_cache(before)
