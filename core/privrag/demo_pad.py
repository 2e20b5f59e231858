"""The PAD stage of ``make demo``: a local answer with its privacy receipt."""

from __future__ import annotations

import functools

from privrag.pad.accounting import receipt_summary
from privrag.pad.generate import PADGenerator

__all__ = ["pad_stage", "PAD_DEMO_SEED"]

PAD_DEMO_SEED = 7


@functools.lru_cache(maxsize=1)
def _generator() -> PADGenerator:
    return PADGenerator(max_new_tokens=64)


def pad_stage(context: str, question: str, *, max_new_tokens: int = 64) -> str:
    """Answer ``question`` from ``context`` with SmolLM2 under PAD; return
    printable text: the answer, then its receipt (ε, δ, γ, step counts)."""
    prompt = f"Context:\n{context.strip()}\n\nQuestion: {question.strip()}\nAnswer briefly."
    result = _generator().generate([prompt], seed=PAD_DEMO_SEED, max_new_tokens=max_new_tokens)[0]
    assert result.receipt is not None
    r = receipt_summary(result.receipt)
    return (
        f"PAD answer (SmolLM2-135M-Instruct, seed {PAD_DEMO_SEED}):\n  {result.text.strip()}\n"
        f"Privacy receipt: epsilon={r['epsilon']:.4g} delta={r['delta']:g} gamma={r['gamma']:.2f} "
        f"(protected {r['protected_steps']} of {r['total_steps']} steps; epsilon covers the protected steps "
        "only, under the realized noise schedule)"
    )
