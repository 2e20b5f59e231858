"""Same seed, same tokens: every PAD entry point of both frameworks gives the same
text and the same ε as its streaming form (issue 20 measures their speed with
``privrag bench pad-speed``; this checks they compute the same thing)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration

PROMPT = "Context:\nDr Priya Natarajan saw Ms Lena Fox on 3 March 2024.\n\nWho saw Lena Fox?"
SEED = 41


@pytest.fixture(scope="module")
def langchain_llm():
    from langchain_privrag import PADHuggingFaceLLM

    return PADHuggingFaceLLM(seed=SEED, max_new_tokens=12)


@pytest.fixture(scope="module")
def llamaindex_llm():
    from llamaindex_privrag import PADHuggingFaceLLM

    return PADHuggingFaceLLM(seed=SEED, max_new_tokens=12)


def test_langchain_invoke_generate_batch_and_stream_agree(langchain_llm):
    from langchain_core.callbacks import BaseCallbackHandler

    class Grab(BaseCallbackHandler):
        def __init__(self) -> None:
            self.result = None

        def on_llm_end(self, response, **kwargs):
            self.result = response

    text = langchain_llm.invoke(PROMPT)
    generated = langchain_llm.generate([PROMPT]).generations[0][0]
    grab = Grab()
    streamed = "".join(langchain_llm.stream(PROMPT, config={"callbacks": [grab]}))
    assert text and text == generated.text == streamed == langchain_llm.batch([PROMPT])[0]
    stream_receipt = grab.result.generations[0][0].generation_info["privacy_receipt"]
    assert stream_receipt == generated.generation_info["privacy_receipt"]
    assert stream_receipt["epsilon"] > 0


def test_llamaindex_complete_chat_and_streams_agree(llamaindex_llm):
    from llama_index.core.base.llms.types import ChatMessage

    full = llamaindex_llm.complete(PROMPT)
    streamed = list(llamaindex_llm.stream_complete(PROMPT))
    assert full.text and streamed[-1].text == full.text
    assert streamed[-1].additional_kwargs["privacy_receipt"] == full.additional_kwargs["privacy_receipt"]
    messages = [ChatMessage(role="user", content=PROMPT)]
    chat = llamaindex_llm.chat(messages)
    chat_stream = list(llamaindex_llm.stream_chat(messages))
    assert chat.message.content == chat_stream[-1].message.content
    assert chat.message.additional_kwargs["privacy_receipt"] == chat_stream[-1].message.additional_kwargs["privacy_receipt"]


def test_both_frameworks_compute_the_same_answer_and_epsilon(langchain_llm, llamaindex_llm):
    lc = langchain_llm.generate([PROMPT]).generations[0][0]
    li = llamaindex_llm.complete(PROMPT)
    assert lc.text == li.text
    assert lc.generation_info["privacy_receipt"] == li.additional_kwargs["privacy_receipt"]
