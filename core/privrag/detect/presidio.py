"""Presidio (spaCy NER + pattern recognizers) as a privrag detector."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from privrag import models
from privrag.detect.base import BaseDetector
from privrag.detect.presidio_context import linear_enhancer_for
from privrag.detect.windows import char_windows, detect_windowed
from privrag.types import DetectedEntity

__all__ = ["PresidioDetector"]


class PresidioDetector(BaseDetector):
    """Presidio ``AnalyzerEngine`` on the offline spaCy model, built once.

    Key init args:
        entities: Presidio entity types to report (``None`` = all recognizers).
        score_threshold: Presidio's own threshold (its default is 0).
        extra_ner_labels: spaCy labels Presidio ignores by default that should
            be reported too, e.g. ``("CARDINAL",)`` to catch case numbers.
        recognizers: additional Presidio ``EntityRecognizer`` objects.
        analyzer: an already built ``AnalyzerEngine`` (overrides the above).

    Long texts are analysed in overlapping 100k-character windows because
    spaCy refuses texts over ``nlp.max_length`` and memory grows with length.
    """

    name = "presidio"
    #: characters per analysis window and overlap between windows
    WINDOW_CHARS = 100_000
    OVERLAP_CHARS = 500

    def __init__(
        self,
        *,
        entities: Sequence[str] | None = None,
        score_threshold: float | None = None,
        extra_ner_labels: Sequence[str] = (),
        recognizers: Sequence[Any] = (),
        spacy_model: str = models.DEFAULT_SPACY_MODEL,
        analyzer: Any | None = None,
        language: str = "en",
    ) -> None:
        if analyzer is None:
            analyzer = models.presidio_analyzer(spacy_model, ner_labels=tuple(extra_ner_labels))
            if recognizers:
                # a private engine: never mutate the shared cached one
                from presidio_analyzer import AnalyzerEngine

                registry = _copy_registry(analyzer.registry)
                for rec in recognizers:
                    registry.add_recognizer(rec)
                analyzer = AnalyzerEngine(
                    registry=registry, nlp_engine=analyzer.nlp_engine, supported_languages=[language]
                )
        # Presidio's stock context enhancer is quadratic in a document's length
        linear_enhancer_for(analyzer)
        self.analyzer = analyzer
        self.entities = list(entities) if entities else None
        self.score_threshold = score_threshold
        self.language = language
        self.extra_ner_labels = tuple(extra_ner_labels)

    def _analyze(self, text: str) -> list[DetectedEntity]:
        results = self.analyzer.analyze(
            text=text,
            language=self.language,
            entities=self.entities,
            score_threshold=self.score_threshold,
        )
        out = []
        for r in results:
            meta = getattr(r, "recognition_metadata", None) or {}
            source = meta.get("recognizer_name", "presidio")
            out.append(
                DetectedEntity(r.start, r.end, r.entity_type, text[r.start : r.end], float(r.score), source)
            )
        return out

    def _detect(self, text: str) -> list[DetectedEntity]:
        wins = char_windows(text, self.WINDOW_CHARS, self.OVERLAP_CHARS)
        if len(wins) == 1:
            return self._analyze(text)
        return detect_windowed(text, wins, lambda pieces: [self._analyze(p) for p in pieces])


def _copy_registry(registry: Any) -> Any:
    from presidio_analyzer import RecognizerRegistry

    new = RecognizerRegistry(supported_languages=list(registry.supported_languages))
    for rec in registry.recognizers:
        new.add_recognizer(rec)
    return new
