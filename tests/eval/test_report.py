"""Benchmark output files and the Markdown table."""

from __future__ import annotations

import json
import math

from privrag.eval.report import Timer, format_value, markdown_table, write_bench


def test_markdown_table_rows_columns_and_formatting():
    methods = {"a": {"er": 0.12345, "n": 3, "per_label": {"x": 1}}, "b": {"er": 1.0}}
    md = markdown_table(methods)
    lines = md.strip().splitlines()
    assert lines[0] == "| method | er | n |"  # nested dicts are not columns
    assert lines[2] == "| a | 0.123 | 3 |"
    assert lines[3] == "| b | 1.000 | — |"
    assert markdown_table(methods, ["n"]).splitlines()[0] == "| method | n |"


def test_format_value_edge_cases():
    assert format_value(None) == "—"
    assert format_value(math.nan) == "—"
    assert format_value(True) == "True"
    assert format_value("x") == "x"


def test_write_bench_writes_three_files(tmp_path):
    items = ({"id": str(i), "spans": (1, 2)} for i in range(3))
    paths = write_bench(tmp_path / "out", "demo", {"methods": {"a": {"er": 0.5}}}, items, "# t")
    assert json.loads(paths["json"].read_text(encoding="utf-8"))["methods"]["a"]["er"] == 0.5
    assert paths["md"].read_text(encoding="utf-8") == "# t\n"
    rows = [json.loads(x) for x in paths["items"].read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["0", "1", "2"] and rows[0]["spans"] == [1, 2]
    assert {p.name for p in paths.values()} == {"demo.json", "demo.md", "demo_items.jsonl"}


def test_timer_measures_a_block():
    with Timer() as t:
        sum(range(1000))
    assert t.seconds >= 0.0
