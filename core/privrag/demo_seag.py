"""The SEAG stage of ``make demo``: what an external generator would see.

The question and the retrieved documents are aliased with one table; the
local SmolLM2 plays the external generator (greedy decoding) on the aliased
text only; its answer is restored for the user. The printout shows the
table, the generator's input, its raw answer and the restored answer.
"""

from __future__ import annotations

import textwrap

from privrag.seag import SEAG

__all__ = ["seag_stage"]

_SYSTEM = "Answer the question using only the documents."


def _wrap(text: str, indent: str = "    ") -> str:
    return "\n".join(textwrap.fill(line, 100, initial_indent=indent, subsequent_indent=indent) if line else ""
                     for line in text.splitlines())


def seag_stage(question: str, documents: list[str], *, seed: int = 7, max_new_tokens: int = 48) -> str:
    """Alias → generate (local SmolLM2 as the "external" model) → restore; printable report."""
    from privrag.models import load_causal_lm
    from privrag.seag.llm_aliases import as_text_generator

    seag = SEAG(seed=seed)
    req = seag.request(question, documents, system_prompt=_SYSTEM)
    generate = as_text_generator(load_causal_lm(), max_new_tokens=max_new_tokens)
    context = "\n\n".join(f"Document {i + 1}: {d}" for i, d in enumerate(req.documents))
    prompt = f"{req.system_prompt}\n\n{context}\n\nQuestion: {req.question}"
    raw = generate(prompt).strip()
    restored = req.restore(raw)

    rows = [f"  {e.label:<9} {e.original!r:<34} -> {e.alias!r}" for e in req.table.entries]
    out = [
        f"alias table ({len(req.table)} rows, one per surface form; dates shifted by one offset, "
        "amounts scaled by one factor):",
        *rows,
        "",
        "what the generator received (nothing else; no instruction was added):",
        _wrap(prompt),
        "",
        "generator's raw answer (aliases):",
        _wrap(raw or "(empty)"),
        "",
        "restored answer (what the user sees):",
        _wrap(restored or "(empty)"),
        "",
        f"receipt: {req.receipt.to_dict()['protected']} — no original string left the owner's side",
    ]
    return "\n".join(out)
