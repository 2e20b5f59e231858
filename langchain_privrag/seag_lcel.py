"""SEAG as two LCEL steps sharing one alias table per run: alias … restore."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.messages import AIMessageChunk
from langchain_core.runnables import Runnable, RunnableConfig, RunnableSequence
from langchain_core.runnables.base import coerce_to_runnable
from langchain_core.runnables.config import ensure_config

from langchain_privrag._seag_stream import ChunkRestorer
from langchain_privrag._seag_values import alias as _alias
from langchain_privrag._seag_values import collect as _collect
from langchain_privrag._seag_values import guarded, restore_value
from langchain_privrag.seag_scope import SEAGScope
from privrag.seag import SEAG, SEAGRequest
from privrag.types import PrivacyError

__all__ = ["SEAGAliasRunnable", "SEAGRestoreRunnable", "SEAGScope"]

# -- LCEL pieces ----------------------------------------------------------------------------

def _run_key(config: RunnableConfig | None) -> str | None:
    """The enclosing run (the sequence both steps belong to), or None outside one."""
    callbacks = (config or {}).get("callbacks")
    parent = getattr(callbacks, "parent_run_id", None)
    return str(parent) if parent else None


def _refuse_standalone() -> PrivacyError:
    return PrivacyError(
        "SEAGAliasRunnable runs only inside a sequence that also holds its restorer "
        "(alias | prompt | llm | parser | alias.restorer()): outside one, two requests could not be told "
        "apart. For a single model call use SEAGChatModel."
    )


class SEAGAliasRunnable(Runnable[Any, Any]):
    """LCEL step: alias every text of its input with one new table.

    Accepts a string, messages, a prompt value, documents, or a dict/list of
    these (``{"question": ..., "context": [Document, ...]}``): all texts and
    the policy-selected metadata strings are analysed together. Pair it with
    :meth:`restorer` (or ``SEAGRestoreRunnable(alias=...)``) later in the
    same sequence; the two share the table of each run.

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        seag: a configured :class:`privrag.seag.SEAG` (default detector and Faker if omitted).
        conversation_id / seed: as for :class:`SEAGChatModel`.

    Instantiate:
        .. code-block:: python

            from langchain_privrag import SEAGAliasRunnable

            alias = SEAGAliasRunnable()
            restore = alias.restorer()

    Invoke:
        .. code-block:: python

            chain = {"context": retriever, "question": RunnablePassthrough()} | alias | prompt | llm | StrOutputParser() | restore
            chain.invoke("Where does John Jordan live?")
    """

    #: tables of runs whose restore step has not run yet (bounded; older ones are dropped,
    #: so their restore step fails closed)
    MAX_PENDING = 4096

    def __init__(self, seag: SEAG | None = None, *, conversation_id: str | None = None, seed: int | None = None,
                 pending_ttl_s: float = 300.0) -> None:
        self.seag = seag if seag is not None else SEAG()
        self.conversation_id = conversation_id
        self.seed = seed
        self.pending_ttl_s = pending_ttl_s
        self._pending: OrderedDict[str, tuple[SEAGRequest, float]] = OrderedDict()
        self._lock = threading.Lock()

    def restorer(self) -> SEAGRestoreRunnable:
        return SEAGRestoreRunnable(alias=self)

    # -- composition: a sequence that starts at this step releases its table when it ends
    def __or__(self, other: Any) -> Runnable[Any, Any]:
        return SEAGScope(RunnableSequence(self, coerce_to_runnable(other)), self)

    def __ror__(self, other: Any) -> Runnable[Any, Any]:
        return SEAGScope(RunnableSequence(coerce_to_runnable(other), self), self)

    # -- table hand-over --------------------------------------------------------
    def _purge(self) -> None:
        now = time.monotonic()
        while self._pending:
            key, (_, deadline) = next(iter(self._pending.items()))
            if deadline > now and len(self._pending) <= self.MAX_PENDING:
                break
            _release(self._pending.popitem(last=False)[1][0])

    def _remember(self, key: str, req: SEAGRequest) -> None:
        with self._lock:
            self._pending[key] = (req, time.monotonic() + self.pending_ttl_s)
            self._purge()

    def discard(self, key: str) -> None:
        """Drop the table of run ``key`` (a sequence that failed before its restore step)."""
        with self._lock:
            entry = self._pending.pop(key, None)
        if entry is not None:
            _release(entry[0])

    def pending(self) -> int:
        """How many tables wait for their restore step (0 when every run has finished)."""
        with self._lock:
            self._purge()
            return len(self._pending)

    def take(self, config: RunnableConfig | None) -> SEAGRequest:
        """The request of this run (removed: a table lives for one request)."""
        key = _run_key(config)
        if key is None:
            raise _refuse_standalone()
        with self._lock:
            self._purge()
            entry = self._pending.pop(key, None)
        if entry is None:
            raise PrivacyError(
                "no alias table for this run: put SEAGAliasRunnable and its restorer in the same sequence"
            )
        return entry[0]

    def _prepare(self, value: Any) -> tuple[SEAGRequest, Any]:
        try:
            req = self.seag.prepare(_collect(self.seag, value), seed=self.seed, conversation_id=self.conversation_id)
            return req, _alias(self.seag, req, value)
        except PrivacyError:
            raise
        except Exception as exc:
            raise PrivacyError(f"SEAG could not alias the input ({type(exc).__name__})") from exc

    # -- Runnable ---------------------------------------------------------------
    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        key = _run_key(config)
        if key is None:
            raise _refuse_standalone()

        def run(value: Any) -> Any:
            req, out = self._prepare(value)
            self._remember(key, req)
            return out

        return self._call_with_config(run, input, ensure_config(config), run_type="chain")

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        key = _run_key(config)
        if key is None:
            raise _refuse_standalone()

        async def run(value: Any) -> Any:
            req, out = await asyncio.to_thread(self._prepare, value)
            self._remember(key, req)
            return out

        return await self._acall_with_config(run, input, ensure_config(config), run_type="chain")


class SEAGRestoreRunnable(Runnable[Any, Any]):
    """LCEL step: restore originals with the table of the paired alias step.

    Accepts a string, a message (content and tool-call arguments restored)
    or a dict/list of these; streams chunk by chunk (``transform``), holding
    back only a tail that could still be the start of an alias.

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        alias: the :class:`SEAGAliasRunnable` earlier in the same sequence.

    Instantiate:
        .. code-block:: python

            restore = SEAGRestoreRunnable(alias=alias)   # or alias.restorer()

    Invoke:
        .. code-block:: python

            for piece in (alias | prompt | llm | StrOutputParser() | restore).stream(question):
                print(piece, end="")
    """

    def __init__(self, alias: SEAGAliasRunnable) -> None:
        self.alias = alias

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        req = self.alias.take(config)
        try:
            return self._call_with_config(lambda v: _restore_any(req, v), input, ensure_config(config))
        finally:
            _release(req)

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        req = self.alias.take(config)

        async def run(value: Any) -> Any:
            return _restore_any(req, value)

        try:
            return await self._acall_with_config(run, input, ensure_config(config))
        finally:
            _release(req)

    def transform(self, input: Iterator[Any], config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        config = ensure_config(config)
        state = _RestoreStream(self.alias, dict(config))

        def run(chunks: Iterator[Any]) -> Iterator[Any]:
            for chunk in chunks:
                yield from state.feed(chunk)
            yield from state.flush()

        yield from self._transform_stream_with_config(input, run, config)

    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        yield from self.transform(iter([input]), config, **kwargs)

    async def atransform(
        self, input: AsyncIterator[Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        config = ensure_config(config)
        state = _RestoreStream(self.alias, dict(config))

        async def run(chunks: AsyncIterator[Any]) -> AsyncIterator[Any]:
            async for chunk in chunks:
                for out in state.feed(chunk):
                    yield out
            for out in state.flush():
                yield out

        async for out in self._atransform_stream_with_config(input, run, config):
            yield out

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        async def one() -> AsyncIterator[Any]:
            yield input

        async for out in self.atransform(one(), config, **kwargs):
            yield out


def _release(req: SEAGRequest) -> None:
    if hasattr(req, "release"):
        req.release()


def _restore_any(req: SEAGRequest, value: Any) -> Any:
    return restore_value(req, value)


class _RestoreStream:
    """Per-run streaming state of :class:`SEAGRestoreRunnable` (table fetched lazily:
    in a streaming chain the alias step runs only once input reaches it)."""

    def __init__(self, alias: SEAGAliasRunnable, config: RunnableConfig) -> None:
        self.alias = alias
        self.config = config
        self.req: SEAGRequest | None = None
        self.text: Any = None
        self.messages: ChunkRestorer | None = None

    def feed(self, chunk: Any) -> list[Any]:
        if self.req is None:
            self.req = self.alias.take(self.config)
        if isinstance(chunk, str):
            self.text = self.text or self.req.streaming_restorer()
            with guarded("restore the stream"):
                out = self.text.feed(chunk)
            return [out] if out else []
        if isinstance(chunk, AIMessageChunk):
            self.messages = self.messages or ChunkRestorer(self.req)
            return [self.messages.feed(chunk)]
        return [_restore_any(self.req, chunk)]

    def flush(self) -> list[Any]:
        out: list[Any] = []
        if self.text is not None:
            with guarded("restore the stream"):
                tail = self.text.flush()
            if tail:
                out.append(tail)
        if self.messages is not None:
            out.append(self.messages.flush())
        if self.req is not None:
            _release(self.req)  # the table is released with the stream
        self.req = self.text = self.messages = None
        return out
