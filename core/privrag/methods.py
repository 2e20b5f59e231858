"""Named protection methods for the CLI and benchmarks.

A method is anything with ``protect_batch(texts) -> list[ProtectedText]``.
Entries are factories imported lazily, so ``privrag anonymize --method redact``
never loads the TRIP-RAG surrogate and vice versa.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from privrag.types import ProtectedText

__all__ = ["Protector", "METHODS", "get_method"]


class Protector(Protocol):
    def protect_batch(self, texts: Sequence[str]) -> list[ProtectedText]: ...


#: method name → "module:factory"
METHODS: dict[str, str] = {
    "redact": "privrag.redact:Redactor",
    "trip": "privrag.trip:TripRag",
}


def get_method(name: str, **kwargs: Any) -> Protector:
    """Instantiate the method ``name`` with ``kwargs`` (e.g. ``detector=…``)."""
    try:
        target = METHODS[name]
    except KeyError:
        raise ValueError(f"unknown method {name!r}; choose from {sorted(METHODS)}") from None
    module, attr = target.split(":")
    try:
        factory = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"method {name!r} is not available in this installation: {exc}") from exc
    return factory(**kwargs)
