"""The general-text term of the default detector's calibration.

TAB ``dev`` is court judgments: spaCy alone already hides every DIRECT
identifier there, so a TAB-only objective sees no value in a second model
and happily switches off whatever costs masking rate — and the default then
misses "selma" in an e-mail or "Sisimiut" in a note. The calibration
therefore also scores each candidate threshold set on a general-text dev
set, WNUT-17 ``dev`` (noisy user text; CC BY 4.0, Derczynski et al. 2017;
``test`` stays report-only): the share of person, place, company and group
mentions left with no visible character (what SEAG and redaction need), and
the share of masked characters that belong to such a mention. Only spans
typed as a person, place or organisation are scored (WNUT-17 annotates
nothing else).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["GENERAL_LABELS", "SCORED_CATEGORIES", "GeneralSet", "general_scores", "load_general_dev"]

#: WNUT-17 types that identify someone or somewhere (products and creative works do not)
GENERAL_LABELS: frozenset[str] = frozenset({"person", "location", "corporation", "group"})
#: detector categories the term scores. WNUT-17 annotates no dates, numbers or
#: identifiers, so masking those there is not imprecision: their thresholds
#: are left to TAB alone.
SCORED_CATEGORIES: frozenset[str] = frozenset({"PERSON", "LOC", "ORG"})


@dataclass
class GeneralSet:
    """General-text documents and each member's unfiltered spans on them."""

    docs: Sequence[Any]
    raw: Mapping[str, Sequence[Sequence[DetectedEntity]]]

    def __post_init__(self) -> None:
        self._gold = [
            [(g.start, g.end) for g in d.spans if g.label in GENERAL_LABELS] for d in self.docs
        ]
        self._all_gold = [_merge([(g.start, g.end) for g in d.spans]) for d in self.docs]
        # the label filter is fixed; only thresholds change between the search's evaluations
        self._scored = {
            member: [[s for s in spans if canonical_label(s.label) in SCORED_CATEGORIES] for spans in per_doc]
            for member, per_doc in self.raw.items()
        }


def _merge(intervals: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _covered(text: str, start: int, end: int, masked: Sequence[tuple[int, int]]) -> bool:
    """Every non-space character of ``text[start:end]`` lies inside a masked interval."""
    pos = start
    for s, e in masked:
        if e <= pos:
            continue
        if s > pos and text[pos:s].strip():
            return False
        pos = max(pos, e)
        if pos >= end:
            return True
    return not text[pos:end].strip()


def _overlap(a: Sequence[tuple[int, int]], b: Sequence[tuple[int, int]]) -> int:
    i = j = n = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        n += max(0, hi - lo)
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return n


def general_scores(gs: GeneralSet, keeps: Mapping[str, Any]) -> dict[str, float]:
    """``general_coverage`` and ``general_precision`` when each member keeps what ``keeps[member](span)`` says."""
    covered = total = masked_chars = in_gold = 0
    for i, doc in enumerate(gs.docs):
        spans = [(s.start, s.end) for member, per_doc in gs._scored.items() for s in per_doc[i] if keeps[member](s)]
        masked = _merge(spans)
        for start, end in gs._gold[i]:
            total += 1
            covered += _covered(doc.text, start, end, masked)
        masked_chars += sum(e - s for s, e in masked)
        in_gold += _overlap(masked, gs._all_gold[i])
    return {
        "general_coverage": covered / total if total else 1.0,
        "general_precision": in_gold / masked_chars if masked_chars else 1.0,
    }


def load_general_dev(data_dir: str | None = None) -> list[Any]:
    """WNUT-17 ``dev`` as :class:`~privrag.eval.datasets.LabeledDoc` (one tweet each)."""
    from privrag.eval.datasets import load_wnut17

    return load_wnut17("dev", data_dir)
