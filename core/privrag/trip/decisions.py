"""Per-entity decisions and their explanations.

A privacy officer must be able to ask "why was this kept?" of any entity.
Every decision carries the three scores, Ψ and τ of the chunk where Ψ was
highest, plus a reason code. None of it quotes the document: the dictionary
form is safe to store in vector-store metadata.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from privrag.trip.scores import EntityScores
from privrag.types import ProtectedText

__all__ = ["EntityDecision", "REASONS", "explain"]

#: reason code → sentence (no document text in any of them)
REASONS: dict[str, str] = {
    "psi_above_tau": "masked: privacy risk outweighs retrieval utility (Ψ > τ)",
    "psi_below_tau": "kept: retrieval utility outweighs privacy risk (Ψ ≤ τ)",
    "always_mask": "masked: policy masks this type always",
    "never_mask": "kept: on the never-mask list",
    "never_mask_label": "kept: policy never masks this type",
    "greedy_selected": "masked: selected by greedy refinement (Ψ > τ after earlier masks)",
    "greedy_kept": "kept: Ψ ≤ τ once the greedy refinement masked other entities",
    "masked_in_document": "masked: masked in another chunk of the same document",
}


@dataclass(frozen=True)
class EntityDecision:
    """What TRIP-RAG did with one entity of a document."""

    entity_id: int
    label: str
    mentions: int
    masked: bool
    reason: str
    tau: float
    scores: EntityScores | None

    def to_dict(self) -> dict[str, Any]:
        """String-free form (labels, counts, scores, reason codes only)."""
        out: dict[str, Any] = {
            "entity": self.entity_id,
            "label": self.label,
            "mentions": self.mentions,
            "decision": "mask" if self.masked else "keep",
            "reason": self.reason,
            "tau": round(self.tau, 4),
        }
        if self.scores is not None:
            out.update(self.scores.to_dict())
        return out


def explain(result: ProtectedText, *, show_text: bool = False) -> str:
    """A printable table of a TRIP-RAG result's decisions, one line per entity.

    ``show_text`` adds each entity's longest surface form: for the owner's own
    console only, never for anything that leaves the machine.
    """
    rows = result.receipt.details.get("entities", [])
    if not rows:
        return "no entities detected"
    names = {e.entity_id: e.canonical for e in result.entities}
    lines = [f"{'#':>3} {'label':<10} {'decision':<8} {'S_priv':>7} {'S_knw':>6} {'S_retr':>6} {'Ψ':>7} {'τ':>6}  reason"]
    for r in rows:
        def num(key: str, width: int, r: dict[str, Any] = r) -> str:
            v = r.get(key)
            return f"{v:>{width}.3f}" if isinstance(v, (int, float)) else " " * (width - 1) + "-"

        line = (f"{r['entity']:>3} {r['label']:<10} {r['decision']:<8} {num('s_priv', 7)} {num('s_knw', 6)} "
                f"{num('s_retr', 6)} {num('psi', 7)} {r['tau']:>6.3f}  {REASONS.get(r['reason'], r['reason'])}")
        if show_text and r["entity"] in names:
            line += f"  [{names[r['entity']]}]"
        lines.append(line)
    return "\n".join(lines)
