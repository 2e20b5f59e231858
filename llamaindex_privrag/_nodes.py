"""Node plumbing shared by the LlamaIndex adapters (no privacy logic here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llama_index.core.schema import BaseNode

from privrag.documents import ProtectedRecord
from privrag.metadata import MetadataPolicy

__all__ = ["node_texts", "rebuild_nodes"]


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
    """
    out = []
    for node, rec in zip(nodes, records, strict=True):
        new = node.model_copy(deep=True)
        new.set_content(rec.text)
        new.metadata = rec.metadata
        for rel in new.relationships.values():
            infos = rel if isinstance(rel, list) else [rel]
            for info in infos:
                if getattr(info, "metadata", None):
                    info.metadata = policy.apply(info.metadata, protect)
        out.append(new)
    return out
