"""PA-HDP (seed 002): query-aware, differentially private rewriting of retrieved context.

Post-retrieval, per query: sentence-level privacy units are scored against
the query, tiered, and the risky ones rewritten through an exponential
mechanism over same-category substitutions, with ε tracked per document in a
budget ledger across queries. See :class:`PAHDP` and DESIGN.md.

Importing this package loads no model; :class:`PAHDP` loads the defaults
(detector, MiniLM, the TRIP-RAG f_priv head) when constructed.
"""

from privrag.pahdp.candidates import Candidate, SafePool, build_candidates, generalized_text
from privrag.pahdp.engine import PAHDP, PAHDPConfig, content_doc_id
from privrag.pahdp.ledger import (
    BudgetExceededError,
    BudgetLedger,
    DocumentBudget,
    InMemoryLedger,
    SQLiteLedger,
    open_ledger,
)
from privrag.pahdp.mechanism import (
    ExponentialMechanism,
    Selection,
    clipped_utility,
    selection_probabilities,
)
from privrag.pahdp.receipts import PAHDPResult, UnitDecision
from privrag.pahdp.records import aprotect_context_records, protect_context_records
from privrag.pahdp.risk import DEFAULT_FIELD_WEIGHTS, TIERS, RiskModel, UnitRisk, extraction_intent
from privrag.pahdp.units import PrivacyUnit, split_units

__all__ = [
    "PAHDP",
    "PAHDPConfig",
    "PAHDPResult",
    "UnitDecision",
    "RiskModel",
    "UnitRisk",
    "TIERS",
    "DEFAULT_FIELD_WEIGHTS",
    "extraction_intent",
    "PrivacyUnit",
    "split_units",
    "SafePool",
    "Candidate",
    "build_candidates",
    "generalized_text",
    "ExponentialMechanism",
    "Selection",
    "clipped_utility",
    "selection_probabilities",
    "BudgetLedger",
    "InMemoryLedger",
    "SQLiteLedger",
    "DocumentBudget",
    "BudgetExceededError",
    "open_ledger",
    "content_doc_id",
    "protect_context_records",
    "aprotect_context_records",
]
