"""PADLogitsProcessor and SeededSampler on hand-made logits (no model)."""

from __future__ import annotations

import math

import pytest
import torch

from privrag.pad.config import PADConfig
from privrag.pad.processor import PADLogitsProcessor, SeededSampler

V = 50


def _ids(batch: int, length: int) -> torch.LongTensor:
    return torch.arange(length).repeat(batch, 1) % 7 + 3


def _confident() -> torch.Tensor:
    row = torch.zeros(V)
    row[4] = 12.0  # max p ≈ 1, margin 12
    return row


def _unsure() -> torch.Tensor:
    row = torch.zeros(V)
    row[4], row[5] = 1.0, 0.9  # flat: max p small, margin 0.1
    return row


def test_clipping_bounds_the_logit_norm():
    cfg = PADConfig(clip_norm=2.0, static_sigma=1e-9, sigma_min=1e-9)
    proc = PADLogitsProcessor(cfg, seed=0)
    scores = torch.randn(3, V) * 10 + 5
    out = proc(_ids(3, 4), scores)
    assert torch.all(out.norm(dim=-1) <= 2.0 * (1 + 1e-5))
    assert torch.allclose(out.mean(-1), torch.zeros(3), atol=1e-5)  # centred
    # softmax order is kept: clipping is a positive rescaling of the centred logits
    assert torch.equal(out.argmax(-1), scores.argmax(-1))


def test_small_logits_are_not_rescaled():
    cfg = PADConfig(clip_norm=1e6, static_sigma=1e-9, sigma_min=1e-9, center_logits=False)
    scores = torch.randn(2, V)
    out = PADLogitsProcessor(cfg, seed=0)(_ids(2, 4), scores)
    assert torch.allclose(out, scores, atol=1e-6)


def test_screen_protects_only_unsure_steps():
    cfg = PADConfig(clip_norm=100.0, tau_conf=0.9, tau_margin=2.0)
    proc = PADLogitsProcessor(cfg, seed=1)
    proc(_ids(2, 5), torch.stack([_confident(), _unsure()]))
    tr = proc.trace()
    assert tr.protected[0].tolist() == [False, True]
    assert tr.sigma[0, 0] == pytest.approx(cfg.sigma_min)
    assert tr.sigma[0, 1] > cfg.sigma_min


def test_sigma_follows_the_formula():
    cfg = PADConfig(clip_norm=100.0, lambda_amp=1.7, eps_base=2.0, eps_min=1.0, delta_min=0.05, margin_scale=0.5)
    proc = PADLogitsProcessor(cfg, seed=2)
    row = _unsure()
    proc(_ids(1, 3), row.unsqueeze(0))
    s = row - row.mean()
    p = torch.softmax(s, -1)
    margin = 0.1
    risk = max(cfg.delta_min, 1 / (1 + margin / cfg.margin_scale))
    h = float(-(p * p.log()).sum() / math.log(V))
    expected = 1.7 * risk * 0.5 * (1 + 0.3 * h + 0.2 / (1 + 0.0) + (1 - float(p.max())))
    assert proc.trace().sigma[0, 0] == pytest.approx(max(expected, cfg.sigma_min), rel=1e-4)


def test_position_factor_decays_and_static_is_constant():
    proc = PADLogitsProcessor(PADConfig(clip_norm=100.0), seed=3)
    ids = _ids(1, 3)
    for _ in range(30):
        proc(ids, _unsure().unsqueeze(0))
        ids = torch.cat([ids, torch.tensor([[9]])], dim=1)
    sig = proc.trace().sigma[:, 0]
    assert sig[0] > sig[-1]
    static = PADLogitsProcessor(PADConfig.static(0.8), seed=3)
    static(_ids(2, 3), torch.stack([_confident(), _unsure()]))
    assert static.trace().sigma[0].tolist() == pytest.approx([0.8, 0.8])
    assert static.trace().protected.all()


def test_same_seed_same_noise_and_rows_independent_of_batch():
    scores = torch.randn(3, V)
    a = PADLogitsProcessor(PADConfig(), seeds=[10, 11, 12])(_ids(3, 4), scores.clone())
    b = PADLogitsProcessor(PADConfig(), seeds=[10, 11, 12])(_ids(3, 4), scores.clone())
    assert torch.equal(a, b)
    single = PADLogitsProcessor(PADConfig(), seeds=[11])(_ids(1, 4), scores[1:2].clone())
    assert torch.allclose(single[0], a[1], atol=1e-6)
    other = PADLogitsProcessor(PADConfig(), seeds=[99, 11, 12])(_ids(3, 4), scores.clone())
    assert not torch.equal(other[0], a[0]) and torch.equal(other[1], a[1])


def test_masked_tokens_stay_masked():
    scores = torch.randn(2, V)
    scores[:, :10] = float("-inf")
    out = PADLogitsProcessor(PADConfig(), seed=0)(_ids(2, 4), scores)
    assert torch.isinf(out[:, :10]).all() and torch.isfinite(out[:, 10:]).all()


def test_finished_rows_are_not_counted_and_new_calls_reset():
    proc = PADLogitsProcessor(PADConfig(), seed=0, eos_token_id=2)
    ids = _ids(2, 4)
    for step in range(4):
        proc(ids, torch.stack([_unsure(), _unsure()]))
        nxt = torch.tensor([[2], [7]]) if step == 0 else torch.tensor([[0], [7]])  # row 0 ends at step 0
        ids = torch.cat([ids, nxt], dim=1)
    receipts = proc.receipts()
    assert receipts[0].counts["total_steps"] == 1
    assert receipts[1].counts["total_steps"] == 4
    # a call that does not extend the previous inputs starts a new trace
    proc(_ids(2, 9), torch.stack([_unsure(), _unsure()]))
    assert proc.steps == 1


def test_receipts_account_protected_steps():
    cfg = PADConfig(clip_norm=100.0)
    proc = PADLogitsProcessor(cfg, seed=0)
    ids = _ids(1, 3)
    for row in (_confident(), _unsure(), _unsure()):
        proc(ids, row.unsqueeze(0))
        ids = torch.cat([ids, torch.tensor([[5]])], dim=1)
    (rec,) = proc.receipts()
    assert rec.counts == {"protected_steps": 2, "total_steps": 3}
    assert rec.details["gamma"] == pytest.approx(2 / 3)
    assert rec.epsilon > 0 and rec.delta == cfg.delta
    assert proc.receipts(lengths=[1])[0].counts == {"protected_steps": 0, "total_steps": 1}


def test_seeded_sampler_is_one_hot_reproducible_and_follows_p():
    logits = torch.log(torch.tensor([[0.7, 0.2, 0.1]]))
    picks = []
    sampler = SeededSampler(seed=4)
    ids = _ids(1, 2)
    for _ in range(600):
        out = sampler(ids, logits)
        assert torch.isinf(out).sum() == 2
        picks.append(int(out.argmax()))
        ids = torch.cat([ids, out.argmax(-1, keepdim=True)], dim=1)
    assert abs(picks.count(0) / 600 - 0.7) < 0.06
    again = SeededSampler(seed=4)
    assert int(again(_ids(1, 2), logits).argmax()) == picks[0]
    with pytest.raises(ValueError, match="temperature"):
        SeededSampler(seed=0, temperature=0.0)


def test_wrong_number_of_seeds():
    with pytest.raises(ValueError, match="seeds"):
        PADLogitsProcessor(PADConfig(), seeds=[1, 2])(_ids(3, 2), torch.randn(3, V))
