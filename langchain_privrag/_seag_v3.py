"""``stream_events(version="v3")`` for SEAGChatModel: protocol events of the *restored* stream.

BaseChatModel's v3 driver hands the caller and the run's callbacks one event
stream, so it cannot give the caller restored text while the run records
aliased text. Here the v3 stream is built from the wrapper's own
:meth:`~langchain_privrag.seag.SEAGChatModel.stream` (whose run records
what ``trace`` allows); the events go only to the caller.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.language_models._compat_bridge import achunks_to_events, chunks_to_events
from langchain_core.language_models.chat_model_stream import AsyncChatModelStream, ChatModelStream
from langchain_core.messages import AIMessageChunk
from langchain_core.outputs import ChatGenerationChunk
from langchain_protocol.protocol import MessageFinishData

__all__: list[str] = []


def _finish(stream: Any) -> None:
    if stream.done:
        return
    if stream.has_events:
        stream.dispatch(MessageFinishData(event="message-finish"))
    else:
        stream.fail(ValueError("No generation chunks were returned"))


def stream_v3(chunks: Iterator[AIMessageChunk]) -> ChatModelStream:
    stream = ChatModelStream()
    events: Iterator[Any] | None = None

    def start() -> None:
        nonlocal events
        if events is None:
            events = iter(chunks_to_events(ChatGenerationChunk(message=c) for c in chunks))

    def pump() -> bool:
        start()
        assert events is not None  # noqa: S101
        try:
            event = next(events)
        except StopIteration:
            _finish(stream)
            return False
        except BaseException as exc:
            stream.fail(exc)
            return False
        stream.dispatch(event)
        return True

    stream.set_start(start)
    stream.bind_pump(pump)
    return stream


def astream_v3(chunks: AsyncIterator[AIMessageChunk]) -> AsyncChatModelStream:
    stream = AsyncChatModelStream()
    events: AsyncIterator[Any] | None = None

    async def wrapped() -> AsyncIterator[ChatGenerationChunk]:
        async for c in chunks:
            yield ChatGenerationChunk(message=c)

    async def start() -> None:
        nonlocal events
        if events is None:
            events = achunks_to_events(wrapped()).__aiter__()

    async def pump() -> bool:
        await start()
        assert events is not None  # noqa: S101
        try:
            event = await events.__anext__()
        except StopAsyncIteration:
            _finish(stream)
            return False
        except BaseException as exc:
            stream.fail(exc)
            return False
        stream.dispatch(event)
        return True

    stream.set_start(start)
    stream.set_arequest_more(pump)
    return stream
