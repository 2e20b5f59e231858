"""Every string of every LlamaIndex message part, for SEAG: collected, aliased, restored.

SEAG may only promise "the model never sees a real name" if every string the
inner LLM receives went through detection and aliasing. A LlamaIndex
``ChatMessage`` carries text in its ``blocks`` (text, documents, citable
content and citations, thinking, tool calls …) and in ``additional_kwargs``
(tool calls of the OpenAI shape, tool names and results). :data:`BLOCK_FIELDS`
classifies every field of every content-block type the installed
``llama_index.core`` defines:

* ``text`` — every string in it is aliased (nested dicts, lists and pydantic
  objects walked; a value of a type the walk cannot read is a ``PrivacyError``);
* ``json`` — a dict, or a JSON string decoded first (tool arguments);
* ``blocks`` — nested content blocks, handled by their own entry;
* ``opaque`` — an identifier, enumeration, number or cache setting;
* ``media`` — a binary payload or where it is fetched from (image, audio,
  video, document bytes, ``path``, ``url``). SEAG cannot alias pixels or
  sound, so these are refused (``media="refuse"``, the default) unless the
  caller vouches for them with ``media="pass"``.

A block type or field not listed here is refused at run time, and a test
enumerates the ``ContentBlock`` union and every model field from
``llama_index`` itself, so a new block type fails the test instead of
leaking.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Literal

from llama_index.core.base.llms.types import ChatMessage
from pydantic import BaseModel

from privrag.textops import STRUCTURAL_KEYS
from privrag.types import PrivacyError

__all__ = ["BLOCK_FIELDS", "MESSAGE_FIELDS", "MediaMode", "map_message", "message_strings"]

MediaMode = Literal["refuse", "pass"]
Kind = Literal["text", "json", "blocks", "opaque", "media"]

#: how each field of each content-block type is treated (reviewed against llama_index.core 0.14)
BLOCK_FIELDS: dict[str, dict[str, Kind]] = {
    "TextBlock": {"block_type": "opaque", "text": "text"},
    "ImageBlock": {"block_type": "opaque", "image": "media", "path": "media", "url": "media",
                   "image_mimetype": "opaque", "detail": "opaque"},
    "AudioBlock": {"block_type": "opaque", "audio": "media", "path": "media", "url": "media", "format": "opaque"},
    "VideoBlock": {"block_type": "opaque", "video": "media", "path": "media", "url": "media",
                   "video_mimetype": "opaque", "detail": "opaque", "fps": "opaque"},
    "DocumentBlock": {"block_type": "opaque", "data": "media", "path": "media", "url": "media", "title": "text",
                      "document_mimetype": "opaque"},
    "CachePoint": {"block_type": "opaque", "cache_control": "opaque"},
    "CitableBlock": {"block_type": "opaque", "title": "text", "source": "text", "content": "blocks"},
    "CitationBlock": {"block_type": "opaque", "cited_content": "blocks", "source": "text", "title": "text",
                      "additional_location_info": "opaque"},
    "ThinkingBlock": {"block_type": "opaque", "content": "text", "num_tokens": "opaque",
                      "additional_information": "text"},
    "ToolCallBlock": {"block_type": "opaque", "tool_call_id": "opaque", "tool_name": "opaque", "tool_kwargs": "json"},
}
#: fields of ChatMessage itself
MESSAGE_FIELDS: dict[str, Kind] = {"role": "opaque", "additional_kwargs": "text", "blocks": "blocks"}
#: keys inside additional_kwargs / tool arguments whose values are ids, enumerations or signatures
OPAQUE_KEYS = STRUCTURAL_KEYS | frozenset({"role", "signature", "cache_control", "format", "mime_type", "detail"})
#: keys whose string values are JSON documents (OpenAI-style tool arguments): decoded first,
#: so a name written with ``\\u`` escapes is still found
JSON_KEYS = frozenset({"arguments", "args", "partial_json"})


def map_message(msg: ChatMessage, f: Callable[[str], str], media: MediaMode) -> ChatMessage:
    """A copy of ``msg`` with ``f`` applied to every text string; refuses what it cannot read."""
    _check_fields(msg, MESSAGE_FIELDS)
    return msg.model_copy(update={
        "blocks": [_map_block(b, f, media) for b in msg.blocks],
        "additional_kwargs": _walk(msg.additional_kwargs, f),
    })


def message_strings(messages: list[ChatMessage], media: MediaMode) -> list[str]:
    """Every string :func:`map_message` would alias, in order (the texts SEAG analyses)."""
    found: list[str] = []

    def collect(s: str) -> str:
        found.append(s)
        return s

    for m in messages:
        map_message(m, collect, media)
    return found


def _check_fields(obj: BaseModel, spec: Mapping[str, Kind]) -> None:
    unknown = set(type(obj).model_fields) - set(spec)
    if unknown:
        raise PrivacyError(f"{type(obj).__name__} has fields SEAG has not reviewed ({', '.join(sorted(unknown))}); "
                           "nothing is sent")


def _map_block(block: Any, f: Callable[[str], str], media: MediaMode) -> Any:
    name = type(block).__name__
    spec = BLOCK_FIELDS.get(name)
    if spec is None or not isinstance(block, BaseModel):
        raise PrivacyError(f"SEAG cannot alias a {name} content block; nothing is sent")
    _check_fields(block, spec)
    update: dict[str, Any] = {}
    for field, kind in spec.items():
        value = getattr(block, field)
        if value is None or kind == "opaque":
            continue
        if kind == "media":
            if media != "pass":
                raise PrivacyError(f"{name}.{field} is media SEAG cannot alias; pass media='pass' to send it as it "
                                   "is (nothing was sent)")
            continue
        if kind == "blocks":
            update[field] = [_map_block(b, f, media) for b in value] if isinstance(value, list) else _map_block(
                value, f, media)
        elif kind == "json":
            update[field] = _map_json(value, f)
        else:
            update[field] = _walk(value, f)
    return block.model_copy(update=update)


def _map_json(value: Any, f: Callable[[str], str]) -> Any:
    """Tool arguments: a dict, or a JSON string decoded first so escaped names are found."""
    if isinstance(value, str):
        try:
            decoded = json.loads(value)
        except ValueError:
            return f(value)
        return json.dumps(_walk(decoded, f), ensure_ascii=False)
    return _walk(value, f)


def _walk(value: Any, f: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return f(value)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, Mapping):
        return {k: (v if k in OPAQUE_KEYS else _map_json(v, f) if k in JSON_KEYS else _walk(v, f))
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_walk(v, f) for v in value)
    if isinstance(value, BaseModel):
        return value.model_copy(update={k: _walk(getattr(value, k), f) for k in type(value).model_fields
                                        if k not in OPAQUE_KEYS})
    raise PrivacyError(f"SEAG cannot read a {type(value).__name__} value in a message; nothing is sent")
