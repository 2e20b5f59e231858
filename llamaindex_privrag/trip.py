"""``TripRagTransform``: TRIP-RAG selective anonymization for LlamaIndex nodes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.schema import BaseNode, TransformComponent

from llamaindex_privrag._nodes import node_texts, rebuild_nodes
from privrag.documents import aprotect_records, protect_records
from privrag.metadata import MetadataPolicy
from privrag.redact import Redactor
from privrag.trip import TripRag

__all__ = ["TripRagTransform"]


class TripRagTransform(TransformComponent):
    """Mask only the entities whose privacy risk outweighs their retrieval value.

    Use it in an ``IngestionPipeline`` after the splitter and before the
    embedding model, so neither the embedding service nor the vector store
    receives raw identifiers::

        pipeline = IngestionPipeline(transformations=[SentenceSplitter(), TripRagTransform(), embed_model])

    Metadata strings (node and relationship metadata, which LlamaIndex embeds
    and sends to the LLM by default) follow the metadata policy and are fully
    redacted. Each node gets a string-free ``metadata["privrag"]`` entry,
    hidden from the embedding model and the LLM (excluded metadata keys).
    τ was calibrated on ~230-token chunks; use a splitter chunk size of that
    order (much smaller chunks make every entity look central and keep more).
    Nodes split from one document (same ``ref_doc_id``) are decided together:
    an entity masked in one of them is masked in all of them.
    """

    tau: float | None = Field(default=None, description="Override of the calibrated τ (higher masks less).")
    metadata_policy: dict[str, str] = Field(
        default_factory=dict, description="Per-field metadata action: protect / keep / drop (strings protected by default)."
    )
    _trip: Any = PrivateAttr(default=None)
    _meta_redactor: Any = PrivateAttr(default=None)
    _policy: MetadataPolicy = PrivateAttr(default=None)

    def __init__(self, trip: TripRag | None = None, metadata_redactor: Redactor | None = None, **data: Any) -> None:
        super().__init__(**data)
        if trip is not None and self.tau is not None:
            raise ValueError("pass tau to the TripRag engine you built, or no engine")
        self._trip = trip or TripRag(tau=self.tau)
        self._meta_redactor = metadata_redactor or Redactor(self._trip.detector)
        self._policy = MetadataPolicy.coerce(self.metadata_policy)  # type: ignore[arg-type]

    @classmethod
    def class_name(cls) -> str:
        return "PrivragTripRagTransform"

    @property
    def trip(self) -> TripRag:
        return self._trip

    def _protect(self, s: str) -> str:
        return self._meta_redactor.protect_text(s)

    def __call__(self, nodes: Sequence[BaseNode], **kwargs: Any) -> list[BaseNode]:
        texts, metas = node_texts(nodes)
        records = protect_records(self._trip, texts, metas, self._policy, metadata_protector=self._meta_redactor,
                                  groups=[n.ref_doc_id for n in nodes])
        return rebuild_nodes(nodes, records, self._policy, self._protect)

    async def acall(self, nodes: Sequence[BaseNode], **kwargs: Any) -> list[BaseNode]:
        texts, metas = node_texts(nodes)
        records = await aprotect_records(self._trip, texts, metas, self._policy, metadata_protector=self._meta_redactor,
                                         groups=[n.ref_doc_id for n in nodes])
        return rebuild_nodes(nodes, records, self._policy, self._protect)
