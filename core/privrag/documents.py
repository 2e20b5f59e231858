"""Protect (text, metadata) records: the logic every document adapter shares.

LangChain ``Document`` and LlamaIndex nodes are both "content + metadata".
Adapters translate to plain strings and dicts, call :func:`protect_records`
and translate back, so the privacy logic — metadata policy, the string-free
``privrag`` report entry, failing closed — lives here once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from privrag.metadata import PRIVRAG_KEY, MetadataPolicy
from privrag.types import PrivacyError, ProtectedText

__all__ = ["BatchProtector", "ProtectedRecord", "protect_records", "aprotect_records", "report_entry"]


class BatchProtector(Protocol):
    def protect_batch(self, texts: Sequence[str]) -> list[ProtectedText]: ...


@dataclass
class ProtectedRecord:
    text: str
    metadata: dict[str, Any]
    result: ProtectedText


def report_entry(result: ProtectedText) -> dict[str, Any]:
    """The ``privrag`` metadata entry: counts and decisions, never an original string."""
    r = result.receipt
    entry: dict[str, Any] = {
        "mechanism": r.mechanism,
        "masked_mentions": len(result.masked_spans),
        "masked_by_label": dict(r.protected),
    }
    if r.epsilon is not None:
        entry["epsilon"] = r.epsilon
        entry["delta"] = r.delta
    safe_counts = {k: v for k, v in r.counts.items() if isinstance(v, (int, float, bool))}
    entry.update(safe_counts)
    decisions = r.details.get("decisions")
    if isinstance(decisions, dict):  # e.g. TRIP-RAG: {"masked": n, "kept": m}
        entry["decisions"] = {k: v for k, v in decisions.items() if isinstance(v, (int, float))}
    return entry


def protect_records(
    protector: BatchProtector,
    texts: Sequence[str],
    metadatas: Sequence[Mapping[str, Any] | None],
    policy: MetadataPolicy,
    *,
    metadata_protector: BatchProtector | None = None,
    groups: Sequence[Hashable | None] | None = None,
) -> list[ProtectedRecord]:
    """Protect contents in one batch, then metadata strings per the policy.

    ``metadata_protector`` (default: ``protector``) handles metadata values;
    TRIP-RAG passes a full redactor here because a metadata field carries no
    retrieval context to trade against. ``groups`` (the source document of
    each text) is passed to protectors that decide per document (TRIP-RAG).
    """
    if len(texts) != len(metadatas):
        raise ValueError("texts and metadatas differ in length")
    for t in texts:
        if not isinstance(t, str):
            raise PrivacyError(f"document content must be text, got {type(t).__name__}")
    results = protector.protect_batch(list(texts)) if groups is None else \
        protector.protect_batch(list(texts), groups=list(groups))  # type: ignore[call-arg]
    meta_p = metadata_protector or protector
    # every metadata string of the batch through the protector in one call, not one call per field:
    # a dry run of the policy collects exactly the strings it would hand to the protector
    wanted: dict[str, None] = {}

    def collect(x: str) -> str:
        wanted.setdefault(x)
        return x

    for md in metadatas:
        policy.apply(md, collect)
    strings = list(wanted)
    protected = dict(zip(strings, (r.text for r in meta_p.protect_batch(strings)), strict=True)) if strings else {}

    out = []
    for res, md in zip(results, metadatas, strict=True):
        new_md = policy.apply(md, protected.__getitem__)
        new_md[PRIVRAG_KEY] = report_entry(res)
        out.append(ProtectedRecord(res.text, new_md, res))
    return out


async def aprotect_records(
    protector: BatchProtector,
    texts: Sequence[str],
    metadatas: Sequence[Mapping[str, Any] | None],
    policy: MetadataPolicy,
    *,
    metadata_protector: BatchProtector | None = None,
    groups: Sequence[Hashable | None] | None = None,
) -> list[ProtectedRecord]:
    """Async variant: the CPU-bound work runs in a worker thread."""
    return await asyncio.to_thread(
        protect_records, protector, texts, metadatas, policy, metadata_protector=metadata_protector, groups=groups
    )
