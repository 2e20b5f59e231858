"""PAD as a ``transformers`` LogitsProcessor, plus a seeded sampler.

:class:`PADLogitsProcessor` clips each row of logits to L2 norm C, screens
the step (confident and well separated → σ_min only; otherwise protected),
scales the noise with the risk score and the entropy / position / confidence
factors of the seed paper, adds ``N(0, σ_t² I)`` and records σ_t and the
protected flag per sequence so :meth:`receipts` can account each response.

Randomness is explicit: every row has its own ``torch.Generator`` derived
from (seed, row), so a prompt's noise does not depend on what else is in the
batch, and the same seed gives the same noise. :class:`SeededSampler` does
the same for the sampling step (``transformers`` samples from the global
RNG); it draws one uniform per step and row and picks the token by inverse
CDF, so two methods run with one seed share their uniforms and differ only
where their distributions differ.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from transformers import LogitsProcessor

from privrag.pad.accounting import pad_receipt
from privrag.pad.config import PADConfig
from privrag.types import PrivacyReceipt

__all__ = ["PADLogitsProcessor", "SeededSampler", "PADTrace", "derive_seed"]

_NOISE_STREAM = 1
_SAMPLE_STREAM = 2


def derive_seed(seed: int, row: int, stream: int) -> int:
    """An independent 63-bit seed for (base seed, batch row, purpose)."""
    state = np.random.SeedSequence([int(seed) & (2**63 - 1), int(row), int(stream)]).generate_state(2)
    return int((int(state[0]) << 32 | int(state[1])) & (2**63 - 1))


def _row_seeds(seed: int | None, seeds: Sequence[int] | None) -> tuple[int | None, list[int] | None]:
    if seeds is not None:
        return None, [int(s) for s in seeds]
    return (int(seed) if seed is not None else secrets.randbits(62)), None


class _RowGenerators:
    """Lazily built per-row generators on the scores' device."""

    def __init__(self, seed: int | None, seeds: Sequence[int] | None, stream: int) -> None:
        self.base, self.explicit = _row_seeds(seed, seeds)
        self.stream = stream
        self._gens: list[torch.Generator] = []

    def seed_of(self, row: int) -> int:
        if self.explicit is not None:
            return self.explicit[row]
        assert self.base is not None
        return self.base + row

    def get(self, batch: int, device: torch.device) -> list[torch.Generator]:
        if self.explicit is not None and len(self.explicit) != batch:
            raise ValueError(f"got {len(self.explicit)} seeds for a batch of {batch}")
        if len(self._gens) != batch or (self._gens and self._gens[0].device != device):
            self._gens = []
            for row in range(batch):
                gen = torch.Generator(device=device)
                gen.manual_seed(derive_seed(self.seed_of(row), 0, self.stream))
                self._gens.append(gen)
        return self._gens

    def reset(self) -> None:
        self._gens = []


@dataclass
class PADTrace:
    """Per-step records of one generation; arrays are (steps, batch)."""

    sigma: np.ndarray
    protected: np.ndarray
    active: np.ndarray

    @property
    def steps(self) -> int:
        return int(self.sigma.shape[0])


class PADLogitsProcessor(LogitsProcessor):
    """Privacy-aware decoding: clip, screen, add risk-scaled Gaussian noise.

    Key init args:
        config: a :class:`PADConfig` (defaults documented there).
        seed: base seed; row ``i`` of the batch uses ``seed + i``. ``None``
            draws a fresh seed (recorded in the receipts).
        seeds: explicit per-row seeds instead of ``seed``.
        eos_token_id: ids that end a sequence; steps after a row's end are
            not counted in its receipt.
        guards: per-row :class:`~privrag.pad.guard.PromptGuard` (PII copy
            guard); a guarded step is protected with σ ≥ ``config.sigma_pii``.

    One processor follows one ``generate`` call. It notices a new call (the
    inputs stop extending the previous ones) and starts a new trace, but
    creating one per call is clearest. The returned scores are the noisy,
    clipped logits: sample from them (any sampler) or append
    :class:`SeededSampler` for reproducible sampling.
    """

    def __init__(
        self,
        config: PADConfig | None = None,
        *,
        seed: int | None = None,
        seeds: Sequence[int] | None = None,
        eos_token_id: int | Sequence[int] | None = None,
        guards: Sequence[Any] | None = None,
    ) -> None:
        self.config = config or PADConfig()
        self.guards = list(guards) if guards is not None else None
        self._gens = _RowGenerators(seed, seeds, _NOISE_STREAM)
        if eos_token_id is None:
            self.eos_ids: list[int] = []
        elif isinstance(eos_token_id, int):
            self.eos_ids = [eos_token_id]
        else:
            self.eos_ids = [int(e) for e in eos_token_id]
        self.reset()

    # -- state ---------------------------------------------------------------
    def reset(self) -> None:
        """Forget the current trace (the seeds restart too)."""
        self._sigma: list[torch.Tensor] = []
        self._prot: list[torch.Tensor] = []
        self._active: list[torch.Tensor] = []
        self._done: torch.Tensor | None = None
        self._last_ids: torch.Tensor | None = None
        self._gens.reset()

    def _continues(self, input_ids: torch.Tensor) -> bool:
        last = self._last_ids
        if last is None:
            return False
        if input_ids.shape[0] != last.shape[0] or input_ids.shape[1] != last.shape[1] + 1:
            return False
        return bool(torch.equal(input_ids[:, :-1], last))

    @property
    def steps(self) -> int:
        return len(self._sigma)

    # -- the step ------------------------------------------------------------
    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        if self._sigma and not self._continues(input_ids):
            self.reset()
        cfg = self.config
        batch = scores.shape[0]
        t = len(self._sigma)
        if self._done is None:
            self._done = torch.zeros(batch, dtype=torch.bool, device=scores.device)
        elif self.eos_ids:
            eos = torch.tensor(self.eos_ids, device=input_ids.device)
            self._done = self._done | torch.isin(input_ids[:, -1], eos).to(scores.device)
        self._last_ids = input_ids.detach().clone()

        x = scores.detach().float()
        all_finite = bool(torch.isfinite(x.amin()) and torch.isfinite(x.amax()))
        finite = None if all_finite else torch.isfinite(x)
        if all_finite:
            n_fin = torch.full((batch,), x.shape[-1], dtype=x.dtype, device=x.device)
            if cfg.center_logits:
                x = x - x.mean(-1, keepdim=True)
        else:  # another processor masked tokens with -inf: keep them masked
            n_fin = finite.sum(-1).to(x.dtype).clamp(min=1)
            x = x.masked_fill(~finite, 0.0)
            if cfg.center_logits:
                x = (x - (x.sum(-1) / n_fin).unsqueeze(-1)).masked_fill(~finite, 0.0)
        norm = x.norm(dim=-1, keepdim=True)
        clipped = x * torch.clamp(cfg.clip_norm / norm.clamp(min=1e-12), max=1.0)
        masked = clipped if all_finite else clipped.masked_fill(~finite, float("-inf"))

        if cfg.static_sigma is not None:
            sigma = torch.full((batch,), cfg.static_sigma, device=x.device)
            protected = torch.ones(batch, dtype=torch.bool, device=x.device)
        else:
            sigma, protected = self._schedule(masked, n_fin, t)
            if self.guards is not None:
                from privrag.pad.guard import guarded_rows

                hit = guarded_rows(self.guards, input_ids[:, -1], masked.argmax(-1)).to(x.device)
                sigma = torch.where(hit, sigma.clamp(min=cfg.sigma_pii), sigma)
                protected = protected | hit

        gens = self._gens.get(batch, x.device)
        noise = torch.stack(
            [torch.randn(x.shape[-1], generator=g, device=x.device, dtype=x.dtype) for g in gens]
        )
        out = clipped.add_(noise.mul_(sigma.unsqueeze(-1)))
        if not all_finite:
            out = out.masked_fill(~finite, float("-inf"))

        self._sigma.append(sigma.detach())
        self._prot.append(protected.detach())
        self._active.append(~self._done)
        return out.to(scores.dtype)

    def _schedule(self, s: torch.Tensor, n_fin: torch.Tensor, t: int) -> tuple[torch.Tensor, torch.Tensor]:
        """σ_t and the protected flag per row from the clipped logits ``s``."""
        cfg = self.config
        top2 = s.topk(min(2, s.shape[-1]), dim=-1).values
        top1 = top2[:, 0]
        margin = (top1 - top2[:, -1]) if s.shape[-1] > 1 else torch.full_like(top1, 1e9)
        unnorm = torch.exp(s - top1.unsqueeze(-1))  # masked (-inf) entries give 0
        z = unnorm.sum(-1)
        maxp = 1.0 / z
        # H(p) = log Z + top1 - sum(p * s), normalized by log |V| to [0, 1]
        ent = torch.log(z) + top1 - (unnorm * s.nan_to_num(neginf=0.0)).sum(-1) / z
        h_norm = (ent / torch.log(n_fin).clamp(min=1e-12)).clamp(0.0, 1.0)
        risk = torch.clamp(1.0 / (1.0 + margin / cfg.margin_scale), min=cfg.delta_min, max=1.0)
        factor = 1.0 + cfg.w_entropy * h_norm + cfg.w_pos / (1.0 + 0.1 * t) + (1.0 - maxp)
        sigma_p = torch.clamp(cfg.lambda_amp * risk * cfg.sigma_base * factor, min=cfg.sigma_min)
        protected = ~((maxp > cfg.tau_conf) & (margin > cfg.tau_margin))
        sigma = torch.where(protected, sigma_p, torch.full_like(sigma_p, cfg.sigma_min))
        return sigma, protected

    # -- results -------------------------------------------------------------
    def trace(self) -> PADTrace:
        """σ_t, protected and active flags so far, as numpy (steps, batch)."""
        if not self._sigma:
            empty = np.zeros((0, 0))
            return PADTrace(empty, empty.astype(bool), empty.astype(bool))
        return PADTrace(
            torch.stack(self._sigma).cpu().numpy().astype(float),
            torch.stack(self._prot).cpu().numpy(),
            torch.stack(self._active).cpu().numpy(),
        )

    def receipts(self, lengths: Sequence[int] | None = None) -> list[PrivacyReceipt]:
        """One receipt per batch row.

        ``lengths`` (generated tokens per row, EOS included) overrides the
        EOS-based bookkeeping when the caller knows where each row ended.
        """
        tr = self.trace()
        batch = tr.sigma.shape[1] if tr.steps else (len(lengths) if lengths else 0)
        out = []
        for row in range(batch):
            if lengths is not None:
                n = min(int(lengths[row]), tr.steps)
                keep = np.zeros(tr.steps, dtype=bool)
                keep[:n] = True
            else:
                keep = tr.active[:, row] if tr.steps else np.zeros(0, dtype=bool)
            sig = tr.sigma[keep, row] if tr.steps else np.zeros(0)
            prot = tr.protected[keep, row] if tr.steps else np.zeros(0, dtype=bool)
            out.append(
                pad_receipt(
                    sig[prot].tolist(),
                    sig.tolist(),
                    clip_norm=self.config.clip_norm,
                    delta=self.config.delta,
                    orders=self.config.rdp_orders,
                    extra={
                        "seed": self._gens.seed_of(row),
                        "lambda_amp": self.config.lambda_amp,
                        "static_sigma": self.config.static_sigma,
                    },
                )
            )
        return out


class SeededSampler(LogitsProcessor):
    """Sample the next token with per-row generators; return a one-hot mask.

    Put it last in the processor list and run ``generate`` with
    ``do_sample=False``: greedy decoding then picks exactly the sampled
    token, so the output depends only on the seed, not on the global RNG.
    """

    def __init__(self, *, seed: int | None = None, seeds: Sequence[int] | None = None, temperature: float = 1.0) -> None:
        if not (math.isfinite(temperature) and temperature > 0):
            raise ValueError(f"temperature must be > 0, got {temperature}")
        self.temperature = temperature
        self._gens = _RowGenerators(seed, seeds, _SAMPLE_STREAM)
        self._last_ids: torch.Tensor | None = None

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        last = self._last_ids
        if last is None or input_ids.shape[0] != last.shape[0] or input_ids.shape[1] != last.shape[1] + 1 or not torch.equal(input_ids[:, :-1], last):
            self._gens.reset()
        self._last_ids = input_ids.detach().clone()
        probs = torch.softmax(scores.detach().float() / self.temperature, dim=-1)
        cdf = probs.cumsum(-1)
        gens = self._gens.get(scores.shape[0], scores.device)
        u = torch.stack([torch.rand(1, generator=g, device=scores.device) for g in gens])
        idx = torch.searchsorted(cdf, u * cdf[:, -1:]).clamp(max=scores.shape[-1] - 1)
        # never land on a zero-probability token through round-off
        bad = probs.gather(-1, idx) <= 0
        if bool(bad.any()):
            idx = torch.where(bad, probs.argmax(-1, keepdim=True), idx)
        out = torch.full_like(scores, float("-inf"))
        return out.scatter(-1, idx, 0.0)
