"""Fakes for unit tests only (never imported by product code)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.detect.base import BaseDetector
from privrag.types import DetectedEntity


class RegexDetector(BaseDetector):
    """Finds capitalised word pairs as PERSON and 4-digit years as DATE_TIME."""

    name = "regex"

    def _detect(self, text: str) -> list[DetectedEntity]:
        out = []
        for m in re.finditer(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b", text):
            out.append(DetectedEntity(m.start(), m.end(), "PERSON", m.group(0), 0.9, self.name))
        for m in re.finditer(r"\b(19|20)\d\d\b", text):
            out.append(DetectedEntity(m.start(), m.end(), "DATE_TIME", m.group(0), 0.8, self.name))
        return out


class BrokenDetector(BaseDetector):
    name = "broken"

    def _detect(self, text: str) -> list[DetectedEntity]:
        raise RuntimeError("model crashed")


class OutOfRangeDetector(BaseDetector):
    name = "out_of_range"

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return [[DetectedEntity(0, len(t) + 5, "PERSON", t, 1.0, self.name)] for t in texts]
