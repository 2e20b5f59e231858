"""protect_dataset on a real (small, local) Ray: rows, grouping and faults."""

from __future__ import annotations

import json
import re

import pytest

from privrag.scale.dataset import errors_only, protect_dataset

pytestmark = pytest.mark.usefixtures("ray_local")

TEXTS = [f"Note {i}: Anna Berg met Tom Lee in 20{i % 10}{i % 7}." for i in range(40)]


def _rows(ds) -> dict[str, dict]:
    return {r["id"]: r for r in ds.take_all()}


def _dataset(ray, texts=TEXTS, blocks: int = 4):
    return ray.data.from_items([{"id": f"d{i}", "text": t} for i, t in enumerate(texts)], override_num_blocks=blocks)


def _expected(texts=TEXTS) -> list[str]:
    from tests.fakes import regex_redactor

    return [r.text for r in regex_redactor().protect_batch(texts)]


def test_every_row_is_protected_with_a_string_free_report(ray_local):
    ds = protect_dataset(_dataset(ray_local), "tests.fakes:regex_redactor", concurrency=2, batch_size=16)
    rows = _rows(ds)
    assert sorted(rows) == sorted(f"d{i}" for i in range(40))
    for i, want in enumerate(_expected()):
        row = rows[f"d{i}"]
        assert row["text"] == want and "Anna Berg" not in row["text"]
        assert row["error"] is None and row["reason"] is None
        report = json.loads(row["report"])
        assert [s[2] for s in report["masked_spans"]].count("PERSON") == 2
        assert "Anna" not in row["report"]  # offsets and labels, never the original strings


def test_a_batch_that_raises_once_still_gives_every_row_correct(ray_local, tmp_path):
    marker = tmp_path / "raised"
    ds = protect_dataset(_dataset(ray_local), "tests.scale.fakes:RaisesOnce", method_kwargs={"marker": str(marker)},
                         concurrency=2, batch_size=8)
    rows = _rows(ds)
    assert marker.exists()  # the failure happened, and was retried document by document
    assert [rows[f"d{i}"]["text"] for i in range(40)] == _expected()
    assert all(r["error"] is None for r in rows.values())


def test_an_actor_killed_mid_run_is_restarted_and_its_batch_retried(ray_local, tmp_path):
    marker = tmp_path / "killed"
    ds = protect_dataset(_dataset(ray_local, blocks=8), "tests.scale.fakes:KilledOnce",
                         method_kwargs={"marker": str(marker)}, concurrency=2, batch_size=5)
    rows = _rows(ds)
    assert marker.exists()  # an actor process did die
    assert [rows[f"d{i}"]["text"] for i in range(40)] == _expected()
    assert len(rows) == 40 and all(r["error"] is None for r in rows.values())


def test_a_row_that_always_fails_is_an_error_row_without_its_text(ray_local):
    texts = [*TEXTS[:10], "SECRET Anna Berg, 14 Elm Road", *TEXTS[10:20]]
    ds = protect_dataset(_dataset(ray_local, texts, blocks=2), "tests.fakes:failing_redactor", concurrency=2)
    rows = _rows(ds)
    bad = rows["d10"]
    assert bad["error"] == "PrivacyError" and bad["text"] is None and bad["report"] is None
    assert "Elm Road" not in json.dumps(list(rows.values()))
    assert all(rows[f"d{i}"]["error"] is None for i in range(21) if i != 10)
    errors = errors_only(ds).take_all()
    assert errors == [{"id": "d10", "error": "PrivacyError", "reason": None}]


def test_a_row_without_a_string_text_fails_alone(ray_local):
    ds = ray_local.data.from_items([{"id": 1, "text": "Anna Berg"}, {"id": 2, "text": None}])
    rows = _rows(protect_dataset(ds, "tests.fakes:regex_redactor"))
    assert rows["1"]["text"] == "A person" and rows["1"]["error"] is None
    assert rows["2"] == {"id": "2", "text": None, "report": None, "error": "unreadable", "reason": "text is not a string"}


def test_the_chunks_of_one_document_reach_one_actor_in_one_call(ray_local):
    items = [{"id": f"{doc}-{k}", "doc": doc, "text": "x"} for doc in ("a", "b", "c", "d", "e") for k in range(3 + ord(doc) % 3)]
    ds = ray_local.data.from_items(items, override_num_blocks=5)  # chunks of a document spread over blocks
    rows = _rows(protect_dataset(ds, "tests.scale.fakes:GroupEcho", group_column="doc", concurrency=2))
    assert sorted(rows) == sorted(i["id"] for i in items)
    for doc in "abcde":
        seen = {rows[i["id"]]["text"] for i in items if i["doc"] == doc}
        size = sum(i["doc"] == doc for i in items)
        assert len(seen) == 1 and seen.pop().startswith(f"{doc}|{size}|")


def test_grouping_needs_a_method_that_takes_groups(ray_local):
    ds = ray_local.data.from_items([{"id": "1", "doc": "a", "text": "Anna Berg"}])
    with pytest.raises(Exception, match="takes no groups"):
        protect_dataset(ds, "tests.fakes:regex_redactor", group_column="doc").take_all()


@pytest.mark.integration
def test_trip_on_ray_decides_the_chunks_of_a_document_together_as_locally(ray_local):
    from pathlib import Path

    from privrag.methods import get_method

    data = Path(__file__).resolve().parents[2] / "cookbook" / "data"
    items = []
    for p in sorted(data.glob("note_0[1-3]*.txt")):
        sentences = re.split(r"(?<=\.) ", p.read_text(encoding="utf-8").strip())
        chunks = [" ".join(sentences[k:k + 2]) for k in range(0, len(sentences), 2)]  # a splitter's chunks
        items += [{"id": f"{p.stem}#{k}", "doc": p.stem, "text": t} for k, t in enumerate(chunks)]
    assert len(items) > len({i["doc"] for i in items})  # documents of several chunks
    ds = ray_local.data.from_items(items, override_num_blocks=4)
    rows = _rows(protect_dataset(ds, "trip", group_column="doc", concurrency=2))
    trip = get_method("trip")
    for doc in sorted({i["doc"] for i in items}):
        chunks = [i for i in items if i["doc"] == doc]
        local = trip.protect_batch([c["text"] for c in chunks], groups=[doc] * len(chunks))
        for c, want in zip(chunks, local, strict=True):
            got = rows[c["id"]]
            assert got["error"] is None
            assert got["text"] == want.text
            assert json.loads(got["report"])["masked_spans"] == want.report()["masked_spans"]
