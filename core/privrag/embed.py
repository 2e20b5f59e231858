"""Sentence embeddings (Φ, ℰ in the papers): protocol + sentence-transformers.

All techniques compare texts by cosine similarity of L2-normalized
embeddings, so :meth:`Embedder.embed` always returns unit vectors and
callers can use a plain dot product. Calls are batched: TRIP-RAG embeds the
n+1 variants of a chunk in one call, PA-HDP all units and candidates at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from privrag import models

__all__ = ["Embedder", "SentenceTransformerEmbedder", "default_embedder", "cosine"]


@runtime_checkable
class Embedder(Protocol):
    """Anything that maps texts to L2-normalized float32 vectors, shape (n, d)."""

    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class SentenceTransformerEmbedder:
    """A sentence-transformers model (default: the packaged all-MiniLM-L6-v2).

    Key init args:
        model: ``None`` for the packaged MiniLM, a local directory or a hub id.
        batch_size: texts per forward pass.
        max_seq_length: word pieces read per text (MiniLM: 256); longer texts
            are truncated by the model, so callers chunk first.
    """

    BATCH_SIZE = 64

    def __init__(
        self,
        model: str | None = None,
        *,
        batch_size: int = BATCH_SIZE,
        device: str = "cpu",
        show_progress: bool = False,
    ) -> None:
        self.model_name = model or models.DEFAULT_EMBEDDING_MODEL
        self._model = models.load_sentence_transformer(model, device)
        self.batch_size = batch_size
        self.show_progress = show_progress
        get_dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        self.dim = int(get_dim())

    @property
    def max_seq_length(self) -> int:
        return int(self._model.max_seq_length)

    @property
    def tokenizer(self):  # noqa: ANN201 - a HF tokenizer
        return self._model.tokenizer

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vecs = self._model.encode(
            texts,
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=self.show_progress,
        )
        return np.asarray(vecs, dtype=np.float32)

    async def aembed(self, texts: Sequence[str]) -> np.ndarray:
        return await asyncio.to_thread(self.embed, texts)

    def iter_token_embeddings(
        self, texts: Sequence[str], batch_size: int | None = None
    ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """One encoder pass yielding, per mini-batch in input order, the
        unit-norm sentence embeddings (b, d), the contextual token embeddings
        (b, L, d) and the attention mask (b, L).

        TRIP-RAG's privacy surrogate reads the token embeddings of the same
        pass whose pooled output is the sentence embedding, so the n+1
        variants of a chunk are encoded once.
        """
        import torch

        texts = list(texts)
        bs = batch_size or self.batch_size
        for i in range(0, len(texts), bs):
            features = self._model.preprocess(texts[i : i + bs])
            features = {k: (v.to(self._model.device) if hasattr(v, "to") else v) for k, v in features.items()}
            with torch.inference_mode():
                out = self._model(features)
            sent = torch.nn.functional.normalize(out["sentence_embedding"].float(), dim=-1)
            yield (
                sent.cpu().numpy().astype(np.float32),
                out["token_embeddings"].float().cpu().numpy(),
                out["attention_mask"].cpu().numpy().astype(bool),
            )


_DEFAULT: SentenceTransformerEmbedder | None = None


def default_embedder() -> SentenceTransformerEmbedder:
    """The process-wide packaged MiniLM embedder (loaded on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = SentenceTransformerEmbedder()
    return _DEFAULT


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine similarity of row vectors (works for unnormalized inputs too)."""
    a = np.atleast_2d(a).astype(np.float32)
    b = np.atleast_2d(b).astype(np.float32)
    an = a / np.maximum(np.linalg.norm(a, axis=1, keepdims=True), 1e-12)
    bn = b / np.maximum(np.linalg.norm(b, axis=1, keepdims=True), 1e-12)
    return an @ bn.T
