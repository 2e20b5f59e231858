"""PADConfig validates every knob and derives σ_base and Δ."""

from __future__ import annotations

import pytest

from privrag.pad.config import PADConfig


@pytest.mark.parametrize("clip_norm", [0.0, -1.0, float("inf"), float("nan")])
def test_clip_norm_must_be_positive(clip_norm):
    with pytest.raises(ValueError, match="clip_norm"):
        PADConfig(clip_norm=clip_norm)


@pytest.mark.parametrize("delta", [0.0, 1.0, -1e-5, 1.5])
def test_delta_must_lie_in_open_unit_interval(delta):
    with pytest.raises(ValueError, match="delta must lie in"):
        PADConfig(delta=delta)


@pytest.mark.parametrize(
    "field, value",
    [("sigma_min", 0.0), ("lambda_amp", 0.0), ("eps_min", 0.0), ("eps_base", -1.0), ("delta_min", 0.0),
     ("delta_min", 1.5), ("tau_conf", 1.2), ("tau_margin", -0.1), ("static_sigma", 0.0), ("margin_scale", 0.0)],
)
def test_other_knobs_are_validated(field, value):
    with pytest.raises(ValueError, match=field):
        PADConfig(**{field: value})


def test_derived_quantities():
    cfg = PADConfig(clip_norm=3.0, eps_base=4.0, eps_min=1.0)
    assert cfg.sensitivity == 6.0
    assert cfg.sigma_base == pytest.approx(0.25)
    assert PADConfig(eps_base=0.5, eps_min=1.0).sigma_base == 1.0  # ε_min is a floor
    assert not cfg.is_static
    static = PADConfig.static(0.7)
    assert static.is_static and static.static_sigma == 0.7


def test_with_revalidates_and_to_dict_roundtrips():
    cfg = PADConfig().with_(lambda_amp=2.0, rdp_orders=[2, 4, 8])
    assert cfg.lambda_amp == 2.0 and cfg.rdp_orders == (2.0, 4.0, 8.0)
    assert PADConfig(**cfg.to_dict()) == cfg
    with pytest.raises(ValueError):
        cfg.with_(clip_norm=-2.0)
    with pytest.raises(ValueError, match="rdp_orders"):
        PADConfig(rdp_orders=[1.0, 2.0])
