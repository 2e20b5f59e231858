"""``privrag bench trip``: TRIP-RAG against full redaction, on privacy and retrieval.

One run, one split, six methods on the same documents:

* ``origin`` — nothing masked (the retrieval reference);
* ``redact_all`` — Presidio with all recognizers, every entity masked
  (:class:`privrag.redact.Redactor` on :class:`PresidioDetector`);
* ``redact_detected`` — every entity of the detector TRIP-RAG uses (same spans,
  same propagation), masked;
* ``random_matched`` — a seeded random subset of those entities, per document
  as many masked word tokens as ``trip_rag_no_policy`` masks there;
* ``trip_rag_no_policy`` — Ψ > τ only; ``trip_rag`` — the shipped default
  (Ψ > τ plus the always/never policy); ``trip_rag_greedy`` with ``--greedy``.

Privacy: TAB's official scorer (:mod:`privrag.eval.tab_metrics`). Retrieval:
the documents are cut once, on the original text, into ~200-word chunks whose
ids every method shares; each method's index holds the same chunks with that
method's masking applied, embedded with MiniLM into FAISS (L2). Queries are
the SPIA subject descriptions of the documents with the subject's name
removed, raw. ``recall_at_5_consistency`` = overlap of the top-5 chunk ids
with the original index's top-5; ``recall_at_5_gold`` = the query's document
among the documents of the top-5 chunks.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import typer

from privrag.eval.datasets import DataMissingError, LabeledDoc, Subject, load_tab, load_tab_subjects
from privrag.eval.report import markdown_table, write_bench
from privrag.eval.tab_metrics import WORD_RE, merge_spans, score_tab, score_tab_doc
from privrag.textops import descriptor_for, replace_spans
from privrag.types import DetectedEntity

__all__ = ["TABLE_METRICS", "index_chunks", "protect_chunk", "run_bench", "trip_command", "register"]

log = logging.getLogger(__name__)

TABLE_METRICS = ("er_direct", "er_quasi", "precision", "masking_rate", "exposure_direct",
                 "recall_at_5_consistency", "recall_at_5_gold", "docs_per_s")
K = 5
CHUNK_WORDS = 200
_SENTENCES = re.compile(r"[^.!?\n]*(?:[.!?]+[\"'”’)]*|\n+|$)")


@dataclass
class Run:
    """One method's output: masked spans (original offsets), texts, decisions."""

    masked: list[list[DetectedEntity]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    decisions: list[list[dict[str, Any]]] | None = None
    seconds: float = 0.0


def index_chunks(text: str, words: int = CHUNK_WORDS) -> list[tuple[int, int]]:
    """Sentence-aligned ``(start, end)`` ranges of about ``words`` words (long sentences split)."""
    pieces: list[tuple[int, int, int]] = []
    for m in _SENTENCES.finditer(text):
        toks = [t.span() for t in re.finditer(r"\S+", m.group(0))]
        for i in range(0, len(toks), words):
            part = toks[i : i + words]
            pieces.append((m.start() + part[0][0], m.start() + part[-1][1], len(part)))
    out: list[tuple[int, int]] = []
    cur_start, cur_end, n = None, None, 0
    for a, b, w in pieces:
        if cur_start is not None and n + w > words:
            out.append((cur_start, cur_end))
            cur_start, n = None, 0
        if cur_start is None:
            cur_start = a
        cur_end, n = b, n + w
    if cur_start is not None:
        out.append((cur_start, cur_end))
    return out


def protect_chunk(text: str, start: int, end: int, spans: Sequence[DetectedEntity]) -> str:
    """The chunk ``text[start:end]`` with ``spans`` (clipped to it) generalized."""
    inside = []
    for s in spans:
        a, b = max(s.start, start), min(s.end, end)
        if a < b:
            inside.append(DetectedEntity(a - start, b - start, s.label, text[a:b], s.score, s.source))
    return replace_spans(text[start:end], inside, descriptor_for)


def _tokens_in(text: str, spans: Sequence[tuple[int, int]]) -> int:
    return sum(1 for a, b in merge_spans(spans) for _ in WORD_RE.finditer(text, a, b))


def random_matched(docs: Sequence[LabeledDoc], analyses: Sequence[Any], target: Run, seed: int) -> Run:
    """Random entities, per document until its masked-token count matches ``target``'s."""
    rng = np.random.default_rng(seed)
    run = Run()
    t0 = time.perf_counter()
    for doc, a, tmasked in zip(docs, analyses, target.masked, strict=True):
        goal = _tokens_in(doc.text, [(s.start, s.end) for s in tmasked])
        chosen: list[DetectedEntity] = []
        for i in rng.permutation(len(a.entities)):
            if _tokens_in(doc.text, [(s.start, s.end) for s in chosen]) >= goal:
                break
            chosen.extend(a.entities[int(i)].mentions)
        run.masked.append(sorted(chosen))
        run.texts.append(replace_spans(doc.text, sorted(chosen), descriptor_for))
    run.seconds = time.perf_counter() - t0
    return run


class _TimedDetector:
    """Wraps the detector to tell detection time from scoring time."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seconds = 0.0

    def detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        t0 = time.perf_counter()
        try:
            return self.inner.detect_batch(texts)
        finally:
            self.seconds += time.perf_counter() - t0

    def detect(self, text: str) -> list[DetectedEntity]:
        return self.detect_batch([text])[0]

    async def adetect(self, text: str) -> list[DetectedEntity]:  # pragma: no cover - protocol
        return self.detect(text)


def _trip_runs(docs: Sequence[LabeledDoc], greedy: bool, seed: int) -> tuple[dict[str, Run], dict[str, Any]]:
    from privrag.detect import default_detector
    from privrag.trip import TripRag

    timed = _TimedDetector(default_detector())
    engine = TripRag(timed)
    t0 = time.perf_counter()
    analyses = [a for i in range(0, len(docs), 8) for a in engine.analyze_batch([d.text for d in docs[i : i + 8]])]
    t_analyze = time.perf_counter() - t0
    runs: dict[str, Run] = {}
    t0 = time.perf_counter()
    det = Run(masked=[list(a.spans) for a in analyses],
              texts=[replace_spans(a.text, a.spans, descriptor_for) for a in analyses])
    det.seconds = timed.seconds + time.perf_counter() - t0
    runs["redact_detected"] = det
    variants = [("trip_rag_no_policy", {"use_policy": False}), ("trip_rag", {})]
    if greedy:
        variants.append(("trip_rag_greedy", {"greedy": True}))
    for name, kw in variants:
        t0 = time.perf_counter()
        res = [engine.decide(a, **kw) for a in analyses]
        runs[name] = Run([r.masked_spans for r in res], [r.text for r in res],
                         [r.receipt.details["entities"] for r in res], t_analyze + time.perf_counter() - t0)
    runs["random_matched"] = random_matched(docs, analyses, runs["trip_rag_no_policy"], seed)
    runs["random_matched"].seconds += timed.seconds
    cal = engine.calibration
    info = {"tau": cal.tau, "alpha": cal.alpha, "beta": cal.beta, "gamma": cal.gamma,
            "s_priv_scale": cal.s_priv_scale, "s_priv_source": engine.s_priv_source, "calibration": cal.meta,
            "surrogate_dev_ranking": engine.surrogate.meta.get("dev_ranking", {}),
            "surrogate_trained_on": engine.surrogate.meta.get("trained_on", "TAB train"),
            "detect_seconds": round(timed.seconds, 2), "score_seconds": round(t_analyze - timed.seconds, 2)}
    return runs, info


def _redact_all(docs: Sequence[LabeledDoc]) -> Run:
    from privrag.detect import PresidioDetector
    from privrag.redact import Redactor

    red = Redactor(PresidioDetector())
    t0 = time.perf_counter()
    res = [red.protect(d.text) for d in docs]
    return Run([r.masked_spans for r in res], [r.text for r in res], None, time.perf_counter() - t0)


def _retrieval(docs: Sequence[LabeledDoc], subjects: Sequence[Subject], runs: dict[str, Run]) -> dict[str, dict[str, float]]:
    import faiss

    from privrag.embed import default_embedder

    emb = default_embedder()
    chunk_ids = [(di, a, b) for di, d in enumerate(docs) for a, b in index_chunks(d.text)]
    queries = [s.query for s in subjects]
    gold = [s.doc_id for s in subjects]
    cache: dict[str, np.ndarray] = {}

    def vectors(texts: list[str]) -> np.ndarray:
        missing = sorted({t for t in texts if t not in cache})
        if missing:
            for t, v in zip(missing, emb.embed(missing), strict=True):
                cache[t] = v
        return np.stack([cache[t] for t in texts]).astype(np.float32)

    qv = emb.embed(queries) if queries else np.zeros((0, emb.dim), np.float32)
    k = min(K, len(chunk_ids))
    tops: dict[str, np.ndarray] = {}
    for name, run in runs.items():
        texts = [protect_chunk(docs[di].text, a, b, run.masked[di]) for di, a, b in chunk_ids]
        index = faiss.IndexFlatL2(emb.dim)
        index.add(vectors(texts))
        tops[name] = index.search(np.asarray(qv, np.float32), k)[1] if len(queries) else np.zeros((0, k), int)
    out: dict[str, dict[str, float]] = {}
    ref = tops["origin"]
    for name, top in tops.items():
        cons = [len(set(t) & set(r)) / k for t, r in zip(top, ref, strict=True)]
        hit = [g in {docs[chunk_ids[c][0]].id for c in t} for t, g in zip(top, gold, strict=True)]
        out[name] = {"recall_at_5_consistency": float(np.mean(cons)) if cons else float("nan"),
                     "recall_at_5_gold": float(np.mean(hit)) if hit else float("nan")}
    return out


def run_bench(docs: Sequence[LabeledDoc], subjects: Sequence[Subject], *, split: str = "test",
              greedy: bool = False, seed: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run all methods on ``docs``; return ``(payload, items)`` for :func:`write_bench`."""
    runs: dict[str, Run] = {"origin": Run([[] for _ in docs], [d.text for d in docs])}
    runs["redact_all"] = _redact_all(docs)
    trip, info = _trip_runs(docs, greedy, seed)
    order = ["origin", "redact_all", "redact_detected", "random_matched", "trip_rag_no_policy", "trip_rag"]
    runs.update(trip)
    order += [n for n in runs if n not in order]
    runs = {n: runs[n] for n in order}
    retrieval = _retrieval(docs, subjects, runs)
    methods: dict[str, dict[str, float]] = {}
    items: list[dict[str, Any]] = []
    for name, run in runs.items():
        spans = [[(s.start, s.end) for s in m] for m in run.masked]
        scores = score_tab(docs, spans, run.texts)
        scores.update(retrieval[name])
        scores["docs_per_s"] = len(docs) / run.seconds if run.seconds > 0 else float("nan")
        methods[name] = scores
        for i, doc in enumerate(docs):
            item = {"id": doc.id, "method": name,
                    "masked_spans": [[s.start, s.end, s.label] for s in run.masked[i]],
                    "protected_text": run.texts[i], "metrics": score_tab_doc(doc, spans[i], run.texts[i])}
            if run.decisions is not None:
                item["entities"] = run.decisions[i]
            items.append(item)
    payload = {"dataset": "tab", "split": split, "n_docs": len(docs), "n_queries": len(subjects),
               "methods": methods, "trip": info, "seed": seed}
    return payload, items


def render_markdown(payload: dict[str, Any], command: str) -> str:
    info = payload["trip"]
    cal = info.get("calibration", {})
    lines = [
        f"# bench trip — TAB / {payload['split']} ({payload['n_docs']} documents, {payload['n_queries']} queries)",
        "",
        markdown_table(payload["methods"], list(TABLE_METRICS)),
        f"τ = {info['tau']:.4f} (α={info['alpha']}, β={info['beta']}, γ={info['gamma']}, S_priv from "
        f"{info.get('s_priv_source', '?')} on the {info['s_priv_scale']} scale), calibrated on "
        f"{' + '.join(cal.get('sets', {})) or 'TAB ' + str(cal.get('split', '?'))} ({cal.get('method', '?')}); "
        f"surrogate trained on {info.get('surrogate_trained_on', 'TAB train')}.",
        "",
        "Privacy: TAB's official masking rule. Retrieval: ~200-word chunks of the original text (ids shared "
        "by every method), MiniLM + FAISS (L2), queries = SPIA subject descriptions without the name; "
        "consistency = top-5 overlap with the original index, gold = query's document in the top-5.",
        "random_matched masks random detected entities, per document as many word tokens as trip_rag_no_policy.",
        "",
        "Data: Text Anonymization Benchmark (Pilán et al. 2022, MIT) with SPIA subject profiles (MIT).",
    ]
    if payload["split"] == "test":
        lines.append("TAB test is a report-only holdout: τ and the surrogate were fitted on dev / train only.")
    lines += ["", f"Command: `{command}`"]
    return "\n".join(lines) + "\n"


def trip_command(
    dataset: str = typer.Option("tab", "--dataset", help="Only 'tab' (TRIP-RAG needs TAB labels and SPIA queries)."),
    split: str = typer.Option("test", "--split", help="TAB split: train, dev or test."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Evaluation data folder (default: $PRIVRAG_DATA or ../shared/data)."),
    out: Path = typer.Option(Path("results/trip"), "--out", help="Output folder for trip.json/.md/_items.jsonl."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N documents (quick runs)."),
    greedy: bool = typer.Option(False, "--greedy", help="Also run TRIP-RAG with greedy refinement (slower)."),
    seed: int = typer.Option(0, "--seed", help="Seed of random_matched."),
) -> None:
    """TRIP-RAG vs redaction on TAB: privacy (ER, exposure) and retrieval (top-5 consistency)."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    if logging.getLogger().getEffectiveLevel() > logging.INFO:
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    if dataset != "tab":
        raise typer.BadParameter("bench trip runs on TAB only", param_hint="--dataset")
    try:
        docs = load_tab(split, data_dir)
        docs = docs[:limit] if limit else docs
        ids = {d.id for d in docs}
        subjects = [s for s in load_tab_subjects(split, data_dir) if s.doc_id in ids]
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data-dir") from exc
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--split") from exc
    payload, items = run_bench(docs, subjects, split=split, greedy=greedy, seed=seed)
    cmd = f"privrag bench trip --dataset tab --split {split} --out {out}" + (f" --limit {limit}" if limit else "") + (" --greedy" if greedy else "")
    md = render_markdown(payload, cmd)
    paths = write_bench(out, "trip", payload, items, md)
    typer.echo(md)
    typer.echo(f"wrote {paths['json']}, {paths['md']}, {paths['items']}")


def register(app: typer.Typer) -> None:
    """Add ``trip`` to the ``privrag bench`` command group."""
    app.command("trip")(trip_command)
