"""Property tests: random texts with random entity spans.

For every generated request: ``restore(alias(x)) == x``; no alias occurs in
any input; no original survives aliasing; streamed restore equals batch.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from privrag.seag import SEAG
from privrag.seag.restore import fold
from tests.seag._fakes import GazetteerDetector

_FILLER = ["the", "The", "and", "authorities", "Government", "of", "court", "said", "on", "in", "a", "met", "with", "report", "x", "-", ",", ".", "(", ")", "’s", "'s"]
_LABELS = ["PERSON", "ORG", "LOCATION", "DATE_TIME", "PHONE_NUMBER", "EMAIL_ADDRESS", "NRP", "ID", "MONEY", "MISC"]

_word = st.text(st.sampled_from(list("abcdeiklmnorstuyzéö")), min_size=2, max_size=8).map(str.capitalize)
_name = st.lists(_word, min_size=1, max_size=3).map(" ".join)
_number = st.integers(min_value=10_000, max_value=99_999_999).map(str)
_date = st.builds(lambda d, m, y: f"{d} {m} {y}", st.integers(1, 28),
                  st.sampled_from(["January", "March", "May", "October"]), st.integers(1950, 2020))
_PLACES = ["United Kingdom", "United Kingdom of Great Britain", "UK", "Britain", "London", "Turkey", "Ankara",
           "Istanbul", "Turkish", "British", "Scotland", "Netherlands", "The Hague", "Russian Federation", "Moscow"]
_place = st.sampled_from(_PLACES + ["the " + p for p in _PLACES])
_entity = st.one_of(
    st.tuples(_place, st.sampled_from(["LOCATION", "NRP", "ORG"])),
    st.tuples(_name, st.sampled_from(["PERSON", "ORG", "LOCATION", "NRP", "MISC"])),
    st.tuples(_number, st.sampled_from(["PHONE_NUMBER", "ID"])),
    st.tuples(_date, st.just("DATE_TIME")),
    st.tuples(st.builds(lambda a, b: f"{a.lower()}.{b.lower()}@example.com", _word, _word), st.just("EMAIL_ADDRESS")),
    st.tuples(st.integers(5, 9000).map(lambda n: f"${n:,}"), st.just("MONEY")),
)


@st.composite
def requests(draw):
    entities = draw(st.lists(_entity, min_size=1, max_size=8, unique_by=lambda e: e[0]))
    texts = []
    for _ in range(draw(st.integers(1, 3))):
        parts = draw(st.lists(st.one_of(st.sampled_from(_FILLER), st.sampled_from([e[0] for e in entities])),
                              min_size=1, max_size=25))
        texts.append(" ".join(parts))
    return entities, texts


def _occurs(needle: str, hay: str, ignore_case: bool = False) -> bool:
    pat = ("(?<!\\w)" if re.match(r"\w", needle[0]) else "") + re.escape(needle) + (
        "(?!\\w)" if re.match(r"\w", needle[-1]) else "")
    return re.search(pat, hay, re.I if ignore_case else 0) is not None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests(), st.integers(0, 2**32))
def test_roundtrip_no_alias_in_input_and_nothing_left(request, seed):
    entities, texts = request
    seag = SEAG(GazetteerDetector(entities), seed=seed)
    req = seag.prepare(texts)
    table = req.table
    for text, aliased in zip(texts, req.aliased, strict=True):
        assert table.restore(aliased) == text
    joined = fold("\n".join(texts))
    for e in table.entries:
        assert not _occurs(fold(e.alias), joined), f"alias {e.alias!r} occurs in the input"
        for o in table.originals:
            if fold(o) != fold(e.original):
                assert not _occurs(fold(o), fold(e.alias)), "an alias contains an original"
    for surface, _label in entities:
        for aliased in req.aliased:
            if any(e.original == surface for e in table.entries):
                assert not _occurs(surface, aliased), f"{surface!r} left in aliased text"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests(), st.integers(0, 2**32), st.lists(st.integers(0, 400), max_size=15))
def test_streaming_restore_equals_batch_on_generated_answers(request, seed, cuts):
    entities, texts = request
    req = SEAG(GazetteerDetector(entities), seed=seed).prepare(texts)
    answer = " ".join(req.aliased) + " " + " ".join(e.alias.upper() for e in req.table.entries)
    s = req.streaming_restorer()
    out, prev = [], 0
    for c in sorted({c for c in cuts if c <= len(answer)}) + [len(answer)]:
        out.append(s.feed(answer[prev:c]))
        prev = c
    out.append(s.flush())
    assert "".join(out) == req.restore(answer)


@settings(max_examples=30, deadline=None)
@given(requests(), st.integers(0, 2**32))
def test_same_seed_same_table(request, seed):
    entities, texts = request
    det = GazetteerDetector(entities)
    a = SEAG(det, seed=seed).prepare(texts).table
    b = SEAG(det, seed=seed).prepare(texts).table
    assert a.mapping == b.mapping
