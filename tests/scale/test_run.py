"""The resumable path of ``privrag anonymize`` (--resume, Parquet OUT) without Ray, on fakes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.methods import METHODS
from privrag.scale.journal import Journal, errors_path, journal_path

runner = CliRunner()
DOCS = [(f"d{i:02d}", f"Note {i}: Anna Berg wrote to Tom Lee in 20{i % 10}{i % 7}.") for i in range(30)]


@pytest.fixture(autouse=True)
def fake_methods(monkeypatch):
    monkeypatch.setitem(METHODS, "redact", "tests.fakes:regex_redactor")
    monkeypatch.setitem(METHODS, "failing", "tests.fakes:failing_redactor")


def jsonl(path, docs):
    path.write_text("".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in docs), encoding="utf-8")
    return path


def rows(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def anonymize(*args):
    return runner.invoke(app, ["anonymize", *map(str, args)])


def test_local_resume_after_an_interruption_writes_every_id_once(tmp_path, monkeypatch):
    inp = jsonl(tmp_path / "in.jsonl", DOCS)
    full = tmp_path / "full.jsonl"
    assert anonymize(inp, "--out", full).exit_code == 0
    out = tmp_path / "out.jsonl"
    real_write = Journal.write_ok
    calls = {"n": 0}

    def interrupted(self, *a, **kw):  # Ctrl-C after 13 documents
        calls["n"] += 1
        if calls["n"] > 13:
            raise KeyboardInterrupt
        return real_write(self, *a, **kw)

    monkeypatch.setattr(Journal, "write_ok", interrupted)
    res = anonymize(inp, "--out", out, "--resume")
    assert res.exit_code == 130 and "--resume" in res.output
    assert not out.exists() and len(rows(journal_path(out))) == 13
    monkeypatch.setattr(Journal, "write_ok", real_write)
    res = anonymize(inp, "--out", out, "--resume")
    assert res.exit_code == 0, res.output
    assert "13 documents already protected" in res.output
    got = rows(out)
    assert sorted(r["id"] for r in got) == [i for i, _ in DOCS]  # none twice, none missing
    assert sorted(got, key=lambda r: r["id"]) == rows(full)
    assert not journal_path(out).exists()


def test_resume_keeps_an_existing_output_and_protects_only_new_documents(tmp_path):
    out, rep = tmp_path / "out.jsonl", tmp_path / "rep.jsonl"
    assert anonymize(jsonl(tmp_path / "a.jsonl", DOCS[:10]), "--out", out, "--report", rep).exit_code == 0
    res = anonymize(jsonl(tmp_path / "b.jsonl", DOCS), "--out", out, "--report", rep, "--resume")
    assert res.exit_code == 0 and "10 documents already protected, 20 to go" in res.output
    assert [r["id"] for r in rows(out)] == [i for i, _ in DOCS]
    assert [r["id"] for r in rows(rep)] == [i for i, _ in DOCS]
    assert all(r["masked_spans"] for r in rows(rep))


def test_a_line_cut_by_a_kill_is_dropped_on_resume(tmp_path):
    out = tmp_path / "out.jsonl"
    j = journal_path(out)
    j.write_text(json.dumps({"id": "d00", "text": "A person", "report": {}}) + '\n{"id": "d01", "te', encoding="utf-8")
    journal = Journal(out)
    assert journal.start(resume=True) == {"d00"}
    journal.close()
    assert j.read_text(encoding="utf-8").count("\n") == 1 and j.read_text(encoding="utf-8").endswith("}\n")


def test_without_resume_an_old_partial_output_is_discarded(tmp_path):
    inp = jsonl(tmp_path / "in.jsonl", DOCS[:5])
    out = tmp_path / "out.parquet"
    journal_path(out).write_text(json.dumps({"id": "zz", "text": "stale", "report": {}}) + "\n", encoding="utf-8")
    assert anonymize(inp, "--out", out).exit_code == 0
    import pyarrow.parquet as pq

    table = pq.read_table(out)
    assert table.column_names == ["id", "text"] and table.column("id").to_pylist() == [i for i, _ in DOCS[:5]]


def test_parquet_in_and_out_hold_the_same_texts_as_jsonl(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"id": [i for i, _ in DOCS], "text": [t for _, t in DOCS]}), src)
    assert anonymize(src, "--out", tmp_path / "a.jsonl").exit_code == 0
    assert anonymize(src, "--out", tmp_path / "b.parquet").exit_code == 0
    table = pq.read_table(tmp_path / "b.parquet")
    assert [{"id": i, "text": t} for i, t in zip(table.column("id").to_pylist(), table.column("text").to_pylist(), strict=True)] \
        == rows(tmp_path / "a.jsonl")


def test_a_failing_document_goes_to_the_errors_file_and_nowhere_else(tmp_path):
    docs = [*DOCS[:4], ("bad", "SECRET: Anna Berg lives at 14 Elm Road"), *DOCS[4:8]]
    out, rep = tmp_path / "out.parquet", tmp_path / "rep.jsonl"
    res = anonymize(jsonl(tmp_path / "in.jsonl", docs), "--out", out, "--report", rep, "--method", "failing")
    assert res.exit_code == 1
    assert rows(errors_path(out)) == [{"id": "bad", "error": "PrivacyError"}]
    for f in tmp_path.iterdir():
        if f.name != "in.jsonl":
            assert b"Elm Road" not in f.read_bytes(), f
    assert "Elm Road" not in res.output


def test_unknown_engine_and_ray_options_without_ray_are_usage_errors(tmp_path):
    inp = jsonl(tmp_path / "in.jsonl", DOCS[:2])
    assert anonymize(inp, "--out", tmp_path / "o.jsonl", "--engine", "spark").exit_code == 2
    assert anonymize(inp, "--out", tmp_path / "o.jsonl", "--workers", "2", "--resume").exit_code == 2
