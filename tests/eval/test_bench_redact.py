"""``privrag bench redact``: the CLI end to end on two documents, and its pieces."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.eval.bench_redact import TABLE_METRICS, load_docs, presidio_tagged_text, run_bench
from privrag.eval.datasets import GoldSpan, LabeledDoc

runner = CliRunner()

METRICS = {"er_direct", "er_quasi", "precision", "masking_rate", "exposure_direct", "docs_per_s"}


def test_presidio_tagged_text_merges_overlaps():
    text = "Call Anna Christou on Monday."
    spans = [(5, 9, "PERSON"), (5, 18, "PERSON"), (10, 18, "LOCATION"), (22, 28, "DATE_TIME")]
    assert presidio_tagged_text(text, spans) == "Call <PERSON> on <DATE_TIME>."
    assert presidio_tagged_text(text, []) == text


def test_unknown_dataset_and_method_are_rejected(tmp_path):
    with pytest.raises(ValueError, match="tab"):
        load_docs("wnut17", "test", tmp_path, None)
    doc = LabeledDoc("d", "Anna", [GoldSpan(0, 4, "PERSON", "Anna")])
    with pytest.raises(ValueError, match="unknown method"):
        run_bench([doc], ["nope"])


def test_missing_data_dir_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["bench", "redact", "--data-dir", str(tmp_path / "none"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert not (tmp_path / "o").exists()


@pytest.mark.data
@pytest.mark.integration
def test_cli_writes_all_three_files(require_data, tmp_path):
    out = tmp_path / "redact"
    args = ["bench", "redact", "--dataset", "tab", "--split", "dev", "--data-dir", str(require_data),
            "--out", str(out), "--limit", "2", "--no-progress"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output

    payload = json.loads((out / "redact.json").read_text(encoding="utf-8"))
    assert payload["dataset"] == "tab" and payload["split"] == "dev" and payload["n_docs"] == 2
    assert set(payload["methods"]) == {"presidio", "privrag_default"}
    for scores in payload["methods"].values():
        assert METRICS <= set(scores)
        assert all(0.0 <= scores[m] <= 1.0 for m in METRICS - {"docs_per_s"})
        assert scores["docs_per_s"] > 0

    md = (out / "redact.md").read_text(encoding="utf-8")
    for name in ("presidio", "privrag_default", *TABLE_METRICS):
        assert name in md

    docs = {d.id: d for d in load_docs("tab", "dev", require_data, 2)}
    items = [json.loads(line) for line in (out / "redact_items.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(items) == 4
    assert {(i["id"], i["method"]) for i in items} == {(d, m) for d in docs for m in payload["methods"]}
    for item in items:
        text = docs[item["id"]].text
        assert item["protected_text"] != text
        assert item["masked_spans"]
        for start, end, label in item["masked_spans"]:
            assert 0 <= start < end <= len(text) and isinstance(label, str)
        assert "er_direct" in item["metrics"]
