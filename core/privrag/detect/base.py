"""The detector protocol and the behaviour every detector shares.

A detector turns text into :class:`~privrag.types.DetectedEntity` spans. The
base class adds what every implementation needs and should not re-implement:
input validation, batch and async entry points, and failing closed — an
exception inside a model becomes a :class:`~privrag.types.PrivacyError`, so a
broken detector can never be mistaken for "nothing to protect".
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from privrag.types import DetectedEntity, PrivacyError

__all__ = ["EntityDetector", "BaseDetector", "MAX_TEXT_CHARS"]

#: hard ceiling on one text, far above any sane chunk; beyond it we refuse
#: rather than silently truncate (truncation would leave the tail unscanned).
MAX_TEXT_CHARS = 20_000_000


@runtime_checkable
class EntityDetector(Protocol):
    """Anything that finds sensitive spans in text."""

    def detect(self, text: str) -> list[DetectedEntity]: ...

    def detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]: ...

    async def adetect(self, text: str) -> list[DetectedEntity]: ...


class BaseDetector:
    """Shared plumbing; subclasses implement :meth:`_detect` (and optionally
    :meth:`_detect_batch` when the model batches natively)."""

    #: name recorded in ``DetectedEntity.source``
    name: str = "detector"

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls._detect is BaseDetector._detect and cls._detect_batch is BaseDetector._detect_batch:
            raise TypeError(f"{cls.__name__} must implement _detect or _detect_batch")

    def _detect(self, text: str) -> list[DetectedEntity]:
        return self._detect_batch([text])[0]

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return [self._detect(t) for t in texts]

    # -- public API -------------------------------------------------------
    def detect(self, text: str) -> list[DetectedEntity]:
        """Spans sorted by position; empty text gives an empty list."""
        return self.detect_batch([text])[0]

    def detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return [spans for spans, _ in self.detect_with_keep_batch(texts)]

    def _detect_with_keep_batch(self, texts: Sequence[str]) -> list[tuple[list[DetectedEntity], list[Any]]]:
        """Override in detectors that also find what must survive (:mod:`privrag.keep`)."""
        return [(list(spans), []) for spans in self._detect_batch(texts)]

    def detect_with_keep_batch(self, texts: Sequence[str]) -> list[tuple[list[DetectedEntity], list[Any]]]:
        """Per text: the spans to protect and the :class:`~privrag.keep.KeepSpan` s that must
        survive (empty for a detector that finds none). Same validation and fail-closed
        behaviour as :meth:`detect_batch`."""
        texts = list(texts)
        for t in texts:
            _validate(t)
        todo = [i for i, t in enumerate(texts) if t.strip()]
        out: list[tuple[list[DetectedEntity], list[Any]]] = [([], []) for _ in texts]
        if not todo:
            return out
        try:
            found = self._detect_with_keep_batch([texts[i] for i in todo])
        except PrivacyError:
            raise
        except Exception as exc:  # fail closed
            raise PrivacyError(f"{self.name} detection failed: {exc!r}") from exc
        for i, (spans, keeps) in zip(todo, found, strict=True):
            out[i] = (sorted(_checked(spans, texts[i], self.name)), sorted(keeps))
        return out

    async def adetect(self, text: str) -> list[DetectedEntity]:
        """Runs the (CPU-bound) model in a worker thread so the event loop stays free."""
        return await asyncio.to_thread(self.detect, text)

    async def adetect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return await asyncio.to_thread(self.detect_batch, list(texts))


def _validate(text: object) -> None:
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise PrivacyError(
            f"text of {len(text):,} characters exceeds the {MAX_TEXT_CHARS:,} limit; split it first"
        )


def _checked(spans: Iterable[DetectedEntity], text: str, name: str) -> list[DetectedEntity]:
    """Drop nothing silently: a span outside the text is a detector bug."""
    out = []
    for s in spans:
        if s.end > len(text) or s.start >= s.end:
            if s.start == s.end:
                continue
            raise PrivacyError(f"{name} returned span [{s.start}, {s.end}) outside text")
        if s.text != text[s.start : s.end]:
            s = DetectedEntity(s.start, s.end, s.label, text[s.start : s.end], s.score, s.source)
        out.append(s)
    return out
