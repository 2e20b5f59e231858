"""``privrag bench scale``: documents per second on one process, on Ray with 1 and with 2 actors.

The question a user asks before protecting ten million notes: how many
cores for how many hours? One run measures, on one corpus, the local single
process (the ``privrag anonymize`` path, 1 torch thread), Ray with 1 actor
and Ray with 2 actors (1 CPU and 1 torch thread each), and the peak memory
of each worker; then turns the measured docs/s per core into hours for 1 M
and 10 M documents on 8, 64 and 512 cores (linear scaling assumed, which
the 1-vs-2-actor ratio checks on this machine).

Throughput is steady state: the rows finished between 10 % and 90 % of the
run over the time between those two moments, so model loading and Ray
start-up (paid once per worker, not per document) do not count, and the
same cut applies to every configuration. Each configuration protects the
very same batches with the very same call as ``privrag anonymize``.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path
from typing import Any

import typer

from privrag.eval.report import markdown_table, write_bench

__all__ = ["register", "run_scale", "steady_docs_per_s", "hours_table"]

DOCS = (1_000_000, 10_000_000)
CORES = (8, 64, 512)
BATCH = 8


def steady_docs_per_s(marks: list[tuple[float, int]], lo: float = 0.1, hi: float = 0.9) -> float:
    """Docs/s between the moments ``lo`` and ``hi`` of the rows were done.

    ``marks``: (time, rows finished so far), in time order, one per batch.
    """
    total = marks[-1][1]
    t_lo = next(t for t, n in marks if n >= lo * total)
    n_lo = next(n for t, n in marks if n >= lo * total)
    t_hi, n_hi = next((t, n) for t, n in marks if n >= hi * total)
    if t_hi <= t_lo:
        return float("nan")
    return (n_hi - n_lo) / (t_hi - t_lo)


def _local_worker(method: str, texts: list[str]) -> dict[str, Any]:
    """One fresh process, as ``privrag anonymize --engine local`` runs (spawned: no state from the parent)."""
    from privrag.cli_anonymize import _protect
    from privrag.scale.actor import build_protector, limit_threads, method_spec, peak_rss_mb

    limit_threads(1)
    protector = build_protector(method_spec(method))
    marks, done, failed = [], 0, 0
    start = time.perf_counter()
    for lo in range(0, len(texts), BATCH):
        res = _protect(protector, texts[lo:lo + BATCH])
        failed += sum(isinstance(r, Exception) for r in res)
        done += len(res)
        marks.append((time.perf_counter() - start, done))
    return {"marks": marks, "peak_rss_mb": peak_rss_mb(), "failed": failed}


def _run_local(method: str, texts: list[str]) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        raw = pool.apply(_local_worker, (method, texts))
    return {"docs_per_s": steady_docs_per_s(raw["marks"]), "peak_rss_mb": round(raw["peak_rss_mb"], 1),
            "failed": raw["failed"], "wall_s": round(raw["marks"][-1][0], 2)}


def _run_ray(ray: Any, method: str, docs: list[tuple[str, str]], actors: int) -> dict[str, Any]:
    import pyarrow as pa

    from privrag.scale.dataset import protect_dataset

    blocks = [pa.table({"id": [i for i, _ in docs[lo:lo + BATCH]], "text": [t for _, t in docs[lo:lo + BATCH]],
                        "_b": [lo // BATCH] * len(docs[lo:lo + BATCH])}) for lo in range(0, len(docs), BATCH)]
    ds = protect_dataset(ray.data.from_arrow(blocks), method, concurrency=actors, batch_size=None,
                         batch_column="_b", stats=True)
    marks, done, failed, rss = [], 0, 0, {}
    start = time.perf_counter()
    for batch in ds.iter_batches(batch_format="pyarrow", batch_size=None):
        done += batch.num_rows
        failed += batch.num_rows - batch.column("error").null_count
        for pid, mb in zip(batch.column("pid").to_pylist(), batch.column("peak_rss_mb").to_pylist(), strict=True):
            rss[pid] = max(rss.get(pid, 0.0), mb)
        marks.append((time.perf_counter() - start, done))
    return {"docs_per_s": steady_docs_per_s(marks), "peak_rss_mb": round(max(rss.values()), 1),
            "actors_seen": len(rss), "failed": failed, "wall_s": round(marks[-1][0], 2)}


def hours_table(docs_per_s_per_core: float) -> dict[str, dict[str, float]]:
    """Hours for each corpus size (rows) on each core count (columns), linear scaling."""
    return {f"{n // 1_000_000} M docs": {f"{c} cores": round(n / (docs_per_s_per_core * c) / 3600, 2) for c in CORES}
            for n in DOCS}


def run_scale(docs: list[tuple[str, str]], method: str, corpus: dict[str, Any], **ray_init: Any) -> dict[str, Any]:
    """Measure the three configurations on ``docs``; the ``scale.json`` payload.

    ``ray_init``: extra ``ray.init`` arguments for the local Ray it starts (2 CPUs).
    """
    from privrag.scale.dataset import ray_module, start_ray

    texts = [t for _, t in docs]
    methods: dict[str, dict[str, Any]] = {"local": _run_local(method, texts)}
    ray = ray_module()
    started = start_ray(num_cpus=2, **ray_init)
    try:
        ctx = ray.data.DataContext.get_current()
        ctx.enable_progress_bars = False
        for n in (1, 2):
            methods[f"ray_{n}"] = _run_ray(ray, method, docs, n)
    finally:
        if started:
            ray.shutdown()
    per_core = methods["ray_2"]["docs_per_s"] / 2
    ratios = {"ray_1_vs_local": round(methods["ray_1"]["docs_per_s"] / methods["local"]["docs_per_s"], 3),
              "ray_2_vs_ray_1": round(methods["ray_2"]["docs_per_s"] / methods["ray_1"]["docs_per_s"], 3)}
    for values in methods.values():
        values["docs_per_s"] = round(values["docs_per_s"], 3)
    return {"corpus": corpus, "method": method, "methods": methods, "ratios": ratios,
            "docs_per_s_per_core": round(per_core, 3), "hours": hours_table(per_core),
            "machine": {"cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2)},
            "targets": {"ray_1_vs_local": "within 15 % (0.85–1.15)", "ray_2_vs_ray_1": "≥ 1.6"}}


def render_markdown(payload: dict[str, Any]) -> str:
    c = payload["corpus"]
    lines = [f"# privrag bench scale — {payload['method']} on {c['name']} ({c['docs']} docs, "
             f"{c['mean_chars']:.0f} chars on average)", "",
             markdown_table(payload["methods"], ["docs_per_s", "peak_rss_mb", "wall_s", "failed"]),
             f"Ray 1 actor / local: {payload['ratios']['ray_1_vs_local']:.2f} (target 0.85–1.15) · "
             f"Ray 2 actors / 1 actor: {payload['ratios']['ray_2_vs_ray_1']:.2f} (target ≥ 1.6) · "
             f"{payload['machine']['cpus']} CPUs, load {payload['machine']['load_avg_1m']} at the end.", "",
             f"Hours at {payload['docs_per_s_per_core']:.2f} docs/s per core (Ray, 2 actors; linear scaling):", "",
             "| corpus | " + " | ".join(f"{n} cores" for n in CORES) + " |", "|---|" + "---:|" * len(CORES)]
    for name, row in payload["hours"].items():
        lines.append(f"| {name} | " + " | ".join(f"{v:,.1f}" for v in row.values()) + " |")
    lines += ["", "docs_per_s: steady state (rows done between 10 % and 90 % of the run), 1 torch thread per "
              "worker; peak_rss_mb: the largest worker's peak resident memory."]
    return "\n".join(lines) + "\n"


def plot(payload: dict[str, Any], path: Path) -> Path | None:
    """Docs/s per configuration and hours per core count; skipped without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    names = list(payload["methods"])
    ax1.bar(names, [payload["methods"][n]["docs_per_s"] for n in names], color=["#888", "#4a7", "#27a"])
    ax1.set_ylabel("docs/s (steady state)")
    ax1.set_title(f"{payload['method']}: throughput")
    for name, row in payload["hours"].items():
        ax2.plot(list(CORES), list(row.values()), marker="o", label=name)
    ax2.set_xscale("log")
    ax2.set_yscale("log")
    ax2.set_xlabel("cores")
    ax2.set_ylabel("hours")
    ax2.set_title("projected time (linear scaling)")
    ax2.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def scale_command(
    method: str = typer.Option("trip", "--method", help="Protection method (registered name)."),
    docs: int = typer.Option(300, "--docs", min=20, help="Generated documents (ignored with --corpus)."),
    corpus: Path | None = typer.Option(None, "--corpus", exists=True, help="A corpus privrag anonymize reads instead of the generated one."),
    out: Path = typer.Option(Path("results/scale"), "--out", help="Output folder for scale.json/.md/.png."),
    seed: int = typer.Option(0, "--seed", help="Seed of the generated corpus."),
) -> None:
    """Docs/s for local, Ray ×1 and Ray ×2 (1 torch thread each), peak memory, hours for 1 M / 10 M docs."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    if corpus is None:
        from privrag.eval.scale_corpus import generated_corpus

        items = generated_corpus(docs, seed=seed)
        name = f"generated notes (seed {seed})"
    else:
        from privrag.corpus import read_corpus

        items = [it for it in read_corpus(corpus) if isinstance(it, tuple)]
        name = str(corpus)
    info = {"name": name, "docs": len(items), "mean_chars": sum(len(t) for _, t in items) / max(1, len(items))}
    payload = run_scale(items, method, info)
    md = render_markdown(payload)
    out.mkdir(parents=True, exist_ok=True)
    png = plot(payload, out / "scale.png")
    items_rows = [{"config": k, **v} for k, v in payload["methods"].items()]
    paths = write_bench(out, "scale", payload, items_rows, md)
    typer.echo(md)
    typer.echo(f"wrote {paths['json']}, {paths['md']}" + (f", {png}" if png else ""))


def register(app: typer.Typer) -> None:
    """Add ``scale`` to the ``privrag bench`` command group."""
    app.command("scale")(scale_command)
