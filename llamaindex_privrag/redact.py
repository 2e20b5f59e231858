"""``RedactTransform``: mask every detected entity in LlamaIndex nodes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.schema import BaseNode, TransformComponent

from llamaindex_privrag._nodes import node_texts, rebuild_nodes
from privrag.documents import aprotect_records, protect_records
from privrag.metadata import MetadataPolicy
from privrag.redact import Redactor

__all__ = ["RedactTransform"]


class RedactTransform(TransformComponent):
    """Replace every detected entity in node text and metadata.

    Each node gets a string-free ``metadata["privrag"]`` report, hidden from
    the embedding model and the LLM (excluded metadata keys).

    Use it in an ``IngestionPipeline`` after the splitter and before the
    embedding model, so neither the embedding service nor the vector store
    ever receives the raw text::

        pipeline = IngestionPipeline(transformations=[SentenceSplitter(), RedactTransform(), embed_model])
    """

    mode: str = Field(default="descriptor", description="'descriptor' (Γ: 'a person') or 'tag' ('<PERSON>').")
    metadata_policy: dict[str, str] = Field(
        default_factory=dict, description="Per-field metadata action: protect / keep / drop (strings protected by default)."
    )
    _redactor: Any = PrivateAttr(default=None)
    _policy: MetadataPolicy = PrivateAttr(default=None)

    def __init__(self, redactor: Redactor | None = None, **data: Any) -> None:
        super().__init__(**data)
        self._redactor = redactor or Redactor(mode=self.mode)  # type: ignore[arg-type]
        self._policy = MetadataPolicy.coerce(self.metadata_policy)  # type: ignore[arg-type]

    @classmethod
    def class_name(cls) -> str:
        return "PrivragRedactTransform"

    def _protect(self, s: str) -> str:
        return self._redactor.protect_text(s)

    def __call__(self, nodes: Sequence[BaseNode], **kwargs: Any) -> list[BaseNode]:
        texts, metas = node_texts(nodes)
        records = protect_records(self._redactor, texts, metas, self._policy)
        return rebuild_nodes(nodes, records, self._policy, self._protect)

    async def acall(self, nodes: Sequence[BaseNode], **kwargs: Any) -> list[BaseNode]:
        texts, metas = node_texts(nodes)
        records = await aprotect_records(self._redactor, texts, metas, self._policy)
        return rebuild_nodes(nodes, records, self._policy, self._protect)
