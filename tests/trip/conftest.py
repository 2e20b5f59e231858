"""Fakes for the TRIP-RAG unit tests (tests only): a hashing embedder and a
surrogate that reads "how many capitalised words / digits are left"."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np
import pytest

from privrag.detect.base import BaseDetector
from privrag.trip import PrivacySurrogate, RobustNorm, TripCalibration
from privrag.types import DetectedEntity

DIM = 384


class HashEmbedder:
    """Bag of words hashed into 384 dims; capitalised words and numbers land in
    the first half, other words in the second. Counts encoder calls."""

    dim = DIM
    tokenizer = None

    def __init__(self) -> None:
        self.calls = 0
        self.texts = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.texts += len(texts)
        out = np.zeros((len(texts), DIM), np.float32)
        for i, t in enumerate(texts):
            for w in re.findall(r"\w+", t):
                h = int(hashlib.md5(w.lower().encode()).hexdigest(), 16) % (DIM // 2)
                risky = w[0].isupper() or w[0].isdigit()
                out[i, h if risky else DIM // 2 + h] += 1.0
            out[i, -1] += 1.0
        return out / np.linalg.norm(out, axis=1, keepdims=True)


class TripDetector(BaseDetector):
    """Capitalised word pairs → PERSON, years → DATE_TIME, 12345/02 → CODE, e-mails → EMAIL_ADDRESS."""

    name = "trip-regex"
    PATTERNS = (
        (r"\b[A-Z][a-z]+ [A-Z][a-z]+\b", "PERSON"),
        (r"\b(?:19|20)\d\d\b", "DATE_TIME"),
        (r"\b\d{4,5}/\d{2}\b", "CODE"),
        (r"\b[\w.]+@[\w.]+\.\w+\b", "EMAIL_ADDRESS"),
    )

    def _detect(self, text: str) -> list[DetectedEntity]:
        out = []
        for pattern, label in self.PATTERNS:
            for m in re.finditer(pattern, text):
                out.append(DetectedEntity(m.start(), m.end(), label, m.group(0), 0.9, self.name))
        return out


class BrokenEmbedder(HashEmbedder):
    def embed(self, texts: Sequence[str]) -> np.ndarray:
        raise RuntimeError("encoder down")


def fake_surrogate() -> PrivacySurrogate:
    w2 = np.zeros(DIM, np.float32)
    w2[: DIM // 2] = 6.0
    return PrivacySurrogate(
        mean=np.zeros(DIM, np.float32), std=np.ones(DIM, np.float32),
        w1=np.zeros((0, DIM), np.float32), b1=np.zeros(0, np.float32), w2=w2, b2=-1.0, meta={"fake": True},
    )


def fake_calibration(tau: float = 0.3) -> TripCalibration:
    return TripCalibration(tau=tau, knw=RobustNorm(0.01, 0.02), retr=RobustNorm(-1.2, 0.2), meta={"calibrated": False})


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    return HashEmbedder()


@pytest.fixture
def make_trip(hash_embedder):
    from privrag.trip import TripRag

    def make(**kw):
        kw.setdefault("detector", TripDetector())
        kw.setdefault("embedder", hash_embedder)
        kw.setdefault("surrogate", fake_surrogate())
        kw.setdefault("calibration", fake_calibration())
        return TripRag(**kw)

    return make


class WordTokenizer:
    """Offsets of \\w+ words: the 'tokens' of TokenHashEmbedder."""

    is_fast = False

    def __call__(self, text, **kwargs):
        return {"offset_mapping": [m.span() for m in re.finditer(r"\w+", text)]}


class TokenHashEmbedder(HashEmbedder):
    """Adds a token pass: each word becomes one 'token' vector (its hashed one-hot)."""

    tokenizer = WordTokenizer()
    max_seq_length = 10_000

    def __init__(self) -> None:
        super().__init__()
        self.token_calls = 0

    def iter_token_embeddings(self, texts, batch_size=None):
        self.token_calls += 1
        texts = list(texts)
        bs = batch_size or 3
        for i in range(0, len(texts), bs):
            batch = texts[i : i + bs]
            sent = self.embed(batch)
            self.calls -= 1
            words = [re.findall(r"\w+", t) or [""] for t in batch]
            L = max(len(w) for w in words)
            tokens = np.zeros((len(batch), L, DIM), np.float32)
            mask = np.zeros((len(batch), L), bool)
            for k, ws in enumerate(words):
                for j, w in enumerate(ws):
                    if w:
                        tokens[k, j] = self.embed([w])[0]
                        self.calls -= 1
                        mask[k, j] = True
            yield sent, tokens, mask


def fake_token_head():
    from privrag.trip.surrogate import TokenHead

    w1 = np.zeros((1, DIM), np.float32)
    w1[0, : DIM // 2] = 1.0  # "risky" (capitalised / numeric) words light up
    return TokenHead(mean=np.zeros(DIM, np.float32), std=np.ones(DIM, np.float32), w1=w1,
                     b1=np.zeros(1, np.float32), w2=np.array([8.0], np.float32), b2=-4.0)
