"""Seam windows cover the text, overlap, cut between lines or words; ownership keeps a seam entity once."""

from __future__ import annotations

import random

import pytest

from privrag.detect.overlap import resolve_overlaps
from privrag.detect.windows import Window, owned, seam_cuts, seam_windows
from privrag.types import DetectedEntity as D


def _text(n_words: int, newline_every: int = 0, seed: int = 0) -> str:
    rnd = random.Random(seed)
    words = [rnd.choice(["alpha", "be", "gamma", "delta", "epsilonic", "z"]) for _ in range(n_words)]
    if newline_every:
        return " ".join(w + ("\n" if i % newline_every == newline_every - 1 else "") for i, w in enumerate(words))
    return " ".join(words)


@pytest.mark.parametrize("newline_every", [0, 7])
def test_seam_windows_cover_overlap_and_respect_the_size(newline_every):
    text = _text(3000, newline_every)
    wins = seam_windows(text, 500, 100)
    assert wins[0].start == 0 and wins[-1].end == len(text)
    for w in wins:
        assert w.end - w.start <= 500
    for a, b in zip(wins, wins[1:], strict=False):
        assert a.start < b.start and a.end - b.start >= 100  # neighbours share at least the overlap


def test_seam_windows_never_cut_inside_a_word_and_prefer_line_breaks():
    text = _text(3000, newline_every=7)
    for w in seam_windows(text, 500, 100)[:-1]:
        assert text[w.end - 1] == "\n"  # the window ends after a line break
    plain = _text(3000)
    for w in seam_windows(plain, 500, 100):
        assert w.start == 0 or plain[w.start - 1] == " "
        assert w.end == len(plain) or plain[w.end - 1] == " "


def test_a_short_text_is_one_window_and_bad_sizes_are_refused():
    assert seam_windows("abc", 10, 2) == [Window(0, 3)]
    with pytest.raises(ValueError):
        seam_windows("abc", 10, 5)  # overlap over a quarter of the window


def test_a_span_across_the_seam_is_kept_once_whole_and_an_edge_fragment_dropped():
    wins = [Window(0, 100), Window(60, 200)]
    assert seam_cuts(wins) == [0, 80, 200]
    whole = D(75, 90, "PERSON", "x" * 15, 0.9, "m")  # crosses the cut at 80: both windows see it whole
    fragment = D(95, 100, "PERSON", "x" * 5, 0.9, "m")  # window 0 sees only the start of an entity at its edge
    full = D(95, 110, "PERSON", "x" * 15, 0.9, "m")  # window 1 sees it whole
    early = D(62, 70, "PERSON", "x" * 8, 0.9, "m")  # window 1's view of what window 0 owns
    got = owned(wins, [[whole, fragment], [whole, full, early]])
    assert fragment not in got and early not in got
    assert resolve_overlaps(got) == [whole, full]
