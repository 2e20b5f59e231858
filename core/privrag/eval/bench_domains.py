"""``privrag bench domains``: every method on hand-marked clinical and workplace documents.

TAB and PANORAMA are legal and social-media text; the documents in
``domains/`` (see ``domains/MARKUP.md`` in the data folder) are GP notes,
discharge letters, HR threads and CRM notes where the harm of a method is
two-sided: a leaked name, or a medication, diagnosis or amount it destroyed.
Each document marks what must be protected (DIRECT / QUASI) and what must
survive (``keep``, with a ``why``); everything else is neutral.

Methods, each on ``doc.text`` only:

* ``presidio`` — plain Presidio, :func:`privrag.eval.bench_redact.run_presidio`;
* ``redact`` — :class:`privrag.redact.Redactor` with the default detector;
* ``trip`` — :class:`privrag.trip.TripRag` as shipped;
* ``seag`` — :class:`privrag.seag.SEAG`: the aliased text the external LLM
  would receive (offsets from ``AliasTable.alias_spans``);
* ``pahdp`` — :class:`privrag.pahdp.PAHDP` with the default engine, each whole
  document as the one retrieved context of a neutral question
  (:data:`PAHDP_QUESTION`), so its query-aware tiers see no targeted intent.

All five report original-offset spans and are scored with the span rule;
a method without spans would fall back to the text rule
(:mod:`privrag.eval.domains_metrics`), and the JSON says which rule each used.
Writes ``domains.json``, ``domains.md``, ``domains_items.jsonl`` and
``domains.png`` (exposure of DIRECT strings against keep damage).
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from tqdm import tqdm

from privrag.eval.datasets import DataMissingError, DomainDoc, domains_path, load_domains
from privrag.eval.domains_metrics import DocScore, Tally, score_doc
from privrag.eval.report import markdown_table, write_bench
from privrag.types import PrivacyError

__all__ = [
    "METHODS",
    "PAHDP_QUESTION",
    "TABLE_METRICS",
    "MethodSpec",
    "domains_command",
    "plot_tradeoff",
    "register",
    "render_markdown",
    "run_bench",
]

log = logging.getLogger(__name__)

TABLE_METRICS = ("recall_direct", "exposure_direct", "recall_quasi", "keep_damage", "masking_rate", "docs_per_s")
PAHDP_QUESTION = "Summarise this document."


class _Refused(str):
    """The empty output of a document a method refused (``PrivacyError``): nothing was sent."""


REFUSED = _Refused("")

#: one document in, ``(output text, original-offset spans or None)`` out
DocFn = Callable[[int, DomainDoc], tuple[str, list[tuple[int, int]] | None]]


@dataclass(frozen=True)
class MethodSpec:
    """A benchmark method: ``build(seed)`` loads it once and returns a per-document function."""

    name: str
    build: Callable[[int], DocFn]
    note: str = ""


def _presidio(seed: int) -> DocFn:
    from privrag.eval.bench_redact import run_presidio
    from privrag.eval.datasets import LabeledDoc

    def fn(i: int, doc: DomainDoc) -> tuple[str, list[tuple[int, int]] | None]:
        # run_presidio's analyzer is cached per process, so one call per document costs nothing extra
        run = run_presidio([LabeledDoc(doc.id, doc.text, [])], progress=False)
        return run.protected[0], [(s, e) for s, e, _ in run.masked[0]]

    return fn


def _redact(seed: int) -> DocFn:
    from privrag.detect import default_detector
    from privrag.redact import Redactor

    redactor = Redactor(default_detector())

    def fn(i: int, doc: DomainDoc) -> tuple[str, list[tuple[int, int]] | None]:
        res = redactor.protect(doc.text)
        return res.text, [(s.start, s.end) for s in res.masked_spans]

    return fn


def _trip(seed: int) -> DocFn:
    from privrag.trip import TripRag

    trip = TripRag()

    def fn(i: int, doc: DomainDoc) -> tuple[str, list[tuple[int, int]] | None]:
        res = trip.protect(doc.text)
        return res.text, [(s.start, s.end) for s in res.masked_spans]

    return fn


def _seag(seed: int) -> DocFn:
    from privrag.eval.seag_methods import build_methods

    method = build_methods(("seag",), seed=seed)["seag"]

    def fn(i: int, doc: DomainDoc) -> tuple[str, list[tuple[int, int]] | None]:
        prep = method.prepare([doc.text], seed + i)
        return prep.aliased[0], list(prep.spans[0])

    return fn


def _pahdp(seed: int) -> DocFn:
    from privrag.pahdp import PAHDP

    engine = PAHDP(seed=seed)

    def fn(i: int, doc: DomainDoc) -> tuple[str, list[tuple[int, int]] | None]:
        # seeds as in bench pahdp (seed * 1_000_003 + call index); the ledger is keyed by doc id
        res = engine.protect(PAHDP_QUESTION, [doc.text], [doc.id], seed=seed * 1_000_003 + i)
        return res.texts[0], [(s.start, s.end) for s in res.items[0].masked_spans]

    return fn


METHODS: dict[str, MethodSpec] = {
    "presidio": MethodSpec("presidio", _presidio, "plain Presidio AnalyzerEngine, every result span masked"),
    "redact": MethodSpec("redact", _redact, "Redactor(default_detector()), descriptors, propagation"),
    "trip": MethodSpec("trip", _trip, "TripRag() as shipped"),
    "seag": MethodSpec("seag", _seag, "SEAG(): the aliased text the external LLM receives"),
    "pahdp": MethodSpec("pahdp", _pahdp, f"PAHDP() default engine, question {PAHDP_QUESTION!r}"),
}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run_method(spec: MethodSpec, docs: Sequence[DomainDoc], seed: int, progress: bool
                ) -> list[tuple[str, list[tuple[int, int]] | None, float]]:
    """``(text, spans, seconds)`` per document; one untimed warm-up call keeps model loading out."""
    fn = spec.build(seed)
    warm = DomainDoc("__warmup__", docs[0].domain, docs[0].subtype, docs[0].text)
    fn(0, warm)
    out = []
    for i, doc in enumerate(tqdm(docs, desc=spec.name, disable=not progress)):
        t0 = time.perf_counter()
        try:
            text, spans = fn(i, doc)
        except PrivacyError:
            # Failing closed sends nothing: scored as an empty output with the
            # whole document masked (no leak, every keep span lost).
            text, spans = REFUSED, [(0, len(doc.text))]
        out.append((text, spans, time.perf_counter() - t0))
    return out


def run_bench(
    docs: Sequence[DomainDoc],
    methods: Sequence[str] = tuple(METHODS),
    *,
    registry: dict[str, MethodSpec] | None = None,
    seed: int = 0,
    progress: bool = True,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run ``methods`` on ``docs``; return ``(payload["domains"] + config, items)``.

    ``registry`` replaces :data:`METHODS` (tests pass fakes). Domains appear in
    first-seen order, then ``all`` pooling every document.
    """
    registry = METHODS if registry is None else registry
    unknown = [m for m in methods if m not in registry]
    if unknown or not methods:
        raise ValueError(f"unknown method(s) {unknown}; choose from {sorted(registry)}")
    if not docs:
        raise ValueError("no documents to score")
    domains = list(dict.fromkeys(d.domain for d in docs))
    tallies: dict[str, dict[str, Tally]] = {g: {} for g in [*domains, "all"]}
    items: list[dict[str, Any]] = []
    rules: dict[str, str] = {}
    refused: dict[str, dict[str, list[str]]] = {}
    for name in methods:
        outputs = _run_method(registry[name], docs, seed, progress)
        for doc, (text, spans, secs) in zip(docs, outputs, strict=True):
            score: DocScore = score_doc(doc, text, spans)
            if rules.setdefault(name, score.rule) != score.rule:
                raise ValueError(f"method {name} reported spans for some documents only")
            for group in (doc.domain, "all"):
                tallies[group].setdefault(name, Tally()).add(score, secs)
                if isinstance(text, _Refused):
                    refused.setdefault(group, {}).setdefault(name, []).append(doc.id)
            items.append({"id": doc.id, "domain": doc.domain, "subtype": doc.subtype, "method": name,
                          **score.item(), "output_text": text,
                          "spans": [list(s) for s in spans] if spans is not None else None})
    payload: dict[str, Any] = {
        "n_docs": len(docs),
        "config": {"methods": list(methods), "seed": seed, "rules": rules, "pahdp_question": PAHDP_QUESTION,
                   "notes": {m: registry[m].note for m in methods}},
        "domains": {
            group: {"n_docs": sum(1 for d in docs if group in ("all", d.domain)),
                    "methods": {m: {**t.metrics(), "refused": refused.get(group, {}).get(m, [])}
                                for m, t in by_method.items()}}
            for group, by_method in tallies.items()
        },
    }
    return payload, items


def _worst(breakdown: dict[str, dict[str, Any]], k: int = 3) -> str:
    rows = sorted(((v["rate"] or 0.0, why, v) for why, v in breakdown.items() if v["damaged"]), reverse=True)
    return ", ".join(f"{why} {v['damaged']}/{v['n']}" for _, why, v in rows[:k]) or "none"


def render_markdown(payload: dict[str, Any]) -> str:
    """Per-domain tables, the rule each method was scored with, and the worst keep damage."""
    data = payload.get("data", {})
    lines = [f"# bench domains — {data.get('name', '?')} ({payload['n_docs']} documents)", ""]
    if data.get("sha256"):
        lines += [f"Data: `{data['path']}` (sha256 {data['sha256'][:12]}…).", ""]
    for group, entry in payload["domains"].items():
        lines += [f"## {group} ({entry['n_docs']} documents)", "", markdown_table(entry["methods"], list(TABLE_METRICS))]
        for name, m in entry["methods"].items():
            lines.append(f"- {name}: keep damage worst by why — {_worst(m['keep_damage_by_why'])}")
            if m.get("refused"):
                lines.append(f"- {name}: refused with PrivacyError (nothing sent; scored as fully masked) — "
                             + ", ".join(m["refused"]))
        lines.append("")
    rules = ", ".join(f"{m} {r}" for m, r in payload["config"]["rules"].items())
    lines += [
        f"Scoring rule per method: {rules}. Span rule: a protect span is protected when every word "
        "character of it (honorifics aside) lies inside the method's original-offset spans; a keep span is "
        "damaged when any span overlaps it. Text rule: the string no longer (protect) / still (keep) occurs "
        "verbatim, word-bounded. exposure_direct: gold DIRECT strings still in the output (case-sensitive, "
        "word-bounded). masking_rate: masked word tokens / all word tokens (text rule: original tokens "
        "missing from the output, as a multiset). docs_per_s excludes model loading.",
        f"PA-HDP protects each document as the one context of {payload['config']['pahdp_question']!r}.",
    ]
    return "\n".join(lines) + "\n"


def plot_tradeoff(payload: dict[str, Any], path: Path) -> Path | None:
    """exposure_direct (y) against keep_damage (x): one point per method and domain (``all`` left out)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = [g for g in payload["domains"] if g != "all"] or list(payload["domains"])
    names = list(payload["config"]["methods"])
    colors = {m: plt.get_cmap("tab10")(i % 10) for i, m in enumerate(names)}
    markers = ["o", "s", "^", "D", "v", "P"]
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    xs: list[float] = []
    ys: list[float] = []
    for gi, group in enumerate(groups):
        for name, m in payload["domains"][group]["methods"].items():
            x, y = m.get("keep_damage"), m.get("exposure_direct")
            if x is None or y is None:
                continue
            ax.scatter(x, y, color=colors.get(name, "grey"), marker=markers[gi % len(markers)], s=60)
            ax.annotate(name, (x, y), textcoords="offset points", xytext=(5, 4 - 10 * gi), fontsize=7,
                        color=colors.get(name, "grey"))
            xs.append(x)
            ys.append(y)
    if not xs:
        plt.close(fig)
        return None
    for gi, group in enumerate(groups):
        ax.scatter([], [], color="black", marker=markers[gi % len(markers)], label=group)
    ax.legend(fontsize=8, loc="upper right", title="domain", title_fontsize=8)
    ax.set_xlabel("keep damage (fraction of keep spans damaged)")
    ax.set_ylabel("exposure_direct (DIRECT strings still verbatim)")
    # both axes start at 0 (the ideal corner) and end a little past the worst method
    ax.set_xlim(0, min(1.0, max(xs) * 1.2 + 0.05))
    ax.set_ylim(0, min(1.0, max(ys) * 1.2 + 0.05))
    ax.grid(alpha=0.3)
    ax.set_title("Domain documents: leaked identifiers vs damaged content (lower-left is better)", fontsize=9)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def run_domains(
    data: Path | None, data_dir: Path | None, out: Path, *, limit: int | None = None,
    methods: Sequence[str] = tuple(METHODS), seed: int = 0, progress: bool = True,
    registry: dict[str, MethodSpec] | None = None,
) -> tuple[dict[str, Any], dict[str, Path]]:
    """Load, run, score and write all four files; return ``(payload, paths)``."""
    path = Path(data) if data is not None else domains_path(data_dir)
    docs = load_domains(path)
    docs = docs[:limit] if limit else docs
    payload, items = run_bench(docs, methods, registry=registry, seed=seed, progress=progress)
    payload = {"data": {"name": path.name, "path": str(path.resolve()), "sha256": _sha256(path)},
               **payload, "limit": limit}
    paths = write_bench(out, "domains", payload, items, render_markdown(payload))
    png = plot_tradeoff(payload, Path(out) / "domains.png")
    if png is not None:
        paths["png"] = png
    return payload, paths


def domains_command(
    data: Path | None = typer.Option(None, "--data", help="A JSONL in the domains format (default: DATA_DIR/domains/dev.jsonl)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Evaluation data folder (default: $PRIVRAG_DATA or ../shared/data)."),
    out: Path = typer.Option(Path("results/domains"), "--out", help="Output folder for domains.json/.md/_items.jsonl/.png."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N documents (quick runs)."),
    methods: str = typer.Option(",".join(METHODS), "--methods", help="Comma-separated methods to run."),
    seed: int = typer.Option(0, "--seed", help="Base seed (SEAG aliases, PA-HDP sampling); document i uses seed + i."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show tqdm progress bars."),
) -> None:
    """Every method on hand-marked clinical and workplace documents: leaks against damaged content."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    if logging.getLogger().getEffectiveLevel() > logging.INFO:
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    names = [m.strip() for m in methods.split(",") if m.strip()]
    unknown = [m for m in names if m not in METHODS]
    if unknown or not names:
        raise typer.BadParameter(f"unknown method(s) {unknown}; choose from {', '.join(METHODS)}", param_hint="--methods")
    try:
        payload, paths = run_domains(data, data_dir, out, limit=limit, methods=names, seed=seed, progress=progress)
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data" if data is not None else "--data-dir") from exc
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    typer.echo(render_markdown(payload))
    typer.echo("wrote " + ", ".join(str(p) for p in paths.values()))


def register(app: typer.Typer) -> None:
    """Add ``domains`` to the ``privrag bench`` command group."""
    app.command("domains")(domains_command)
