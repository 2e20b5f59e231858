"""``PrivragEmbeddings``: the packaged offline MiniLM as LangChain ``Embeddings``."""

from __future__ import annotations

from typing import Any

from langchain_core.embeddings import Embeddings
from pydantic import BaseModel, ConfigDict, Field

__all__ = ["PrivragEmbeddings"]


class PrivragEmbeddings(BaseModel, Embeddings):
    """Sentence embeddings from privrag's offline default model (all-MiniLM-L6-v2).

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        model: ``None`` for the packaged MiniLM, or a local directory / hub id.

    Instantiate:
        .. code-block:: python

            from langchain_privrag.embeddings import PrivragEmbeddings

            emb = PrivragEmbeddings()

    Invoke:
        .. code-block:: python

            vectors = emb.embed_documents(["text one", "text two"])
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    model: str | None = Field(default=None, description="Model directory or hub id; None = packaged MiniLM.")
    """Model directory or hub id; ``None`` = packaged MiniLM."""
    embedder: Any = Field(default=None, exclude=True, description="A privrag Embedder (built if omitted).")
    """A privrag ``Embedder``; built from ``model`` if omitted."""

    def model_post_init(self, __context: Any) -> None:
        if self.embedder is None:
            from privrag.embed import SentenceTransformerEmbedder, default_embedder

            self.embedder = default_embedder() if self.model is None else SentenceTransformerEmbedder(self.model)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embedder.embed(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embedder.embed([text])[0].tolist()
