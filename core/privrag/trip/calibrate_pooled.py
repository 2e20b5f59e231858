"""τ chosen on several labelled sets at once: TAB dev and domains dev together.

τ calibrated on court judgments alone fits court judgments: what Ψ may keep
there (a date, a court, an institution) is fine, but the same τ on a referral
letter or a support chat has never been checked against the identifiers of
those genres. The pooled objective keeps one τ for every genre and asks each
calibration set to vouch for it:

    τ* = the largest τ (the least masking) such that, on EVERY set s,
         direct_s(τ) ≥ direct_s(mask all) − max_er_drop        (0.02)
         quasi_s(τ)  ≥ quasi_s(mask all)  − max_quasi_drop     (0.10)

where direct_s / quasi_s are the set's own measures of protection — TAB's
entity recall ER_direct / ER_quasi on TAB-format sets, the fraction of DIRECT
/ QUASI spans protected (``recall_direct`` / ``recall_quasi``, the data
README's span rule) on domain sets — and "mask all" masks every entity the
same detector found (what Ψ cannot improve on). The QUASI bound matters since
the policy floor masks names, contacts and IDs whatever Ψ says: with DIRECT
alone the largest τ lets Ψ keep nearly every date, place and employer
(measured: TAB dev ER_quasi 0.15, domains dev recall_quasi 0.28). 0.10 is
the trade-off the TAB-only calibration had reached (ER_quasi 0.82 against
0.92 for mask-all), now required of every genre; ``max_quasi_drop=1``
switches it off.
Masking, and with it keep damage, only grows as τ falls on every set, so the
largest feasible τ is also the one with the least masking and the least keep
damage on the pooled sets: no weights between sets are needed. F_norm is fit
on the pooled (entity, chunk) scores, so τ means the same in every genre.

The curve records, per τ and per set, the measures that decide and the ones
that describe the trade (ER_quasi / recall_quasi, masking, keep damage,
exposure), so the choice can be audited.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from privrag.trip.analysis import DocAnalysis
from privrag.trip.calibrate import TauCalibration, _entity_table, _masked_at, fit_norms
from privrag.trip.engine import TripRag

__all__ = ["CalibrationSet", "calibrate_tau_pooled", "set_metrics"]

SetKind = Literal["tab", "domains"]
#: the measure of DIRECT protection each kind of set is held to
DIRECT_KEY: dict[str, str] = {"tab": "er_direct", "domains": "recall_direct"}
#: the measure of QUASI protection each kind of set is held to
QUASI_KEY: dict[str, str] = {"tab": "er_quasi", "domains": "recall_quasi"}


@dataclass
class CalibrationSet:
    """A labelled set τ must hold on: ``kind`` "tab" (:class:`LabeledDoc`) or "domains" (:class:`DomainDoc`)."""

    name: str
    kind: SetKind
    docs: Sequence[Any]

    def __post_init__(self) -> None:
        if self.kind not in DIRECT_KEY:
            raise ValueError(f"unknown calibration set kind {self.kind!r}; use 'tab' or 'domains'")
        if not self.docs:
            raise ValueError(f"calibration set {self.name!r} has no documents")


class _DomainScorer:
    """Domain metrics per τ, re-scoring only the documents whose masked spans changed."""

    def __init__(self, docs: Sequence[Any]) -> None:
        from privrag.eval.tab_metrics import WORD_RE

        self.docs = docs
        self.cache: dict[tuple[int, tuple[tuple[int, int], ...]], Any] = {}
        self.tok_all = sum(1 for d in docs for _ in WORD_RE.finditer(d.text))

    def __call__(self, masked: list[list[tuple[int, int]]]) -> dict[str, float]:
        from privrag.eval.domains_metrics import score_doc

        tot = np.zeros(8)
        for i, (doc, spans) in enumerate(zip(self.docs, masked, strict=True)):
            key = (i, tuple(sorted(set(spans))))
            sc = self.cache.get(key)
            if sc is None:
                sc = self.cache[key] = score_doc(doc, _blank(doc.text, key[1]), list(key[1]))
            tot += (sc.direct_ok, sc.direct_n, sc.direct_exposed, sc.quasi_ok, sc.quasi_n, sc.keep_damaged,
                    sc.keep_n, sc.tok_masked)
        tok_all = self.tok_all
        r = lambda a, b: float(a / b) if b else float("nan")  # noqa: E731
        return {"recall_direct": r(tot[0], tot[1]), "exposure_direct": r(tot[2], tot[1]),
                "recall_quasi": r(tot[3], tot[4]), "keep_damage": r(tot[5], tot[6]),
                "masking_rate": r(tot[7], tok_all)}


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The text with the masked spans replaced (what exposure reads); the replacement is neutral."""
    from privrag.eval.tab_metrics import merge_spans

    out, last = [], 0
    for a, b in merge_spans(spans):
        out += [text[last:a], "[MASKED]"]
        last = b
    return "".join(out) + text[last:]


def set_metrics(cs: CalibrationSet, masked: list[list[tuple[int, int]]], scorer: Any = None) -> dict[str, float]:
    """The set's measures for one masking (``masked[i]`` = intervals masked in document i)."""
    if cs.kind == "tab":
        from privrag.eval.tab_metrics import score_tab

        m = score_tab(cs.docs, masked)
        return {k: float(m[k]) for k in ("er_direct", "er_quasi", "masking_rate", "precision")}
    return (scorer or _DomainScorer(cs.docs))(masked)


def calibrate_tau_pooled(
    engine: TripRag,
    sets: Sequence[CalibrationSet],
    *,
    max_er_drop: float = 0.02,
    max_quasi_drop: float = 0.10,
    use_policy: bool = True,
    analyses: Sequence[Sequence[DocAnalysis]] | None = None,
    n_grid: int = 400,
    meta: dict[str, Any] | None = None,
) -> TauCalibration:
    """Fit F_norm on all sets pooled and τ by the pooled objective (module doc); updates ``engine``.

    ``chosen`` / ``reference`` / each curve point hold one dict of measures
    per set name (plus ``tau``, and ``masking_rate_pooled``: masked word
    tokens over all word tokens of every set).
    """
    if not sets:
        raise ValueError("pooled calibration needs at least one set")
    if len({s.name for s in sets}) != len(sets):
        raise ValueError("calibration set names must be unique")
    if analyses is None:
        analyses = [[a for i in range(0, len(s.docs), 8)
                     for a in engine.analyze_batch([d.text for d in s.docs[i : i + 8]])] for s in sets]
    knw, retr = fit_norms([a for per_set in analyses for a in per_set])
    engine.calibration = dataclasses.replace(engine.calibration, knw=knw, retr=retr)
    tables = [_entity_table(engine, per_set, use_policy) for per_set in analyses]
    scorers = [_DomainScorer(s.docs) if s.kind == "domains" else None for s in sets]
    words = [_word_count(s) for s in sets]

    def point(tau: float) -> dict[str, Any]:
        out: dict[str, Any] = {"tau": float(tau)}
        masked_words = 0.0
        for s, table, scorer, n in zip(sets, tables, scorers, words, strict=True):
            out[s.name] = set_metrics(s, _masked_at(table, tau), scorer)
            masked_words += out[s.name]["masking_rate"] * n
        out["masking_rate_pooled"] = masked_words / max(sum(words), 1)
        return out

    reference = point(-np.inf)
    psis = np.unique([p for table in tables for rows in table for p, f, _ in rows if f is None and np.isfinite(p)])
    if psis.size == 0:
        raise ValueError("no entity is left to Ψ (the policy decides them all)")
    cands = np.concatenate([[psis[0] - 1e-3], (psis[:-1] + psis[1:]) / 2, [psis[-1] + 1e-3]])
    if cands.size > n_grid:
        cands = np.unique(np.quantile(cands, np.linspace(0, 1, n_grid)))
    # (set, measure) -> lowest acceptable value; a set without such spans (NaN) constrains nothing
    floors = {(s.name, key[s.kind]): reference[s.name][key[s.kind]] - drop
              for s in sets for key, drop in ((DIRECT_KEY, max_er_drop), (QUASI_KEY, max_quasi_drop))
              if np.isfinite(reference[s.name][key[s.kind]])}
    curve, best = [], None
    for tau in sorted(cands, reverse=True):  # least masking first
        p = point(float(tau))
        curve.append(p)
        if best is None and all(p[name][key] >= floor - 1e-12 for (name, key), floor in floors.items()):
            best = p
    if best is None:  # cannot happen: the lowest candidate masks every entity Ψ decides
        best = curve[-1]
    info = {"calibrated": True, "method": "labelled_pooled", "max_er_drop": max_er_drop,
            "max_quasi_drop": max_quasi_drop,
            "n_docs": sum(len(s.docs) for s in sets), "sets": {s.name: len(s.docs) for s in sets},
            "objective": "largest tau with every set's DIRECT (QUASI) protection within max_er_drop "
                         "(max_quasi_drop) of masking all detected",
            "policy": use_policy, **(meta or {})}
    engine.calibration = dataclasses.replace(engine.calibration, tau=best["tau"], meta=info,
                                             s_priv_source=engine.s_priv_source)
    return TauCalibration(engine.calibration, reference, best, curve)


def _word_count(s: CalibrationSet) -> int:
    from privrag.eval.tab_metrics import WORD_RE

    return sum(1 for d in s.docs for _ in WORD_RE.finditer(d.text))
