"""Training data for the shipped GLiNER model: word alignment, sources, determinism."""

from __future__ import annotations

import random

import pytest

from privrag.detect.gliner_labels import PII_LABELS, SYNTH_LABELS
from privrag.detect.gliner_train.data import (
    doc_examples,
    prompt_labels,
    synthetic_examples,
    tab_examples,
)
from privrag.eval.datasets import GoldSpan, LabeledDoc


def _surface(example, ent):
    return " ".join(example["tokenized_text"][ent[0] : ent[1] + 1])


def test_doc_examples_align_spans_to_gliner_words_and_cut_at_sentences():
    text = "Mr Anna Christou lives in Nicosia. She was born on 3 May 1925. " * 3
    spans = []
    for k in range(3):
        off = k * (len(text) // 3)
        spans += [(off + 3, off + 16, "person"), (off + 26, off + 33, "location")]
    ex = doc_examples(text, spans, ["person", "location"], max_words=16)
    assert len(ex) > 1 and all(len(e["tokenized_text"]) <= 16 for e in ex)
    found = [(_surface(e, ent), ent[2]) for e in ex for ent in e["ner"]]
    assert ("Anna Christou", "person") in found and ("Nicosia", "location") in found
    assert all(e["ner_labels"] == ["person", "location"] for e in ex)


def test_tab_examples_refuse_dev_and_test():
    doc = LabeledDoc("d", "Mr X was here.", [GoldSpan(3, 4, "PERSON", "X", "DIRECT", "e")], split="test")
    with pytest.raises(ValueError, match="never for training"):
        tab_examples([doc])


def test_tab_examples_keep_only_mentions_that_need_masking():
    text = "The Court heard Mr Smith in Ankara."
    gold = [GoldSpan(4, 9, "ORG", "Court", "NO_MASK", "c"), GoldSpan(19, 24, "PERSON", "Smith", "DIRECT", "p"),
            GoldSpan(28, 34, "LOC", "Ankara", "QUASI", "l")]
    [ex] = tab_examples([LabeledDoc("d", text, gold, split="train")], seed=None)
    assert [(_surface(ex, e), e[2]) for e in ex["ner"]] == [("Smith", "person"), ("Ankara", "location")]
    assert "organization" in ex["ner_labels"]  # "the Court" is a negative for it


def test_synthetic_examples_are_seeded_and_use_known_labels():
    a = synthetic_examples(30, seed=3)
    b = synthetic_examples(30, seed=3)
    assert a == b and a != synthetic_examples(30, seed=4)
    labels = {ent[2] for e in a for ent in e["ner"]}
    assert labels <= set(SYNTH_LABELS) <= set(PII_LABELS)
    assert any(ent[2] == "address" for e in a for ent in e["ner"])


def test_prompt_labels_keep_positives_and_vary_order():
    labels = ["a", "b", "c", "d", "e", "f"]
    rng = random.Random(0)
    prompts = [prompt_labels(labels, ["c"], rng) for _ in range(20)]
    assert all("c" in p and set(p) <= set(labels) and len(p) >= 4 for p in prompts)
    assert len({tuple(p) for p in prompts}) > 5  # no fixed slot a model could learn instead of the label
    assert prompt_labels(labels, ["c"], None) == labels
