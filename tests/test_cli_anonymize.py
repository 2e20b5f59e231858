import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app

pytestmark = pytest.mark.integration
runner = CliRunner()


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


def test_unknown_method_is_a_clear_error(tmp_path):
    f = tmp_path / "in.jsonl"
    f.write_text(json.dumps({"id": 1, "text": "x"}) + "\n")
    res = runner.invoke(app, ["anonymize", str(f), "--out", str(tmp_path / "o.jsonl"), "--method", "nope"])
    assert res.exit_code != 0 and "unknown method" in str(res.exception or res.output)
