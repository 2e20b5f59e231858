"""Fakes and fixtures for the PA-HDP unit tests (tests only, never product code)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np
import pytest

from privrag.detect.base import BaseDetector
from privrag.types import DetectedEntity


class BagOfWordsEmbedder:
    """Hashed bag of words, L2-normalised: texts sharing words get a high cosine."""

    dim = 64

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in re.findall(r"\w+", t.lower()):
                h = int(hashlib.md5(w.encode()).hexdigest(), 16)
                out[i, h % self.dim] += 1.0 if (h >> 8) % 2 else -1.0
            n = np.linalg.norm(out[i])
            out[i] = out[i] / n if n else out[i]
        return out


class ConstantSurrogate:
    """R_leak = a fixed value for every candidate."""

    def __init__(self, value: float = 0.5) -> None:
        self.value = value

    def score_embeddings(self, emb: np.ndarray) -> np.ndarray:
        return np.full(len(np.atleast_2d(emb)), self.value)


class RuleDetector(BaseDetector):
    """Capitalised word pairs (PERSON), 4-digit years (DATE_TIME), ``no. 123/45`` (CASE_NUMBER)."""

    name = "rules"

    def _detect(self, text: str) -> list[DetectedEntity]:
        out = []
        for m in re.finditer(r"\b(?:Mr |Mrs |Dr )?[A-Z][a-z]+ [A-Z][a-z]+\b", text):
            out.append(DetectedEntity(m.start(), m.end(), "PERSON", m.group(0), 0.9, self.name))
        for m in re.finditer(r"\b(?:19|20)\d\d\b", text):
            out.append(DetectedEntity(m.start(), m.end(), "DATE_TIME", m.group(0), 0.8, self.name))
        for m in re.finditer(r"\b\d{3,5}/\d{2}\b", text):
            out.append(DetectedEntity(m.start(), m.end(), "CASE_NUMBER", m.group(0), 0.9, self.name))
        return [s for s in out if not any(o is not s and o.start <= s.start and s.end <= o.end and o.length > s.length for o in out)]


CONTEXT = (
    "The applicant, Anna Christou, was born in 1961 and lives in Nicosia. "
    "Her application no. 18403/91 was lodged in 1991. "
    "The court examined the weather reports carefully. "
    "A hearing took place in 1995. "
    "Anna Christou complained about the length of the proceedings."
)


@pytest.fixture
def fake_engine_factory():
    """Build a PAHDP engine on the fakes (no model loads)."""
    from privrag.pahdp import PAHDP

    def make(**kwargs):
        kwargs.setdefault("detector", RuleDetector())
        kwargs.setdefault("embedder", BagOfWordsEmbedder())
        kwargs.setdefault("surrogate", ConstantSurrogate())
        kwargs.setdefault("seed", 0)
        return PAHDP(**kwargs)

    return make
