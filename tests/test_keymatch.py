"""KeyMatcher finds what a brute-force scan of every position finds: leftmost, longest, word-bounded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from privrag.keymatch import KeyMatcher, is_word_char


def _oracle(keys: list[str], hay: str, pos: int = 0, endpos: int | None = None) -> list[tuple[int, int]]:
    """Try every key at every position (longest first) — slow and obviously right."""
    end = len(hay) if endpos is None else endpos
    by_len = sorted(set(keys), key=len, reverse=True)
    out, s = [], pos
    while s < end:
        hit = None
        if not (is_word_char(hay[s]) and s > 0 and is_word_char(hay[s - 1])):
            for k in by_len:
                e = s + len(k)
                if e <= end and hay[s:e] == k and (e == end or not is_word_char(k[-1]) or not is_word_char(hay[e])):
                    hit = (s, e)
                    break
        if hit:
            out.append(hit)
            s = hit[1]
        else:
            s += 1
    return out


KEYS = ["Ann", "Anna", "Mike", "Mike Cruz", "J.", "J.Smith", "(37) 788", "+44 20", "-x", "Jo-Ann", "é"]


@pytest.mark.parametrize(
    ("hay", "expected"),
    [
        ("Anna met Ann", [(0, 4), (9, 12)]),
        ("Mikey is not Mike Cruz", [(13, 22)]),
        ("call (37) 7889 or (37) 788.", [(18, 26)]),
        ("J.Smith and J. Doe", [(0, 7), (12, 14)]),
        ("Jo-Ann, not Jo-Anne", [(0, 6)]),
        ("dial +44 20 7946", [(5, 11)]),
        ("a-x b-xy", [(1, 3)]),
    ],
)
def test_known_cases(hay, expected):
    assert list(KeyMatcher(KEYS).finditer(hay)) == expected
    assert list(KeyMatcher(KEYS).finditer(hay)) == _oracle(KEYS, hay)


def test_endpos_acts_as_the_end_of_the_text():
    m = KeyMatcher(["Ann"])
    assert m.search("Annabel", 0, 3) == (0, 3)
    assert m.search("Annabel") is None


def test_a_scan_starting_inside_a_word_does_not_match_its_tail():
    assert KeyMatcher(["nn"]).search("Ann", 1) is None


def test_empty_key_is_refused():
    with pytest.raises(ValueError):
        KeyMatcher(["a", ""])


_ALPHABET = "aAb- .(1)é_"


@settings(max_examples=400, deadline=None)
@given(
    keys=st.lists(st.text(_ALPHABET, min_size=1, max_size=5), min_size=1, max_size=8),
    hay=st.text(_ALPHABET, max_size=40),
    cut=st.integers(0, 40),
    start=st.integers(0, 40),
)
def test_matches_equal_a_brute_force_scan(keys, hay, cut, start):
    end = min(cut, len(hay))
    pos = min(start, end)
    assert list(KeyMatcher(keys).finditer(hay, pos, end)) == _oracle(keys, hay, pos, end)


def test_keys_of_one_length_and_anchor_keep_their_own_right_edge():
    # "ab-c" must end where the text's word ends, "ab--" need not: same anchor, same length
    m = KeyMatcher(["ab-c", "ab--"])
    assert list(m.finditer("ab-cd ab--x")) == [(6, 10)]
    assert list(m.finditer("ab-c ab--")) == [(0, 4), (5, 9)]
