"""LlamaIndex components for privrag: thin adapters over the ``privrag`` core.

Imports are lazy so that ``import llamaindex_privrag`` stays cheap and a
missing optional component never breaks the others.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "PrivragEmbedding",
    "RedactTransform",
    "TripRagTransform",
    "SEAGLLM",
    "PAHDPPostprocessor",
    "PADHuggingFaceLLM",
]

_LAZY = {
    "PrivragEmbedding": "llamaindex_privrag.embeddings",
    "RedactTransform": "llamaindex_privrag.redact",
    "TripRagTransform": "llamaindex_privrag.trip",
    "SEAGLLM": "llamaindex_privrag.seag",
    "PAHDPPostprocessor": "llamaindex_privrag.pahdp",
    "PADHuggingFaceLLM": "llamaindex_privrag.pad",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'llamaindex_privrag' has no attribute {name!r}")
