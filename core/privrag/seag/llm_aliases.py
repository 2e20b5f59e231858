"""An alias generator backed by a (local) language model, as in the SEAG paper.

The paper fine-tunes a small model to return the entity replacement table as
JSON; the prompt here (``prompts/alias_table.txt``) states the paper's
criteria (§3.1): extract all entities, keep related replacements related,
give every surface form its own consistent row, copy originals exactly —
plus one worked example, since the authors found a few-shot prompt works
better than zero-shot.

A model is never trusted. Its output is parsed leniently (code fences,
trailing prose, truncated JSON, ``{original: alias}`` dicts, markdown rows),
every row is validated by the builder (the original must occur verbatim in
the text, the alias must not collide), and whatever is missing, malformed
or invalid is completed by Faker. A model that raises, times out or returns
garbage degrades to the Faker table — it never crashes a request.

Any of these works as ``model``: a LangChain chat model or runnable
(``invoke``), a LlamaIndex LLM (``complete``), a local Hugging Face
``(model, tokenizer)`` pair, or a plain ``str -> str`` callable.
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from privrag.seag.generator import AliasPlan, AliasSuggestion, Avoid

__all__ = ["LLMAliasGenerator", "parse_alias_table", "as_text_generator", "load_prompt"]

log = logging.getLogger(__name__)

_ORIGINAL_KEYS = ("original", "entity", "original_entity", "key", "source", "value", "name")
_ALIAS_KEYS = ("alias", "replacement", "replacement_entity", "fake", "substitute", "new", "target")
_TYPE_KEYS = ("type", "entity_type", "label", "category")


def load_prompt() -> str:
    """The packaged prompt template (``{{ENTITIES}}`` and ``{{TEXT}}`` placeholders)."""
    return resources.files("privrag.seag").joinpath("prompts/alias_table.txt").read_text(encoding="utf-8")


def as_text_generator(model: Any, *, max_new_tokens: int = 512) -> Callable[[str], str]:
    """Wrap a LangChain / LlamaIndex / Hugging Face model or a callable as ``str -> str``."""
    if isinstance(model, tuple) and len(model) == 2:
        return _hf_generator(model[0], model[1], max_new_tokens)
    if hasattr(model, "invoke"):
        def call_lc(prompt: str) -> str:
            out = model.invoke(prompt)
            content = getattr(out, "content", out)
            if isinstance(content, list):
                content = "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
            return str(content)

        return call_lc
    if hasattr(model, "complete"):
        return lambda prompt: str(getattr(model.complete(prompt), "text", ""))
    if callable(model):
        return lambda prompt: str(model(prompt))
    raise TypeError(
        "model must be a LangChain runnable, a LlamaIndex LLM, a (model, tokenizer) pair or a callable"
    )


def _hf_generator(model: Any, tokenizer: Any, max_new_tokens: int) -> Callable[[str], str]:
    def call(prompt: str) -> str:
        import torch

        messages = [{"role": "user", "content": prompt}]
        enc = tokenizer.apply_chat_template(
            messages, add_generation_prompt=True, return_tensors="pt", return_dict=True
        )
        with torch.no_grad():
            out = model.generate(
                **enc, max_new_tokens=max_new_tokens, do_sample=False,
                pad_token_id=tokenizer.pad_token_id or tokenizer.eos_token_id,
            )
        return tokenizer.decode(out[0, enc["input_ids"].shape[1]:], skip_special_tokens=True)

    return call


class LLMAliasGenerator:
    """Ask a model for the replacement table; validated and completed by the builder.

    Key init args:
        model: LangChain chat model / runnable, LlamaIndex LLM, ``(model,
            tokenizer)`` pair, or ``str -> str`` callable. It sees the original
            text, so it must be a model you trust (typically local).
        prompt: template with ``{{ENTITIES}}`` and ``{{TEXT}}`` (default: packaged).
        max_chars: characters of input shown to the model (long requests are
            cut; everything beyond is still aliased, by Faker).
        max_new_tokens: generation budget for Hugging Face models.
    """

    def __init__(
        self,
        model: Any,
        *,
        prompt: str | None = None,
        max_chars: int = 6000,
        max_new_tokens: int = 512,
    ) -> None:
        self.generate = as_text_generator(model, max_new_tokens=max_new_tokens)
        self.prompt = prompt or load_prompt()
        if "{{TEXT}}" not in self.prompt:
            raise ValueError("prompt template needs a {{TEXT}} placeholder")
        self.max_chars = max_chars
        self.last_raw: str | None = None

    def render(self, plan: AliasPlan) -> str:
        forms = [f for e in plan.entities for f in e.forms]
        text_parts, used = [], 0
        for i, t in enumerate(plan.texts):
            if not t.strip() or used >= self.max_chars:
                continue
            piece = t[: self.max_chars - used]
            used += len(piece)
            text_parts.append(f"Text {i + 1}: {piece}")
        return (
            self.prompt.replace("{{ENTITIES}}", json.dumps(forms, ensure_ascii=False))
            .replace("{{TEXT}}", "\n".join(text_parts))
        )

    def propose(
        self, plan: AliasPlan, fixed: Mapping[str, str], rng: random.Random, avoid: Avoid
    ) -> list[AliasSuggestion]:
        try:
            raw = self.generate(self.render(plan))
        except Exception as exc:  # a failing model degrades to Faker, never crashes
            log.warning("alias model failed (%r); Faker completes the table", exc)
            return []
        self.last_raw = raw
        labels = {f: e.label for e in plan.entities for f in e.forms}
        out = []
        for original, alias, label in parse_alias_table(raw):
            if original in fixed:
                continue
            out.append(AliasSuggestion(original, alias, label or labels.get(original, "MISC")))
        return out


# -- lenient parsing ------------------------------------------------------------------


def parse_alias_table(raw: Any) -> list[tuple[str, str, str]]:
    """``[(original, alias, type)]`` from whatever a model returned; ``[]`` if nothing usable."""
    if not isinstance(raw, str) or not raw.strip():
        return []
    text = re.sub(r"```(?:json)?", "", raw)
    data = _json_anywhere(text)
    rows = _rows(data) if data is not None else []
    if not rows:
        rows = _line_rows(text)
    out, seen = [], set()
    for o, a, t in rows:
        if isinstance(o, str) and isinstance(a, str) and o.strip() and a.strip() and o not in seen:
            seen.add(o)
            out.append((o.strip(), a.strip(), t if isinstance(t, str) else ""))
    return out


def _json_anywhere(text: str) -> Any:
    dec = json.JSONDecoder()
    for m in re.finditer(r"[\[{]", text):
        try:
            return dec.raw_decode(text, m.start())[0]
        except json.JSONDecodeError:
            repaired = _repair(text[m.start():])
            if repaired is not None:
                return repaired
    return None


def _repair(fragment: str) -> Any:
    """Close a truncated JSON list of objects after its last complete object."""
    if not fragment.startswith("["):
        return None
    cut = fragment.rfind("}")
    while cut > 0:
        try:
            return json.loads(fragment[: cut + 1] + "]")
        except json.JSONDecodeError:
            cut = fragment.rfind("}", 0, cut)
    return None


def _pick(obj: Mapping[str, Any], keys: Sequence[str]) -> Any:
    lowered = {str(k).lower(): v for k, v in obj.items()}
    for k in keys:
        if k in lowered:
            return lowered[k]
    return None


def _rows(data: Any) -> list[tuple[Any, Any, Any]]:
    if isinstance(data, Mapping):
        for key in ("table", "entities", "replacements", "aliases", "rows"):
            inner = _pick(data, (key,))
            if isinstance(inner, (list, Mapping)):
                return _rows(inner)
        if _pick(data, _ORIGINAL_KEYS) is not None and _pick(data, _ALIAS_KEYS) is not None:
            return [(_pick(data, _ORIGINAL_KEYS), _pick(data, _ALIAS_KEYS), _pick(data, _TYPE_KEYS))]
        return [(k, v, "") for k, v in data.items() if isinstance(v, str)]
    if isinstance(data, list):
        rows = []
        for item in data:
            if isinstance(item, Mapping):
                rows.append((_pick(item, _ORIGINAL_KEYS), _pick(item, _ALIAS_KEYS), _pick(item, _TYPE_KEYS)))
            elif isinstance(item, (list, tuple)) and len(item) == 3:
                rows.append((item[1], item[2], item[0]) if str(item[0]).isupper() else (item[0], item[2], item[1]))
            elif isinstance(item, (list, tuple)) and len(item) == 2:
                rows.append((item[0], item[1], ""))
        return rows
    return []


def _line_rows(text: str) -> list[tuple[str, str, str]]:
    rows = []
    for line in text.splitlines():
        cells = [c.strip().strip("\"'") for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and not set(cells[0]) <= set("-: "):
            rows.append((cells[1], cells[2], cells[0]) if cells[0].isupper() else (cells[0], cells[2], cells[1]))
            continue
        m = re.match(r"^\s*[-*]?\s*\"?(.+?)\"?\s*(?:->|→|=>|:)\s*\"?(.+?)\"?\s*$", line)
        if m:
            rows.append((m.group(1), m.group(2), ""))
    return rows
