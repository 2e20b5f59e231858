"""SEAG for LangChain: a chat-model wrapper whose runs never record an original.

:class:`SEAGChatModel` wraps any chat model. Every call analyses all of its
messages together (system prompt, question, retrieved context, tool results,
earlier tool calls, participant names, every content block), sends the
aliased messages to the inner model and restores the answer, its tool-call
arguments and every streamed token for the caller.

Where originals may appear is a choice (``trace``): by default the wrapper's
own run — what callbacks, tracers and LangSmith record for it — holds the
*aliased* messages and the *aliased* answer; ``"hidden"`` records only
placeholders; ``"original"`` records the caller's side. The inner model runs
with its own callbacks only, so a caller's handler sees one chat-model run.
Runs outside the wrapper (a parser after it, the chain around it) record
what they receive: restored text.

All privacy logic is in :mod:`privrag.seag`; this module translates types.
Every failure is a :class:`~privrag.types.PrivacyError` chained to its cause.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from langchain_core.caches import BaseCache
from langchain_core.callbacks import (
    AsyncCallbackManagerForLLMRun,
    CallbackManagerForLLMRun,
    Callbacks,
)
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.language_models.base import LangSmithParams
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult, LLMResult
from langchain_core.runnables import Runnable, RunnableBinding, RunnableConfig
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import ConfigDict, Field

from langchain_privrag._seag_calls import (
    CALL_KEY,
    Call,
    TraceMode,
    acall_inner,
    aiter_inner,
    as_chunk,
    call_inner,
    inner_errors,
    iter_inner,
    open_call,
)
from langchain_privrag._seag_stream import ChunkRestorer
from langchain_privrag._seag_values import restore_message
from privrag.seag import SEAG

__all__ = ["SEAGChatModel", "SEAGAliasRunnable", "SEAGRestoreRunnable"]

#: the inner model gets its own callbacks only (not the caller's: they would see
#: a second chat-model run, and the wrapper's run already records what was sent)
_INNER_CONFIG: RunnableConfig = {"callbacks": []}


class SEAGChatModel(BaseChatModel):
    """Chat model wrapper: the inner model only ever sees consistent aliases.

    All messages of a call are analysed together and aliased with one table
    (same entity, same alias; name forms, places, dates and amounts kept
    consistent). Nothing is added to the messages — the model is not told.
    The answer, tool-call arguments and streamed tokens are restored. If
    detection or aliasing fails, :class:`privrag.PrivacyError` is raised
    before the inner model is called.

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        llm: any chat model.
        seag: a configured :class:`privrag.seag.SEAG` (detector, generator,
            conversation store); built from the defaults if omitted.
        conversation_id: with a store on ``seag``, keep aliases stable across
            the turns of this conversation.
        seed: fixed alias seed (reproducible tables); ``None`` draws one per call.
        trace: what this wrapper's own run records: ``"aliased"`` (default:
            what the inner model was sent and answered), ``"hidden"``
            (placeholders) or ``"original"`` (the caller's side; only for
            tracers you trust with the originals). Whatever reads tokens
            from callbacks (``astream_events``, LangGraph's ``messages``
            stream mode) gets what the run records; ``invoke``/``stream``
            return restored text in every mode.

    Instantiate:
        .. code-block:: python

            from langchain_privrag import SEAGChatModel

            private = SEAGChatModel(llm=ChatOpenAI(model="gpt-4o-mini"))

    Invoke:
        .. code-block:: python

            private.invoke("Summarise John Jordan's file: ...")
            for chunk in private.stream(messages):
                print(chunk.content, end="")
            await private.ainvoke(messages)
            private.bind_tools([lookup_patient]).invoke(messages)
            private.with_structured_output(Patient).invoke(messages)
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    llm: Runnable = Field(description="The inner chat model; it receives only aliased messages.")
    """The inner chat model; it receives only aliased messages."""
    seag: Any = Field(default=None, exclude=True, description="privrag.seag.SEAG; defaults if omitted.")
    """``privrag.seag.SEAG`` instance; built from the defaults if omitted."""
    conversation_id: str | None = Field(default=None, description="Conversation id for a SEAG store.")
    """Conversation id; with a store on ``seag`` aliases persist across turns."""
    seed: int | None = Field(default=None, description="Fixed alias seed; None draws one per call.")
    """Fixed alias seed; ``None`` draws a fresh one per call."""
    trace: TraceMode = Field(default="aliased", description="What this wrapper's run records.")
    """What this wrapper's own run records: ``"aliased"``, ``"hidden"`` or ``"original"``."""
    cache: BaseCache | bool | None = Field(default=False, exclude=True)
    """Off: every call draws its own table, so a cached answer could never be reused, and a
    global LLM cache would otherwise keep answers in memory. Cache the inner model instead."""

    def model_post_init(self, __context: Any) -> None:
        if self.seag is None:
            self.seag = SEAG()

    @property
    def _llm_type(self) -> str:
        return "privrag-seag"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"inner": type(_chat_model(self.llm)).__name__, "trace": self.trace}

    def _get_ls_params(self, stop: list[str] | None = None, **kwargs: Any) -> LangSmithParams:
        """The inner model's provider and model name: that is who generates."""
        kwargs.pop(CALL_KEY, None)
        inner = _chat_model(self.llm)
        params: LangSmithParams = (inner._get_ls_params(stop=stop, **kwargs) if isinstance(inner, BaseChatModel)
                                   else LangSmithParams(ls_provider="privrag", ls_model_type="chat"))
        params["ls_model_type"] = "chat"
        if isinstance(kwargs.get("model"), str):
            params["ls_model_name"] = kwargs["model"]
        params.setdefault("ls_model_name", type(inner).__name__)
        if stop:
            params["ls_stop"] = stop
        return params

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind tools (passed on to the inner model's ``bind_tools``); tool-call arguments are restored."""
        if not callable(getattr(_chat_model(self.llm), "bind_tools", None)):
            raise NotImplementedError(f"{type(self.llm).__name__} does not support tool calling")
        bound: dict[str, Any] = {"tools": [convert_to_openai_tool(t) for t in tools], **kwargs}
        if tool_choice is not None:
            bound["tool_choice"] = tool_choice
        return self.bind(**bound)

    # -- entry points: alias before the run starts, restore after ------------------------
    def _open(self, messages: list[BaseMessage]) -> Call:
        return open_call(self.seag, messages, seed=self.seed, conversation_id=self.conversation_id,
                         trace=self.trace)

    async def _aopen(self, messages: list[BaseMessage]) -> Call:
        import asyncio

        return await asyncio.to_thread(self._open, messages)

    def _result(self, call: Call, res: LLMResult) -> AIMessage:
        shown = res.generations[0][0].message
        src = shown if self.trace == "aliased" else call.final(shown.id, self.output_version)
        msg = restore_message(src, call.req)
        return msg if isinstance(msg, AIMessage) else AIMessage(content=msg.content)

    @staticmethod
    def _merge(results: list[LLMResult], messages: list[AIMessage]) -> LLMResult:
        gens = [[ChatGeneration(message=m)] for m in messages]
        runs = [r for res in results for r in (res.run or [])]
        return LLMResult(generations=gens, llm_output=results[0].llm_output if results else None, run=runs or None)

    def generate(
        self,
        messages: list[list[BaseMessage]],
        stop: list[str] | None = None,
        callbacks: Callbacks = None,
        **kwargs: Any,
    ) -> LLMResult:
        if CALL_KEY in kwargs:  # re-entry from BaseChatModel.stream's non-streaming fallback
            return super().generate(messages, stop, callbacks, **kwargs)
        results, outs = [], []
        for batch in messages:
            call = self._open(batch)
            try:
                res = super().generate([call.shown_input], stop, callbacks, **{**kwargs, CALL_KEY: call.token})
                results.append(res)
                outs.append(self._result(call, res))
            finally:
                call.close()
        return self._merge(results, outs)

    async def agenerate(
        self,
        messages: list[list[BaseMessage]],
        stop: list[str] | None = None,
        callbacks: Callbacks = None,
        **kwargs: Any,
    ) -> LLMResult:
        if CALL_KEY in kwargs:
            return await super().agenerate(messages, stop, callbacks, **kwargs)
        results, outs = [], []
        for batch in messages:
            call = await self._aopen(batch)
            try:
                res = await super().agenerate([call.shown_input], stop, callbacks, **{**kwargs, CALL_KEY: call.token})
                results.append(res)
                outs.append(self._result(call, res))
            finally:
                call.close()
        return self._merge(results, outs)

    def stream(
        self, input: LanguageModelInput, config: RunnableConfig | None = None, *, stop: list[str] | None = None,
        **kwargs: Any,
    ) -> Iterator[AIMessageChunk]:
        call = self._open(self._convert_input(input).to_messages())
        try:
            restorer = ChunkRestorer(call.req)
            for shown in super().stream(call.shown_input, config, stop=stop, **{**kwargs, CALL_KEY: call.token}):
                for src in call.sources(shown, self.trace, self.output_version):
                    yield restorer.feed(as_chunk(src))
            yield restorer.flush()
        finally:
            call.close()

    async def astream(
        self, input: LanguageModelInput, config: RunnableConfig | None = None, *, stop: list[str] | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[AIMessageChunk]:
        call = await self._aopen(self._convert_input(input).to_messages())
        try:
            restorer = ChunkRestorer(call.req)
            async for shown in super().astream(call.shown_input, config, stop=stop,
                                               **{**kwargs, CALL_KEY: call.token}):
                for src in call.sources(shown, self.trace, self.output_version):
                    yield restorer.feed(as_chunk(src))
            yield restorer.flush()
        finally:
            call.close()

    def _chat_model_stream_v3(self, input: LanguageModelInput, config: RunnableConfig | None = None, *,
                              stop: list[str] | None = None, **kwargs: Any) -> Any:
        """``stream_events(version="v3")``: the restored :meth:`stream`, as protocol events."""
        from langchain_privrag._seag_v3 import stream_v3

        return stream_v3(self.stream(input, config, stop=stop, **kwargs))

    async def _achat_model_stream_v3(self, input: LanguageModelInput, config: RunnableConfig | None = None, *,
                                     stop: list[str] | None = None, **kwargs: Any) -> Any:
        from langchain_privrag._seag_v3 import astream_v3

        return astream_v3(self.astream(input, config, stop=stop, **kwargs))

    # -- the inner call (messages here are what the run shows; the call holds the aliased ones)
    def _inner(self, kwargs: dict[str, Any]) -> tuple[Runnable, dict[str, Any]]:
        tools = kwargs.pop("tools", None)
        if tools is None:
            return self.llm, kwargs
        bind = getattr(self.llm, "bind_tools", None) or _chat_model(self.llm).bind_tools
        return bind(tools, **kwargs), {}

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        call = Call.of(kwargs)
        with inner_errors():
            inner, kw = self._inner(kwargs)
            out = call_inner(inner.invoke, call.aliased, config=_INNER_CONFIG, stop=stop, **kw)
        return ChatResult(generations=[ChatGeneration(message=call.answered(out))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        call = Call.of(kwargs)
        with inner_errors():
            inner, kw = self._inner(kwargs)
            out = await acall_inner(lambda: inner.ainvoke(call.aliased, config=_INNER_CONFIG, stop=stop, **kw))
        return ChatResult(generations=[ChatGeneration(message=call.answered(out))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        call = Call.of(kwargs)
        with inner_errors():
            inner, kw = self._inner(kwargs)
            for chunk in iter_inner(lambda: inner.stream(call.aliased, config=_INNER_CONFIG, stop=stop, **kw)):
                yield ChatGenerationChunk(message=call.streamed(chunk))
        tail = call.stream_tail()
        if tail is not None:
            yield ChatGenerationChunk(message=tail)

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        call = Call.of(kwargs)
        with inner_errors():
            inner, kw = self._inner(kwargs)
            async for chunk in aiter_inner(lambda: inner.astream(call.aliased, config=_INNER_CONFIG, stop=stop, **kw)):
                yield ChatGenerationChunk(message=call.streamed(chunk))
        tail = call.stream_tail()
        if tail is not None:
            yield ChatGenerationChunk(message=tail)


def _chat_model(llm: Runnable) -> Runnable:
    """The chat model inside bindings (``llm.bind(...)``, ``with_config``)."""
    while isinstance(llm, RunnableBinding):
        llm = llm.bound
    return llm


from langchain_privrag.seag_lcel import SEAGAliasRunnable, SEAGRestoreRunnable  # noqa: E402  (re-export)
