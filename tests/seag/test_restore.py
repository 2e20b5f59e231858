"""The replacement engine: longest first, word-bounded, case-tolerant, streaming == batch."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from privrag.seag.restore import Replacer, Restorer, fold

REVERSE = {
    "Mike": "John",
    "Mike Cruz": "John Jordan",
    "Cruz": "Jordan",
    "Mr Cruz": "Mr Jordan",
    "Ann": "Eve",
    "(37) 788": "(12) 345",
    "the Serbia": "the United Kingdom",
    "Serbia": "United Kingdom",
}


def test_longest_alias_wins():
    r = Restorer(REVERSE)
    assert r.restore("Mike Cruz and Mike") == "John Jordan and John"


def test_word_boundaries_and_prefixes():
    r = Restorer(REVERSE)
    assert r.restore("Anna met Ann") == "Anna met Eve"
    assert r.restore("Mikey is not Mike") == "Mikey is not John"


def test_possessives_and_case_changes():
    r = Restorer(REVERSE)
    assert r.restore("Mike's car") == "John's car"
    assert r.restore("MIKE CRUZ") == "JOHN JORDAN"
    assert r.restore("mike cruz") == "john jordan"
    assert r.restore("Mike Cruz’s") == "John Jordan’s"


def test_non_word_edges():
    r = Restorer(REVERSE)
    assert r.restore("call (37) 788 now") == "call (12) 345 now"
    assert r.restore("call (37) 7889") == "call (37) 7889"


def test_exact_matches_beat_case_insensitive_compositions():
    # "The" + alias "Serbia" must not become the longer alias "the Serbia"
    r = Restorer(REVERSE)
    assert r.restore("The Serbia Government") == "The United Kingdom Government"
    assert r.restore("the Serbia") == "the United Kingdom"


def test_forward_replacer_is_case_sensitive():
    fwd = Replacer({"John": "Mike"})
    assert fwd.sub("John and john") == "Mike and john"


def test_fold_keeps_length():
    for text in ["İstanbul", "ΟΔΟΣ", "Straße", "ﬁle"]:
        assert len(fold(text)) == len(text)


def _stream(restorer, text: str, cuts: list[int]) -> str:
    s = restorer.stream()
    out, prev = [], 0
    for c in sorted(set(cuts)) + [len(text)]:
        out.append(s.feed(text[prev:c]))
        prev = c
    out.append(s.flush())
    return "".join(out)


_alphabet = st.sampled_from(list("abcMCAkeS ()'’-.\n3"))
_pieces = st.lists(
    st.one_of(st.sampled_from(sorted(REVERSE) + [k.upper() for k in REVERSE] + ["The ", "Mikey"]),
              st.text(_alphabet, max_size=4)),
    max_size=20,
)


@settings(max_examples=300, deadline=None)
@given(_pieces, st.lists(st.integers(min_value=0, max_value=200), max_size=12))
def test_streaming_equals_batch_for_every_chunking(pieces, cuts):
    text = "".join(pieces)
    r = Restorer(REVERSE)
    cuts = [c for c in cuts if c <= len(text)]
    assert _stream(r, text, cuts) == r.restore(text)


@settings(max_examples=200, deadline=None)
@given(_pieces, st.lists(st.integers(min_value=0, max_value=200), max_size=12))
def test_forward_streaming_equals_batch(pieces, cuts):
    text = "".join(pieces)
    r = Replacer({v: k for k, v in REVERSE.items()} | {"M": "Z"})
    cuts = [c for c in cuts if c <= len(text)]
    assert _stream(r, text, cuts) == r.sub(text)


def test_stream_holds_back_only_possible_alias_starts():
    s = Restorer(REVERSE).stream()
    assert s.feed("Hello Mi") == "Hello "
    assert s.pending == "Mi"
    assert s.feed("ke Cr") == ""  # "Mike Cr" could still become "Mike Cruz"
    assert s.feed("ew") == "John Crew"
    assert s.flush() == ""
