"""The methods ``privrag bench seag`` compares, behind one small interface.

* ``seag`` — :class:`privrag.seag.SEAG` with the default detector and Faker aliases;
* ``seag_presidio`` — the same pipeline on the Presidio configuration
  ``lc_reversible`` uses (same spaCy model, same recognizers, same entity
  list, identical spans), so the two differ only in what happens after
  detection. One engineering difference is deliberate and reported: its
  spaCy pipeline skips the dependency parser, whose output Presidio never
  reads (:func:`presidio_without_parser`; ~20 % less detection time);
* ``seag_keep`` (on request, ``--methods``) — ``seag`` with
  ``BuilderConfig(honorifics="keep")``: "Mr"/"Mrs"/"Ms"/"Miss" stay as written
  (the default turns them into "Mx");
* ``lc_reversible`` — LangChain's ``PresidioReversibleAnonymizer``
  (``langchain-experimental``), set up offline on the packaged spaCy model.

Each method turns the texts of one request into what the generator would
receive, plus a restore function and the spans it replaced (for precision).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from privrag import models

if TYPE_CHECKING:  # imported in build_methods: privrag.seag loads Presidio, spaCy and torch
    from privrag.seag import SEAG

__all__ = ["Prepared", "SeagMethod", "LCReversibleMethod", "lc_entities", "build_methods", "METHODS", "EXTRA_METHODS"]

METHODS = ("seag", "seag_presidio", "lc_reversible")
#: methods run only when named with ``--methods``
EXTRA_METHODS = ("seag_keep",)


@dataclass
class Prepared:
    """One request as a method handled it."""

    aliased: list[str]
    restore: Callable[[str], str]
    spans: list[list[tuple[int, int]]]  # replaced spans per input text
    table: list[dict[str, str]] = field(default_factory=list)
    ms: float = 0.0  # detection + aliasing


class SeagMethod:
    """:class:`SEAG` as a benchmark method."""

    def __init__(self, seag: SEAG, name: str) -> None:
        self.seag = seag
        self.name = name

    def prepare(self, texts: Sequence[str], seed: int) -> Prepared:
        t0 = time.perf_counter()
        req = self.seag.prepare(list(texts), seed=seed)
        ms = (time.perf_counter() - t0) * 1e3
        spans = [[(s.start, s.end) for s in req.alias_spans(t)] for t in texts]
        table = [{"original": e.original, "alias": e.alias, "type": e.label} for e in req.table.entries]
        return Prepared(req.aliased, req.restore, spans, table, ms)


def lc_entities() -> list[str]:
    """The entity types ``PresidioReversibleAnonymizer`` analyses by default: its
    mapping's types that the English registry supports (as it computes them)."""
    from langchain_experimental.data_anonymizer.faker_presidio_mapping import (
        get_pseudoanonymizer_mapping,
    )

    supported = set(models.presidio_analyzer().get_supported_entities("en"))
    return [e for e in get_pseudoanonymizer_mapping() if e in supported]


class LCReversibleMethod:
    """``PresidioReversibleAnonymizer`` with its mapping reset per request.

    Without the reset its mapping grows across requests (every earlier
    document's originals would be restorable — and mixed — in later ones).
    """

    name = "lc_reversible"

    def __init__(self, spacy_model: str = models.DEFAULT_SPACY_MODEL, seed: int = 0) -> None:
        try:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from langchain_experimental.data_anonymizer import PresidioReversibleAnonymizer
        except ImportError as exc:
            raise ImportError(
                "the lc_reversible baseline needs `pip install --no-deps langchain-experimental==0.4.2`"
            ) from exc
        models._offline_tldextract()
        self.anonymizer = PresidioReversibleAnonymizer(
            languages_config={"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": spacy_model}]},
            faker_seed=seed,
        )

    def prepare(self, texts: Sequence[str], seed: int) -> Prepared:
        anon = self.anonymizer
        t0 = time.perf_counter()
        anon.reset_deanonymizer_mapping()
        aliased = [anon.anonymize(t) if t.strip() else t for t in texts]
        mapping: dict[str, dict[str, str]] = {k: dict(v) for k, v in anon.deanonymizer_mapping.items()}
        ms = (time.perf_counter() - t0) * 1e3

        def restore(text: str, _m: dict[str, dict[str, str]] = mapping) -> str:
            from langchain_experimental.data_anonymizer.deanonymizer_matching_strategies import (
                exact_matching_strategy,
            )

            return exact_matching_strategy(text, _m) if _m else text

        originals = sorted({o for inner in mapping.values() for o in inner.values()}, key=len, reverse=True)
        spans = [_occurrences(t, originals) for t in texts]
        table = [{"original": o, "alias": a, "type": k} for k, inner in mapping.items() for a, o in inner.items()]
        return Prepared(aliased, restore, spans, table, ms)


def _occurrences(text: str, originals: Sequence[str]) -> list[tuple[int, int]]:
    """Where ``str.replace`` of each original (longest first) would act."""
    taken: list[tuple[int, int]] = []
    for o in originals:
        start = text.find(o)
        while start != -1:
            end = start + len(o)
            if not any(start < b and a < end for a, b in taken):
                taken.append((start, end))
            start = text.find(o, end)
    return sorted(taken)


def presidio_without_parser(spacy_model: str = models.DEFAULT_SPACY_MODEL) -> Any:
    """A Presidio ``AnalyzerEngine`` on ``spacy_model`` without spaCy's parser.

    Presidio uses entities, tokens and lemmas — never dependency arcs or
    parser-set sentence boundaries — so its results are unchanged (tested on
    TAB dev and Presidio synth) while analysis is about a fifth faster.
    """
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    models._offline_tldextract()
    conf = {"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": spacy_model}]}
    engine = NlpEngineProvider(nlp_configuration=conf).create_engine()
    nlp = engine.nlp["en"]
    if "parser" in nlp.pipe_names:
        nlp.disable_pipe("parser")
    return AnalyzerEngine(nlp_engine=engine, supported_languages=["en"])


def build_methods(names: Sequence[str] = METHODS, seed: int = 0) -> dict[str, Any]:
    from privrag.seag import SEAG

    out: dict[str, Any] = {}
    for name in names:
        if name == "seag":
            out[name] = SeagMethod(SEAG(), name)
        elif name == "seag_keep":
            from privrag.seag.builder import BuilderConfig

            out[name] = SeagMethod(SEAG(config=BuilderConfig(honorifics="keep")), name)
        elif name == "seag_presidio":
            from privrag.detect import PresidioDetector

            detector = PresidioDetector(entities=lc_entities(), analyzer=presidio_without_parser())
            out[name] = SeagMethod(SEAG(detector), name)
        elif name == "lc_reversible":
            out[name] = LCReversibleMethod(seed=seed)
        else:
            raise ValueError(f"unknown method {name!r}; choose from {METHODS + EXTRA_METHODS}")
    return out
