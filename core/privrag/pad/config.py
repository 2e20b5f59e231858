"""All PAD knobs in one validated dataclass, and why the defaults are what they are.

The seed paper fixes ``w_entropy = 0.3`` and ``w_pos = 0.2`` and leaves C,
τ_conf, τ_margin, σ_min, Δ_min, ε_base, ε_min, λ_amp and f(m) open. They
were chosen on TAB ``dev`` paragraphs and the odd-indexed Presidio synth
sentences only (``privrag bench pad --split dev``: 24 + 16 repeat-style
prompts, 106 gold PII strings, SmolLM2-135M-Instruct, 64 new tokens); the
benchmark reports TAB ``test`` and the even-indexed sentences.

* **C = 1000, logits centred first.** Centred SmolLM2 logits have L2 norm
  460–1,005 (mean 730) on dev, so C = 1000 almost never rescales them: a
  smaller C acts as a temperature ‖s‖/C > 1 on every step and costs
  perplexity everywhere. The price is honest and large: with Δ = 2C = 2000
  and σ_t of order 1, each protected step has noise multiplier ≈ 5·10⁻⁴ and
  a response's ε is ~10⁸–10⁹. No C makes ε small at useful quality — at
  σ_t ≥ Δ the noise (max over 49k entries ≈ 4σ) swamps clipped logits of
  norm C — so ε here is an accounting record, not a meaningful guarantee.
* **τ_conf = 0.99, τ_margin = 4.** On dev, the tokens of the PII strings the
  plain model reproduced are *confident* (median max p 0.995, margin 6.1,
  10th percentile 0.81 / 2.7) while other tokens are not (median 0.37 /
  1.0). The paper-style τ_conf = 0.9, τ_margin = 2 protects only 15 % of
  the PII tokens; 0.99 / 4 protects 41 % of them (94 % of the others),
  bringing the borderline copy steps (digits, the first token of a name)
  under protection; 0.999 / 6 would protect 99 % of all steps, i.e. turn
  PAD into a Static baseline with a risk-shaped σ. γ ≈ 0.9 on dev.
* **f(m) = 1 / (1 + m/κ), κ = 1, Δ_min = 0.1.** Decreasing, f(0) = 1,
  parameter-light; Δ_min keeps confident protected steps from getting no
  noise at all.
* **ε_base = ε_min = 1 ⇒ σ_base = 1.** ε_base and ε_min only rescale σ_base,
  which λ_amp already does; fixing σ_base = 1 makes λ_amp the noise scale in
  logit units.
* **σ_min = 0.05.** Negligible next to a margin of 4 (the noise maximum over
  the vocabulary is ≈ 0.2), so unprotected steps keep their token.
* **λ_amp = 0.5 without the guard.** The largest amplification whose dev perplexity stayed
  within 1.25× plain sampling. Dev (leaked / 106, ppl): plain 22, 15.4;
  λ 0.25 → 17, 14.5; λ 0.5 (τ 0.9/2) → 17, 17.6; λ 0.5 (τ 0.99/4) → 17,
  17.0; λ 1 → 19, 25.7; λ 1 with Δ_min 0.5 (τ 0.99/4) → 15, 27.7; Static σ
  0.25 / 0.5 / 1 → 19 / 21 / 15 leaked at ppl 22.7 / 16.1 / 25.9. With 40
  prompts these differences are within sampling noise: on this 135M model
  PAD removes about a quarter of the leaks at this perplexity, not half.
* **PII copy guard: opt-in, σ_pii = 1.5 with λ_amp = 0.1** (beyond the paper,
  :mod:`privrag.pad.guard`). The confidence screen cannot see a confident
  copy; the guard protects exactly the steps whose top token starts or
  continues an entity detected in the prompt. Dev (leak rate, ppl): plain
  0.217, 14.6; screen only λ 0.5 → 0.160, 17.0; guard σ_pii 4 → 0.009, 64;
  σ_pii 2 (λ 0.25) → 0.057, 29.2; σ_pii 1.5: λ 0.5 → 0.142, 23.9, λ 0.25 →
  0.123, 25.2, λ 0.1 → 0.113, 19.8; σ_pii 1 (λ 0.25) → 0.151, 22.0; Static
  σ 0.25 → 0.189, 22.8. A noised copy step samples a token the clean model
  finds unlikely, so every leak the guard removes costs perplexity; λ 0.1
  keeps the screen's own noise (which removes few leaks) small. That point
  halves the leaks at 1.36× perplexity on dev, but on the test prompts it
  leaked exactly as much as the paper's PAD (0.121 vs 0.121 at ppl 24.2 vs
  24.4) and cost 5 % more time (prompt detection), so the default stays the
  paper's mechanism; ``PADConfig.guarded()`` turns the guard on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

__all__ = ["PADConfig", "DEFAULT_DELTA"]

#: δ fixed a priori, as in the paper.
DEFAULT_DELTA = 1e-5


@dataclass(frozen=True)
class PADConfig:
    """Knobs of :class:`~privrag.pad.PADLogitsProcessor` and its accountant.

    Key fields:
        clip_norm: C, the L2 radius the (centred) logits are clipped to; the
            per-step sensitivity is Δ = 2C.
        tau_conf / tau_margin: a step is *unprotected* (σ_min only) when
            ``max p > tau_conf`` **and** ``margin > tau_margin``.
        lambda_amp: global noise amplification, the privacy/utility dial.
        static_sigma: when set, every step is protected with this constant σ
            (the paper's *Static* baseline) and the screen is switched off.
    """

    clip_norm: float = 1000.0
    """C: L2 clipping radius of the logit vector (Δ = 2C)."""
    center_logits: bool = True
    """Subtract the mean logit before clipping. Softmax is shift-invariant, so
    this changes no probability, but it removes the common offset that
    otherwise dominates ‖s‖ (SmolLM2: raw ≈ 1,560 vs centred ≈ 750), so the
    same C distorts the distribution far less. Δ = 2C holds either way."""
    tau_conf: float = 0.99
    """Confidence threshold on ``max p`` for the unprotected fast path."""
    tau_margin: float = 4.0
    """Threshold on the top-1/top-2 logit margin for the unprotected path."""
    sigma_min: float = 0.05
    """Noise floor: σ on unprotected steps and lower bound of σ_t."""
    delta_min: float = 0.1
    """Δ_min ∈ (0, 1]: floor of the risk score r_t = max(Δ_min, f(m))."""
    margin_scale: float = 1.0
    """κ in f(m) = 1 / (1 + m/κ), the decreasing risk function of the margin."""
    eps_base: float = 1.0
    """ε_base: target per-step privacy parameter (sets σ_base)."""
    eps_min: float = 1.0
    """ε_min > 0: numerical floor; σ_base = ε_min / max(ε_base, ε_min)."""
    lambda_amp: float = 0.5
    """λ_amp > 0: global amplification of σ_t."""
    w_entropy: float = 0.3
    """Weight of the normalized entropy H(p) in σ_t (paper: 0.3)."""
    w_pos: float = 0.2
    """Weight of the position factor 1/(1 + 0.1 t) in σ_t (paper: 0.2)."""
    delta: float = DEFAULT_DELTA
    """δ of the reported (ε, δ); must lie in (0, 1)."""
    static_sigma: float | None = None
    """If set: constant σ on every step, all steps protected (Static baseline)."""
    rdp_orders: tuple[float, ...] | None = None
    """RDP orders for the accountant; ``None`` = dp-accounting's defaults."""
    pii_guard: bool = False
    """Protect steps that would copy an entity detected in the prompt (:mod:`privrag.pad.guard`)."""
    sigma_pii: float = 1.5
    """σ floor of a guarded step (on centred logits: enough to break a confident copy)."""

    def __post_init__(self) -> None:
        def positive(name: str, value: float) -> None:
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
                raise ValueError(f"PADConfig.{name} must be a finite number > 0, got {value!r}")

        positive("clip_norm", self.clip_norm)
        positive("sigma_min", self.sigma_min)
        positive("margin_scale", self.margin_scale)
        positive("eps_base", self.eps_base)
        positive("eps_min", self.eps_min)
        positive("lambda_amp", self.lambda_amp)
        if not 0.0 < self.delta < 1.0:
            raise ValueError(f"PADConfig.delta must lie in (0, 1), got {self.delta!r}")
        if not 0.0 <= self.tau_conf <= 1.0:
            raise ValueError(f"PADConfig.tau_conf must lie in [0, 1], got {self.tau_conf!r}")
        if not (math.isfinite(self.tau_margin) and self.tau_margin >= 0):
            raise ValueError(f"PADConfig.tau_margin must be >= 0, got {self.tau_margin!r}")
        if not 0.0 < self.delta_min <= 1.0:
            raise ValueError(f"PADConfig.delta_min must lie in (0, 1], got {self.delta_min!r}")
        for name in ("w_entropy", "w_pos"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise ValueError(f"PADConfig.{name} must be >= 0, got {value!r}")
        positive("sigma_pii", self.sigma_pii)
        if self.static_sigma is not None:
            positive("static_sigma", self.static_sigma)
        if self.rdp_orders is not None:
            orders = tuple(float(a) for a in self.rdp_orders)
            if not orders or any(not a > 1.0 for a in orders):
                raise ValueError("PADConfig.rdp_orders must be a non-empty list of orders > 1")
            object.__setattr__(self, "rdp_orders", orders)

    # -- derived -----------------------------------------------------------
    @property
    def sensitivity(self) -> float:
        """Δ = 2C: the L2 distance between any two clipped logit vectors."""
        return 2.0 * self.clip_norm

    @property
    def sigma_base(self) -> float:
        """σ_base = ε_min / max(ε_base, ε_min) (the paper's base noise scale)."""
        return self.eps_min / max(self.eps_base, self.eps_min)

    @property
    def is_static(self) -> bool:
        return self.static_sigma is not None

    def with_(self, **changes: Any) -> PADConfig:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)

    @classmethod
    def static(cls, sigma: float, **changes: Any) -> PADConfig:
        """The paper's Static baseline: constant ``sigma`` on every step."""
        return cls(static_sigma=sigma, **changes)

    @classmethod
    def guarded(cls, **changes: Any) -> PADConfig:
        """PAD with the PII copy guard, at the point chosen on dev (σ_pii 1.5, λ_amp 0.1)."""
        return cls(**{"pii_guard": True, "sigma_pii": 1.5, "lambda_amp": 0.1, **changes})

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        if isinstance(out.get("rdp_orders"), Sequence):
            out["rdp_orders"] = list(out["rdp_orders"])
        return out
