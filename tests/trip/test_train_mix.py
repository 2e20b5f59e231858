"""The f_priv training mix: TAB-format documents and generated ones both feed both heads."""

from __future__ import annotations

import numpy as np

from privrag.eval.datasets import DomainDoc, DomainSpan, GoldSpan, LabeledDoc
from privrag.trip.train import KIND_ORIGINAL, fit_surrogate
from privrag.trip.train_mix import (
    MixSource,
    build_mix,
    concat_training_sets,
    domain_docs_as_labeled,
    synth_source,
)
from tests.trip.conftest import TokenHashEmbedder


def _tab_doc(i: int) -> LabeledDoc:
    text = f"Mr John Murray{i} lodged a complaint in 2002 with the European Court in Strasbourg."
    spans = []
    for needle, itype, eid in ((f"John Murray{i}", "DIRECT", "e1"), ("2002", "QUASI", "e2"),
                               ("European Court", "NO_MASK", "e3")):
        s = text.index(needle)
        spans.append(GoldSpan(s, s + len(needle), "PERSON", needle, itype, eid))
    return LabeledDoc(id=str(i), text=text, spans=spans, split="train")


def _sources() -> list[MixSource]:
    return [MixSource("TAB-like", [_tab_doc(i) for i in range(6)], "tab"), synth_source(7, seed=2)]


def test_both_sources_feed_both_heads_and_rows_stay_aligned():
    sent, tokens, report = build_mix(_sources(), TokenHashEmbedder(), seed=0)
    assert [r["kind"] for r in report] == ["tab", "synth"]
    assert all(r["n_docs"] > 0 and r["n_rows"] > 0 and r["n_tokens"] > 0 for r in report)
    assert len(sent) == sum(r["n_rows"] for r in report)
    assert len(tokens) == sum(r["n_tokens"] for r in report)
    assert report[1]["spans_by_type"]["DIRECT"] > 0 and report[1]["spans_by_type"]["NO_MASK"] > 0
    # every variant points at an original window of its own source
    n_tab = report[0]["n_rows"]
    assert np.all(sent.kind[sent.base] == KIND_ORIGINAL)
    assert np.all((sent.base < n_tab) == (np.arange(len(sent)) < n_tab))


def test_the_mix_is_reproducible_to_the_weight():
    a_sent, a_tok, _ = build_mix(_sources(), TokenHashEmbedder(), seed=1)
    b_sent, b_tok, _ = build_mix(_sources(), TokenHashEmbedder(), seed=1)
    assert np.array_equal(a_sent.X, b_sent.X) and np.array_equal(a_tok.y, b_tok.y)
    wa = fit_surrogate(a_sent, seed=3, hidden=8, ensemble=1, epochs=20)
    wb = fit_surrogate(b_sent, seed=3, hidden=8, ensemble=1, epochs=20)
    assert np.array_equal(wa.w1, wb.w1) and wa.b2 == wb.b2


def test_concat_shifts_base_indices():
    s, _, _ = build_mix(_sources()[:1], TokenHashEmbedder(), seed=0, tokens=False)
    both = concat_training_sets([s, s])
    assert len(both) == 2 * len(s)
    assert np.array_equal(both.base[len(s):], s.base + len(s))


def test_domain_documents_become_ranking_labels_with_keep_as_no_mask():
    text = "Grace Okafor takes sertraline."
    doc = DomainDoc("d1", "clinical", "note", text,
                    protect=[DomainSpan(0, 12, "Grace Okafor", "PERSON", "DIRECT")],
                    keep=[DomainSpan(19, 29, "sertraline", why="medication")])
    (out,) = domain_docs_as_labeled([doc])
    assert [(s.text, s.identifier_type) for s in out.spans] == [("Grace Okafor", "DIRECT"), ("sertraline", "NO_MASK")]
