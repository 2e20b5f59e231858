"""``privrag bench redact``: the redaction baselines on TAB (or PANORAMA).

Two methods run on the same documents and are scored with TAB's official
masking rule (:mod:`privrag.eval.tab_metrics`):

* ``presidio`` — a plain Presidio ``AnalyzerEngine`` on the packaged spaCy
  model, all recognizers, default threshold, every result span masked and
  nothing propagated. It is the reference point the project's anchor numbers
  were measured with, so a drift here means the scorer or setup changed.
* ``privrag_default`` — :class:`privrag.redact.Redactor` with the default
  detector (overlap resolution and mention propagation included).

Systems see ``doc.text`` only, never annotations or provenance metadata.
TAB ``test`` and PANORAMA are report-only holdouts: nothing here tunes on them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from tqdm import tqdm

from privrag.eval.datasets import DataMissingError, LabeledDoc, load_panorama, load_tab
from privrag.eval.report import Timer, markdown_table, write_bench
from privrag.eval.tab_metrics import merge_spans, score_tab, score_tab_doc

__all__ = [
    "METHODS",
    "TABLE_METRICS",
    "MethodRun",
    "load_docs",
    "run_presidio",
    "run_privrag_default",
    "presidio_tagged_text",
    "run_bench",
    "redact_command",
    "register",
]

log = logging.getLogger(__name__)

#: columns of redact.md, in order
TABLE_METRICS = (
    "er_direct",
    "er_quasi",
    "precision",
    "masking_rate",
    "exposure_direct",
    "mention_recall_direct",
    "mention_recall_quasi",
    "docs_per_s",
)

PANORAMA_CITATION = (
    "PANORAMA (CC BY 4.0): Selvam et al. 2025, synthetic PII-laden social-media data."
)


@dataclass
class MethodRun:
    """One method's output on every document: spans (original offsets) and text."""

    name: str
    masked: list[list[tuple[int, int, str]]] = field(default_factory=list)
    protected: list[str] = field(default_factory=list)
    seconds: float = 0.0


def load_docs(dataset: str, split: str, data_dir: str | Path | None, limit: int | None) -> list[LabeledDoc]:
    """TAB (``split`` = train/dev/test) or PANORAMA (split ignored), first ``limit`` docs."""
    if dataset == "tab":
        docs = load_tab(split, data_dir)
    elif dataset == "panorama":
        docs = load_panorama(data_dir)
    else:
        raise ValueError(f"bench redact scores TAB-style data only: 'tab' or 'panorama', not {dataset!r}")
    return docs[:limit] if limit else docs


def presidio_tagged_text(text: str, spans: Sequence[tuple[int, int, str]]) -> str:
    """Replace every (merged) span by ``<ENTITY_TYPE>``.

    Overlapping Presidio results are merged first; the merged region takes
    the type of its longest member, so the output never shows raw characters
    of any result span.
    """
    merged = merge_spans(spans)
    out, pos = [], 0
    for a, b in merged:
        inside = [s for s in spans if s[0] >= a and s[1] <= b and s[1] > s[0]]
        label = max(inside, key=lambda s: (s[1] - s[0], -s[0]))[2] if inside else "REDACTED"
        out.append(text[pos:a])
        out.append(f"<{label}>")
        pos = b
    out.append(text[pos:])
    return "".join(out)


def run_presidio(docs: Sequence[LabeledDoc], progress: bool = True) -> MethodRun:
    """Plain Presidio: ``privrag.models.presidio_analyzer()`` and every result span."""
    from privrag.models import presidio_analyzer

    analyzer = presidio_analyzer()
    run = MethodRun("presidio")
    with Timer() as t:
        for doc in tqdm(docs, desc="presidio", disable=not progress):
            results = analyzer.analyze(text=doc.text, language="en")
            spans = sorted((r.start, r.end, r.entity_type) for r in results)
            run.masked.append(spans)
            run.protected.append(presidio_tagged_text(doc.text, spans))
    run.seconds = t.seconds
    return run


def run_privrag_default(docs: Sequence[LabeledDoc], progress: bool = True) -> MethodRun:
    """:class:`privrag.redact.Redactor` on :func:`privrag.detect.default_detector`."""
    from privrag.detect import default_detector
    from privrag.redact import Redactor

    redactor = Redactor(default_detector())
    run = MethodRun("privrag_default")
    with Timer() as t:
        for doc in tqdm(docs, desc="privrag_default", disable=not progress):
            result = redactor.protect(doc.text)
            run.masked.append([(s.start, s.end, s.label) for s in result.masked_spans])
            run.protected.append(result.text)
    run.seconds = t.seconds
    return run


METHODS: dict[str, Callable[..., MethodRun]] = {
    "presidio": run_presidio,
    "privrag_default": run_privrag_default,
}


def run_bench(
    docs: Sequence[LabeledDoc],
    methods: Sequence[str] = tuple(METHODS),
    *,
    dataset: str = "tab",
    split: str = "test",
    progress: bool = True,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run and score ``methods`` on ``docs``; return ``(payload, items)``."""
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise ValueError(f"unknown method(s) {unknown}; choose from {sorted(METHODS)}")
    payload: dict[str, Any] = {"dataset": dataset, "split": split, "n_docs": len(docs), "methods": {}}
    items: list[dict[str, Any]] = []
    for name in methods:
        run = METHODS[name](docs, progress=progress)
        spans = [[(s, e) for s, e, _ in m] for m in run.masked]
        scores = score_tab(docs, spans, run.protected)
        scores["docs_per_s"] = len(docs) / run.seconds if run.seconds > 0 else float("inf")
        payload["methods"][name] = scores
        for doc, masked, text, doc_spans in zip(docs, run.masked, run.protected, spans, strict=True):
            items.append(
                {
                    "id": doc.id,
                    "method": name,
                    "masked_spans": [list(s) for s in masked],
                    "protected_text": text,
                    "metrics": score_tab_doc(doc, doc_spans, text),
                }
            )
    return payload, items


def render_markdown(payload: dict[str, Any]) -> str:
    """The Markdown report: provenance line, table, and the metric definitions."""
    lines = [
        f"# bench redact — {payload['dataset']} / {payload['split']} ({payload['n_docs']} documents)",
        "",
        "Scored with TAB's official masking rule (skip patterns; entity protected only if every "
        "DIRECT/QUASI mention is masked; entity typed by its first mention).",
        "",
        markdown_table(payload["methods"], list(TABLE_METRICS)),
        "er_*: entity-level recall · precision: masked word tokens inside a DIRECT/QUASI gold mention · "
        "masking_rate: masked word tokens / all word tokens · exposure_direct: gold DIRECT mention "
        "strings still in the output (case-sensitive, word-bounded).",
    ]
    if payload["dataset"] == "tab":
        lines.append("")
        lines.append("Data: Text Anonymization Benchmark (Pilán et al. 2022, MIT).")
        if payload["split"] == "test":
            lines.append("TAB test is a report-only holdout: no threshold or setting was chosen on it.")
    if payload["dataset"] == "panorama":
        lines += ["", PANORAMA_CITATION, "Report-only out-of-domain holdout."]
    return "\n".join(lines) + "\n"


def redact_command(
    dataset: str = typer.Option("tab", "--dataset", help="tab or panorama."),
    split: str = typer.Option("test", "--split", help="TAB split: train, dev or test (ignored for panorama)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Evaluation data folder (default: $PRIVRAG_DATA or ../shared/data)."),
    out: Path = typer.Option(Path("results/redact"), "--out", help="Output folder for redact.json/.md/_items.jsonl."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N documents (quick runs)."),
    methods: str = typer.Option(",".join(METHODS), "--methods", help="Comma-separated methods to run."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show tqdm progress bars."),
) -> None:
    """Redaction baselines (Presidio, privrag default) scored with TAB's official rule."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    if logging.getLogger().getEffectiveLevel() > logging.INFO:
        # spaCy labels Presidio drops anyway (LAW, CARDINAL, …) log a warning per document
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    try:
        docs = load_docs(dataset, split, data_dir, limit)
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data-dir") from exc
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    names = [m.strip() for m in methods.split(",") if m.strip()]
    try:
        payload, items = run_bench(
            docs, names, dataset=dataset, split=split if dataset == "tab" else "all", progress=progress
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--methods") from exc
    md = render_markdown(payload)
    paths = write_bench(out, "redact", payload, items, md)
    typer.echo(md)
    typer.echo(f"wrote {paths['json']}, {paths['md']}, {paths['items']}")


def register(app: typer.Typer) -> None:
    """Add ``redact`` to the ``privrag bench`` command group."""
    app.command("redact")(redact_command)
