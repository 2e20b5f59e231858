"""TripRag engine on fakes: decisions, policy, chunks, explanations, failure modes."""

from __future__ import annotations

import asyncio
import json
import re

import numpy as np
import pytest

from privrag.trip import TripPolicy, explain
from privrag.types import PrivacyError
from tests.trip.conftest import BrokenEmbedder, TripDetector, fake_calibration

TEXT = (
    "The applicant, John Murray, lodged application 28045/02 in 2002. "
    "He wrote to the registry from john.murray@example.org about the hearing. "
    "John Murray was represented by Anna Weber, a lawyer practising in the city."
)


def test_protect_masks_a_subset_and_explains_each_entity(make_trip):
    trip = make_trip(tau=0.2)
    res = trip.protect(TEXT)
    rows = res.receipt.details["entities"]
    assert len(rows) == len(res.entities) > 0
    for r in rows:
        assert r["decision"] in ("mask", "keep")
        assert {"s_priv", "s_knw", "s_retr", "psi", "tau", "reason"} <= set(r)
        if r["reason"] in ("psi_above_tau", "psi_below_tau"):
            assert (r["psi"] > r["tau"]) == (r["decision"] == "mask")
    assert res.receipt.mechanism == "trip_rag"
    assert res.receipt.counts["entities_masked"] + res.receipt.counts["entities_kept"] == len(res.entities)
    for s in res.masked_spans:
        assert s.text not in res.text or s.text.isdigit()


def test_receipt_and_metadata_report_hold_no_original_string(make_trip):
    trip = make_trip(tau=-10.0)
    res = trip.protect(TEXT)
    blob = json.dumps(res.receipt.to_dict()) + json.dumps(trip.report_metadata(res))
    for secret in ("John", "Murray", "28045/02", "john.murray", "Anna Weber", "2002"):
        assert secret not in blob


def test_tau_extremes_bracket_the_policy(make_trip):
    trip = make_trip()
    analysis = trip.analyze_batch([TEXT])[0]
    detected = trip.decide(analysis, tau=-1e9)
    policy_only = trip.decide(analysis, tau=1e9)
    all_spans = {(s.start, s.end) for s in detected.masked_spans}
    assert all_spans == {(s.start, s.end) for s in analysis.spans}
    assert {(s.start, s.end) for s in policy_only.masked_spans} <= all_spans
    assert {r["label"] for r in policy_only.receipt.details["entities"] if r["decision"] == "mask"} == {"CODE", "EMAIL", "PERSON"}
    assert "28045/02" not in policy_only.text and "john.murray@example.org" not in policy_only.text
    assert "John Murray" not in policy_only.text and "Anna Weber" not in policy_only.text


def test_no_policy_and_never_mask(make_trip):
    no_policy = make_trip(tau=1e9, use_policy=False).protect(TEXT)
    assert no_policy.masked_spans == [] and no_policy.text == TEXT
    keep = make_trip(tau=-1e9, policy=TripPolicy(never_mask={"anna weber"})).protect(TEXT)
    assert "Anna Weber" in keep.text and "John Murray" not in keep.text
    reasons = {r["reason"] for r in keep.receipt.details["entities"]}
    assert "never_mask" in reasons


def test_policy_conflict_is_rejected():
    with pytest.raises(ValueError):
        TripPolicy(always_mask={"CODE"}, never_mask_labels={"ID"})


def test_entity_masked_in_one_chunk_is_masked_in_every_chunk(make_trip):
    filler = " ".join(["the court examined the file carefully"] * 40)
    text = f"John Murray complained. {filler}. Later, John Murray appealed. {filler}."
    trip = make_trip(window_tokens=60)
    analysis = trip.analyze_batch([text])[0]
    assert len(analysis.chunks) > 2
    jm = next(e for e in analysis.entities if e.canonical == "John Murray")
    assert len({ci for ci, *_ in analysis.raw[jm.entity_id]}) == 2
    res = trip.decide(analysis, tau=-1e9)
    assert "John Murray" not in res.text
    kept = trip.decide(analysis, tau=1e9, use_policy=False)
    assert kept.text.count("John Murray") == 2


def test_all_variants_go_through_one_encoder_call(make_trip, hash_embedder):
    trip = make_trip()
    docs = [TEXT, "Maria Lopez visited Leeds in 1999.", ""]
    trip.protect_batch(docs)
    assert hash_embedder.calls == 1
    analyses = trip.analyze_batch(docs)
    n_variants = sum(len(a.entities) + sum(1 for c in a.chunk_entities if c)
                     + sum(len(c) for c in a.chunk_entities) for a in analyses)
    assert hash_embedder.texts == 2 * n_variants


@pytest.mark.parametrize("text", ["", "   ", "nothing to see here, only lower case words."])
def test_entity_free_documents_pass_unchanged(make_trip, text):
    res = make_trip().protect(text)
    assert res.text == text and res.masked_spans == [] and res.receipt.counts["entities"] == 0


def test_document_of_one_entity(make_trip):
    res = make_trip(tau=-1e9).protect("John Murray")
    assert res.text == "A person"
    assert make_trip(tau=1e9, use_policy=False).protect("John Murray").text == "John Murray"


def test_one_megabyte_document(make_trip):
    para = "John Murray lodged application 28045/02 with the court. " + "the file was long. " * 60
    text = (para * (1_000_000 // len(para) + 1))[:1_000_000]
    res = make_trip(tau=1e9).protect(text)
    assert len(res.text) > 900_000
    assert "28045/02" not in res.text
    assert res.receipt.counts["chunks"] > 100


def test_greedy_refinement_runs_and_respects_extremes(make_trip, hash_embedder):
    trip = make_trip(greedy=True, use_policy=False)
    a = trip.analyze_batch([TEXT])[0]
    all_masked = trip.decide(a, tau=-1e9)
    assert {(s.start, s.end) for s in all_masked.masked_spans} == {(s.start, s.end) for s in a.spans}
    assert all(r["reason"] == "greedy_selected" for r in all_masked.receipt.details["entities"])
    none = trip.decide(a, tau=1e9)
    assert none.masked_spans == []
    calls = hash_embedder.calls
    trip.decide(a, tau=0.2)
    assert hash_embedder.calls > calls  # greedy re-embeds partly masked chunks


def test_fail_closed(make_trip):
    from tests.fakes import BrokenDetector

    with pytest.raises(PrivacyError):
        make_trip(embedder=BrokenEmbedder()).protect(TEXT)
    with pytest.raises(PrivacyError):
        make_trip(detector=BrokenDetector()).protect(TEXT)


def test_embedder_dimension_mismatch_is_actionable(make_trip):
    class Small:
        dim = 8
        tokenizer = None

        def embed(self, texts):
            return np.zeros((len(texts), 8), np.float32)

    with pytest.raises(ValueError, match="retrain"):
        make_trip(embedder=Small())


def test_async_matches_sync_and_tag_mode(make_trip):
    trip = make_trip(mode="tag", tau=-1e9)
    sync = trip.protect(TEXT)
    assert "<PERSON>" in sync.text
    asy = asyncio.run(trip.aprotect(TEXT))
    assert asy.text == sync.text
    assert [r.text for r in asyncio.run(trip.aprotect_batch([TEXT]))] == [sync.text]


def test_metadata_is_fully_redacted(make_trip):
    md = make_trip(tau=1e9).protect_metadata({"author": "Anna Weber", "page": 3})
    assert "Anna Weber" not in md["author"] and md["page"] == 3


def test_explain_prints_one_line_per_entity(make_trip):
    res = make_trip().protect(TEXT)
    table = explain(res)
    assert len(table.splitlines()) == 1 + len(res.entities)
    assert "John Murray" not in table
    assert "John Murray" in explain(res, show_text=True)
    assert explain(make_trip().protect("")) == "no entities detected"


def test_detector_default_is_any_entity_detector(hash_embedder):
    from privrag.trip import TripRag
    from tests.trip.conftest import fake_calibration, fake_surrogate

    trip = TripRag(TripDetector(), embedder=hash_embedder, surrogate=fake_surrogate(), calibration=fake_calibration())
    assert trip.protect("Maria Lopez").receipt.counts["entities"] == 1


def test_token_head_path_scores_in_one_encoder_pass(make_trip):
    from tests.trip.conftest import TokenHashEmbedder, fake_surrogate, fake_token_head

    sur = fake_surrogate()
    sur.token_head = fake_token_head()
    emb = TokenHashEmbedder()
    trip = make_trip(embedder=emb, surrogate=sur, tau=-1e9)
    assert trip.s_priv_source == "tokens_pooled"
    res = trip.protect_batch([TEXT, "Maria Lopez visited Leeds in 1999."])
    assert emb.token_calls == 1 and emb.calls == 0
    assert "John Murray" not in res[0].text
    assert res[0].receipt.details["s_priv_source"] == "tokens_pooled"
    rows = res[0].receipt.details["entities"]
    # masked pooling: S_priv is exactly the risk of the entity's own tokens
    head = sur.token_head
    for r in rows:
        e = res[0].entities[r["entity"]]
        words = [w for m in e.mentions for w in re.findall(r"\w+", m.text)]
        expect = sum(float(head.token_risk(emb.embed([w]))[0]) for w in words)
        assert abs(r["s_priv"] - expect) < 1e-3


def test_token_sources_variants_and_greedy(make_trip):
    import dataclasses

    from tests.trip.conftest import (
        TokenHashEmbedder,
        fake_calibration,
        fake_surrogate,
        fake_token_head,
    )

    sur = fake_surrogate()
    sur.token_head = fake_token_head()
    cal = dataclasses.replace(fake_calibration(), s_priv_source="tokens_variants")
    trip = make_trip(embedder=TokenHashEmbedder(), surrogate=sur, calibration=cal)
    assert trip.s_priv_source == "tokens_variants"
    assert all(r["s_priv"] > 0 for r in trip.protect(TEXT).receipt.details["entities"] if r["label"] == "PERSON")
    pooled = make_trip(embedder=TokenHashEmbedder(), surrogate=sur, greedy=True, use_policy=False)
    a = pooled.analyze_batch([TEXT])[0]
    everything = pooled.decide(a, tau=-1e9)
    assert {(s.start, s.end) for s in everything.masked_spans} == {(s.start, s.end) for s in a.spans}
    one_by_one = pooled.decide(a, tau=0.5)
    assert all(r["reason"] in ("greedy_selected", "greedy_kept") for r in one_by_one.receipt.details["entities"])


def _psi_of(trip, analysis, surface):
    ent = next(e for e in analysis.entities if analysis.text[e.mentions[0].start:e.mentions[0].end] == surface)
    return trip.entity_scores(analysis)[ent.entity_id].psi


def test_groups_mask_an_entity_in_every_chunk_of_its_document(make_trip):
    chunks = [
        "John Murray complained to the registry about the long delay of the hearing.",
        "Later the lawyer John Murray met Anna Weber and Peter Hall in the city office.",
    ]
    probe = make_trip(use_policy=False)
    psi = [_psi_of(probe, a, "John Murray") for a in probe.analyze_batch(chunks)]
    assert psi[0] != psi[1]
    tau = (psi[0] + psi[1]) / 2  # masked in one chunk, kept in the other when decided alone
    trip = make_trip(use_policy=False, calibration=fake_calibration(tau))
    alone = trip.protect_batch(chunks)
    assert sum("John Murray" in r.text for r in alone) == 1
    together = trip.protect_batch(chunks, groups=["doc-1", "doc-1"])
    assert all("John Murray" not in r.text for r in together)
    reasons = [d["reason"] for r in together for d in r.receipt.details["entities"]]
    assert "masked_in_document" in reasons
    # other documents and ungrouped chunks are not affected
    apart = trip.protect_batch(chunks, groups=["doc-1", "doc-2"])
    assert [r.text for r in apart] == [r.text for r in alone]
    assert [r.text for r in trip.protect_batch(chunks, groups=[None, "doc-1"])] == [r.text for r in alone]
    with pytest.raises(ValueError):
        trip.protect_batch(chunks, groups=["doc-1"])


def test_receipt_counts_kept_terms_by_reason(make_trip):
    from privrag.keep import KeepSpan

    trip = make_trip()
    analysis = trip.analyze_batch([TEXT])[0]
    analysis.keeps = [KeepSpan(0, 3, "legal_reference")]
    assert trip.decide(analysis).receipt.counts["kept_terms"] == {"legal_reference": 1}
