"""``privrag bench pad-speed``: tokens/s of every PAD entry point, measured in one run.

Issue 20 found ``invoke``/``generate``/``batch`` (LangChain) and
``complete`` (LlamaIndex) 5–8× slower than ``stream`` for the same tokens.
This benchmark runs, on the same prompts, seed and model, each call form
next to its streaming form and reports tokens/s and the ratio call ÷ stream
(target ≥ 0.9):

* ``core.generate`` / ``core.stream`` — :class:`privrag.pad.PADGenerator`;
* ``langchain.invoke`` / ``langchain.generate`` (all prompts in one call,
  the path of ``batch``) / ``langchain.stream``;
* ``llamaindex.complete`` / ``llamaindex.stream_complete``.

Methods run interleaved prompt by prompt, their order rotating, so that load
from other processes hits them alike. Each output is compared with
``core.generate``'s text for the same prompt (same seed → same tokens);
tokens are counted from that reference. Writes ``pad_speed.json``,
``pad_speed.md`` and ``pad_speed_items.jsonl``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from privrag.eval.report import markdown_table, write_bench

__all__ = ["register", "run_pad_speed", "PROMPTS", "SpeedMethod"]

PROMPTS = (
    "Context:\nMs Anna Berg works at Lund Bank in Malmö. Her manager is Per Olsson.\n\nWhere does Anna Berg work?",
    "Context:\nJohn Smith lives at 12 High Street, Leeds. He was born on 4 May 1970.\n\nQuestion: Where does John Smith live?",
    "Context:\nDr Priya Natarajan saw the patient on 3 March 2024 for chest pain.\n\nSummarise the visit in one sentence.",
)


@dataclass
class SpeedMethod:
    """One entry point: ``run(prompts)`` returns one text per prompt."""

    name: str
    kind: str  # "call" or "stream"
    run: Callable[[list[str]], list[str]]
    batched: bool = False
    """All prompts in one padded batch: a row's last float bits, hence its sampled tokens, may differ."""


def _methods(seed: int, max_new: int, num_threads: int | None) -> tuple[Any, list[SpeedMethod], list[str]]:
    from privrag.pad.generate import PADGenerator

    gen = PADGenerator(max_new_tokens=max_new, num_threads=num_threads)
    methods = [
        SpeedMethod("core.generate", "call", lambda ps: [r.text for p in ps for r in gen.generate([p], seed=seed)]),
        SpeedMethod("core.stream", "stream", lambda ps: ["".join(c.text for c in gen.stream(p, seed=seed)) for p in ps]),
    ]
    skipped: list[str] = []
    try:
        from langchain_privrag import PADHuggingFaceLLM as LCPAD

        lc = LCPAD(seed=seed, max_new_tokens=max_new, num_threads=num_threads)
        methods += [
            SpeedMethod("langchain.invoke", "call", lambda ps: [lc.invoke(p) for p in ps]),
            SpeedMethod("langchain.generate", "call", lambda ps: [g[0].text for g in lc.generate(ps).generations], True),
            SpeedMethod("langchain.stream", "stream", lambda ps: ["".join(lc.stream(p)) for p in ps]),
        ]
    except ImportError:
        skipped.append("langchain (not installed)")
    try:
        from llamaindex_privrag import PADHuggingFaceLLM as LIPAD

        li = LIPAD(seed=seed, max_new_tokens=max_new, num_threads=num_threads)
        methods += [
            SpeedMethod("llamaindex.complete", "call", lambda ps: [li.complete(p).text for p in ps]),
            SpeedMethod("llamaindex.stream_complete", "stream",
                        lambda ps: [list(li.stream_complete(p))[-1].text for p in ps]),
        ]
    except ImportError:
        skipped.append("llamaindex (not installed)")
    return gen, methods, skipped


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a and b else None


def run_pad_speed(
    out: str | Path = "bench_out",
    *,
    seed: int = 7,
    max_new_tokens: int = 32,
    rounds: int = 2,
    num_threads: int | None = 1,
    prompts: tuple[str, ...] = PROMPTS,
) -> dict[str, Any]:
    """Time every entry point on the same prompts and seed; write the reports."""
    if rounds < 1:
        raise ValueError("rounds must be >= 1")
    started = time.perf_counter()
    gen, methods, skipped = _methods(seed, max_new_tokens, num_threads)
    plist = list(prompts)
    reference = [r for p in plist for r in gen.generate([p], seed=seed)]  # warms the model and the guard
    ref_tokens = [len(r.token_ids) for r in reference]

    def count(i: int, text: str) -> int:
        """The reference's token count for its text, else the text re-encoded (+1 for EOS)."""
        return ref_tokens[i] if text == reference[i].text else len(gen.tokenizer.encode(text, add_special_tokens=False)) + 1

    seconds = {m.name: 0.0 for m in methods}
    tokens = {m.name: 0 for m in methods}
    items: list[dict[str, Any]] = []
    for rnd in range(rounds):
        for k in range(len(plist)):  # per prompt, every method, in a rotating order
            rot = (rnd * len(plist) + k) % len(methods)
            for m in methods[rot:] + methods[:rot]:
                if m.batched and k != rnd % len(plist):
                    continue  # the batched form runs all prompts at once, once per round
                idx = list(range(len(plist))) if m.batched else [k]
                t0 = time.perf_counter()
                texts = m.run([plist[i] for i in idx])
                seconds[m.name] += time.perf_counter() - t0
                for i, text in zip(idx, texts, strict=True):
                    n = count(i, text)
                    tokens[m.name] += n
                    items.append({"round": rnd, "method": m.name, "prompt": i, "tokens": n, "batched": m.batched,
                                  "same_text": text == reference[i].text})
    results: dict[str, dict[str, Any]] = {}
    for m in methods:
        same = [it["same_text"] for it in items if it["method"] == m.name]
        results[m.name] = {
            "kind": m.kind,
            "tokens": tokens[m.name],
            "seconds": round(seconds[m.name], 2),
            "tokens_per_s": tokens[m.name] / seconds[m.name] if seconds[m.name] > 0 else None,
            "same_text_rate": sum(same) / len(same) if same else None,
        }

    def agg(kind: str, prefix: str = "") -> float | None:
        sel = [v for k, v in results.items() if v["kind"] == kind and k.startswith(prefix)]
        secs = sum(v["seconds"] for v in sel)
        return sum(v["tokens"] for v in sel) / secs if secs > 0 else None

    call_tps, stream_tps = agg("call"), agg("stream")
    checks: dict[str, Any] = {
        "invoke_tokens_per_s": call_tps,
        "stream_tokens_per_s": stream_tps,
        "invoke_stream_ratio": _ratio(call_tps, stream_tps),
        "by_framework": {
            fw: _ratio(agg("call", fw + "."), agg("stream", fw + "."))
            for fw in ("core", "langchain", "llamaindex")
            if any(k.startswith(fw + ".") for k in results)
        },
        "all_same_text": all(it["same_text"] for it in items if not it["batched"]),
    }
    checks["target_ratio_0_9"] = (checks["invoke_stream_ratio"] or 0.0) >= 0.9
    report = {
        "model": "SmolLM2-135M-Instruct",
        "n_prompts": len(plist),
        "rounds": rounds,
        "max_new_tokens": max_new_tokens,
        "seed": seed,
        "num_threads": num_threads,
        "cpu_count": os.cpu_count(),
        "load_avg_1m_at_end": round(os.getloadavg()[0], 2),
        "skipped": skipped,
        "methods": results,
        "checks": checks,
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    write_bench(out, "pad_speed", report, items, _markdown(report))
    return report


def _markdown(report: dict[str, Any]) -> str:
    c = report["checks"]
    fmt = lambda v: "—" if v is None else f"{v:.2f}"  # noqa: E731
    lines = [
        "# PAD speed: call vs stream (same prompts, seed, model)",
        "",
        markdown_table(report["methods"], ["tokens", "seconds", "tokens_per_s", "same_text_rate"]),
        f"call (invoke/generate/complete) {fmt(c['invoke_tokens_per_s'])} tokens/s, "
        f"stream {fmt(c['stream_tokens_per_s'])} tokens/s, ratio {fmt(c['invoke_stream_ratio'])} (target ≥ 0.9); "
        "per framework: " + ", ".join(f"{k} {fmt(v)}" for k, v in c["by_framework"].items()) + ".",
        "",
        f"{report['n_prompts']} prompts × {report['rounds']} rounds, {report['max_new_tokens']} new tokens, "
        f"seed {report['seed']}, num_threads {report['num_threads']}, {report['cpu_count']} CPUs, "
        f"load average {report['load_avg_1m_at_end']} at the end (timings on a busy machine are distorted), "
        f"wall time {report['wall_seconds']:.0f} s. `all_same_text` leaves out `langchain.generate`, which runs "
        "the prompts as one padded batch (a row's last float bits, hence its sampled tokens, may differ).",
    ]
    if report["skipped"]:
        lines.append(f"Skipped: {', '.join(report['skipped'])}.")
    return "\n".join(lines) + "\n"


def pad_speed_command(
    out: Path = typer.Option(Path("bench_out"), "--out", help="Folder for pad_speed.json, .md, _items.jsonl."),
    seed: int = typer.Option(7, "--seed"),
    max_new_tokens: int = typer.Option(32, "--max-new-tokens", min=1),
    rounds: int = typer.Option(2, "--rounds", min=1, help="Passes over every entry point (order rotates)."),
    threads: int = typer.Option(1, "--threads", min=0, help="PAD decoding threads (0 = torch's setting)."),
    n_prompts: int = typer.Option(len(PROMPTS), "--prompts", min=1, max=len(PROMPTS), help="How many of the built-in prompts."),
) -> None:
    """Tokens/s of PAD's call and stream entry points, and their ratio (goal ≥ 0.9)."""
    report = run_pad_speed(
        out, seed=seed, max_new_tokens=max_new_tokens, rounds=rounds, num_threads=threads or None, prompts=PROMPTS[:n_prompts]
    )
    typer.echo((Path(out) / "pad_speed.md").read_text(encoding="utf-8"))
    typer.echo(json.dumps(report["checks"], indent=2))


def register(app: typer.Typer) -> None:
    app.command("pad-speed")(pad_speed_command)
