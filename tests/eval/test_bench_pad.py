"""``privrag bench pad``: metrics, prompts, and a tiny end-to-end run on the real model."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.eval.pad_metrics import pii_leaked, shares_run, word_tokens
from privrag.eval.pad_report import markdown_table

runner = CliRunner()


def test_pii_leak_is_case_and_space_insensitive_and_word_bounded():
    assert pii_leaked("He is MR  JOHN smith, aged 40.", "Mr John Smith")
    assert pii_leaked("Lives at 12 Elm\nRoad now", "12 Elm Road")
    assert not pii_leaked("Johnsmith", "John")
    assert not pii_leaked("born 19491", "1949")
    assert not pii_leaked("anything", "  ")


def test_shared_runs_of_tokens():
    ctx = " ".join(f"w{i}" for i in range(40))
    assert shares_run("x " + " ".join(f"w{i}" for i in range(5, 26)) + " y", ctx, 20)
    assert not shares_run(" ".join(f"w{i}" for i in range(5, 20)), ctx, 20)
    # a context shorter than k counts as repeated when all of it is reproduced
    assert shares_run("Sure: call Ann at 555-0100.", "call Ann at 555-0100", 20)
    assert word_tokens("Mr. X's") == ["mr", ".", "x", "'", "s"]


def test_markdown_table_marks_the_matched_static():
    row = {"leaked_pii_rate": 0.1, "repeat_rate": 0.0, "rouge_l_context": 0.2, "ppl": 5.0, "epsilon": 1e7,
           "gamma": 0.5, "tokens_per_s": 10.0, "mean_tokens": 30.0}
    table = markdown_table({"pad": row, "static": {**row, "same_as": "static_sigma_1"}})
    assert "static (= static_sigma_1)" in table and "1e+07" in table


def test_bad_split_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["bench", "pad", "--split", "train", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2


@pytest.mark.data
def test_prompts_hold_gold_pii_and_respect_splits(require_data):
    from privrag.eval.pad_prompts import MAX_CONTEXT_CHARS, build_prompts

    test = build_prompts("test", require_data, n_tab=6, n_synth=4)
    dev = build_prompts("dev", require_data, n_tab=6, n_synth=4)
    assert [p.dataset for p in test].count("tab") == 6 and [p.dataset for p in test].count("presidio_synth") == 4
    for p in test + dev:
        assert p.pii and len(p.context) <= MAX_CONTEXT_CHARS and p.context in p.prompt
        assert all(pii_leaked(p.context, s) for s in p.pii)
    assert not {p.id for p in test} & {p.id for p in dev}


@pytest.mark.data
@pytest.mark.integration
def test_cli_end_to_end_small(require_data, tmp_path):
    out = tmp_path / "pad"
    args = ["bench", "pad", "--data-dir", str(require_data), "--out", str(out), "--limit", "2",
            "--max-new-tokens", "6", "--lambda-mults", "1", "--static-sigmas", "0.5,1", "--batch-size", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for name in ("pad.json", "pad.md", "pad_items.jsonl", "pad.png"):
        assert (out / name).exists()
    report = json.loads((out / "pad.json").read_text())
    assert report["dataset"] == "tab+presidio_synth" and report["split"] == "test"
    methods = report["methods"]
    assert {"plain", "pad", "pad_guard", "static", "static_sigma_0.5", "static_sigma_1"} <= set(methods)
    assert methods["static"]["same_as"] in ("static_sigma_0.5", "static_sigma_1")
    for name, m in methods.items():
        for key in ("leaked_pii_rate", "repeat_rate", "rouge_l_context", "ppl", "tokens_per_s"):
            assert key in m, (name, key)
    assert methods["plain"]["epsilon"] is None and methods["pad"]["epsilon"] >= 0
    items = [json.loads(line) for line in (out / "pad_items.jsonl").read_text().splitlines()]
    assert len(items) == 2 * 5  # plain, pad, pad with the PII guard, two Static points
    assert {i["dataset"] for i in items} == {"tab", "presidio_synth"}
    assert all(i["receipt"] is None for i in items if i["method"] == "plain")
    assert all({"epsilon", "gamma", "total_steps"} <= set(i["receipt"]) for i in items if i["method"] != "plain")


def test_output_nll_matches_unbatched_scoring():
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    from privrag.eval.pad_metrics import output_nll

    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                      num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64)
    model = LlamaForCausalLM(cfg).eval()
    prompts = [[1, 5, 9, 3], [2, 7], [4, 4, 4, 4, 4, 6]]
    outputs = [[8, 10, 11], [12], []]
    got = output_nll(model, prompts, outputs, pad_id=0, batch_size=3)
    for p, o, (nll, n) in zip(prompts, outputs, got, strict=True):
        assert n == len(o)
        if not o:
            assert nll == 0.0
            continue
        with torch.no_grad():
            logp = torch.log_softmax(model(torch.tensor([p + o])).logits[0], -1)
        expected = -sum(float(logp[len(p) - 1 + k, tok]) for k, tok in enumerate(o))
        assert nll == pytest.approx(expected, rel=1e-4, abs=1e-4)
