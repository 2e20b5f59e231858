"""PAD — privacy-aware decoding for a local causal LM (seed paper 003).

Per decoding step: clip the logits to L2 norm C, spend noise only where the
model is unsure, and account the protected steps with Rényi DP. Everything
framework-specific lives in the adapters; this package needs ``torch``,
``transformers`` and ``dp-accounting`` only. Imports are lazy so that reading
the config does not load ``transformers``.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "PADConfig",
    "PADLogitsProcessor",
    "SeededSampler",
    "PADGenerator",
    "PADResult",
    "PADChunk",
    "PIICopyGuard",
    "account",
    "rdp_curve",
    "receipt_summary",
    "COVERAGE_NOTE",
]

_LAZY = {
    "PADConfig": "privrag.pad.config",
    "PADLogitsProcessor": "privrag.pad.processor",
    "SeededSampler": "privrag.pad.processor",
    "PADGenerator": "privrag.pad.generate",
    "PADResult": "privrag.pad.generate",
    "PADChunk": "privrag.pad.generate",
    "PIICopyGuard": "privrag.pad.guard",
    "account": "privrag.pad.accounting",
    "rdp_curve": "privrag.pad.accounting",
    "receipt_summary": "privrag.pad.accounting",
    "COVERAGE_NOTE": "privrag.pad.accounting",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'privrag.pad' has no attribute {name!r}")
