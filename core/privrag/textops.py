"""Replacing spans in text without corrupting offsets or grammar."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from privrag.generalize import canonical_label, generalize
from privrag.types import DetectedEntity

__all__ = ["replace_spans", "descriptor_for", "tag_for", "map_strings", "STRUCTURAL_KEYS", "DETERMINERS"]

#: words after which a descriptor drops its article ("the person", not "the a person")
DETERMINERS: tuple[str, ...] = ("the", "a", "an", "this", "that", "these", "those", "his", "her", "their", "its",
                                "our", "my", "your")
_DETERMINER = re.compile(rf"\b({'|'.join(DETERMINERS)})\s+$", re.I)
_SENTENCE_START = re.compile(r"(^\s*|[.!?]\s+|\n\s*)$")
#: "Dr." or "no." before a span does not end a sentence
_ABBREVIATION = re.compile(r"\b(?:[A-Z][a-z]{0,3}|[a-z]{1,3}|[A-Z])\.\s+$")


def replace_spans(
    text: str, spans: Sequence[DetectedEntity], replacement: Callable[[DetectedEntity, str], str]
) -> str:
    """Replace non-overlapping ``spans`` (sorted or not) right to left.

    ``replacement(span, before)`` gets the text preceding the span so it can
    adapt articles and capitalisation. Overlapping spans are a caller bug
    and raise ``ValueError`` (resolve them first).
    """
    ordered = sorted(spans)
    for a, b in zip(ordered, ordered[1:], strict=False):
        if a.end > b.start:
            raise ValueError(f"overlapping spans {a.start}-{a.end} and {b.start}-{b.end}")
    out = []
    pos = 0
    for s in ordered:
        out.append(text[pos : s.start])
        out.append(replacement(s, text[max(0, s.start - 40) : s.start]))
        pos = s.end
    out.append(text[pos:])
    return "".join(out)


def descriptor_for(span: DetectedEntity, before: str) -> str:
    """Γ(label) fitted to its position: no double article, capital at sentence start.

    A possessive on the original ("Anna's") is kept on the descriptor.
    """
    desc = generalize(span.label)
    if _DETERMINER.search(before):
        desc = desc.split(" ", 1)[1]
    elif _SENTENCE_START.search(before) and not _ABBREVIATION.search(before):
        desc = desc[:1].upper() + desc[1:]
    if span.text.endswith(("'s", "’s")):
        desc += span.text[-2:]
    return desc


def tag_for(span: DetectedEntity, before: str = "") -> str:
    """``<PERSON>``-style tag on the canonical category."""
    return f"<{canonical_label(span.label)}>"


#: keys of tool-call / message payloads that name structure, never content
STRUCTURAL_KEYS = frozenset({"id", "tool_call_id", "type", "index"})


def map_strings(value: Any, f: Callable[[str], str], skip_keys: frozenset[str] = STRUCTURAL_KEYS) -> Any:
    """Apply ``f`` to every string inside a JSON-like value (dicts, lists, tuples).

    Used by the SEAG adapters on tool-call arguments and ``additional_kwargs``:
    content is aliased or restored, structural keys (ids, types) are left alone
    so the framework can still match calls to results.
    """
    if isinstance(value, str):
        return f(value)
    if isinstance(value, Mapping):
        return {k: (v if k in skip_keys else map_strings(v, f, skip_keys)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(map_strings(v, f, skip_keys) for v in value)
    return value
