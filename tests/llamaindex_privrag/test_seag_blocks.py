"""Every LlamaIndex message part is aliased: block types enumerated from llama_index itself (issue 19)."""

from __future__ import annotations

import json
import re
import typing

import pytest
from llama_index.core.base.llms import types as li_types
from llama_index.core.base.llms.types import (
    AudioBlock,
    CacheControl,
    CachePoint,
    ChatMessage,
    CitableBlock,
    CitationBlock,
    DocumentBlock,
    ImageBlock,
    TextBlock,
    ThinkingBlock,
    ToolCallBlock,
    VideoBlock,
)
from pydantic import BaseModel

from llamaindex_privrag._seag_blocks import BLOCK_FIELDS, MESSAGE_FIELDS
from privrag.seag import SEAG
from privrag.types import PrivacyError
from tests.llamaindex_privrag._recording import RecordingChatLLM
from tests.seag._fakes import GazetteerDetector

NAMES = ["John Jordan", "Zoë Quill", "Halvard Yarrow", "Acme Corp"]
DETECTOR = [("John Jordan", "PERSON"), ("Zoë Quill", "PERSON"), ("Halvard Yarrow", "PERSON"), ("Acme Corp", "ORG")]


def _union_members(annotation: object) -> list[type]:
    """Block classes in a (possibly Annotated / Optional / list) annotation."""
    out: list[type] = []
    for arg in typing.get_args(annotation) or ():
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            out.append(arg)
        else:
            out.extend(_union_members(arg))
    return out


def _all_block_types() -> set[type]:
    """The ContentBlock union, and every block type nested in a block's fields, from llama_index."""
    found: set[type] = set()
    todo = _union_members(li_types.ContentBlock)
    while todo:
        cls = todo.pop()
        if cls in found or not issubclass(cls, li_types.BaseContentBlock):
            continue
        found.add(cls)
        for f in cls.model_fields.values():
            todo.extend(_union_members(f.annotation))
    return found


def test_every_block_type_and_field_of_the_installed_llama_index_is_reviewed():
    types = _all_block_types()
    assert {t.__name__ for t in types} >= {"TextBlock", "ImageBlock", "CitableBlock", "ThinkingBlock", "ToolCallBlock"}
    unreviewed = {t.__name__ for t in types} - set(BLOCK_FIELDS) - {"CacheControl"}
    assert not unreviewed, f"new LlamaIndex block types to review in _seag_blocks.BLOCK_FIELDS: {unreviewed}"
    for t in types:
        if t.__name__ in BLOCK_FIELDS:
            assert set(t.model_fields) == set(BLOCK_FIELDS[t.__name__]), f"fields of {t.__name__} changed"
    assert set(ChatMessage.model_fields) == set(MESSAGE_FIELDS)


def _leaks(text: str) -> list[str]:
    return [n for n in NAMES if n.lower() in text.lower()]


def _llm(inner, **kw):
    from llamaindex_privrag import SEAGLLM

    return SEAGLLM(llm=inner, seag=SEAG(GazetteerDetector(DETECTOR)), **kw)


def _one_message_per_block_type() -> list[ChatMessage]:
    text = "John Jordan of Acme Corp met Zoë Quill."
    blocks = [
        TextBlock(text=text),
        ImageBlock(image=b"\x89PNG", image_mimetype="image/png"),
        AudioBlock(audio=b"RIFF", format="wav"),
        VideoBlock(video=b"\x00\x00", video_mimetype="video/mp4"),
        DocumentBlock(data=b"%PDF", title="Referral of Halvard Yarrow", document_mimetype="application/pdf"),
        CachePoint(cache_control=CacheControl(type="ephemeral")),
        CitableBlock(title="Letter to John Jordan", source="Acme Corp archive", content=[TextBlock(text=text)]),
        CitationBlock(cited_content=TextBlock(text=text), source="Zoë Quill notes", title="Halvard Yarrow",
                      additional_location_info={"start": 1}),
        ThinkingBlock(content=f"Think: {text}", additional_information={"note": "Halvard Yarrow"}),
        ToolCallBlock(tool_call_id="t1", tool_name="lookup", tool_kwargs={"who": "John Jordan", "org": ["Acme Corp"]}),
        ToolCallBlock(tool_call_id="t2", tool_name="lookup", tool_kwargs=json.dumps({"who": "Zoë Quill"})),
    ]
    covered = {type(b).__name__ for b in blocks}
    assert covered == set(BLOCK_FIELDS), "add a block of each reviewed type here"
    msgs = [ChatMessage(role="user", blocks=[b]) for b in blocks]
    msgs.append(ChatMessage(role="assistant", content="ok", additional_kwargs={
        "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "lookup", "arguments": json.dumps(
            {"who": "Zoë Quill", "by": "Halvard Yarrow"}, ensure_ascii=True)}}],
        "name": "Zoë Quill"}))
    msgs.append(ChatMessage(role="tool", content="John Jordan lives in Acme Corp housing.",
                            additional_kwargs={"tool_call_id": "c1", "name": "lookup"}))
    return msgs


def test_no_raw_name_reaches_the_inner_llm_from_any_block_type_and_answers_are_restored():
    inner = RecordingChatLLM()
    llm = _llm(inner, media="pass")
    messages = _one_message_per_block_type() + [ChatMessage(role="user", content="Who is John Jordan?")]
    resp = llm.chat(messages)
    assert len(inner.received) == 1
    assert not _leaks(inner.received[0]), _leaks(inner.received[0])
    assert "\\u00eb" not in inner.received[0] and "Quill" not in inner.received[0]
    assert resp.message.content == "You asked: Who is John Jordan?"
    thinking = next(b for b in resp.message.blocks if isinstance(b, ThinkingBlock))
    tool = next(b for b in resp.message.blocks if isinstance(b, ToolCallBlock))
    assert thinking.content == "thinking about You asked: Who is John Jordan?"
    assert tool.tool_kwargs == {"query": "You asked: Who is John Jordan?"} and tool.tool_name == "lookup"


@pytest.mark.parametrize("block", [ImageBlock(image=b"\x89PNG"), AudioBlock(audio=b"RIFF", format="wav"),
                                   VideoBlock(url="https://x.test/v.mp4"), DocumentBlock(data=b"%PDF")])
def test_media_is_refused_by_default_before_the_inner_llm_is_called(block):
    inner = RecordingChatLLM()
    with pytest.raises(PrivacyError, match="media") as err:
        _llm(inner).chat([ChatMessage(role="user", blocks=[TextBlock(text="John Jordan"), block])])
    assert inner.received == []
    assert "John" not in str(err.value)


def test_an_unknown_block_type_is_refused_not_sent():
    class FancyBlock(TextBlock):
        pass

    inner = RecordingChatLLM()
    msg = ChatMessage(role="user", content="Who is John Jordan?")
    msg.blocks.append(FancyBlock(text="John Jordan"))
    with pytest.raises(PrivacyError, match="FancyBlock"):
        _llm(inner).chat([msg])
    assert inner.received == []


def test_an_unreadable_value_in_additional_kwargs_is_refused():
    inner = RecordingChatLLM()
    msg = ChatMessage(role="user", content="Hi John Jordan", additional_kwargs={"blob": object()})
    with pytest.raises(PrivacyError):
        _llm(inner).chat([msg])
    assert inner.received == []


def test_streamed_chat_restores_text_and_never_sends_a_name():
    inner = RecordingChatLLM()
    llm = _llm(inner)
    rs = list(llm.stream_chat([ChatMessage(role="user", content="Where is Zoë Quill of Acme Corp?")]))
    assert "".join(r.delta or "" for r in rs) == "You asked: Where is Zoë Quill of Acme Corp?"
    assert rs[-1].message.content == "You asked: Where is Zoë Quill of Acme Corp?"
    assert not any(_leaks(p) for p in inner.received)
    assert re.search("privrag", json.dumps(rs[-1].additional_kwargs))
