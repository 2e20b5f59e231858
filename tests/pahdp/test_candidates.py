"""Candidates: same category, one substitute per entity, the original never a candidate."""

import re

import numpy as np
import pytest

from privrag.pahdp.candidates import SafePool, build_candidates, generalized_text
from privrag.types import DetectedEntity

TEXT = "Mr Daryl Arkwell lodged application no. 47289/99 on 2 October 1998 in Leeds; Arkwell is British."


def sp(text, label, occurrence=0):
    starts = [m.start() for m in re.finditer(re.escape(text), TEXT)]
    a = starts[occurrence]
    return DetectedEntity(a, a + len(text), label, text)


ENTITIES = [
    [sp("Mr Daryl Arkwell", "PERSON"), sp("Arkwell", "PERSON", 1)],
    [sp("47289/99", "CASE_NUMBER")],
    [sp("2 October 1998", "DATE_TIME")],
    [sp("Leeds", "GPE")],
    [sp("British", "NRP")],
]
MANDATORY = [True, True, False, False, False]


@pytest.fixture(scope="module")
def pool():
    return SafePool()


def test_high_tier_substitutes_every_entity_and_never_returns_the_original(pool):
    cands = build_candidates(TEXT, ENTITIES, MANDATORY, tier="high", k=6, pool=pool, rng=np.random.default_rng(1))
    assert 2 <= len(cands) <= 6 and len({c.text for c in cands}) == len(cands)
    for c in cands:
        assert c.text != TEXT and c.substituted == (0, 1, 2, 3, 4)
        for secret in ("Daryl", "Arkwell", "47289/99", "2 October 1998", "Leeds"):
            assert secret not in c.text


def test_mid_tier_always_substitutes_mandatory_entities(pool):
    cands = build_candidates(TEXT, ENTITIES, MANDATORY, tier="mid", k=8, pool=pool, rng=np.random.default_rng(2))
    assert len({c.substituted for c in cands}) > 1  # candidates differ in which entities are substituted
    for c in cands:
        assert {0, 1} <= set(c.substituted)
        assert "Arkwell" not in c.text and "47289/99" not in c.text
        if 2 not in c.substituted:
            assert "2 October 1998" in c.text


def test_shapes_and_one_substitute_per_entity(pool):
    c = build_candidates(TEXT, ENTITIES, MANDATORY, tier="high", k=1, pool=pool, rng=np.random.default_rng(3))[0]
    m = re.match(r"Mr (\w+) (\w+) lodged application no\. (\d{5}/\d{2}) on (\d{1,2} [A-Z][a-z]+ \d{4}) in (.+); (\w+) is (\w+)\.$", c.text)
    assert m, c.text
    assert m.group(2) == m.group(6)  # the surname mention gets the same substitute surname


def test_no_entity_no_candidate_and_bad_arguments(pool):
    rng = np.random.default_rng(0)
    assert build_candidates("Nothing here.", [], [], tier="high", k=3, pool=pool, rng=rng) == []
    with pytest.raises(ValueError):
        build_candidates(TEXT, ENTITIES, MANDATORY, tier="low", k=3, pool=pool, rng=rng)
    with pytest.raises(ValueError):
        build_candidates(TEXT, ENTITIES, MANDATORY, tier="high", k=0, pool=pool, rng=rng)


def test_same_seed_same_candidates(pool):
    a = build_candidates(TEXT, ENTITIES, MANDATORY, tier="mid", k=4, pool=pool, rng=np.random.default_rng(7))
    b = build_candidates(TEXT, ENTITIES, MANDATORY, tier="mid", k=4, pool=pool, rng=np.random.default_rng(7))
    assert a == b


def test_public_list_is_used_and_the_original_is_skipped():
    pool = SafePool({"PERSON": ["Daryl Arkwell", "Jane Roe"], "GPE": ["Leeds", "York"]}, use_faker=False)
    for seed in range(10):
        c = build_candidates(TEXT, ENTITIES, [True] * 5, tier="high", k=1, pool=pool, rng=np.random.default_rng(seed))[0]
        assert "Mr Jane Roe" in c.text and "; Roe is" in c.text and "York" in c.text
        # no pool for dates without Faker: shapes still come from the date shuffler; nationality list built in
        assert "2 October 1998" not in c.text


def test_generalized_text_uses_gamma():
    spans = [s for e in ENTITIES for s in e]
    out = generalized_text(TEXT, spans)
    assert "Arkwell" not in out and "a person" in out.lower() and "a date" in out


def test_a_drawn_name_repeats_no_word_of_the_context():
    # "Lisa" drawn for the report's title where a Lisa approved the claim would read as her name
    pool = SafePool({"PERSON": ["Lisa Moreno", "Jane Roe"]}, use_faker=False)
    ents = [[sp("Mr Daryl Arkwell", "PERSON"), sp("Arkwell", "PERSON", 1)]]
    for seed in range(10):
        rng = np.random.default_rng(seed)
        c = build_candidates(TEXT, ents, [True], tier="high", k=1, pool=pool, rng=rng, avoid=frozenset({"lisa"}))[0]
        assert "Lisa" not in c.text and "Jane Roe" in c.text


def test_by_default_a_drawn_name_repeats_no_word_of_its_unit():
    pool = SafePool({"PERSON": ["Lodged Smith", "Jane Roe"]}, use_faker=False)  # "lodged" is a word of TEXT
    ents = [[sp("Mr Daryl Arkwell", "PERSON"), sp("Arkwell", "PERSON", 1)]]
    for seed in range(10):
        c = build_candidates(TEXT, ents, [True], tier="high", k=1, pool=pool, rng=np.random.default_rng(seed))[0]
        assert "Smith" not in c.text
