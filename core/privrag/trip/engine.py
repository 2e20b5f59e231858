"""TripRag: mask the entities whose privacy risk outweighs their utility.

Pipeline per document (the paper's two stages, plus what production needs):

1. detect entities (any :class:`EntityDetector`), resolve overlaps, propagate
   detected surface forms to missed mentions, group mentions into entities;
2. cut the document into encoder chunks (MiniLM reads 256 word pieces) that
   never split a mention;
3. for every chunk with entities, embed the chunk, its n variants Π_e (one per
   entity, all its mentions in the chunk generalized) and the entities — all
   in ONE encoder call for the whole batch of documents; f_priv reads the same
   embeddings;
4. score S_priv, S_knw, S_retr and Ψ per entity per chunk; an entity's Ψ is
   its highest over the chunks it occurs in, so an entity masked in one chunk
   is masked in every chunk of the document;
5. decide: the policy (always / never) first, then ``Ψ > τ``, optionally with
   the paper's greedy refinement (S_priv recomputed on the partly masked
   chunk after each selection);
6. generalize every mention of the masked entities (Γ: "a person").

Scoring (:meth:`TripRag.analyze_batch`) and deciding (:meth:`TripRag.decide`)
are separate, so τ can be swept over one scoring pass (calibration, benchmark).
"""

from __future__ import annotations

import asyncio
import bisect
import dataclasses
import logging
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence, Set
from pathlib import Path
from typing import Any, Literal

import numpy as np

from privrag.detect.base import EntityDetector
from privrag.detect.grouping import group_entities
from privrag.detect.overlap import resolve_overlaps
from privrag.generalize import canonical_label
from privrag.metadata import PRIVRAG_KEY, Action, MetadataPolicy
from privrag.redact import propagate_mentions
from privrag.textops import descriptor_for, replace_spans, tag_for
from privrag.trip.analysis import DocAnalysis, absorb_honorifics
from privrag.trip.chunking import DEFAULT_WINDOW_TOKENS, encoder_chunks
from privrag.trip.decisions import EntityDecision
from privrag.trip.greedy import greedy_select
from privrag.trip.normalize import TripCalibration, load_default_calibration
from privrag.trip.policy import TripPolicy
from privrag.trip.scores import EntityScores, RawScores, normalize_scores, raw_scores
from privrag.trip.surrogate import PrivacySurrogate, load_default_surrogate
from privrag.types import DetectedEntity, Entity, PrivacyError, PrivacyReceipt, ProtectedText

__all__ = ["TripRag", "DocAnalysis"]

Mode = Literal["descriptor", "tag"]

log = logging.getLogger(__name__)

#: calibration facts copied into receipts (never a path or any user string)
_CAL_KEYS = ("calibrated", "method", "split", "max_er_drop", "n_docs")
_POLICY_REASONS = frozenset({"always_mask", "never_mask", "never_mask_label", "holds_a_name", "in_an_address"})


def _address_ranges(d: DocAnalysis) -> list[tuple[int, int]]:
    """Where the document's street addresses and postcodes are."""
    return sorted((m.start, m.end) for e in d.entities if canonical_label(e.label) == "ADDRESS" for m in e.mentions)


def _in_an_address(text: str, entity: Entity, addresses: list[tuple[int, int]]) -> bool:
    """A place written inside a person's address ("4 Cois Cuain, Knocknacarra, Galway, H91 X7P2") is part
    of that direct identifier, whatever Ψ says of the town alone: only a comma or a space lies between
    it and the street before it and the postcode after it."""
    if canonical_label(entity.label) != "LOC" or not addresses:
        return False

    def touches(a: int, b: int) -> bool:
        return b - a <= 3 and not text[a:b].strip(", \t")

    for m in entity.mentions:
        before = any(touches(end, m.start) for _, end in addresses if end <= m.start)
        after = any(touches(m.end, start) for start, _ in addresses if start >= m.end)
        if before and after:
            return True
    return False


def _form(surface: str) -> str:
    """Case- and whitespace-insensitive surface form, for matching across chunks."""
    return " ".join(surface.split()).casefold()


class TripRag:
    """Selective anonymization before indexing (TRIP-RAG, seed paper 000).

    Key init args:
        detector: any :class:`EntityDetector` (default: the shared default detector).
        embedder: Φ / ℰ, anything with ``embed(texts)`` (default: packaged MiniLM).
        surrogate: f_priv (default: the shipped head); a path to a ``.npz`` works too.
        calibration: τ, Ψ weights and F_norm (default: shipped, chosen on TAB dev);
            a :class:`TripCalibration` or a path to its JSON.
        tau, alpha, beta, gamma: override the calibration's values.
        policy: :class:`TripPolicy` (always-mask types, never-mask list).
        use_policy: ``False`` for Ψ and τ only (the ablation).
        greedy: recompute S_priv after each selection (slower; measured option).
        propagate: also mask missed occurrences of detected surface forms.
        mode: ``"descriptor"`` ("a person") or ``"tag"`` (``<PERSON>``).
        window_tokens: word pieces per scoring chunk.
        metadata_policy: how adapters treat metadata fields.
        max_chars: the longest text protected in one call (default ``PRIVRAG_MAX_CHARS``
            or 5,000,000); a longer one raises :class:`~privrag.limits.TextTooLongError`.
    """

    MECHANISM = "trip_rag"

    def __init__(
        self,
        detector: EntityDetector | None = None,
        *,
        embedder: Any | None = None,
        surrogate: PrivacySurrogate | str | Path | None = None,
        calibration: TripCalibration | str | Path | None = None,
        tau: float | None = None,
        alpha: float | None = None,
        beta: float | None = None,
        gamma: float | None = None,
        policy: TripPolicy | None = None,
        use_policy: bool = True,
        greedy: bool = False,
        propagate: bool = True,
        mode: Mode = "descriptor",
        window_tokens: int = DEFAULT_WINDOW_TOKENS,
        metadata_policy: MetadataPolicy | Mapping[str, Action] | None = None,
        max_chars: int | None = None,
    ) -> None:
        if mode not in ("descriptor", "tag"):
            raise ValueError(f"mode must be 'descriptor' or 'tag', not {mode!r}")
        from privrag.limits import resolve_max_chars

        self.max_chars = resolve_max_chars(max_chars)
        if detector is None:
            from privrag.detect.default import default_detector

            detector = default_detector()
        if embedder is None:
            from privrag.embed import default_embedder

            embedder = default_embedder()
        if calibration is None:
            calibration = load_default_calibration()
        elif isinstance(calibration, (str, Path)):
            cal_path = Path(calibration)
            calibration = TripCalibration.load(cal_path)
            sibling = calibration.meta.get("surrogate_file")
            if surrogate is None and sibling and (cal_path.parent / sibling).exists():
                surrogate = PrivacySurrogate.load(cal_path.parent / sibling)
        if surrogate is None:
            surrogate = load_default_surrogate()
        elif isinstance(surrogate, (str, Path)):
            surrogate = PrivacySurrogate.load(surrogate)
        overrides = {k: float(v) for k, v in {"tau": tau, "alpha": alpha, "beta": beta, "gamma": gamma}.items() if v is not None}
        self.calibration = dataclasses.replace(calibration, **overrides)
        dim = getattr(embedder, "dim", surrogate.dim)
        if dim != surrogate.dim:
            raise ValueError(
                f"the surrogate reads {surrogate.dim}-d embeddings but the embedder gives {dim}-d; "
                "retrain it for this encoder with `privrag calibrate --retrain-surrogate`"
            )
        source = self.calibration.s_priv_source
        if source != "sentence" and not surrogate.uses_tokens(embedder):
            log.warning("τ was calibrated with S_priv from %s, which needs a token head and an embedder with "
                        "token embeddings; falling back to the sentence head (recalibrate with "
                        "`privrag calibrate`)", source)
            source = "sentence"
        self.s_priv_source = source
        self.detector = detector
        self.embedder = embedder
        self.surrogate = surrogate
        self.policy = policy or TripPolicy()
        self.use_policy = use_policy
        self.greedy = greedy
        self.propagate = propagate
        self.mode = mode
        self.window_tokens = window_tokens
        self.metadata_policy = MetadataPolicy.coerce(metadata_policy)
        self._repl = descriptor_for if mode == "descriptor" else tag_for

    @property
    def tau(self) -> float:
        return self.calibration.tau

    # -- public API (mirrors privrag.redact.Redactor) ---------------------
    def protect(self, text: str) -> ProtectedText:
        return self.protect_batch([text])[0]

    def protect_batch(self, texts: Sequence[str], groups: Sequence[Hashable | None] | None = None) -> list[ProtectedText]:
        """Protect ``texts``; ``groups[i]`` names the document text ``i`` was split from.

        A splitter before TRIP-RAG cuts one document into chunks that are
        scored separately; with ``groups`` an entity masked in one chunk is
        masked in every chunk of the same document (matched by its surface
        form), as it is inside one long text. ``None`` = a document of its own.
        """
        analyses = self.analyze_batch(texts)
        results = [self.decide(a) for a in analyses]
        if groups is None:
            return results
        if len(groups) != len(analyses):
            raise ValueError("groups and texts differ in length")
        masked_forms: dict[Hashable, set[str]] = {}
        for g, d, r in zip(groups, analyses, results, strict=True):
            if g is not None:
                masked_forms.setdefault(g, set()).update(_form(d.text[m.start:m.end]) for m in r.masked_spans)
        for i, (g, d) in enumerate(zip(groups, analyses, strict=True)):
            if g is None:
                continue
            done = {(m.start, m.end) for m in results[i].masked_spans}
            # decide again only where a kept mention was masked elsewhere (greedy decisions re-encode)
            if any((m.start, m.end) not in done and _form(d.text[m.start:m.end]) in masked_forms[g]
                   for e in d.entities for m in e.mentions):
                results[i] = self.decide(d, also_mask=masked_forms[g])
        return results

    async def aprotect(self, text: str) -> ProtectedText:
        return await asyncio.to_thread(self.protect, text)

    async def aprotect_batch(self, texts: Sequence[str]) -> list[ProtectedText]:
        return await asyncio.to_thread(self.protect_batch, list(texts))

    def protect_text(self, text: str) -> str:
        """Just the protected string (used for metadata values)."""
        return self.protect(text).text

    def protect_metadata(self, metadata: Mapping[str, Any] | None) -> dict[str, Any]:
        """Metadata strings are fully redacted: a field has no retrieval context to trade against."""
        from privrag.redact import Redactor

        redactor = Redactor(self.detector, mode=self.mode, propagate=self.propagate)
        return self.metadata_policy.apply(metadata, redactor.protect_text)

    def report_metadata(self, result: ProtectedText) -> dict[str, Any]:
        """The string-free ``privrag`` metadata entry adapters attach."""
        decisions = [
            {k: d[k] for k in ("entity", "label", "decision", "reason", "psi") if k in d}
            for d in result.receipt.details.get("entities", [])
        ]
        return {PRIVRAG_KEY: {"method": self.MECHANISM, **result.receipt.counts, "labels": result.receipt.protected,
                              "tau": round(self.tau, 4), "decisions": decisions}}

    # -- stage 1: scoring --------------------------------------------------
    def analyze_batch(self, texts: Sequence[str]) -> list[DocAnalysis]:
        """Detect, chunk and score every entity of every text (one encoder call)."""
        from privrag.keep import detect_with_keep
        from privrag.limits import check_text_sizes

        texts = list(texts)
        check_text_sizes(texts, self.max_chars, "TRIP-RAG")
        found = detect_with_keep(self.detector, texts)
        docs = [self._prepare(t, spans, keeps) for t, (spans, keeps) in zip(texts, found, strict=True)]
        batch: list[str] = []
        jobs: list[tuple[int, int, list[int], int, int]] = []
        for di, d in enumerate(docs):
            ent_row = len(batch)
            batch.extend(e.canonical for e in d.entities)
            for ci, chunk in enumerate(d.chunks):
                eids = d.chunk_entities[ci]
                if not eids:
                    continue
                jobs.append((di, ci, eids, len(batch), ent_row))
                batch.append(d.text[chunk.start : chunk.end])
                batch.extend(self._masked_chunk(d, ci, [e]) for e in eids)
        if not jobs:
            return docs
        try:
            emb, mass, risks = self._encode(batch, {job[3] for job in jobs})
            if emb.shape[0] != len(batch):
                raise ValueError(f"embedder returned {emb.shape[0]} vectors for {len(batch)} texts")
            for di, ci, eids, row, ent_row in jobs:
                var = slice(row + 1, row + 1 + len(eids))
                var_mass = mass[var]
                if row in risks:  # one-pass masked pooling: leave e's tokens out of the sum
                    pooled = self._pooled_drop(docs[di], ci, eids, risks[row])
                    if pooled is not None:
                        var_mass = mass[row] - pooled
                raw = raw_scores(emb[row], emb[var], emb[[ent_row + e for e in eids]],
                                 mass[row], var_mass, self.calibration.s_priv_scale)
                for k, eid in enumerate(eids):
                    docs[di].raw.setdefault(eid, []).append(
                        (ci, float(raw.s_priv[k]), float(raw.knw_raw[k]), float(raw.retr_raw[k])))
        except PrivacyError:
            raise
        except Exception as exc:  # fail closed: no scores, no text
            raise PrivacyError(f"TRIP-RAG scoring failed: {exc!r}") from exc
        return docs

    def _encode(self, texts: list[str], base_rows: set[int]) -> tuple[np.ndarray, np.ndarray, dict[int, np.ndarray]]:
        """Sentence embeddings, risk mass and (masked pooling) per-token risk of the base rows."""
        if self.s_priv_source == "sentence":
            emb = np.asarray(self.embedder.embed(texts), dtype=np.float32)
            return emb, self.surrogate.risk_mass(emb), {}
        keep = base_rows if self.s_priv_source == "tokens_pooled" else set()
        return self.surrogate.encode_with_token_risk(texts, self.embedder, keep)

    def _pooled_drop(self, d: DocAnalysis, ci: int, eids: list[int], risk: np.ndarray,
                     text: str | None = None, positions: dict[int, list[tuple[int, int]]] | None = None) -> np.ndarray | None:
        """Risk carried by each entity's tokens in chunk ``ci`` (None if tokens do not line up)."""
        c = d.chunks[ci]
        text = d.text[c.start : c.end] if text is None else text
        tok = self.embedder.tokenizer
        offs = tok(text, truncation=True, max_length=int(getattr(self.embedder, "max_seq_length", 256)),
                   return_offsets_mapping=True)["offset_mapping"]
        if len(offs) != len(risk):
            return None
        a = np.array([o[0] for o in offs])
        b = np.array([o[1] for o in offs])
        real = b > a
        out = np.zeros(len(eids))
        for k, eid in enumerate(eids):
            spans = (positions or {}).get(eid) or [
                (m.start - c.start, m.end - c.start) for m in _chunk_mentions(d, ci).get(eid, ())]
            hit = np.zeros(len(offs), bool)
            for s, e in spans:
                hit |= real & (a < e) & (b > s)
            out[k] = float(risk[hit].sum())
        return out

    def _prepare(self, text: str, spans: list[DetectedEntity], keeps: Sequence[Any] = ()) -> DocAnalysis:
        spans = resolve_overlaps(spans, text)
        if self.propagate:
            spans = propagate_mentions(text, spans, keeps)
        spans = absorb_honorifics(text, spans)
        entities = group_entities(spans)
        chunks = encoder_chunks(text, spans, tokenizer=getattr(self.embedder, "tokenizer", None),
                                max_tokens=self.window_tokens)
        owner = {(m.start, m.end): e.entity_id for e in entities for m in e.mentions}
        chunk_entities = []
        starts = [c.start for c in chunks]
        per_chunk: list[set[int]] = [set() for _ in chunks]
        for (s, _), eid in owner.items():
            ci = int(np.searchsorted(starts, s, side="right")) - 1
            per_chunk[max(ci, 0)].add(eid)
        chunk_entities = [sorted(x) for x in per_chunk]
        return DocAnalysis(text, spans, entities, chunks, chunk_entities, keeps=list(keeps))

    def _masked_chunk(self, d: DocAnalysis, ci: int, eids: Iterable[int]) -> str:
        c = d.chunks[ci]
        per = _chunk_mentions(d, ci)
        spans = [m.shifted(-c.start) for eid in sorted(set(eids)) for m in per.get(eid, ())]
        return replace_spans(d.text[c.start : c.end], spans, self._repl)

    # -- stage 2: deciding -------------------------------------------------
    def entity_scores(self, d: DocAnalysis) -> dict[int, EntityScores]:
        """Per entity, the scores of the chunk where its Ψ is highest."""
        best: dict[int, EntityScores] = {}
        for eid, rows in d.raw.items():
            arr = np.asarray([r[1:] for r in rows], dtype=np.float64)
            sp, sk, sr, ps = normalize_scores(RawScores(arr[:, 0], arr[:, 1], arr[:, 2]), self.calibration)
            k = int(np.argmax(ps))
            best[eid] = EntityScores(float(sp[k]), float(sk[k]), float(sr[k]), float(ps[k]), rows[k][0])
        return best

    def decide(self, d: DocAnalysis, *, tau: float | None = None, use_policy: bool | None = None,
               greedy: bool | None = None, also_mask: Set[str] = frozenset()) -> ProtectedText:
        """Turn one analysis into a protected text (τ / policy / greedy overridable).

        ``also_mask``: surface forms (see :func:`_form`) masked elsewhere in the
        same document; a kept entity with such a mention is masked too.
        """
        tau = self.tau if tau is None else float(tau)
        use_policy = self.use_policy if use_policy is None else use_policy
        greedy = self.greedy if greedy is None else greedy
        scores = self.entity_scores(d)
        forced: dict[int, tuple[bool, str]] = {}
        if use_policy:
            person_forms = _person_forms(d)
            addresses = _address_ranges(d)
            for e in d.entities:
                verdict, reason = self.policy.rule_for(e)
                if verdict is None and self.policy.holds_a_name(e, person_forms):
                    verdict, reason = True, "holds_a_name"
                if verdict is None and _in_an_address(d.text, e, addresses):
                    verdict, reason = True, "in_an_address"
                if verdict is not None:
                    forced[e.entity_id] = (verdict, reason)
        if greedy:
            masked, scores, reasons = greedy_select(self, d, forced, tau, scores)
        else:
            masked, reasons = set(), {}
            for e in d.entities:
                sc = scores.get(e.entity_id)
                if e.entity_id in forced:
                    verdict, reasons[e.entity_id] = forced[e.entity_id]
                elif sc is None:  # cannot happen for a chunked mention; fail closed anyway
                    verdict, reasons[e.entity_id] = True, "always_mask"
                else:
                    verdict = sc.psi > tau
                    reasons[e.entity_id] = "psi_above_tau" if verdict else "psi_below_tau"
                if verdict:
                    masked.add(e.entity_id)
        if also_mask:
            for e in d.entities:
                if e.entity_id not in masked and any(_form(d.text[m.start:m.end]) in also_mask for m in e.mentions):
                    masked.add(e.entity_id)
                    reasons[e.entity_id] = "masked_in_document"
        decisions = [
            EntityDecision(e.entity_id, canonical_label(e.label), len(e.mentions), e.entity_id in masked,
                           reasons[e.entity_id], tau, scores.get(e.entity_id))
            for e in d.entities
        ]
        return self._result(d, masked, decisions, tau, use_policy, greedy)

    def _result(self, d: DocAnalysis, masked: set[int], decisions: list[EntityDecision], tau: float,
                use_policy: bool, greedy: bool) -> ProtectedText:
        spans = sorted(m for e in d.entities if e.entity_id in masked for m in e.mentions)
        out = replace_spans(d.text, spans, self._repl)
        cal = self.calibration
        receipt = PrivacyReceipt(
            mechanism=self.MECHANISM,
            protected=dict(Counter(s.label for s in spans)),
            counts={
                "mentions": len(spans),
                "mentions_detected": len(d.spans),
                "entities": len(d.entities),
                "entities_masked": len(masked),
                "entities_kept": len(d.entities) - len(masked),
                "chunks": len(d.chunks),
                "chars": len(d.text),
                "kept_terms": dict(Counter(k.why for k in d.keeps)),
            },
            details={
                "dp": False,
                "mode": self.mode,
                "tau": round(tau, 4),
                "weights": {"alpha": cal.alpha, "beta": cal.beta, "gamma": cal.gamma},
                "s_priv_scale": cal.s_priv_scale,
                "s_priv_source": self.s_priv_source,
                "policy": use_policy,
                "greedy": greedy,
                "calibration": {k: cal.meta[k] for k in _CAL_KEYS if k in cal.meta},
                "decisions": {
                    "masked": len(masked),
                    "kept": len(d.entities) - len(masked),
                    "by_policy": sum(1 for x in decisions if x.reason in _POLICY_REASONS),
                },
                "entities": [dec.to_dict() for dec in decisions],
            },
        )
        return ProtectedText(text=out, masked_spans=spans, receipt=receipt, entities=d.entities)


def _chunk_mentions(d: DocAnalysis, ci: int) -> dict[int, list[DetectedEntity]]:
    """``{entity id: its mentions inside chunk ci}``, indexed once per document.

    Looking them up by scanning every entity's mentions per chunk and entity
    was quadratic on a long document (thousands of chunks and mentions)."""
    index = d.__dict__.get("_chunk_mentions")
    if index is None:
        mentions = sorted((m, e.entity_id) for e in d.entities for m in e.mentions)
        starts = [m.start for m, _ in mentions]
        index = []
        for c in d.chunks:
            per: dict[int, list[DetectedEntity]] = {}
            for m, eid in mentions[bisect.bisect_left(starts, c.start) : bisect.bisect_left(starts, c.end)]:
                if c.contains(m):
                    per.setdefault(eid, []).append(m)
            index.append(per)
        d.__dict__["_chunk_mentions"] = index
    return index[ci]


def _person_forms(d: DocAnalysis) -> frozenset[str]:
    """The names (and name parts) of the persons detected in one document (:func:`person_forms`)."""
    from privrag.trip.policy import person_forms

    return person_forms(m for e in d.entities if canonical_label(e.label) == "PERSON" for m in e.mentions)
