"""Read the documents ``privrag anonymize`` protects: a file, a folder, JSONL or Parquet.

Real input is messy: a stray binary in a notes folder, a Latin-1 export, an
output path pointed back at the input. So nothing here ends in a traceback
for bad content. A problem with the input as a whole is a :class:`CorpusError`
whose message names the file; one unreadable file inside a folder is yielded
as :class:`Unreadable`, so the caller reports it and goes on with the rest.
Reading is streamed (documents are yielded one by one), so a large JSONL or
Parquet corpus never has to fit in memory. Nothing here protects text.
"""

from __future__ import annotations

import codecs
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["CorpusError", "Unreadable", "Item", "TEXT_SUFFIXES", "check_encoding", "check_input",
           "check_output", "read_corpus", "text_files"]

TEXT_SUFFIXES = (".txt", ".md")
KINDS = "a .txt/.md file, a folder of them, a .jsonl or a .parquet file"
#: rows per Parquet read: bounded memory on corpora of any size
PARQUET_BATCH = 1024


class CorpusError(ValueError):
    """The input as a whole cannot be read; the message names the file and says why."""


@dataclass(frozen=True)
class Unreadable:
    """A file of a folder input that could not be read as text: reported, never protected."""

    id: str
    reason: str


#: what :func:`read_corpus` yields: ``(id, text)`` or an unreadable folder file
Item = tuple[str, str] | Unreadable


def check_encoding(encoding: str) -> str:
    """The codec's canonical name; a typo fails here, before any file is opened."""
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise CorpusError(f"unknown encoding {encoding!r}") from None


def text_files(folder: Path) -> list[Path]:
    """The .txt/.md files under ``folder``, sorted so ids come out in a stable order."""
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() in TEXT_SUFFIXES and p.is_file())


def check_input(path: Path) -> str:
    """The kind of input (``folder``, ``text``, ``jsonl``, ``parquet``), checked
    without reading any document, so a wrong path fails before work starts."""
    if path.is_dir():
        if not text_files(path):
            raise CorpusError(f"no .txt or .md files under {path}")
        return "folder"
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return "text"
    if suffix == ".jsonl":
        return "jsonl"
    if suffix == ".parquet":
        _parquet_module()
        return "parquet"
    raise CorpusError(f"{path} is not {KINDS}")


def check_output(target: Path, inp: Path) -> None:
    """Refuse an output path that is, or would be read as, an input.

    Writing over the input destroys the only copy of the raw documents, and a
    .txt/.md output inside an input folder would be read back as a document
    by the next run. Symlinks and hard links count as the same file.
    """
    if target.is_dir():
        raise CorpusError(f"{target} is a folder; give a file path")
    dest = target.resolve()
    for f in text_files(inp) if inp.is_dir() else [inp]:
        if f.resolve() == dest or (target.exists() and os.path.samefile(f, target)):
            raise CorpusError(f"{target} is the input file {f}; writing it would destroy the input")
    if inp.is_dir() and target.suffix.lower() in TEXT_SUFFIXES:
        if dest.is_relative_to(inp.resolve()) or target.absolute().is_relative_to(inp.absolute()):
            raise CorpusError(f"{target} is inside the input folder {inp} and would be read as a document")


def read_corpus(path: Path, encoding: str = "utf-8") -> Iterator[Item]:
    """Yield ``(id, text)`` per document, in input order.

    ids: the path relative to a folder input, the file name of a single file,
    the ``id`` field or column of JSONL/Parquet (else the 1-based line or row).
    A folder file that cannot be decoded is yielded as :class:`Unreadable`;
    any other problem raises :class:`CorpusError`.
    """
    kind = check_input(path)
    enc = check_encoding(encoding)
    try:
        if kind == "folder":
            for f in text_files(path):
                name = f.relative_to(path).as_posix()
                try:
                    yield name, decode(f.read_bytes(), enc, str(f))
                except CorpusError as exc:
                    yield Unreadable(name, str(exc))
                except OSError as exc:
                    yield Unreadable(name, f"{f}: cannot read ({exc.strerror or exc})")
        elif kind == "text":
            yield path.name, decode(path.read_bytes(), enc, str(path))
        elif kind == "jsonl":
            yield from _read_jsonl(path, enc)
        else:
            yield from _read_parquet(path)
    except OSError as exc:
        raise CorpusError(f"{path}: cannot read ({exc.strerror or exc})") from None


def decode(raw: bytes, encoding: str, where: str) -> str:
    """Decode strictly: a wrong guess must fail loudly, never become mojibake
    that the detector then misses. NUL bytes mean a binary file: Latin-1
    decodes any byte, so the codec alone would accept a binary as text."""
    binary = CorpusError(f"{where}: binary file (contains NUL bytes), not text")
    try:
        text = raw.decode("utf-8-sig" if encoding == "utf-8" else encoding)
    except UnicodeDecodeError as exc:
        if b"\x00" in raw:
            raise binary from None
        byte = raw[exc.start : exc.start + 1].hex()
        raise CorpusError(f"{where}: not valid {encoding} (byte 0x{byte} at offset {exc.start}); "
                          "give the file's encoding, e.g. --encoding latin-1") from None
    if "\x00" in text:
        raise binary
    return text


def _lines(path: Path, encoding: str) -> Iterator[tuple[int, str]]:
    """Numbered lines. Split as bytes, so a decoding error names its exact line;
    UTF-16/32 are not byte-line oriented and are decoded whole instead."""
    if encoding.startswith(("utf-16", "utf-32")):
        yield from enumerate(decode(path.read_bytes(), encoding, str(path)).split("\n"), 1)
        return
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            yield n, decode(raw, encoding, f"{path}:{n}")


def _row(row: Any, n: int, where: str) -> tuple[str, str]:
    if not isinstance(row, dict) or not isinstance(row.get("text"), str):
        raise CorpusError(f"{where}: each record needs a string 'text' (and an 'id')")
    doc_id = row.get("id")
    return str(n if doc_id is None else doc_id), row["text"]


def _read_jsonl(path: Path, encoding: str) -> Iterator[tuple[str, str]]:
    for n, line in _lines(path, encoding):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorpusError(f"{path}:{n}: not JSON ({exc.msg})") from None
        yield _row(row, n, f"{path}:{n}")


def _parquet_module() -> Any:
    """``pyarrow.parquet``, imported only for .parquet input: it is an optional dependency."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise CorpusError("reading .parquet needs pyarrow, which is not installed (pip install pyarrow)") from None
    return pq


def _read_parquet(path: Path) -> Iterator[tuple[str, str]]:
    pq = _parquet_module()
    try:
        pf = pq.ParquetFile(path)
        names = list(pf.schema_arrow.names)
    except (OSError, ValueError) as exc:  # pyarrow: ArrowIOError is an OSError, ArrowInvalid a ValueError
        raise CorpusError(f"{path}: not a readable Parquet file ({type(exc).__name__})") from None
    if "text" not in names:
        raise CorpusError(f"{path}: needs a 'text' column (and an 'id'); has {names}")
    columns = ["id", "text"] if "id" in names else ["text"]
    n = 0
    batches = pf.iter_batches(batch_size=PARQUET_BATCH, columns=columns)
    while True:
        try:
            batch = next(batches, None)
        except (OSError, ValueError) as exc:  # a corrupt row group half-way through
            raise CorpusError(f"{path}: unreadable after row {n} ({type(exc).__name__})") from None
        if batch is None:
            return
        data = batch.to_pydict()
        ids = data.get("id", [None] * len(data["text"]))
        for doc_id, text in zip(ids, data["text"], strict=True):
            n += 1
            yield _row({"id": doc_id, "text": text}, n, f"{path} row {n}")
