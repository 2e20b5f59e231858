"""The TRIP-RAG stage of ``make demo``."""

from __future__ import annotations

import pytest

from tests.trip.conftest import HashEmbedder, TripDetector, fake_calibration, fake_surrogate


def test_trip_stage_returns_texts_and_reasons():
    from privrag.demo_trip import trip_stage
    from privrag.trip import TripRag

    engine = TripRag(TripDetector(), embedder=HashEmbedder(), surrogate=fake_surrogate(), calibration=fake_calibration())
    texts = ["John Murray wrote from john@example.org in 2001.", "nothing here"]
    protected, report = trip_stage(texts, engine)
    assert len(protected) == 2 and "john@example.org" not in protected[0]
    assert "document 1:" in report and "document 2:" in report
    assert "always" in report  # the e-mail's reason
    assert "Ψ" in report and "τ" in report


@pytest.mark.integration
def test_trip_stage_on_the_demo_corpus():
    from privrag.demo import load_corpus
    from privrag.demo_trip import trip_stage

    docs = load_corpus()[:2]
    protected, report = trip_stage([t for _, t in docs])
    assert len(protected) == 2 and "masked" in report
