"""Containment answers as a scan of every interval would."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from privrag.intervals import Containment, Overlaps

_iv = st.tuples(st.integers(0, 30), st.integers(1, 10)).map(lambda t: (t[0], t[0] + t[1]))


@settings(max_examples=300, deadline=None)
@given(intervals=st.lists(_iv, max_size=12), probe=_iv, strictly=st.booleans())
def test_covers_equals_a_scan(intervals, probe, strictly):
    a, b = probe
    expected = any(s <= a and b <= e and (not strictly or e - s > b - a) for s, e in intervals)
    assert Containment(intervals).covers(a, b, strictly=strictly) is expected


def test_an_equal_interval_covers_only_when_not_strict():
    c = Containment([(3, 8)])
    assert c.covers(3, 8) is True
    assert c.covers(3, 8, strictly=True) is False
    assert c.covers(4, 8, strictly=True) is True


@settings(max_examples=300, deadline=None)
@given(intervals=st.lists(_iv, max_size=12), probe=_iv)
def test_overlapping_equals_a_scan(intervals, probe):
    a, b = probe
    assert Overlaps(intervals).overlapping(a, b) == sorted((s, e) for s, e in intervals if s < b and a < e)
