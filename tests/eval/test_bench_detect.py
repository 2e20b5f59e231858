"""``privrag bench detect``: payload shape and files with fake detectors, and the CLI end to end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.eval.bench_detect import DATASETS, METHODS, render_markdown, run_bench
from privrag.eval.report import write_bench
from tests.fakes import RegexDetector

runner = CliRunner()


def test_unknown_dataset_and_method_are_rejected(tmp_path):
    with pytest.raises(ValueError, match="unknown dataset"):
        run_bench(["nope"], ["presidio"], data_dir=tmp_path)
    result = runner.invoke(app, ["bench", "detect", "--methods", "nope", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2


def test_missing_data_dir_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["bench", "detect", "--data-dir", str(tmp_path / "none"), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert not (tmp_path / "o").exists()


@pytest.mark.data
def test_payload_items_and_report_with_fakes(require_data, tmp_path):
    fakes = {m: RegexDetector() for m in METHODS}
    payload, items = run_bench(list(DATASETS), list(METHODS), data_dir=require_data, limit=3,
                               progress=False, detectors=fakes)
    assert set(payload["datasets"]) == {"tab", "panorama", "presidio_synth", "wnut17"}
    assert payload["datasets"]["tab"]["split"] == "test" and payload["datasets"]["wnut17"]["split"] == "test"
    for name, entry in payload["datasets"].items():
        assert entry["n_docs"] == 3 and set(entry["methods"]) == set(METHODS)
        for metrics in entry["methods"].values():
            assert metrics["docs_per_s"] > 0
            if name in ("tab", "panorama"):
                assert {"er_direct", "er_quasi", "precision", "masking_rate"} <= set(metrics)
            else:
                assert {"span_recall", "span_precision", "span_f1", "per_label"} <= set(metrics)
    assert len(items) == 4 * 3 * len(METHODS)
    assert {"dataset", "id", "method", "spans"} <= set(items[0])
    md = render_markdown(payload)
    for needle in ("PANORAMA (CC BY 4.0)", "WNUT-17 (CC BY 4.0)", "TAB dev", "er_direct", "span_recall"):
        assert needle in md
    paths = write_bench(tmp_path, "detect", payload, items, md)
    assert json.loads(paths["json"].read_text())["datasets"]["tab"]["n_docs"] == 3


@pytest.mark.data
@pytest.mark.integration
def test_cli_writes_all_three_files(require_data, tmp_path):
    out = tmp_path / "detect"
    args = ["bench", "detect", "--data-dir", str(require_data), "--out", str(out), "--limit", "2",
            "--datasets", "tab,presidio_synth", "--no-progress"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    payload = json.loads((out / "detect.json").read_text())
    assert set(payload["datasets"]["tab"]["methods"]) == set(METHODS)
    lines = (out / "detect_items.jsonl").read_text().splitlines()
    assert len(lines) == 2 * 2 * len(METHODS)
    assert "privrag_default" in (out / "detect.md").read_text()
