"""Per-label score thresholds for the composite default, calibrated on TAB ``dev``.

Each member of the composite (Presidio/spaCy with the identifier recognizers,
the GLiNER model) reports labels with scores. A threshold per (member, label)
decides what is kept; "drop" removes a label the member is bad at (spaCy's
``LAW`` masks "Article 6 § 1 of the Convention" everywhere). Calibration is a
greedy coordinate search over a grid of thresholds that maximizes

    ``w_direct·ER_direct + w_quasi·ER_quasi + w_precision·precision``

under a cap on the masking rate (a soft constraint with a steep penalty),
with the TAB metrics of :mod:`privrag.eval.tab_metrics`. It only ever sees
TAB ``dev``; TAB ``test`` is reported, never tuned on.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from privrag.detect.calibration_general import GeneralSet, general_scores
from privrag.types import DetectedEntity

__all__ = ["MemberThresholds", "Calibration", "apply_thresholds", "calibrate", "run_calibration"]

log = logging.getLogger(__name__)

#: lowest threshold the shipped GLiNER gets in the default: below it the small
#: model tags ordinary words in non-legal prose (measured on the foundation tests)
GLINER_FLOOR = 0.5

#: shipped-GLiNER labels the search starts with switched off (it may switch them
#: on). spaCy and the date-of-birth recognizer already find dates; starting with
#: both members' dates on, the greedy search dropped spaCy's first and then
#: had to starve the small model's dates to meet the masking cap (TAB dev
#: QUASI recall 0.81; from this start 0.84). The small model's value is names and places.
GLINER_START_DROP: tuple[str, ...] = ("DATE_TIME", "QUANTITY")

#: labels calibration may threshold but not switch off: TAB dev (court
#: judgments, where "the Government" and "Strasbourg" are not personal) would
#: drop them, and the default would then miss "Leeds" in a medical note.
#: Nationality, religious and political groups (spaCy ``NORP``, Presidio
#: ``NRP``) are special-category data under GDPR Art. 9; dev's masking cap
#: alone once switched them off ("a Kurdish national" went through).
#: Identifier types (the recognizers' and Presidio's patterns: phones, card
#: numbers, ages …) are what must be hidden in every domain; a dev set with
#: few of them must not switch them off either (:func:`never_drop_labels`).
NEVER_DROP: tuple[str, ...] = ("PERSON", "LOCATION", "GPE", "LOC", "ORGANIZATION", "ORG", "NRP", "NORP")


def never_drop_labels() -> tuple[str, ...]:
    """:data:`NEVER_DROP` plus every identifier type of the recognizers and Presidio's patterns."""
    from privrag.detect.recognizers import IDENTIFIER_ENTITIES, PRESIDIO_PATTERN_ENTITIES

    return tuple(dict.fromkeys(NEVER_DROP + IDENTIFIER_ENTITIES + PRESIDIO_PATTERN_ENTITIES))


@dataclass
class MemberThresholds:
    """What one composite member keeps: a minimum score per label, a default, dropped labels."""

    default_min: float = 0.0
    min_score: dict[str, float] = field(default_factory=dict)
    drop: list[str] = field(default_factory=list)

    def keeps(self, span: DetectedEntity) -> bool:
        if span.label in self.drop:
            return False
        return span.score >= self.min_score.get(span.label, self.default_min)

    def to_dict(self) -> dict[str, Any]:
        return {"default_min": self.default_min, "min_score": dict(sorted(self.min_score.items())),
                "drop": sorted(self.drop)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MemberThresholds:
        return cls(float(d.get("default_min", 0.0)), {k: float(v) for k, v in d.get("min_score", {}).items()},
                   list(d.get("drop", [])))


@dataclass
class Calibration:
    thresholds: dict[str, MemberThresholds]
    metrics: dict[str, float]
    objective: float
    trace: list[str] = field(default_factory=list)
    propagate: bool = False


def apply_thresholds(
    raw: Mapping[str, Sequence[Sequence[DetectedEntity]]], thresholds: Mapping[str, MemberThresholds]
) -> list[list[DetectedEntity]]:
    """Per document, the union of what each member keeps."""
    n = len(next(iter(raw.values())))
    out: list[list[DetectedEntity]] = [[] for _ in range(n)]
    for member, docs in raw.items():
        th = thresholds.get(member, MemberThresholds())
        for i, spans in enumerate(docs):
            out[i].extend(s for s in spans if th.keeps(s))
    return out


def _objective(m: Mapping[str, float], cap: float, weights: Mapping[str, float]) -> float:
    over = max(0.0, m["masking_rate"] - cap)
    return (
        weights.get("er_direct", 2.0) * m["er_direct"]
        + weights.get("er_quasi", 1.0) * m["er_quasi"]
        + weights.get("precision", 0.25) * m["precision"]
        - 20.0 * over
    )


def calibrate(
    docs: Sequence[Any],
    raw: Mapping[str, Sequence[Sequence[DetectedEntity]]],
    *,
    start: Mapping[str, MemberThresholds],
    floors: Mapping[str, Mapping[str, float]] | None = None,
    grid: Sequence[float] = (0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9),
    masking_cap: float = 0.18,
    weights: Mapping[str, float] | None = None,
    max_rounds: int = 30,
    propagate: bool = False,
    never_drop: Sequence[str] = (),
    general: GeneralSet | None = None,
    general_weight: float = 1.0,
) -> Calibration:
    """Greedy per-(member, label) threshold search on labelled documents.

    ``raw[member][i]`` are the member's unfiltered spans on ``docs[i]``.
    ``floors[member][label]`` is the lowest threshold allowed (pattern
    matches that need context stay below :data:`~privrag.detect.recognizers.CONTEXT_FREE_MIN`).
    ``propagate``: score after :func:`privrag.redact.propagate_mentions` (every
    other occurrence of a kept surface form is masked too).
    ``never_drop``: labels that may be thresholded but not switched off
    (people, places and organisations identify in every domain, even where
    the calibration corpus would rather keep them).
    ``general``: a general-text dev set (:mod:`~privrag.detect.calibration_general`);
    its ``general_coverage + 0.25 * general_precision``, times
    ``general_weight``, is added to the TAB objective (scored without
    mention propagation: one tweet rarely repeats a name).
    """
    from privrag.eval.tab_metrics import score_tab

    weights = dict(weights or {})
    floors = floors or {}
    th = {k: MemberThresholds(v.default_min, dict(v.min_score), list(v.drop)) for k, v in start.items()}
    for member in raw:
        th.setdefault(member, MemberThresholds())

    extras = _propagation_extras(docs, raw) if propagate else None

    def evaluate(cur: Mapping[str, MemberThresholds]) -> tuple[float, dict[str, float]]:
        masked: list[list[tuple[int, int]]] = [[] for _ in docs]
        for member, per_doc in raw.items():
            keep = cur[member].keeps
            for i, spans in enumerate(per_doc):
                for j, s in enumerate(spans):
                    if keep(s):
                        masked[i].append((s.start, s.end))
                        if extras is not None:
                            masked[i].extend(extras[member][i][j])
        m = score_tab(docs, masked)
        score = _objective(m, masking_cap, weights)
        if general is not None:
            g = general_scores(general, {k: v.keeps for k, v in cur.items()})
            m = {**m, **g}
            score += general_weight * (g["general_coverage"] + 0.25 * g["general_precision"])
        return score, m

    best, best_m = evaluate(th)
    trace = [f"start objective={best:.4f} {_fmt(best_m)}"]
    labels = {member: sorted({s.label for spans in docs_ for s in spans}) for member, docs_ in raw.items()}
    top: dict[str, dict[str, float]] = {m: {} for m in raw}
    for member, docs_ in raw.items():
        for spans in docs_:
            for s in spans:
                top[member][s.label] = max(top[member].get(s.label, 0.0), s.score)
    for _ in range(max_rounds):
        move = None
        for member, labs in labels.items():
            for label in labs:
                floor = floors.get(member, {}).get(label, th[member].default_min)
                options: list[float | None] = [None] + [g for g in grid if g >= floor] + [floor]
                if label in never_drop:  # thresholds that keep at least its best-scored spans
                    options = [o for o in options if o is not None and o <= top[member][label]]
                for opt in options:
                    cand = {k: MemberThresholds(v.default_min, dict(v.min_score), list(v.drop)) for k, v in th.items()}
                    t = cand[member]
                    if opt is None:
                        if label in t.drop:
                            continue
                        t.drop.append(label)
                    else:
                        if label not in t.drop and math.isclose(t.min_score.get(label, t.default_min), opt):
                            continue
                        t.drop = [x for x in t.drop if x != label]
                        t.min_score[label] = opt
                    score, m = evaluate(cand)
                    if score > best + 1e-6 and (move is None or score > move[0]):
                        move = (score, m, cand, f"{member}:{label} -> {'drop' if opt is None else opt}")
        if move is None:
            break
        best, best_m, th, what = move
        trace.append(f"{what}: objective={best:.4f} {_fmt(best_m)}")
    return Calibration(th, best_m, best, trace, propagate)


def _propagation_extras(
    docs: Sequence[Any], raw: Mapping[str, Sequence[Sequence[DetectedEntity]]]
) -> dict[str, list[list[list[tuple[int, int]]]]]:
    """Per raw span, the other occurrences :func:`~privrag.redact.propagate_mentions` adds.

    Propagating a set of spans is the union of propagating each one, so the
    search can add these precomputed intervals instead of re-running it.
    """
    from privrag.redact import propagate_mentions

    out: dict[str, list[list[list[tuple[int, int]]]]] = {}
    for member, per_doc in raw.items():
        out[member] = [
            [[(x.start, x.end) for x in propagate_mentions(doc.text, [s])] for s in spans]
            for doc, spans in zip(docs, per_doc, strict=True)
        ]
    return out


def _fmt(m: Mapping[str, float]) -> str:
    keys = ("er_direct", "er_quasi", "precision", "masking_rate", "general_coverage", "general_precision")
    return " ".join(f"{k}={m[k]:.3f}" for k in keys if k in m)


# ---------------------------------------------------------------- command line


def _collect(detector: Any, docs: Sequence[Any]) -> list[list[DetectedEntity]]:
    """A member's spans, name boundaries repaired as the default composite does before its union."""
    from privrag.detect.span_cleanup import clean_name_spans

    texts = [d.text for d in docs]
    return [clean_name_spans(spans, t) for spans, t in zip(detector.detect_batch(texts), texts, strict=True)]


def run_calibration(
    *,
    data_dir: str | None = None,
    with_gliner: bool = True,
    gliner_path: str | None = None,
    masking_cap: float = 0.175,
    min_speed_ratio: float = 0.36,
    gliner_floor: float = GLINER_FLOOR,
    general_weight: float = 1.0,
) -> dict[str, Any]:
    """Calibrate the default composite on TAB ``dev`` and WNUT-17 ``dev``; return the thresholds file content.

    ``general_weight`` weighs the general-text term
    (:mod:`~privrag.detect.calibration_general`; 0 calibrates on TAB alone).

    GLiNER is enabled in the default only when it raises the calibrated
    objective on dev by more than 0.01 (one more protected entity or so) and
    the composite keeps at least ``min_speed_ratio`` of plain Presidio's
    throughput on dev (warm models, same process); otherwise the cheaper
    composite ships.

    ``gliner_floor`` is the lowest threshold any shipped-GLiNER label may get.
    TAB dev alone would pick thresholds near 0.3, where the small model tags
    common words in ordinary prose ("weather" as an address, a drug name as
    an ID); the floor keeps the default usable outside legal text.
    """
    import time

    from privrag.detect.calibration_general import load_general_dev
    from privrag.detect.default import GLINER, PRESIDIO, presidio_member
    from privrag.detect.recognizers import CONTEXT_FREE_MIN, IDENTIFIER_ENTITIES
    from privrag.eval.datasets import load_tab

    docs = load_tab("dev", data_dir)
    t = time.perf_counter()
    presidio = presidio_member()
    raw: dict[str, list[list[DetectedEntity]]] = {PRESIDIO: _collect(presidio, docs)}
    secs = {PRESIDIO: time.perf_counter() - t}
    general = None
    if general_weight > 0:
        general_docs = load_general_dev(data_dir)
        general = GeneralSet(general_docs, {PRESIDIO: _collect(presidio, general_docs)})
    log.info("presidio member on dev: %.1f s", secs[PRESIDIO])
    floors = {PRESIDIO: dict.fromkeys(IDENTIFIER_ENTITIES, CONTEXT_FREE_MIN)}
    start = {PRESIDIO: MemberThresholds(default_min=0.4)}
    base = _best_of_propagation(docs, raw, start, floors, masking_cap, general, general_weight)
    result: dict[str, Any] = {
        "calibrated_on": f"TAB dev ({len(docs)} documents)"
        + (f" + WNUT-17 dev ({len(general.docs)} texts)" if general is not None else ""),
        "objective": f"2*er_direct + er_quasi + 0.25*precision, masking_rate <= {masking_cap:.2f}"
        + (f" + {general_weight:g}*(general_coverage + 0.25*general_precision)" if general is not None else ""),
        "use_shipped_gliner": False,
        "propagate": base.propagate,
        "members": {k: v.to_dict() for k, v in base.thresholds.items()},
        "dev_metrics": base.metrics,
        "dev_objective": base.objective,
        "trace": base.trace,
        "hub_gliner_threshold": 0.5,
        "gliner_floor": gliner_floor,
        "min_speed_ratio": min_speed_ratio,
        # used when GLiNER is not installed: calibrated for Presidio + recognizers alone
        "without_gliner": {"members": {k: v.to_dict() for k, v in base.thresholds.items()},
                           "propagate": base.propagate, "dev_metrics": base.metrics},
    }
    if with_gliner:
        from privrag.detect.shipped import shipped_gliner_detector

        t = time.perf_counter()
        gliner_det = shipped_gliner_detector(gliner_path, threshold=min(0.15, gliner_floor))
        raw[GLINER] = _collect(gliner_det, docs)
        if general is not None:
            general = GeneralSet(general.docs, {**general.raw, GLINER: _collect(gliner_det, general.docs)})
        secs[GLINER] = time.perf_counter() - t
        log.info("gliner member on dev: %.1f s", secs[GLINER])
        start[GLINER] = MemberThresholds(default_min=gliner_floor, drop=list(GLINER_START_DROP))
        floors[GLINER] = {lab: gliner_floor for spans in raw[GLINER] for lab in {s.label for s in spans}}
        both = _best_of_propagation(docs, raw, start, floors, masking_cap, general, general_weight)
        result["with_gliner"] = {"dev_metrics": both.metrics, "dev_objective": both.objective, "trace": both.trace,
                                 "propagate": both.propagate,
                                 "members": {k: v.to_dict() for k, v in both.thresholds.items()}}
        gain = both.objective - base.objective
        speed_ratio = _speed_ratio(docs, result["with_gliner"], both.propagate) if gain > 0.01 else 0.0
        result["with_gliner"]["speed_ratio_vs_presidio"] = round(speed_ratio, 3)
        if gain > 0.01 and speed_ratio >= min_speed_ratio:
            result.update(use_shipped_gliner=True, members=result["with_gliner"]["members"],
                          propagate=both.propagate, dev_metrics=both.metrics, dev_objective=both.objective,
                          trace=both.trace)
    result["dev_seconds"] = {k: round(v, 1) for k, v in secs.items()}
    return result


def _speed_ratio(
    docs: Sequence[Any], members: Mapping[str, Any], propagate: bool, n: int = 10, repeats: int = 3
) -> float:
    """Plain Presidio's seconds over the GLiNER composite's, warm, on the first ``n`` docs
    (median of ``repeats`` interleaved runs: the machine may be shared)."""
    import statistics
    import time

    from privrag.detect.default import build_default_detector
    from privrag.models import presidio_analyzer

    conf = {"members": members["members"], "use_shipped_gliner": True, "propagate": propagate}
    composite = build_default_detector(thresholds=conf)
    analyzer = presidio_analyzer()
    texts = [d.text for d in docs[:n]]
    composite.detect(texts[0])
    analyzer.analyze(text=texts[0], language="en")
    ratios = []
    for _ in range(repeats):
        t = time.perf_counter()
        for text in texts:
            analyzer.analyze(text=text, language="en")
        plain = time.perf_counter() - t
        t = time.perf_counter()
        for text in texts:
            composite.detect(text)
        ours = time.perf_counter() - t
        log.info("dev speed: presidio %.1f s, composite with GLiNER %.1f s", plain, ours)
        ratios.append(plain / ours)
    return statistics.median(ratios)


def _best_of_propagation(
    docs: Sequence[Any],
    raw: Mapping[str, Sequence[Sequence[DetectedEntity]]],
    start: Mapping[str, MemberThresholds],
    floors: Mapping[str, Mapping[str, float]],
    cap: float,
    general: GeneralSet | None = None,
    general_weight: float = 1.0,
) -> Calibration:
    """Calibrate with and without mention propagation; keep the better objective."""
    kw: dict[str, Any] = {"start": start, "floors": floors, "masking_cap": cap, "never_drop": never_drop_labels(),
                          "general": general, "general_weight": general_weight}
    plain = calibrate(docs, raw, **kw)
    prop = calibrate(docs, raw, propagate=True, **kw)
    return prop if prop.objective > plain.objective + 1e-6 else plain


def main(argv: list[str] | None = None) -> None:
    """``python -m privrag.detect.calibration [--out FILE] [--no-gliner]``."""
    import argparse
    import json
    from pathlib import Path

    from privrag.detect.default import THRESHOLDS_FILE

    ap = argparse.ArgumentParser(description="Calibrate the default detector's thresholds on TAB dev.")
    ap.add_argument("--out", type=Path, default=THRESHOLDS_FILE)
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--no-gliner", action="store_true")
    ap.add_argument("--gliner-path", default=None, help="a GLiNER delta directory (default: the shipped one)")
    ap.add_argument("--masking-cap", type=float, default=0.175)
    ap.add_argument("--gliner-floor", type=float, default=GLINER_FLOOR,
                    help="lowest per-label threshold for the shipped GLiNER")
    ap.add_argument("--general-weight", type=float, default=1.0,
                    help="weight of the WNUT-17 dev general-text term (0: TAB dev alone)")
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    res = run_calibration(data_dir=a.data_dir, with_gliner=not a.no_gliner, gliner_path=a.gliner_path,
                          masking_cap=a.masking_cap, gliner_floor=a.gliner_floor, general_weight=a.general_weight)
    a.out.write_text(json.dumps(res, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps({k: res[k] for k in ("use_shipped_gliner", "dev_metrics", "dev_objective")}, indent=2))


if __name__ == "__main__":  # pragma: no cover
    main()
