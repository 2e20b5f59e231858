"""Scoring rules for the hand-marked domain documents (``domains/`` in the data folder).

The rules are the data README's, so numbers stay comparable across methods
that report offsets and methods that only return text:

* a ``protect`` span is *protected* when every word character of it —
  honorifics (Mr, Mrs, Ms, Miss, Dr) aside — lies inside the method's
  masked / aliased / substituted spans (offsets into the original text);
  for a method that only returns text, when its string no longer occurs
  verbatim (case-sensitive, word-bounded) in the output. Punctuation and
  spaces inside a span are not required: whether a method's span swallows
  the comma in "22 Larch Grove, Sale" says nothing about privacy;
* a ``keep`` span is *damaged* when any method span overlaps it, or, for
  text output, when its string no longer occurs verbatim;
* exposure always reads the output text: a DIRECT span is *exposed* when its
  string still occurs verbatim (case-sensitive, word-bounded). This catches
  what offsets cannot (an alias equal to the original, a missed repetition);
* masking rate, span rule: masked word tokens (``\\w+`` inside the merged
  spans, as TAB counts them) over all word tokens. Text rule (no offsets to
  count): 1 − (original word tokens still present in the output, matched as
  a multiset) / all original word tokens — a bag-of-words estimate that
  counts a reworded or dropped word as masked.

All rates are micro-averaged over spans (or tokens) of the documents pooled.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from privrag.eval.datasets import DomainDoc, DomainSpan
from privrag.eval.tab_metrics import WORD_RE, exposed, masked_token_counts, merge_spans

__all__ = [
    "HONORIFIC_RE",
    "RULES",
    "DocScore",
    "Tally",
    "keep_damaged",
    "masking_counts",
    "protected",
    "score_doc",
]

#: whole-word honorifics a protect span may contain without them needing a mask
HONORIFIC_RE = re.compile(r"(?<!\w)(?:Mr|Mrs|Ms|Miss|Dr)(?!\w)\.?", re.IGNORECASE)
#: how a method's output is scored: with its original-offset spans, or from its text alone
RULES = ("spans", "text")

Interval = tuple[int, int]


def _covered(merged: list[Interval], pos: int) -> bool:
    # merged spans are few per document; a linear scan keeps this obviously right
    return any(a <= pos < b for a, b in merged)


def protected(text: str, span: DomainSpan, output: str, merged: list[Interval] | None) -> bool:
    """Is ``span`` protected? ``merged`` = the method's merged spans, or ``None`` for the text rule."""
    if merged is None:
        return not exposed(span.text, output)
    region = text[span.start : span.end]
    skip = bytearray(len(region))
    for m in HONORIFIC_RE.finditer(region):
        skip[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    return all(
        skip[i] or _covered(merged, span.start + i)
        for w in WORD_RE.finditer(region)
        for i in range(w.start(), w.end())
    )


def keep_damaged(span: DomainSpan, output: str, merged: list[Interval] | None) -> bool:
    """Is ``span`` damaged? Any overlapping method span (span rule), or gone from the text."""
    if merged is None:
        return not exposed(span.text, output)
    return any(a < span.end and span.start < b for a, b in merged)


def masking_counts(text: str, output: str, merged: list[Interval] | None) -> tuple[int, int]:
    """``(masked word tokens, all word tokens)`` of the original ``text`` (see module doc)."""
    total = sum(1 for _ in WORD_RE.finditer(text))
    if merged is not None:
        return masked_token_counts(text, merged, [])[0], total
    left = Counter(m.group(0) for m in WORD_RE.finditer(output))
    kept = 0
    for m in WORD_RE.finditer(text):
        if left[m.group(0)] > 0:
            left[m.group(0)] -= 1
            kept += 1
    return total - kept, total


@dataclass
class DocScore:
    """One document under one method: counts for the aggregates, strings for debugging."""

    rule: str
    direct_n: int = 0
    direct_ok: int = 0
    quasi_n: int = 0
    quasi_ok: int = 0
    direct_exposed: int = 0
    quasi_exposed: int = 0
    keep_n: int = 0
    keep_damaged: int = 0
    tok_masked: int = 0
    tok_all: int = 0
    #: (identifier, kind) -> [spans, protected, exposed]
    by_kind: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    #: why -> [spans, damaged]
    by_why: dict[str, list[int]] = field(default_factory=dict)
    leaked_direct: list[str] = field(default_factory=list)
    missed_direct: list[str] = field(default_factory=list)
    missed_quasi: list[str] = field(default_factory=list)
    damaged_keep: list[dict[str, Any]] = field(default_factory=list)

    def item(self) -> dict[str, Any]:
        """The per-document JSONL fields (unique strings, in document order)."""
        return {
            "rule": self.rule,
            "leaked_direct": list(dict.fromkeys(self.leaked_direct)),
            "unprotected_direct": list(dict.fromkeys(self.missed_direct)),
            "unprotected_quasi": list(dict.fromkeys(self.missed_quasi)),
            "damaged_keep": self.damaged_keep,
            "counts": {
                "direct": self.direct_n, "direct_protected": self.direct_ok, "direct_exposed": self.direct_exposed,
                "quasi": self.quasi_n, "quasi_protected": self.quasi_ok, "keep": self.keep_n,
                "keep_damaged": self.keep_damaged, "tokens_masked": self.tok_masked, "tokens": self.tok_all,
            },
        }


def score_doc(doc: DomainDoc, output: str, spans: Sequence[Sequence[int]] | None) -> DocScore:
    """Score one method's ``output`` (and its original-offset ``spans``, or ``None``) on ``doc``."""
    merged = merge_spans(spans) if spans is not None else None
    s = DocScore(rule="spans" if merged is not None else "text")
    for span in doc.protect:
        ok = protected(doc.text, span, output, merged)
        leak = exposed(span.text, output)
        row = s.by_kind.setdefault((span.identifier, span.kind), [0, 0, 0])
        row[0] += 1
        row[1] += ok
        row[2] += leak
        if span.identifier == "DIRECT":
            s.direct_n += 1
            s.direct_ok += ok
            s.direct_exposed += leak
            if leak:
                s.leaked_direct.append(span.text)
            if not ok:
                s.missed_direct.append(span.text)
        elif span.identifier == "QUASI":
            s.quasi_n += 1
            s.quasi_ok += ok
            s.quasi_exposed += leak
            if not ok:
                s.missed_quasi.append(span.text)
    for span in doc.keep:
        bad = keep_damaged(span, output, merged)
        row = s.by_why.setdefault(span.why, [0, 0])
        row[0] += 1
        row[1] += bad
        s.keep_n += 1
        s.keep_damaged += bad
        if bad:
            s.damaged_keep.append({"text": span.text, "why": span.why, "start": span.start, "end": span.end})
    s.tok_masked, s.tok_all = masking_counts(doc.text, output, merged)
    return s


def _rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


@dataclass
class Tally:
    """Pooled :class:`DocScore` of one method over a group of documents (a domain, or all)."""

    scores: list[DocScore] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, score: DocScore, seconds: float) -> None:
        self.scores.append(score)
        self.seconds += seconds

    def metrics(self) -> dict[str, Any]:
        """Headline rates, counts, and the breakdowns developers read to find failures."""
        tot = DocScore(rule=",".join(sorted({s.rule for s in self.scores})) or "spans")
        kinds: dict[tuple[str, str], list[int]] = {}
        whys: dict[str, list[int]] = {}
        for s in self.scores:
            for name in ("direct_n", "direct_ok", "quasi_n", "quasi_ok", "direct_exposed", "quasi_exposed",
                         "keep_n", "keep_damaged", "tok_masked", "tok_all"):
                setattr(tot, name, getattr(tot, name) + getattr(s, name))
            for key, row in s.by_kind.items():
                kinds[key] = [a + b for a, b in zip(kinds.get(key, [0, 0, 0]), row, strict=True)]
            for key, row in s.by_why.items():
                whys[key] = [a + b for a, b in zip(whys.get(key, [0, 0]), row, strict=True)]
        n = len(self.scores)
        out: dict[str, Any] = {
            "recall_direct": _rate(tot.direct_ok, tot.direct_n),
            "exposure_direct": _rate(tot.direct_exposed, tot.direct_n),
            "recall_quasi": _rate(tot.quasi_ok, tot.quasi_n),
            "keep_damage": _rate(tot.keep_damaged, tot.keep_n),
            "masking_rate": _rate(tot.tok_masked, tot.tok_all),
            "docs_per_s": round(n / self.seconds, 3) if self.seconds > 0 else None,
            "exposure_quasi": _rate(tot.quasi_exposed, tot.quasi_n),
            "rule": tot.rule,
            "n_docs": n,
            "n_direct": tot.direct_n,
            "n_quasi": tot.quasi_n,
            "n_keep": tot.keep_n,
        }
        by_ident: dict[str, dict[str, dict[str, Any]]] = {}
        for (ident, kind), (cnt, ok, leak) in sorted(kinds.items()):
            by_ident.setdefault(ident, {})[kind] = {"n": cnt, "recall": _rate(ok, cnt), "exposure": _rate(leak, cnt)}
        out["by_kind"] = by_ident
        out["exposure_by_kind"] = {
            ident: {kind: v["exposure"] for kind, v in kinds_.items()} for ident, kinds_ in by_ident.items()
        }
        out["keep_damage_by_why"] = {
            why: {"n": cnt, "damaged": bad, "rate": _rate(bad, cnt)} for why, (cnt, bad) in sorted(whys.items())
        }
        return out
