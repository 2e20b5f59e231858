"""TRIP-RAG: selective anonymization of documents before they are indexed.

Masking every detected entity destroys retrieval; TRIP-RAG (seed paper 000)
masks only the entities whose marginal privacy risk outweighs their value
for retrieval: ``Ψ(e) = α·S_priv − β·S_retr − γ·S_knw > τ``, on top of a
policy (identifiers always masked, an allow-list never).

    >>> from privrag.trip import TripRag
    >>> result = TripRag().protect(text)          # doctest: +SKIP
    >>> result.text, result.receipt.details["entities"]   # doctest: +SKIP

Modules: :mod:`.engine` (TripRag), :mod:`.analysis` (per-document state),
:mod:`.scores`, :mod:`.normalize` (F_norm + calibration file), :mod:`.surrogate`
(f_priv, sentence and token heads), :mod:`.policy`, :mod:`.chunking`,
:mod:`.decisions` (explanations), :mod:`.greedy` (the paper's refinement),
:mod:`.calibrate` (τ), :mod:`.train` / :mod:`.train_tokens` (fitting f_priv).
"""

from privrag.trip.analysis import DocAnalysis
from privrag.trip.chunking import Chunk, encoder_chunks
from privrag.trip.decisions import REASONS, EntityDecision, explain
from privrag.trip.engine import TripRag
from privrag.trip.normalize import RobustNorm, TripCalibration, load_default_calibration
from privrag.trip.policy import DEFAULT_ALWAYS_MASK, TripPolicy
from privrag.trip.scores import EntityScores
from privrag.trip.surrogate import LEVELS, PrivacySurrogate, load_default_surrogate

__all__ = [
    "Chunk",
    "DEFAULT_ALWAYS_MASK",
    "DocAnalysis",
    "EntityDecision",
    "EntityScores",
    "LEVELS",
    "PrivacySurrogate",
    "REASONS",
    "RobustNorm",
    "TripCalibration",
    "TripPolicy",
    "TripRag",
    "encoder_chunks",
    "explain",
    "load_default_calibration",
    "load_default_surrogate",
]
