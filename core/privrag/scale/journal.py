"""The partial output of a resumable run, and turning it into OUT and the report.

A run that protects ten million documents must survive a crash, a Ctrl-C or
a pre-empted node without redoing (or double-writing) what it finished. Rows
are appended to a hidden journal beside OUT as they complete, flushed per
batch; OUT itself (JSONL or Parquet), the report and the errors file appear
only when the run finishes, written atomically as in the local CLI, so a
half-written OUT never looks complete. ``--resume`` reads the ids back from
the journal (a line cut by a kill is dropped) and from an existing OUT.

Journal lines: ``{"id", "text", "report"}`` for a protected document,
``{"id", "error"[, "reason"]}`` for a failed one (no raw text, no message
from an exception). A failure is retried by the next ``--resume``.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from privrag.cli_anonymize import Run, atomic_text

__all__ = ["Journal", "journal_path", "errors_path", "read_output_ids"]

#: rows per Parquet row group of OUT
PARQUET_ROWS = 4096


def journal_path(out: Path) -> Path:
    return out.parent / f".{out.name}.partial.jsonl"


def errors_path(out: Path) -> Path:
    """``OUT.errors.jsonl`` beside OUT: id, error class and reason of each failed document."""
    return out.parent / f"{out.name}.errors.jsonl"


@dataclass
class Journal:
    """Append-only partial output of one run (see the module docstring)."""

    out: Path
    path: Path = field(init=False)
    _fh: IO[str] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.path = journal_path(self.out)

    def start(self, resume: bool) -> set[str]:
        """Open for appending; returns the ids already protected when resuming.

        Without ``resume`` an earlier partial output is discarded. A line cut
        short by a kill is removed before appending, so every line is whole.
        """
        self.out.parent.mkdir(parents=True, exist_ok=True)
        if not resume:
            with suppress(FileNotFoundError):
                self.path.unlink()
        done: set[str] = set()
        if self.path.exists():
            self._truncate_partial_line()
            done = {row["id"] for row in self.rows() if "text" in row}
        self._fh = self.path.open("a", encoding="utf-8", newline="\n")
        return done

    def _truncate_partial_line(self) -> None:
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            with self.path.open("r+b") as fh:
                fh.truncate(data.rfind(b"\n") + 1)

    def rows(self) -> Iterator[dict[str, Any]]:
        if not self.path.exists():
            return
        with self.path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.endswith("\n"):
                    yield json.loads(line)

    def write_ok(self, doc_id: str, text: str, report: dict[str, Any]) -> None:
        assert self._fh is not None
        self._fh.write(json.dumps({"id": doc_id, "text": text, "report": report}, ensure_ascii=False) + "\n")

    def write_error(self, doc_id: str, error: str, reason: str | None) -> None:
        assert self._fh is not None
        row = {"id": doc_id, "error": error, **({"reason": reason} if reason else {})}
        self._fh.write(json.dumps(row, ensure_ascii=False) + "\n")

    def flush(self) -> None:
        if self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def finish(self, report: Path | None) -> Run:
        """Write OUT, the report and the errors file from the journal, then delete it.

        A document that failed once and was protected by a later ``--resume``
        counts as protected only. Rows keep the order they were written in:
        input order for a run that was not resumed, as the local CLI.
        """
        self.close()
        ok = {row["id"] for row in self.rows() if "text" in row}
        run = Run()
        errors: list[dict[str, Any]] = []
        out_rows = self._out_rows(ok, run, errors)
        if self.out.suffix.lower() == ".parquet":
            _write_parquet(self.out, out_rows)
        else:
            with atomic_text(self.out) as fh:
                for doc_id, text, _ in out_rows:
                    fh.write(json.dumps({"id": doc_id, "text": text}, ensure_ascii=False) + "\n")
        if report is not None:
            with atomic_text(report) as fh:
                for row in self.rows():
                    if "text" in row:
                        fh.write(json.dumps({"id": row["id"], **row["report"]}, ensure_ascii=False) + "\n")
                    elif row["id"] not in ok:
                        fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        err_file = errors_path(self.out)
        if errors:
            with atomic_text(err_file) as fh:
                for row in errors:
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        else:
            with suppress(FileNotFoundError):
                err_file.unlink()
        self.path.unlink()
        return run

    def _out_rows(self, ok: set[str], run: Run, errors: list[dict[str, Any]]) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """The protected rows, counting into ``run`` as they pass (a generator,
        so a Parquet or JSONL OUT is streamed from the journal)."""
        for row in self.rows():
            if "text" in row:
                run.protected += 1
                run.totals.update(span[2] for span in row["report"].get("masked_spans", []))
                yield row["id"], row["text"], row["report"]
            elif row["id"] not in ok:
                run.failures.append((row["id"], row["error"], row.get("reason", "")))
                errors.append(row)


def _write_parquet(out: Path, rows: Iterator[tuple[str, str, dict[str, Any]]]) -> None:
    """OUT as Parquet (``id``, ``text`` columns), written beside and renamed on completion."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([("id", pa.string()), ("text", pa.string())])
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp")
    os.close(fd)
    try:
        with pq.ParquetWriter(tmp, schema) as writer:
            ids: list[str] = []
            texts: list[str] = []
            for doc_id, text, _ in rows:
                ids.append(doc_id)
                texts.append(text)
                if len(ids) >= PARQUET_ROWS:
                    writer.write_table(pa.table({"id": ids, "text": texts}, schema=schema))
                    ids, texts = [], []
            writer.write_table(pa.table({"id": ids, "text": texts}, schema=schema))
        os.replace(tmp, out)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def read_output_ids(out: Path) -> list[tuple[str, str]]:
    """``(id, text)`` of an existing OUT (JSONL or Parquet), for ``--resume``."""
    if not out.exists():
        return []
    if out.suffix.lower() == ".parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(out, columns=["id", "text"])
        return list(zip(table.column("id").to_pylist(), table.column("text").to_pylist(), strict=True))
    rows = []
    with out.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                rows.append((str(row["id"]), row["text"]))
    return rows
