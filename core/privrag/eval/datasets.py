"""Loaders for the external evaluation data (TAB, PANORAMA, Presidio synth, WNUT-17).

The data is never copied into the repository. It is read from ``--data-dir``,
else ``$PRIVRAG_DATA``, else ``../shared/data`` beside the repository root.
Systems under test get :attr:`LabeledDoc.text` only; annotations and
``meta`` (TAB's provenance names the applicant) are for scoring.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "GoldSpan",
    "LabeledDoc",
    "Subject",
    "default_data_dir",
    "resolve_data_dir",
    "load_tab",
    "load_tab_subjects",
    "load_panorama",
    "load_panorama_subjects",
    "load_presidio_synth",
    "load_wnut17",
    "load_dataset",
    "load_span_jsonl",
    "DataMissingError",
    "DomainSpan",
    "DomainDoc",
    "load_domains",
    "domains_path",
]

REPO_ROOT = Path(__file__).resolve().parents[3]


class DataMissingError(FileNotFoundError):
    """The evaluation data folder (or one of its files) is not there."""


@dataclass(frozen=True)
class GoldSpan:
    start: int
    end: int
    label: str
    text: str
    identifier_type: str = "DIRECT"  # DIRECT / QUASI / NO_MASK (TAB, PANORAMA)
    entity_id: str = ""

    @property
    def needs_masking(self) -> bool:
        return self.identifier_type in ("DIRECT", "QUASI")


@dataclass
class LabeledDoc:
    id: str
    text: str
    spans: list[GoldSpan]
    split: str = ""
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Subject:
    """A SPIA subject profile: a free-text description and PII keywords."""

    doc_id: str
    subject_id: int
    description: str
    piis: list[dict[str, Any]]

    @property
    def name(self) -> str:
        return self.description.split(" - ", 1)[0].strip()

    @property
    def query(self) -> str:
        """The description with the subject's name removed (text after the first dash)."""
        parts = self.description.split(" - ", 1)
        return (parts[1] if len(parts) == 2 else self.description).strip()


def default_data_dir() -> Path:
    """``$PRIVRAG_DATA`` or ``../shared/data`` relative to the repository root."""
    env = os.environ.get("PRIVRAG_DATA")
    if env:
        return Path(env)
    return REPO_ROOT.parent / "shared" / "data"


def resolve_data_dir(data_dir: str | Path | None) -> Path:
    path = Path(data_dir) if data_dir else default_data_dir()
    if not path.is_dir():
        raise DataMissingError(
            f"evaluation data not found at {path}; pass --data-dir or set PRIVRAG_DATA"
        )
    return path


def _file(data_dir: str | Path | None, *parts: str) -> Path:
    path = resolve_data_dir(data_dir).joinpath(*parts)
    if not path.exists():
        raise DataMissingError(f"missing data file {path}")
    return path


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _span_docs(rows: list[dict[str, Any]], reanchor: bool) -> list[LabeledDoc]:
    docs = []
    for row in rows:
        meta = row.get("metadata", {})
        prov = meta.get("provenance", {}) or {}
        text = row["text"]
        spans = []
        for e in row.get("entities", []):
            start, end = int(e["start_offset"]), int(e["end_offset"])
            surface = e.get("span_text", text[start:end])
            if text[start:end] != surface and reanchor:
                start, end = _reanchor(text, surface, start)
            spans.append(
                GoldSpan(start, end, e["entity_type"], text[start:end], e.get("identifier_type", "DIRECT"), e.get("entity_id", ""))
            )
        docs.append(
            LabeledDoc(
                id=str(prov.get("doc_id") or meta.get("data_id")),
                text=text,
                spans=sorted(spans, key=lambda s: (s.start, s.end)),
                split=str(prov.get("dataset_type", "")),
                meta=meta,
            )
        )
    return docs


def _reanchor(text: str, surface: str, near: int) -> tuple[int, int]:
    """Move a span whose offsets are off by a few characters onto the nearest
    occurrence of its own text (PANORAMA has five such spans)."""
    best = None
    for m in re.finditer(re.escape(surface), text):
        if best is None or abs(m.start() - near) < abs(best - near):
            best = m.start()
    if best is None:
        return near, near + len(surface)
    return best, best + len(surface)


def load_tab(split: str | None = "test", data_dir: str | Path | None = None) -> list[LabeledDoc]:
    """TAB ECHR judgments; ``split`` in train / dev / test, or ``None`` for all."""
    docs = _span_docs(_jsonl(_file(data_dir, "tab", "entity_tab_144.jsonl")), reanchor=False)
    if split is None:
        return docs
    if split not in ("train", "dev", "test"):
        raise ValueError(f"unknown TAB split {split!r}")
    return [d for d in docs if d.split == split]


def _subjects(path: Path, docs_by_text: dict[str, str]) -> list[Subject]:
    out = []
    for row in _jsonl(path):
        doc_id = docs_by_text.get(row["text"][:400], str(row.get("metadata", {}).get("data_id")))
        for s in row.get("subjects", []):
            out.append(Subject(doc_id, int(s.get("id", 0)), s.get("description", ""), s.get("PIIs", [])))
    return out


def load_tab_subjects(split: str | None = "test", data_dir: str | Path | None = None) -> list[Subject]:
    """SPIA subject profiles for TAB documents, keyed to TAB doc ids."""
    docs = load_tab(split, data_dir)
    by_text = {d.text[:400]: d.id for d in docs}
    subs = _subjects(_file(data_dir, "tab", "spia_tab_144.jsonl"), by_text)
    ids = {d.id for d in docs}
    return [s for s in subs if s.doc_id in ids]


def load_span_jsonl(path: str | Path) -> list[LabeledDoc]:
    """A user's own TAB-format JSONL (``text`` + ``entities`` with offsets,
    ``identifier_type``, ``entity_id``; split in ``metadata.provenance.dataset_type``)."""
    path = Path(path)
    if not path.is_file():
        raise DataMissingError(f"missing data file {path}")
    return _span_docs(_jsonl(path), reanchor=True)


def load_panorama(data_dir: str | Path | None = None) -> list[LabeledDoc]:
    """PANORAMA (CC BY 4.0, Selvam et al. 2025): report-only holdout."""
    docs = _span_docs(_jsonl(_file(data_dir, "panorama", "entity_panorama_151.jsonl")), reanchor=True)
    for d in docs:
        d.split = "all"
    return docs


def load_panorama_subjects(data_dir: str | Path | None = None) -> list[Subject]:
    docs = load_panorama(data_dir)
    return _subjects(_file(data_dir, "panorama", "spia_panorama_151.jsonl"), {d.text[:400]: d.id for d in docs})


def load_presidio_synth(data_dir: str | Path | None = None) -> list[LabeledDoc]:
    """Presidio-research synthetic sentences (MIT): evaluation only, never training."""
    rows = json.loads(_file(data_dir, "presidio_synth", "synth_dataset_v2.json").read_text(encoding="utf-8"))
    docs = []
    for i, row in enumerate(rows):
        text = row["full_text"]
        spans = [
            GoldSpan(int(s["start_position"]), int(s["end_position"]), s["entity_type"],
                     text[int(s["start_position"]) : int(s["end_position"])])
            for s in row.get("spans", [])
        ]
        docs.append(LabeledDoc(id=f"synth-{i}", text=text, spans=sorted(spans, key=lambda s: s.start), split="all"))
    return docs


_WNUT_FILES = {"train": "wnut17train.conll", "dev": "emerging.dev.conll", "test": "emerging.test.annotated"}


def load_wnut17(split: str = "test", data_dir: str | Path | None = None) -> list[LabeledDoc]:
    """WNUT-17 (CC BY 4.0, Derczynski et al. 2017): token<TAB>BIO, sentences
    joined with single spaces; spans are character offsets into that text."""
    if split not in _WNUT_FILES:
        raise ValueError(f"unknown WNUT-17 split {split!r}")
    path = _file(data_dir, "wnut17", _WNUT_FILES[split])
    docs: list[LabeledDoc] = []
    tokens: list[tuple[str, str]] = []

    def flush() -> None:
        if not tokens:
            return
        text, spans, pos = "", [], 0
        cur: list[Any] | None = None
        for tok, tag in tokens:
            if text:
                text += " "
                pos += 1
            start, end = pos, pos + len(tok)
            text += tok
            pos = end
            if tag.startswith("B-") or (tag.startswith("I-") and (cur is None or cur[2] != tag[2:])):
                if cur:
                    spans.append(cur)
                cur = [start, end, tag[2:]]
            elif tag.startswith("I-") and cur is not None:
                cur[1] = end
            else:
                if cur:
                    spans.append(cur)
                cur = None
        if cur:
            spans.append(cur)
        gold = [GoldSpan(s, e, lab, text[s:e]) for s, e, lab in spans]
        docs.append(LabeledDoc(id=f"wnut-{split}-{len(docs)}", text=text, spans=gold, split=split))
        tokens.clear()

    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            flush()
            continue
        parts = line.split("\t") if "\t" in line else line.split()
        if len(parts) >= 2:
            tokens.append((parts[0], parts[-1].strip()))
    flush()
    return docs


@dataclass(frozen=True)
class DomainSpan:
    """One marked span of a domain document (``domains/MARKUP.md``).

    ``protect`` spans carry ``kind`` and ``identifier`` (DIRECT / QUASI);
    ``keep`` spans carry ``why`` (medication, diagnosis, …) and must survive.
    """

    start: int
    end: int
    text: str
    kind: str = ""
    identifier: str = ""
    why: str = ""


@dataclass
class DomainDoc:
    """A hand-written clinical or workplace document with protect/keep marks.

    Systems get :attr:`text` only; ``protect`` and ``keep`` are for scoring.
    """

    id: str
    domain: str
    subtype: str
    text: str
    protect: list[DomainSpan] = field(default_factory=list)
    keep: list[DomainSpan] = field(default_factory=list)


def domains_path(data_dir: str | Path | None = None, split: str = "dev") -> Path:
    """``<data dir>/domains/<split>.jsonl`` (data dir: ``--data-dir``, ``$PRIVRAG_DATA``, ``../shared/data``)."""
    return _file(data_dir, "domains", f"{split}.jsonl")


def _domain_span(raw: dict[str, Any], text: str, doc_id: str) -> DomainSpan:
    start, end = int(raw["start"]), int(raw["end"])
    surface = raw.get("text", text[start:end])
    if text[start:end] != surface:
        # offsets are authoritative only when they agree with the surface: a wrong
        # span would silently score the wrong characters
        raise ValueError(f"{doc_id}: span {start}:{end} is {text[start:end]!r}, not {surface!r}")
    return DomainSpan(start, end, surface, str(raw.get("kind", "")), str(raw.get("identifier", "")),
                      str(raw.get("why", "")))


def load_domains(path: str | Path) -> list[DomainDoc]:
    """A JSONL file in the domains format (``id``, ``domain``, ``subtype``, ``text``,
    ``protect`` and ``keep`` span lists); spans are checked against the text."""
    path = Path(path)
    if not path.is_file():
        raise DataMissingError(f"missing data file {path}")
    docs = []
    for i, row in enumerate(_jsonl(path)):
        text, doc_id = row["text"], str(row.get("id", f"doc-{i}"))
        docs.append(
            DomainDoc(
                id=doc_id,
                domain=str(row.get("domain", "")),
                subtype=str(row.get("subtype", "")),
                text=text,
                protect=sorted((_domain_span(s, text, doc_id) for s in row.get("protect", [])), key=lambda s: s.start),
                keep=sorted((_domain_span(s, text, doc_id) for s in row.get("keep", [])), key=lambda s: s.start),
            )
        )
    return docs


def load_dataset(name: str, split: str | None = None, data_dir: str | Path | None = None) -> list[LabeledDoc]:
    """Dispatch by name: ``tab``, ``panorama``, ``presidio_synth``, ``wnut17``."""
    if name == "tab":
        return load_tab(split or "test", data_dir)
    if name == "panorama":
        return load_panorama(data_dir)
    if name == "presidio_synth":
        return load_presidio_synth(data_dir)
    if name == "wnut17":
        return load_wnut17(split or "test", data_dir)
    raise ValueError(f"unknown dataset {name!r}")
