"""PAD for LlamaIndex: a local Hugging Face ``CustomLLM`` with privacy-aware decoding.

All privacy logic is in :mod:`privrag.pad`; this module translates
LlamaIndex calls into :class:`privrag.pad.PADGenerator` calls and puts the
receipt into ``CompletionResponse.additional_kwargs["privacy_receipt"]``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from llama_index.core.base.llms.generic_utils import (
    completion_response_to_chat_response,
    stream_completion_response_to_chat_response,
)
from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseAsyncGen,
    CompletionResponseGen,
    LLMMetadata,
)
from llama_index.core.bridge.pydantic import ConfigDict, Field, PrivateAttr
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from llama_index.core.llms.custom import CustomLLM

from privrag.pad.accounting import receipt_summary
from privrag.pad.config import PADConfig
from privrag.pad.generate import PADGenerator, PADResult

__all__ = ["PADHuggingFaceLLM"]


def _kwargs(result: PADResult) -> dict[str, Any]:
    assert result.receipt is not None
    return {"privacy_receipt": receipt_summary(result.receipt), "finish_reason": result.finish_reason, "seed": result.seed}


class PADHuggingFaceLLM(CustomLLM):
    """A local causal LM with privacy-aware decoding (PAD, seed paper 003).

    ``complete`` / ``stream_complete`` (and their async forms) return
    ``CompletionResponse`` objects whose ``additional_kwargs["privacy_receipt"]``
    holds ``epsilon``, ``delta``, ``gamma``, ``protected_steps`` and
    ``total_steps`` (on the last streamed response). Chat goes through
    ``messages_to_prompt`` and then the model's chat template.

    Example::

        from llama_index.core import Settings
        from llamaindex_privrag import PADHuggingFaceLLM

        Settings.llm = PADHuggingFaceLLM(seed=7, max_new_tokens=48)
        resp = Settings.llm.complete("Context: ...\\n\\nQuestion?")
        resp.additional_kwargs["privacy_receipt"]["epsilon"]
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, protected_namespaces=())

    model_name: str = Field(default="SmolLM2-135M-Instruct", description="Local directory or hub id of the causal LM.")
    seed: int | None = Field(default=None, description="Base seed; same seed, same text and receipt. None = fresh randomness.")
    max_new_tokens: int = Field(default=64, ge=1, description="Maximum number of generated tokens per response.")
    pad_config: PADConfig = Field(default_factory=PADConfig, description="PAD knobs (clip norm C, thresholds, λ_amp, δ, …).")
    device: str = Field(default="cpu", description="Torch device for the model.")
    system_prompt: str | None = Field(default=None, description="Optional system message for the chat template.")
    use_chat_template: bool | None = Field(default=None, description="Wrap prompts in the chat template (None = when the tokenizer has one).")
    num_threads: int | None = Field(
        default=1, ge=1, description="torch threads for decoding, on a worker thread (None = torch's setting); see privrag.pad.threads."
    )

    _generator: PADGenerator = PrivateAttr()

    def __init__(self, model: Any = None, tokenizer: Any = None, **data: Any) -> None:
        super().__init__(**data)
        self._generator = PADGenerator(
            model,
            tokenizer,
            self.pad_config,
            model_name=None if self.model_name == "SmolLM2-135M-Instruct" else self.model_name,
            device=self.device,
            max_new_tokens=self.max_new_tokens,
            use_chat_template=self.use_chat_template,
            system_prompt=self.system_prompt,
            num_threads=self.num_threads,
        )

    @classmethod
    def class_name(cls) -> str:
        return "PrivragPADHuggingFaceLLM"

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(
            context_window=self._generator.context_window,
            num_output=self.max_new_tokens,
            is_chat_model=False,
            model_name=self.model_name,
        )

    def _opts(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        return {"seed": kwargs.get("seed", self.seed), "max_new_tokens": kwargs.get("max_new_tokens", self.max_new_tokens)}

    def _prompt(self, prompt: str, formatted: bool) -> str:
        return prompt if formatted or self.completion_to_prompt is None else self.completion_to_prompt(prompt)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return self._complete(prompt, formatted, **kwargs)

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        return self._stream_complete(prompt, formatted, **kwargs)

    # chat renders the messages and decodes directly, so a chat call records one LLM event
    # (CustomLLM's chat calls the decorated complete: two events per call)
    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return completion_response_to_chat_response(self._complete(self.messages_to_prompt(messages), True, **kwargs))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        return stream_completion_response_to_chat_response(
            self._stream_complete(self.messages_to_prompt(messages), True, **kwargs)
        )

    def _complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        opts = self._opts(kwargs)
        result = self._generator.generate([self._prompt(prompt, formatted)], seed=opts["seed"], max_new_tokens=opts["max_new_tokens"])[0]
        return CompletionResponse(text=result.text, additional_kwargs=_kwargs(result))

    def _stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        opts = self._opts(kwargs)
        pieces = self._generator.stream(self._prompt(prompt, formatted), seed=opts["seed"], max_new_tokens=opts["max_new_tokens"])

        def gen() -> CompletionResponseGen:
            text = ""
            for piece in pieces:
                if piece.result is not None:
                    yield CompletionResponse(text=text, delta="", additional_kwargs=_kwargs(piece.result))
                else:
                    text += piece.text
                    yield CompletionResponse(text=text, delta=piece.text)

        return gen()

    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return await asyncio.to_thread(self.complete, prompt, formatted, **kwargs)

    # CustomLLM's async forms decode on the event loop's thread; these wait on a worker
    # thread instead, so other tasks run while the model decodes. The sync method they
    # call emits the callback events, once.
    async def astream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseAsyncGen:
        return _aiter(await asyncio.to_thread(self.stream_complete, prompt, formatted, **kwargs))

    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return await asyncio.to_thread(self.chat, messages, **kwargs)

    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        return _aiter(await asyncio.to_thread(self.stream_chat, messages, **kwargs))


async def _aiter(gen: Iterator[Any]) -> AsyncIterator[Any]:
    """A sync generator consumed step by step on a worker thread."""
    done = object()
    while True:
        item = await asyncio.to_thread(next, gen, done)
        if item is done:
            return
        yield item
