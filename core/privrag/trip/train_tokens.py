"""The token head of f_priv: per-token risk that sums to the risk mass.

The target of the surrogate is additive — ``r(T) = Σ −log(1 − level)`` over
the unmasked mentions of T — so it decomposes over tokens: each token of a
gold mention carries an equal share of the mention's mass, every other token
none. A small MLP on MiniLM's contextual token embeddings learns that share;
the contextual embedding tells "Turner" in "Mr John Turner (the applicant)"
from "Turner" in a painting's title, which a pooled sentence embedding of a
230-token chunk cannot. Only the original windows are embedded (no variants),
so building the training set costs one encoder pass over TAB train.

This module also holds the dev check for both heads: S_priv computed exactly
as TripRag computes it (``r(T) − r(Π_e(T))`` on encoder chunks), per gold
entity, against the entity's TAB level.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from privrag.trip.surrogate import LEVELS, PrivacySurrogate, TokenHead
from privrag.trip.train import auc, gold_mentions, mention_mass, training_windows, variant_text

__all__ = ["TokenSet", "build_token_set", "fit_token_head", "entity_ranking"]

log = logging.getLogger(__name__)


@dataclass
class TokenSet:
    """Token embeddings (float16 to halve memory), their risk-mass share and
    the rubric level of the mention they belong to (0 outside mentions)."""

    X: np.ndarray
    y: np.ndarray
    level: np.ndarray

    def __len__(self) -> int:
        return int(self.y.shape[0])


def build_token_set(docs: Sequence[Any], embedder: Any, *, seed: int = 0, short_per_chunk: int = 2) -> TokenSet:
    """Embed the windows of ``docs`` (chunks + short windows) and label their tokens."""
    if not hasattr(embedder, "iter_token_embeddings"):
        raise TypeError("the token head needs an embedder with iter_token_embeddings (e.g. SentenceTransformerEmbedder)")
    rng = np.random.default_rng(seed)
    tok = embedder.tokenizer
    max_len = int(getattr(embedder, "max_seq_length", 256))
    texts: list[str] = []
    labels: list[np.ndarray] = []
    levels: list[np.ndarray] = []
    for doc in docs:
        mentions = gold_mentions(doc)
        for a, b in training_windows(doc, mentions, tok, rng, short_per_chunk):
            text = doc.text[a:b]
            if not text.strip():
                continue
            offs = tok(text, truncation=True, max_length=max_len, return_offsets_mapping=True)["offset_mapping"]
            y = np.zeros(len(offs), np.float32)
            lv = np.zeros(len(offs), np.float32)
            for m in mentions:
                s, e = m.span.start - a, m.span.end - a
                if s < 0 or e > len(text):
                    continue
                idx = [i for i, (x, z) in enumerate(offs) if z > x and x >= s and z <= e]
                if idx:
                    y[idx] = mention_mass(m.itype) / len(idx)
                    lv[idx] = LEVELS.get(m.itype, LEVELS["QUASI"])
            texts.append(text)
            labels.append(y)
            levels.append(lv)
    log.info("embedding %d windows for the token head", len(texts))
    X: list[np.ndarray] = []
    Y: list[np.ndarray] = []
    L: list[np.ndarray] = []
    pos = 0
    for _, tokens, mask in embedder.iter_token_embeddings(texts):
        for k in range(len(mask)):
            n = int(mask[k].sum())
            y = labels[pos + k]
            if len(y) != n:  # tokenizer and encoder disagree: skip rather than mislabel
                continue
            X.append(tokens[k, :n].astype(np.float16))
            Y.append(y)
            L.append(levels[pos + k])
        pos += len(mask)
    d = int(getattr(embedder, "dim", 384))
    return TokenSet(X=np.concatenate(X) if X else np.zeros((0, d), np.float16),
                    y=np.concatenate(Y) if Y else np.zeros(0, np.float32),
                    level=np.concatenate(L) if L else np.zeros(0, np.float32))


def fit_token_head(
    ts: TokenSet, *, seed: int = 0, hidden: int = 64, ensemble: int = 3, epochs: int = 300,
    lr: float = 3e-3, weight_decay: float = 1e-3, direct_weight: float = 5.0,
    sample_weight: np.ndarray | None = None,
) -> TokenHead:
    """Full-batch Adam on the per-token squared error; members averaged in logit space.

    Tokens of DIRECT mentions weigh ``direct_weight`` times more: they are
    0.5 % of TAB train tokens and the ones whose miss is the privacy failure
    (on dev this lifts the DIRECT-vs-QUASI AUC of S_priv from ≈ 0.72 to ≈ 0.85).
    ``sample_weight`` (one per token) multiplies that, e.g. to weigh one source
    of the training mix less than another.
    """
    try:
        import torch
    except ImportError as exc:  # pragma: no cover - torch is a core dependency
        raise ImportError("training the TRIP-RAG surrogate needs torch (pip install torch)") from exc
    if len(ts) < 8:
        raise ValueError("need labelled tokens to train the token head")
    X32 = ts.X.astype(np.float32)
    mean, std = X32.mean(axis=0), X32.std(axis=0) + 1e-6
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    members = []
    try:
        X = torch.tensor((X32 - mean) / std)
        y = torch.tensor(ts.y)
        w_np = np.where(np.isclose(ts.level, LEVELS["DIRECT"]), direct_weight, 1.0)
        if sample_weight is not None:
            if len(sample_weight) != len(ts):
                raise ValueError(f"sample_weight has {len(sample_weight)} values for {len(ts)} tokens")
            w_np = w_np * np.asarray(sample_weight, dtype=np.float64)
        w = torch.tensor(w_np.astype(np.float32))
        for k in range(max(1, ensemble)):
            torch.manual_seed(seed + k)
            net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, 1))
            opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=weight_decay)
            for _ in range(epochs):
                opt.zero_grad()
                loss = (w * (torch.nn.functional.softplus(net(X).squeeze(-1)) - y) ** 2).mean()
                loss.backward()
                opt.step()
            members.append([p.detach().numpy().astype(np.float32) for p in net.parameters()])
    finally:
        torch.set_num_threads(threads)
    n = len(members)
    return TokenHead(
        mean=mean.astype(np.float32), std=std.astype(np.float32),
        w1=np.vstack([m[0] for m in members]), b1=np.concatenate([m[1] for m in members]),
        w2=(np.concatenate([m[2].reshape(-1) for m in members]) / n).astype(np.float32),
        b2=float(np.mean([m[3].reshape(-1)[0] for m in members])),
    )


def entity_ranking(surrogate: PrivacySurrogate, docs: Sequence[Any], embedder: Any) -> dict[str, dict[str, float]]:
    """Dev check of S_priv as TripRag computes it, for each head the surrogate has.

    Per encoder chunk and gold entity: S_priv = r(chunk) − r(chunk with the
    entity generalized) for the sentence head and the token head on variants
    ("tokens_variants"), and the risk of the entity's own tokens in the chunk's
    pass for the one-pass masked pooling ("tokens_pooled"), against the
    entity's highest TAB level there. AUCs
    for DIRECT vs QUASI, QUASI vs NO_MASK, DIRECT vs NO_MASK and Spearman;
    ``*_prob`` on the literal f_priv scale.
    """
    from scipy.stats import spearmanr

    rng = np.random.default_rng(0)
    texts: list[str] = []
    pairs: list[tuple[int, int, float]] = []
    spans: list[list[tuple[int, int]]] = []
    for doc in docs:
        mentions = gold_mentions(doc)
        for a, b in training_windows(doc, mentions, embedder.tokenizer, rng, 0):
            inside = [m for m in mentions if a <= m.span.start and m.span.end <= b]
            if not inside:
                continue
            root = len(texts)
            texts.append(doc.text[a:b])
            groups: dict[str, list[Any]] = {}
            for m in inside:
                groups.setdefault(m.entity, []).append(m)
            for group in groups.values():
                pairs.append((root, len(texts), max(LEVELS.get(m.itype, LEVELS["QUASI"]) for m in group)))
                spans.append([(m.span.start - a, m.span.end - a) for m in group])
                texts.append(variant_text(doc.text[a:b], a, group))
    roots = {p[0] for p in pairs}
    tokens = surrogate.uses_tokens(embedder)
    emb, token_mass, risks = surrogate.encode_with_token_risk(texts, embedder, roots if tokens else ())
    base = np.array([p[0] for p in pairs], dtype=int)
    var = np.array([p[1] for p in pairs], dtype=int)
    lv = np.array([p[2] for p in pairs])
    sentence_mass = replace(surrogate, token_head=None).risk_mass(emb)
    variants: dict[str, np.ndarray] = {"sentence": sentence_mass[var]}
    bases: dict[str, np.ndarray] = {"sentence": sentence_mass[base]}
    if tokens:
        bases["tokens_variants"] = bases["tokens_pooled"] = token_mass[base]
        variants["tokens_variants"] = token_mass[var]
        variants["tokens_pooled"] = token_mass[base] - np.array(
            [_token_sum(texts[p[0]], sp, risks[p[0]], embedder) for p, sp in zip(pairs, spans, strict=True)])
    out: dict[str, dict[str, float]] = {}
    d, q, n = LEVELS["DIRECT"], LEVELS["QUASI"], LEVELS["NO_MASK"]
    for name in variants:
        rb, rv = bases[name], variants[name]
        res: dict[str, float] = {"n_entities": float(len(pairs))}
        for scale, s in (("", rb - rv), ("_prob", np.exp(-rv) - np.exp(-rb))):
            res[f"auc_direct_vs_quasi{scale}"] = auc(s[lv == d], s[lv == q])
            res[f"auc_quasi_vs_nomask{scale}"] = auc(s[lv == q], s[lv == n])
            res[f"auc_direct_vs_nomask{scale}"] = auc(s[lv == d], s[lv == n])
            res[f"spearman{scale}"] = float(spearmanr(s, lv).statistic) if len(pairs) > 2 else float("nan")
        out[name] = res
    return out


def _token_sum(text: str, spans: list[tuple[int, int]], risk: np.ndarray, embedder: Any) -> float:
    """Risk of the tokens of ``text`` that overlap ``spans`` (masked pooling)."""
    offs = embedder.tokenizer(text, truncation=True, max_length=int(getattr(embedder, "max_seq_length", 256)),
                              return_offsets_mapping=True)["offset_mapping"]
    if len(offs) != len(risk):
        return float("nan")
    return float(sum(r for (x, z), r in zip(offs, risk, strict=True) if z > x and any(x < e and z > s for s, e in spans)))
