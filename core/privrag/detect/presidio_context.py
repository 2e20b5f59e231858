"""Presidio's lemma context enhancer in linear time.

Presidio raises a pattern match's score when a context word ("phone",
"account") stands just before it. Its :class:`LemmaContextAwareEnhancer`
finds the match's token by walking the document's tokens from the start and
tests each context lemma against the document's keywords as a *list*: both
are linear in the document, per match, so a text with many numbers takes
quadratic time (50 KB of letters: 40 of 56 seconds of Presidio were spent
there). This subclass gives the same answers with a binary search over the
token end offsets and a set of keywords, both built once per document.
"""

from __future__ import annotations

import bisect
import threading
from typing import Any

from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer

__all__ = ["LinearLemmaContextAwareEnhancer", "linear_enhancer_for"]


class LinearLemmaContextAwareEnhancer(LemmaContextAwareEnhancer):
    """:class:`LemmaContextAwareEnhancer` with per-document lookups instead of per-match scans."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._local = threading.local()

    def _index(self, nlp_artifacts: Any) -> tuple[list[int], frozenset[str]]:
        """Token end offsets and the keyword set of ``nlp_artifacts``, cached for the last document.

        The cache holds the artifacts object itself, so its ``id`` cannot be
        reused by another document while the entry lives.
        """
        cached = getattr(self._local, "entry", None)
        if cached is not None and cached[0] is nlp_artifacts:
            return cached[1], cached[2]
        ends = [i + len(t) for i, t in zip(nlp_artifacts.tokens_indices, nlp_artifacts.tokens, strict=True)]
        keywords = frozenset(nlp_artifacts.keywords)
        self._local.entry = (nlp_artifacts, ends, keywords)
        return ends, keywords

    def _extract_surrounding_words(self, nlp_artifacts: Any, word: str, start: int) -> list[str]:
        if not nlp_artifacts.tokens:
            return [""]
        ends, keywords = self._index(nlp_artifacts)
        # Presidio's rule: the first token with indices[i] == start or start < indices[i] + len(token);
        # ends are non-decreasing, and a token starting at ``start`` with length > 0 ends after it
        i = bisect.bisect_right(ends, start)
        starts = nlp_artifacts.tokens_indices
        # an empty token starting exactly at ``start`` (never produced by spaCy) comes first in Presidio's walk
        j = bisect.bisect_left(starts, start)
        if j < len(starts) and starts[j] == start and j < i:
            i = j
        if i >= len(ends):
            raise ValueError("Did not find the match in the list of tokens although it is expected to be found")
        lemmas = nlp_artifacts.lemmas
        back = _context(i, self.context_prefix_count, lemmas, keywords, -1)
        forward = _context(i, self.context_suffix_count, lemmas, keywords, 1)
        return list(set(back + forward))


def _context(index: int, n_words: int, lemmas: list[str], keywords: frozenset[str], step: int) -> list[str]:
    """Presidio's ``_add_n_words`` with a set lookup: up to ``n_words + 1`` keyword lemmas from ``index``."""
    out: list[str] = []
    remaining = n_words + 1
    i = index
    while 0 <= i < len(lemmas) and remaining > 0:
        low = lemmas[i].lower()
        if low in keywords:
            out.append(low)
            remaining -= 1
        i += step
    return out


def linear_enhancer_for(analyzer: Any) -> None:
    """Swap an ``AnalyzerEngine``'s stock lemma enhancer for the linear one, same settings.

    Any other enhancer (a caller's own) is left alone.
    """
    old = getattr(analyzer, "context_aware_enhancer", None)
    if type(old) is not LemmaContextAwareEnhancer:
        return
    new = LinearLemmaContextAwareEnhancer(
        context_similarity_factor=old.context_similarity_factor,
        min_score_with_context_similarity=old.min_score_with_context_similarity,
        context_prefix_count=old.context_prefix_count,
        context_suffix_count=old.context_suffix_count,
        context_matching_mode=old.context_matching_mode,
    )
    analyzer.context_aware_enhancer = new
