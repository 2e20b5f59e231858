"""SEAG per request: detect jointly → one table → aliased texts → restore.

:class:`SEAG` is the framework-neutral entry point the LangChain and
LlamaIndex adapters call. One call to :meth:`SEAG.prepare` (or
:meth:`SEAG.request`) analyses *all* texts of a generator call together —
system prompt, question, retrieved documents and the metadata strings the
metadata policy protects — so an entity gets one alias everywhere. The
returned :class:`SEAGRequest` holds that table for the lifetime of the call
and nothing else is shared between calls, which is what makes concurrent
requests safe. Nothing is added to the texts: the generator is not told.

Fail closed: any error while detecting or building the table raises
:class:`~privrag.types.PrivacyError` before a single character is returned.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from privrag.detect.base import EntityDetector
from privrag.detect.default import default_detector
from privrag.intervals import Containment, Overlaps
from privrag.metadata import PRIVRAG_KEY, Action, MetadataPolicy
from privrag.seag.builder import AliasTableBuilder, BuilderConfig
from privrag.seag.generator import AliasGenerator
from privrag.seag.restore import StreamingRestorer
from privrag.seag.scripts import check_scripts, uncovered_words
from privrag.seag.table import AliasTable
from privrag.seag.values import ValueRecognizer
from privrag.types import DetectedEntity, PrivacyError, PrivacyReceipt

if TYPE_CHECKING:
    from privrag.seag.store import ConversationStore

__all__ = ["SEAG", "SEAGRequest"]


@dataclass
class SEAGRequest:
    """One request's table and its aliased texts.

    ``aliased`` lines up with the ``texts`` given to :meth:`SEAG.prepare`.
    Use :meth:`alias` for any further text of the *same* request (it is
    only safe for text that was part of the analysed inputs or is free of
    entities) and :meth:`restore` / :meth:`streaming_restorer` for answers.
    """

    table: AliasTable
    aliased: list[str]
    timings_ms: dict[str, float] = field(default_factory=dict)
    generator: str = "faker"
    #: terms left as written because the answer needs them, per reason (:mod:`privrag.keep`)
    kept: dict[str, int] = field(default_factory=dict)
    #: per analysed text, the keep spans no detected span touches: the table does not rewrite inside them
    keep_ranges: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False)

    def alias(self, text: str) -> str:
        return self.table.alias_outside(text, self.keep_ranges.get(text, ()))

    def alias_spans(self, text: str) -> list[Any]:
        """Where :meth:`alias` replaces an original in ``text`` (for evaluation)."""
        return self.table.alias_spans(text, self.keep_ranges.get(text, ()))

    def alias_value(self, value: Any) -> Any:
        return self.table.alias_value(value)

    def restore(self, text: str) -> str:
        return self.table.restore(text)

    def restore_value(self, value: Any) -> Any:
        return self.table.restore_value(value)

    def streaming_restorer(self) -> StreamingRestorer:
        return self.table.streaming_restorer()

    def release(self) -> None:
        """Drop the table's originals now (a failed or finished run): restoring is no longer possible."""
        self.table.clear()
        self.aliased = []

    @property
    def receipt(self) -> PrivacyReceipt:
        """What was aliased, per label — never an original or an alias."""
        labels = Counter(e.label for e in self.table.entries)
        summary = self.table.summary()
        return PrivacyReceipt(
            mechanism="seag",
            protected=dict(sorted(labels.items())),
            counts={"entries": summary["entries"], "entities": summary["entities"], "texts": len(self.aliased),
                    "kept_terms": dict(self.kept)},
            details={
                "dp": False,
                "generator": self.generator,
                "roundtrip_verified": self.table.params.get("roundtrip_verified", True),
                "timings_ms": dict(self.timings_ms),
            },
        )

    def report(self) -> dict[str, Any]:
        """The string-free ``privrag`` entry adapters attach to responses."""
        return {PRIVRAG_KEY: self.receipt.to_dict()}


class SEAG:
    """Reversible, consistent aliases for an external generator.

    Key init args:
        detector: any :class:`EntityDetector` (default: the shared default detector).
        generator: alias generator (default :class:`FakerAliasGenerator`;
            :class:`~privrag.seag.llm_aliases.LLMAliasGenerator` for a model).
        config: :class:`~privrag.seag.builder.BuilderConfig` (percentages,
            name-part propagation, locale, …).
        recognize_values: add SEAG's own recognizer for dates, amounts, ages
            and numeric identifiers that NER models miss.
        metadata_policy: which document metadata fields are aliased.
        store: an opt-in :class:`~privrag.seag.store.ConversationStore`;
            tables then persist (encrypted) per ``conversation_id``.
        seed: fixed seed for reproducible tables (``None``: a fresh random
            seed per request, so aliases cannot be predicted).
        max_chars: the longest text of a request (default ``PRIVRAG_MAX_CHARS``
            or 5,000,000); a longer one raises :class:`~privrag.limits.TextTooLongError`
            before anything is detected or sent.
    """

    def __init__(
        self,
        detector: EntityDetector | None = None,
        *,
        generator: AliasGenerator | None = None,
        config: BuilderConfig | None = None,
        recognize_values: bool = True,
        metadata_policy: MetadataPolicy | Mapping[str, Action] | None = None,
        store: ConversationStore | None = None,
        seed: int | None = None,
        max_chars: int | None = None,
    ) -> None:
        from privrag.limits import resolve_max_chars

        self.max_chars = resolve_max_chars(max_chars)
        self.detector = detector if detector is not None else default_detector()
        self.config = config or BuilderConfig()
        self.builder = AliasTableBuilder(generator, config=self.config)
        self.values = ValueRecognizer(percentages=self.config.alias_percentages) if recognize_values else None
        self.metadata_policy = MetadataPolicy.coerce(metadata_policy)
        self.store = store
        self.seed = seed
        self.generator_name = type(self.builder.generator).__name__

    # -- detection --------------------------------------------------------------
    def detect(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        """Spans per text from the detector plus the value recognizer."""
        return self._detect_keeping(texts)[0]

    def _detect_keeping(
        self, texts: Sequence[str]
    ) -> tuple[list[list[DetectedEntity]], dict[str, int], list[list[tuple[int, int]]]]:
        """:meth:`detect`, the detector's keep spans counted by reason, and per text the
        keep spans that no span to alias touches (the table leaves those as written)."""
        from privrag.keep import detect_with_keep, drop_kept_values

        texts = list(texts)
        pairs = detect_with_keep(self.detector, texts)
        if len(pairs) != len(texts):
            raise PrivacyError("detector returned a different number of results than texts")
        found = [list(spans) for spans, _ in pairs]
        if self.values is not None:
            # the detector's keep spans overrule SEAG's own date and amount patterns:
            # a duration or a price is not shifted ("for 10 days", "$129.99")
            extra = self.values.detect_batch(texts)
            found = [a + drop_kept_values(b, keeps) for a, b, (_, keeps) in zip(found, extra, pairs, strict=True)]
        if self.config.uncovered_scripts == "alias":
            found = [spans + _uncovered_spans(t, spans, self.config.covered_scripts)
                     for t, spans in zip(texts, found, strict=True)]
        ranges = [_untouched(keeps, spans) for spans, (_, keeps) in zip(found, pairs, strict=True)]
        return found, dict(Counter(k.why for _, keeps in pairs for k in keeps)), ranges

    # -- requests ----------------------------------------------------------------
    def prepare(
        self,
        texts: Sequence[str],
        *,
        seed: int | None = None,
        conversation_id: str | None = None,
    ) -> SEAGRequest:
        """Analyse ``texts`` jointly and alias each of them.

        Every failure is a :class:`PrivacyError` with the cause chained (a
        detector crash, a malformed stored record, a failing store write,
        a ``KeyError`` while building), and a table built before the
        failure is cleared, so no original outlives a failed request."""
        from privrag.limits import check_text_sizes

        texts = [t if isinstance(t, str) else _not_text(t) for t in texts]
        check_text_sizes(texts, self.max_chars, "SEAG")
        check_scripts(texts, self.config.covered_scripts, self.config.uncovered_scripts)
        table: AliasTable | None = None
        try:
            t0 = time.perf_counter()
            spans, kept, ranges = self._detect_keeping(texts)
            t1 = time.perf_counter()
            seed = self.seed if seed is None else seed
            if conversation_id is not None and self.store is not None:
                with self.store.locked(conversation_id):
                    base = self.store.get(conversation_id)
                    table = self.builder.build(texts, spans, seed=seed, base=base)
                    self.store.put(conversation_id, table)
            else:
                table = self.builder.build(texts, spans, seed=seed)
            t2 = time.perf_counter()
            aliased = [table.alias_outside(t, r) for t, r in zip(texts, ranges, strict=True)]
            t3 = time.perf_counter()
        except Exception as exc:  # fail closed: nothing sent, nothing kept
            if table is not None:
                table.clear()
            if isinstance(exc, PrivacyError):
                raise
            raise PrivacyError(f"SEAG request failed ({type(exc).__name__}); nothing is sent") from exc
        timings = {"detect": (t1 - t0) * 1e3, "table": (t2 - t1) * 1e3, "alias": (t3 - t2) * 1e3}
        keep_ranges = {t: r for t, r in zip(texts, ranges, strict=True) if r}
        return SEAGRequest(table, aliased, timings, self.generator_name, kept, keep_ranges)

    async def aprepare(
        self, texts: Sequence[str], *, seed: int | None = None, conversation_id: str | None = None
    ) -> SEAGRequest:
        return await asyncio.to_thread(self.prepare, list(texts), seed=seed, conversation_id=conversation_id)

    def request(
        self,
        question: str,
        documents: Sequence[str] = (),
        *,
        system_prompt: str | None = None,
        metadatas: Sequence[Mapping[str, Any] | None] | None = None,
        seed: int | None = None,
        conversation_id: str | None = None,
    ) -> RAGRequest:
        """The RAG shape: question, retrieved documents (+ metadata), system prompt."""
        docs = list(documents)
        mds = list(metadatas) if metadatas is not None else [None] * len(docs)
        if len(mds) != len(docs):
            raise ValueError("need one metadata mapping (or None) per document")
        md_strings = [self.metadata_strings(md) for md in mds]
        texts = [system_prompt or "", question, *docs, *(s for group in md_strings for s in group)]
        req = self.prepare(texts, seed=seed, conversation_id=conversation_id)
        n = len(docs)
        out_md = [self.alias_metadata(req, md) for md in mds]
        return RAGRequest(
            table=req.table,
            aliased=req.aliased,
            timings_ms=req.timings_ms,
            generator=req.generator,
            system_prompt=req.aliased[0] if system_prompt is not None else None,
            question=req.aliased[1],
            documents=req.aliased[2 : 2 + n],
            metadatas=out_md,
        )

    def metadata_strings(self, metadata: Mapping[str, Any] | None) -> list[str]:
        """Exactly the strings the metadata policy will ask to protect."""
        seen: list[str] = []

        def collect(s: str) -> str:
            seen.append(s)
            return s

        self.metadata_policy.apply(metadata, collect)
        return seen

    def alias_metadata(self, req: SEAGRequest, metadata: Mapping[str, Any] | None) -> dict[str, Any]:
        return self.metadata_policy.apply(metadata, req.table.alias)


@dataclass
class RAGRequest(SEAGRequest):
    """A :class:`SEAGRequest` with the RAG pieces named."""

    system_prompt: str | None = None
    question: str = ""
    documents: list[str] = field(default_factory=list)
    metadatas: list[dict[str, Any]] = field(default_factory=list)


#: source of the spans given to words of a script the detector cannot read
UNCOVERED_SOURCE = "seag_uncovered_script"


def _uncovered_spans(text: str, spans: Sequence[DetectedEntity], covered: frozenset[str]) -> list[DetectedEntity]:
    """Every word of an uncovered script that no detected span holds whole, as a span to alias.

    Such a word is most often a name ("王国良" beside "WANG Guoliang") and is aliased as
    one; whatever it is, the detector could not say it is safe to send."""
    held = Containment((x.start, x.end) for x in spans)
    return [DetectedEntity(s, e, "PERSON", text[s:e], 0.5, UNCOVERED_SOURCE)
            for s, e in uncovered_words(text, covered) if not held.covers(s, e)]


def _untouched(keeps: Sequence[Any], spans: Sequence[DetectedEntity]) -> list[tuple[int, int]]:
    """The keep spans no detected span overlaps (an identifier inside a keep span is still aliased)."""
    touched = Overlaps((s.start, s.end) for s in spans)
    return [(k.start, k.end) for k in keeps if not touched.overlapping(k.start, k.end)]


def _not_text(value: object) -> str:
    raise PrivacyError(f"SEAG aliases text; got {type(value).__name__}") from TypeError(type(value).__name__)
