"""privrag — privacy-preserving RAG components on one framework-neutral core.

The core never imports LangChain or LlamaIndex; the adapters in
``langchain_privrag`` and ``llamaindex_privrag`` translate types and call in here.
"""

from privrag.types import DetectedEntity, Entity, PrivacyError, PrivacyReceipt, ProtectedText, Span

__version__ = "0.1.0"

__all__ = [
    "DetectedEntity",
    "Entity",
    "PrivacyError",
    "PrivacyReceipt",
    "ProtectedText",
    "Span",
    "__version__",
]
