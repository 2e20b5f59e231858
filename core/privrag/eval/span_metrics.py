"""Strict span-level detection metrics (precision / recall / F1).

TAB's masking metrics (:mod:`privrag.eval.tab_metrics`) ask "was the text
hidden?"; detection benchmarks (Presidio synth, WNUT-17) ask "did the detector
find *this* entity with *these* boundaries and *this* type?". Strict matching
is the honest answer for that question: a span counts only when its
``(start, end)`` equals a gold span's and its label, mapped onto privrag's
canonical categories, equals the gold label mapped the same way. Mapping both
sides through :func:`privrag.generalize.canonical_label` lets detectors with
different label sets (Presidio ``PERSON``, spaCy ``PER``, GLiNER ``person``)
be compared on one scale. The unlabeled variant (boundaries only) separates
boundary errors from typing errors.

Counts are micro-averaged over documents; matching is one-to-one (a
duplicated prediction is a false positive, not a second hit).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from privrag.eval.datasets import LabeledDoc
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["span_prf", "prf"]


def prf(tp: int, n_pred: int, n_gold: int) -> tuple[float, float, float]:
    """``(precision, recall, f1)``; an empty side scores 1.0 (nothing to get wrong)."""
    precision = tp / n_pred if n_pred else 1.0
    recall = tp / n_gold if n_gold else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def _matched(gold: Counter, pred: Counter) -> Counter:
    """One-to-one matches between two multisets of keys."""
    return gold & pred


def span_prf(
    docs: Sequence[LabeledDoc],
    predicted: Sequence[Sequence[DetectedEntity]],
    label_map: Callable[[str], str] | None = None,
    *,
    only_needs_masking: bool = False,
) -> dict[str, Any]:
    """Strict span precision/recall/F1, overall, unlabeled and per label.

    ``predicted[i]`` are the detector's spans on ``docs[i].text``.
    ``label_map`` maps gold and predicted labels onto one label set
    (default :func:`canonical_label`). ``only_needs_masking`` restricts gold
    to DIRECT/QUASI spans (TAB, PANORAMA).

    Returns ``span_precision``, ``span_recall``, ``span_f1``, their
    ``*_unlabeled`` twins, ``n_gold``, ``n_pred``, ``tp``, ``tp_unlabeled``
    and ``per_label``: ``{label: {precision, recall, f1, n_gold, n_pred, tp}}``
    where gold is counted under the gold label and predictions under theirs.
    """
    if len(predicted) != len(docs):
        raise ValueError(f"{len(docs)} documents but {len(predicted)} prediction lists")
    lab = label_map or canonical_label
    n_gold = n_pred = tp = tp_unl = 0
    gold_by: Counter = Counter()
    pred_by: Counter = Counter()
    tp_by: Counter = Counter()
    for doc, preds in zip(docs, predicted, strict=True):
        gold_spans = [g for g in doc.spans if g.needs_masking or not only_needs_masking]
        gold = Counter((g.start, g.end, lab(g.label)) for g in gold_spans)
        pred = Counter((p.start, p.end, lab(p.label)) for p in preds)
        hits = _matched(gold, pred)
        n_gold += sum(gold.values())
        n_pred += sum(pred.values())
        tp += sum(hits.values())
        tp_unl += sum(
            _matched(Counter((g.start, g.end) for g in gold_spans), Counter((p.start, p.end) for p in preds)).values()
        )
        for (_, _, label), n in gold.items():
            gold_by[label] += n
        for (_, _, label), n in pred.items():
            pred_by[label] += n
        for (_, _, label), n in hits.items():
            tp_by[label] += n
    p, r, f = prf(tp, n_pred, n_gold)
    pu, ru, fu = prf(tp_unl, n_pred, n_gold)
    per_label = {}
    for label in sorted(set(gold_by) | set(pred_by)):
        lp, lr, lf = prf(tp_by[label], pred_by[label], gold_by[label])
        per_label[label] = {
            "precision": lp,
            "recall": lr,
            "f1": lf,
            "n_gold": gold_by[label],
            "n_pred": pred_by[label],
            "tp": tp_by[label],
        }
    return {
        "span_precision": p,
        "span_recall": r,
        "span_f1": f,
        "span_precision_unlabeled": pu,
        "span_recall_unlabeled": ru,
        "span_f1_unlabeled": fu,
        "n_gold": n_gold,
        "n_pred": n_pred,
        "tp": tp,
        "tp_unlabeled": tp_unl,
        "per_label": per_label,
    }
