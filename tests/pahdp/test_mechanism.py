"""The exponential mechanism: the sampled distribution matches P ∝ exp(ε·U / (2ΔU))."""

import numpy as np
import pytest
from scipy import stats

from privrag.pahdp.mechanism import ExponentialMechanism, clipped_utility, selection_probabilities

DIST = np.array([0.05, 0.10, 0.30, 0.80, 0.20])  # 0.80 is clipped to d_max
LEAK = np.array([0.90, 0.20, 0.50, 0.00, 1.70])  # 1.70 is clipped to 1


def test_utility_is_clipped_to_the_stated_range():
    mech = ExponentialMechanism(lam=0.5, d_max=0.5)
    u = mech.utility(DIST, LEAK)
    assert np.all(u <= 0) and np.all(u >= -(mech.d_max + mech.lam))
    assert u[3] == pytest.approx(-0.5) and u[4] == pytest.approx(-0.2 - 0.5)
    assert mech.sensitivity == pytest.approx(1.0)
    assert np.allclose(clipped_utility(DIST, LEAK, 0.5, 0.5), u)


@pytest.mark.parametrize("epsilon", [0.5, 4.0, 20.0])
def test_sampling_distribution_matches_the_formula(epsilon):
    mech = ExponentialMechanism(lam=0.5, d_max=0.5)
    u = -np.clip(DIST, 0, 0.5) - 0.5 * np.clip(LEAK, 0, 1)
    expected = np.exp(epsilon * u / (2 * 1.0))
    expected /= expected.sum()
    assert np.allclose(mech.probabilities(DIST, LEAK, epsilon), expected)
    rng = np.random.default_rng(12345)
    n = 20_000
    draws = [mech.select(DIST, LEAK, epsilon, rng).index for _ in range(n)]
    observed = np.bincount(draws, minlength=DIST.size)
    chi2 = stats.chisquare(observed, n * expected)
    assert chi2.pvalue > 1e-3, (observed, n * expected)


def test_epsilon_dp_ratio_bound_for_neighbouring_utilities():
    """Any two utility vectors within ΔU of each other give probability ratios ≤ e^ε."""
    mech = ExponentialMechanism(lam=0.5, d_max=0.5)
    rng = np.random.default_rng(0)
    eps = 1.5
    for _ in range(200):
        d1, d2 = rng.uniform(0, 1, 6), rng.uniform(0, 1, 6)
        leak = rng.uniform(0, 1, 6)  # R_leak is a property of the candidate: shared
        p1, p2 = mech.probabilities(d1, leak, eps), mech.probabilities(d2, leak, eps)
        assert np.max(p1 / p2) <= np.exp(eps) * (1 + 1e-9)


def test_same_generator_seed_same_choice_and_explicit_rng_required():
    mech = ExponentialMechanism()
    a = [mech.select(DIST, LEAK, 2.0, np.random.default_rng(9)).index for _ in range(5)]
    assert len(set(a)) == 1
    with pytest.raises(TypeError):
        mech.select(DIST, LEAK, 2.0, 42)  # type: ignore[arg-type]


def test_bad_parameters():
    with pytest.raises(ValueError):
        selection_probabilities(np.array([]), 1.0, 1.0)
    with pytest.raises(ValueError):
        selection_probabilities(np.array([0.0, np.nan]), 1.0, 1.0)
    with pytest.raises(ValueError):
        selection_probabilities(np.array([0.0]), 0.0, 1.0)
    with pytest.raises(ValueError):
        ExponentialMechanism(d_max=0)
    assert selection_probabilities(np.array([-0.3]), 1.0, 1.0).tolist() == [1.0]
