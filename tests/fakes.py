"""Fakes for unit tests only (never imported by product code)."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Sequence

from privrag.detect.base import BaseDetector
from privrag.redact import Redactor
from privrag.types import DetectedEntity, ProtectedText


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


class FailsOnDetector(RegexDetector):
    """Like :class:`RegexDetector`, but crashes on any text containing ``word``;
    the crash message quotes the text, as a real model's error might."""

    name = "fails_on"

    def __init__(self, word: str = "SECRET") -> None:
        self.word = word

    def _detect(self, text: str) -> list[DetectedEntity]:
        if self.word in text:
            raise RuntimeError(f"model crashed on {text!r}")
        return super()._detect(text)


def regex_redactor(**kwargs: object) -> Redactor:
    """A ``privrag.methods.METHODS`` factory: the real Redactor on the regex fake."""
    return Redactor(RegexDetector(), **kwargs)  # type: ignore[arg-type]


def failing_redactor(**kwargs: object) -> Redactor:
    """A ``METHODS`` factory whose protection raises PrivacyError on texts with "SECRET"."""
    return Redactor(FailsOnDetector(), **kwargs)  # type: ignore[arg-type]


class InterruptedProtector:
    """A ``METHODS`` factory whose second batch is interrupted, after the first
    batch was written: ``how`` ``"ctrl-c"`` raises KeyboardInterrupt, ``"kill"``
    SIGKILLs the process (no cleanup code runs)."""

    how = "ctrl-c"

    def __init__(self, **kwargs: object) -> None:
        self.inner = regex_redactor(**kwargs)
        self.calls = 0

    def protect_batch(self, texts: Sequence[str]) -> list[ProtectedText]:
        self.calls += 1
        if self.calls == 2:
            if self.how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            raise KeyboardInterrupt
        return self.inner.protect_batch(texts)


class KilledProtector(InterruptedProtector):
    how = "kill"


#: what LlamaIndex's SimpleDirectoryReader writes for patients/john_smith_referral.txt
READER_METADATA = {
    "file_path": "/data/patients/john_smith_referral.txt",
    "file_name": "john_smith_referral.txt",
    "file_type": "text/plain",
    "file_size": 2048,
    "creation_date": "2024-05-01",
    "last_modified_date": "2024-05-01",
    "last_accessed_date": "2024-05-02",
}
