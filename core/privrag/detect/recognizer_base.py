"""The recognizer machinery behind :mod:`privrag.detect.recognizers`.

:class:`ContextPatternRecognizer` is a Presidio ``PatternRecognizer`` that
(1) checks its context phrases as whole words in a character window around
each match, inside the recognizer, so scores do not depend on an NLP engine
or on Presidio's substring matching ("id" inside "did"); (2) runs a
validator per pattern (checksums); (3) marks its results as context-scored
so an ``AnalyzerEngine`` does not boost them a second time.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import regex

try:
    from presidio_analyzer import (
        AnalysisExplanation,
        EntityRecognizer,
        Pattern,
        PatternRecognizer,
        RecognizerResult,
    )
except ImportError as exc:  # pragma: no cover - a core dependency
    raise ImportError("identifier recognizers need presidio: `pip install presidio-analyzer`") from exc

__all__ = [
    "CONTEXT_FREE_MIN", "CONTEXT_BOOST", "Rule", "ContextPatternRecognizer",
    "iban_ok", "keyed_code", "pesel_ok", "ahv_ok", "tc_kimlik_ok", "dni_ok", "min_digits", "ip_ok", "english_stop_words", "layout_result",
]  # fmt: skip

#: a pattern scoring at least this much is trusted without context words
CONTEXT_FREE_MIN = 0.5
#: added to a match's score when one of its recognizer's context phrases is near
CONTEXT_BOOST = 0.45

_FLAGS = regex.DOTALL | regex.MULTILINE | regex.IGNORECASE


def layout_result(recognizer: Any, entity: str, start: int, end: int, score: float, rule: str, why: str,
                  name: str | None = None) -> RecognizerResult:
    """A ``RecognizerResult`` of a recognizer that reads a gazetteer or a layout, not context
    words: marked as context-scored so an ``AnalyzerEngine`` does not boost it."""
    name = name or recognizer.name
    explanation = AnalysisExplanation(recognizer=name, original_score=score, pattern_name=rule, pattern=None,
                                      textual_explanation=why)
    return RecognizerResult(
        entity_type=entity, start=start, end=end, score=score, analysis_explanation=explanation,
        recognition_metadata={
            RecognizerResult.RECOGNIZER_NAME_KEY: name,
            RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: recognizer.id,
            RecognizerResult.IS_SCORE_ENHANCED_BY_CONTEXT_KEY: True,
        },
    )


@dataclass(frozen=True)
class Rule:
    """One regular expression of a recognizer.

    ``validator(match) -> bool`` drops the match when it returns False;
    ``in_context(text, start, end) -> bool`` does the same with the text around the match
    (a word before it that a pattern cannot look up).
    ``case_sensitive`` compiles without IGNORECASE (codes written in capitals).
    """

    name: str
    pattern: str
    score: float
    validator: Callable[[str], bool] | None = None
    case_sensitive: bool = False
    in_context: Callable[[str, int, int], bool] | None = None


def _context_regex(words: Sequence[str]) -> Any:
    phrases = sorted({w.strip().lower() for w in words if w.strip()}, key=len, reverse=True)
    if not phrases:
        return None
    body = "|".join(regex.escape(p).replace(r"\ ", r"\s+") for p in phrases)
    return regex.compile(rf"(?<!\w)(?:{body})(?!\w)", regex.IGNORECASE)


class ContextPatternRecognizer(PatternRecognizer):
    """A ``PatternRecognizer`` with per-pattern validators and whole-word context.

    Key init args:
        entity: the Presidio entity type it reports (``CASE_NUMBER``, …).
        rules: the :class:`Rule` list.
        context: phrases that raise a nearby match's score by ``context_boost``.
        before / after: context window in characters on each side of a match.
    """

    def __init__(
        self,
        entity: str,
        rules: Sequence[Rule],
        *,
        name: str | None = None,
        context: Sequence[str] = (),
        context_boost: float = CONTEXT_BOOST,
        before: int = 48,
        after: int = 16,
        language: str = "en",
    ) -> None:
        super().__init__(
            supported_entity=entity,
            name=name or f"privrag_{entity.lower()}",
            supported_language=language,
            patterns=[Pattern(r.name, r.pattern, r.score) for r in rules],
            context=list(context),
        )
        self.rules = list(rules)
        self._compiled = [
            regex.compile(r.pattern, _FLAGS & ~regex.IGNORECASE if r.case_sensitive else _FLAGS)
            for r in self.rules
        ]
        self._context_re = _context_regex(context)
        self.context_boost = context_boost
        self.before = before
        self.after = after

    def has_context(self, text: str, start: int, end: int) -> bool:
        """Is one of the context phrases within the window around ``[start, end)``?"""
        if self._context_re is None:
            return False
        lo = max(0, start - self.before)
        hi = min(len(text), end + self.after)
        return bool(self._context_re.search(text, lo, start) or self._context_re.search(text, end, hi))

    def analyze(
        self,
        text: str,
        entities: list[str] | None = None,
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[Any]:
        if entities and self.supported_entities[0] not in entities:
            return []
        results = []
        for rule, rx in zip(self.rules, self._compiled, strict=True):
            for m in rx.finditer(text):
                start, end = m.span()
                if start == end:
                    continue
                if rule.validator is not None and not rule.validator(m.group()):
                    continue
                if rule.in_context is not None and not rule.in_context(text, start, end):
                    continue
                score = rule.score
                boosted = self.has_context(text, start, end)
                if boosted:
                    score = min(1.0, score + self.context_boost)
                explanation = AnalysisExplanation(
                    recognizer=self.name, original_score=rule.score, pattern_name=rule.name,
                    pattern=rule.pattern, textual_explanation="context" if boosted else None,
                )
                explanation.score = score
                results.append(
                    RecognizerResult(
                        entity_type=self.supported_entities[0], start=start, end=end, score=score,
                        analysis_explanation=explanation,
                        recognition_metadata={
                            RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                            RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
                            # context already scored here: keep the engine from boosting twice
                            RecognizerResult.IS_SCORE_ENHANCED_BY_CONTEXT_KEY: True,
                        },
                    )
                )
        return EntityRecognizer.remove_duplicates(results)


# ------------------------------------------------------------------ validators


def _digits(s: str) -> str:
    return "".join(ch for ch in s if ch.isdigit())


def iban_ok(s: str) -> bool:
    code = regex.sub(r"\s", "", s).upper()
    if not 15 <= len(code) <= 34:
        return False
    moved = code[4:] + code[:4]
    num = "".join(str(int(ch, 36)) for ch in moved)
    return int(num) % 97 == 1


def pesel_ok(s: str) -> bool:
    d = _digits(s)
    if len(d) != 11:
        return False
    w = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
    return (10 - sum(int(a) * b for a, b in zip(d, w, strict=False)) % 10) % 10 == int(d[10])


def tc_kimlik_ok(s: str) -> bool:
    d = [int(c) for c in _digits(s)]
    if len(d) != 11 or d[0] == 0:
        return False
    d10 = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    return d10 == d[9] and sum(d[:10]) % 10 == d[10]


def dni_ok(s: str) -> bool:
    m = regex.fullmatch(r"(\d{8})-?([A-Za-z])", s.strip())
    return bool(m) and "TRWAGMYFPDXBNJZSQVHLCKE"[int(m.group(1)) % 23] == m.group(2).upper()


def rut_ok(s: str) -> bool:
    """Chile's RUT / RUN: the body's digits weighted 2, 3, …, 7 from the right, and the check digit (or K)
    that makes the sum a multiple of 11 ("17.482.391-K")."""
    m = regex.fullmatch(r"([\d.]+)-([\dKk])", s.strip())
    if not m:
        return False
    body = _digits(m.group(1))
    if not 7 <= len(body) <= 8:
        return False
    total = sum(int(ch) * (2 + i % 6) for i, ch in enumerate(reversed(body)))
    check = 11 - total % 11
    return {11: "0", 10: "K"}.get(check, str(check)) == m.group(2).upper()


def ahv_ok(s: str) -> bool:
    """Switzerland's AHV/AVS number: 756 (the country), nine digits and an EAN-13 check digit
    ("756.4812.3396.02"): the first twelve digits weighted 1, 3, 1, 3, …, and the digit that makes ten."""
    d = _digits(s)
    if len(d) != 13 or not d.startswith("756"):
        return False
    total = sum(int(ch) * (3 if i % 2 else 1) for i, ch in enumerate(d[:12]))
    return (10 - total % 10) % 10 == int(d[12])


def min_digits(n: int) -> Callable[[str], bool]:
    return lambda s: len(_digits(s)) >= n


def ip_ok(s: str) -> bool:
    try:
        ipaddress.ip_address(s)
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=1)
def english_stop_words() -> frozenset[str]:
    """spaCy's English stop words (no model load): the words a cue-based name never starts with."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def keyed_code(keywords: str, code: str = r"(?:(?-i:[A-Z]{1,4})[-\s]?)?\d[\d\s-]{2,30}\d(?-i:[A-Z]?)") -> str:
    """``<keyword> [number|no.|#|:] [is] <code>``: the keyword is the context, only the code is matched."""
    return (rf"(?<=\b(?:{keywords})\s?(?:number|num|no|nr|id|#)?\.?\s?[:#]?(?:\s(?:is|was))?\s{{0,2}})"
            rf"(?<![\w-]){code}(?![\w-])")
