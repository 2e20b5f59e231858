"""LangChain components for privrag: thin adapters over the ``privrag`` core.

Imports are lazy so that ``import langchain_privrag`` stays cheap and a
missing optional component never breaks the others.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "PrivragEmbeddings",
    "RedactTransformer",
    "TripRagTransformer",
    "SEAGChatModel",
    "SEAGAliasRunnable",
    "SEAGRestoreRunnable",
    "PAHDPCompressor",
    "PADHuggingFaceLLM",
]

_LAZY = {
    "PrivragEmbeddings": "langchain_privrag.embeddings",
    "RedactTransformer": "langchain_privrag.redact",
    "TripRagTransformer": "langchain_privrag.trip",
    "SEAGChatModel": "langchain_privrag.seag",
    "SEAGAliasRunnable": "langchain_privrag.seag_lcel",
    "SEAGRestoreRunnable": "langchain_privrag.seag_lcel",
    "PAHDPCompressor": "langchain_privrag.pahdp",
    "PADHuggingFaceLLM": "langchain_privrag.pad",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'langchain_privrag' has no attribute {name!r}")
