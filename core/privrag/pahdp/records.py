"""Protect retrieved (text, metadata) records for one query: what both adapters share.

The LangChain compressor and the LlamaIndex postprocessor hand over plain
strings, metadata dicts and document ids and get :class:`ProtectedRecord`
objects back, so the metadata policy, the string-free ``privrag`` entry and
failing closed live here once.

Metadata strings (when the policy says ``protect``) are redacted with Γ by a
:class:`~privrag.redact.Redactor` on the engine's detector: a metadata field
has no sentence to score against the query, and deterministic redaction
spends no budget.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from privrag.documents import ProtectedRecord, report_entry
from privrag.metadata import PRIVRAG_KEY, MetadataPolicy
from privrag.pahdp.engine import PAHDP
from privrag.pahdp.receipts import PAHDPResult
from privrag.types import PrivacyError

__all__ = ["protect_context_records", "aprotect_context_records", "metadata_redactor"]


def metadata_redactor(engine: PAHDP) -> Any:
    """The Γ redactor used for metadata values (same detector as the engine)."""
    from privrag.redact import Redactor

    red = getattr(engine, "_metadata_redactor", None)
    if red is None:
        red = Redactor(engine.detector)
        engine._metadata_redactor = red  # type: ignore[attr-defined]
    return red


def protect_context_records(
    engine: PAHDP,
    query: str | None,
    texts: Sequence[str],
    metadatas: Sequence[Mapping[str, Any] | None],
    policy: MetadataPolicy,
    *,
    doc_ids: Sequence[str | None] | None = None,
    seed: int | None = None,
) -> tuple[list[ProtectedRecord], PAHDPResult]:
    """Protect retrieved contents for ``query`` and their metadata per ``policy``.

    Each record's metadata gets ``metadata["privrag"]``: the usual counts plus
    ``receipt`` — tiers, ε per unit, ε of the context and of its document in
    this call, and the document's ledger state — with no original string.
    """
    if len(texts) != len(metadatas):
        raise ValueError("texts and metadatas differ in length")
    for t in texts:
        if not isinstance(t, str):
            raise PrivacyError(f"document content must be text, got {type(t).__name__}")
    result = engine.protect(query or "", list(texts), doc_ids, seed=seed)
    redactor = metadata_redactor(engine)
    records = []
    for item, md in zip(result.items, metadatas, strict=True):
        new_md = policy.apply(md, redactor.protect_text)
        entry = report_entry(item)
        entry["receipt"] = item.receipt.to_dict()
        new_md[PRIVRAG_KEY] = entry
        records.append(ProtectedRecord(item.text, new_md, item))
    return records, result


async def aprotect_context_records(
    engine: PAHDP,
    query: str | None,
    texts: Sequence[str],
    metadatas: Sequence[Mapping[str, Any] | None],
    policy: MetadataPolicy,
    *,
    doc_ids: Sequence[str | None] | None = None,
    seed: int | None = None,
) -> tuple[list[ProtectedRecord], PAHDPResult]:
    """Async variant: the CPU-bound work runs in a worker thread."""
    return await asyncio.to_thread(
        protect_context_records, engine, query, texts, metadatas, policy, doc_ids=doc_ids, seed=seed
    )
