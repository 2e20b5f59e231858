"""SEAG for LlamaIndex: an ``LLM`` that wraps any LLM.

Use it as the LLM of a query engine and the response synthesizer's prompt —
retrieved node texts with their LLM-visible metadata, the question and the
template — is aliased as one request with one table; the answer (and every
streamed delta) is restored. All privacy logic is in :mod:`privrag.seag`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
)
from llama_index.core.llms import LLM
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from pydantic import ConfigDict, Field

from privrag.metadata import PRIVRAG_KEY
from privrag.seag import SEAG, SEAGRequest
from privrag.textops import map_strings

__all__ = ["SEAGLLM"]



def _message_texts(msg: ChatMessage) -> list[str]:
    texts = [b.text for b in msg.blocks if isinstance(b, TextBlock)]
    found: list[str] = []
    map_strings(msg.additional_kwargs, lambda s: found.append(s) or s)
    return texts + found


def _map_message(msg: ChatMessage, f: Callable[[str], str]) -> ChatMessage:
    blocks = [TextBlock(text=f(b.text)) if isinstance(b, TextBlock) else b for b in msg.blocks]
    return msg.model_copy(update={"blocks": blocks, "additional_kwargs": map_strings(msg.additional_kwargs, f)})


class SEAGLLM(LLM):
    """LlamaIndex LLM wrapper: the inner LLM only ever sees consistent aliases.

    Every call analyses all of its text together (system prompt, retrieved
    context, question) and aliases it with one table; nothing is added — the
    model is not told. Answers and streamed deltas are restored. If
    detection or aliasing fails, :class:`privrag.PrivacyError` is raised
    before the inner LLM is called. The inner LLM's own callbacks and
    instrumentation events carry only aliased text; this wrapper's events
    are those of the caller (original text).

    Setup:
        .. code-block:: bash

            pip install "privrag[llamaindex]"

    Key init args:
        llm: any LlamaIndex LLM (the external generator).
        seag: a configured :class:`privrag.seag.SEAG`; built from the defaults if omitted.
        conversation_id: with a store on ``seag``, keep aliases stable across turns.
        seed: fixed alias seed; ``None`` draws one per call.

    Instantiate:
        .. code-block:: python

            from llamaindex_privrag import SEAGLLM

            llm = SEAGLLM(llm=OpenAI(model="gpt-4o-mini"))
            engine = index.as_query_engine(llm=llm)

    Invoke:
        .. code-block:: python

            engine.query("Where does John Jordan live?")
            llm.complete("Summarise John Jordan's file: ...")
            for r in llm.stream_chat(messages):
                print(r.delta, end="")
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    llm: LLM = Field(description="The inner LLM; it receives only aliased text.")
    seag: Any = Field(default=None, exclude=True, description="privrag.seag.SEAG; defaults if omitted.")
    conversation_id: str | None = Field(default=None, description="Conversation id for a SEAG store.")
    seed: int | None = Field(default=None, description="Fixed alias seed; None draws one per call.")

    def model_post_init(self, __context: Any) -> None:
        if self.seag is None:
            self.seag = SEAG()

    @classmethod
    def class_name(cls) -> str:
        return "privrag_seag_llm"

    @property
    def metadata(self) -> LLMMetadata:
        return self.llm.metadata

    # -- aliasing ----------------------------------------------------------------
    def _kw(self) -> dict[str, Any]:
        return {"seed": self.seed, "conversation_id": self.conversation_id}

    def _alias_messages(self, req: SEAGRequest, messages: Sequence[ChatMessage]) -> list[ChatMessage]:
        return [_map_message(m, req.table.alias) for m in messages]

    def _prepare_chat(self, messages: Sequence[ChatMessage]) -> tuple[SEAGRequest, list[ChatMessage]]:
        req = self.seag.prepare([t for m in messages for t in _message_texts(m)], **self._kw())
        return req, self._alias_messages(req, messages)

    async def _aprepare_chat(self, messages: Sequence[ChatMessage]) -> tuple[SEAGRequest, list[ChatMessage]]:
        req = await self.seag.aprepare([t for m in messages for t in _message_texts(m)], **self._kw())
        return req, self._alias_messages(req, messages)

    @staticmethod
    def _restore_chat(resp: ChatResponse, req: SEAGRequest) -> ChatResponse:
        return ChatResponse(
            message=_map_message(resp.message, req.table.restore),
            delta=req.restore(resp.delta) if resp.delta else resp.delta,
            additional_kwargs={**resp.additional_kwargs, PRIVRAG_KEY: req.receipt.to_dict()},
        )

    @staticmethod
    def _restore_completion(resp: CompletionResponse, req: SEAGRequest) -> CompletionResponse:
        return CompletionResponse(
            text=req.restore(resp.text),
            additional_kwargs={**resp.additional_kwargs, PRIVRAG_KEY: req.receipt.to_dict()},
        )

    # -- chat ------------------------------------------------------------------------
    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        req, aliased = self._prepare_chat(messages)
        return self._restore_chat(self.llm.chat(aliased, **kwargs), req)

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        req, aliased = await self._aprepare_chat(messages)
        return self._restore_chat(await self.llm.achat(aliased, **kwargs), req)

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        req, aliased = self._prepare_chat(messages)
        inner = self.llm.stream_chat(aliased, **kwargs)

        def gen() -> ChatResponseGen:
            out = _StreamRestore(req)
            for r in inner:
                yield out.chat(r)
            yield out.chat_end()

        return gen()

    @llm_chat_callback()
    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        req, aliased = await self._aprepare_chat(messages)
        inner = await self.llm.astream_chat(aliased, **kwargs)

        async def gen() -> ChatResponseAsyncGen:
            out = _StreamRestore(req)
            async for r in inner:
                yield out.chat(r)
            yield out.chat_end()

        return gen()

    # -- completion ------------------------------------------------------------------
    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        req = self.seag.prepare([prompt], **self._kw())
        return self._restore_completion(self.llm.complete(req.aliased[0], formatted=formatted, **kwargs), req)

    @llm_completion_callback()
    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        req = await self.seag.aprepare([prompt], **self._kw())
        return self._restore_completion(await self.llm.acomplete(req.aliased[0], formatted=formatted, **kwargs), req)

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        req = self.seag.prepare([prompt], **self._kw())
        inner = self.llm.stream_complete(req.aliased[0], formatted=formatted, **kwargs)

        def gen() -> CompletionResponseGen:
            out = _StreamRestore(req)
            for r in inner:
                yield out.completion(r)
            yield out.completion_end()

        return gen()

    @llm_completion_callback()
    async def astream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseAsyncGen:
        req = await self.seag.aprepare([prompt], **self._kw())
        inner = await self.llm.astream_complete(req.aliased[0], formatted=formatted, **kwargs)

        async def gen() -> CompletionResponseAsyncGen:
            out = _StreamRestore(req)
            async for r in inner:
                yield out.completion(r)
            yield out.completion_end()

        return gen()


class _StreamRestore:
    """Restores one streamed response, delta by delta (shared by the sync and async streams).

    ``text`` accumulates the restored deltas; the final response carries the
    held-back tail and the receipt.
    """

    def __init__(self, req: SEAGRequest) -> None:
        self.req = req
        self.restorer = req.streaming_restorer()
        self.text = ""
        self.role: Any = None

    def _feed(self, delta: str | None) -> str:
        out = self.restorer.feed(delta or "")
        self.text += out
        return out

    def _tail(self) -> str:
        tail = self.restorer.flush()
        self.text += tail
        return tail

    def chat(self, r: ChatResponse) -> ChatResponse:
        self.role = r.message.role
        delta = self._feed(r.delta)
        return ChatResponse(message=ChatMessage(role=self.role, content=self.text), delta=delta)

    def chat_end(self) -> ChatResponse:
        tail = self._tail()
        return ChatResponse(message=ChatMessage(role=self.role or "assistant", content=self.text), delta=tail,
                            additional_kwargs={PRIVRAG_KEY: self.req.receipt.to_dict()})

    def completion(self, r: CompletionResponse) -> CompletionResponse:
        delta = self._feed(r.delta)
        return CompletionResponse(text=self.text, delta=delta)

    def completion_end(self) -> CompletionResponse:
        tail = self._tail()
        return CompletionResponse(text=self.text, delta=tail, additional_kwargs={PRIVRAG_KEY: self.req.receipt.to_dict()})
