"""SEAGChatModel with the real default detector (Presidio + spaCy, privrag's recognizers).

Names in the places issue 19 found leaking — a message's ``name``, Anthropic
``tool_use`` inputs and ``tool_result`` blocks, thinking, OpenAI tool-call
arguments, a tool message and its artifact — never reach the recording inner
model, and a tracer on the wrapper records none of them; the answer comes back
restored.
"""

from __future__ import annotations

import json
import re

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from langchain_privrag import SEAGChatModel
from tests.langchain_privrag._scripted import ScriptedToolChat, message_text
from tests.langchain_privrag.test_seag_tracing import RecordingTracer

pytestmark = pytest.mark.integration

NAMES = ["John Jordan", "Margaret Ellison", "Oliver Bennett"]
RAW = ["John Jordan", "Jordan", "Margaret Ellison", "Ellison", "Oliver Bennett", "Bennett"]


def _raw(text: str) -> list[str]:
    return [r for r in RAW if re.search(rf"(?<!\w){r}(?!\w)", text)]


def _messages() -> list:
    return [
        SystemMessage("You assist the clinic's records office."),
        HumanMessage("Please check the referral letter for John Jordan.", name="John Jordan"),
        AIMessage(
            content=[
                {"type": "thinking", "thinking": "The referral names Margaret Ellison as the GP.", "signature": "c2ln"},
                {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"person": "John Jordan"}},
            ],
            tool_calls=[{"name": "lookup", "args": {"person": "John Jordan"}, "id": "toolu_1"}],
            additional_kwargs={"tool_calls": [{"id": "toolu_1", "type": "function", "function": {
                "name": "lookup", "arguments": json.dumps({"person": "John Jordan"})}}]},
        ),
        ToolMessage(
            content=[{"type": "tool_result", "tool_use_id": "toolu_1",
                      "content": [{"type": "text", "text": "John Jordan was referred by Dr Margaret Ellison."}]}],
            tool_call_id="toolu_1",
            artifact={"rows": ["Oliver Bennett, next of kin"]},
        ),
        HumanMessage("Who referred John Jordan, and who is Oliver Bennett?"),
    ]


def test_real_detector_no_name_reaches_the_model_or_the_trace(default_detector) -> None:
    from privrag.seag import SEAG

    inner = ScriptedToolChat()
    tracer = RecordingTracer()
    model = SEAGChatModel(llm=inner, seag=SEAG(default_detector))
    out = model.invoke(_messages(), config={"callbacks": [tracer]})
    assert out.content == "You said: Who referred John Jordan, and who is Oliver Bennett?"
    (received,) = inner.received
    leaks = [(type(m).__name__, _raw(message_text(m))) for m in received if _raw(message_text(m))]
    assert leaks == []
    assert _raw(tracer.dump()) == []
    streamed = "".join(c.content for c in model.stream(_messages(), config={"callbacks": [tracer]}))
    assert streamed == out.content and _raw(tracer.dump()) == []
