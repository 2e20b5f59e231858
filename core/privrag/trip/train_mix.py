"""The training mix of f_priv: TAB train plus generated documents of our users' genres.

Both heads of f_priv learn from labelled windows (:mod:`privrag.trip.train`,
:mod:`privrag.trip.train_tokens`). TAB train alone teaches what is risky in a
court judgment; the generated documents (:mod:`privrag.trip.synth_docs`)
teach it on referral letters, chats and invoices, where drug names, doses and
brands sit next to patients' names. Each source is built into its own set and
the sets are concatenated, so a source can be cached, counted and reported on
its own. Generated documents are short, so they get one short window per
chunk (TAB two) and fewer random variants: the mix stays about as heavy as
TAB itself, keeping training minutes, not tens of minutes, on a laptop CPU.

Evaluation data never enters: TAB dev/test, domains dev, PANORAMA and
presidio_synth are read by calibration and benchmarks only. WNUT-17 is not
used: its ``person`` class is mostly public figures in tweets (a celebrity is
not a DIRECT identifier of a private person), so the mapping the issue
suggests would teach the head the wrong thing for exactly the class we care
about most.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from privrag.trip.train import TrainingSet, build_training_set
from privrag.trip.train_tokens import TokenSet, build_token_set

__all__ = ["MixSource", "SOURCE_OPTIONS", "build_mix", "concat_token_sets", "concat_training_sets", "domain_docs_as_labeled",
           "source_report", "synth_source"]

#: how each kind of source is cut into training windows
SOURCE_OPTIONS: dict[str, dict[str, int]] = {
    "tab": {"short_per_chunk": 2, "random_variants": 4},
    "synth": {"short_per_chunk": 1, "random_variants": 2},
}


@dataclass
class MixSource:
    """One source of labelled documents (TAB-format :class:`LabeledDoc`) and how to window it."""

    name: str
    docs: Sequence[Any]
    kind: str = "tab"
    meta: dict[str, Any] = field(default_factory=dict)

    def options(self) -> dict[str, int]:
        return dict(SOURCE_OPTIONS[self.kind])


def synth_source(n: int, seed: int) -> MixSource:
    """``n`` generated documents (seeded) as a mix source."""
    from privrag.trip.synth_docs import GENRES, generate_documents

    return MixSource(f"generated ({n} docs, seed {seed})", generate_documents(n, seed), "synth",
                     {"n_docs": n, "seed": seed, "genres": list(GENRES)})


def concat_training_sets(sets: Sequence[TrainingSet]) -> TrainingSet:
    """One :class:`TrainingSet` from several; ``base`` indices are shifted to stay row-aligned."""
    sets = [s for s in sets if len(s)]
    if not sets:
        raise ValueError("no training rows in any source")
    offsets = np.cumsum([0] + [len(s) for s in sets[:-1]])
    return TrainingSet(
        X=np.concatenate([s.X for s in sets]).astype(np.float32),
        y=np.concatenate([s.y for s in sets]).astype(np.float32),
        base=np.concatenate([s.base + off for s, off in zip(sets, offsets, strict=True)]).astype(np.int64),
        kind=np.concatenate([s.kind for s in sets]).astype(np.int64),
        level=np.concatenate([s.level for s in sets]).astype(np.float64),
    )


def concat_token_sets(sets: Sequence[TokenSet]) -> TokenSet:
    """One :class:`TokenSet` from several (tokens are independent rows)."""
    sets = [s for s in sets if len(s)]
    if not sets:
        raise ValueError("no labelled tokens in any source")
    return TokenSet(X=np.concatenate([s.X for s in sets]), y=np.concatenate([s.y for s in sets]),
                    level=np.concatenate([s.level for s in sets]))


def build_mix(sources: Sequence[MixSource], embedder: Any, *, seed: int = 0, tokens: bool = True,
              ) -> tuple[TrainingSet, TokenSet | None, list[dict[str, Any]]]:
    """Sentence-head set, token-head set (if ``tokens``) and per-source sizes for the report.

    Source ``k`` is built with seed ``seed + 101 * k`` so adding a source does
    not reshuffle the windows of the ones before it.
    """
    sent: list[TrainingSet] = []
    toks: list[TokenSet] = []
    report: list[dict[str, Any]] = []
    for k, src in enumerate(sources):
        opts = src.options()
        s = build_training_set(src.docs, embedder, seed=seed + 101 * k, **opts)
        t = build_token_set(src.docs, embedder, seed=seed + 101 * k,
                            short_per_chunk=opts["short_per_chunk"]) if tokens else None
        sent.append(s)
        if t is not None:
            toks.append(t)
        report.append(source_report(src, s, t))
    return concat_training_sets(sent), (concat_token_sets(toks) if tokens else None), report


def source_report(src: MixSource, s: TrainingSet, t: TokenSet | None) -> dict[str, Any]:
    """Sizes of one source's contribution (documents, rows, tokens, labelled spans by type)."""
    itypes: dict[str, int] = {}
    for d in src.docs:
        for sp in d.spans:
            itypes[sp.identifier_type] = itypes.get(sp.identifier_type, 0) + 1
    return {"source": src.name, "kind": src.kind, "n_docs": len(src.docs), "n_rows": len(s),
            "n_tokens": len(t) if t is not None else 0, "spans_by_type": itypes, **src.meta}


def domain_docs_as_labeled(docs: Sequence[Any]) -> list[Any]:
    """Domain documents (``protect`` / ``keep`` spans) as TAB-format documents for the
    ranking check: protect spans keep their DIRECT / QUASI, keep spans become NO_MASK.
    For scoring only — domains dev is calibration data and never trains f_priv."""
    from privrag.eval.datasets import GoldSpan, LabeledDoc

    out = []
    for d in docs:
        spans = [GoldSpan(s.start, s.end, s.kind or "MISC", s.text, s.identifier or "QUASI") for s in d.protect]
        spans += [GoldSpan(s.start, s.end, "KEEP", s.text, "NO_MASK") for s in d.keep]
        out.append(LabeledDoc(d.id, d.text, sorted(spans, key=lambda s: (s.start, -s.end)), "dev", {"domain": d.domain}))
    return out
