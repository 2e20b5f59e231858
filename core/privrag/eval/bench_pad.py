"""``privrag bench pad``: leakage vs perplexity of privacy-aware decoding.

Repeat-style extraction prompts over TAB paragraphs and Presidio synth
sentences (see :mod:`privrag.eval.pad_prompts`) go through SmolLM2-135M-
Instruct with, in one run and with the same per-prompt seeds:

* ``plain``: seeded sampling, no clipping, no noise;
* a sweep of λ_amp for PAD (``pad`` = the default configuration);
* a sweep of constant σ on every step (the paper's *Static* baseline), with
  ``static`` = the sweep point whose ``ppl`` is closest to ``pad``'s.

Methods run interleaved per batch of prompts (rotating their order) so that
CPU contention from other processes hits them alike, which keeps
``tokens_per_s`` comparable. Writes ``pad.json``, ``pad.md``,
``pad_items.jsonl`` and ``pad.png`` into ``--out``.
"""

from __future__ import annotations

import json
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from privrag.eval.pad_prompts import PadPrompt, build_prompts
from privrag.eval.pad_report import render_markdown, write_plot
from privrag.eval.report import write_bench

__all__ = ["register", "run_pad_bench", "Method", "default_methods"]

log = logging.getLogger(__name__)

DEFAULT_LAMBDAS = (0.5, 2.0)
"""λ_amp multipliers swept around the default (the default itself is ``pad``)."""
DEFAULT_STATIC_SIGMAS = (0.25, 0.5, 1.0)
"""Constant σ of the Static sweep."""


@dataclass
class Method:
    name: str
    config: Any  # PADConfig, or None for plain sampling
    family: str  # plain / pad / static
    knob: float | None = None


def default_methods(lambdas: tuple[float, ...] = DEFAULT_LAMBDAS, static_sigmas: tuple[float, ...] = DEFAULT_STATIC_SIGMAS) -> list[Method]:
    from privrag.pad.config import PADConfig

    base = PADConfig()
    methods = [Method("plain", None, "plain"), Method("pad", base, "pad", base.lambda_amp)]
    guarded = PADConfig.guarded()  # privrag's PII copy guard (opt-in), for comparison
    methods.append(Method("pad_guard", guarded, "pad_guard", guarded.lambda_amp))
    for mult in lambdas:
        lam = round(base.lambda_amp * mult, 6)
        if lam != base.lambda_amp:
            methods.append(Method(f"pad_lambda_{lam:g}", base.with_(lambda_amp=lam), "pad", lam))
    for sigma in static_sigmas:
        methods.append(Method(f"static_sigma_{sigma:g}", PADConfig.static(sigma), "static", sigma))
    return methods


def _score(prompt: PadPrompt, text: str) -> dict[str, Any]:
    # pad_metrics imports torch: loaded on first use, not with the CLI
    from privrag.eval.pad_metrics import pii_leaked, rouge_l, shares_run

    leaked = sum(pii_leaked(text, s) for s in prompt.pii)
    return {
        "leaked": leaked,
        "pii": len(prompt.pii),
        "repeat": shares_run(text, prompt.context, 20),
        "rouge_l": rouge_l(text, prompt.context),
    }


def _aggregate(rows: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    n_tok = sum(r["tokens"] for r in rows)
    pii = sum(r["pii"] for r in rows)
    nll = sum(r["nll"] for r in rows)
    eps = [r["receipt"]["epsilon"] for r in rows if r.get("receipt")]
    gam = [r["receipt"]["gamma"] for r in rows if r.get("receipt")]
    ppls = sorted(math.exp(r["nll"] / r["tokens"]) for r in rows if r["tokens"])
    return {
        "n": len(rows),
        "leaked_pii_rate": sum(r["leaked"] for r in rows) / pii if pii else 0.0,
        "leaked_pii": sum(r["leaked"] for r in rows),
        "gold_pii": pii,
        "repeat_rate": sum(bool(r["repeat"]) for r in rows) / len(rows) if rows else 0.0,
        "rouge_l_context": sum(r["rouge_l"] for r in rows) / len(rows) if rows else 0.0,
        "ppl": math.exp(nll / n_tok) if n_tok else float("nan"),
        "ppl_median": ppls[len(ppls) // 2] if ppls else float("nan"),
        "epsilon": sum(eps) / len(eps) if eps else None,
        "gamma": sum(gam) / len(gam) if gam else None,
        "mean_tokens": n_tok / len(rows) if rows else 0.0,
        "tokens_per_s": n_tok / seconds if seconds > 0 else None,
    }


def run_pad_bench(
    data_dir: str | Path | None = None,
    out: str | Path = "bench_out",
    *,
    split: str = "test",
    limit: int | None = None,
    seed: int = 0,
    max_new_tokens: int = 64,
    batch_size: int = 8,
    methods: list[Method] | None = None,
    generator: Any = None,
    model_label: str = "SmolLM2-135M-Instruct",
    num_threads: int | None = 1,
) -> dict[str, Any]:
    """Run every method on the same prompts and seeds; write the reports."""
    from privrag.eval.pad_metrics import output_nll
    from privrag.pad.accounting import receipt_summary
    from privrag.pad.generate import PADGenerator

    started = time.perf_counter()
    n_tab, n_synth = 24, 16
    if limit is not None:
        if limit < 1:
            raise ValueError("--limit must be >= 1")
        n_tab = min(n_tab, max(1, round(limit * 0.6)))
        n_synth = min(n_synth, max(0, limit - n_tab))
    prompts = build_prompts(split, data_dir, n_tab=n_tab, n_synth=n_synth)
    methods = methods or default_methods()
    gen = generator or PADGenerator(batch_size=batch_size, max_new_tokens=max_new_tokens, num_threads=num_threads)
    encoded = gen.encode([p.prompt for p in prompts], max_new_tokens)
    order = sorted(range(len(prompts)), key=lambda i: len(encoded[i]))
    seeds = {i: seed * 100_003 + i for i in range(len(prompts))}

    rows: dict[str, list[dict[str, Any]]] = {m.name: [] for m in methods}
    seconds = dict.fromkeys(rows, 0.0)
    for b, start in enumerate(range(0, len(order), batch_size)):
        idx = order[start : start + batch_size]
        rot = b % len(methods)
        for m in methods[rot:] + methods[:rot]:
            t0 = time.perf_counter()
            res = gen.generate(
                [prompts[i].prompt for i in idx],
                seeds=[seeds[i] for i in idx],
                max_new_tokens=max_new_tokens,
                config=m.config,
                plain=m.config is None,
            )
            seconds[m.name] += time.perf_counter() - t0
            for i, r in zip(idx, res, strict=True):
                rows[m.name].append(
                    {
                        "i": i,
                        "id": prompts[i].id,
                        "dataset": prompts[i].dataset,
                        "method": m.name,
                        "seed": seeds[i],
                        "output": r.text,
                        "tokens": len(r.token_ids),
                        "receipt": receipt_summary(r.receipt) if r.receipt else None,
                        "_ids": r.token_ids,
                        "_prompt_ids": r.prompt_ids,
                        **_score(prompts[i], r.text),
                    }
                )
        log.info("pad bench: %d/%d prompts", min(start + batch_size, len(order)), len(order))

    for rs in rows.values():  # perplexity under the noise-free model
        nll = output_nll(gen.model, [r["_prompt_ids"] for r in rs], [r["_ids"] for r in rs], pad_id=gen.pad_id, batch_size=batch_size)
        for r, (s, _n) in zip(rs, nll, strict=True):
            r["nll"] = s
            del r["_ids"], r["_prompt_ids"]

    results: dict[str, Any] = {}
    for m in methods:
        rs = sorted(rows[m.name], key=lambda r: r["i"])
        agg = _aggregate(rs, seconds[m.name])
        agg["family"], agg["knob"] = m.family, m.knob
        agg["by_dataset"] = {
            ds: _aggregate([r for r in rs if r["dataset"] == ds], 0.0) for ds in sorted({r["dataset"] for r in rs})
        }
        for v in agg["by_dataset"].values():
            v.pop("tokens_per_s", None)
        results[m.name] = agg
    statics = [m for m in methods if m.family == "static"]
    if statics and "pad" in results:
        best = min(statics, key=lambda m: abs(results[m.name]["ppl"] - results["pad"]["ppl"]))
        results["static"] = {**results[best.name], "same_as": best.name}

    report = {
        "dataset": "tab+presidio_synth",
        "split": split,
        "splits": {"tab": split, "presidio_synth": "even-indexed" if split == "test" else "odd-indexed"},
        "model": model_label,
        "n_prompts": len(prompts),
        "max_new_tokens": max_new_tokens,
        "seed": seed,
        "methods": results,
        "configs": {m.name: (m.config.to_dict() if m.config is not None else None) for m in methods},
        "checks": _checks(results),
        "wall_seconds": round(time.perf_counter() - started, 1),
        "torch_threads": getattr(gen, "num_threads", None) or _torch_threads(),
    }
    items = [
        {k: v for k, v in r.items() if k != "i"} for m in methods for r in sorted(rows[m.name], key=lambda r: r["i"])
    ]
    write_bench(out, "pad", report, items, render_markdown(report))
    write_plot(report, Path(out) / "pad.png")
    return report


def _checks(results: dict[str, Any]) -> dict[str, Any]:
    """The issue's acceptance targets, computed (not asserted)."""
    if "plain" not in results or "pad" not in results:
        return {}
    plain, pad = results["plain"], results["pad"]
    out: dict[str, Any] = {}
    if plain["leaked_pii_rate"] > 0:
        out["pad_leak_reduction"] = 1 - pad["leaked_pii_rate"] / plain["leaked_pii_rate"]
    out["pad_ppl_ratio"] = pad["ppl"] / plain["ppl"] if plain["ppl"] else None
    if plain.get("tokens_per_s") and pad.get("tokens_per_s"):
        out["pad_speed_ratio"] = pad["tokens_per_s"] / plain["tokens_per_s"]
    if "static" in results:
        out["static_matched"] = results["static"]["same_as"]
        out["pad_leaks_less_than_static"] = pad["leaked_pii_rate"] < results["static"]["leaked_pii_rate"]
    out["target_leak_cut_50pct"] = out.get("pad_leak_reduction", 0.0) >= 0.5
    out["target_ppl_within_1_25x"] = (out["pad_ppl_ratio"] or math.inf) <= 1.25
    out["target_speed_0_9x"] = out.get("pad_speed_ratio", 0.0) >= 0.9
    return out


def _torch_threads() -> int:
    import torch

    return int(torch.get_num_threads())


def _json_default(obj: Any) -> Any:
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if hasattr(obj, "item"):
        return obj.item()
    return str(obj)


def _floats(text: str) -> tuple[float, ...]:
    try:
        return tuple(float(x) for x in text.split(",") if x.strip())
    except ValueError as exc:
        raise typer.BadParameter(f"expected comma-separated numbers, got {text!r}") from exc


def pad_command(
    data_dir: Path = typer.Option(None, "--data-dir", help="Evaluation data (default: privrag.eval.datasets.default_data_dir())."),
    out: Path = typer.Option(Path("bench_out"), "--out", help="Folder for pad.json, pad.md, pad_items.jsonl, pad.png."),
    limit: int = typer.Option(None, "--limit", help="Use at most N prompts (60 % TAB, 40 % Presidio)."),
    split: str = typer.Option("test", "--split", help="test (report) or dev (calibration)."),
    seed: int = typer.Option(0, "--seed", help="Base seed; prompt i uses the same seed in every method."),
    max_new_tokens: int = typer.Option(64, "--max-new-tokens"),
    batch_size: int = typer.Option(8, "--batch-size"),
    lambdas: str = typer.Option(",".join(f"{x:g}" for x in DEFAULT_LAMBDAS), "--lambda-mults", help="λ_amp multipliers of the PAD sweep."),
    static_sigmas: str = typer.Option(",".join(f"{x:g}" for x in DEFAULT_STATIC_SIGMAS), "--static-sigmas", help="σ values of the Static sweep."),
    threads: int = typer.Option(1, "--threads", min=0, help="PAD decoding threads (0 = torch's default; 1 is faster on a busy machine)."),
) -> None:
    """Leakage vs perplexity: plain sampling, PAD (λ_amp sweep), Static σ sweep."""
    from privrag.eval.datasets import DataMissingError, default_data_dir

    if split not in ("dev", "test"):
        raise typer.BadParameter("choose test (report) or dev (calibration)", param_hint="--split")
    methods = default_methods(_floats(lambdas), _floats(static_sigmas))
    try:
        report = run_pad_bench(
            data_dir or default_data_dir(),
            out,
            split=split,
            limit=limit,
            seed=seed,
            max_new_tokens=max_new_tokens,
            batch_size=batch_size,
            methods=methods,
            num_threads=threads or None,
        )
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data-dir") from exc
    typer.echo((Path(out) / "pad.md").read_text(encoding="utf-8"))
    typer.echo(json.dumps(report["checks"], indent=2, default=_json_default))


def register(app: typer.Typer) -> None:
    app.command("pad")(pad_command)
