"""A recording inner chat LLM for SEAGLLM tests (test-only fake, never product code).

It records the full serialisation of every message it receives — every block
and ``additional_kwargs`` — so a test can search it for originals, and
answers with a text echo plus a thinking block and a tool call that repeat
what it was sent (SEAGLLM must restore them).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from typing import Any

from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseAsyncGen,
    CompletionResponseGen,
    LLMMetadata,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
)
from llama_index.core.llms import LLM
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from pydantic import Field


def _echo(text: str) -> str:
    m = re.search(r"Query: (.*)", text)
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return "You asked: " + (m.group(1) if m else (lines[-1] if lines else ""))


class RecordingChatLLM(LLM):
    """Chat model that records what it receives and echoes the last text."""

    received: list[str] = Field(default_factory=list)
    lock: Any = Field(default_factory=threading.Lock, exclude=True)
    fail: bool = False

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="recording-chat", is_chat_model=True, context_window=4096, num_output=64)

    def _record(self, payload: str) -> None:
        if self.fail:
            raise RuntimeError("inner model down")
        with self.lock:
            self.received.append(payload)

    def _reply(self, messages: Sequence[ChatMessage]) -> ChatMessage:
        self._record(json.dumps([m.model_dump(mode="json") for m in messages], ensure_ascii=False))
        last = next((b.text for m in reversed(messages) for b in m.blocks if isinstance(b, TextBlock)), "")
        answer = _echo(last)
        return ChatMessage(role="assistant", blocks=[
            TextBlock(text=answer),
            ThinkingBlock(content=f"thinking about {answer}"),
            ToolCallBlock(tool_call_id="call_1", tool_name="lookup", tool_kwargs={"query": answer}),
        ])

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return ChatResponse(message=self._reply(messages))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        reply = self._reply(messages)
        text = reply.blocks[0].text

        def gen() -> ChatResponseGen:
            for i in range(0, len(text), 3):
                yield ChatResponse(message=ChatMessage(role="assistant", content=text[: i + 3]), delta=text[i : i + 3])

        return gen()

    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return self.chat(messages, **kwargs)

    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        items = list(self.stream_chat(messages, **kwargs))

        async def gen() -> ChatResponseAsyncGen:
            for r in items:
                yield r

        return gen()

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self._record(prompt)
        return CompletionResponse(text=_echo(prompt))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        self._record(prompt)
        text = _echo(prompt)

        def gen() -> CompletionResponseGen:
            for i in range(0, len(text), 3):
                yield CompletionResponse(text=text[: i + 3], delta=text[i : i + 3])

        return gen()

    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return self.complete(prompt, formatted=formatted, **kwargs)

    async def astream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseAsyncGen:
        items = list(self.stream_complete(prompt, formatted=formatted, **kwargs))

        async def gen() -> CompletionResponseAsyncGen:
            for r in items:
                yield r

        return gen()

