"""One SEAG request inside :class:`~langchain_privrag.seag.SEAGChatModel`: its table, its
aliased messages, what the wrapper's run is shown, and its release.

BaseChatModel starts the run (callbacks, tracers) before ``_generate`` /
``_stream`` see the messages, so the wrapper aliases *first* and hands
BaseChatModel only what the run may record (aliased, placeholders or the
originals: ``trace``). The aliased messages and the table travel to
``_generate`` as a random token in the call's keyword arguments — the token
names a registry entry, so no run record, cache key or log line ever holds
the table. :meth:`Call.close` removes the entry and drops every reference to
the table and the messages, also when the call fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import secrets
import threading
from collections import deque
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any, Literal

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, message_chunk_to_message
from langchain_core.runnables.config import var_child_runnable_config

from langchain_privrag._seag_stream import ChunkRestorer
from langchain_privrag._seag_values import alias, collect, map_message, restore_message
from privrag.seag import SEAG, SEAGRequest
from privrag.types import PrivacyError

__all__: list[str] = []

TraceMode = Literal["aliased", "hidden", "original"]
#: the keyword argument that carries a call's token through BaseChatModel
CALL_KEY = "privrag_call"
#: what a hidden run record shows in place of every string
HIDDEN = "[hidden by privrag]"

_REGISTRY: dict[str, Call] = {}
_LOCK = threading.Lock()


def open_calls() -> int:
    """How many calls hold a table now (0 when nothing runs: tables are released)."""
    with _LOCK:
        return len(_REGISTRY)


def hide(msg: BaseMessage) -> BaseMessage:
    """``msg`` with every string replaced by :data:`HIDDEN` (structure, roles and ids kept)."""
    return map_message(msg, lambda s: HIDDEN if s else s, strict=False)


def as_ai(out: Any) -> AIMessage:
    if isinstance(out, AIMessageChunk):
        return message_chunk_to_message(out)  # type: ignore[return-value]
    if isinstance(out, AIMessage):
        return out
    if isinstance(out, BaseMessage):
        return AIMessage(content=out.content, id=out.id)
    return AIMessage(content=str(out))


def as_chunk(msg: Any) -> AIMessageChunk:
    """A message chunk for the stream restorer (a whole answer becomes one chunk)."""
    if isinstance(msg, AIMessageChunk):
        return msg
    msg = as_ai(msg)
    return AIMessageChunk(
        content=msg.content,
        additional_kwargs=msg.additional_kwargs,
        response_metadata=msg.response_metadata,
        usage_metadata=msg.usage_metadata,
        name=msg.name,
        id=msg.id,
        tool_call_chunks=[{"name": tc["name"], "args": json.dumps(tc["args"], ensure_ascii=False), "id": tc["id"],
                           "index": i, "type": "tool_call_chunk"} for i, tc in enumerate(msg.tool_calls)],
    )


def _detached() -> contextvars.Context:
    """A context without the caller's run config: LangChain would otherwise merge the
    caller's callbacks into the inner call (a second chat-model run for its handlers)."""
    ctx = contextvars.copy_context()
    ctx.run(var_child_runnable_config.set, None)
    return ctx


def call_inner(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return _detached().run(fn, *args, **kwargs)


def iter_inner(make: Callable[[], Iterable[Any]]) -> Iterator[Any]:
    ctx = _detached()
    it = ctx.run(lambda: iter(make()))
    while True:
        try:
            item = ctx.run(next, it)
        except StopIteration:
            return
        yield item


async def acall_inner(make: Callable[[], Awaitable[Any]]) -> Any:
    async def run() -> Any:
        var_child_runnable_config.set(None)  # a task runs in a copy of the context: local to it
        return await make()

    return await asyncio.ensure_future(run())


async def aiter_inner(make: Callable[[], AsyncIterable[Any]]) -> AsyncIterator[Any]:
    it = make().__aiter__()

    async def step() -> Any:
        var_child_runnable_config.set(None)
        return await it.__anext__()

    while True:
        try:
            item = await asyncio.ensure_future(step())
        except StopAsyncIteration:
            return
        yield item


@contextlib.contextmanager
def inner_errors() -> Iterator[None]:
    """The inner model's failure as a PrivacyError (its error is the cause; nothing is restored)."""
    try:
        yield
    except PrivacyError:
        raise
    except Exception as exc:
        raise PrivacyError(f"the inner model failed ({type(exc).__name__}); no answer was restored") from exc


def open_call(
    seag: SEAG, messages: list[BaseMessage], *, seed: int | None, conversation_id: str | None, trace: TraceMode
) -> Call:
    """Analyse and alias ``messages`` (every part of every message) as one request."""
    if trace not in ("aliased", "hidden", "original"):
        raise PrivacyError(f"unknown trace mode {trace!r}: use 'aliased', 'hidden' or 'original'")
    try:
        req = seag.prepare(collect(seag, messages), seed=seed, conversation_id=conversation_id)
        aliased = alias(seag, req, messages)
    except PrivacyError:
        raise
    except Exception as exc:
        raise PrivacyError(f"SEAG could not alias the request ({type(exc).__name__})") from exc
    call = Call(req, list(messages), list(aliased), trace, secrets.token_hex(16))
    with _LOCK:
        _REGISTRY[call.token] = call
    return call


class Call:
    """The state of one request; its ``repr`` names nothing."""

    __slots__ = ("req", "original", "aliased", "trace", "token", "out", "merged", "pending", "shower", "yielded",
                 "v1_index", "v1_type")

    def __init__(self, req: SEAGRequest, original: list[BaseMessage], aliased: list[BaseMessage],
                 trace: TraceMode, token: str) -> None:
        self.req: Any = req
        self.original: Any = original
        self.aliased: Any = aliased
        self.trace = trace
        self.token = token
        self.out: AIMessage | None = None
        self.merged: AIMessageChunk | None = None
        self.pending: deque[AIMessageChunk] = deque()
        self.shower: ChunkRestorer | None = None
        self.yielded = False
        self.v1_index = -1
        self.v1_type = ""

    def __repr__(self) -> str:
        return "<privrag SEAG call>"

    @classmethod
    def of(cls, kwargs: dict[str, Any]) -> Call:
        token = kwargs.pop(CALL_KEY, None)
        with _LOCK:
            call = _REGISTRY.get(token) if isinstance(token, str) else None
        if call is None:
            raise PrivacyError("SEAGChatModel's _generate/_stream ran outside its entry points "
                               "(invoke, stream, batch, generate and their async forms); nothing was sent")
        return call

    def close(self) -> None:
        """Release the table and every message of this request."""
        with _LOCK:
            _REGISTRY.pop(self.token, None)
        if self.req is not None and hasattr(self.req, "release"):
            self.req.release()
        self.req = self.original = self.aliased = self.out = self.merged = self.shower = None
        self.pending.clear()

    # -- what the wrapper's run records -----------------------------------------------
    @property
    def shown_input(self) -> list[BaseMessage]:
        if self.trace == "aliased":
            return self.aliased
        if self.trace == "original":
            return self.original
        return [hide(m) for m in self.aliased]

    def answered(self, out: Any) -> AIMessage:
        """Keep the inner model's (aliased) answer; return what the run records."""
        self.out = out = as_ai(out)
        if self.trace == "aliased":
            return out
        if self.trace == "original":
            return restore_message(out, self.req)  # type: ignore[return-value]
        return hide(out)  # type: ignore[return-value]

    def streamed(self, chunk: Any) -> AIMessageChunk:
        """Keep an (aliased) chunk; return what the run records."""
        chunk = as_chunk(chunk)
        self.pending.append(chunk)
        self.merged = chunk if self.merged is None else self.merged + chunk
        if self.trace == "aliased":
            return chunk
        if self.trace == "original":
            self.shower = self.shower or ChunkRestorer(self.req)
            return self.shower.feed(chunk)
        return hide(chunk)  # type: ignore[return-value]

    def stream_tail(self) -> AIMessageChunk | None:
        return self.shower.flush() if self.shower is not None else None

    # -- what the caller gets back (restored by the entry point) -------------------------
    def final(self, message_id: str | None, output_version: str | None) -> AIMessage:
        src = self.out if self.out is not None else as_ai(self.merged or AIMessageChunk(content=""))
        src = src.model_copy(update={"id": src.id or message_id})
        return _v1(src, output_version)  # type: ignore[return-value]

    def sources(self, shown: Any, trace: TraceMode, output_version: str | None) -> Iterator[Any]:
        """The aliased chunks behind one chunk the run recorded."""
        if trace == "aliased":
            yield shown
            return
        while self.pending:
            self.yielded = True
            yield self._indexed(_v1(self.pending.popleft(), output_version))
        if not self.yielded and self.out is not None:  # BaseChatModel fell back to invoke
            self.yielded = True
            yield self._indexed(_v1(self.out, output_version))

    def _indexed(self, msg: BaseMessage) -> BaseMessage:
        """Number v1 blocks as BaseChatModel.stream does, so chunks of one block merge."""
        if isinstance(msg.content, list):
            for block in msg.content:
                if isinstance(block, dict):
                    if block.get("type") != self.v1_type:
                        self.v1_type = block.get("type", "")
                        self.v1_index += 1
                    block.setdefault("index", self.v1_index)
        return msg


def _v1(msg: BaseMessage, output_version: str | None) -> BaseMessage:
    if output_version != "v1":
        return msg
    from langchain_core.language_models._utils import _update_message_content_to_blocks

    return _update_message_content_to_blocks(msg, "v1")
