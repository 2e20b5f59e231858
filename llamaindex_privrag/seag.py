"""SEAG for LlamaIndex: an ``LLM`` that wraps any LLM.

Use it as the LLM of a query engine and the response synthesizer's prompt —
retrieved node texts with their LLM-visible metadata, the question and the
template — is aliased as one request with one table; the answer (and every
streamed delta) is restored. Every part of every message is aliased (see
:mod:`llamaindex_privrag._seag_blocks`), node metadata in the prompt gets
SEAG's metadata policy (:mod:`llamaindex_privrag._seag_meta`), and this
wrapper's own callback and instrumentation events record the aliased text by
default (``trace``). All privacy logic is in :mod:`privrag.seag`.
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
)
from llama_index.core.instrumentation import get_dispatcher
from llama_index.core.llms import LLM
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback
from pydantic import ConfigDict, Field

from llamaindex_privrag._seag_blocks import MediaMode, map_message, message_strings
from llamaindex_privrag._seag_call import (
    Call,
    StreamRestore,
    TraceMode,
    bound,
    check_trace,
    current,
    failures,
)
from llamaindex_privrag._seag_meta import MetaText
from llamaindex_privrag._seag_prompts import PromptEntryPoints, untraced
from privrag.seag import SEAG

__all__ = ["SEAGLLM"]

dispatcher = get_dispatcher(__name__)


class SEAGLLM(PromptEntryPoints, LLM):
    """LlamaIndex LLM wrapper: the inner LLM only ever sees consistent aliases.

    Every call analyses all of its text together (system prompt, retrieved
    context with its metadata, question, tool calls) and aliases it with one
    table; nothing is added — the model is not told. Answers, streamed deltas
    and tool-call arguments are restored. If detection or aliasing fails, or a
    message holds a part SEAG cannot read, :class:`privrag.PrivacyError` is
    raised before the inner LLM is called; every later failure is a
    ``PrivacyError`` too (cause chained), and the table is released when the
    call ends. Requests share nothing: each has its own table.

    Setup:
        .. code-block:: bash

            pip install "privrag[llamaindex]"

    Key init args:
        llm: any LlamaIndex LLM (the external generator).
        seag: a configured :class:`privrag.seag.SEAG` (its ``metadata_policy``
            applies to node metadata in prompts); built from the defaults if omitted.
        conversation_id: with a store on ``seag``, keep aliases stable across turns.
        seed: fixed alias seed; ``None`` draws one per call.
        trace: what this wrapper's callback/instrumentation events record:
            ``"aliased"`` (default), ``"hidden"`` (placeholders) or ``"original"``.
        media: ``"refuse"`` (default) raises on image, audio, video or document
            payloads SEAG cannot alias; ``"pass"`` sends them as they are.

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
    trace: TraceMode = Field(default="aliased", description="What this wrapper's events record.")
    media: MediaMode = Field(default="refuse", description="Refuse or pass media SEAG cannot alias.")

    def model_post_init(self, __context: Any) -> None:
        check_trace(self.trace)
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

    def _chat_texts(self, messages: Sequence[ChatMessage]) -> tuple[MetaText, list[str]]:
        meta = MetaText(self.seag)
        return meta, [t for s in message_strings(list(messages), self.media) for t in meta.analysis_texts(s)]

    def _chat_call(self, messages: Sequence[ChatMessage], req: Any, meta: MetaText) -> Call:
        with failures():
            sent = [map_message(m, lambda s: meta.alias(req, s), self.media) for m in messages]
        return Call(req, list(messages), sent, self.trace, self.media)

    def _open_chat(self, messages: Sequence[ChatMessage]) -> Call:
        with failures():
            meta, texts = self._chat_texts(messages)
            req = self.seag.prepare(texts, **self._kw())
        return self._release_on_error(req, lambda: self._chat_call(messages, req, meta))

    async def _aopen_chat(self, messages: Sequence[ChatMessage]) -> Call:
        with failures():
            meta, texts = self._chat_texts(messages)
            req = await self.seag.aprepare(texts, **self._kw())
        return self._release_on_error(req, lambda: self._chat_call(messages, req, meta))

    def _completion_call(self, prompt: str, req: Any, meta: MetaText) -> Call:
        with failures():
            return Call(req, prompt, meta.alias(req, prompt), self.trace, self.media)

    def _open_completion(self, prompt: str) -> Call:
        with failures():
            meta = MetaText(self.seag)
            req = self.seag.prepare(meta.analysis_texts(prompt), **self._kw())
        return self._release_on_error(req, lambda: self._completion_call(prompt, req, meta))

    async def _aopen_completion(self, prompt: str) -> Call:
        with failures():
            meta = MetaText(self.seag)
            req = await self.seag.aprepare(meta.analysis_texts(prompt), **self._kw())
        return self._release_on_error(req, lambda: self._completion_call(prompt, req, meta))

    @staticmethod
    def _release_on_error(req: Any, make: Callable[[], Call]) -> Call:
        try:
            return make()
        except BaseException:
            req.release()
            raise

    # -- traced inner calls: their spans and events see call.shown ---------------------
    @dispatcher.span
    @llm_chat_callback()
    def _traced_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        call = current()
        resp = self.llm.chat(call.sent, **kwargs)
        call.result = call.restore_chat(resp)
        return call.show(resp, call.result)

    @dispatcher.span
    @llm_chat_callback()
    async def _traced_achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        call = current()
        resp = await self.llm.achat(call.sent, **kwargs)
        call.result = call.restore_chat(resp)
        return call.show(resp, call.result)

    @dispatcher.span
    @llm_chat_callback()
    def _traced_stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        call = current()
        inner = self.llm.stream_chat(call.sent, **kwargs)
        out = StreamRestore(call)

        def gen() -> ChatResponseGen:
            for r in inner:
                call.result, shown = out.chat(r)
                yield shown
            call.result, shown = out.chat_end()
            yield shown

        return gen()

    @dispatcher.span
    @llm_chat_callback()
    async def _traced_astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        call = current()
        inner = await self.llm.astream_chat(call.sent, **kwargs)
        out = StreamRestore(call)

        async def gen() -> ChatResponseAsyncGen:
            async for r in inner:
                call.result, shown = out.chat(r)
                yield shown
            call.result, shown = out.chat_end()
            yield shown

        return gen()

    @dispatcher.span
    @llm_completion_callback()
    def _traced_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        call = current()
        resp = self.llm.complete(call.sent, formatted=formatted, **kwargs)
        call.result = call.restore_completion(resp)
        return call.show(resp, call.result)

    @dispatcher.span
    @llm_completion_callback()
    async def _traced_acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        call = current()
        resp = await self.llm.acomplete(call.sent, formatted=formatted, **kwargs)
        call.result = call.restore_completion(resp)
        return call.show(resp, call.result)

    @dispatcher.span
    @llm_completion_callback()
    def _traced_stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        call = current()
        inner = self.llm.stream_complete(call.sent, formatted=formatted, **kwargs)
        out = StreamRestore(call)

        def gen() -> CompletionResponseGen:
            for r in inner:
                call.result, shown = out.completion(r)
                yield shown
            call.result, shown = out.completion_end()
            yield shown

        return gen()

    @dispatcher.span
    @llm_completion_callback()
    async def _traced_astream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseAsyncGen:
        call = current()
        inner = await self.llm.astream_complete(call.sent, formatted=formatted, **kwargs)
        out = StreamRestore(call)

        async def gen() -> CompletionResponseAsyncGen:
            async for r in inner:
                call.result, shown = out.completion(r)
                yield shown
            call.result, shown = out.completion_end()
            yield shown

        return gen()

    # -- public entry points -----------------------------------------------------------
    def _run(self, call: Call, traced: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with failures(call), bound(call):
            traced(call.shown, *args, **kwargs)
            result = call.result
        call.release()
        return result

    async def _arun(self, call: Call, traced: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with failures(call):
            with bound(call):
                await traced(call.shown, *args, **kwargs)
            result = call.result
        call.release()
        return result

    def _stream(self, call: Call, traced: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with failures(call), bound(call):
            shown_gen = traced(call.shown, *args, **kwargs)

        def gen() -> Any:
            try:
                with failures(call):
                    for _ in shown_gen:
                        yield call.result
            finally:
                call.release()

        return gen()

    async def _astream(self, call: Call, traced: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with failures(call):
            with bound(call):
                shown_gen = await traced(call.shown, *args, **kwargs)

        async def gen() -> Any:
            try:
                with failures(call):
                    async for _ in shown_gen:
                        yield call.result
            finally:
                call.release()

        return gen()

    @untraced
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return self._run(self._open_chat(messages), self._traced_chat, **kwargs)

    @untraced
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return await self._arun(await self._aopen_chat(messages), self._traced_achat, **kwargs)

    @untraced
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        return self._stream(self._open_chat(messages), self._traced_stream_chat, **kwargs)

    @untraced
    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseAsyncGen:
        return await self._astream(await self._aopen_chat(messages), self._traced_astream_chat, **kwargs)

    @untraced
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return self._run(self._open_completion(prompt), self._traced_complete, formatted, **kwargs)

    @untraced
    async def acomplete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return await self._arun(await self._aopen_completion(prompt), self._traced_acomplete, formatted, **kwargs)

    @untraced
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        return self._stream(self._open_completion(prompt), self._traced_stream_complete, formatted, **kwargs)

    @untraced
    async def astream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseAsyncGen:
        return await self._astream(await self._aopen_completion(prompt), self._traced_astream_complete, formatted,
                                   **kwargs)
