"""f_priv: a learned surrogate of a text's privacy risk, read off its embedding.

The head is a small MLP on the (L2-normalised) MiniLM sentence embedding, so
TRIP-RAG gets f_priv for free from the embeddings it computes anyway, and
PA-HDP can use the same object as R_leak.

What it predicts: the *risk mass* ``r(T) = −Σ log(1 − level_i)`` over the
mentions left unmasked in T (levels DIRECT ≈ 0.85, QUASI ≈ 0.55, NO_MASK ≈
0.05 after the paper's 4-level GDPR rubric), so that

    f_priv(T) = 1 − exp(−r(T)) = 1 − Π (1 − level_i)

is exactly the target of the design, in [0, 1]. The head is trained on r
rather than on f_priv because f_priv saturates at 1 as soon as a chunk holds
five or six quasi-identifiers (most TAB chunks), where a squared error on
f_priv would carry no signal about which mention matters. Inference is plain
numpy; training (``privrag.trip.train``) uses torch.

Two heads share that target:

* the **sentence head** reads the pooled sentence embedding — the design's
  default and the stable public API (``score_embeddings``) PA-HDP uses;
* the **token head** reads the contextual token embeddings of the same
  encoder pass and sums a per-token risk, ``r(T) = Σ_t g(h_t)`` — the
  additive form of the same target. Measured on TAB dev it ranks DIRECT >
  QUASI > NO_MASK far better (a name is two tokens of a 230-token chunk: the
  mean pooling all but erases it), so TripRag uses it whenever the embedder
  exposes token embeddings (see ``surrogate_report.json``).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from privrag.trip.normalize import asset_path

__all__ = ["PrivacySurrogate", "TokenHead", "load_default_surrogate", "DEFAULT_SURROGATE", "LEVELS"]

#: shipped weights (package data)
DEFAULT_SURROGATE = "surrogate.npz"

#: rubric score per TAB identifier type (Appendix C: level 3 / 2 / 0)
LEVELS: dict[str, float] = {"DIRECT": 0.85, "QUASI": 0.55, "NO_MASK": 0.05}


def _softplus(x: np.ndarray) -> np.ndarray:
    return np.logaddexp(0.0, x)


@dataclass
class TokenHead:
    """Per-token risk ``g(h) = softplus(w2 · relu(W1 · z + b1) + b2)``; a text's mass is the sum."""

    mean: np.ndarray
    std: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float

    def token_risk(self, tokens: np.ndarray) -> np.ndarray:
        """Risk of each token embedding, shape ``tokens.shape[:-1]``."""
        z = (np.asarray(tokens, dtype=np.float32) - self.mean) / self.std
        h = np.maximum(z @ self.w1.T + self.b1, 0.0)
        return _softplus(h @ self.w2 + self.b2).astype(np.float64)

    def mass(self, tokens: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """r(T) per text from padded token embeddings (b, L, d) and mask (b, L)."""
        return (self.token_risk(tokens) * np.asarray(mask, dtype=np.float64)).sum(axis=-1)


@dataclass
class PrivacySurrogate:
    """f_priv as an MLP head: ``r = softplus(w2 · relu(W1 · z + b1) + b2)``.

    ``z`` is the embedding standardised with the training set's mean/std.
    ``hidden`` may be empty (``W1`` of shape (0, d)) for a linear head.

    Public API (stable; PA-HDP relies on it):
        score_embeddings(emb) -> f_priv ∈ [0, 1], shape (n,)
        risk_mass(emb) -> r ≥ 0, shape (n,)
        score_texts(texts, embedder=None) -> f_priv of raw texts
    """

    mean: np.ndarray
    std: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float
    meta: dict[str, Any] = field(default_factory=dict)
    token_head: TokenHead | None = None

    @property
    def dim(self) -> int:
        return int(self.mean.shape[0])

    # -- inference --------------------------------------------------------
    def risk_mass(self, emb: np.ndarray) -> np.ndarray:
        """r(T) ≥ 0 for each row of ``emb`` (n, d)."""
        x = np.atleast_2d(np.asarray(emb, dtype=np.float32))
        if x.shape[1] != self.dim:
            raise ValueError(f"surrogate expects {self.dim}-d embeddings, got {x.shape[1]}")
        z = (x - self.mean) / self.std
        h = np.maximum(z @ self.w1.T + self.b1, 0.0) if self.w1.size else z
        return _softplus(h @ self.w2 + self.b2).astype(np.float64)

    def score_embeddings(self, emb: np.ndarray) -> np.ndarray:
        """f_priv(T) = 1 − exp(−r(T)) ∈ [0, 1] for each row of ``emb``."""
        return -np.expm1(-self.risk_mass(emb))

    def uses_tokens(self, embedder: Any) -> bool:
        """Whether f_priv for ``embedder``'s texts comes from the token head."""
        return self.token_head is not None and hasattr(embedder, "iter_token_embeddings")

    def encode(self, texts: Sequence[str], embedder: Any) -> tuple[np.ndarray, np.ndarray]:
        """``(sentence embeddings (n, d), risk mass (n,))`` in one encoder pass.

        The token head is used when the embedder exposes token embeddings,
        otherwise the sentence head reads the pooled embeddings.
        """
        emb, mass, _ = self.encode_with_token_risk(texts, embedder)
        return emb, mass

    def encode_with_token_risk(
        self, texts: Sequence[str], embedder: Any, keep: Collection[int] = ()
    ) -> tuple[np.ndarray, np.ndarray, dict[int, np.ndarray]]:
        """Like :meth:`encode`, plus the per-token risk of the rows in ``keep``
        (one value per encoder token, [CLS] and [SEP] included) — what the
        one-pass "masked pooling" S_priv sums over an entity's tokens.
        """
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dim), np.float32), np.zeros(0, np.float64), {}
        if not self.uses_tokens(embedder):
            if keep:
                raise ValueError("per-token risk needs a token head and an embedder with token embeddings")
            emb = np.asarray(embedder.embed(texts), dtype=np.float32)
            return emb, self.risk_mass(emb), {}
        keep = set(keep)
        order = np.argsort([len(t) for t in texts], kind="stable")  # less padding per mini-batch
        emb = np.zeros((len(texts), self.dim), np.float32)
        mass = np.zeros(len(texts), np.float64)
        risks: dict[int, np.ndarray] = {}
        pos = 0
        for sent, tokens, mask in embedder.iter_token_embeddings([texts[i] for i in order]):
            idx = order[pos : pos + len(sent)]
            emb[idx] = sent
            risk = self.token_head.token_risk(tokens) * mask  # type: ignore[union-attr]
            mass[idx] = risk.sum(axis=-1)
            for k, row in enumerate(idx):
                if int(row) in keep:
                    risks[int(row)] = risk[k, : int(mask[k].sum())]
            pos += len(sent)
        return emb, mass, risks

    def score_texts(self, texts: Sequence[str], embedder: Any | None = None) -> np.ndarray:
        """f_priv of raw texts, embedded with ``embedder`` (default: packaged MiniLM).

        Uses the token head when the embedder exposes token embeddings.
        Texts longer than the encoder window are truncated by the encoder;
        chunk first (see :func:`privrag.trip.chunking.encoder_chunks`).
        """
        if embedder is None:
            from privrag.embed import default_embedder

            embedder = default_embedder()
        return -np.expm1(-self.encode(texts, embedder)[1])

    # -- persistence ------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            path,
            mean=self.mean.astype(np.float32),
            std=self.std.astype(np.float32),
            w1=self.w1.astype(np.float32),
            b1=self.b1.astype(np.float32),
            w2=self.w2.astype(np.float32),
            b2=np.float32(self.b2),
            meta=np.array(json.dumps(self.meta, sort_keys=True)),
            **({f"t_{k}": np.asarray(getattr(self.token_head, k), dtype=np.float32)
                for k in ("mean", "std", "w1", "b1", "w2", "b2")} if self.token_head else {}),
        )
        return path

    @classmethod
    def load(cls, path: str | Path) -> PrivacySurrogate:
        with np.load(Path(path), allow_pickle=False) as z:
            token = None
            if "t_w1" in z:
                token = TokenHead(mean=z["t_mean"], std=z["t_std"], w1=z["t_w1"], b1=z["t_b1"],
                                  w2=z["t_w2"], b2=float(z["t_b2"]))
            return cls(
                mean=z["mean"], std=z["std"], w1=z["w1"], b1=z["b1"], w2=z["w2"],
                b2=float(z["b2"]), meta=json.loads(str(z["meta"])), token_head=token,
            )


_DEFAULT: PrivacySurrogate | None = None


def load_default_surrogate() -> PrivacySurrogate:
    """The shipped f_priv head (scripts/train_trip_surrogate.py: TAB train plus generated
    documents of our users' genres; ``meta["trained_on"]`` says which)."""
    global _DEFAULT
    if _DEFAULT is None:
        path = asset_path(DEFAULT_SURROGATE)
        if not path.exists():
            raise FileNotFoundError(
                f"TRIP-RAG surrogate weights missing at {path}; run "
                "`python scripts/train_trip_surrogate.py` or `privrag calibrate`"
            )
        _DEFAULT = PrivacySurrogate.load(path)
    return _DEFAULT
