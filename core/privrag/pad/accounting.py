"""Rényi-DP accounting for PAD responses, with Google's ``dp-accounting``.

Every protected decoding step adds ``N(0, σ_t² I)`` to logits clipped to L2
norm C, so it is a Gaussian mechanism with sensitivity Δ = 2C and noise
multiplier ``σ_t / Δ``. The steps compose under RDP; dp-accounting's
``RdpAccountant`` does the composition and the RDP → (ε, δ) conversion (we do
not re-derive either).

What the reported ε covers — and what it does not (the paper's proposition):

* It is the cost of the **protected** steps under the **realized** noise
  schedule {σ_t}. σ_t itself depends on the private logits (margin, entropy,
  confidence), so ε is an accounting of this run, not a worst-case bound of a
  fixed, data-independent mechanism.
* The screen that decides which steps are protected also reads the private
  logits; the **unprotected** steps (fraction 1 − γ) carry **no** formal
  guarantee even though they receive σ_min noise.
* Neighbouring means "any two retrieved contexts": Δ = 2C bounds the change
  of one step's clipped logits, whatever changed in the context.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from privrag.types import PrivacyReceipt

__all__ = [
    "AccountingResult",
    "COVERAGE_NOTE",
    "gaussian_event",
    "rdp_curve",
    "account",
    "pad_receipt",
    "receipt_summary",
]

COVERAGE_NOTE = (
    "epsilon accounts the protected steps only, under the realized, data-dependent noise "
    "schedule (sigma_t reads the private logits); unprotected steps carry no DP guarantee"
)


def _accountant(orders: Sequence[float] | None) -> Any:
    try:
        from dp_accounting.rdp import RdpAccountant
    except ImportError as exc:  # pragma: no cover - core dependency
        raise ImportError("PAD accounting needs dp-accounting: `pip install dp-accounting`") from exc
    return RdpAccountant(orders=list(orders) if orders is not None else None)


def gaussian_event(sigmas: Iterable[float], sensitivity: float) -> Any:
    """One ``GaussianDpEvent(σ_t/Δ)`` per protected step, composed."""
    from dp_accounting import ComposedDpEvent, GaussianDpEvent, NoOpDpEvent

    if sensitivity <= 0:
        raise ValueError(f"sensitivity must be > 0, got {sensitivity}")
    events = [GaussianDpEvent(noise_multiplier=float(s) / sensitivity) for s in sigmas]
    if not events:
        return NoOpDpEvent()
    return ComposedDpEvent(events)


def rdp_curve(
    sigmas: Sequence[float], sensitivity: float, orders: Sequence[float] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """``(orders, rdp)`` of the composed protected steps, from the accountant."""
    acc = _accountant(orders)
    acc.compose(gaussian_event(sigmas, sensitivity))
    return np.asarray(acc.orders, dtype=float), np.asarray(acc.rdp, dtype=float)


@dataclass(frozen=True)
class AccountingResult:
    """(ε, δ) of one response plus what it was computed from."""

    epsilon: float
    delta: float
    rdp_order: float | None
    protected_steps: int
    total_steps: int

    @property
    def gamma(self) -> float:
        """γ = |protected| / T (0 for an empty response)."""
        return self.protected_steps / self.total_steps if self.total_steps else 0.0


def account(
    protected_sigmas: Sequence[float],
    *,
    clip_norm: float,
    delta: float,
    total_steps: int,
    orders: Sequence[float] | None = None,
) -> AccountingResult:
    """Compose the protected steps and convert to (ε, δ) at the best order."""
    if clip_norm <= 0:
        raise ValueError(f"clip_norm (C) must be > 0, got {clip_norm}")
    if not 0.0 < delta < 1.0:
        raise ValueError(f"delta must lie in (0, 1), got {delta}")
    sigmas = [float(s) for s in protected_sigmas]
    if any(not s > 0 for s in sigmas):
        raise ValueError("every protected step needs sigma_t > 0")
    if total_steps < len(sigmas):
        raise ValueError("total_steps is smaller than the number of protected steps")
    if not sigmas:
        return AccountingResult(0.0, delta, None, 0, total_steps)
    acc = _accountant(orders)
    acc.compose(gaussian_event(sigmas, 2.0 * clip_norm))
    eps, order = acc.get_epsilon_and_optimal_order(delta)
    return AccountingResult(float(eps), delta, float(order), len(sigmas), total_steps)


def pad_receipt(
    protected_sigmas: Sequence[float],
    all_sigmas: Sequence[float],
    *,
    clip_norm: float,
    delta: float,
    orders: Sequence[float] | None = None,
    extra: dict[str, Any] | None = None,
) -> PrivacyReceipt:
    """The :class:`PrivacyReceipt` of one response.

    ``all_sigmas`` are the σ of every counted step (protected or not), used
    only for the summary statistics in ``details``.
    """
    res = account(protected_sigmas, clip_norm=clip_norm, delta=delta, total_steps=len(all_sigmas), orders=orders)
    sens = 2.0 * clip_norm
    prot = [float(s) for s in protected_sigmas]
    details: dict[str, Any] = {
        "gamma": res.gamma,
        "rdp_order": res.rdp_order,
        "clip_norm": clip_norm,
        "sensitivity": sens,
        "sigma_mean": float(np.mean(all_sigmas)) if len(all_sigmas) else 0.0,
        "sigma_protected_mean": float(np.mean(prot)) if prot else 0.0,
        "noise_multiplier_min": (min(prot) / sens) if prot else None,
        "covers": COVERAGE_NOTE,
    }
    details.update(extra or {})
    return PrivacyReceipt(
        mechanism="pad",
        epsilon=res.epsilon,
        delta=res.delta,
        counts={"protected_steps": res.protected_steps, "total_steps": res.total_steps},
        details=details,
    )


def receipt_summary(receipt: PrivacyReceipt) -> dict[str, Any]:
    """The plain dict the adapters attach to a generation:
    ``epsilon``, ``delta``, ``gamma``, ``protected_steps``, ``total_steps``."""
    return {
        "mechanism": receipt.mechanism,
        "epsilon": receipt.epsilon,
        "delta": receipt.delta,
        "gamma": float(receipt.details.get("gamma", 0.0)),
        "protected_steps": int(receipt.counts.get("protected_steps", 0)),
        "total_steps": int(receipt.counts.get("total_steps", 0)),
        "rdp_order": receipt.details.get("rdp_order"),
    }
