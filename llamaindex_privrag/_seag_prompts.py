"""SEAGLLM's prompt-template entry points without events that hold the template arguments in clear.

``LLM.predict``, ``stream``, ``structured_predict`` and their async forms emit
``LLMPredictStartEvent`` / ``LLMStructuredPredictStartEvent`` and a templating
callback event carrying the template arguments — in a query engine, the
retrieved context and the question as written — and run in a span whose
arguments are the same. Under ``trace="aliased"`` or ``"hidden"`` these forms
format the prompt and go straight to SEAGLLM's chat/complete, whose own events
record what ``trace`` allows; under ``"original"`` LlamaIndex's own versions run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llama_index.core.instrumentation.dispatcher import DISPATCHER_SPAN_DECORATED_ATTR
from llama_index.core.llms.llm import (
    astream_chat_response_to_tokens,
    astream_completion_response_to_tokens,
    stream_chat_response_to_tokens,
    stream_completion_response_to_tokens,
)

__all__ = ["PromptEntryPoints", "untraced"]


def untraced(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Keep LlamaIndex from wrapping a public method in a span whose arguments are the originals;
    the span and the events come from the traced inner method, which sees what ``trace`` allows."""
    setattr(fn, DISPATCHER_SPAN_DECORATED_ATTR, True)
    return fn


class PromptEntryPoints:
    """Mixed into SEAGLLM (before ``LLM``): predict, stream, structured predict and async forms."""

    trace: str

    def _messages_or_prompt(self, prompt: Any, prompt_args: dict[str, Any]) -> tuple[bool, Any]:
        if self.metadata.is_chat_model:  # type: ignore[attr-defined]
            return True, self._get_messages(prompt, **prompt_args)  # type: ignore[attr-defined]
        return False, self._get_prompt(prompt, **prompt_args)  # type: ignore[attr-defined]

    @untraced
    def predict(self, prompt: Any, **prompt_args: Any) -> str:
        if self.trace == "original":
            return super().predict(prompt, **prompt_args)  # type: ignore[misc]
        is_chat, value = self._messages_or_prompt(prompt, prompt_args)
        out = (self.chat(value).message.content or "") if is_chat else self.complete(value, formatted=True).text  # type: ignore[attr-defined]
        return self._parse_output(out)  # type: ignore[attr-defined]

    @untraced
    async def apredict(self, prompt: Any, **prompt_args: Any) -> str:
        if self.trace == "original":
            return await super().apredict(prompt, **prompt_args)  # type: ignore[misc]
        is_chat, value = self._messages_or_prompt(prompt, prompt_args)
        if is_chat:
            out = (await self.achat(value)).message.content or ""  # type: ignore[attr-defined]
        else:
            out = (await self.acomplete(value, formatted=True)).text  # type: ignore[attr-defined]
        return self._parse_output(out)  # type: ignore[attr-defined]

    @untraced
    def stream(self, prompt: Any, **prompt_args: Any) -> Any:
        if self.trace == "original":
            return super().stream(prompt, **prompt_args)  # type: ignore[misc]
        is_chat, value = self._messages_or_prompt(prompt, prompt_args)
        if is_chat:
            return stream_chat_response_to_tokens(self.stream_chat(value))  # type: ignore[attr-defined]
        return stream_completion_response_to_tokens(self.stream_complete(value, formatted=True))  # type: ignore[attr-defined]

    @untraced
    async def astream(self, prompt: Any, **prompt_args: Any) -> Any:
        if self.trace == "original":
            return await super().astream(prompt, **prompt_args)  # type: ignore[misc]
        is_chat, value = self._messages_or_prompt(prompt, prompt_args)
        if is_chat:
            return await astream_chat_response_to_tokens(await self.astream_chat(value))  # type: ignore[attr-defined]
        return await astream_completion_response_to_tokens(await self.astream_complete(value, formatted=True))  # type: ignore[attr-defined]

    def _program(self, output_cls: Any, prompt: Any) -> Any:
        from llama_index.core.program.utils import get_program_for_llm

        return get_program_for_llm(output_cls, prompt, self, pydantic_program_mode=self.pydantic_program_mode)  # type: ignore[attr-defined,arg-type]

    @untraced
    def structured_predict(self, output_cls: Any, prompt: Any, llm_kwargs: dict[str, Any] | None = None,
                           **prompt_args: Any) -> Any:
        if self.trace == "original":
            return super().structured_predict(output_cls, prompt, llm_kwargs, **prompt_args)  # type: ignore[misc]
        return self._program(output_cls, prompt)(llm_kwargs=llm_kwargs, **prompt_args)

    @untraced
    async def astructured_predict(self, output_cls: Any, prompt: Any, llm_kwargs: dict[str, Any] | None = None,
                                  **prompt_args: Any) -> Any:
        if self.trace == "original":
            return await super().astructured_predict(output_cls, prompt, llm_kwargs, **prompt_args)  # type: ignore[misc]
        return await self._program(output_cls, prompt).acall(llm_kwargs=llm_kwargs, **prompt_args)
