"""Cut a document into pieces the encoder reads whole.

MiniLM reads 256 word pieces and silently drops the rest, so a TRIP-RAG score
computed on a longer text would ignore every entity past the limit. Chunks are
measured in the encoder's own word pieces (with a margin, because a
descriptor such as "an identification number" can be longer than what it
replaces), end at a sentence boundary where one is near, and never cut
through a mention, so each mention is scored in exactly one chunk.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from privrag.types import DetectedEntity

__all__ = ["Chunk", "encoder_chunks", "DEFAULT_WINDOW_TOKENS"]

#: word pieces per chunk: MiniLM's 256 minus [CLS]/[SEP] minus room for descriptors
DEFAULT_WINDOW_TOKENS = 230
#: fallback when the embedder exposes no fast tokenizer (≈ word pieces per word)
_PIECES_PER_WORD = 1.35
_SENTENCE_END = re.compile(r"[.!?;:][\"'”’)\]]*$")


@dataclass(frozen=True)
class Chunk:
    """A character range ``[start, end)`` of the document."""

    start: int
    end: int

    def contains(self, span: DetectedEntity) -> bool:
        return self.start <= span.start and span.end <= self.end


def _token_offsets(text: str, tokenizer: Any | None) -> list[tuple[int, int]]:
    if tokenizer is not None and getattr(tokenizer, "is_fast", False):
        enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True, verbose=False)
        offs = [(int(a), int(b)) for a, b in enc["offset_mapping"] if b > a]
        if offs or not text.strip():
            return offs
    # whitespace words, each counted as ~1.35 pieces by repeating its offsets
    out: list[tuple[int, int]] = []
    carry = 0.0
    for m in re.finditer(r"\S+", text):
        carry += _PIECES_PER_WORD
        reps = int(carry)
        carry -= reps
        out.extend([m.span()] * max(reps, 1))
    return out


def encoder_chunks(
    text: str,
    spans: Sequence[DetectedEntity] = (),
    *,
    tokenizer: Any | None = None,
    max_tokens: int = DEFAULT_WINDOW_TOKENS,
) -> list[Chunk]:
    """Contiguous chunks covering ``text``; none cuts through a span of ``spans``.

    A single mention longer than ``max_tokens`` is kept whole in its own chunk
    (the encoder then truncates it, which only affects that chunk's scores).
    """
    if max_tokens < 8:
        raise ValueError("max_tokens must be at least 8")
    if not text:
        return []
    offs = _token_offsets(text, tokenizer)
    if len(offs) <= max_tokens:
        return [Chunk(0, len(text))]
    ordered = sorted(spans)
    starts = [s.start for s in ordered]

    def inside(c: int) -> bool:
        k = bisect.bisect_right(starts, c - 1) - 1  # last span starting before c
        return k >= 0 and ordered[k].start < c < ordered[k].end

    def span_end(c: int) -> int:
        k = bisect.bisect_right(starts, c - 1) - 1
        return ordered[k].end

    token_starts = [a for a, _ in offs]
    cuts = [0]
    i = 0
    n = len(offs)
    while i < n:
        j = i + max_tokens
        if j >= n:
            break
        floor = i + max_tokens // 2
        best = fallback = None
        for k in range(j, floor, -1):
            c = offs[k][0]
            if inside(c):
                continue
            if fallback is None:
                fallback = k
            gap = text[offs[k - 1][1] : c]
            if "\n" in gap or _SENTENCE_END.search(text[offs[k - 1][0] : offs[k - 1][1]]):
                best = k
                break
        k = best or fallback
        if k is None:  # the window ends inside one long mention: cut after it
            end = span_end(offs[j][0])
            k = bisect.bisect_left(token_starts, end)
            if k >= n:
                break
        cuts.append(offs[k][0])
        i = k
    cuts.append(len(text))
    return [Chunk(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]
