"""``BuilderConfig(honorifics="neutral")``: gender honorifics become "Mx" and come back."""

from __future__ import annotations

import random
import re

import pytest

from privrag.seag import SEAG, AliasTableBuilder
from privrag.seag.builder import BuilderConfig
from privrag.seag.faker_support import first_names_by_gender as _first_names
from privrag.seag.generator import AliasSuggestion
from privrag.seag.honorifics import neutral_honorifics
from tests.seag._fakes import GazetteerDetector

GENDERED = re.compile(r"\b(?:Mr|Mrs|Ms|Miss)\b")

TEXT = "On 12 March 2001 Mr. John Jordan called Mrs. Mary Smith; Miss Hannah Brown and Dr. Ann Adams wrote to Mr Jordan."
PEOPLE = [("John Jordan", "PERSON"), ("Mary Smith", "PERSON"), ("Hannah Brown", "PERSON"), ("Ann Adams", "PERSON"),
          ("Jordan", "PERSON")]


def _neutral(detector: GazetteerDetector, seed: int = 5) -> SEAG:
    return SEAG(detector, config=BuilderConfig(honorifics="neutral"), seed=seed)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_gender_honorifics_are_replaced_and_restored(seed: int):
    req = _neutral(GazetteerDetector(PEOPLE), seed).prepare([TEXT])
    sent = req.aliased[0]
    assert not GENDERED.search(sent)
    assert sent.count("Mx") == 4
    assert req.restore(sent) == TEXT


def test_professional_titles_stay():
    req = _neutral(GazetteerDetector(PEOPLE)).prepare([TEXT])
    assert "Dr. " in req.aliased[0] and "Adams" not in req.aliased[0]


def test_an_answer_with_the_neutral_form_restores_the_original_honorific():
    req = _neutral(GazetteerDetector(PEOPLE)).prepare(["Who wrote to Mr Jordan?", TEXT])
    alias = req.table.mapping["Mr Jordan"]
    assert alias.startswith("Mx ")
    assert req.restore(f"It was {alias}.") == "It was Mr Jordan."


def test_a_separate_title_span_joins_the_name_it_precedes():
    det = GazetteerDetector([("Mrs.", "TITLE"), ("Mary Smith", "PERSON")])
    req = _neutral(det).prepare(["Mrs. Mary Smith called."])
    assert req.aliased[0].startswith("Mx. ") and "Mrs" not in req.aliased[0]
    assert "Mrs." not in req.table.mapping  # no row of its own


def test_two_people_who_differ_only_by_honorific_keep_distinct_aliases():
    text = "Mr Lee and Ms Lee met."
    req = _neutral(GazetteerDetector([("Lee", "PERSON")])).prepare([text])
    m = req.table.mapping
    assert m["Mr Lee"] != m["Ms Lee"]
    assert req.restore(req.aliased[0]) == text


def test_keep_mode_leaves_honorifics_as_written():
    req = SEAG(GazetteerDetector(PEOPLE), config=BuilderConfig(honorifics="keep"), seed=5).prepare([TEXT])
    assert "Mr. " in req.aliased[0] and "Mrs. " in req.aliased[0] and "Mx" not in req.aliased[0]
    assert req.restore(req.aliased[0]) == TEXT


def test_neutral_is_the_default():
    req = SEAG(GazetteerDetector(PEOPLE), seed=5).prepare([TEXT])
    assert not GENDERED.search(req.aliased[0]) and "Mx. " in req.aliased[0]


def test_first_names_are_drawn_without_regard_to_gender():
    male, female = _first_names("en_US")
    firsts = []
    for seed in range(30):
        req = _neutral(GazetteerDetector([("John Jordan", "PERSON")]), seed).prepare(["Mr John Jordan called."])
        firsts.append(req.table.mapping["Mr John Jordan"].split()[1].lower())
    assert any(f in female and f not in male for f in firsts)


def test_another_generators_gendered_proposal_is_neutralised():
    class Proposer:
        def propose(self, plan, fixed, rng, avoid):
            return [AliasSuggestion("Mrs Smith", "Mrs Cruz", "PERSON")]

    builder = AliasTableBuilder(Proposer(), config=BuilderConfig(honorifics="neutral"))
    text = "Mrs Smith called."
    det = GazetteerDetector([("Smith", "PERSON")])
    table = builder.build([text], det.detect_batch([text]), seed=1)
    assert table.mapping["Mrs Smith"] == "Mx Cruz"


def test_neutral_honorifics_keeps_case_and_dots():
    assert neutral_honorifics("MRS. CRUZ") == "MX. CRUZ"
    assert neutral_honorifics("Dr. Cruz") == "Dr. Cruz"
    assert neutral_honorifics("Missy Cruz") == "Missy Cruz"


def test_an_unknown_honorifics_mode_is_rejected():
    with pytest.raises(ValueError, match="honorifics"):
        BuilderConfig(honorifics="hide")  # type: ignore[arg-type]


def test_random_honorific_texts_round_trip():
    rng = random.Random(7)
    names = ["Jordan", "Smith", "Brown", "Adams", "Nguyen"]
    for i in range(25):
        words = [f"{rng.choice(['Mr', 'Mrs', 'Ms', 'Miss', 'Mr.', 'Mrs.', 'Dr'])} {rng.choice(names)}" for _ in range(5)]
        text = " met ".join(words) + "."
        req = _neutral(GazetteerDetector([(n, "PERSON") for n in names]), i).prepare([text])
        assert req.restore(req.aliased[0]) == text
        assert not any(n in req.aliased[0] for n in names if n in text)  # an absent name may be drawn
