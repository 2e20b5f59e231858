"""privrag bench scale: the steady-state rate, the hours table, and the files of a real (small) run."""

from __future__ import annotations

import json
import math
import tempfile

import pytest

from privrag.eval.bench_scale import hours_table, steady_docs_per_s


def test_steady_rate_leaves_out_the_start_up_and_the_tail():
    # 10 s of start-up, then 10 docs/s, then a slow last batch
    marks = [(10.0 + i, 10 * (i + 1)) for i in range(10)] + [(60.0, 110)]
    assert steady_docs_per_s(marks) == pytest.approx(10.0)


def test_steady_rate_of_a_single_batch_is_not_a_number():
    assert math.isnan(steady_docs_per_s([(3.0, 8)]))


def test_hours_scale_inversely_with_cores_and_linearly_with_docs():
    table = hours_table(10.0)  # 10 docs/s per core
    assert table["1 M docs"]["8 cores"] == pytest.approx(1_000_000 / 80 / 3600, abs=0.01)
    assert table["10 M docs"]["64 cores"] == pytest.approx(10 * table["1 M docs"]["64 cores"], rel=0.01)
    assert list(table["1 M docs"]) == ["8 cores", "64 cores", "512 cores"]


def test_a_small_run_writes_scale_json_in_the_issue_schema(tmp_path):
    import ray

    from privrag.eval import bench_scale

    if ray.is_initialized():
        ray.shutdown()
    docs = [(f"d{i}", f"Note {i}: Anna Berg met Tom Lee in 20{i % 10}{i % 7}.") for i in range(48)]
    payload = bench_scale.run_scale(docs, "tests.fakes:regex_redactor", {"name": "t", "docs": 48, "mean_chars": 40},
                                    object_store_memory=150 * 1024**2,
                                    _temp_dir=tempfile.mkdtemp(prefix="privrag-ray-"))  # short: Ray's socket paths
    assert set(payload["methods"]) == {"local", "ray_1", "ray_2"}
    for values in payload["methods"].values():
        assert values["docs_per_s"] > 0 and values["peak_rss_mb"] > 50 and values["failed"] == 0
    assert payload["methods"]["ray_1"]["actors_seen"] == 1
    md = bench_scale.render_markdown(payload)
    assert "| ray_2 |" in md and "10 M docs" in md
    png = bench_scale.plot(payload, tmp_path / "scale.png")
    assert png is not None and png.stat().st_size > 1000
    json.dumps(payload)
    assert not ray.is_initialized()  # the bench shut down the Ray it started
