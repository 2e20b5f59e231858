"""Restoring a stream of LangChain message chunks for SEAG.

An alias can be split across chunks ("Mi" + "ke Cruz"), so text is restored
by a streaming restorer that holds back only a tail that could still become
an alias. Each text-bearing content block (by its ``index``) and each
tool-call argument stream (by its ``index``; arguments are JSON text, so the
JSON-aware restorer decodes escapes) gets its own restorer; everything else
in a chunk is restored whole. :meth:`ChunkRestorer.flush` returns the held
tails as the last chunk (``chunk_position="last"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessageChunk, BaseMessage

from langchain_privrag._seag_values import guarded, map_message
from privrag.metadata import PRIVRAG_KEY
from privrag.seag import SEAGRequest

__all__: list[str] = []

#: the field holding the streamed prose of each text-bearing block type
_TEXT_FIELD = {"text": "text", "reasoning": "reasoning", "thinking": "thinking"}


class ChunkRestorer:
    """Per-stream state: restores :class:`AIMessageChunk` s one by one."""

    def __init__(self, req: SEAGRequest) -> None:
        self.req = req
        self.text = req.streaming_restorer()
        self.blocks: dict[Any, Any] = {}  # (type, index) -> streaming restorer
        self.block_shape: dict[Any, dict[str, Any]] = {}
        self.args: dict[Any, Any] = {}  # ("attr" | "block", index) -> JSON streaming restorer
        self.list_content = False
        self.last_id: str | None = None

    # -- pieces -------------------------------------------------------------------------
    def _args(self, where: str, tc: Mapping[str, Any]) -> Any:
        args = tc.get("args")
        if not isinstance(args, str):
            return self.req.table.restore_value(args) if args is not None else None
        if tc.get("index") is None:
            return self.req.table.restore(args)
        stream = self.args.setdefault((where, tc["index"]), self.req.table.json_streaming_restorer())
        return stream.feed(args)

    def _block(self, block: Any, position: int) -> Any:
        if isinstance(block, str):
            return self.text.feed(block)
        kind = block.get("type")
        field = _TEXT_FIELD.get(kind)
        if field is not None and isinstance(block.get(field), str):
            key = (kind, block.get("index", position))
            stream = self.blocks.setdefault(key, self.req.streaming_restorer())
            self.block_shape[key] = {k: v for k, v in block.items() if k not in (field, "annotations")}
            rest = map_message(AIMessageChunk(content=[{k: v for k, v in block.items() if k != field}]),
                               self.req.table.restore, strict=False).content[0]
            return {**rest, field: stream.feed(block[field])}
        if kind == "tool_call_chunk":
            return {**block, "args": self._args("block", block)}
        return map_message(AIMessageChunk(content=[block]), self.req.table.restore, strict=False).content[0]

    # -- stream -------------------------------------------------------------------------
    def feed(self, chunk: BaseMessage) -> AIMessageChunk:
        """The restored chunk (its text may be shorter: a held-back tail comes later)."""
        with guarded("restore the stream"):
            return self._feed(chunk)

    def flush(self) -> AIMessageChunk:
        """Every held-back tail, as the stream's last chunk."""
        with guarded("restore the stream"):
            return self._flush()

    def _feed(self, chunk: BaseMessage) -> AIMessageChunk:
        self.last_id = chunk.id or self.last_id
        content = chunk.content
        if isinstance(content, str):
            restored_content: Any = self.text.feed(content) if content else ""
        else:
            self.list_content = True
            restored_content = [self._block(b, i) for i, b in enumerate(content)]
        tcc = [{**tc, "args": self._args("attr", tc)} for tc in getattr(chunk, "tool_call_chunks", None) or []]
        rest = map_message(chunk.model_copy(update={"content": "", "tool_call_chunks": []}),
                           self.req.table.restore, strict=False)
        return AIMessageChunk(
            content=restored_content,
            tool_call_chunks=tcc,
            additional_kwargs=rest.additional_kwargs,
            response_metadata=rest.response_metadata,
            usage_metadata=getattr(chunk, "usage_metadata", None),
            name=rest.name,
            id=chunk.id,
        )

    def _flush(self) -> AIMessageChunk:
        text_tail = self.text.flush()
        blocks: list[Any] = []
        for key, stream in self.blocks.items():
            tail = stream.flush()
            if tail:
                kind = key[0]
                blocks.append({**self.block_shape[key], _TEXT_FIELD[kind]: tail})
        tcc = []
        for (where, index), stream in self.args.items():
            tail = stream.flush()
            if tail and where == "attr":
                tcc.append({"name": None, "args": tail, "id": None, "index": index, "type": "tool_call_chunk"})
            elif tail:
                blocks.append({"type": "tool_call_chunk", "name": None, "args": tail, "id": None, "index": index})
        if self.list_content or blocks:
            content: Any = ([text_tail] if text_tail else []) + blocks
        else:
            content = text_tail
        return AIMessageChunk(
            content=content,
            tool_call_chunks=tcc,
            response_metadata={PRIVRAG_KEY: self.req.receipt.to_dict()},
            id=self.last_id,
            chunk_position="last",
        )
