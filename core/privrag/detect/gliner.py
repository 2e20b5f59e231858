"""GLiNER (generalist NER) as a privrag detector, safe on long texts.

GLiNER truncates its input at ``config.max_len`` words without a warning, so
this detector always runs it on overlapping word windows and maps the spans
back. Any GLiNER checkpoint works: a local directory or a hub id (e.g.
``urchade/gliner_multi_pii-v1``) for users who have a hub.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from privrag.detect.base import BaseDetector
from privrag.detect.windows import detect_windowed, word_windows
from privrag.types import DetectedEntity

__all__ = ["GLiNERDetector", "DEFAULT_GLINER_LABELS", "load_gliner", "well_formed", "MALFORMED_LABEL"]

#: natural-language prompt label → label reported by privrag
DEFAULT_GLINER_LABELS: dict[str, str] = {
    "person": "PERSON",
    "organization": "ORG",
    "location": "LOC",
    "address": "ADDRESS",
    "date": "DATE_TIME",
    "age": "AGE",
    "email": "EMAIL_ADDRESS",
    "phone number": "PHONE_NUMBER",
    "identification number": "ID_NUMBER",
    "nationality": "NORP",
}

_LOAD_LOCK = threading.Lock()

#: the least a span needs to be what its label says. A model may call any words a URL, a phone number or
#: an IP address: the shipped model, fine-tuned on court judgments, calls an occupation or a feast day a
#: URL ("primary school teacher", "All Saints' Day"), a clinical note's words an IP address ("and check
#: TFTs"). The span is often still a finding (TAB annotates both), but not of that kind: it becomes
#: :data:`MALFORMED_LABEL`, so that SEAG never aliases a job as a web address and a keep reason may
#: judge its words as it judges any model's guess.
_SHAPES: dict[str, re.Pattern[str]] = {
    "PHONE_NUMBER": re.compile(r"(?:\d\D*){3}"),
    "IP_ADDRESS": re.compile(r"\d|[0-9A-Fa-f]*:[0-9A-Fa-f]*:"),
    "CREDIT_CARD": re.compile(r"\d"),
    "ACCOUNT_NUMBER": re.compile(r"\d"),
    "EMAIL_ADDRESS": re.compile(r"@|(?i:\bat\b)"),
    "URL": re.compile(r"[./]|(?i:www)"),
}


#: what a span whose text lacks its label's shape is reported as: an identifying detail of no known kind
MALFORMED_LABEL = "MISC"


def well_formed(label: str, text: str) -> bool:
    """Does a model's span have the shape its label needs (digits for a phone, "@" for an e-mail)?"""
    shape = _SHAPES.get(label.upper())
    return shape is None or shape.search(text) is not None


@functools.lru_cache(maxsize=4)
def load_gliner(name_or_path: str, device: str = "cpu") -> Any:
    """Load a GLiNER model once per process from a directory or a hub id."""
    try:
        from gliner import GLiNER
    except ImportError as exc:
        raise ImportError("GLiNER support needs `pip install 'privrag[gliner]'`") from exc
    local = Path(name_or_path).exists()
    with _LOAD_LOCK:
        model = GLiNER.from_pretrained(name_or_path, local_files_only=local, map_location=device)
    model.eval()
    return model


class GLiNERDetector(BaseDetector):
    """Detect entities with a GLiNER checkpoint.

    Key init args:
        model: checkpoint directory, hub id, or a loaded ``GLiNER`` object.
        labels: prompt label → reported label (default :data:`DEFAULT_GLINER_LABELS`).
        threshold: default score threshold; ``thresholds`` overrides per reported label.
        max_words / overlap_words: window size; kept below the model's ``max_len``.
    """

    name = "gliner"
    #: default window and overlap in words
    MAX_WORDS = 200
    OVERLAP_WORDS = 40

    def __init__(
        self,
        model: str | Any,
        *,
        labels: Mapping[str, str] | Sequence[str] | None = None,
        threshold: float = 0.5,
        thresholds: Mapping[str, float] | None = None,
        max_words: int | None = None,
        overlap_words: int | None = None,
        batch_size: int = 8,
        device: str = "cpu",
    ) -> None:
        self.model = load_gliner(str(model), device) if isinstance(model, (str, Path)) else model
        if labels is None:
            labels = DEFAULT_GLINER_LABELS
        elif not isinstance(labels, Mapping):
            labels = {lab: lab.upper().replace(" ", "_") for lab in labels}
        if not labels:
            raise ValueError("GLiNERDetector needs at least one label")
        self.labels = dict(labels)
        self.threshold = float(threshold)
        self.thresholds = dict(thresholds or {})
        model_max = int(getattr(getattr(self.model, "config", None), "max_len", 384) or 384)
        # the label prompt takes ~2 tokens per label inside the same window
        budget = max(32, model_max - 2 * len(self.labels) - 8)
        self.max_words = min(max_words or self.MAX_WORDS, budget)
        self.overlap_words = min(overlap_words if overlap_words is not None else self.OVERLAP_WORDS,
                                 self.max_words // 2)
        self.batch_size = batch_size

    def _run(self, pieces: list[str]) -> list[list[DetectedEntity]]:
        floor = min([self.threshold, *self.thresholds.values()])
        raw = self.model.inference(
            pieces, list(self.labels), threshold=floor, batch_size=self.batch_size
        )
        out = []
        for piece, ents in zip(pieces, raw, strict=True):
            spans = []
            for e in ents:
                label = self.labels.get(e["label"], e["label"])
                if float(e["score"]) < self.thresholds.get(label, self.threshold):
                    continue
                start, end = int(e["start"]), int(e["end"])
                if not well_formed(label, piece[start:end]):
                    label = MALFORMED_LABEL
                spans.append(DetectedEntity(start, end, label, piece[start:end], float(e["score"]), self.name))
            out.append(spans)
        return out

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        results = []
        for text in texts:
            wins = word_windows(text, self.max_words, self.overlap_words)
            results.append(detect_windowed(text, wins, self._run))
        return results
