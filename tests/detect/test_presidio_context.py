"""The linear context enhancer gives Presidio's own answers (real spaCy via Presidio)."""

from __future__ import annotations

import pytest
from presidio_analyzer import AnalyzerEngine
from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer

from privrag import models
from privrag.detect.presidio_context import LinearLemmaContextAwareEnhancer, linear_enhancer_for

TEXT = (
    "Call my phone 0113 496 0721 today. Account number 12345678, sort code 20-00-00. "
    "My credit card is 4111 1111 1111 1111 and the licence 99 88 77. John Smith, born 03/04/1970, "
    "phone: +44 20 7946 0018; email john@example.org. Reference 555-124564 on the invoice.\n"
) * 4


@pytest.fixture(scope="module")
def shared():
    return models.presidio_analyzer()


def _engine(shared, enhancer) -> AnalyzerEngine:
    return AnalyzerEngine(registry=shared.registry, nlp_engine=shared.nlp_engine,
                          supported_languages=["en"], context_aware_enhancer=enhancer)


def _results(engine: AnalyzerEngine) -> list[tuple[int, int, str, float]]:
    return sorted((r.start, r.end, r.entity_type, round(r.score, 6)) for r in engine.analyze(TEXT, language="en"))


def test_linear_enhancer_scores_like_presidio(shared):
    stock = _results(_engine(shared, LemmaContextAwareEnhancer()))
    linear = _results(_engine(shared, LinearLemmaContextAwareEnhancer()))
    assert linear == stock
    # the texts' context words raised some scores, so the enhancer really ran
    plain = _results(_engine(shared, LemmaContextAwareEnhancer(context_similarity_factor=0.0,
                                                               min_score_with_context_similarity=0.0)))
    assert plain != stock


def test_linear_enhancer_for_swaps_only_the_stock_enhancer(shared):
    engine = _engine(shared, LemmaContextAwareEnhancer(context_prefix_count=7))
    linear_enhancer_for(engine)
    assert type(engine.context_aware_enhancer) is LinearLemmaContextAwareEnhancer
    assert engine.context_aware_enhancer.context_prefix_count == 7

    class Own(LemmaContextAwareEnhancer):
        pass

    own = Own()
    engine = _engine(shared, own)
    linear_enhancer_for(engine)
    assert engine.context_aware_enhancer is own
