"""LangChain's standard chat-model suites (langchain-tests 1.1.9) on SEAGChatModel.

``SEAGChatModel`` wraps :class:`~tests.langchain_privrag._scripted.ScriptedToolChat`,
a deterministic tool-calling model standing in for the external LLM (the
suites need tool calls, structured output, streaming, usage and a model
override, which the packaged SmolLM2 cannot give reliably). The unit suite
uses a gazetteer detector (instant); the integration suite uses the real
default detector (Presidio with spaCy, privrag's recognizers), so every call
goes through real detection, aliasing and restoring.

What the suites skip, and why (each switch below is what the wrapper really does):

* ``test_init_from_env`` — SEAGChatModel reads no environment variables (no key: the inner model has its own).
* ``test_serdes`` — not LangChain-serializable: it holds a live inner model and a SEAG engine.
* ``test_json_mode`` — ``with_structured_output(method="json_mode")`` is served by tool calling
  (BaseChatModel's implementation), not by a JSON mode of its own: ``supports_json_mode`` is False.
* ``test_image_inputs``, ``test_image_tool_message``, ``test_pdf_inputs``, ``test_pdf_tool_message``,
  ``test_audio_inputs`` — these download files from the internet; tests here run offline. Binary
  blocks are passed through unchanged and their text fields aliased (tested in
  ``test_seag_message_parts.py``).
* ``test_stream_time`` — needs recorded VCR cassettes of a remote API (``enable_vcr_tests`` False).
* ``test_no_overrides_DO_NOT_OVERRIDE`` runs; no standard test is overridden.

The integration suite's SEAG allows text in scripts its detector does not read (see ``_real_seag``).
"""

from __future__ import annotations

import functools
from typing import Any

from langchain_tests.integration_tests import ChatModelIntegrationTests
from langchain_tests.unit_tests import ChatModelUnitTests

from langchain_privrag import SEAGChatModel
from privrag.seag import SEAG
from privrag.seag.builder import BuilderConfig
from tests.langchain_privrag._scripted import ScriptedToolChat
from tests.seag._fakes import GazetteerDetector


@functools.cache
def _gazetteer_seag() -> SEAG:
    return SEAG(GazetteerDetector([("John Jordan", "PERSON"), ("Acme Corp", "ORG")]))


@functools.cache
def _real_seag() -> SEAG:
    # test_unicode_tool_call_integration sends Chinese and Japanese company names; the default
    # detector reads Latin script only, so by default SEAG refuses such text (fail closed,
    # tests/langchain_privrag/test_seag_message_parts.py). Here the wrapper's unicode handling is
    # under test, so uncovered scripts are allowed; every other text of the suite is English.
    return SEAG(config=BuilderConfig(uncovered_scripts="allow"))


class _Switches:
    """What SEAGChatModel around ScriptedToolChat supports (shared by both suites)."""

    @property
    def chat_model_class(self) -> type[SEAGChatModel]:
        return SEAGChatModel

    @property
    def standard_chat_model_params(self) -> dict[str, Any]:
        # temperature, max_tokens, timeout, retries belong to the inner model, not the wrapper
        return {}

    @property
    def has_tool_choice(self) -> bool:
        return True

    @property
    def supports_json_mode(self) -> bool:
        return False

    @property
    def supports_anthropic_inputs(self) -> bool:
        return True

    @property
    def returns_usage_metadata(self) -> bool:
        return True

    @property
    def supports_model_override(self) -> bool:
        return True

    @property
    def model_override_value(self) -> str:
        return "scripted-large"


class TestSEAGChatModelUnit(_Switches, ChatModelUnitTests):
    @property
    def chat_model_params(self) -> dict[str, Any]:
        return {"llm": ScriptedToolChat(), "seag": _gazetteer_seag()}


class TestSEAGChatModelIntegration(_Switches, ChatModelIntegrationTests):
    @property
    def chat_model_params(self) -> dict[str, Any]:
        return {"llm": ScriptedToolChat(), "seag": _real_seag()}
