"""Redaction: mask every detected entity — the baseline and a component.

Every mention the detector reports is replaced by its Γ descriptor ("a
person") or a type tag (``<PERSON>``). Because grouping finds all mentions of
an entity, a surname the NER model missed in one place is still masked when
the same name was detected elsewhere in the document ("propagation"), which
closes the most common leak of span-level redaction.
"""

from __future__ import annotations

import asyncio
import bisect
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from privrag.detect.base import EntityDetector
from privrag.detect.default import default_detector
from privrag.detect.grouping import group_entities
from privrag.detect.overlap import resolve_overlaps
from privrag.limits import check_text_sizes, resolve_max_chars
from privrag.metadata import PRIVRAG_KEY, Action, MetadataPolicy
from privrag.textops import descriptor_for, replace_spans, tag_for
from privrag.types import DetectedEntity, PrivacyReceipt, ProtectedText

__all__ = ["Redactor", "propagate_mentions"]

Mode = Literal["descriptor", "tag"]


class Redactor:
    """Mask every detected entity.

    Key init args:
        detector: any :class:`EntityDetector` (default: the shared default detector).
        mode: ``"descriptor"`` (Γ, readable) or ``"tag"`` (``<PERSON>``).
        propagate: also mask other occurrences of detected surface forms.
        metadata_policy: how metadata fields are treated by adapters.
        max_chars: the longest text protected in one call (default ``PRIVRAG_MAX_CHARS``
            or 5,000,000); a longer one raises :class:`~privrag.limits.TextTooLongError`.
    """

    MECHANISM = "redact"

    def __init__(
        self,
        detector: EntityDetector | None = None,
        *,
        mode: Mode = "descriptor",
        propagate: bool = True,
        metadata_policy: MetadataPolicy | Mapping[str, Action] | None = None,
        max_chars: int | None = None,
    ) -> None:
        if mode not in ("descriptor", "tag"):
            raise ValueError(f"mode must be 'descriptor' or 'tag', not {mode!r}")
        self.max_chars = resolve_max_chars(max_chars)
        self.detector = detector or default_detector()
        self.mode = mode
        self.propagate = propagate
        self.metadata_policy = MetadataPolicy.coerce(metadata_policy)

    # -- core -------------------------------------------------------------
    def protect(self, text: str) -> ProtectedText:
        return self.protect_batch([text])[0]

    def protect_batch(self, texts: Sequence[str]) -> list[ProtectedText]:
        from privrag.keep import detect_with_keep

        texts = list(texts)
        check_text_sizes(texts, self.max_chars, "redaction")
        found = detect_with_keep(self.detector, texts)
        return [self._apply(t, spans, keeps) for t, (spans, keeps) in zip(texts, found, strict=True)]

    async def aprotect(self, text: str) -> ProtectedText:
        return await asyncio.to_thread(self.protect, text)

    async def aprotect_batch(self, texts: Sequence[str]) -> list[ProtectedText]:
        return await asyncio.to_thread(self.protect_batch, texts)

    def protect_text(self, text: str) -> str:
        """Just the protected string (used for metadata values)."""
        return self.protect(text).text

    def protect_metadata(self, metadata: Mapping[str, Any] | None) -> dict[str, Any]:
        return self.metadata_policy.apply(metadata, self.protect_text)

    def _apply(self, text: str, spans: list[DetectedEntity], keeps: Sequence[Any] = ()) -> ProtectedText:
        spans = resolve_overlaps(spans, text)
        if self.propagate:
            spans = propagate_mentions(text, spans, keeps)
        entities = group_entities(spans)
        repl = descriptor_for if self.mode == "descriptor" else tag_for
        out = replace_spans(text, spans, repl)
        counts = Counter(s.label for s in spans)
        receipt = PrivacyReceipt(
            mechanism=self.MECHANISM,
            protected=dict(counts),
            counts={"mentions": len(spans), "entities": len(entities), "chars": len(text),
                    "kept": dict(Counter(k.why for k in keeps))},
            details={"mode": self.mode, "dp": False},
        )
        return ProtectedText(text=out, masked_spans=spans, receipt=receipt, entities=entities)

    def report_metadata(self, result: ProtectedText) -> dict[str, Any]:
        """The string-free ``privrag`` metadata entry adapters attach."""
        return {PRIVRAG_KEY: {"method": self.MECHANISM, **result.receipt.counts, "labels": result.receipt.protected}}


def propagate_mentions(
    text: str, spans: Sequence[DetectedEntity], keeps: Sequence[Any] = ()
) -> list[DetectedEntity]:
    """Add every other word-bounded occurrence of a detected surface form.

    No occurrence inside a keep span (:mod:`privrag.keep`) is added: "CBG" masked
    in one sentence must not mask the "CBG 9.4 mmol/L" the detector kept.

    Name-bearing labels also propagate their surname-like parts ("Christou"
    from "Anna Christou"), since NER often finds the full name once and misses
    the bare surname later. Result is overlap-free.
    """
    forms: dict[str, DetectedEntity] = {}
    for s in spans:
        surface = re.sub(r"(?:'s|’s)$", "", s.text.strip())
        if len(surface) >= 3:
            forms.setdefault(surface, s)
        from privrag.generalize import canonical_label

        if canonical_label(s.label) == "PERSON":
            for part in re.findall(r"[A-ZÀ-Þ][\w\-]{2,}", surface):
                if part.lower() not in _NOT_NAMES:
                    forms.setdefault(part, s)
    inside_keep = _interval_index([(k.start, k.end) for k in keeps])
    extra = []
    for surface, a, b in _word_bounded(text, list(forms)):
        if inside_keep(a, b):
            continue
        src = forms[surface]
        extra.append(DetectedEntity(a, b, src.label, surface, src.score * 0.9, "propagated"))
    if not extra:
        return list(spans)
    return resolve_overlaps([*spans, *extra], text, source_priority={"propagated": -1})


_WORD = re.compile(r"\w+")


def _word_bounded(text: str, forms: Sequence[str]) -> list[tuple[str, int, int]]:
    """Every occurrence of each form with no word character on either side, as one
    ``re.finditer(r"(?<!\\w)form(?!\\w)")`` per form finds them, in linear time.

    A form's first run of word characters is, in any such occurrence, a whole
    run of the text too; so each run of the text is looked up once, instead of
    scanning the text once per form (quadratic: a long document has a form per
    name, date and number).
    """
    by_first: dict[str, list[tuple[str, int]]] = {}
    odd: list[str] = []
    for f in forms:
        m = _WORD.search(f)
        if m:
            by_first.setdefault(m.group(), []).append((f, m.start()))
        else:
            odd.append(f)
    last: dict[str, int] = {}
    out: list[tuple[str, int, int]] = []
    for m in _WORD.finditer(text):
        for f, off in by_first.get(m.group(), ()):
            a = m.start() - off
            b = a + len(f)
            if a < last.get(f, 0) or a < 0 or not text.startswith(f, a):
                continue
            if (a and _WORD.match(text[a - 1])) or (b < len(text) and _WORD.match(text[b])):
                continue
            out.append((f, a, b))
            last[f] = b
    for f in odd:  # forms without a word character (rare)
        out.extend((f, m.start(), m.end()) for m in re.finditer(r"(?<!\w)" + re.escape(f) + r"(?!\w)", text))
    return out


def _interval_index(intervals: Sequence[tuple[int, int]]) -> Callable[[int, int], bool]:
    """``overlaps(a, b)``: whether ``[a, b)`` overlaps one of ``intervals``, in logarithmic time."""
    ordered = sorted(intervals)
    starts = [a for a, _ in ordered]
    reach: list[int] = []
    for _, b in ordered:
        reach.append(max(b, reach[-1]) if reach else b)

    def overlaps(a: int, b: int) -> bool:
        i = bisect.bisect_left(starts, b)
        return bool(i) and reach[i - 1] > a

    return overlaps


#: capitalised words that head person spans but are not names
_NOT_NAMES = frozenset(
    "mr mrs ms miss dr prof sir madam the and judge justice president minister applicant".split()
)
