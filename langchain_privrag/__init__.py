"""LangChain components for privrag: thin adapters over the ``privrag`` core.

Imports are lazy so that ``import langchain_privrag`` stays cheap and a
missing optional component never breaks the others.

The ``metadata["privrag"]`` report (counts only) that the document
transformers and the compressor attach stays out of prompts and embeddings
without any help from privrag, unlike LlamaIndex where the adapters must list
it in the nodes' excluded metadata keys: LangChain embeds ``page_content``
only, and ``format_document`` (used by the "stuff" chains, whose default
document prompt is ``{page_content}``) fills in just the metadata keys a
document prompt names. The report reaches an LLM only if a prompt names
``{privrag}``, or if ``Document`` objects are put into a prompt whole —
``str(doc)`` prints all metadata; format them with ``format_document``.
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
