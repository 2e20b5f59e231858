"""Results and receipts of one PA-HDP call.

A receipt answers the privacy officer's questions without repeating a single
original string: how many units fell in each tier, what each unit cost, what
each source document was charged in this call, and what is left of its
budget. The call-level receipt (``PAHDPResult.receipt``) carries document ids
(the caller's own keys); the per-context receipts that adapters put into
document metadata carry numbers only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from privrag.pahdp.ledger import DocumentBudget
from privrag.pahdp.risk import TIERS
from privrag.types import DetectedEntity, PrivacyReceipt, ProtectedText

__all__ = ["MECHANISM", "UnitDecision", "PAHDPResult", "context_receipt", "call_receipt"]

MECHANISM = "pa-hdp"

NEIGHBOURING = (
    "units with the same template (non-entity text, entity positions, categories and coreference) "
    "whose substituted entity values differ; ε per unit composes additively per document"
)


@dataclass
class UnitDecision:
    """What happened to one unit (offsets into its context; no text)."""

    context: int
    start: int
    end: int
    tier: str
    base_tier: str
    raised_by: str | None
    risk: float
    s_rel: float
    s_field: float
    entities: int
    action: str  # "kept", "sampled" or "generalized"
    epsilon: float = 0.0
    n_candidates: int = 0
    chosen: int | None = None
    probability: float | None = None
    distance: float | None = None
    r_leak: float | None = None
    substituted: int = 0
    out_start: int = 0  # where the released unit sits in the protected text
    out_end: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PAHDPResult:
    """Protected contexts, one :class:`ProtectedText` each, and the call's receipt."""

    texts: list[str]
    items: list[ProtectedText]
    receipt: PrivacyReceipt
    units: list[UnitDecision] = field(default_factory=list)
    doc_ids: list[str] = field(default_factory=list)

    @property
    def epsilon(self) -> float:
        """The largest ε any one document was charged in this call."""
        return float(self.receipt.epsilon or 0.0)


def _tier_counts(units: list[UnitDecision]) -> dict[str, int]:
    tiers = Counter(u.tier for u in units)
    actions = Counter(u.action for u in units)
    counts = {f"units_{t}": tiers.get(t, 0) for t in TIERS}
    counts.update({"units": len(units), "sampled": actions.get("sampled", 0),
                   "generalized": actions.get("generalized", 0), "kept": actions.get("kept", 0)})
    return counts


_ROW_FIELDS = tuple(f for f in UnitDecision.__dataclass_fields__ if f not in ("start", "end", "out_start", "out_end"))


def _unit_row(u: UnitDecision) -> dict[str, Any]:
    row = {f: getattr(u, f) for f in _ROW_FIELDS}  # flat fields: no asdict deep copies
    row["span"] = [u.start, u.end]
    return row


def context_receipt(
    text: str,
    protected: str,
    masked: list[DetectedEntity],
    units: list[UnitDecision],
    doc_epsilon: float,
    account: DocumentBudget,
    epsilon_mid: float,
    epsilon_high: float,
) -> ProtectedText:
    """The per-context result adapters attach to a document: numbers only."""
    eps = float(sum(u.epsilon for u in units))
    counts: dict[str, Any] = _tier_counts(units)
    counts.update({
        "chars": len(text),
        "mentions": sum(u.entities for u in units),
        "epsilon_context": eps,
        "epsilon_document": doc_epsilon,
        "ledger_spent": account.spent,
    })
    if account.budget is not None:
        counts["ledger_budget"] = account.budget
        counts["ledger_remaining"] = account.remaining
    receipt = PrivacyReceipt(
        mechanism=MECHANISM,
        epsilon=eps,
        delta=0.0,
        protected=dict(Counter(s.label for s in masked)),
        counts=counts,
        details={
            "dp": True,
            "epsilon_mid": epsilon_mid,
            "epsilon_high": epsilon_high,
            "units": [_unit_row(u) for u in units],
            "ledger": {k: v for k, v in account.to_dict().items() if k != "doc_id"},
        },
    )
    return ProtectedText(text=protected, masked_spans=masked, receipt=receipt)


def call_receipt(
    units: list[UnitDecision],
    doc_ids: list[str],
    doc_epsilon: dict[str, float],
    accounts: dict[str, DocumentBudget],
    *,
    epsilon_mid: float,
    epsilon_high: float,
    query_info: dict[str, Any],
    masked: list[list[DetectedEntity]],
    config: dict[str, Any],
) -> PrivacyReceipt:
    """The receipt of a whole call: ε per unit, per document, and the ledger state."""
    per_doc: dict[str, dict[str, Any]] = {}
    for d in dict.fromkeys(doc_ids):
        ctx = [i for i, x in enumerate(doc_ids) if x == d]
        mine = [u for u in units if u.context in ctx]
        per_doc[d] = {
            "contexts": ctx,
            "epsilon": doc_epsilon.get(d, 0.0),
            "units_sampled": sum(u.action == "sampled" for u in mine),
            "units_generalized": sum(u.action == "generalized" for u in mine),
            "ledger": accounts[d].to_dict(),
        }
    counts: dict[str, Any] = _tier_counts(units)
    counts.update({"contexts": len(doc_ids), "documents": len(per_doc),
                   "epsilon_total": float(sum(doc_epsilon.values()))})
    protected: Counter[str] = Counter()
    for spans in masked:
        protected.update(s.label for s in spans)
    return PrivacyReceipt(
        mechanism=MECHANISM,
        epsilon=max(doc_epsilon.values(), default=0.0),
        delta=0.0,
        protected=dict(protected),
        counts=counts,
        details={
            "dp": True,
            "epsilon_mid": epsilon_mid,
            "epsilon_high": epsilon_high,
            "neighbouring": NEIGHBOURING,
            "composition": "basic: ε per document = sum of ε over its sampled units",
            "query": query_info,
            "per_document": per_doc,
            "per_unit": [_unit_row(u) for u in units],
            "config": config,
        },
    )
