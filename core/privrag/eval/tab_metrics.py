"""TAB anonymisation metrics, exactly as ``../shared/data/README.md`` defines them.

The rules follow TAB's official ``evaluation.py`` (Pilán et al. 2022) so our
numbers are comparable with published ones:

* a mention is *masked* when every character of it is covered by the system's
  masked spans, ignoring characters matched (case-insensitively, inside the
  mention) by the skip patterns — short function words and titles as whole
  words, plus punctuation and spaces. Annotators disagree on whether "Mr" or
  "the" belong to a span, so a system is not punished for leaving them;
* a gold *entity* (mentions sharing an ``entity_id``) needs protection if any
  mention is DIRECT or QUASI; it is DIRECT when its *first* mention is DIRECT,
  else QUASI; it is protected only if every DIRECT/QUASI mention is masked —
  one leaked mention re-identifies the whole entity;
* precision counts ``\\w+`` tokens inside the merged system spans; a token is
  a true positive when it lies wholly inside one DIRECT/QUASI gold mention;
* masking rate is masked word tokens over all word tokens (the utility cost);
* exposure checks the *output*: the fraction of gold DIRECT (QUASI) mentions
  whose exact string still occurs, case-sensitive and word-bounded, in the
  protected text — this catches leaks that offsets alone cannot (a surrogate
  equal to the original, a propagation miss).

All ratios are micro-averaged over the documents given.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from privrag.eval.datasets import GoldSpan, LabeledDoc

__all__ = [
    "SKIP_WORDS",
    "SKIP_CHARS",
    "SKIP_REGEX",
    "WORD_RE",
    "GoldEntity",
    "gold_entities",
    "merge_spans",
    "mention_masked",
    "masked_token_counts",
    "exposed",
    "score_tab",
    "score_tab_doc",
]

#: whole words skipped inside a mention (TAB ``TOKENS_TO_IGNORE_IN_COUNTS``)
SKIP_WORDS: tuple[str, ...] = (
    "mr", "mrs", "ms", "and", "or", "from", "until", "to", "about", "after", "as", "at",
    "before", "between", "by", "during", "for", "in", "into", "of", "on", "over", "since",
    "with", "the", "a", "an", "no", "nr", "’s", "'s",
)  # fmt: skip
#: single characters skipped inside a mention (space included)
SKIP_CHARS: str = ",.-;:/&()[]–'\" ’“”"
SKIP_REGEX = re.compile(
    "(?:" + "|".join([r"\b" + re.escape(w) + r"\b" for w in SKIP_WORDS] + [re.escape(c) for c in SKIP_CHARS]) + ")",
    re.IGNORECASE,
)
WORD_RE = re.compile(r"\w+")

Interval = tuple[int, int]


def merge_spans(spans: Sequence[Sequence[int]]) -> list[Interval]:
    """Sorted, non-overlapping union of ``(start, end, ...)`` spans (touching spans merge)."""
    out: list[list[int]] = []
    for s in sorted((int(sp[0]), int(sp[1])) for sp in spans):
        if s[1] <= s[0]:
            continue
        if out and s[0] <= out[-1][1]:
            out[-1][1] = max(out[-1][1], s[1])
        else:
            out.append([s[0], s[1]])
    return [(a, b) for a, b in out]


def _uncovered(start: int, end: int, merged: list[Interval]) -> list[Interval]:
    """Parts of ``[start, end)`` not covered by the merged intervals."""
    gaps: list[Interval] = []
    pos = start
    i = max(0, bisect.bisect_right(merged, (start, float("inf"))) - 1)
    while pos < end and i < len(merged):
        a, b = merged[i]
        if b <= pos:
            i += 1
            continue
        if a >= end:
            break
        if a > pos:
            gaps.append((pos, a))
        pos = max(pos, b)
        i += 1
    if pos < end:
        gaps.append((pos, end))
    return gaps


def _mention_masked(text: str, start: int, end: int, merged: list[Interval]) -> bool:
    gaps = _uncovered(start, end, merged)
    if not gaps:
        return True
    skipped = bytearray(end - start)
    for m in SKIP_REGEX.finditer(text[start:end]):
        skipped[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    return all(skipped[i - start] for a, b in gaps for i in range(a, b))


def mention_masked(text: str, mention: GoldSpan, masked: Sequence[Sequence[int]]) -> bool:
    """TAB's official rule: is every non-skippable character of ``mention`` masked?

    ``masked`` holds ``(start, end)`` offsets into ``text`` (extra items such as
    a label are ignored). Skip patterns are matched inside the mention text only.
    """
    return _mention_masked(text, mention.start, mention.end, merge_spans(masked))


@dataclass
class GoldEntity:
    """One gold entity: its mentions in annotation order and its TAB typing."""

    entity_id: str
    mentions: list[GoldSpan] = field(default_factory=list)

    @property
    def needs_masking(self) -> bool:
        return any(m.needs_masking for m in self.mentions)

    @property
    def is_direct(self) -> bool:
        """DIRECT iff the *first* mention is DIRECT (TAB's rule), else QUASI."""
        return bool(self.mentions) and self.mentions[0].identifier_type == "DIRECT"

    @property
    def mentions_to_mask(self) -> list[GoldSpan]:
        return [m for m in self.mentions if m.needs_masking]


def gold_entities(doc: LabeledDoc) -> list[GoldEntity]:
    """Group a document's gold spans by ``entity_id`` (spans without one stand alone).

    Mention order is the document's span order (the loaders sort by offset),
    which decides the DIRECT/QUASI typing of an entity.
    """
    groups: dict[str, GoldEntity] = {}
    for i, span in enumerate(doc.spans):
        key = span.entity_id or f"__span{i}"
        groups.setdefault(key, GoldEntity(key)).mentions.append(span)
    return list(groups.values())


def masked_token_counts(text: str, merged: list[Interval], gold: Sequence[GoldSpan]) -> tuple[int, int]:
    """``(masked tokens, true-positive tokens)`` for merged system spans.

    Tokens are ``\\w+`` matches inside each merged span; a token is a true
    positive when it lies wholly inside one DIRECT/QUASI gold mention.
    """
    gold_iv = sorted((g.start, g.end) for g in gold if g.needs_masking)
    starts = [a for a, _ in gold_iv]
    n_masked = n_tp = 0
    for a, b in merged:
        for m in WORD_RE.finditer(text, a, b):
            n_masked += 1
            ts, te = m.start(), m.end()
            k = bisect.bisect_right(starts, ts)
            if any(gs <= ts and te <= ge for gs, ge in gold_iv[:k]):
                n_tp += 1
    return n_masked, n_tp


def exposed(mention_text: str, protected_text: str) -> bool:
    """Does ``mention_text`` occur verbatim, case-sensitive and word-bounded, in the output?"""
    needle = mention_text.strip()
    if not needle:
        return False
    pattern = r"(?<!\w)" + re.escape(needle) + r"(?!\w)"
    return re.search(pattern, protected_text) is not None


@dataclass
class _Counts:
    ent_direct: int = 0
    ent_direct_ok: int = 0
    ent_quasi: int = 0
    ent_quasi_ok: int = 0
    men_direct: int = 0
    men_direct_ok: int = 0
    men_quasi: int = 0
    men_quasi_ok: int = 0
    tok_masked: int = 0
    tok_tp: int = 0
    tok_all: int = 0
    exp_direct: int = 0
    exp_direct_n: int = 0
    exp_quasi: int = 0
    exp_quasi_n: int = 0

    def add(self, other: _Counts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _doc_counts(doc: LabeledDoc, masked: Sequence[Sequence[int]], protected: str | None) -> _Counts:
    text = doc.text
    merged = merge_spans(masked)
    c = _Counts()
    for ent in gold_entities(doc):
        if not ent.needs_masking:
            continue
        flags = [_mention_masked(text, m.start, m.end, merged) for m in ent.mentions_to_mask]
        ok = all(flags)
        if ent.is_direct:
            c.ent_direct += 1
            c.ent_direct_ok += ok
            c.men_direct += len(flags)
            c.men_direct_ok += sum(flags)
        else:
            c.ent_quasi += 1
            c.ent_quasi_ok += ok
            c.men_quasi += len(flags)
            c.men_quasi_ok += sum(flags)
    c.tok_masked, c.tok_tp = masked_token_counts(text, merged, doc.spans)
    c.tok_all = sum(1 for _ in WORD_RE.finditer(text))
    if protected is not None:
        for m in doc.spans:
            if m.identifier_type == "DIRECT":
                c.exp_direct_n += 1
                c.exp_direct += exposed(m.text, protected)
            elif m.identifier_type == "QUASI":
                c.exp_quasi_n += 1
                c.exp_quasi += exposed(m.text, protected)
    return c


def _ratio(num: int, den: int, empty: float) -> float:
    return num / den if den else empty


def _finish(c: _Counts, with_exposure: bool) -> dict[str, float]:
    out = {
        "er_direct": _ratio(c.ent_direct_ok, c.ent_direct, 1.0),
        "er_quasi": _ratio(c.ent_quasi_ok, c.ent_quasi, 1.0),
        "precision": _ratio(c.tok_tp, c.tok_masked, 1.0),
        "masking_rate": _ratio(c.tok_masked, c.tok_all, 0.0),
        "mention_recall_direct": _ratio(c.men_direct_ok, c.men_direct, 1.0),
        "mention_recall_quasi": _ratio(c.men_quasi_ok, c.men_quasi, 1.0),
    }
    if with_exposure:
        out["exposure_direct"] = _ratio(c.exp_direct, c.exp_direct_n, 0.0)
        out["exposure_quasi"] = _ratio(c.exp_quasi, c.exp_quasi_n, 0.0)
    return out


def score_tab_doc(doc: LabeledDoc, masked: Sequence[Sequence[int]], protected_text: str | None = None) -> dict[str, float]:
    """The metrics of :func:`score_tab` for one document (for per-item logs)."""
    return _finish(_doc_counts(doc, masked, protected_text), protected_text is not None)


def score_tab(
    docs: Sequence[LabeledDoc],
    masked: Sequence[Sequence[tuple[int, int]]],
    protected_texts: Sequence[str] | None = None,
) -> dict[str, float]:
    """Micro-averaged TAB metrics over ``docs``.

    ``masked[i]`` are the character spans (offsets into ``docs[i].text``) the
    system masked. ``protected_texts[i]``, when given, is the system's output
    text and adds ``exposure_direct`` / ``exposure_quasi``.

    Keys: ``er_direct``, ``er_quasi`` (entity-level recall), ``precision``,
    ``masking_rate``, ``mention_recall_direct``, ``mention_recall_quasi``
    (DIRECT/QUASI mentions of DIRECT resp. QUASI entities), and the exposures.
    Empty denominators give 1.0 for recall/precision (nothing to miss) and 0.0
    for rates.
    """
    if len(masked) != len(docs):
        raise ValueError(f"{len(docs)} documents but {len(masked)} masked-span lists")
    if protected_texts is not None and len(protected_texts) != len(docs):
        raise ValueError(f"{len(docs)} documents but {len(protected_texts)} protected texts")
    total = _Counts()
    for i, doc in enumerate(docs):
        total.add(_doc_counts(doc, masked[i], None if protected_texts is None else protected_texts[i]))
    return _finish(total, protected_texts is not None)
