"""Training data for f_priv and the fit itself (on fakes: no model needed)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from privrag.eval.datasets import GoldSpan, LabeledDoc
from privrag.trip.surrogate import LEVELS
from privrag.trip.train import (
    KIND_ALL,
    KIND_ENTITY,
    KIND_ORIGINAL,
    build_training_set,
    fit_surrogate,
    mention_mass,
    ranking_report,
)
from tests.trip.conftest import HashEmbedder


def _doc(i: int) -> LabeledDoc:
    text = f"Mr John Murray{i} lodged a complaint in 2002 with the European Court in Strasbourg."
    spans = []
    for needle, itype, eid in ((f"John Murray{i}", "DIRECT", "e1"), ("2002", "QUASI", "e2"),
                               ("European Court", "NO_MASK", "e3"), ("Strasbourg", "QUASI", "e4")):
        s = text.index(needle)
        spans.append(GoldSpan(s, s + len(needle), "PERSON", needle, itype, eid))
    return LabeledDoc(id=str(i), text=text, spans=spans, split="train")


def test_targets_are_the_risk_mass_of_what_stays_unmasked():
    ts = build_training_set([_doc(0)], HashEmbedder(), seed=0, short_per_chunk=0)
    full = sum(mention_mass(t) for t in ("DIRECT", "QUASI", "NO_MASK", "QUASI"))
    orig = np.nonzero(ts.kind == KIND_ORIGINAL)[0]
    assert np.allclose(ts.y[orig], full)
    assert np.allclose(ts.y[ts.kind == KIND_ALL], 0.0)
    ent = np.nonzero(ts.kind == KIND_ENTITY)[0]
    assert len(ent) == 4
    drops = np.sort(full - ts.y[ent])
    assert np.allclose(drops, np.sort([mention_mass(t) for t in ("DIRECT", "QUASI", "NO_MASK", "QUASI")]), atol=1e-5)
    assert set(ts.level[ent]) == {LEVELS["DIRECT"], LEVELS["QUASI"], LEVELS["NO_MASK"]}
    assert np.all(ts.base[ent] == orig[0])
    # f_priv = 1 − Π(1 − level) is exactly 1 − exp(−mass)
    assert np.isclose(1 - np.exp(-full), 1 - (1 - 0.85) * (1 - 0.55) ** 2 * (1 - 0.05))


def test_fit_is_reproducible_and_learns_the_ranking():
    emb = HashEmbedder()
    ts = build_training_set([_doc(i) for i in range(12)], emb, seed=1)
    a = fit_surrogate(ts, seed=3, hidden=16, ensemble=2, epochs=150)
    b = fit_surrogate(ts, seed=3, hidden=16, ensemble=2, epochs=150)
    assert a.w1.shape == (32, 384) and a.meta["ensemble"] == 2
    assert np.array_equal(a.w1, b.w1) and np.array_equal(a.w2, b.w2)
    rep = ranking_report(a, ts)
    assert rep["n_entities"] > 0 and rep["auc_direct_vs_nomask"] > 0.5
    lin = fit_surrogate(ts, seed=3, hidden=0, ensemble=2, epochs=50)
    assert lin.w1.size == 0 and lin.risk_mass(ts.X).shape == (len(ts),)


def test_fit_needs_data():
    ts = build_training_set([], HashEmbedder())
    with pytest.raises(ValueError):
        fit_surrogate(ts)


def test_token_head_training_set_and_fit():
    from privrag.trip.train_tokens import build_token_set, fit_token_head
    from tests.trip.conftest import TokenHashEmbedder

    emb = TokenHashEmbedder()
    ts = build_token_set([_doc(i) for i in range(6)], emb, short_per_chunk=0)
    assert len(ts) == sum(len(re.findall(r"\w+", _doc(i).text)) for i in range(6))
    direct = np.isclose(ts.level, 0.85)
    assert direct.sum() == 12  # "John" + "MurrayN" per document
    assert np.isclose(ts.y[direct].sum(), 6 * mention_mass("DIRECT"), atol=1e-4)
    head = fit_token_head(ts, hidden=8, ensemble=2, epochs=60, seed=1)
    again = fit_token_head(ts, hidden=8, ensemble=2, epochs=60, seed=1)
    assert np.array_equal(head.w1, again.w1) and head.w1.shape == (16, 384)
    with pytest.raises(TypeError):
        build_token_set([_doc(0)], HashEmbedder())


def test_token_head_sample_weight_decides_between_conflicting_sources():
    """Two sources label the same tokens differently; the weighted-up one wins the fit."""
    from privrag.trip.train_tokens import TokenSet, fit_token_head

    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(size=(40, 6))] * 2).astype(np.float16)
    y = np.concatenate([np.full(40, 0.8), np.full(40, 0.0)]).astype(np.float32)
    ts = TokenSet(X=X, y=y, level=np.zeros(80, np.float32))
    first = fit_token_head(ts, hidden=8, ensemble=1, epochs=200, seed=0, sample_weight=np.r_[np.ones(40), np.full(40, 0.05)])
    second = fit_token_head(ts, hidden=8, ensemble=1, epochs=200, seed=0, sample_weight=np.r_[np.full(40, 0.05), np.ones(40)])
    assert first.token_risk(X[:40]).mean() > 0.5 > second.token_risk(X[:40]).mean()
    with pytest.raises(ValueError, match="sample_weight"):
        fit_token_head(ts, hidden=8, ensemble=1, epochs=1, sample_weight=np.ones(3))
