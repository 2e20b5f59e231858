"""Every string of every LangChain value, for SEAG: collected, aliased, restored.

SEAG may only promise "the model never sees a real name" if *every* string
the model receives went through detection and aliasing. LangChain messages
carry text in many places besides ``content``: a participant ``name``,
content blocks of many kinds (text, reasoning/thinking, citations, Anthropic
``tool_use`` inputs and ``tool_result`` blocks with nested content, file
blocks with extracted text), tool-call arguments (parsed, raw JSON and
streamed fragments), ``additional_kwargs``, ``response_metadata`` and tool
artifacts. So the walk here is generic and fail-closed: every string is
mapped except under :data:`OPAQUE_KEYS` (identifiers, binary payloads,
enumerations), and a value of a type it cannot read raises
:class:`~privrag.types.PrivacyError` when aliasing instead of passing
through. :data:`MESSAGE_FIELDS` and :data:`BLOCK_TYPES` name what was
reviewed; a test enumerates LangChain's own message classes and content
block types and fails when one appears that is not listed here.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from langchain_core.documents import Document
from langchain_core.messages import BaseMessage
from langchain_core.prompt_values import ChatPromptValue, StringPromptValue
from pydantic import BaseModel

from privrag.ids import safe_id
from privrag.metadata import PRIVRAG_KEY
from privrag.seag import SEAG, SEAGRequest
from privrag.types import PrivacyError

__all__: list[str] = ["MESSAGE_FIELDS", "BLOCK_TYPES", "OPAQUE_KEYS"]

#: keys whose string values are identifiers, binary payloads or enumerations:
#: aliasing them would break the request and they carry no prose
OPAQUE_KEYS = frozenset({
    "type", "id", "index", "tool_call_id", "call_id", "mime_type", "media_type", "source_type", "base64",
    "data", "signature", "file_id", "cache_control", "format", "status", "chunk_position", "role",
    "encrypted_content", "detail", "start_index", "end_index",
})
#: keys whose string values are JSON documents (tool arguments): decoded first,
#: so a name written with ``\\u`` escapes is still found
JSON_KEYS = frozenset({"args", "arguments", "partial_json"})

#: how each field of a LangChain message is treated ("text": every string in it
#: is aliased; "opaque": an identifier or enumeration, left as it is)
MESSAGE_FIELDS: dict[str, str] = {
    "content": "text", "additional_kwargs": "text", "response_metadata": "text", "name": "text",
    "tool_calls": "text", "invalid_tool_calls": "text", "tool_call_chunks": "text", "artifact": "text",
    "usage_metadata": "opaque", "type": "opaque", "id": "opaque", "tool_call_id": "opaque",
    "status": "opaque", "role": "opaque", "chunk_position": "opaque",
}

#: content-block types reviewed: their strings are aliased except under OPAQUE_KEYS
#: (LangChain's standard v1 blocks, its v0 multimodal blocks, and the provider
#: formats its translators read: Anthropic, OpenAI, Bedrock, Google)
BLOCK_TYPES = frozenset({
    # langchain_core.messages.content (v1)
    "text", "reasoning", "refusal", "citation", "non_standard_annotation", "tool_call", "tool_call_chunk",
    "invalid_tool_call", "server_tool_call", "server_tool_call_chunk", "server_tool_result", "image", "video",
    "audio", "text-plain", "file", "non_standard",
    # provider formats read by langchain_core.messages.block_translators (Anthropic, OpenAI
    # chat/responses, Bedrock, Google), and the source kinds they compare "type" with
    "thinking", "redacted_thinking", "tool_use", "tool_result", "server_tool_use", "web_search_tool_result",
    "document", "image_url", "input_audio", "input_text", "output_text", "input_image", "input_file",
    "function_call", "function_call_output", "search_result", "mcp_tool_use", "mcp_tool_result", "mcp_call",
    "mcp_list_tools", "code_execution_tool_result", "code_execution_result", "code_interpreter_call",
    "executable_code", "file_search_call", "image_generation_call", "web_search_call", "web_search_result",
    "tool_search_call", "tool_search_output", "reasoning_content", "file_data", "web_search_result_location",
    "char_location", "page_location", "content_block_location", "search_result_location", "url_citation",
    "file_citation", "input_json_delta", "function", "base64", "url", "id", "python", "search",
})

_SCALARS = (int, float, bool, type(None), bytes)


def _data_url(s: str) -> bool:
    """An inline binary payload (``data:…;base64,…``) under any key: bytes, not prose."""
    return s.startswith("data:") and ";base64," in s[:200]


def _looks_json(s: str) -> bool:
    head = s.lstrip()[:1]
    return head in ("{", "[")


class _Walker:
    """Maps every string of a JSON-like value with ``f``; ``strict`` refuses unknown objects."""

    def __init__(self, f: Callable[[str], str], *, strict: bool) -> None:
        self.f = f
        self.strict = strict

    def json_string(self, s: str) -> str:
        """A JSON document in a string: map its decoded strings (escapes included)."""
        if _looks_json(s):
            try:
                parsed = json.loads(s)
            except ValueError:
                return self.f(s)  # a partial fragment: map it as text
            return json.dumps(self.value(parsed), ensure_ascii=False)
        return self.f(s)

    def value(self, v: Any, key: str | None = None) -> Any:
        if isinstance(v, str):
            if key in OPAQUE_KEYS or _data_url(v):
                return v
            return self.json_string(v) if key in JSON_KEYS else self.f(v)
        if isinstance(v, _SCALARS):
            return v
        if isinstance(v, Mapping):
            return {k: (x if k in OPAQUE_KEYS and not isinstance(x, (Mapping, list)) else self.value(x, k))
                    for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(self.value(x, key) for x in v)
        if isinstance(v, Document):
            return Document(page_content=self.f(v.page_content), metadata=self.value(v.metadata), id=v.id)
        if isinstance(v, BaseMessage):
            return map_message(v, self.f, strict=self.strict)
        if isinstance(v, BaseModel):
            try:
                return type(v).model_validate(self.value(v.model_dump()))
            except Exception as exc:
                if self.strict:
                    raise PrivacyError(f"cannot alias a {type(v).__name__}: it does not round-trip") from exc
                return v
        if self.strict:
            raise PrivacyError(f"cannot alias a value of type {type(v).__name__}; pass strings, dicts or lists")
        return v


def map_message(msg: BaseMessage, f: Callable[[str], str], *, strict: bool = True) -> BaseMessage:
    """``msg`` with every string of every field mapped by ``f`` (see :data:`MESSAGE_FIELDS`).

    A field this module does not know is mapped like ``"text"``: a new
    LangChain field is aliased, never sent as written.
    """
    walk = _Walker(f, strict=strict)
    update: dict[str, Any] = {}
    for field in type(msg).model_fields:
        if MESSAGE_FIELDS.get(field) == "opaque":
            continue
        value = getattr(msg, field, None)
        if value is None or value == {} or value == [] or value == "":
            continue
        update[field] = walk.value(value)
    return msg.model_copy(update=update)


def _same(x: str | None) -> str | None:
    return x


def map_value(
    value: Any,
    f: Callable[[str], str],
    md: Callable[[Mapping[str, Any] | None], Any],
    ids: Callable[[str | None], str | None] = _same,
    *,
    strict: bool = True,
) -> Any:
    """Apply ``f`` to every text, ``md`` to every document metadata and ``ids`` to every document id."""
    if isinstance(value, str):
        return f(value)
    if isinstance(value, Document):
        return Document(page_content=f(value.page_content), metadata=md(value.metadata), id=ids(value.id))
    if isinstance(value, BaseMessage):
        return map_message(value, f, strict=strict)
    if isinstance(value, StringPromptValue):
        return StringPromptValue(text=f(value.text))
    if isinstance(value, ChatPromptValue):
        return ChatPromptValue(messages=[map_message(m, f, strict=strict) for m in value.messages])
    if isinstance(value, Mapping):
        return {k: map_value(v, f, md, ids, strict=strict) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(map_value(v, f, md, ids, strict=strict) for v in value)
    return _Walker(f, strict=strict).value(value)


def collect(seag: SEAG, value: Any) -> list[str]:
    """Every string :func:`alias` will map, in order (the texts SEAG analyses together)."""
    texts: list[str] = []

    def grab(s: str) -> str:
        texts.append(s)
        return s

    def grab_md(m: Mapping[str, Any] | None) -> Any:
        texts.extend(seag.metadata_strings(m))
        return m

    map_value(value, grab, grab_md)
    return texts


def alias(seag: SEAG, req: SEAGRequest, value: Any) -> Any:
    # a document id (often its file path) is not aliased but hashed: it is not restored
    return map_value(value, req.table.alias, lambda m: seag.alias_metadata(req, m), safe_id)


@contextlib.contextmanager
def guarded(what: str) -> Iterator[None]:
    """Any failure inside as a PrivacyError naming the step (never the text) and chaining the cause."""
    try:
        yield
    except PrivacyError:
        raise
    except Exception as exc:
        raise PrivacyError(f"SEAG could not {what} ({type(exc).__name__})") from exc


def restore_value(req: SEAGRequest, value: Any) -> Any:
    if isinstance(value, BaseMessage):
        return restore_message(value, req)
    with guarded("restore the answer"):
        return map_value(value, req.table.restore, req.table.restore_value, strict=False)


def restore_message(msg: BaseMessage, req: SEAGRequest) -> BaseMessage:
    with guarded("restore the answer"):
        out = map_message(msg, req.table.restore, strict=False)
        if out.type == "ai":
            out.response_metadata = {**out.response_metadata, PRIVRAG_KEY: req.receipt.to_dict()}
        return out
