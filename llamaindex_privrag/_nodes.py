"""Node plumbing shared by the LlamaIndex adapters (no privacy logic here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llama_index.core.schema import BaseNode

from privrag.documents import ProtectedRecord
from privrag.ids import safe_hash, safe_id
from privrag.metadata import PRIVRAG_KEY, MetadataPolicy

__all__ = ["node_texts", "rebuild_nodes", "hide_report"]


def node_texts(nodes: Sequence[BaseNode]) -> tuple[list[str], list[dict[str, Any]]]:
    """Content (without metadata) and metadata of each node."""
    from llama_index.core.schema import MetadataMode

    return [n.get_content(metadata_mode=MetadataMode.NONE) for n in nodes], [dict(n.metadata) for n in nodes]


def rebuild_nodes(
    nodes: Sequence[BaseNode],
    records: Sequence[ProtectedRecord],
    policy: MetadataPolicy,
    protect: Callable[[str], str],
) -> list[BaseNode]:
    """Copies of ``nodes`` with protected content and metadata.

    Relationship infos (``SOURCE``, ``PARENT`` …) carry a copy of the source
    document's metadata into the vector store; they get the same policy.
    Ids (the node's, each relationship's, hence ``ref_doc_id``) and
    relationship hashes go through :func:`~privrag.ids.safe_id` /
    :func:`~privrag.ids.safe_hash`: a reader's document id is often the file
    path, and the hash fingerprints the raw text. Both are deterministic, so
    the chunks of one document keep one ``SOURCE`` id across calls and runs.
    Every copy has the ``privrag`` report hidden (:func:`hide_report`).
    """
    out = []
    for node, rec in zip(nodes, records, strict=True):
        new = node.model_copy(deep=True)
        new.set_content(rec.text)
        new.metadata = rec.metadata
        new.id_ = safe_id(new.id_) or new.id_
        for rel in new.relationships.values():
            for info in rel if isinstance(rel, list) else [rel]:
                _protect_info(info, policy, protect)
        out.append(hide_report(new))
    return out


def _protect_info(info: Any, policy: MetadataPolicy, protect: Callable[[str], str]) -> None:
    if getattr(info, "metadata", None):
        info.metadata = policy.apply(info.metadata, protect)
    if getattr(info, "node_id", None):
        info.node_id = safe_id(info.node_id)
    if getattr(info, "hash", None):
        info.hash = safe_hash(info.hash)


def hide_report(node: BaseNode) -> BaseNode:
    """Keep the ``privrag`` report out of the embedded and the LLM-visible text.

    LlamaIndex writes every metadata key not listed in
    ``excluded_embed_metadata_keys`` / ``excluded_llm_metadata_keys`` into
    the text it embeds and into the prompt. The report holds only counts,
    but "mechanism: redact, masked_by_label: {'PERSON': 2}" in every chunk
    shifts embeddings by what was masked and spends the LLM's context on
    bookkeeping; it is for people and logs. Returns ``node`` (changed in place).
    """
    for keys in (node.excluded_embed_metadata_keys, node.excluded_llm_metadata_keys):
        if PRIVRAG_KEY not in keys:
            keys.append(PRIVRAG_KEY)
    return node
