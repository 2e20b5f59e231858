"""The default detector every technique uses when none is given.

A calibrated composite, built once per process:

* **Presidio on spaCy** with *all* spaCy NER labels (``CARDINAL`` and
  ``MONEY`` included) and privrag's identifier recognizers
  (:mod:`privrag.detect.recognizers`: application numbers, national IDs,
  IBAN/SWIFT, account/policy/record numbers, URLs, IPs, dates of birth,
  street addresses, sums of money, names after an honorific or an
  introduction; :mod:`privrag.detect.recognizers_personal`: ages,
  timestamps, postcodes, employers; :mod:`privrag.detect.recognizers_financial`:
  payment cards; :mod:`privrag.detect.recognizers_phone`: Presidio's phone
  recognizer over 30 regions instead of 8, and phone numbers by their shape);
* a **GLiNER** model — the one trained here and shipped with the package
  (:mod:`privrag.detect.shipped`) when calibration found it helps, or any
  checkpoint the caller names: ``default_detector(gliner="urchade/gliner_multi_pii-v1")``
  or a local directory;
* **per-label thresholds** per member, calibrated on TAB ``dev`` and, for
  general text, WNUT-17 ``dev`` (:mod:`privrag.detect.calibration`,
  :mod:`privrag.detect.calibration_general`), stored in
  ``privrag/assets/detect_thresholds.json``;
* overlap resolution by **union** (a partly masked name is a leak), after
  each member's name spans are repaired (:mod:`privrag.detect.span_cleanup`),
  with identifier recognizers winning the label of a merged span; the members
  run concurrently (:class:`ParallelCompositeDetector`);
* **slot completion** after the union: the unmarked items of a list of
  names, the other speakers of a dialogue and a person's affiliation get the
  kind their detected slot-mates agree on (:mod:`privrag.detect.slots`), and
  the unmarked lines of a contact block the kind their place in it says
  (:mod:`privrag.detect.contact_blocks`);
* optionally (when calibration found it helps) **mention propagation**:
  every other occurrence of a detected name is marked too.

Long texts are windowed by each member (spaCy in 100k-character windows,
GLiNER in overlapping 200-word windows), and a text over 10,000 characters
goes through the whole composite in overlapping windows with the
document-wide steps run once, in time linear in its length
(:mod:`privrag.detect.long_text`).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from privrag.detect.base import BaseDetector, EntityDetector
from privrag.detect.calibration import MemberThresholds
from privrag.types import DetectedEntity

__all__ = [
    "SPACY_NER_LABELS",
    "THRESHOLDS_FILE",
    "ThresholdedDetector",
    "PropagatingDetector",
    "ParallelCompositeDetector",
    "load_thresholds",
    "presidio_member",
    "gliner_member",
    "build_default_detector",
    "default_detector",
]

#: every label of spaCy's English NER; Presidio ignores several by default
SPACY_NER_LABELS: tuple[str, ...] = (
    "PERSON", "NORP", "FAC", "ORG", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW",
    "LANGUAGE", "DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL",
)  # fmt: skip

THRESHOLDS_FILE = Path(__file__).resolve().parents[1] / "assets" / "detect_thresholds.json"

#: member names used in the thresholds file and as ``ThresholdedDetector.name``
PRESIDIO = "presidio"
GLINER = "gliner"

log = logging.getLogger(__name__)

_LOCK = threading.Lock()
_CACHE: dict[str, EntityDetector] = {}


class ThresholdedDetector(BaseDetector):
    """Keep only the spans of ``detector`` that pass per-label thresholds."""

    def __init__(self, detector: EntityDetector, thresholds: MemberThresholds, name: str) -> None:
        self.detector = detector
        self.thresholds = thresholds
        self.name = name

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        found = self.detector.detect_batch(list(texts))
        return [[s for s in spans if self.thresholds.keeps(s)] for spans in found]


class PropagatingDetector(BaseDetector):
    """Also mark every other occurrence of a detected surface form.

    TAB protects an entity only if *every* mention is hidden; a name found
    once and missed later re-identifies. Uses :func:`privrag.redact.propagate_mentions`.
    """

    name = "propagating"

    def __init__(self, detector: EntityDetector) -> None:
        self.detector = detector

    @property
    def detectors(self) -> list[EntityDetector]:
        return list(getattr(self.detector, "detectors", [self.detector]))

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return [spans for spans, _ in self._detect_with_keep_batch(texts)]

    def _detect_with_keep_batch(self, texts: Sequence[str]) -> list[tuple[list[DetectedEntity], list[Any]]]:
        from privrag.keep import apply_keep, detect_with_keep
        from privrag.redact import propagate_mentions

        found = detect_with_keep(self.detector, list(texts))
        return [(apply_keep(t, propagate_mentions(t, spans), keeps), keeps)
                for t, (spans, keeps) in zip(texts, found, strict=True)]


class ParallelCompositeDetector(BaseDetector):
    """A union composite whose members run concurrently, one thread each.

    spaCy (thinc/blis) and torch release the GIL in their kernels, and the
    shipped GLiNER runs on one torch thread, so on a 2-core machine the two
    members overlap instead of queueing. Merging is the same as
    :class:`~privrag.detect.composite.CompositeDetector` with ``strategy="union"``;
    any member failing fails the whole detection (fail closed). With
    ``clean_names`` (default) the members' name-like spans are repaired before
    the union (:mod:`privrag.detect.span_cleanup`): one over-long span would
    otherwise widen the merged one. With ``complete_slots`` (default) the
    unmarked slot-mates of detected names — the other items of a list of
    names, the other speakers of a dialogue — are marked too
    (:mod:`privrag.detect.slots`), and so are the unmarked lines of contact
    blocks (:mod:`privrag.detect.contact_blocks`).
    """

    name = "composite"
    #: texts longer than this are processed in windows of this many characters, neighbours
    #: overlapping by ``window_overlap``, ``window_batch`` windows per call to the members
    window_chars: int = 10_000
    window_overlap: int = 1_000
    window_batch: int = 4

    def __init__(
        self,
        detectors: Sequence[EntityDetector],
        *,
        source_priority: Mapping[str, float],
        clean_names: bool = True,
        complete_slots: bool = True,
        keep: Any = None,
        propagate_names: bool = True,
        progress: bool | None = None,
    ) -> None:
        if not detectors:
            raise ValueError("ParallelCompositeDetector needs at least one detector")
        self.detectors = list(detectors)
        self.source_priority = dict(source_priority)
        self.clean_names = clean_names
        self.complete_slots = complete_slots
        #: a :class:`~privrag.keep.KeepFinder` (or ``None``): what must survive is taken out of soft spans
        self.keep = keep
        #: mark the other mentions of detected persons' names (:mod:`privrag.detect.name_propagation`)
        self.propagate_names = propagate_names
        #: show a progress bar inside a long text (``None``: on a terminal, unless ``PRIVRAG_PROGRESS`` says)
        self.progress = progress
        self._pool: Any = None

    def _members_batch(self, texts: list[str]) -> list[list[list[DetectedEntity]]]:
        if len(self.detectors) == 1:
            return [self.detectors[0].detect_batch(texts)]
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(max_workers=len(self.detectors), thread_name_prefix="privrag-detect")
        futures = [self._pool.submit(d.detect_batch, texts) for d in self.detectors]
        return [f.result() for f in futures]

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return [spans for spans, _ in self._detect_with_keep_batch(texts)]

    def _detect_with_keep_batch(self, texts: Sequence[str]) -> list[tuple[list[DetectedEntity], list[Any]]]:
        """Per text: the spans to protect and the :class:`~privrag.keep.KeepSpan` s that must survive.

        Keep spans are found after the union and slot completion, so a
        public entity is judged on the merged span in its context, and they
        shorten only soft spans (:func:`privrag.keep.apply_keep`). A text
        over ``window_chars`` goes through in windows, in linear time
        (:mod:`privrag.detect.long_text`).
        """
        from privrag.detect.long_text import detect_long

        texts = list(texts)
        short = [i for i, t in enumerate(texts) if len(t) <= self.window_chars]
        out: list[Any] = [None] * len(texts)
        for i, res in zip(short, self._pipeline([texts[i] for i in short]) if short else [], strict=True):
            out[i] = res
        return [res if res is not None else detect_long(self, t) for t, res in zip(texts, out, strict=True)]

    def _pipeline(self, texts: Sequence[str], *, document: bool = True) -> list[tuple[list[DetectedEntity], list[Any]]]:
        """The members and every step after them; for a window of a long text (``document=False``)
        name propagation and keep application are left to the whole document."""
        from privrag.detect.address_runs import close_address_runs
        from privrag.detect.address_units import with_address_units
        from privrag.detect.code_families import code_family_members
        from privrag.detect.contact_blocks import complete_blocks
        from privrag.detect.name_propagation import propagate_names
        from privrag.detect.overlap import resolve_overlaps
        from privrag.detect.slots import complete_slots
        from privrag.detect.span_cleanup import clean_name_spans

        per_member = self._members_batch(list(texts))
        out: list[tuple[list[DetectedEntity], list[Any]]] = []
        for i, text in enumerate(texts):
            spans = [s for member in per_member for s in member[i]]
            if self.clean_names:
                spans = clean_name_spans(spans, text)
            merged = resolve_overlaps(spans, text, strategy="union", source_priority=self.source_priority)
            if self.complete_slots:
                merged = with_address_units(text, complete_blocks(text, complete_slots(text, merged)))
                merged = close_address_runs(text, merged)
            if self.propagate_names and document:
                merged = code_family_members(text, propagate_names(text, merged))
            keeps: list[Any] = []
            if self.keep is not None:
                from privrag.keep import apply_keep
                from privrag.keep.hard_core import free_soft_edges

                keeps = self.keep.find(text, merged)
                if document:
                    merged = apply_keep(text, free_soft_edges(merged, spans, keeps), keeps)
            out.append((merged, keeps))
        return out


def load_thresholds(path: str | Path | None = None) -> dict[str, Any]:
    """The calibrated thresholds file (``{"members": {name: {...}}, "use_shipped_gliner": bool, ...}``)."""
    p = Path(path) if path else THRESHOLDS_FILE
    if not p.exists():
        return {"members": {}, "use_shipped_gliner": False}
    return json.loads(p.read_text(encoding="utf-8"))


def presidio_member(**kwargs: Any) -> EntityDetector:
    """Presidio with every spaCy NER label and the identifier recognizers, unfiltered.

    Runs spaCy without its dependency parser: Presidio uses entities, tokens
    and lemmas, never arcs, so results are unchanged and analysis is about a
    fifth faster (the parser is a quarter of the small pipeline's time).
    """
    from privrag.detect.presidio import PresidioDetector

    kwargs.setdefault("score_threshold", 0.0)
    if "analyzer" not in kwargs:
        kwargs["analyzer"] = _analyzer_without_parser(tuple(kwargs.pop("extra_ner_labels", SPACY_NER_LABELS)))
    return PresidioDetector(**kwargs)


def _analyzer_without_parser(ner_labels: tuple[str, ...]) -> Any:
    """A private ``AnalyzerEngine`` (its own spaCy copy, parser off) with the identifier recognizers."""
    from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
    from presidio_analyzer.nlp_engine import NerModelConfiguration, NlpEngineProvider

    from privrag import models
    from privrag.detect.recognizers import identifier_recognizers
    from privrag.detect.recognizers_phone import phone_recognizer

    models._offline_tldextract()
    # as in models.presidio_analyzer: per-document warnings about labels dropped
    # by design and recognizers of other languages are noise, not signal
    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    base = NerModelConfiguration()
    mapping = dict(base.model_to_presidio_entity_mapping)
    for lab in ner_labels:
        mapping.setdefault(lab, lab)
    conf = {
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": models.DEFAULT_SPACY_MODEL}],
        "ner_model_configuration": {
            "model_to_presidio_entity_mapping": mapping,
            "labels_to_ignore": [x for x in base.labels_to_ignore if x not in ner_labels],
            "low_confidence_score_multiplier": base.low_confidence_score_multiplier,
            "low_score_entity_names": list(base.low_score_entity_names),
        },
    }
    engine = NlpEngineProvider(nlp_configuration=conf).create_engine()
    nlp = engine.nlp["en"]
    if "parser" in nlp.pipe_names:
        nlp.disable_pipe("parser")
    registry = RecognizerRegistry(supported_languages=["en"])
    registry.load_predefined_recognizers(languages=["en"], nlp_engine=engine)
    registry.remove_recognizer("PhoneRecognizer")
    registry.add_recognizer(phone_recognizer())
    for rec in identifier_recognizers():
        registry.add_recognizer(rec)
    return AnalyzerEngine(registry=registry, nlp_engine=engine, supported_languages=["en"])


def gliner_member(gliner: Any, floor: float = 0.5) -> tuple[EntityDetector, bool]:
    """A GLiNER detector from ``"shipped"``, a hub id, a checkpoint or delta directory, or a model.

    Returns ``(detector, is_shipped_vocabulary)``: the shipped model is run
    with the labels it was trained on; any other checkpoint with the generic
    PII prompts of :data:`~privrag.detect.gliner.DEFAULT_GLINER_LABELS`.
    ``floor`` is the lowest score decoded (GLiNER's decoding slows down
    sharply with a near-zero threshold); per-label thresholds apply on top.
    """
    from privrag.detect.gliner import GLiNERDetector
    from privrag.detect.shipped import DELTA_FILE, shipped_gliner_detector

    if isinstance(gliner, BaseDetector) or (not isinstance(gliner, (str, Path)) and hasattr(gliner, "detect")):
        return gliner, False
    if isinstance(gliner, (str, Path)):
        if str(gliner) == "shipped":
            return shipped_gliner_detector(threshold=floor), True
        if (Path(gliner) / DELTA_FILE).exists():
            return shipped_gliner_detector(str(gliner), threshold=floor), True
    return GLiNERDetector(gliner, threshold=floor), False


def _gliner_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("gliner") is not None


def _is_shipped(gliner: Any) -> bool:
    from privrag.detect.shipped import DELTA_FILE

    return isinstance(gliner, (str, Path)) and (str(gliner) == "shipped" or (Path(gliner) / DELTA_FILE).exists())


def _source_priority(detectors: Sequence[EntityDetector]) -> dict[str, float]:
    """Who names a merged span: identifier recognizers, then Presidio's patterns,
    then a hub GLiNER, then spaCy, then the small shipped GLiNER (which finds
    what to mask better than it names it)."""
    from privrag.detect.recognizers import identifier_recognizers

    prio: dict[str, float] = {r.name: 4 for r in identifier_recognizers()}
    for rec in ("IbanRecognizer", "EmailRecognizer", "CreditCardRecognizer", "IpRecognizer", "UrlRecognizer",
                "PhoneRecognizer", "UsSsnRecognizer", "CryptoRecognizer", "MacAddressRecognizer"):
        prio[rec] = 3
    prio.update({"gliner": 2, "SpacyRecognizer": 1, "gliner_shipped": 0})
    # cue recognizers whose label is a guess (an employer may be a person, a capitalised
    # word after "in" a company): they add coverage, a model names the merged span
    prio.update({"privrag_employer": 0.5, "privrag_uppercase_place": 0.5, "privrag_relocation_place": 0.5,
                 "privrag_country": 0.5, "privrag_first_name": 0.5, "privrag_city": 0.5})
    # ...except for persons and places, which it names better than spaCy-sm:
    # WNUT-17 dev strict recall 0.331 -> 0.368 (persons 0.46 -> 0.54, places
    # 0.49 -> 0.51); for companies spaCy stays first (0.33 vs 0.25)
    prio.update({"gliner_shipped:PERSON": 1.5, "gliner_shipped:LOC": 1.5})
    # an unlabelled code is a shape, not a type: a card, IBAN or phone pattern names it better
    prio["privrag_coded_id"] = 2.5
    # and for the dates it keeps at its high calibrated threshold (0.7):
    # spaCy-sm names "September 2024" an EVENT
    prio["gliner_shipped:DATE_TIME"] = 1.5
    return prio


def build_default_detector(
    gliner: Any = None,
    *,
    thresholds: Mapping[str, Any] | None = None,
    presidio: EntityDetector | None = None,
    keep: Any = "default",
) -> EntityDetector:
    """Build (not cache) the calibrated composite; see :func:`default_detector`.

    ``gliner``: ``None`` (the shipped model when calibration enabled it),
    ``False`` (no GLiNER), ``"shipped"``, a hub id, a directory, or a model.
    ``thresholds``: a parsed thresholds file (default: the packaged one).
    ``presidio``: replaces the Presidio member (tests inject fakes here).
    ``keep``: a :class:`~privrag.keep.KeepFinder` (e.g. with the user's
    ``allow_list``), ``"default"`` for the packaged one, ``None`` for none.
    """
    conf = dict(thresholds) if thresholds is not None else load_thresholds()
    if gliner is None and conf.get("use_shipped_gliner") and not _gliner_installed() and "without_gliner" in conf:
        log.warning("gliner is not installed; the default detector runs without its GLiNER member "
                    "(thresholds calibrated for that case). `pip install 'privrag[gliner]'` restores it.")
        conf = {**conf, **conf["without_gliner"], "use_shipped_gliner": False}
    members_conf = conf.get("members", {})
    members: list[EntityDetector] = []
    base = presidio if presidio is not None else presidio_member()
    members.append(ThresholdedDetector(base, MemberThresholds.from_dict(members_conf.get(PRESIDIO, {})), PRESIDIO))
    if gliner is None and conf.get("use_shipped_gliner"):
        gliner = "shipped"
    if gliner is not None and gliner is not False:
        th = MemberThresholds(default_min=float(conf.get("hub_gliner_threshold", 0.5)))
        if _is_shipped(gliner) and GLINER in members_conf:
            th = MemberThresholds.from_dict(members_conf[GLINER])
        det, shipped = gliner_member(gliner, floor=min([th.default_min, *th.min_score.values()]))
        members.append(ThresholdedDetector(det, th, GLINER if shipped else "hub_gliner"))
    if keep == "default":
        from privrag.keep import KeepFinder

        keep = KeepFinder()
    composite = ParallelCompositeDetector(members, source_priority=_source_priority(members), keep=keep)
    return PropagatingDetector(composite) if conf.get("propagate") else composite


def default_detector(gliner: Any = None) -> EntityDetector:
    """The process-wide default detector, built on first use (one per ``gliner`` argument).

    ``default_detector()`` is the calibrated composite shipped with privrag;
    ``default_detector(gliner="knowledgator/gliner-pii-base-v1.0")`` or
    ``default_detector(gliner="/path/to/checkpoint")`` swaps its GLiNER member
    for another model (hub ids need a reachable hub or a local cache).
    """
    key = "default" if gliner is None else (str(gliner) if isinstance(gliner, (str, Path, bool)) else f"obj{id(gliner)}")
    with _LOCK:
        if key not in _CACHE:
            _CACHE[key] = build_default_detector(gliner)
        return _CACHE[key]
