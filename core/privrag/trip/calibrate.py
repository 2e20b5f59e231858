"""Choosing F_norm and τ: on labelled data, or with an LLM judge.

Labelled (the shipped default, TAB dev): score every dev document once, fit
F_norm on the raw S_knw / S_retr values, then sweep τ and keep the *least
masking* τ whose ER_direct stays within ``max_er_drop`` (0.02) of masking
every entity the same detector found. Masking is monotone in τ, so that is
the largest feasible τ; candidates are midpoints between consecutive Ψ values
so τ never sits exactly on an entity's score.

Unlabelled (the paper's route): a judge model reads a few documents with
their detected entities numbered and names the ones that must be
anonymized; τ is set so that ``target_recall`` of the judge's picks score
Ψ > τ. The judge sees the raw text, so it must be a model the data owner
trusts with it (a local model, or one under the same agreement as the data).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from privrag.trip.analysis import DocAnalysis
from privrag.trip.engine import TripRag
from privrag.trip.normalize import RobustNorm, TripCalibration

__all__ = ["TauCalibration", "fit_norms", "calibrate_tau", "calibrate_with_judge", "JUDGE_PROMPT"]


@dataclass
class TauCalibration:
    """The chosen calibration plus the evidence: the τ curve and the reference."""

    calibration: TripCalibration
    reference: dict[str, Any]
    chosen: dict[str, Any]
    curve: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"calibration": self.calibration.to_dict(), "reference": self.reference,
                "chosen": self.chosen, "curve": self.curve}


def fit_norms(analyses: Sequence[DocAnalysis], slope: float = 2.0) -> tuple[RobustNorm, RobustNorm]:
    """F_norm for S_knw and S_retr from every (entity, chunk) score of ``analyses``."""
    knw = [r[2] for a in analyses for rows in a.raw.values() for r in rows]
    retr = [r[3] for a in analyses for rows in a.raw.values() for r in rows]
    if not knw:
        raise ValueError("no entities detected in the calibration documents")
    return RobustNorm.fit(knw, slope), RobustNorm.fit(retr, slope)


def _entity_table(engine: TripRag, analyses: Sequence[DocAnalysis], use_policy: bool) -> list[list[tuple[float, bool | None, list[tuple[int, int]]]]]:
    """Per document, per entity: (Ψ, forced verdict or None, mention offsets).

    The forced verdicts are the ones :meth:`TripRag.decide` applies — the type
    rules and the names floor — so τ is chosen for the entities Ψ really decides.
    """
    from privrag.trip.engine import _person_forms

    table = []
    for a in analyses:
        scores = engine.entity_scores(a)
        forms = _person_forms(a) if use_policy else frozenset()
        rows = []
        for e in a.entities:
            forced = engine.policy.rule_for(e)[0] if use_policy else None
            if use_policy and forced is None and engine.policy.holds_a_name(e, forms):
                forced = True
            sc = scores.get(e.entity_id)
            rows.append((sc.psi if sc else float("inf"), forced, [(m.start, m.end) for m in e.mentions]))
        table.append(rows)
    return table


def _masked_at(table: list, tau: float) -> list[list[tuple[int, int]]]:
    return [[iv for psi_, forced, ivs in rows
             if (forced if forced is not None else psi_ > tau) for iv in ivs] for rows in table]


def calibrate_tau(
    engine: TripRag,
    docs: Sequence[Any],
    *,
    max_er_drop: float = 0.02,
    use_policy: bool = True,
    analyses: Sequence[DocAnalysis] | None = None,
    n_grid: int = 400,
    meta: dict[str, Any] | None = None,
) -> TauCalibration:
    """Fit F_norm and τ on labelled TAB-format ``docs``; the engine is updated in place."""
    from privrag.eval.tab_metrics import score_tab

    if not docs:
        raise ValueError("calibration needs at least one labelled document")
    if analyses is None:
        analyses = [a for i in range(0, len(docs), 8) for a in engine.analyze_batch([d.text for d in docs[i : i + 8]])]
    knw, retr = fit_norms(analyses)
    engine.calibration = dataclasses.replace(engine.calibration, knw=knw, retr=retr)
    reference = score_tab(docs, [[(s.start, s.end) for s in a.spans] for a in analyses])
    table = _entity_table(engine, analyses, use_policy)
    psis = np.unique([p for rows in table for p, f, _ in rows if f is None and np.isfinite(p)])
    if psis.size == 0:
        raise ValueError("no entity is left to Ψ (the policy decides them all)")
    cands = np.concatenate([[psis[0] - 1e-3], (psis[:-1] + psis[1:]) / 2, [psis[-1] + 1e-3]])
    if cands.size > n_grid:
        cands = np.unique(np.quantile(cands, np.linspace(0, 1, n_grid)))
    floor = reference["er_direct"] - max_er_drop
    curve, best = [], None
    for tau in sorted(cands, reverse=True):  # least masking first
        m = score_tab(docs, _masked_at(table, float(tau)))
        point = {"tau": float(tau), **{k: m[k] for k in ("er_direct", "er_quasi", "masking_rate", "precision")}}
        curve.append(point)
        if best is None and m["er_direct"] >= floor - 1e-12:
            best = point
    if best is None:  # cannot happen: the lowest τ masks every entity
        best = curve[-1]
    info = {"calibrated": True, "method": "labelled", "max_er_drop": max_er_drop, "n_docs": len(docs),
            "policy": use_policy, **(meta or {})}
    engine.calibration = dataclasses.replace(engine.calibration, tau=best["tau"], meta=info,
                                             s_priv_source=engine.s_priv_source)
    return TauCalibration(engine.calibration, dict(reference), best, curve)


JUDGE_PROMPT = """You are a privacy officer applying the GDPR: personal data is any information \
relating to an identified or identifiable natural person, directly or indirectly (a name, an \
identification number, location data, or factors specific to a person's identity).

Below is a document and the entities detected in it, numbered. Choose the smallest set of \
entities that must be anonymized so that no person in the document can be identified, directly \
or by combining details. Keep entities that are public, generic or needed to understand the \
document. Answer with a JSON list of numbers only, e.g. [1, 4].

DOCUMENT:
{text}

ENTITIES:
{entities}
"""


def _ask(judge: Any, prompt: str) -> str:
    if hasattr(judge, "invoke"):
        out = judge.invoke(prompt)
    elif callable(judge):
        out = judge(prompt)
    else:
        raise TypeError("judge must be a LangChain chat model / runnable or a callable(str) -> str")
    return str(getattr(out, "content", out))


def _parse_choice(answer: str, n: int) -> set[int] | None:
    """1-based entity numbers from the judge's answer; ``None`` if unreadable."""
    m = re.search(r"\[[^\[\]]*\]", answer)
    try:
        picks = json.loads(m.group(0)) if m else None
    except json.JSONDecodeError:
        picks = None
    if picks is None:
        picks = [int(x) for x in re.findall(r"\b\d+\b", answer)] if re.search(r"\d", answer) else None
    if picks is None:
        return None
    return {int(p) for p in picks if isinstance(p, (int, float, str)) and str(p).isdigit() and 1 <= int(p) <= n}


def calibrate_with_judge(
    engine: TripRag,
    texts: Sequence[str],
    judge: Any | Callable[[str], str],
    *,
    target_recall: float = 0.95,
    max_chars: int = 6000,
    max_entities: int = 60,
) -> TauCalibration:
    """Fit F_norm on ``texts`` and set τ from a judge model's picks (no labels needed)."""
    if not 0 < target_recall <= 1:
        raise ValueError("target_recall must be in (0, 1]")
    analyses = [a for i in range(0, len(texts), 8) for a in engine.analyze_batch(list(texts[i : i + 8]))]
    knw, retr = fit_norms(analyses)
    engine.calibration = dataclasses.replace(engine.calibration, knw=knw, retr=retr)
    pos: list[float] = []
    neg: list[float] = []
    unreadable = 0
    for a in analyses:
        scores = engine.entity_scores(a)
        ents = [e for e in a.entities if engine.policy.rule_for(e)[0] is None and e.entity_id in scores][:max_entities]
        if not ents:
            continue
        listing = "\n".join(f"{i}. {e.canonical} ({e.label})" for i, e in enumerate(ents, 1))
        picks = _parse_choice(_ask(judge, JUDGE_PROMPT.format(text=a.text[:max_chars], entities=listing)), len(ents))
        if picks is None:
            unreadable += 1
            continue
        for i, e in enumerate(ents, 1):
            (pos if i in picks else neg).append(scores[e.entity_id].psi)
    if not pos:
        raise ValueError("the judge selected no entity in any sample; cannot place τ")
    tau = float(np.quantile(pos, 1.0 - target_recall)) - 1e-6
    kept_neg = float(np.mean(np.asarray(neg) <= tau)) if neg else float("nan")
    info = {"calibrated": True, "method": "llm_judge", "target_recall": target_recall,
            "n_docs": len(texts), "judge_positives": len(pos), "unreadable_answers": unreadable}
    engine.calibration = dataclasses.replace(engine.calibration, tau=tau, meta=info,
                                             s_priv_source=engine.s_priv_source)
    chosen = {"tau": tau, "judge_recall": float(np.mean(np.asarray(pos) > tau)), "judge_negatives_kept": kept_neg}
    return TauCalibration(engine.calibration, {}, chosen, [])
