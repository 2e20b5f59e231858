"""``privrag anonymize --engine ray`` on a real local Ray: the same bytes as local, faults, resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.corpus import text_files
from privrag.eval.scale_corpus import generated_corpus, write_jsonl
from privrag.methods import METHODS
from privrag.scale.journal import Journal, errors_path, journal_path

pytestmark = pytest.mark.usefixtures("ray_local")
runner = CliRunner()
DEMO = Path(__file__).resolve().parents[2] / "cookbook" / "data"


def anonymize(*args):
    return runner.invoke(app, ["anonymize", *map(str, args)])


def rows(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def _same_bytes_both_engines(inp: Path, tmp_path: Path, n: int) -> None:
    local, local_rep = tmp_path / "local.jsonl", tmp_path / "local_rep.jsonl"
    ray, ray_rep = tmp_path / "ray.jsonl", tmp_path / "ray_rep.jsonl"
    res = anonymize(inp, "--out", local, "--report", local_rep)
    assert res.exit_code == 0, res.output
    res = anonymize(inp, "--out", ray, "--report", ray_rep, "--engine", "ray", "--workers", "2")
    assert res.exit_code == 0, res.output
    assert len(rows(ray)) == n
    assert ray.read_bytes() == local.read_bytes()
    assert ray_rep.read_bytes() == local_rep.read_bytes()
    assert sum(len(r["masked_spans"]) for r in rows(ray_rep)) >= n  # real protection happened


@pytest.mark.integration
def test_ray_writes_the_same_texts_and_reports_as_local_on_the_demo_corpus(tmp_path):
    _same_bytes_both_engines(DEMO, tmp_path, len(text_files(DEMO)))


@pytest.mark.integration
def test_ray_writes_the_same_texts_and_reports_as_local_on_300_generated_documents(tmp_path):
    inp = write_jsonl(generated_corpus(300, seed=17), tmp_path / "corpus.jsonl")
    _same_bytes_both_engines(inp, tmp_path, 300)


@pytest.fixture
def fake_methods(monkeypatch):
    monkeypatch.setitem(METHODS, "redact", "tests.fakes:regex_redactor")
    monkeypatch.setitem(METHODS, "failing", "tests.fakes:failing_redactor")


DOCS = [(f"d{i:02d}", f"Note {i}: Anna Berg wrote to Tom Lee in 20{i % 10}{i % 7}.") for i in range(40)]


def test_ray_resume_after_an_interruption_completes_with_every_id_once(tmp_path, monkeypatch, fake_methods):
    inp = write_jsonl(DOCS, tmp_path / "in.jsonl")
    full, out = tmp_path / "full.jsonl", tmp_path / "out.jsonl"
    assert anonymize(inp, "--out", full).exit_code == 0
    real_write = Journal.write_ok
    seen = {"n": 0}

    def interrupted(self, *a, **kw):  # Ctrl-C on the driver after 11 documents
        seen["n"] += 1
        if seen["n"] > 11:
            raise KeyboardInterrupt
        return real_write(self, *a, **kw)

    monkeypatch.setattr(Journal, "write_ok", interrupted)
    res = anonymize(inp, "--out", out, "--engine", "ray", "--workers", "2")
    assert res.exit_code == 130 and not out.exists() and len(rows(journal_path(out))) == 11
    monkeypatch.setattr(Journal, "write_ok", real_write)
    res = anonymize(inp, "--out", out, "--engine", "ray", "--workers", "2", "--resume")
    assert res.exit_code == 0, res.output
    got = rows(out)
    assert [r["id"] for r in got] == [i for i, _ in DOCS]  # none twice, none missing, input order kept
    assert got == rows(full)


def test_ray_a_row_that_always_fails_is_reported_never_written(tmp_path, fake_methods):
    docs = [*DOCS[:9], ("bad", "SECRET: Anna Berg lives at 14 Elm Road"), *DOCS[9:20]]
    out, rep = tmp_path / "out.jsonl", tmp_path / "rep.jsonl"
    res = anonymize(write_jsonl(docs, tmp_path / "in.jsonl"), "--out", out, "--report", rep,
                    "--method", "failing", "--engine", "ray", "--workers", "2")
    assert res.exit_code == 1
    assert [r["id"] for r in rows(out)] == [i for i, _ in docs if i != "bad"]
    assert rows(errors_path(out)) == [{"id": "bad", "error": "PrivacyError"}]
    assert {"id": "bad", "error": "PrivacyError"} in rows(rep)
    for f in tmp_path.iterdir():
        if f.name != "in.jsonl":
            assert b"Elm Road" not in f.read_bytes(), f
    assert "Elm Road" not in res.output


def test_ray_folder_input_keeps_unreadable_files_in_place(tmp_path, fake_methods):
    folder = tmp_path / "notes"
    folder.mkdir()
    for i, t in DOCS[:10]:
        (folder / f"{i}.txt").write_text(t, encoding="utf-8")
    (folder / "d04b.txt").write_bytes(b"\x00\x01binary")
    local, ray = tmp_path / "l.jsonl", tmp_path / "r.jsonl"
    assert anonymize(folder, "--out", local, "--report", tmp_path / "lr.jsonl").exit_code == 1
    res = anonymize(folder, "--out", ray, "--report", tmp_path / "rr.jsonl", "--engine", "ray", "--workers", "2")
    assert res.exit_code == 1
    assert ray.read_bytes() == local.read_bytes()
    assert (tmp_path / "rr.jsonl").read_bytes() == (tmp_path / "lr.jsonl").read_bytes()


def test_ray_size_limit_reports_the_long_document_as_local_does(tmp_path, fake_methods, monkeypatch):
    monkeypatch.setenv("PRIVRAG_MAX_CHARS", "5000000")  # --max-chars sets it for the run; restored after
    docs = [*DOCS[:6], ("long", "Anna Berg wrote this. " * 10)]
    inp = write_jsonl(docs, tmp_path / "in.jsonl")
    for engine, out in (("local", "l"), ("ray", "r")):
        res = anonymize(inp, "--out", tmp_path / f"{out}.jsonl", "--report", tmp_path / f"{out}_rep.jsonl",
                        "--max-chars", "100", "--engine", engine, *(["--workers", "2"] if engine == "ray" else []))
        assert res.exit_code == 1, res.output
    assert (tmp_path / "r.jsonl").read_bytes() == (tmp_path / "l.jsonl").read_bytes()
    assert (tmp_path / "r_rep.jsonl").read_bytes() == (tmp_path / "l_rep.jsonl").read_bytes()
    (err,) = rows(errors_path(tmp_path / "r.jsonl"))
    assert err["id"] == "long" and err["error"] == "TextTooLongError" and "100" in err["reason"]
    assert "Anna" not in err["reason"]
