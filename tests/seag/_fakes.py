"""Fakes for SEAG unit tests only (never imported by product code)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from privrag.detect.base import BaseDetector
from privrag.types import DetectedEntity


class GazetteerDetector(BaseDetector):
    """Finds a fixed list of ``(surface, label)`` pairs, word-bounded.

    Deterministic and instant, so unit and property tests can state exactly
    which strings are sensitive.
    """

    name = "gazetteer"

    def __init__(self, entries: Iterable[tuple[str, str]] = ()) -> None:
        self.entries = sorted(set(entries), key=lambda e: -len(e[0]))

    def _detect(self, text: str) -> list[DetectedEntity]:
        out: list[DetectedEntity] = []
        for surface, label in self.entries:
            if not surface:
                continue
            pat = ("(?<!\\w)" if re.match(r"\w", surface[0]) else "") + re.escape(surface) + (
                "(?!\\w)" if re.match(r"\w", surface[-1]) else "")
            for m in re.finditer(pat, text):
                if not any(m.start() < s.end and s.start < m.end() for s in out):
                    out.append(DetectedEntity(m.start(), m.end(), label, m.group(0), 1.0, self.name))
        return out


class BrokenDetector(BaseDetector):
    name = "broken"

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        raise RuntimeError("model crashed")


PEOPLE = [
    ("John Jordan", "PERSON"), ("John", "PERSON"), ("Mr Jordan", "PERSON"), ("John's", "PERSON"),
    ("Mary Jordan", "PERSON"), ("Anna Christou", "PERSON"), ("Acme Corp", "ORG"),
    ("Ankara", "LOCATION"), ("Turkey", "LOCATION"), ("Turkish", "NRP"),
    ("john.jordan@acme.com", "EMAIL_ADDRESS"), ("12 March 2001", "DATE_TIME"), ("1961", "DATE_TIME"),
    ("+44 20 7946 0958", "PHONE_NUMBER"),
]


def people_detector() -> GazetteerDetector:
    return GazetteerDetector(PEOPLE)
