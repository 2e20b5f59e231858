"""``privrag bench trip``: helpers on toy inputs, the whole run on a few TAB docs."""

from __future__ import annotations

import json

import pytest

from privrag.eval.bench_trip import Run, index_chunks, protect_chunk, random_matched
from privrag.eval.datasets import LabeledDoc
from privrag.types import DetectedEntity, Entity


def test_index_chunks_are_sentence_aligned_and_cover_the_words():
    text = " ".join(f"Sentence number {i} has exactly seven words." for i in range(100))
    chunks = index_chunks(text, words=50)
    assert all(text[b - 1] == "." for _, b in chunks)
    assert sum(len(text[a:b].split()) for a, b in chunks) == len(text.split())
    assert max(len(text[a:b].split()) for a, b in chunks) <= 50
    long_sentence = " ".join(["word"] * 130)
    assert [len(long_sentence[a:b].split()) for a, b in index_chunks(long_sentence, words=50)] == [50, 50, 30]


def test_protect_chunk_clips_spans_to_the_chunk():
    text = "Anna Weber met John Murray."
    spans = [DetectedEntity(0, 10, "PERSON", "Anna Weber"), DetectedEntity(15, 26, "PERSON", "John Murray")]
    assert protect_chunk(text, 0, 15, spans) == "A person met "
    assert protect_chunk(text, 11, 27, spans) == "met a person."


def test_random_matched_hits_the_target_token_count():
    text = "Anna Weber met John Murray and Osman Erden in Ankara on Monday."
    names = ["Anna Weber", "John Murray", "Osman Erden", "Ankara", "Monday"]
    ents = []
    for i, n in enumerate(names):
        s = text.index(n)
        ents.append(Entity(i, "PERSON", [DetectedEntity(s, s + len(n), "PERSON", n)]))

    class A:
        entities = ents

    target = Run(masked=[[ents[0].mentions[0], ents[1].mentions[0]]])
    doc = LabeledDoc("d", text, [])
    a = random_matched([doc], [A()], target, seed=0)
    b = random_matched([doc], [A()], target, seed=0)
    assert a.masked == b.masked
    n_tokens = sum(len(s.text.split()) for s in a.masked[0])
    assert 4 <= n_tokens <= 5


@pytest.mark.integration
@pytest.mark.data
def test_bench_trip_small_run(require_data, tmp_path):
    from typer.testing import CliRunner

    from privrag.cli import app

    res = CliRunner().invoke(app, ["bench", "trip", "--split", "dev", "--limit", "2", "--out", str(tmp_path),
                                   "--data-dir", str(require_data)])
    assert res.exit_code == 0, res.output
    payload = json.loads((tmp_path / "trip.json").read_text())
    assert payload["dataset"] == "tab" and payload["split"] == "dev" and payload["n_docs"] == 2
    methods = payload["methods"]
    assert list(methods) == ["origin", "redact_all", "redact_detected", "random_matched", "trip_rag_no_policy", "trip_rag"]
    for m in methods.values():
        for key in ("er_direct", "er_quasi", "precision", "masking_rate", "exposure_direct",
                    "recall_at_5_consistency", "recall_at_5_gold", "docs_per_s"):
            assert key in m
    assert methods["origin"]["recall_at_5_consistency"] == 1.0 and methods["origin"]["masking_rate"] == 0.0
    assert methods["trip_rag"]["masking_rate"] <= methods["redact_detected"]["masking_rate"]
    items = [json.loads(line) for line in (tmp_path / "trip_items.jsonl").read_text().splitlines()]
    assert len(items) == 2 * len(methods)
    trip_items = [i for i in items if i["method"] == "trip_rag"]
    assert all("entities" in i and "protected_text" in i and "masked_spans" in i for i in trip_items)
    assert "| trip_rag |" in (tmp_path / "trip.md").read_text()
