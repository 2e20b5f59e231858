"""Translating LangChain values (messages, prompt values, documents) to strings and back for SEAG."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langchain_core.documents import Document
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGenerationChunk
from langchain_core.prompt_values import ChatPromptValue, StringPromptValue

from privrag.ids import safe_id
from privrag.metadata import PRIVRAG_KEY
from privrag.seag import SEAG, SEAGRequest
from privrag.textops import map_strings

__all__: list[str] = []



def _map_content(content: Any, f: Callable[[str], str]) -> Any:
    if isinstance(content, str):
        return f(content)
    if isinstance(content, list):
        out = []
        for block in content:
            if isinstance(block, str):
                out.append(f(block))
            elif isinstance(block, Mapping) and isinstance(block.get("text"), str):
                out.append({**block, "text": f(block["text"])})
            else:
                out.append(block)
        return out
    return content


def _map_message(msg: BaseMessage, f: Callable[[str], str]) -> BaseMessage:
    update: dict[str, Any] = {"content": _map_content(msg.content, f)}
    if msg.additional_kwargs:
        update["additional_kwargs"] = map_strings(msg.additional_kwargs, f)
    if isinstance(msg, AIMessage):
        if msg.tool_calls:
            update["tool_calls"] = [{**tc, "args": map_strings(tc["args"], f)} for tc in msg.tool_calls]
        if msg.invalid_tool_calls:
            update["invalid_tool_calls"] = [
                {**tc, "args": f(tc["args"]) if isinstance(tc.get("args"), str) else tc.get("args")}
                for tc in msg.invalid_tool_calls
            ]
        if isinstance(msg, AIMessageChunk) and msg.tool_call_chunks:
            update["tool_call_chunks"] = [
                {**tc, "args": f(tc["args"]) if isinstance(tc.get("args"), str) else tc.get("args")}
                for tc in msg.tool_call_chunks
            ]
    return msg.model_copy(update=update)


def _same(x: str | None) -> str | None:
    return x


def _map_value(
    value: Any,
    f: Callable[[str], str],
    md: Callable[[Mapping[str, Any] | None], Any],
    ids: Callable[[str | None], str | None] = _same,
) -> Any:
    """Apply ``f`` to every text, ``md`` to every document metadata and ``ids`` to every document id."""
    if isinstance(value, str):
        return f(value)
    if isinstance(value, Document):
        return Document(page_content=f(value.page_content), metadata=md(value.metadata), id=ids(value.id))
    if isinstance(value, BaseMessage):
        return _map_message(value, f)
    if isinstance(value, StringPromptValue):
        return StringPromptValue(text=f(value.text))
    if isinstance(value, ChatPromptValue):
        return ChatPromptValue(messages=[_map_message(m, f) for m in value.messages])
    if isinstance(value, Mapping):
        return {k: _map_value(v, f, md, ids) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_map_value(v, f, md, ids) for v in value)
    return value


def _collect(seag: SEAG, value: Any) -> list[str]:
    texts: list[str] = []

    def grab(s: str) -> str:
        texts.append(s)
        return s

    def grab_md(m: Mapping[str, Any] | None) -> Any:
        texts.extend(seag.metadata_strings(m))
        return m

    _map_value(value, grab, grab_md)
    return texts


def _alias(seag: SEAG, req: SEAGRequest, value: Any) -> Any:
    # a document id (often its file path) is not aliased but hashed: it is not restored
    return _map_value(value, req.table.alias, lambda m: seag.alias_metadata(req, m), safe_id)


def _restore_message(msg: BaseMessage, req: SEAGRequest) -> BaseMessage:
    out = _map_message(msg, req.table.restore)
    if isinstance(out, AIMessage):
        out.response_metadata = {**out.response_metadata, PRIVRAG_KEY: req.receipt.to_dict()}
    return out


class _StreamState:
    """Restores a stream of message chunks: text and tool-call argument fragments."""

    def __init__(self, req: SEAGRequest) -> None:
        self.req = req
        self.text = req.streaming_restorer()
        self.args: dict[Any, Any] = {}

    def feed(self, chunk: Any) -> ChatGenerationChunk | None:
        content = getattr(chunk, "content", chunk)
        text = content if isinstance(content, str) else "".join(
            b.get("text", "") if isinstance(b, Mapping) else str(b) for b in content or [])
        restored = self.text.feed(text)
        tcc = []
        for tc in getattr(chunk, "tool_call_chunks", None) or []:
            args = tc.get("args")
            if isinstance(args, str):
                if tc.get("index") is None:
                    args = self.req.table.restore(args)
                else:
                    stream = self.args.setdefault(tc["index"], self.req.table.json_streaming_restorer())
                    args = stream.feed(args)
            tcc.append({**tc, "args": args})
        if not restored and not tcc and not getattr(chunk, "response_metadata", None) \
                and not getattr(chunk, "usage_metadata", None):
            return None
        msg = AIMessageChunk(
            content=restored,
            tool_call_chunks=tcc,
            response_metadata=dict(getattr(chunk, "response_metadata", {}) or {}),
            usage_metadata=getattr(chunk, "usage_metadata", None),
            id=getattr(chunk, "id", None),
        )
        return ChatGenerationChunk(message=msg)

    def flush(self) -> ChatGenerationChunk:
        tail = self.text.flush()
        tcc = [{"name": None, "args": s.flush(), "id": None, "index": i, "type": "tool_call_chunk"}
               for i, s in self.args.items()]
        msg = AIMessageChunk(
            content=tail,
            tool_call_chunks=[t for t in tcc if t["args"]],
            response_metadata={PRIVRAG_KEY: self.req.receipt.to_dict()},
        )
        return ChatGenerationChunk(message=msg)
