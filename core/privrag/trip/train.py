"""Training data and fitting for the f_priv surrogate, from TAB-format labels.

Each labelled document is cut into encoder chunks (as TripRag cuts them) and
into short sentence windows (so the head also scores sentence-sized units,
which PA-HDP feeds it). For every window we embed

* the original text,
* one variant per gold entity with all its mentions in the window generalized
  (exactly the Π_e(T) TripRag scores at inference),
* a few variants with a random subset of gold mentions generalized,
* the fully generalized window,

and the target is the risk mass of what stays unmasked (see
:mod:`privrag.trip.surrogate`). The loss fits the mass itself and, more
heavily, the *difference* between a window and each of its variants, because
S_priv is such a difference.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from privrag.textops import descriptor_for, replace_spans
from privrag.trip.chunking import encoder_chunks
from privrag.trip.surrogate import LEVELS, PrivacySurrogate
from privrag.types import DetectedEntity

__all__ = [
    "TrainingSet",
    "auc",
    "build_training_set",
    "fit_surrogate",
    "gold_mentions",
    "mention_mass",
    "ranking_report",
    "training_windows",
    "variant_text",
]

log = logging.getLogger(__name__)

KIND_ORIGINAL, KIND_ENTITY, KIND_RANDOM, KIND_ALL = 0, 1, 2, 3
_SENT = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")


def mention_mass(identifier_type: str) -> float:
    """−log(1 − level): a mention's additive share of the risk mass."""
    return float(-np.log1p(-LEVELS.get(identifier_type, LEVELS["QUASI"])))


@dataclass
class TrainingSet:
    """Embedded windows and variants with their risk-mass targets.

    ``base[i]`` is the row of the unmasked window row ``i`` derives from;
    ``level[i]`` (entity variants only) is the rubric level of the entity's
    highest mention in the window, NaN elsewhere.
    """

    X: np.ndarray
    y: np.ndarray
    base: np.ndarray
    kind: np.ndarray
    level: np.ndarray

    def __len__(self) -> int:
        return int(self.y.shape[0])


@dataclass(frozen=True)
class Mention:
    span: DetectedEntity
    entity: str
    itype: str


def gold_mentions(doc: Any) -> list[Mention]:
    """Non-overlapping gold mentions (the earlier, longer span wins) with entity id and TAB type."""
    out: list[Mention] = []
    last_end = -1
    for s in sorted(doc.spans, key=lambda s: (s.start, -s.end)):
        if s.start < last_end or s.end <= s.start:
            continue
        span = DetectedEntity(s.start, s.end, s.label, doc.text[s.start : s.end], 1.0, "gold")
        out.append(Mention(span, s.entity_id or f"{s.label}:{s.text.lower()}", s.identifier_type))
        last_end = s.end
    return out


def training_windows(doc: Any, mentions: list[Mention], tokenizer: Any, rng: np.random.Generator,
             short_per_chunk: int) -> list[tuple[int, int]]:
    chunks = encoder_chunks(doc.text, [m.span for m in mentions], tokenizer=tokenizer)
    wins = [(c.start, c.end) for c in chunks]
    for c in chunks:
        sents = [(c.start + m.start(), c.start + m.end()) for m in _SENT.finditer(doc.text[c.start : c.end])]
        sents = [s for s in sents if doc.text[s[0] : s[1]].strip()]
        for _ in range(min(short_per_chunk, len(sents))):
            i = int(rng.integers(len(sents)))
            j = min(len(sents), i + int(rng.integers(1, 4)))
            a, b = sents[i][0], sents[j - 1][1]
            if any(a <= m.span.start and m.span.end <= b for m in mentions):
                wins.append((a, b))
    return wins


def variant_text(text: str, start: int, masked: Sequence[Mention]) -> str:
    spans = [m.span.shifted(-start) for m in masked]
    return replace_spans(text, spans, descriptor_for)


def build_training_set(
    docs: Sequence[Any],
    embedder: Any,
    *,
    seed: int = 0,
    random_variants: int = 4,
    short_per_chunk: int = 2,
    max_entity_variants: int = 40,
) -> TrainingSet:
    """Embed windows of ``docs`` (TAB-format :class:`LabeledDoc`) and their variants."""
    rng = np.random.default_rng(seed)
    tokenizer = getattr(embedder, "tokenizer", None)
    texts: list[str] = []
    y: list[float] = []
    base: list[int] = []
    kind: list[int] = []
    level: list[float] = []

    def add(t: str, target: float, b: int, k: int, lv: float = float("nan")) -> None:
        texts.append(t)
        y.append(target)
        base.append(b)
        kind.append(k)
        level.append(lv)

    for doc in docs:
        mentions = gold_mentions(doc)
        for a, b in training_windows(doc, mentions, tokenizer, rng, short_per_chunk):
            inside = [m for m in mentions if a <= m.span.start and m.span.end <= b]
            if not doc.text[a:b].strip():
                continue
            wtext = doc.text[a:b]
            masses = {id(m): mention_mass(m.itype) for m in inside}
            total = sum(masses.values())
            root = len(texts)
            add(wtext, total, root, KIND_ORIGINAL)
            if not inside:
                continue
            by_entity: dict[str, list[Mention]] = {}
            for m in inside:
                by_entity.setdefault(m.entity, []).append(m)
            ents = list(by_entity.values())
            if len(ents) > max_entity_variants:
                ents = [ents[i] for i in sorted(rng.choice(len(ents), max_entity_variants, replace=False))]
            for group in ents:
                lv = max(LEVELS.get(m.itype, LEVELS["QUASI"]) for m in group)
                add(variant_text(wtext, a, group), total - sum(masses[id(m)] for m in group), root, KIND_ENTITY, lv)
            for _ in range(random_variants):
                p = rng.uniform(0.1, 0.9)
                pick = [m for m in inside if rng.random() < p]
                if pick:
                    add(variant_text(wtext, a, pick), total - sum(masses[id(m)] for m in pick), root, KIND_RANDOM)
            add(variant_text(wtext, a, inside), 0.0, root, KIND_ALL)
    log.info("embedding %d training texts", len(texts))
    X = embedder.embed(texts) if texts else np.zeros((0, getattr(embedder, "dim", 384)), np.float32)
    return TrainingSet(
        X=np.asarray(X, dtype=np.float32),
        y=np.asarray(y, dtype=np.float32),
        base=np.asarray(base, dtype=np.int64),
        kind=np.asarray(kind, dtype=np.int64),
        level=np.asarray(level, dtype=np.float64),
    )


def fit_surrogate(
    ts: TrainingSet,
    *,
    seed: int = 0,
    hidden: int = 32,
    ensemble: int = 5,
    epochs: int = 300,
    lr: float = 2e-3,
    weight_decay: float = 1e-2,
    diff_weight: float = 12.0,
    direct_weight: float = 15.0,
    meta: dict[str, Any] | None = None,
) -> PrivacySurrogate:
    """Fit the MLP head (full-batch Adam, seeded, single-threaded: reproducible).

    ``ensemble`` members (seeds ``seed … seed+ensemble−1``) are averaged in
    logit space, which is again one MLP (hidden units stacked), so inference
    cost and file format do not change. Defaults were chosen on TAB dev
    ranking (see scripts/train_trip_surrogate.py): small, regularised heads
    generalise better than wide ones, which overfit the 92 train documents.
    """
    if len(ts) < 4:
        raise ValueError("need at least a few labelled windows to train the surrogate")
    mean = ts.X.mean(axis=0)
    std = ts.X.std(axis=0) + 1e-6
    members = [_fit_member(ts, mean, std, seed + k, hidden, epochs, lr, weight_decay, diff_weight, direct_weight)
               for k in range(max(1, ensemble))]
    n = len(members)
    w1 = np.vstack([m[0] for m in members]).astype(np.float32)
    b1 = np.concatenate([m[1] for m in members]).astype(np.float32)
    if hidden:
        w2 = (np.concatenate([m[2] for m in members]) / n).astype(np.float32)
    else:  # linear members: averaging logits is averaging weights
        w2 = np.mean([m[2] for m in members], axis=0).astype(np.float32)
    b2 = float(np.mean([m[3] for m in members]))
    info = {"seed": seed, "hidden": hidden, "ensemble": n, "epochs": epochs, "weight_decay": weight_decay,
            "diff_weight": diff_weight, "direct_weight": direct_weight, "n_rows": len(ts), "levels": LEVELS, **(meta or {})}
    return PrivacySurrogate(mean=mean.astype(np.float32), std=std.astype(np.float32), w1=w1, b1=b1,
                            w2=w2, b2=b2, meta=info)


def _fit_member(ts: TrainingSet, mean: np.ndarray, std: np.ndarray, seed: int, hidden: int, epochs: int,
                lr: float, weight_decay: float, diff_weight: float,
                direct_weight: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    try:
        import torch
    except ImportError as exc:  # pragma: no cover - torch is a core dependency
        raise ImportError("training the TRIP-RAG surrogate needs torch (pip install torch)") from exc
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        torch.manual_seed(seed)
        X = torch.tensor((ts.X - mean) / std, dtype=torch.float32)
        y = torch.tensor(ts.y, dtype=torch.float32)
        rows = np.nonzero(ts.base != np.arange(len(ts)))[0]
        weight = torch.tensor(np.where(ts.level[rows] == LEVELS["DIRECT"], direct_weight, 1.0), dtype=torch.float32)
        pair = torch.tensor(rows, dtype=torch.long)
        base = torch.tensor(ts.base, dtype=torch.long)[pair]
        d = X.shape[1]
        layers = [torch.nn.Linear(d, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, 1)] if hidden else [torch.nn.Linear(d, 1)]
        net = torch.nn.Sequential(*layers)
        opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=weight_decay)
        for _ in range(epochs):
            opt.zero_grad()
            r = torch.nn.functional.softplus(net(X).squeeze(-1))
            loss = torch.nn.functional.huber_loss(r, y, delta=2.0)
            if len(pair):
                dr = r[base] - r[pair]
                dy = y[base] - y[pair]
                per_pair = torch.nn.functional.huber_loss(dr, dy, delta=2.0, reduction="none")
                loss = loss + diff_weight * (weight * per_pair).mean()
            loss.backward()
            opt.step()
        params = [p.detach().numpy().astype(np.float32) for p in net.parameters()]
    finally:
        torch.set_num_threads(threads)
    if hidden:
        w1, b1, w2, b2 = params
        return w1, b1, w2.reshape(-1), float(b2.reshape(-1)[0])
    # a linear head is an MLP whose hidden layer is the identity on standardised inputs
    w, b = params
    return np.zeros((0, d), np.float32), np.zeros(0, np.float32), w.reshape(-1), float(b.reshape(-1)[0])


def auc(pos: np.ndarray, neg: np.ndarray) -> float:
    if not len(pos) or not len(neg):
        return float("nan")
    from scipy.stats import mannwhitneyu

    return float(mannwhitneyu(pos, neg).statistic / (len(pos) * len(neg)))


def ranking_report(surrogate: PrivacySurrogate, ts: TrainingSet) -> dict[str, float]:
    """Does S_priv rank DIRECT > QUASI > NO_MASK entities? AUCs and Spearman.

    Uses the single-entity variants of ``ts`` (built from held-out labels):
    S_priv = r(window) − r(window with the entity generalized), and also on
    the f_priv scale (``*_prob``) the paper's formula uses literally.
    """
    from scipy.stats import spearmanr

    rows = np.nonzero(ts.kind == KIND_ENTITY)[0]
    r = surrogate.risk_mass(ts.X)
    f = -np.expm1(-r)
    out: dict[str, float] = {"n_entities": float(len(rows))}
    lv = ts.level[rows]
    d, q, n = LEVELS["DIRECT"], LEVELS["QUASI"], LEVELS["NO_MASK"]
    for name, s in (("mass", r[ts.base[rows]] - r[rows]), ("prob", f[ts.base[rows]] - f[rows])):
        sfx = "" if name == "mass" else "_prob"
        out[f"auc_direct_vs_quasi{sfx}"] = auc(s[lv == d], s[lv == q])
        out[f"auc_quasi_vs_nomask{sfx}"] = auc(s[lv == q], s[lv == n])
        out[f"auc_direct_vs_nomask{sfx}"] = auc(s[lv == d], s[lv == n])
        out[f"spearman{sfx}"] = float(spearmanr(s, lv).statistic) if len(rows) > 2 else float("nan")
    pred = r[ts.kind == KIND_ORIGINAL]
    gold = ts.y[ts.kind == KIND_ORIGINAL]
    out["spearman_window_mass"] = float(spearmanr(pred, gold).statistic) if len(pred) > 2 else float("nan")
    return out
