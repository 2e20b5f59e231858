"""The exponential mechanism that picks one candidate rewrite of a unit.

Utility of candidate ``c`` for the unit ``seg`` (DESIGN.md, PA-HDP step 6)::

    U(seg, c) = −d(seg, c) − λ·R_leak(c)

with ``d = 1 − cos(Φ(seg), Φ(c))`` an embedding distance and ``R_leak`` the
TRIP-RAG surrogate ``f_priv`` of the candidate. Both terms are clipped —
``d`` to ``[0, d_max]`` and ``R_leak`` to ``[0, 1]`` — so ``U`` lies in
``[−(d_max + λ), 0]`` and its sensitivity is bounded by the range::

    ΔU = d_max + λ

Candidate ``i`` is released with probability ``∝ exp(ε·U_i / (2·ΔU))``
(McSherry & Talwar 2007), sampled with an explicit ``numpy`` Generator.

What ε refers to
    Two units are *neighbours* when they have the same template — the same
    non-entity text and the same entity positions, categories and
    coreference — and differ in the values of the entities that every
    candidate substitutes (in the ``high`` tier: all detected entities; in
    the ``mid`` tier: those at least as sensitive as ``mandatory_weight``).
    For such neighbours the candidate set has the same distribution (the
    substitutes are drawn from the pool independently of the values), and
    because ``|U(seg, c) − U(seg', c)| ≤ ΔU`` for every candidate, the choice
    among candidates satisfies ε-DP. ε composes additively over the units
    of one document (basic sequential composition), which the ledger tracks.

What is *not* covered
    * entities the detector missed: they stay verbatim in every candidate;
    * ``low``-tier units, which are released unchanged (ε = 0 is *not*
      spent on them and no guarantee is claimed);
    * in the ``mid`` tier, the optional (less sensitive) entities a candidate
      keeps: their original values are released as they are;
    * the template itself (sentence structure, entity categories and count);
    * the redraw that keeps a substitute from equalling the original value,
      a negligible dependence of the candidate set on that value;
    * units generalized with Γ after a document's budget is spent — Γ is
      deterministic, releases no value and spends no ε.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["ExponentialMechanism", "Selection", "clipped_utility", "selection_probabilities"]


def clipped_utility(distance: np.ndarray, r_leak: np.ndarray, lam: float, d_max: float) -> np.ndarray:
    """``U = −clip(d, 0, d_max) − λ·clip(R_leak, 0, 1)`` ∈ ``[−(d_max + λ), 0]``."""
    d = np.clip(np.asarray(distance, dtype=np.float64), 0.0, d_max)
    r = np.clip(np.asarray(r_leak, dtype=np.float64), 0.0, 1.0)
    return -d - lam * r


def selection_probabilities(utility: np.ndarray, epsilon: float, sensitivity: float) -> np.ndarray:
    """``P_i ∝ exp(ε·U_i / (2·ΔU))``, computed stably (max subtracted)."""
    u = np.asarray(utility, dtype=np.float64)
    if u.ndim != 1 or u.size == 0:
        raise ValueError("utility must be a non-empty 1-d array")
    if not np.all(np.isfinite(u)):
        raise ValueError("utility must be finite")
    if epsilon <= 0 or sensitivity <= 0:
        raise ValueError("epsilon and sensitivity must be positive")
    logits = epsilon * u / (2.0 * sensitivity)
    logits -= logits.max()
    p = np.exp(logits)
    return p / p.sum()


@dataclass(frozen=True)
class Selection:
    """The released index, the distribution it was drawn from and the utilities."""

    index: int
    probabilities: np.ndarray
    utility: np.ndarray


@dataclass(frozen=True)
class ExponentialMechanism:
    """ε-DP choice among candidates with the clipped PA-HDP utility.

    Key init args:
        lam: weight λ of the leakage term.
        d_max: clipping bound of the embedding distance.
    """

    lam: float = 0.5
    d_max: float = 0.5

    def __post_init__(self) -> None:
        if self.lam < 0:
            raise ValueError("lam must be non-negative")
        if self.d_max <= 0:
            raise ValueError("d_max must be positive")

    @property
    def sensitivity(self) -> float:
        """ΔU: the width of the range ``U`` is clipped to."""
        return self.d_max + self.lam

    def utility(self, distance: np.ndarray, r_leak: np.ndarray) -> np.ndarray:
        return clipped_utility(distance, r_leak, self.lam, self.d_max)

    def probabilities(self, distance: np.ndarray, r_leak: np.ndarray, epsilon: float) -> np.ndarray:
        return selection_probabilities(self.utility(distance, r_leak), epsilon, self.sensitivity)

    def select(
        self, distance: np.ndarray, r_leak: np.ndarray, epsilon: float, rng: np.random.Generator
    ) -> Selection:
        """Sample one candidate index with the explicit Generator ``rng``."""
        if not isinstance(rng, np.random.Generator):
            raise TypeError("rng must be a numpy.random.Generator (randomness is explicit)")
        u = self.utility(distance, r_leak)
        p = selection_probabilities(u, epsilon, self.sensitivity)
        return Selection(int(rng.choice(p.size, p=p)), p, u)
