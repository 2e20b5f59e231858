"""A deterministic tool-calling chat model, for tests only (never imported by product code).

It plays the part of an external LLM in LangChain's standard suites and in
the SEAG leak tests: it answers by rule, calls tools with arguments read
from the question, streams in small pieces (tool-call arguments too),
reports usage and its model name (a per-call ``model=`` override included)
and records every message it receives, so a test can prove no original
name reached it.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.language_models.base import LangSmithParams
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    ToolMessage,
)
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, PrivateAttr

__all__ = ["ScriptedToolChat", "message_text"]


def message_text(msg: BaseMessage) -> str:
    """Every string a message holds (all fields), as one text: what a provider could receive."""
    return json.dumps(msg.model_dump(), ensure_ascii=False, default=repr)


def _text_of(msg: BaseMessage) -> str:
    if isinstance(msg.content, str):
        return msg.content
    return " ".join(b if isinstance(b, str) else str(b.get("text", "")) for b in msg.content)


_CAPS = re.compile(r"(?:[A-Z][\w'-]+)(?:\s+[A-Z][\w'-]+)*")


def _string_arg(text: str) -> str:
    quoted = re.findall(r"'([^']+)'", text)
    if quoted:
        return quoted[0]
    runs = _CAPS.findall(text)
    if runs:
        return max(reversed(runs), key=lambda r: len(r.split()))
    return text or "text"


def _fill(schema: dict[str, Any], text: str, ints: list[int]) -> Any:
    kinds = [schema.get("type")] + [s.get("type") for s in schema.get("anyOf", []) if s.get("type") != "null"]
    kind = next((k for k in kinds if k), "string")
    if kind == "integer":
        return ints.pop(0) if ints else 0
    if kind == "number":
        return float(ints.pop(0)) if ints else 0.0
    if kind == "boolean":
        return True
    if kind == "array":
        return []
    if kind == "object":
        return {}
    return _string_arg(text)


class ScriptedToolChat(BaseChatModel):
    """Answers ``"You said: <last human text>"``; with tools bound and a human turn last, calls a tool."""

    model: str = Field(default="scripted-small")
    chunk_size: int = 4
    _received: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "scripted-tool-chat"

    @property
    def received(self) -> list[list[BaseMessage]]:
        return self._received

    def _get_ls_params(self, stop: list[str] | None = None, **kwargs: Any) -> LangSmithParams:
        params = LangSmithParams(ls_provider="scripted", ls_model_type="chat",
                                 ls_model_name=kwargs.get("model") or self.model)
        if stop:
            params["ls_stop"] = stop
        return params

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], tool_choice=tool_choice, **kwargs)

    # -- the script -------------------------------------------------------------------------
    def _reply(self, messages: list[BaseMessage], stop: list[str] | None, tools: list[dict[str, Any]] | None,
               tool_choice: Any) -> tuple[str, list[dict[str, Any]]]:
        with self._lock:
            self._received.append(list(messages))
        last = messages[-1]
        human = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), last)
        if isinstance(last, ToolMessage):
            return f"The tool returned: {_text_of(last)}", []
        text = _text_of(human)
        if tools and tool_choice != "none":
            names = [t["function"]["name"] for t in tools]
            chosen = tool_choice if tool_choice in names else next((n for n in names if n in text), names[0])
            spec = next(t["function"] for t in tools if t["function"]["name"] == chosen)
            ints = [int(x) for x in re.findall(r"-?\d+", text)]
            props = spec.get("parameters", {}).get("properties", {})
            args = {k: _fill(v, text, ints) for k, v in props.items()}
            return "", [{"name": chosen, "args": args, "id": f"call_{len(self._received)}", "type": "tool_call"}]
        answer = f"You said: {text}"
        for s in stop or []:
            if s and s in answer:
                answer = answer[: answer.index(s)] or answer
        return answer, []

    def _usage(self, messages: list[BaseMessage], answer: str) -> dict[str, int]:
        n_in = sum(len(_text_of(m).split()) for m in messages)
        n_out = max(1, len(answer.split()))
        return {"input_tokens": n_in, "output_tokens": n_out, "total_tokens": n_in + n_out}

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None,
                  *, tools: list[dict[str, Any]] | None = None, tool_choice: Any = None, model: str | None = None,
                  **kwargs: Any) -> ChatResult:
        answer, calls = self._reply(messages, stop, tools, tool_choice)
        msg = AIMessage(content=answer, tool_calls=calls, usage_metadata=self._usage(messages, answer),
                        response_metadata={"model_name": model or self.model})
        return ChatResult(generations=[ChatGeneration(message=msg)])

    def _stream(self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None,
                *, tools: list[dict[str, Any]] | None = None, tool_choice: Any = None, model: str | None = None,
                **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        answer, calls = self._reply(messages, stop, tools, tool_choice)
        size = self.chunk_size
        for i in range(0, len(answer), size):
            yield ChatGenerationChunk(message=AIMessageChunk(content=answer[i: i + size]))
        for index, call in enumerate(calls):
            args = json.dumps(call["args"], ensure_ascii=False)
            for i in range(0, max(len(args), 1), size + 1):
                first = i == 0
                yield ChatGenerationChunk(message=AIMessageChunk(content="", tool_call_chunks=[{
                    "name": call["name"] if first else None, "args": args[i: i + size + 1],
                    "id": call["id"] if first else None, "index": index, "type": "tool_call_chunk"}]))
        yield ChatGenerationChunk(message=AIMessageChunk(
            content="", usage_metadata=self._usage(messages, answer),  # type: ignore[arg-type]
            response_metadata={"model_name": model or self.model}))
