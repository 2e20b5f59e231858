"""Metrics of ``privrag bench seag``: what reaches the generator, and what comes back.

* ``hiding_rate`` — gold mention strings that do **not** occur in what the
  generator receives (verbatim, case-sensitive, word-bounded: TAB's
  exposure rule). Presidio synth: every gold span; TAB: DIRECT mentions and
  QUASI mentions of type PERSON, ORG, LOC or CODE.
* ``roundtrip_exact`` — requests whose every text satisfies
  ``restore(alias(x)) == x``.
* ``alias_precision`` — replaced spans that overlap any gold span / all
  replaced spans (aliasing everything is not privacy).
* The paper's answer metrics on TAB (``org``, ``privacy``, ``user``) live in
  :mod:`privrag.eval.seag_qa`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from privrag.eval.datasets import GoldSpan

__all__ = ["TAB_QUASI_TYPES", "gold_for_hiding", "occurs", "RequestScore", "Aggregate"]

TAB_QUASI_TYPES = frozenset({"PERSON", "ORG", "LOC", "CODE"})


def gold_for_hiding(dataset: str, spans: Iterable[GoldSpan]) -> list[GoldSpan]:
    if dataset == "tab":
        return [s for s in spans if s.identifier_type == "DIRECT"
                or (s.identifier_type == "QUASI" and s.label in TAB_QUASI_TYPES)]
    return [s for s in spans if s.text.strip()]


def occurs(needle: str, hay: str, *, ignore_case: bool = False) -> bool:
    """Word-bounded occurrence (edges that are not word characters need no boundary)."""
    needle = needle.strip()
    if not needle:
        return False
    pat = ("(?<!\\w)" if re.match(r"\w", needle[0]) else "") + re.escape(needle) + (
        "(?!\\w)" if re.match(r"\w", needle[-1]) else "")
    return re.search(pat, hay, re.IGNORECASE if ignore_case else 0) is not None


@dataclass
class RequestScore:
    hidden: int
    gold: int
    roundtrip: bool
    aliased_spans: int
    aliased_on_gold: int
    ms: float
    leaked: list[tuple[str, str]] = field(default_factory=list)  # (label, text)
    hidden_by_label: Counter = field(default_factory=Counter)
    gold_by_label: Counter = field(default_factory=Counter)


def score_request(
    dataset: str,
    doc_text: str,
    gold: Sequence[GoldSpan],
    received: str,
    spans: Sequence[tuple[int, int]],
    roundtrip: bool,
    ms: float,
) -> RequestScore:
    """Score one request; ``received`` is everything the generator gets."""
    wanted = gold_for_hiding(dataset, gold)
    score = RequestScore(0, len(wanted), roundtrip, len(spans), 0, ms)
    for g in wanted:
        score.gold_by_label[g.label] += 1
        if occurs(g.text, received):
            score.leaked.append((g.label, g.text))
        else:
            score.hidden += 1
            score.hidden_by_label[g.label] += 1
    score.aliased_on_gold = sum(1 for a, b in spans if any(a < g.end and g.start < b for g in gold))
    return score


@dataclass
class Aggregate:
    """Sums over requests; :meth:`metrics` turns them into rates."""

    scores: list[RequestScore] = field(default_factory=list)

    def add(self, s: RequestScore) -> None:
        self.scores.append(s)

    def metrics(self) -> dict[str, float | int | dict[str, float]]:
        n = len(self.scores)
        gold = sum(s.gold for s in self.scores)
        spans = sum(s.aliased_spans for s in self.scores)
        per_gold: Counter = Counter()
        per_hidden: Counter = Counter()
        for s in self.scores:
            per_gold.update(s.gold_by_label)
            per_hidden.update(s.hidden_by_label)
        return {
            "requests": n,
            "gold_mentions": gold,
            "hiding_rate": round(sum(s.hidden for s in self.scores) / gold, 4) if gold else 1.0,
            "roundtrip_exact": round(sum(s.roundtrip for s in self.scores) / n, 4) if n else 1.0,
            "alias_precision": round(sum(s.aliased_on_gold for s in self.scores) / spans, 4) if spans else 0.0,
            "aliased_spans": spans,
            "ms_per_request": round(sum(s.ms for s in self.scores) / n, 2) if n else 0.0,
            "hiding_by_label": {
                lab: round(per_hidden[lab] / per_gold[lab], 4) for lab in sorted(per_gold)
            },
        }
