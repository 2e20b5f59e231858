"""One SEAGLLM request: its table, what is sent, what this wrapper's run is shown, and its release.

LlamaIndex's ``llm_chat_callback`` / ``llm_completion_callback`` and the
instrumentation dispatcher record the messages and the response of the
method they decorate. So SEAGLLM aliases *before* any of them runs and hands
its traced inner method only what the run may record: the aliased text
(``trace="aliased"``, default), placeholders (``"hidden"``) or the originals
(``"original"``). The request travels to that method in a context variable,
never in an event payload. :meth:`Call.release` drops the table's originals
when the call ends, also when it fails.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any, Literal

from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    TextBlock,
)

from llamaindex_privrag._seag_blocks import MediaMode, map_message
from privrag.metadata import PRIVRAG_KEY
from privrag.seag import SEAGRequest
from privrag.types import PrivacyError

__all__: list[str] = []

TraceMode = Literal["aliased", "hidden", "original"]
#: what a hidden run record shows in place of every string
HIDDEN = "[hidden by privrag]"

CURRENT: ContextVar[Call | None] = ContextVar("privrag_seag_llm_call", default=None)


def check_trace(trace: str) -> None:
    if trace not in ("aliased", "hidden", "original"):
        raise PrivacyError(f"unknown trace mode {trace!r}: use 'aliased', 'hidden' or 'original'")


def _hide(s: str) -> str:
    return HIDDEN if s else s


def hide_message(msg: ChatMessage) -> ChatMessage:
    return map_message(msg, _hide, "pass")


class Call:
    """One request's state; ``sent`` goes to the inner LLM, ``shown`` to this wrapper's run."""

    def __init__(self, req: SEAGRequest, original: Any, sent: Any, trace: TraceMode, media: MediaMode) -> None:
        self.req, self.original, self.sent, self.trace, self.media = req, original, sent, trace, media
        self.result: Any = None

    @property
    def shown(self) -> Any:
        if self.trace == "original":
            return self.original
        if self.trace == "hidden":
            if isinstance(self.sent, str):
                return _hide(self.sent)
            return [hide_message(m) for m in self.sent]
        return self.sent

    def show(self, aliased: Any, restored: Any) -> Any:
        """The response this wrapper's run records."""
        if self.trace == "original":
            return restored
        if self.trace == "aliased":
            return aliased
        if isinstance(aliased, ChatResponse):
            return ChatResponse(message=hide_message(aliased.message), delta=_hide(aliased.delta or ""))
        return CompletionResponse(text=_hide(aliased.text), delta=_hide(aliased.delta or ""))

    # -- restoring -------------------------------------------------------------------
    def restore_chat(self, resp: ChatResponse) -> ChatResponse:
        return ChatResponse(
            message=map_message(resp.message, self.req.restore, "pass"),
            delta=self.req.restore(resp.delta) if resp.delta else resp.delta,
            additional_kwargs={**resp.additional_kwargs, PRIVRAG_KEY: self.req.receipt.to_dict()},
        )

    def restore_completion(self, resp: CompletionResponse) -> CompletionResponse:
        return CompletionResponse(
            text=self.req.restore(resp.text),
            additional_kwargs={**resp.additional_kwargs, PRIVRAG_KEY: self.req.receipt.to_dict()},
        )

    def release(self) -> None:
        self.req.release()
        self.original = self.sent = self.result = None


@contextlib.contextmanager
def bound(call: Call) -> Iterator[None]:
    """Make ``call`` the current request of the traced inner method (this thread or task only)."""
    token = CURRENT.set(call)
    try:
        yield
    finally:
        CURRENT.reset(token)


def current() -> Call:
    call = CURRENT.get()
    if call is None:
        raise PrivacyError("SEAGLLM's traced method ran outside a request; nothing is sent")
    return call


@contextlib.contextmanager
def failures(call: Call | None = None) -> Iterator[None]:
    """Every failure a PrivacyError with its cause; the table released when it fails."""
    try:
        yield
    except BaseException as exc:
        if call is not None:
            call.release()
        if isinstance(exc, PrivacyError) or not isinstance(exc, Exception):
            raise
        raise PrivacyError(f"SEAGLLM call failed ({type(exc).__name__}); no answer was restored") from exc


class StreamRestore:
    """Restores one streamed response delta by delta and keeps the aliased text for the run record."""

    def __init__(self, call: Call) -> None:
        self.call = call
        self.restorer = call.req.streaming_restorer()
        self.text = ""
        self.aliased = ""
        self.role: Any = None
        self._last: ChatMessage | None = None

    def _feed(self, delta: str | None) -> str:
        self.aliased += delta or ""
        out = self.restorer.feed(delta or "")
        self.text += out
        return out

    def _message(self, inner: ChatMessage | None) -> ChatMessage:
        """The restored text as one text block, plus the inner message's other parts restored."""
        if inner is None:
            return ChatMessage(role=self.role or "assistant", content=self.text)
        other = map_message(inner.model_copy(update={"blocks": [b for b in inner.blocks
                                                                  if not isinstance(b, TextBlock)]}),
                            self.call.req.restore, "pass")
        return other.model_copy(update={"blocks": [TextBlock(text=self.text), *other.blocks]})

    def chat(self, r: ChatResponse) -> tuple[ChatResponse, ChatResponse]:
        """(restored, shown) for one inner chunk."""
        self.role = r.message.role
        self._last = r.message
        restored = ChatResponse(message=self._message(r.message), delta=self._feed(r.delta))
        return restored, self.call.show(r, restored)

    def chat_end(self) -> tuple[ChatResponse, ChatResponse]:
        tail = self.restorer.flush()
        self.text += tail
        restored = ChatResponse(message=self._message(self._last), delta=tail,
                                additional_kwargs={PRIVRAG_KEY: self.call.req.receipt.to_dict()})
        aliased = ChatResponse(message=ChatMessage(role=self.role or "assistant", content=self.aliased), delta="")
        return restored, self.call.show(aliased, restored)

    def completion(self, r: CompletionResponse) -> tuple[CompletionResponse, CompletionResponse]:
        delta = self._feed(r.delta)
        restored = CompletionResponse(text=self.text, delta=delta)
        return restored, self.call.show(r, restored)

    def completion_end(self) -> tuple[CompletionResponse, CompletionResponse]:
        tail = self.restorer.flush()
        self.text += tail
        restored = CompletionResponse(text=self.text, delta=tail,
                                      additional_kwargs={PRIVRAG_KEY: self.call.req.receipt.to_dict()})
        return restored, self.call.show(CompletionResponse(text=self.aliased, delta=""), restored)
