"""The LangChain PADHuggingFaceLLM against LangChain's ``LLM`` contract (issue 20): every sync and
async entry point, callbacks (one run per call, the receipt on its end), serialisable params and an
LCEL chain, on the real SmolLM2."""

from __future__ import annotations

import asyncio

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import BaseLLM
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import PromptTemplate

pytestmark = pytest.mark.integration

PROMPT = "Context:\nOla Nordmann lives in Bergen.\n\nWhere does Ola Nordmann live?"
KEYS = {"epsilon", "delta", "gamma", "protected_steps", "total_steps"}


class _Runs(BaseCallbackHandler):
    def __init__(self) -> None:
        self.starts = 0
        self.ends: list = []

    def on_llm_start(self, serialized, prompts, **kwargs):
        self.starts += 1

    def on_llm_end(self, response, **kwargs):
        self.ends.append(response)


@pytest.fixture(scope="module")
def llm():
    from langchain_privrag import PADHuggingFaceLLM

    return PADHuggingFaceLLM(seed=13, max_new_tokens=6)


def test_identity_and_params(llm):
    assert isinstance(llm, BaseLLM)
    assert llm._llm_type == "privrag-pad-huggingface"
    params = llm._identifying_params
    assert params["max_new_tokens"] == 6 and params["pad_config"]["delta"] > 0
    assert llm.num_threads == 1


def test_every_entry_point_gives_the_same_text_with_one_run_each(llm):
    runs = _Runs()
    cfg = {"callbacks": [runs]}
    text = llm.invoke(PROMPT, config=cfg)
    assert text and runs.starts == 1
    assert llm.batch([PROMPT, PROMPT], config=cfg) == [text, text]
    assert "".join(llm.stream(PROMPT, config=cfg)) == text
    generated = llm.generate([PROMPT], callbacks=[runs]).generations[0][0]
    assert generated.text == text and KEYS <= set(generated.generation_info["privacy_receipt"])
    assert runs.starts == 5  # invoke, batch (2 prompts), stream, generate
    assert all(KEYS <= set(r.generations[0][0].generation_info["privacy_receipt"]) for r in runs.ends)

    async def run() -> list:
        return [await llm.ainvoke(PROMPT), await llm.abatch([PROMPT]), "".join([p async for p in llm.astream(PROMPT)]),
                (await llm.agenerate([PROMPT])).generations[0][0].text]

    a, b, c, d = asyncio.run(run())
    assert a == c == d == text and b == [text]


def test_in_an_lcel_chain(llm):
    chain = PromptTemplate.from_template("Context:\n{context}\n\nWhere does {who} live?") | llm | StrOutputParser()
    out = chain.invoke({"context": "Ola Nordmann lives in Bergen.", "who": "Ola Nordmann"})
    assert out == llm.invoke(PROMPT)


def test_async_invoke_leaves_the_event_loop_free(llm):
    async def run() -> int:
        ticks = 0
        stop = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not stop.is_set():
                ticks += 1
                await asyncio.sleep(0.005)

        task = asyncio.create_task(ticker())
        await llm.ainvoke(PROMPT)
        stop.set()
        await task
        return ticks

    assert asyncio.run(run()) >= 4
