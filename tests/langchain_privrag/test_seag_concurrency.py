"""Requests never share state, and a failed request leaves no table behind (issue 19).

32 concurrent requests with 32 different names go through every entry point:
SEAGChatModel's invoke, ainvoke, batch, abatch, stream, astream and the LCEL
pair ``alias | … | restore`` (invoke, ainvoke, batch, abatch, stream,
astream). Every table is drawn with the same seed, so every request's name gets
the same alias: an answer restored with another request's table would show
that request's real name. The count of such cross-request restores must be 0.
"""

from __future__ import annotations

import asyncio
import gc
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from langchain_core.output_parsers import StrOutputParser

from langchain_privrag import SEAGAliasRunnable, SEAGChatModel
from langchain_privrag._seag_calls import open_calls
from privrag.seag import SEAG
from privrag.seag.table import AliasEntry
from privrag.types import PrivacyError
from tests.langchain_privrag._scripted import ScriptedToolChat, message_text
from tests.seag._fakes import BrokenDetector, GazetteerDetector

FIRST = ["Alvar", "Brisa", "Cosmin", "Delfa", "Evron", "Fenna", "Gideo", "Halvard"]
LAST = ["Quist", "Ruell", "Sarto", "Tovey"]
NAMES = [f"{f} {last}" for last in LAST for f in FIRST]  # 32 distinct people
PROMPTS = [f"Tell me about {name} (request {i})." for i, name in enumerate(NAMES)]
EXPECTED = [f"You said: {p}" for p in PROMPTS]
N = len(PROMPTS)


@pytest.fixture()
def seag() -> SEAG:
    return SEAG(GazetteerDetector([(n, "PERSON") for n in NAMES]))


def _cross(outs: list[str]) -> int:
    """Answers not restored to their own request's text (another table's originals, or aliases)."""
    assert len(outs) == N
    return sum(out != want for out, want in zip(outs, EXPECTED, strict=True))


def _raw_sent(inner: ScriptedToolChat) -> int:
    """Requests whose own name reached the inner model."""
    bad = 0
    for messages in inner.received:
        text = " ".join(message_text(m) for m in messages)
        i = int(re.search(r"request (\d+)", text).group(1))
        bad += bool(re.search(rf"(?<!\w){NAMES[i]}(?!\w)", text))
    return bad


def _threads(fn: Callable[[str], str]) -> list[str]:
    with ThreadPoolExecutor(N) as pool:
        return list(pool.map(fn, PROMPTS))


def _gather(fn: Callable[[str], Any]) -> list[str]:
    async def run() -> list[str]:
        return list(await asyncio.gather(*(fn(p) for p in PROMPTS)))

    return asyncio.run(run())


async def _ajoin(stream: Any) -> str:
    return "".join([c if isinstance(c, str) else c.content async for c in stream])


def chat_entry_points(model: SEAGChatModel) -> dict[str, Callable[[], list[str]]]:
    return {
        "invoke": lambda: _threads(lambda p: model.invoke(p).content),
        "ainvoke": lambda: _gather(lambda p: _content(model.ainvoke(p))),
        "batch": lambda: [m.content for m in model.batch(PROMPTS, config={"max_concurrency": N})],
        "abatch": lambda: [m.content for m in asyncio.run(model.abatch(PROMPTS, config={"max_concurrency": N}))],
        "stream": lambda: _threads(lambda p: "".join(c.content for c in model.stream(p))),
        "astream": lambda: _gather(lambda p: _ajoin(model.astream(p))),
    }


async def _content(coro: Any) -> str:
    return (await coro).content


def lcel_entry_points(chain: Any) -> dict[str, Callable[[], list[str]]]:
    return {
        "lcel.invoke": lambda: _threads(chain.invoke),
        "lcel.ainvoke": lambda: _gather(chain.ainvoke),
        "lcel.batch": lambda: chain.batch(PROMPTS, config={"max_concurrency": N}),
        "lcel.abatch": lambda: asyncio.run(chain.abatch(PROMPTS, config={"max_concurrency": N})),
        "lcel.stream": lambda: _threads(lambda p: "".join(chain.stream(p))),
        "lcel.astream": lambda: _gather(lambda p: _ajoin(chain.astream(p))),
    }


def test_32_concurrent_requests_per_entry_point_never_mix(seag: SEAG) -> None:
    inner = ScriptedToolChat()
    model = SEAGChatModel(llm=inner, seag=seag, seed=1)
    alias = SEAGAliasRunnable(seag, seed=1)
    chain = alias | (lambda q: [("human", q)]) | inner | StrOutputParser() | alias.restorer()
    results = {}
    for name, run in {**chat_entry_points(model), **lcel_entry_points(chain)}.items():
        before = len(inner.received)
        results[name] = (_cross(run()), len(inner.received) - before)
    assert results == {name: (0, N) for name in results}, results
    assert _raw_sent(inner) == 0
    assert open_calls() == 0 and alias.pending() == 0


class _Failing(ScriptedToolChat):
    def _generate(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("provider down")

    def _stream(self, *args: Any, **kwargs: Any) -> Any:
        yield from super()._stream(*args, **kwargs)
        raise RuntimeError("connection reset")


def _tables_holding(name: str) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is AliasEntry and name in o.original)


def test_failures_are_privacy_errors_and_release_every_table(seag: SEAG) -> None:
    name = "Zebedee Quorn"
    seag = SEAG(GazetteerDetector([(name, "PERSON")]))
    model = SEAGChatModel(llm=_Failing(), seag=seag)
    for run in (lambda: model.invoke(f"About {name}"), lambda: list(model.stream(f"About {name}")),
                lambda: asyncio.run(model.ainvoke(f"About {name}")), lambda: model.batch([f"About {name}"] * 4)):
        with pytest.raises(PrivacyError) as err:
            run()
        assert isinstance(err.value.__cause__, RuntimeError) and name not in str(err.value)
        del err
    broken = SEAGChatModel(llm=ScriptedToolChat(), seag=SEAG(BrokenDetector()))
    with pytest.raises(PrivacyError) as err:
        broken.invoke(f"About {name}")
    assert err.value.__cause__ is not None
    del err

    alias = SEAGAliasRunnable(seag)
    chain = alias | (lambda q: [("human", q)]) | _Failing() | StrOutputParser() | alias.restorer()
    for run in (lambda: chain.invoke(f"About {name}"), lambda: list(chain.stream(f"About {name}")),
                lambda: chain.batch([f"About {name}"] * 4), lambda: asyncio.run(chain.ainvoke(f"About {name}"))):
        with pytest.raises(PrivacyError) as err:
            run()
        assert isinstance(err.value.__cause__, RuntimeError)
        del err
    assert open_calls() == 0 and alias.pending() == 0
    assert _tables_holding(name) == 0
