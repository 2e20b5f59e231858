"""The paper's greedy refinement of TRIP-RAG's selection (an option, measured).

Chunk by chunk: take the entity with the highest Ψ; if Ψ > τ mask it, then
recompute S_priv of the remaining entities on the partly masked chunk (S_knw
and S_retr keep their first-pass values, as in the paper) and repeat until no
entity clears τ. Entities masked in an earlier chunk stay masked in later
ones. It costs one extra encoder pass per selection; ``privrag bench trip
--greedy`` reports what it buys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from privrag.trip.analysis import DocAnalysis
from privrag.trip.scores import EntityScores, psi
from privrag.types import PrivacyError

if TYPE_CHECKING:
    from privrag.trip.engine import TripRag

__all__ = ["greedy_select", "masked_chunk_positions"]


def greedy_select(engine: TripRag, d: DocAnalysis, forced: dict[int, tuple[bool, str]], tau: float,
            scores: dict[int, EntityScores]) -> tuple[set[int], dict[int, EntityScores], dict[int, str]]:
    """The paper's greedy approximation, chunk by chunk, S_priv recomputed each step."""
    cal = engine.calibration
    masked = {e for e, (v, _) in forced.items() if v}
    keep = {e for e, (v, _) in forced.items() if not v}
    reasons = {e: r for e, (_, r) in forced.items()}
    final: dict[int, EntityScores] = {}
    raw = {(eid, r[0]): r for eid, rows in d.raw.items() for r in rows}
    for ci, eids in enumerate(d.chunk_entities):
        while True:
            cands = [e for e in eids if e not in masked and e not in keep]
            if not cands:
                break
            cur = [e for e in eids if e in masked]
            try:
                f0, f1 = _greedy_masses(engine, d, ci, cur, cands)
            except PrivacyError:
                raise
            except Exception as exc:
                raise PrivacyError(f"TRIP-RAG greedy scoring failed: {exc!r}") from exc
            if cal.s_priv_scale != "mass":
                f0, f1 = -np.expm1(-f0), -np.expm1(-f1)
            sp = f0 - f1
            sk = cal.knw(np.array([raw[(e, ci)][2] for e in cands]))
            sr = cal.retr(np.array([raw[(e, ci)][3] for e in cands]))
            ps = psi(sp, sr, sk, cal.alpha, cal.beta, cal.gamma)
            for k, e in enumerate(cands):
                if e not in final or ps[k] > final[e].psi:
                    final[e] = EntityScores(float(sp[k]), float(sk[k]), float(sr[k]), float(ps[k]), ci)
            k = int(np.argmax(ps))
            if ps[k] <= tau:
                break
            masked.add(cands[k])
            reasons[cands[k]] = "greedy_selected"
    for e in d.entities:
        reasons.setdefault(e.entity_id, "greedy_kept")
        if e.entity_id not in final and e.entity_id in scores:
            final[e.entity_id] = scores[e.entity_id]
    return masked, final, reasons

def _greedy_masses(engine: TripRag, d: DocAnalysis, ci: int, cur: list[int], cands: list[int]) -> tuple[float, np.ndarray]:
    """Risk mass of the partly masked chunk and of it with each candidate also masked."""
    if engine.s_priv_source != "tokens_pooled":
        texts = [engine._masked_chunk(d, ci, cur)] + [engine._masked_chunk(d, ci, [*cur, e]) for e in cands]
        _, mass, _ = engine._encode(texts, set())
        return float(mass[0]), mass[1:]
    text, positions = masked_chunk_positions(engine, d, ci, cur)
    _, mass, risks = engine._encode([text], {0})
    drop = engine._pooled_drop(d, ci, cands, risks[0], text, positions)
    if drop is None:
        texts = [engine._masked_chunk(d, ci, [*cur, e]) for e in cands]
        return float(mass[0]), engine._encode(texts, set())[1]
    return float(mass[0]), mass[0] - drop

def masked_chunk_positions(engine: TripRag, d: DocAnalysis, ci: int, cur: list[int]) -> tuple[str, dict[int, list[tuple[int, int]]]]:
    """The chunk with ``cur`` masked, and where every other entity's mentions now sit."""
    c = d.chunks[ci]
    want = set(cur)
    masked = sorted(m for e in d.entities if e.entity_id in want for m in e.mentions if c.contains(m))
    text = engine._masked_chunk(d, ci, cur)
    ctext = d.text[c.start : c.end]
    shifts = []  # (original end, cumulative length change) of each replacement
    delta = 0
    for m in masked:
        repl = engine._repl(m.shifted(-c.start), ctext[max(0, m.start - c.start - 40) : m.start - c.start])
        delta += len(repl) - m.length
        shifts.append((m.end - c.start, delta))
    positions: dict[int, list[tuple[int, int]]] = {}
    for e in d.entities:
        if e.entity_id in want:
            continue
        for m in e.mentions:
            if c.contains(m):
                s0 = m.start - c.start
                off = max((dl for end, dl in shifts if end <= s0), default=0)
                positions.setdefault(e.entity_id, []).append((s0 + off, m.end - c.start + off))
    return text, positions
