"""Every part of every LangChain message type is aliased (issue 19).

The message classes, the standard content-block TypedDicts and the block types
LangChain's provider translators read are *enumerated from langchain_core
itself*; a class, field or block type that appears in a new LangChain version
and is not listed in :mod:`langchain_privrag._seag_values` fails
``test_every_*_is_reviewed``. A recording inner model then receives one
instance of every message class, each carrying a name in every field and in
every content block, and must see 0 raw names.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import typing
from pathlib import Path
from typing import Any

import pytest
import typing_extensions
from langchain_core import messages as lc_messages
from langchain_core.messages import BaseMessage, HumanMessage, RemoveMessage, ToolMessage
from langchain_core.messages import content as lc_content

from langchain_privrag import SEAGChatModel
from langchain_privrag._seag_values import BLOCK_TYPES, MESSAGE_FIELDS, OPAQUE_KEYS
from privrag.seag import SEAG
from privrag.seag.builder import BuilderConfig
from privrag.types import PrivacyError
from tests.langchain_privrag._scripted import ScriptedToolChat, message_text
from tests.seag._fakes import GazetteerDetector

NAME = "Halvard Yarrow"
ACCENTED = "Jürgen Quist"
RAW = ["Halvard", "Yarrow", "Jürgen", "u00fcrgen", "Quist"]  # u00fcrgen: "Jürgen" JSON-escaped
SECRETS = [(NAME, "PERSON"), ("Halvard", "PERSON"), ("Yarrow", "PERSON"), (ACCENTED, "PERSON"),
           ("Quist", "PERSON")]


def _raw(text: str) -> list[str]:
    return [r for r in RAW if re.search(rf"(?<!\w){re.escape(r)}(?!\w)", text)]


# -- enumeration from langchain_core ----------------------------------------------------------
def message_classes() -> list[type[BaseMessage]]:
    for mod in pkgutil.iter_modules(lc_messages.__path__):
        importlib.import_module(f"langchain_core.messages.{mod.name}")
    found: set[type[BaseMessage]] = set()
    todo = [BaseMessage]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("langchain_core.") and sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted(found, key=lambda c: c.__name__)


def content_block_typeddicts() -> dict[str, type]:
    """Standard blocks: every TypedDict of langchain_core.messages.content with a literal ``type``."""
    out = {}
    for obj in vars(lc_content).values():
        if isinstance(obj, type) and typing_extensions.is_typeddict(obj) and obj.__module__ == lc_content.__name__:
            hint = typing.get_type_hints(obj).get("type")
            for literal in typing.get_args(hint) or ():
                if isinstance(literal, str):
                    out[literal] = obj
    return out


def translator_block_types() -> set[str]:
    """Provider block types: every string LangChain's block translators compare a ``type`` with."""
    import langchain_core.messages.block_translators as bt

    found: set[str] = set()
    for path in Path(bt.__path__[0]).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and "type" in ast.unparse(node.left):
                found |= {k.value for c in node.comparators for k in ast.walk(c)
                          if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if isinstance(node, ast.Dict):
                found |= {v.value for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value == "type"
                          and isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return found


def test_every_message_class_and_field_is_reviewed() -> None:
    classes = message_classes()
    assert len(classes) >= 14
    unknown = {f"{c.__name__}.{f}" for c in classes for f in c.model_fields if f not in MESSAGE_FIELDS}
    assert not unknown, f"new LangChain message fields, review them in _seag_values.MESSAGE_FIELDS: {unknown}"


def test_every_content_block_type_is_reviewed() -> None:
    standard = set(content_block_typeddicts())
    provider = translator_block_types()
    assert len(standard) >= 15 and len(provider) >= 40
    assert not standard - BLOCK_TYPES, f"new standard block types: {standard - BLOCK_TYPES}"
    assert not provider - BLOCK_TYPES, f"new provider block types: {provider - BLOCK_TYPES}"
    # keys that hold prose are never opaque
    prose = {k for td in content_block_typeddicts().values() for k in typing.get_type_hints(td)} - OPAQUE_KEYS
    assert {"text", "reasoning", "refusal", "cited_text", "title", "context", "args", "output", "value",
            "name", "extras", "annotations", "error", "url"} <= prose


# -- one message of every class, a name in every part ------------------------------------------
def _sample_block(kind: str, td: type) -> dict[str, Any]:
    block: dict[str, Any] = {}
    for key, hint in typing.get_type_hints(td).items():
        if key == "type":
            block[key] = kind
        elif key in ("index", "start_index", "end_index"):
            block[key] = 0
        elif key in OPAQUE_KEYS:
            block[key] = "opaque-1"
        elif key == "url":
            block[key] = f"https://files.example/{NAME}.pdf"
        elif "str" in str(hint) and "dict" not in str(hint) and "list" not in str(hint):
            block[key] = f"note on {NAME}"
        else:
            block[key] = {"note": NAME, "nested": [{"type": "text", "text": ACCENTED}]}
    return block


PROVIDER_BLOCKS: list[dict[str, Any]] = [
    {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"person": NAME}},
    {"type": "tool_result", "tool_use_id": "toolu_1", "content": f"{NAME} lives in Leeds"},
    {"type": "tool_result", "tool_use_id": "toolu_1",
     "content": [{"type": "text", "text": NAME}, {"type": "image", "source": {"type": "base64", "data": "AAAA"}}]},
    {"type": "thinking", "thinking": f"{NAME} asked twice", "signature": "c2lnbmF0dXJl"},
    {"type": "redacted_thinking", "data": "ZW5jcnlwdGVk"},
    {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"},
     "title": f"{NAME} referral", "context": f"about {ACCENTED}", "citations": {"enabled": True}},
    {"type": "text", "text": "see", "citations": [{"type": "char_location", "cited_text": NAME,
                                                   "document_title": NAME, "start_char_index": 0}]},
    {"type": "search_result", "source": f"https://x.example/{NAME}", "title": NAME,
     "content": [{"type": "text", "text": NAME}]},
    {"type": "server_tool_use", "id": "srv_1", "name": "web_search", "input": {"query": NAME}},
    {"type": "web_search_tool_result", "tool_use_id": "srv_1",
     "content": [{"type": "web_search_result", "title": NAME, "url": "https://x.example", "encrypted_content": "e"}]},
    {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA", "detail": "auto"}},
    {"type": "file", "file": {"filename": f"{NAME}.pdf", "file_data": "data:application/pdf;base64,Sm9obg=="}},
    {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}},
    {"type": "function_call", "call_id": "fc_1", "name": "lookup",
     "arguments": json.dumps({"person": ACCENTED})},  # ASCII-escaped: "J\u00fcrgen"
    {"type": "reasoning_content", "reasoning_content": {"text": NAME, "signature": "s"}},
    {"type": "executable_code", "executable_code": f"print('{NAME}')", "language": "python"},
]


def _content() -> list[Any]:
    blocks = [_sample_block(kind, td) for kind, td in sorted(content_block_typeddicts().items())]
    return [f"{NAME} wrote this", *blocks, *PROVIDER_BLOCKS]


def _instance(cls: type[BaseMessage]) -> BaseMessage | None:
    if cls is RemoveMessage:
        return None  # a graph-state instruction (an id only), never sent to a model
    if cls.model_fields["type"].is_required():
        return None  # abstract (BaseMessageChunk): no message of this class exists
    fields = cls.model_fields
    kw: dict[str, Any] = {
        "content": _content(),
        "name": NAME,
        "additional_kwargs": {"note": NAME, "tool_calls": [{"id": "c0", "type": "function", "function": {
            "name": "lookup", "arguments": json.dumps({"person": ACCENTED})}}]},
        "response_metadata": {"note": NAME},
    }
    if "tool_call_chunks" in fields:
        kw["tool_call_chunks"] = [{"name": "lookup", "args": json.dumps({"person": ACCENTED}), "id": "c3",
                                   "index": 0, "type": "tool_call_chunk"}]
    elif "tool_calls" in fields:
        kw["tool_calls"] = [{"name": "lookup", "args": {"person": NAME, "also": [ACCENTED]}, "id": "c1",
                             "type": "tool_call"}]
    if "invalid_tool_calls" in fields:
        kw["invalid_tool_calls"] = [{"name": "lookup", "args": '{"person": "' + NAME, "id": "c2",
                                     "error": f"cut at {NAME}", "type": "invalid_tool_call"}]
    if "artifact" in fields:
        kw["artifact"] = {"rows": [NAME, {"who": ACCENTED}]}
    if "tool_call_id" in fields:
        kw["tool_call_id"] = "c1"
    if "role" in fields:
        kw["role"] = "user"
    return cls(**kw)


@pytest.fixture()
def seag() -> SEAG:
    return SEAG(GazetteerDetector(SECRETS))


def test_no_raw_name_reaches_the_inner_model_from_any_message_part(seag: SEAG) -> None:
    sample = [m for m in (_instance(c) for c in message_classes()) if m is not None]
    assert all(_raw(message_text(m)) for m in sample)  # every sample does carry names
    inner = ScriptedToolChat()
    out = SEAGChatModel(llm=inner, seag=seag).invoke([*sample, HumanMessage(f"Who is {NAME}?", name=NAME)])
    (received,) = inner.received
    assert len(received) == len(sample) + 1
    leaks = {type(m).__name__: _raw(message_text(m)) for m in received if _raw(message_text(m))}
    assert leaks == {}
    # parts are aliased in place, not dropped: same classes, same blocks
    for sent, got in zip(sample, received, strict=False):
        assert type(got).__name__.replace("Chunk", "") == type(sent).__name__.replace("Chunk", "")
        assert len(got.content) == len(sent.content) and got.name and got.name != NAME
    assert out.content == f"You said: Who is {NAME}?"
    # binary payloads pass unchanged (never run through detection or aliasing)
    sent_blocks = [b for m in received for b in m.content if isinstance(b, dict)]
    assert {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA", "detail": "auto"}} in sent_blocks
    # (LangChain normalises the OpenAI file block to a standard one: the payload arrives whole)
    assert any(b.get("base64") == "Sm9obg==" for b in sent_blocks)


def test_tool_message_content_and_artifact_aliased_and_restored_in_tool_calls(seag: SEAG) -> None:
    inner = ScriptedToolChat()
    model = SEAGChatModel(llm=inner, seag=seag).bind_tools([{"name": "lookup", "description": "find a person",
                                                            "parameters": {"type": "object", "properties": {
                                                                "person": {"type": "string"}}}}])
    out = model.invoke([ToolMessage(f"{NAME} was here", tool_call_id="c1", artifact=[ACCENTED]),
                        HumanMessage(f"Look up '{ACCENTED}'")])
    assert not _raw(message_text(inner.received[0][0]))
    assert out.tool_calls[0]["args"] == {"person": ACCENTED}


def test_a_value_of_unknown_type_is_refused_not_sent(seag: SEAG) -> None:
    inner = ScriptedToolChat()
    with pytest.raises(PrivacyError, match="cannot alias"):
        SEAGChatModel(llm=inner, seag=seag).invoke([ToolMessage("ok", tool_call_id="c1", artifact=object())])
    assert inner.received == []


def test_text_in_a_script_the_detector_cannot_read_is_aliased_or_refused_by_default() -> None:
    inner = ScriptedToolChat()
    model = SEAGChatModel(llm=inner, seag=SEAG(GazetteerDetector(SECRETS)))
    model.invoke([HumanMessage("Create a customer named '你好啊集团' for the Leeds office")])
    assert "你好" not in message_text(inner.received[0][0])  # a few such words: aliased, found or not
    inner = ScriptedToolChat()
    model = SEAGChatModel(llm=inner, seag=SEAG(GazetteerDetector(SECRETS)))
    with pytest.raises(PrivacyError) as err:
        model.invoke([HumanMessage("创建一个客户 '你好啊集团'")])  # mostly in that script: refused
    assert inner.received == [] and "你好" not in str(err.value)
    allowed = SEAGChatModel(llm=inner, seag=SEAG(GazetteerDetector(SECRETS),
                                                 config=BuilderConfig(uncovered_scripts="allow")))
    assert allowed.invoke("你好").content == "You said: 你好"
