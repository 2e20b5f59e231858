import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.methods import METHODS

runner = CliRunner()
REPO = Path(__file__).resolve().parents[1]
HEAVY = ("torch", "transformers", "spacy", "presidio_analyzer", "presidio_anonymizer", "sentence_transformers",
         "langchain", "langchain_core", "llama_index", "llama_index.core", "matplotlib", "faiss", "gliner")


@pytest.fixture
def fake(monkeypatch):
    """``--method redact`` runs the real Redactor on the regex fake detector;
    ``failing``, ``interrupted`` and ``killed`` are fakes that break on purpose."""
    monkeypatch.setitem(METHODS, "redact", "tests.fakes:regex_redactor")
    monkeypatch.setitem(METHODS, "failing", "tests.fakes:failing_redactor")
    monkeypatch.setitem(METHODS, "interrupted", "tests.fakes:InterruptedProtector")


def exited(res, code: int) -> bool:
    """Exit ``code`` through typer/click, not through an uncaught exception (a traceback)."""
    return res.exit_code == code and (res.exception is None or isinstance(res.exception, SystemExit))


def rows(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def jsonl(path: Path, docs: list[tuple[str, str]], encoding: str = "utf-8") -> Path:
    path.write_bytes("".join(json.dumps({"id": i, "text": t}, ensure_ascii=False) + "\n" for i, t in docs).encode(encoding))
    return path


# -- start-up -----------------------------------------------------------------


def test_importing_the_cli_loads_no_model_library():
    code = f"import sys, privrag.cli; print([m for m in {HEAVY!r} if m in sys.modules])"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert res.stdout.strip() == "[]"


def test_bench_commands_are_still_registered_and_listed():
    res = runner.invoke(app, ["bench", "--help"])
    assert res.exit_code == 0, res.output
    for name in ("redact", "detect", "trip", "seag", "pahdp", "pad"):
        assert name in res.output
    res = runner.invoke(app, ["bench", "redact", "--help"])
    assert res.exit_code == 0 and "--out" in res.output
    assert runner.invoke(app, ["bench", "nope"]).exit_code == 2


# -- inputs --------------------------------------------------------------------


def test_single_file_folder_and_jsonl(tmp_path, fake):
    one = tmp_path / "note.md"
    one.write_text("John Smith, 1961", encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(one), "--out", str(tmp_path / "o1.jsonl")])
    assert res.exit_code == 0, res.output
    assert rows(tmp_path / "o1.jsonl") == [{"id": "note.md", "text": "A person, a date"}]

    src = tmp_path / "docs"
    (src / "sub").mkdir(parents=True)
    (src / "b.txt").write_text("Anna Weber", encoding="utf-8")
    (src / "sub" / "a.md").write_text("nothing", encoding="utf-8")
    (src / "skip.csv").write_text("John Smith", encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(tmp_path / "o2.jsonl"), "--mode", "tag"])
    assert res.exit_code == 0, res.output
    assert rows(tmp_path / "o2.jsonl") == [{"id": "b.txt", "text": "<PERSON>"}, {"id": "sub/a.md", "text": "nothing"}]

    src = jsonl(tmp_path / "in.jsonl", [("x1", "John Smith"), ("x2", "")])
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(tmp_path / "o3.jsonl")])
    assert res.exit_code == 0, res.output
    assert [r["id"] for r in rows(tmp_path / "o3.jsonl")] == ["x1", "x2"]


def test_latin1_input_needs_encoding_and_round_trips(tmp_path, fake):
    src = jsonl(tmp_path / "in.jsonl", [("k", "Anna Weber lebt in Köln")], encoding="latin-1")
    out = tmp_path / "o.jsonl"
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(out)])
    assert exited(res, 1), res.output
    assert "in.jsonl:1: not valid utf-8" in res.output and "--encoding" in res.output
    assert not out.exists()
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(out), "--encoding", "latin-1"])
    assert res.exit_code == 0, res.output
    assert rows(out)[0]["text"] == "A person lebt in Köln"  # decoded right, written as UTF-8

    txt = tmp_path / "note.txt"
    txt.write_bytes("Köln".encode("latin-1"))
    res = runner.invoke(app, ["anonymize", str(txt), "--out", str(out), "--encoding", "latin-1"])
    assert res.exit_code == 0 and rows(out)[0]["text"] == "Köln"


def test_binary_file_in_a_folder_is_named_and_the_rest_is_written(tmp_path, fake):
    src = tmp_path / "docs"
    src.mkdir()
    (src / "a.txt").write_text("John Smith", encoding="utf-8")
    (src / "blob.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    out, rep = tmp_path / "o.jsonl", tmp_path / "r.jsonl"
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(out), "--report", str(rep)])
    assert exited(res, 1), res.output
    assert "blob.txt: binary file (contains NUL bytes)" in res.output
    assert rows(out) == [{"id": "a.txt", "text": "A person"}]
    assert rows(rep)[1]["id"] == "blob.txt" and rows(rep)[1]["error"] == "unreadable"


def test_bad_input_is_a_clear_error_without_traceback(tmp_path, fake):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "text": "ok"}\nnot json\n', encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(bad), "--out", str(tmp_path / "o.jsonl")])
    assert exited(res, 1) and "bad.jsonl:2: not JSON" in res.output
    assert not (tmp_path / "o.jsonl").exists()  # the first, good line was not left behind
    other = tmp_path / "data.csv"
    other.write_text("x", encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(other), "--out", str(tmp_path / "o.jsonl")])
    assert res.exit_code == 2 and "data.csv" in res.output
    res = runner.invoke(app, ["anonymize", str(bad), "--out", str(tmp_path / "o.jsonl"), "--encoding", "klingon"])
    assert res.exit_code == 2 and "unknown encoding" in res.output


# -- options -------------------------------------------------------------------


def test_unknown_method_is_a_usage_error_listing_choices(tmp_path):
    f = jsonl(tmp_path / "in.jsonl", [("1", "x")])
    res = runner.invoke(app, ["anonymize", str(f), "--out", str(tmp_path / "o.jsonl"), "--method", "foo"])
    assert exited(res, 2), res.output
    assert "unknown method 'foo'" in res.output and "redact, trip" in res.output
    res = runner.invoke(app, ["anonymize", str(f), "--out", str(tmp_path / "o.jsonl"), "--mode", "blur"])
    assert res.exit_code == 2 and "unknown mode 'blur'" in res.output


@pytest.mark.parametrize("case", ["same_file", "via_symlink", "hard_link", "txt_in_folder", "report_is_input", "out_is_report"])
def test_output_that_is_an_input_is_refused_before_reading(tmp_path, monkeypatch, case):
    monkeypatch.setitem(METHODS, "redact", "tests.no_such_module:never")  # reading or loading would fail differently
    src = jsonl(tmp_path / "in.jsonl", [("1", "John Smith")])
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("John Smith", encoding="utf-8")
    inp, out, extra = src, src, []
    if case == "via_symlink":
        (tmp_path / "link.jsonl").symlink_to(src)
        out = tmp_path / "link.jsonl"
    elif case == "hard_link":
        os.link(src, tmp_path / "hard.jsonl")
        out = tmp_path / "hard.jsonl"
    elif case == "txt_in_folder":
        inp, out = folder, folder / "new" / "protected.txt"
    elif case == "report_is_input":
        out, extra = tmp_path / "o.jsonl", ["--report", str(src)]
    elif case == "out_is_report":
        out, extra = tmp_path / "o.jsonl", ["--report", str(tmp_path / "sub" / ".." / "o.jsonl")]
    before = src.read_bytes()
    res = runner.invoke(app, ["anonymize", str(inp), "--out", str(out), *extra])
    assert exited(res, 2), res.output
    assert "Invalid value" in res.output and "not available" not in res.output
    assert src.read_bytes() == before and not (folder / "new").exists()


def test_jsonl_output_inside_an_input_folder_is_allowed(tmp_path, fake):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("John Smith", encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(folder), "--out", str(folder / "protected.jsonl")])
    assert res.exit_code == 0, res.output
    # a second run does not read the first run's output (nor any temporary file)
    res = runner.invoke(app, ["anonymize", str(folder), "--out", str(folder / "protected.jsonl")])
    assert [r["id"] for r in rows(folder / "protected.jsonl")] == ["a.txt"]


# -- failures and partial runs -------------------------------------------------


def test_failing_document_is_reported_not_written_and_others_survive(tmp_path, fake):
    docs = [(f"d{i}", f"John Smith {i}") for i in range(10)]
    docs[3] = ("d3", "SECRET diagnosis of Anna Weber")
    src = jsonl(tmp_path / "in.jsonl", docs)
    out, rep = tmp_path / "o.jsonl", tmp_path / "r.jsonl"
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(out), "--report", str(rep), "--method", "failing"])
    assert exited(res, 1), res.output
    assert "d3  PrivacyError" in res.output and "1 documents not written" in res.output
    written = out.read_text(encoding="utf-8")
    assert [r["id"] for r in rows(out)] == [d for d, _ in docs if d != "d3"]  # batch-mates of d3 kept
    assert "SECRET" not in written and "Anna Weber" not in written
    assert "SECRET" not in res.output and "Anna" not in res.output and "diagnosis" not in rep.read_text()
    assert {"id": "d3", "error": "PrivacyError"} in rows(rep)


def test_ctrl_c_mid_run_leaves_no_output(tmp_path, fake):
    src = jsonl(tmp_path / "in.jsonl", [(str(i), "John Smith") for i in range(20)])
    out, rep = tmp_path / "o.jsonl", tmp_path / "r.jsonl"
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(out), "--report", str(rep), "--method", "interrupted"])
    assert res.exit_code != 0
    assert not out.exists() and not rep.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]  # temporary files removed too


def test_ctrl_c_keeps_a_previous_output_intact(tmp_path, fake):
    src = jsonl(tmp_path / "in.jsonl", [(str(i), "John Smith") for i in range(20)])
    out = tmp_path / "o.jsonl"
    out.write_text("previous run\n", encoding="utf-8")
    runner.invoke(app, ["anonymize", str(src), "--out", str(out), "--method", "interrupted"])
    assert out.read_text(encoding="utf-8") == "previous run\n"


def test_kill_mid_run_leaves_no_file_at_out(tmp_path):
    src = jsonl(tmp_path / "in.jsonl", [(str(i), "John Smith") for i in range(20)])
    out = tmp_path / "o.jsonl"
    code = ("import sys; from privrag.methods import METHODS; from privrag.cli import app; "
            "METHODS['killed'] = 'tests.fakes:KilledProtector'; app(sys.argv[1:])")
    args = ["anonymize", str(src), "--out", str(out), "--method", "killed"]
    res = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert res.returncode == -9, res.stderr  # SIGKILL: no cleanup ran
    assert not out.exists()


# -- real models ---------------------------------------------------------------


@pytest.mark.integration
def test_anonymize_folder_writes_texts_and_offset_report(tmp_path):
    src = tmp_path / "docs"
    src.mkdir()
    (src / "a.txt").write_text("Patient John Smith was seen in Leeds on 3 May 2024.", encoding="utf-8")
    (src / "b.md").write_text("Nothing to see here.", encoding="utf-8")
    out, rep = tmp_path / "out.jsonl", tmp_path / "rep.jsonl"
    res = runner.invoke(app, ["anonymize", str(src), "--out", str(out), "--report", str(rep)])
    assert res.exit_code == 0, res.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a.txt", "b.md"]
    assert "John Smith" not in rows[0]["text"] and rows[1]["text"] == "Nothing to see here."
    report = [json.loads(x) for x in rep.read_text().splitlines()]
    original = (src / "a.txt").read_text()
    masked = {original[s:e] for s, e, _ in report[0]["masked_spans"]}
    assert "John Smith" in masked and "Leeds" in masked
    assert "PERSON" in res.output  # summary table per entity type


@pytest.mark.integration
def test_anonymize_jsonl_and_bad_lines(tmp_path):
    good = tmp_path / "in.jsonl"
    good.write_text(json.dumps({"id": "x1", "text": "Mail anna@example.com"}) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(good), "--out", str(tmp_path / "o.jsonl"), "--mode", "tag"])
    assert res.exit_code == 0, res.output
    assert "<EMAIL>" in (tmp_path / "o.jsonl").read_text()
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1}\nnot json\n', encoding="utf-8")
    res = runner.invoke(app, ["anonymize", str(bad), "--out", str(tmp_path / "o2.jsonl")])
    assert res.exit_code != 0
