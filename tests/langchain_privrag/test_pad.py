"""PADHuggingFaceLLM for LangChain on the real SmolLM2: invoke, stream, async, receipts."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration

PROMPT = "Context:\nMs Anna Berg works at Lund Bank.\n\nWhere does Anna Berg work?"
KEYS = {"epsilon", "delta", "gamma", "protected_steps", "total_steps"}


@pytest.fixture(scope="module")
def llm():
    from langchain_privrag import PADHuggingFaceLLM

    return PADHuggingFaceLLM(seed=21, max_new_tokens=10)


def test_generate_puts_a_plain_receipt_in_generation_info(llm):
    result = llm.generate([PROMPT, PROMPT])
    infos = [g[0].generation_info for g in result.generations]
    for info in infos:
        receipt = info["privacy_receipt"]
        assert KEYS <= set(receipt) and isinstance(receipt, dict)
        assert 0 <= receipt["gamma"] <= 1 and receipt["total_steps"] <= 10
    # one seed for every prompt: equal prompts, equal outputs and receipts
    # (two rows of one batch may differ in the last float bits of sigma_t)
    assert result.generations[0][0].text == result.generations[1][0].text
    first, second = infos[0]["privacy_receipt"], infos[1]["privacy_receipt"]
    assert first["epsilon"] == pytest.approx(second["epsilon"], rel=1e-4)
    assert first["protected_steps"] == second["protected_steps"] and first["total_steps"] == second["total_steps"]


def test_invoke_is_reproducible_and_stream_matches(llm):
    text = llm.invoke(PROMPT)
    assert text == llm.invoke(PROMPT)
    assert "".join(llm.stream(PROMPT)) == text
    assert llm.invoke(PROMPT, seed=22) != text or llm.invoke(PROMPT, seed=23) != text


def test_stream_reports_the_receipt_to_callbacks(llm):
    from langchain_core.callbacks import BaseCallbackHandler

    class Grab(BaseCallbackHandler):
        tokens: list[str] = []
        result = None

        def on_llm_new_token(self, token, **kwargs):
            self.tokens.append(token)

        def on_llm_end(self, response, **kwargs):
            self.result = response

    grab = Grab()
    grab.tokens = []
    pieces = list(llm.stream(PROMPT, config={"callbacks": [grab]}))
    assert "".join(grab.tokens) == "".join(pieces)
    info = grab.result.generations[0][0].generation_info
    assert KEYS <= set(info["privacy_receipt"])


async def test_async_invoke_and_stream(llm):
    text = await llm.ainvoke(PROMPT)
    assert text == llm.invoke(PROMPT)
    pieces = [p async for p in llm.astream(PROMPT)]
    assert "".join(pieces) == text
    result = await llm.agenerate([PROMPT])
    assert KEYS <= set(result.generations[0][0].generation_info["privacy_receipt"])


def test_already_loaded_model_and_bad_input(llm):
    from langchain_privrag import PADHuggingFaceLLM
    from privrag.models import load_causal_lm
    from privrag.pad import PADConfig

    model, tok = load_causal_lm()
    other = PADHuggingFaceLLM(model=model, tokenizer=tok, seed=21, max_new_tokens=10)
    assert other.invoke(PROMPT) == llm.invoke(PROMPT)
    with pytest.raises(ValueError, match="empty"):
        llm.invoke("")
    with pytest.raises(ValueError):
        PADHuggingFaceLLM(model=model, tokenizer=tok, pad_config=PADConfig(clip_norm=-1.0))
