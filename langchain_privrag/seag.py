"""SEAG for LangChain: a chat-model wrapper and two LCEL pieces.

* :class:`SEAGChatModel` wraps any chat model. Every call analyses all of
  its messages together (system prompt, question, retrieved context, tool
  results, earlier tool-call arguments), sends the aliased messages to the
  inner model with the inner model's callbacks — so its traces see only
  aliases — and restores the answer, its tool-call arguments and every
  streamed token.
* :class:`SEAGAliasRunnable` and :class:`SEAGRestoreRunnable` do the same as
  two steps of one chain (``alias | prompt | llm | parser | restore``), so
  retrieved documents (content and policy-selected metadata) and the
  question share one table. The restore step finds its table by the run of
  the enclosing sequence, so concurrent and batched chains never mix.

All privacy logic is in :mod:`privrag.seag`; this module translates types.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from langchain_core.callbacks import (
    AsyncCallbackManager,
    AsyncCallbackManagerForLLMRun,
    CallbackManager,
    CallbackManagerForLLMRun,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableConfig
from pydantic import ConfigDict, Field

from langchain_privrag._seag_values import _alias, _collect, _restore_message, _StreamState
from privrag.metadata import PRIVRAG_KEY
from privrag.seag import SEAG, SEAGRequest

__all__ = ["SEAGChatModel", "SEAGAliasRunnable", "SEAGRestoreRunnable"]

# -- the chat-model wrapper -------------------------------------------------------------


class SEAGChatModel(BaseChatModel):
    """Chat model wrapper: the inner model only ever sees consistent aliases.

    All messages of a call are analysed together and aliased with one table
    (same entity, same alias; name forms, places, dates and amounts kept
    consistent). Nothing is added to the messages — the model is not told.
    The answer, tool-call arguments and streamed tokens are restored. If
    detection or aliasing fails, :class:`privrag.PrivacyError` is raised
    before the inner model is called.

    The inner model runs as a child run with the caller's inheritable
    callbacks and its own, so its traces and callback events carry only
    aliased text. This wrapper's own run shows the caller's original
    messages and the restored answer (the user's side): attach a tracer that
    leaves your premises to the inner model (``llm.with_config(callbacks=...)``),
    not to the wrapper.

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        llm: any chat model (or a chat model with tools bound).
        seag: a configured :class:`privrag.seag.SEAG` (detector, generator,
            conversation store); built from the defaults if omitted.
        conversation_id: with a store on ``seag``, keep aliases stable across
            the turns of this conversation.
        seed: fixed alias seed (reproducible tables); ``None`` draws one per call.

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

    def model_post_init(self, __context: Any) -> None:
        if self.seag is None:
            self.seag = SEAG()

    @property
    def _llm_type(self) -> str:
        return "privrag-seag"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"inner": type(self.llm).__name__}

    # -- aliasing ---------------------------------------------------------------
    def _prepare(self, messages: list[BaseMessage]) -> tuple[SEAGRequest, list[BaseMessage]]:
        req = self.seag.prepare(_collect(self.seag, messages), seed=self.seed, conversation_id=self.conversation_id)
        return req, _alias(self.seag, req, messages)

    async def _aprepare(self, messages: list[BaseMessage]) -> tuple[SEAGRequest, list[BaseMessage]]:
        req = await self.seag.aprepare(
            _collect(self.seag, messages), seed=self.seed, conversation_id=self.conversation_id
        )
        return req, _alias(self.seag, req, messages)

    @staticmethod
    def _config(run_manager: Any) -> RunnableConfig:
        """Callbacks for the inner call: the caller's inheritable handlers, as a
        child of this run (LLM run managers have no ``get_child``)."""
        if run_manager is None:
            return {}
        cls = AsyncCallbackManager if isinstance(run_manager, AsyncCallbackManagerForLLMRun) else CallbackManager
        manager = cls(
            handlers=list(run_manager.inheritable_handlers),
            inheritable_handlers=list(run_manager.inheritable_handlers),
            parent_run_id=run_manager.run_id,
            tags=list(run_manager.inheritable_tags),
            inheritable_tags=list(run_manager.inheritable_tags),
            metadata=dict(run_manager.inheritable_metadata),
            inheritable_metadata=dict(run_manager.inheritable_metadata),
        )
        return {"callbacks": manager}

    # -- calls --------------------------------------------------------------------
    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        req, aliased = self._prepare(messages)
        out = self.llm.invoke(aliased, config=self._config(run_manager), stop=stop, **kwargs)
        return ChatResult(generations=[ChatGeneration(message=self._restore(out, req))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        req, aliased = await self._aprepare(messages)
        out = await self.llm.ainvoke(aliased, config=self._config(run_manager), stop=stop, **kwargs)
        return ChatResult(generations=[ChatGeneration(message=self._restore(out, req))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        req, aliased = self._prepare(messages)
        state = _StreamState(req)
        for chunk in self.llm.stream(aliased, config=self._config(run_manager), stop=stop, **kwargs):
            out = state.feed(chunk)
            if out is not None:
                if run_manager:
                    run_manager.on_llm_new_token(out.text, chunk=out)
                yield out
        final = state.flush()
        if run_manager:
            run_manager.on_llm_new_token(final.text, chunk=final)
        yield final

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        req, aliased = await self._aprepare(messages)
        state = _StreamState(req)
        async for chunk in self.llm.astream(aliased, config=self._config(run_manager), stop=stop, **kwargs):
            out = state.feed(chunk)
            if out is not None:
                if run_manager:
                    await run_manager.on_llm_new_token(out.text, chunk=out)
                yield out
        final = state.flush()
        if run_manager:
            await run_manager.on_llm_new_token(final.text, chunk=final)
        yield final

    @staticmethod
    def _restore(out: Any, req: SEAGRequest) -> AIMessage:
        if isinstance(out, BaseMessage):
            msg = _restore_message(out, req)
            return msg if isinstance(msg, AIMessage) else AIMessage(content=msg.content)
        return AIMessage(content=req.restore(str(out)), response_metadata={PRIVRAG_KEY: req.receipt.to_dict()})

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> SEAGChatModel:  # type: ignore[override]
        """Bind tools to the inner model; arguments of its tool calls are restored."""
        bind = getattr(self.llm, "bind_tools", None)
        if bind is None:
            raise TypeError(f"{type(self.llm).__name__} does not support tool calling")
        return self.model_copy(update={"llm": bind(tools, **kwargs)})


from langchain_privrag.seag_lcel import SEAGAliasRunnable, SEAGRestoreRunnable  # noqa: E402  (re-export)
