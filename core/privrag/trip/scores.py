"""The three TRIP-RAG scores and Ψ for the entities of one chunk.

For a chunk T with embedding h_T, the variant Π_e(T) with entity e
generalized (embedding h_{T∖e}) and the entity's own embedding h_e:

* ``S_priv(e) = f(T) − f(Π_e(T))`` — the marginal privacy risk, by default on
  the surrogate's risk-mass scale (``r = −log(1 − f_priv)``; "mass"), where
  one direct identifier is worth ≈ 1.9 whatever else the chunk holds. On the
  literal f_priv scale ("prob") the difference vanishes in chunks that hold
  many quasi-identifiers (measured: it no longer ranks DIRECT above QUASI on
  TAB dev); both are available.
* ``S_knw(e) = F_norm(1 − cos(h_T, h_{T∖e}))`` — how much masking e moves the chunk.
* ``S_retr(e) = F_norm(−‖h_e − h_T‖₂)`` — how close e is to the chunk's topic.
* ``Ψ(e) = α·S_priv − β·S_retr − γ·S_knw``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from privrag.trip.normalize import TripCalibration

__all__ = [
    "EntityScores",
    "RawScores",
    "raw_scores",
    "s_priv",
    "knowledge_divergence_raw",
    "topical_relevance_raw",
    "psi",
    "normalize_scores",
]


@dataclass(frozen=True)
class EntityScores:
    """Scores of one entity in one chunk (``chunk`` = index in the document)."""

    s_priv: float
    s_knw: float
    s_retr: float
    psi: float
    chunk: int

    def to_dict(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


@dataclass(frozen=True)
class RawScores:
    """Un-normalised scores of the n entities of one chunk (arrays of shape (n,))."""

    s_priv: np.ndarray
    knw_raw: np.ndarray
    retr_raw: np.ndarray


def s_priv(f_base: float | np.ndarray, f_variants: np.ndarray) -> np.ndarray:
    """Marginal privacy risk: the drop of the surrogate's score when e is masked."""
    return np.asarray(f_base, dtype=np.float64) - np.asarray(f_variants, dtype=np.float64)


def knowledge_divergence_raw(h_base: np.ndarray, h_variants: np.ndarray) -> np.ndarray:
    """``1 − cos(Φ(T), Φ(Π_e(T)))`` per variant (inputs need not be unit vectors)."""
    b = np.asarray(h_base, dtype=np.float64).reshape(-1)
    v = np.atleast_2d(np.asarray(h_variants, dtype=np.float64))
    denom = np.maximum(np.linalg.norm(v, axis=1) * np.linalg.norm(b), 1e-12)
    return 1.0 - (v @ b) / denom


def topical_relevance_raw(h_entities: np.ndarray, h_base: np.ndarray) -> np.ndarray:
    """``−‖Φ(e) − Φ(T)‖₂`` per entity (larger = closer to the chunk's topic)."""
    e = np.atleast_2d(np.asarray(h_entities, dtype=np.float64))
    return -np.linalg.norm(e - np.asarray(h_base, dtype=np.float64).reshape(1, -1), axis=1)


def psi(s_priv_: np.ndarray, s_retr: np.ndarray, s_knw: np.ndarray, alpha: float, beta: float, gamma: float) -> np.ndarray:
    """Ψ(e) = α·S_priv − β·S_retr − γ·S_knw."""
    return alpha * np.asarray(s_priv_) - beta * np.asarray(s_retr) - gamma * np.asarray(s_knw)


def raw_scores(
    h_base: np.ndarray,
    h_variants: np.ndarray,
    h_entities: np.ndarray,
    mass_base: float,
    mass_variants: np.ndarray,
    scale: str = "mass",
) -> RawScores:
    """S_priv and the raw inputs of S_knw / S_retr for the n entities of one chunk.

    ``h_variants[i]`` is Φ(Π_{e_i}(T)), ``h_entities[i]`` is Φ(e_i), and the
    masses are the surrogate's risk mass of T and of each variant, read off
    the same encoder pass (:meth:`PrivacySurrogate.encode`).
    """
    m = np.asarray(mass_variants, dtype=np.float64)
    if scale == "mass":
        sp = s_priv(mass_base, m)
    else:
        sp = s_priv(-np.expm1(-float(mass_base)), -np.expm1(-m))
    return RawScores(
        s_priv=sp,
        knw_raw=knowledge_divergence_raw(h_base, h_variants),
        retr_raw=topical_relevance_raw(h_entities, h_base),
    )


def normalize_scores(raw: RawScores, cal: TripCalibration) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(S_priv, S_knw, S_retr, Ψ)`` with F_norm and weights from ``cal``."""
    s_knw = cal.knw(raw.knw_raw)
    s_retr = cal.retr(raw.retr_raw)
    return raw.s_priv, s_knw, s_retr, psi(raw.s_priv, s_retr, s_knw, cal.alpha, cal.beta, cal.gamma)
