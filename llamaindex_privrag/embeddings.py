"""``PrivragEmbedding``: the packaged offline MiniLM as a LlamaIndex embedding model."""

from __future__ import annotations

from typing import Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.bridge.pydantic import Field, PrivateAttr

__all__ = ["PrivragEmbedding"]


class PrivragEmbedding(BaseEmbedding):
    """Sentence embeddings from privrag's offline default model (all-MiniLM-L6-v2)."""

    model: str | None = Field(default=None, description="Model directory or hub id; None = packaged MiniLM.")
    _embedder: Any = PrivateAttr(default=None)

    def __init__(self, embedder: Any | None = None, **data: Any) -> None:
        data.setdefault("model_name", data.get("model") or "all-MiniLM-L6-v2")
        super().__init__(**data)
        if embedder is None:
            from privrag.embed import SentenceTransformerEmbedder, default_embedder

            embedder = default_embedder() if self.model is None else SentenceTransformerEmbedder(self.model)
        self._embedder = embedder

    @classmethod
    def class_name(cls) -> str:
        return "PrivragEmbedding"

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._embedder.embed([query])[0].tolist()

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._embedder.embed([text])[0].tolist()

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self._embedder.embed(texts).tolist()
