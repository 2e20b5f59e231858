"""PADHuggingFaceLLM for LlamaIndex on the real SmolLM2: complete, stream, async, metadata."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration

PROMPT = "Context:\nMr Lars Holm lives at 4 Elm Road, Oslo.\n\nWhere does Lars Holm live?"
KEYS = {"epsilon", "delta", "gamma", "protected_steps", "total_steps"}


@pytest.fixture(scope="module")
def llm():
    from llamaindex_privrag import PADHuggingFaceLLM

    return PADHuggingFaceLLM(seed=31, max_new_tokens=10)


def test_complete_carries_the_receipt_and_is_reproducible(llm):
    a = llm.complete(PROMPT)
    b = llm.complete(PROMPT)
    assert a.text == b.text
    assert KEYS <= set(a.additional_kwargs["privacy_receipt"])
    assert a.additional_kwargs["privacy_receipt"] == b.additional_kwargs["privacy_receipt"]


def test_stream_complete_matches_complete(llm):
    full = llm.complete(PROMPT)
    responses = list(llm.stream_complete(PROMPT))
    assert responses[-1].text == full.text
    assert "".join(r.delta or "" for r in responses) == full.text
    assert responses[-1].additional_kwargs["privacy_receipt"] == full.additional_kwargs["privacy_receipt"]


async def test_async_complete_and_stream(llm):
    full = llm.complete(PROMPT)
    a = await llm.acomplete(PROMPT)
    assert a.text == full.text
    responses = [r async for r in await llm.astream_complete(PROMPT)]
    last = responses[-1]
    assert last.text == full.text
    assert KEYS <= set(last.additional_kwargs["privacy_receipt"])


def test_metadata_and_bad_input(llm):
    meta = llm.metadata
    assert meta.num_output == 10 and meta.context_window >= 2048 and meta.model_name
    with pytest.raises(ValueError, match="empty"):
        llm.complete("  ")
