"""``privrag bench detect``: detectors compared on four datasets.

Methods (all offline):

* ``presidio`` — a plain Presidio ``AnalyzerEngine`` on the packaged spaCy
  model, every recognizer, every result (as in ``bench redact``);
* ``spacy`` — spaCy NER alone, every label;
* ``gliner_shipped`` — the GLiNER PII model trained here and shipped with
  the package (threshold 0.5, its own trained labels);
* ``privrag_default`` — :func:`privrag.detect.default_detector`, the
  calibrated composite (thresholds chosen on TAB ``dev`` only).

Scoring: where identifier types exist (TAB ``test``, PANORAMA) the TAB
masking metrics with the official rule; elsewhere (Presidio's synthetic set,
WNUT-17 ``test``) strict span precision/recall/F1 overall and per canonical
label. ``docs_per_s`` is wall-clock throughput on the same machine in the
same run. Writes ``detect.json``, ``detect.md`` and ``detect_items.jsonl``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from tqdm import tqdm

from privrag.eval.datasets import DataMissingError, LabeledDoc, load_dataset
from privrag.eval.report import Timer, markdown_table, write_bench
from privrag.eval.span_metrics import span_prf
from privrag.eval.tab_metrics import score_tab
from privrag.types import DetectedEntity

__all__ = [
    "DATASETS",
    "METHODS",
    "TAB_METRICS",
    "SPAN_METRICS",
    "SpacyNERDetector",
    "make_detector",
    "run_bench",
    "render_markdown",
    "detect_command",
    "register",
]

log = logging.getLogger(__name__)

#: dataset → split reported (TAB and WNUT-17 test are report-only)
DATASETS: dict[str, str] = {"tab": "test", "panorama": "all", "presidio_synth": "all", "wnut17": "test"}
#: datasets with DIRECT/QUASI identifier types: scored with TAB's masking rule
TAB_STYLE = frozenset({"tab", "panorama"})
METHODS = ("presidio", "spacy", "gliner_shipped", "privrag_default")
TAB_METRICS = ("er_direct", "er_quasi", "precision", "masking_rate", "mention_recall_direct",
               "mention_recall_quasi", "docs_per_s")
SPAN_METRICS = ("span_recall", "span_precision", "span_f1", "span_recall_unlabeled", "docs_per_s")

CITATIONS = (
    "TAB: Text Anonymization Benchmark (Pilán et al. 2022, MIT).",
    "PANORAMA (CC BY 4.0): Selvam et al. 2025 — report-only out-of-domain holdout.",
    "WNUT-17 (CC BY 4.0): Derczynski et al. 2017, Results of the WNUT2017 Shared Task on Novel and Emerging Entity Recognition.",
    "Presidio synthetic set: microsoft/presidio-research (MIT) — evaluation only.",
)


class SpacyNERDetector:
    """spaCy NER alone, every label (the packaged ``en_core_web_sm``)."""

    name = "spacy"

    def __init__(self, model: str | None = None) -> None:
        from privrag import models
        from privrag.detect.base import BaseDetector
        from privrag.detect.windows import char_windows, detect_windowed

        nlp = models.load_spacy(model or models.DEFAULT_SPACY_MODEL)

        class _Spacy(BaseDetector):
            name = "spacy"

            def _analyze(self, text: str) -> list[DetectedEntity]:
                return [DetectedEntity(e.start_char, e.end_char, e.label_, e.text, 1.0, "spacy") for e in nlp(text).ents]

            def _detect(self, text: str) -> list[DetectedEntity]:
                wins = char_windows(text, 100_000, 500)
                if len(wins) == 1:
                    return self._analyze(text)
                return detect_windowed(text, wins, lambda pieces: [self._analyze(p) for p in pieces])

        self._impl = _Spacy()

    def detect(self, text: str) -> list[DetectedEntity]:
        return self._impl.detect(text)


class _PlainPresidio:
    """Every result of a plain ``AnalyzerEngine`` (all recognizers, default threshold)."""

    def __init__(self) -> None:
        from privrag.models import presidio_analyzer

        self.analyzer = presidio_analyzer()

    def detect(self, text: str) -> list[DetectedEntity]:
        res = self.analyzer.analyze(text=text, language="en")
        return sorted(DetectedEntity(r.start, r.end, r.entity_type, text[r.start : r.end], float(r.score), "presidio")
                      for r in res)


def make_detector(method: str) -> Any:
    """A fresh detector for ``method`` (models themselves are cached per process)."""
    if method == "presidio":
        return _PlainPresidio()
    if method == "spacy":
        return SpacyNERDetector()
    if method == "gliner_shipped":
        from privrag.detect.shipped import shipped_gliner_detector

        return shipped_gliner_detector(threshold=0.5)
    if method == "privrag_default":
        from privrag.detect import default_detector

        return default_detector()
    raise ValueError(f"unknown method {method!r}; choose from {list(METHODS)}")


def _run(detector: Any, docs: Sequence[LabeledDoc], desc: str, progress: bool) -> tuple[list[list[DetectedEntity]], float]:
    out = []
    with Timer() as t:
        for doc in tqdm(docs, desc=desc, disable=not progress):
            out.append(list(detector.detect(doc.text)))
    return out, t.seconds


def score(dataset: str, docs: Sequence[LabeledDoc], spans: Sequence[Sequence[DetectedEntity]]) -> dict[str, Any]:
    """TAB metrics for TAB-style data, strict span metrics elsewhere."""
    if dataset in TAB_STYLE:
        return score_tab(docs, [[(s.start, s.end) for s in doc_spans] for doc_spans in spans])
    return span_prf(docs, spans)


def run_bench(
    datasets: Sequence[str] = tuple(DATASETS),
    methods: Sequence[str] = METHODS,
    *,
    data_dir: str | Path | None = None,
    limit: int | None = None,
    progress: bool = True,
    detectors: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run every method on every dataset; return ``(payload, items)``.

    ``detectors`` maps method names to ready detectors (tests inject fakes);
    the rest are built by :func:`make_detector`.
    """
    bad = [d for d in datasets if d not in DATASETS]
    if bad:
        raise ValueError(f"unknown dataset(s) {bad}; choose from {list(DATASETS)}")
    built = dict(detectors or {})
    payload: dict[str, Any] = {"datasets": {}}
    items: list[dict[str, Any]] = []
    for ds in datasets:
        split = DATASETS[ds]
        docs = load_dataset(ds, split if ds in ("tab", "wnut17") else None, data_dir)
        docs = docs[:limit] if limit else docs
        entry: dict[str, Any] = {"split": split, "n_docs": len(docs), "methods": {}}
        for method in methods:
            if method not in built:
                built[method] = make_detector(method)
                if docs:  # load lazily-initialised parts before the clock starts
                    built[method].detect(docs[0].text[:500])
            spans, secs = _run(built[method], docs, f"{ds}/{method}", progress)
            metrics = score(ds, docs, spans)
            metrics["docs_per_s"] = len(docs) / secs if secs > 0 else float("inf")
            entry["methods"][method] = metrics
            for doc, doc_spans in zip(docs, spans, strict=True):
                items.append({"dataset": ds, "id": doc.id, "method": method,
                              "spans": [[s.start, s.end, s.label] for s in doc_spans]})
        payload["datasets"][ds] = entry
    return payload, items


def _per_label_table(methods: dict[str, dict[str, Any]]) -> str:
    labels = sorted({lab for m in methods.values() for lab, v in m.get("per_label", {}).items() if v["n_gold"]})
    rows = {name: {lab: m["per_label"].get(lab, {}).get("recall") for lab in labels} for name, m in methods.items()}
    return markdown_table(rows, labels)


def render_markdown(payload: dict[str, Any]) -> str:
    """One table per dataset (plus per-label recall for span datasets) and the citations."""
    lines = ["# bench detect", ""]
    for ds, entry in payload["datasets"].items():
        lines.append(f"## {ds} — split {entry['split']} ({entry['n_docs']} documents)")
        lines.append("")
        if ds in TAB_STYLE:
            lines.append("TAB's official masking rule (entity protected only if every DIRECT/QUASI mention is masked).")
            lines += ["", markdown_table(entry["methods"], list(TAB_METRICS))]
        else:
            lines.append("Strict spans: exact boundaries and canonical label (`privrag.generalize.canonical_label`).")
            lines += ["", markdown_table(entry["methods"], list(SPAN_METRICS)), "Recall per gold label:", "",
                      _per_label_table(entry["methods"])]
    lines += [
        "Thresholds of `privrag_default` were calibrated on TAB dev and WNUT-17 dev "
        "(`python -m privrag.detect.calibration`); TAB test, PANORAMA, Presidio synth and WNUT-17 test are "
        "report-only.",
        "",
        *[f"- {c}" for c in CITATIONS],
    ]
    return "\n".join(lines) + "\n"


def detect_command(
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Evaluation data folder (default: $PRIVRAG_DATA or ../shared/data)."),
    out: Path = typer.Option(Path("results/detect"), "--out", help="Output folder for detect.json/.md/_items.jsonl."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N documents of each dataset."),
    datasets: str = typer.Option(",".join(DATASETS), "--datasets", help="Comma-separated datasets."),
    methods: str = typer.Option(",".join(METHODS), "--methods", help="Comma-separated methods."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show tqdm progress bars."),
) -> None:
    """Detectors (Presidio, spaCy, shipped GLiNER, privrag default) on TAB, PANORAMA, Presidio synth, WNUT-17."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    if logging.getLogger().getEffectiveLevel() > logging.INFO:
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    ds_names = [d.strip() for d in datasets.split(",") if d.strip()]
    m_names = [m.strip() for m in methods.split(",") if m.strip()]
    unknown = [m for m in m_names if m not in METHODS]
    if unknown:
        raise typer.BadParameter(f"unknown method(s) {unknown}; choose from {list(METHODS)}", param_hint="--methods")
    try:
        payload, items = run_bench(ds_names, m_names, data_dir=data_dir, limit=limit, progress=progress)
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data-dir") from exc
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    md = render_markdown(payload)
    paths = write_bench(out, "detect", payload, items, md)
    typer.echo(md)
    typer.echo(f"wrote {paths['json']}, {paths['md']}, {paths['items']}")


def register(app: typer.Typer) -> None:
    """Add ``detect`` to the ``privrag bench`` command group."""
    app.command("detect")(detect_command)


