"""S_priv, S_knw, S_retr and Ψ."""

from __future__ import annotations

import numpy as np

from privrag.trip.scores import (
    knowledge_divergence_raw,
    normalize_scores,
    psi,
    raw_scores,
    s_priv,
    topical_relevance_raw,
)
from tests.trip.conftest import fake_calibration, fake_surrogate


def test_psi_is_the_weighted_sum():
    assert np.allclose(psi(np.array([1.0]), np.array([0.5]), np.array([0.25]), 1.0, 0.5, 0.4), [1.0 - 0.25 - 0.1])


def test_knowledge_divergence_and_relevance():
    h = np.array([1.0, 0.0, 0.0])
    v = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]])
    assert np.allclose(knowledge_divergence_raw(h, v), [0.0, 1.0, 2.0])
    assert np.allclose(topical_relevance_raw(v, h), [0.0, -np.sqrt(2), -2.0])
    assert np.allclose(s_priv(1.0, np.array([0.2, 1.0])), [0.8, 0.0])


def test_raw_scores_shapes_and_normalisation():
    rng = np.random.default_rng(0)
    emb = rng.normal(size=(4, 384)).astype(np.float32)
    emb /= np.linalg.norm(emb, axis=1, keepdims=True)
    mass = fake_surrogate().risk_mass(emb[:3])
    raw = raw_scores(emb[0], emb[1:3], emb[[3, 3]], mass[0], mass[1:3])
    assert np.allclose(raw.s_priv, mass[0] - mass[1:3])
    assert raw.s_priv.shape == raw.knw_raw.shape == raw.retr_raw.shape == (2,)
    sp, sk, sr, ps = normalize_scores(raw, fake_calibration())
    assert np.all((0 <= sk) & (sk <= 1)) and np.all((0 <= sr) & (sr <= 1))
    assert np.allclose(ps, sp - 0.5 * sr - 0.4 * sk)
    prob = raw_scores(emb[0], emb[1:3], emb[[3, 3]], mass[0], mass[1:3], scale="prob")
    assert np.all(np.abs(prob.s_priv) <= 1.0)
    assert np.allclose(prob.s_priv, np.exp(-mass[1:3]) - np.exp(-mass[0]))
