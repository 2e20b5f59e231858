"""The TRIP-RAG stage of ``make demo``: protected texts plus every decision and why.

The demo runs on the owner's machine, so the printout names each entity next
to its decision; nothing printed here is sent anywhere.
"""

from __future__ import annotations

from privrag.trip import TripRag, explain

__all__ = ["trip_stage"]


def trip_stage(texts: list[str], engine: TripRag | None = None) -> tuple[list[str], str]:
    """Protect ``texts`` with TRIP-RAG; return the protected texts and a report.

    The report has one block per document: a summary line (entities masked /
    kept, τ) and one line per entity with S_priv, S_knw, S_retr, Ψ and the
    reason for its decision.
    """
    engine = engine or TripRag()
    results = engine.protect_batch(texts)
    blocks = []
    for i, res in enumerate(results, 1):
        c = res.receipt.counts
        head = (f"document {i}: {c['entities_masked']} of {c['entities']} entities masked, "
                f"{c['entities_kept']} kept (τ = {engine.tau:.3f})")
        blocks.append(head + "\n" + explain(res, show_text=True))
    total_m = sum(r.receipt.counts["entities_masked"] for r in results)
    total = sum(r.receipt.counts["entities"] for r in results)
    blocks.append(f"TRIP-RAG masked {total_m} of {total} entities; the rest stay for retrieval.")
    return [r.text for r in results], "\n\n".join(blocks)
