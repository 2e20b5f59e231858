"""TAB metrics on hand-built documents: one test per rule in shared/data/README.md."""

from __future__ import annotations

import pytest

from privrag.eval.datasets import GoldSpan, LabeledDoc
from privrag.eval.tab_metrics import (
    exposed,
    gold_entities,
    mention_masked,
    merge_spans,
    score_tab,
    score_tab_doc,
)


def span_of(text: str, surface: str, occurrence: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(surface, start + 1)
    return start, start + len(surface)


def gold(text: str, surface: str, kind: str = "DIRECT", entity: str = "", occurrence: int = 0, label: str = "PERSON") -> GoldSpan:
    s, e = span_of(text, surface, occurrence)
    return GoldSpan(s, e, label, text[s:e], kind, entity or surface)


def doc(text: str, *spans: GoldSpan) -> LabeledDoc:
    return LabeledDoc("d", text, sorted(spans, key=lambda g: (g.start, g.end)), "test")


def masks(text: str, *surfaces: str) -> list[tuple[int, int]]:
    return [span_of(text, s) for s in surfaces]


# ------------------------------------------------------------------ mention rule


def test_fully_covered_mention_is_masked():
    text = "Anna Christou lives here."
    m = gold(text, "Anna Christou")
    assert mention_masked(text, m, [(m.start, m.end)])
    assert mention_masked(text, m, [(0, len(text))])


def test_partial_masking_is_not_masked():
    text = "Anna Christou lives here."
    m = gold(text, "Anna Christou")
    assert not mention_masked(text, m, masks(text, "Anna"))
    assert not mention_masked(text, m, [(m.start, m.end - 1)])  # one character short


def test_skip_words_need_no_masking():
    text = "Mr John Smith met the Ministry of Justice."
    person = gold(text, "Mr John Smith")
    org = gold(text, "the Ministry of Justice", label="ORG")
    assert mention_masked(text, person, masks(text, "John Smith"))
    assert mention_masked(text, org, masks(text, "Ministry", "Justice"))


def test_skip_words_are_case_insensitive():
    text = "MR John and THE Board"
    m = gold(text, "MR John and THE Board")
    assert mention_masked(text, m, masks(text, "John", "Board"))


def test_skip_words_match_whole_words_only():
    # "to" inside "Toronto" and "on" inside "Anton" are not skippable words
    text = "Anton moved to Toronto."
    anton = gold(text, "Anton")
    toronto = gold(text, "Toronto", label="LOC")
    assert not mention_masked(text, anton, [(anton.start, anton.start + 3)])  # "Ant"
    assert not mention_masked(text, toronto, [(toronto.start + 2, toronto.end)])  # "ronto"


def test_skip_characters_need_no_masking():
    text = "Born on 12/05/2020 (Lyon), case no. 123-45."
    date = gold(text, "12/05/2020", "QUASI", label="DATE")
    code = gold(text, "case no. 123-45", label="CODE")
    assert mention_masked(text, date, masks(text, "12", "05", "2020"))
    assert mention_masked(text, code, masks(text, "case", "123", "45"))
    assert not mention_masked(text, code, masks(text, "123", "45"))  # "case" is not skippable


def test_possessive_and_quotes_are_skipped():
    text = "Smith’s house and “Rex” barked; Jones's car"
    assert mention_masked(text, gold(text, "Smith’s"), masks(text, "Smith"))
    assert mention_masked(text, gold(text, "“Rex”"), masks(text, "Rex"))
    assert mention_masked(text, gold(text, "Jones's"), masks(text, "Jones"))


def test_masked_spans_may_carry_labels_and_overlap():
    text = "Anna Christou lives here."
    m = gold(text, "Anna Christou")
    assert mention_masked(text, m, [(0, 6, "PERSON"), (4, 13, "PERSON")])


def test_merge_spans_unions_overlapping_and_touching():
    assert merge_spans([(5, 8), (0, 3), (2, 4), (8, 9), (12, 12)]) == [(0, 4), (5, 9)]


# ------------------------------------------------------------------ entity level


def test_entity_protected_only_if_every_mention_masked():
    text = "Anna Christou said that Christou was ill."
    first = gold(text, "Anna Christou", entity="e1")
    second = gold(text, "Christou", entity="e1", occurrence=1)
    d = doc(text, first, second)
    assert score_tab([d], [masks(text, "Anna Christou")])["er_direct"] == 0.0
    both = [(first.start, first.end), (second.start, second.end)]
    assert score_tab([d], [both])["er_direct"] == 1.0


def test_no_mask_mentions_do_not_need_masking():
    text = "Anna Christou met the Court; Christou left."
    d = doc(
        text,
        gold(text, "Anna Christou", entity="e1"),
        gold(text, "Christou", "NO_MASK", entity="e1", occurrence=1),
        gold(text, "Court", "NO_MASK", entity="court", label="ORG"),
    )
    out = score_tab([d], [masks(text, "Anna Christou")])
    assert out["er_direct"] == 1.0
    assert out["er_quasi"] == 1.0  # the NO_MASK-only entity is not counted at all
    assert len([e for e in gold_entities(d) if e.needs_masking]) == 1


def test_entity_typed_by_first_mention():
    text = "Athens, then Anna, then Athens again, then Anna again."
    d = doc(
        text,
        gold(text, "Athens", "QUASI", entity="city", label="LOC"),
        gold(text, "Athens", "DIRECT", entity="city", occurrence=1, label="LOC"),
        gold(text, "Anna", "DIRECT", entity="anna"),
        gold(text, "Anna", "QUASI", entity="anna", occurrence=1),
    )
    ents = {e.entity_id: e for e in gold_entities(d)}
    assert not ents["city"].is_direct
    assert ents["anna"].is_direct
    only_city = [span_of(text, "Athens"), span_of(text, "Athens", 1)]
    out = score_tab([d], [only_city])
    assert out["er_quasi"] == 1.0
    assert out["er_direct"] == 0.0


def test_entity_with_no_mask_first_mention_is_quasi():
    text = "Lyon and later Lyon"
    d = doc(
        text,
        gold(text, "Lyon", "NO_MASK", entity="lyon", label="LOC"),
        gold(text, "Lyon", "DIRECT", entity="lyon", occurrence=1, label="LOC"),
    )
    (ent,) = gold_entities(d)
    assert ent.needs_masking and not ent.is_direct
    out = score_tab([d], [[span_of(text, "Lyon", 1)]])
    assert out["er_quasi"] == 1.0 and out["mention_recall_quasi"] == 1.0


def test_entity_recall_is_micro_averaged_over_documents():
    t1, t2 = "Anna here", "Bob and Carl"
    d1 = doc(t1, gold(t1, "Anna"))
    d2 = doc(t2, gold(t2, "Bob"), gold(t2, "Carl"))
    out = score_tab([d1, d2], [masks(t1, "Anna"), masks(t2, "Bob")])
    assert out["er_direct"] == pytest.approx(2 / 3)
    assert out["mention_recall_direct"] == pytest.approx(2 / 3)


# ------------------------------------------------------------------ precision / masking rate


def test_precision_counts_tokens_inside_merged_spans():
    text = "Anna Christou visited Paris yesterday"
    d = doc(text, gold(text, "Anna Christou"), gold(text, "Paris", "QUASI", label="LOC"))
    # overlapping system spans over "Anna Christou" count its two tokens once
    out = score_tab([d], [[(0, 8), (5, 13), span_of(text, "Paris yesterday")]])
    # tokens: Anna, Christou, Paris (TP) + yesterday (FP)
    assert out["precision"] == pytest.approx(3 / 4)
    assert out["masking_rate"] == pytest.approx(4 / 5)


def test_precision_token_must_lie_wholly_inside_one_gold_mention():
    text = "Dr Anna Christou and Lyon"
    d = doc(
        text,
        gold(text, "Anna", entity="a"),
        gold(text, "Christou", entity="c"),
        gold(text, "Lyon", "NO_MASK", label="LOC"),
    )
    # "Dr" is outside gold, "Lyon" only matches a NO_MASK mention
    out = score_tab([d], [masks(text, "Dr Anna Christou", "Lyon")])
    assert out["precision"] == pytest.approx(2 / 4)


def test_precision_tokens_are_clipped_to_the_masked_span():
    text = "Christou left"
    d = doc(text, gold(text, "Christou"))
    # masking "Chris" yields the token "Chris", wholly inside the gold mention
    out = score_tab([d], [[(0, 5)]])
    assert out["precision"] == 1.0
    assert out["masking_rate"] == pytest.approx(1 / 2)


def test_no_masks_gives_zero_masking_and_vacuous_precision():
    text = "Anna here"
    out = score_tab([doc(text, gold(text, "Anna"))], [[]])
    assert out["masking_rate"] == 0.0
    assert out["precision"] == 1.0
    assert out["er_direct"] == 0.0


# ------------------------------------------------------------------ exposure


def test_exposure_is_word_bounded():
    assert exposed("Ann", "Ann went home")
    assert not exposed("Ann", "Annabel went home")
    assert not exposed("Ann", "Joann went home")
    assert exposed("Ann", "(Ann)")


def test_exposure_is_case_sensitive():
    assert not exposed("Smith", "the smith forged")
    assert exposed("Smith", "Mr Smith forged")


def test_score_tab_exposure_uses_protected_text():
    text = "Anna met Bob in Lyon."
    d = doc(text, gold(text, "Anna"), gold(text, "Bob"), gold(text, "Lyon", "QUASI", label="LOC"))
    protected = "<PERSON> met Bob in <LOCATION>."
    out = score_tab([d], [masks(text, "Anna", "Lyon")], [protected])
    assert out["exposure_direct"] == pytest.approx(1 / 2)
    assert out["exposure_quasi"] == 0.0
    assert "exposure_direct" not in score_tab([d], [masks(text, "Anna")])


def test_every_metric_key_is_present():
    text = "Anna here"
    out = score_tab([doc(text, gold(text, "Anna"))], [[]], [text])
    assert set(out) == {
        "er_direct", "er_quasi", "precision", "masking_rate", "exposure_direct",
        "exposure_quasi", "mention_recall_direct", "mention_recall_quasi",
    }  # fmt: skip
    assert score_tab_doc(doc(text, gold(text, "Anna")), [], text) == out


def test_length_mismatch_raises():
    text = "Anna here"
    d = doc(text, gold(text, "Anna"))
    with pytest.raises(ValueError):
        score_tab([d], [])
    with pytest.raises(ValueError):
        score_tab([d], [[]], [])
