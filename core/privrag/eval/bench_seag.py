"""``privrag bench seag``: how much a generator still sees, and whether answers come back.

Writes ``DIR/seag.json`` (``{"datasets": {"tab": {..., "methods": {...}},
"presidio_synth": {...}}}``), ``DIR/seag.md`` and ``DIR/seag_items.jsonl``
(per request and method: the exact texts the generator received, the
table, and for TAB answers the raw and the restored answer).

Methods (see :mod:`privrag.eval.seag_methods`): ``seag``, ``seag_presidio``
and ``lc_reversible``. Hiding, round trips, precision and time are measured
on full TAB judgments (split ``test`` by default: report only) and on every
Presidio synth sentence; the paper's ``org`` / ``privacy`` / ``user``
answer metrics on the first 1,000 characters of each TAB judgment with
SmolLM2-135M-Instruct as the generator.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import typer

from privrag.eval import seag_qa
from privrag.eval.datasets import DataMissingError, load_presidio_synth, load_tab, resolve_data_dir
from privrag.eval.report import markdown_table, write_bench
from privrag.eval.seag_methods import EXTRA_METHODS, METHODS, build_methods
from privrag.eval.seag_metrics import Aggregate, score_request
from privrag.types import PrivacyError

__all__ = ["register", "seag_command", "run_benchmark"]

log = logging.getLogger(__name__)

TAB_QUESTION = seag_qa.QUESTION
#: alias seeds of one judgment are this far apart, so they never meet another judgment's
QA_SEED_STRIDE = 1000
#: alias draws per judgment for the answer metrics
QA_ALIAS_SEEDS = 5


def _roundtrip(prep: Any, texts: list[str]) -> bool:
    return all(prep.restore(a) == t for a, t in zip(prep.aliased, texts, strict=True))


def _hiding_block(dataset: str, docs: list, methods: dict[str, Any], seed: int, items: Any) -> dict[str, Any]:
    """Methods run interleaved per document, so that load on a shared machine
    affects their timings alike, in an order rotated per document: torch's
    worker threads keep spinning for a while after the default detector's
    GLiNER call, and whichever method always ran next paid for it. A warm-up
    call keeps model loading out."""
    aggs = {name: Aggregate() for name in methods}
    refused: dict[str, list[str]] = {name: [] for name in methods}
    for method in methods.values():
        method.prepare([TAB_QUESTION, docs[0].text] if dataset == "tab" else [docs[0].text], seed)
    names = list(methods)
    for i, doc in enumerate(docs):
        texts = [TAB_QUESTION, doc.text] if dataset == "tab" else [doc.text]
        for name in names[i % len(names) :] + names[: i % len(names)]:
            method = methods[name]
            try:
                prep = method.prepare(texts, seed + i)
            except PrivacyError as exc:  # refused (a script the detector does not cover): nothing sent
                refused[name].append(doc.id)
                items.append({"dataset": dataset, "doc_id": doc.id, "method": name, "task": "hiding",
                              "refused": type(exc).__name__})
                continue
            t0 = time.perf_counter()
            ok = _roundtrip(prep, texts)
            ms = prep.ms + (time.perf_counter() - t0) * 1e3
            received = "\n".join(prep.aliased)
            score = score_request(dataset, doc.text, doc.spans, received, prep.spans[-1], ok, ms)
            aggs[name].add(score)
            items.append({
                "dataset": dataset, "doc_id": doc.id, "method": name, "task": "hiding",
                "received": prep.aliased, "table": prep.table, "raw_answer": None, "restored_answer": None,
                "roundtrip": ok, "leaked": score.leaked,
            })
    out = {name: {**agg.metrics(), "refused": refused[name]} for name, agg in aggs.items()}
    log.info("%s: %s", dataset, out)
    return out


def _qa_block(
    docs: list, methods: dict[str, Any], seed: int, items: Any, generator: Any, alias_seeds: int = 1
) -> dict[str, Any]:
    """The paper's answer metrics. The aliases a request gets are a random draw,
    and one draw moves a 135M generator's answer on a handful of judgments, so
    each judgment is asked once per alias seed (``seed + k * QA_SEED_STRIDE + i``)
    and ``privacy``/``user`` are means over all draws; the per-seed values are
    reported too. ``org`` needs no aliases and is asked once (greedy decoding)."""
    todo = [(d, g) for d in docs if (g := seag_qa.applicant_surname(d))]
    per_seed: dict[str, list[dict[str, int]]] = {
        name: [{"privacy": 0, "user": 0} for _ in range(alias_seeds)] for name in methods
    }
    org = 0
    for i, (doc, gold) in enumerate(todo):
        context = doc.text[: seag_qa.CONTEXT_CHARS]
        answer = generator(TAB_QUESTION, context)
        org += seag_qa.occurs(gold, answer, ignore_case=True)
        items.append({
            "dataset": "tab", "doc_id": doc.id, "method": "original", "task": "qa",
            "received": [TAB_QUESTION, context], "table": [], "raw_answer": answer, "restored_answer": answer,
        })
        for k in range(alias_seeds):
            for name, method in methods.items():
                prep = method.prepare([TAB_QUESTION, context], seed + k * QA_SEED_STRIDE + i)
                raw = generator(prep.aliased[0], prep.aliased[1])
                restored = prep.restore(raw)
                verdict = seag_qa.judge(gold, "\n".join(prep.aliased), raw, restored)
                per_seed[name][k]["privacy"] += verdict.privacy
                per_seed[name][k]["user"] += verdict.user
                items.append({
                    "dataset": "tab", "doc_id": doc.id, "method": name, "task": "qa", "alias_seed": k,
                    "received": prep.aliased, "table": prep.table, "raw_answer": raw,
                    "restored_answer": restored, "hidden": verdict.hidden, "user": verdict.user,
                })
    n = len(todo)
    qa = {"qa_docs": n, "alias_seeds": alias_seeds, "org": round(org / n, 4) if n else 0.0}
    results: dict[str, Any] = {}
    for name, seeds in per_seed.items():
        results[name] = {
            key: round(sum(s[key] for s in seeds) / (n * alias_seeds), 4) if n else 0.0 for key in ("privacy", "user")
        }
        results[name]["user_by_seed"] = [round(s["user"] / n, 4) if n else 0.0 for s in seeds]
    return {"qa": qa, "per_method": results}


def run_benchmark(
    data_dir: str | Path | None,
    out: str | Path,
    *,
    limit: int | None = None,
    methods: tuple[str, ...] = METHODS,
    seed: int = 0,
    tab_split: str = "test",
    qa: bool = True,
    qa_limit: int | None = None,
    max_new_tokens: int = 24,
    qa_seeds: int = QA_ALIAS_SEEDS,
) -> dict[str, Any]:
    data = resolve_data_dir(data_dir)
    tab = load_tab(tab_split, data)
    synth = load_presidio_synth(data)
    built = build_methods(methods, seed=seed)
    if limit:
        tab, synth = tab[:limit], synth[:limit]
    report: dict[str, Any] = {"datasets": {}, "config": {
        "methods": list(methods), "seed": seed, "limit": limit, "tab_split": tab_split,
        "generator": "SmolLM2-135M-Instruct (greedy)" if qa else None,
        "question": TAB_QUESTION, "context_chars": seag_qa.CONTEXT_CHARS, "qa_alias_seeds": qa_seeds if qa else None,
    }}
    items: list[dict[str, Any]] = []
    tab_methods = _hiding_block("tab", tab, built, seed, items)
    entry: dict[str, Any] = {"split": tab_split, "n_docs": len(tab), "methods": tab_methods}
    if qa:
        gen = seag_qa.LocalGenerator(max_new_tokens=max_new_tokens)
        qa_docs = tab[:qa_limit] if qa_limit else tab
        res = _qa_block(qa_docs, built, seed, items, gen, alias_seeds=qa_seeds)
        entry["qa"] = res["qa"]
        for name, vals in res["per_method"].items():
            tab_methods[name].update({"org": res["qa"]["org"], **vals})
    report["datasets"]["tab"] = entry
    report["datasets"]["presidio_synth"] = {
        "split": "all", "n_docs": len(synth), "methods": _hiding_block("presidio_synth", synth, built, seed, items),
    }
    write_bench(out, "seag", report, items, render_markdown(report))
    return report


def render_markdown(report: dict[str, Any]) -> str:
    cols = ["hiding_rate", "roundtrip_exact", "alias_precision", "ms_per_request"]
    qa_cols = ["org", "privacy", "user"]
    lines = ["# SEAG benchmark", ""]
    for ds, entry in report["datasets"].items():
        has_qa = "qa" in entry
        lines += [f"## {ds} (split: {entry['split']}, {entry['n_docs']} docs)", ""]
        lines.append(markdown_table(entry["methods"], cols + (qa_cols if has_qa else [])))
        if has_qa:
            seeds = entry["qa"].get("alias_seeds", 1)
            by_seed = "; ".join(f"{name} {m['user_by_seed']}" for name, m in entry["methods"].items()
                                if "user_by_seed" in m)
            lines += [f"Answer metrics on {entry['qa']['qa_docs']} judgments (first "
                      f"{report['config']['context_chars']} characters, \"{report['config']['question']}\", "
                      f"generator {report['config']['generator']}); privacy and user are means over "
                      f"{seeds} alias seed(s) per judgment (user per seed: {by_seed}).", ""]
        for name, m in entry["methods"].items():
            if m.get("refused"):
                lines.append(f"- {name} refused {len(m['refused'])} document(s) with PrivacyError (nothing sent; "
                             f"left out of the rates above): {', '.join(map(str, m['refused'][:10]))}")
        lines += ["", "Hiding by gold label:", ""]
        for name, m in entry["methods"].items():
            by = ", ".join(f"{k} {v:.3f}" for k, v in m.get("hiding_by_label", {}).items())
            lines.append(f"- {name}: {by}")
        lines.append("")
    lines.append("TAB test is a report-only holdout and Presidio synth is evaluation-only; nothing was tuned on them.")
    return "\n".join(lines) + "\n"


def seag_command(
    data_dir: Path = typer.Option(None, "--data-dir", help="Evaluation data folder (default: $PRIVRAG_DATA or ../shared/data)."),
    out: Path = typer.Option(Path("results/seag"), "--out", help="Output folder for seag.json/.md/_items.jsonl."),
    limit: int = typer.Option(None, "--limit", help="At most N documents per dataset (small runs)."),
    methods: str = typer.Option(",".join(METHODS), "--methods", help="Comma-separated methods (also: seag_keep)."),
    seed: int = typer.Option(0, "--seed", help="Base seed; request i uses seed + i."),
    tab_split: str = typer.Option("test", "--tab-split", help="TAB split (test is report-only)."),
    qa: bool = typer.Option(True, "--qa/--no-qa", help="Run the SmolLM2 answer metrics on TAB."),
    qa_limit: int = typer.Option(None, "--qa-limit", help="At most N judgments for the answer metrics."),
    max_new_tokens: int = typer.Option(24, "--max-new-tokens", help="Generator budget per answer."),
    qa_seeds: int = typer.Option(QA_ALIAS_SEEDS, "--qa-seeds", min=1, help="Alias draws per judgment (answer metrics)."),
) -> None:
    """Reversible aliases: hiding, round trips, precision, time; TAB answer metrics."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    if logging.getLogger().getEffectiveLevel() > logging.INFO:
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    chosen = tuple(m.strip() for m in methods.split(",") if m.strip())
    unknown = [m for m in chosen if m not in METHODS + EXTRA_METHODS]
    if unknown or not chosen:
        raise typer.BadParameter(f"unknown methods {unknown}; choose from {', '.join(METHODS + EXTRA_METHODS)}",
                                 param_hint="--methods")
    try:
        report = run_benchmark(data_dir, out, limit=limit, methods=chosen, seed=seed, tab_split=tab_split,
                               qa=qa, qa_limit=qa_limit, max_new_tokens=max_new_tokens, qa_seeds=qa_seeds)
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data-dir") from exc
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    typer.echo(render_markdown(report))
    typer.echo(f"wrote {Path(out) / 'seag.json'}, {Path(out) / 'seag.md'}, {Path(out) / 'seag_items.jsonl'}")


def register(app: typer.Typer) -> None:
    app.command("seag")(seag_command)
