"""F_norm and the calibration file."""

from __future__ import annotations

import numpy as np
import pytest

from privrag.trip import RobustNorm, TripCalibration, load_default_calibration


def test_robust_norm_is_monotone_and_centred():
    x = np.random.default_rng(0).normal(3.0, 2.0, 1000)
    f = RobustNorm.fit(x)
    assert abs(float(f(np.median(x))) - 0.5) < 1e-9
    grid = np.linspace(-10, 10, 50)
    assert np.all(np.diff(f(grid)) > 0)
    assert 0.0 <= f(-1e9) < f(1e9) <= 1.0
    q1, q3 = np.percentile(x, [25, 75])
    assert 0.2 < float(f(q1)) < 0.35 and 0.65 < float(f(q3)) < 0.8


def test_robust_norm_degenerate_and_empty():
    assert np.isfinite(RobustNorm.fit([1.0, 1.0, 1.0])(2.0))
    with pytest.raises(ValueError):
        RobustNorm.fit([])


def test_calibration_round_trip(tmp_path):
    cal = TripCalibration(tau=0.7, knw=RobustNorm(0.1, 0.2), retr=RobustNorm(-1.0, 0.3), meta={"split": "dev"})
    back = TripCalibration.load(cal.save(tmp_path / "c.json"))
    assert back == cal


def test_calibration_rejects_bad_values():
    with pytest.raises(ValueError):
        TripCalibration.from_dict({"tau": float("nan")})
    with pytest.raises(ValueError):
        TripCalibration.from_dict({"s_priv_scale": "logit"})


def test_shipped_calibration_is_calibrated_on_dev():
    cal = load_default_calibration()
    assert cal.meta.get("calibrated") is True
    # Chosen on dev data only: never on a holdout (TAB test, PANORAMA).
    assert cal.meta.get("split", "").split(" ")[0] == "dev"
    sets = cal.meta.get("sets", {"TAB dev": 1})
    assert sets and all(name.endswith(" dev") for name in sets), sets
    assert (cal.alpha, cal.beta, cal.gamma) == (1.0, 0.5, 0.4)
