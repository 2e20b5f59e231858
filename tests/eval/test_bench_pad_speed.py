"""``privrag bench pad-speed``: one tiny run on the real SmolLM2 through every entry point."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app

pytestmark = pytest.mark.integration


def test_pad_speed_measures_call_and_stream_in_one_run(tmp_path):
    result = CliRunner().invoke(app, ["bench", "pad-speed", "--out", str(tmp_path), "--max-new-tokens", "4", "--rounds", "1",
                                          "--prompts", "1"])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "pad_speed.json").read_text())
    methods = report["methods"]
    assert set(methods) == {"core.generate", "core.stream", "langchain.invoke", "langchain.generate",
                            "langchain.stream", "llamaindex.complete", "llamaindex.stream_complete"}
    assert all(m["tokens"] > 0 and m["tokens_per_s"] > 0 for m in methods.values())
    checks = report["checks"]
    assert checks["all_same_text"] is True  # same seed, same tokens on every entry point
    assert checks["invoke_stream_ratio"] == pytest.approx(checks["invoke_tokens_per_s"] / checks["stream_tokens_per_s"])
    assert set(checks["by_framework"]) == {"core", "langchain", "llamaindex"}
    assert "ratio" in (tmp_path / "pad_speed.md").read_text() and "ratio" in result.output
    lines = (tmp_path / "pad_speed_items.jsonl").read_text().splitlines()
    assert len(lines) == 7


def test_pad_speed_is_listed_and_refuses_zero_rounds():
    runner = CliRunner()
    assert "pad-speed" in runner.invoke(app, ["bench", "--help"]).output
    assert runner.invoke(app, ["bench", "pad-speed", "--rounds", "0"]).exit_code == 2
