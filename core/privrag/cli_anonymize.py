"""``privrag anonymize``: protect a file, a folder of .txt/.md files, a JSONL or a Parquet corpus.

Output is one ``{"id", "text"}`` line per document (the protected text); the
optional report has one line per document with the masked spans as offsets
into the *original* text, so anyone can score the output independently.

The command is built to be pointed at real, messy input without harm:

* paths are checked before anything is read: an output that is (or would be
  read as) an input is refused, since overwriting it loses the raw corpus;
* outputs go to a temporary file beside the target and are renamed onto it
  only when the run finishes, so a crash, Ctrl-C or kill never leaves a
  half-written file that looks complete;
* a document whose protection fails is never written, raw or otherwise; it is
  reported by id and error class only (an error message may quote the text)
  and the command exits 1, while every other document is still protected.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import IO, Any

import typer
from tqdm import tqdm

from privrag.corpus import (
    CorpusError,
    Item,
    Unreadable,
    check_encoding,
    check_input,
    check_output,
    read_corpus,
)
from privrag.limits import TextTooLongError
from privrag.methods import METHODS, Protector, get_method
from privrag.types import ProtectedText

__all__ = ["anonymize_command", "read_corpus"]

BATCH = 8
MODES = ("descriptor", "tag")
#: failures listed on the terminal; the report file lists them all
SHOW_FAILURES = 20


def _check_method(value: str) -> str:
    if value not in METHODS:
        raise typer.BadParameter(f"unknown method {value!r}; choose from {', '.join(sorted(METHODS))}")
    return value


def _check_mode(value: str) -> str:
    if value not in MODES:
        raise typer.BadParameter(f"unknown mode {value!r}; choose from {', '.join(MODES)}")
    return value


def anonymize_command(
    inp: Path = typer.Argument(..., exists=True, help="A .txt/.md file, a folder of them, a .jsonl (id, text per line) or a .parquet (id, text columns)."),
    out: Path = typer.Option(..., "--out", help="Output JSONL: one {id, text} per document."),
    method: str = typer.Option("redact", "--method", callback=_check_method, help=f"Protection method: {', '.join(sorted(METHODS))}."),
    report: Path | None = typer.Option(None, "--report", help="Per-document JSONL report with masked spans."),
    mode: str = typer.Option("descriptor", "--mode", callback=_check_mode, help="redact only: 'descriptor' (a person) or 'tag' (<PERSON>)."),
    encoding: str = typer.Option("utf-8", "--encoding", help="Encoding of .txt/.md/.jsonl input, e.g. latin-1 (Parquet is always UTF-8)."),
    engine: str = typer.Option("local", "--engine", help="'local' (this process) or 'ray' (Ray Data actors; pip install 'privrag[ray]')."),
    address: str | None = typer.Option(None, "--address", help="ray: join this Ray cluster (e.g. ray://head:10001 or auto); default: start Ray on this machine."),
    workers: int | None = typer.Option(None, "--workers", min=1, help="ray: number of actors, one CPU each (default: every CPU)."),
    resume: bool = typer.Option(False, "--resume", help="Skip documents already protected by an interrupted run or already in OUT."),
    max_chars: int | None = typer.Option(None, "--max-chars", min=1, help="Longest document protected, in characters; a longer one is reported and not written (default: PRIVRAG_MAX_CHARS or 5,000,000)."),
) -> None:
    """Protect every document and write the protected texts (and a report).

    Exits 1 if any document could not be read or protected (those are listed
    and left out; the rest are written), 2 on a usage error.
    """
    _check_paths(inp, out, report, encoding)
    if max_chars is not None:  # every technique reads its default limit from here (privrag.limits)
        os.environ["PRIVRAG_MAX_CHARS"] = str(max_chars)
    if engine != "local" or resume or out.suffix.lower() == ".parquet":  # resumable path: privrag.scale
        from privrag.scale.run import scaled_command

        scaled_command(inp, out, method, mode, encoding, report, engine, address, workers, resume)
        return
    docs = read_corpus(inp, encoding)
    try:
        head = list(islice(docs, BATCH))  # unreadable input fails before a model loads
        protector = _load(method, mode)
        with ExitStack() as stack:
            out_fh = stack.enter_context(atomic_text(out))
            rep_fh = stack.enter_context(atomic_text(report)) if report else None
            run = protect_corpus(protector, chain(head, docs), out_fh, rep_fh, desc=f"anonymize ({method})")
    except CorpusError as exc:  # bad input found while reading: nothing was written
        raise typer.Exit(_fail(f"error: {exc}; nothing written")) from None
    _summary(run, method, out)
    if run.failures:
        raise typer.Exit(1)


def _check_paths(inp: Path, out: Path, report: Path | None, encoding: str) -> None:
    """Usage errors, before any document is read or any model is loaded."""
    try:
        check_encoding(encoding)
    except CorpusError as exc:
        raise typer.BadParameter(str(exc), param_hint="--encoding") from None
    try:
        check_input(inp)
    except CorpusError as exc:
        raise typer.BadParameter(str(exc), param_hint="INP") from None
    for opt, target in (("--out", out), ("--report", report)):
        if target is None:
            continue
        try:
            check_output(target, inp)
        except CorpusError as exc:
            raise typer.BadParameter(str(exc), param_hint=opt) from None
    same = report is not None and (
        report.resolve() == out.resolve() or (report.exists() and out.exists() and os.path.samefile(report, out))
    )
    if same:
        raise typer.BadParameter("--report and --out are the same file", param_hint="--report")


def _load(method: str, mode: str) -> Protector:
    kwargs: dict[str, Any] = {"mode": mode} if method == "redact" else {}
    try:
        return get_method(method, **kwargs)
    except ValueError as exc:  # not available in this installation, bad option
        raise typer.BadParameter(str(exc), param_hint="--method") from None


@contextmanager
def atomic_text(path: Path) -> Iterator[IO[str]]:
    """A text file that appears at ``path`` only if the block completes.

    It is written as a hidden temporary file in the same folder (so the final
    ``os.replace`` is atomic and never crosses filesystems) and removed on any
    error or Ctrl-C; a kill leaves at most that temporary file, never a
    truncated ``path``. An existing ``path`` stays untouched until the rename.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@dataclass
class Run:
    """What one run did: counts per entity type and the documents left out."""

    protected: int = 0
    totals: Counter[str] = field(default_factory=Counter)
    #: (id, error class or "unreadable", reason without document text)
    failures: list[tuple[str, str, str]] = field(default_factory=list)


def protect_corpus(
    protector: Protector, items: Iterable[Item], out_fh: IO[str], rep_fh: IO[str] | None, desc: str = "anonymize"
) -> Run:
    """Protect ``items`` batch by batch and write each protected document.

    A document is written only from its :class:`ProtectedText`; one that is
    unreadable or whose protection raised is recorded in the returned run
    (and as an ``error`` row of the report) and written nowhere.
    """
    run = Run()
    with tqdm(desc=desc, unit="doc") as bar:
        for batch in _batches(items, BATCH):
            docs = [it for it in batch if isinstance(it, tuple)]
            results = iter(_protect(protector, [t for _, t in docs]))
            for item in batch:  # input order, in the output and the report alike
                if isinstance(item, Unreadable):
                    _record(run, rep_fh, item.id, "unreadable", item.reason)
                    continue
                doc_id, res = item[0], next(results)
                if isinstance(res, BaseException):
                    # only a size error's message is known to hold no document text
                    _record(run, rep_fh, doc_id, type(res).__name__, str(res) if isinstance(res, TextTooLongError) else "")
                    continue
                out_fh.write(json.dumps({"id": doc_id, "text": res.text}, ensure_ascii=False) + "\n")
                run.protected += 1
                run.totals.update(s.label for s in res.masked_spans)
                if rep_fh:
                    rep_fh.write(json.dumps({"id": doc_id, **res.report()}, ensure_ascii=False) + "\n")
            bar.update(len(batch))
    return run


def _batches(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


def _protect(protector: Protector, texts: Sequence[str]) -> list[ProtectedText | Exception]:
    """One call per batch; if it fails, one call per document, so a single bad
    document costs only itself. Any exception counts as a failure (fail closed)."""
    if not texts:
        return []
    try:
        return _checked(protector.protect_batch(list(texts)), len(texts))
    except Exception as exc:
        if len(texts) == 1:
            return [exc]
    out: list[ProtectedText | Exception] = []
    for t in texts:
        try:
            out.extend(_checked(protector.protect_batch([t]), 1))
        except Exception as exc:
            out.append(exc)
    return out


def _checked(results: Sequence[Any], n: int) -> list[ProtectedText | Exception]:
    if len(results) != n or not all(isinstance(getattr(r, "text", None), str) for r in results):
        raise TypeError(f"method returned {len(results)} results for {n} texts, or a result without text")
    return list(results)


def _record(run: Run, rep_fh: IO[str] | None, doc_id: str, error: str, reason: str) -> None:
    run.failures.append((doc_id, error, reason))
    if rep_fh:
        row = {"id": doc_id, "error": error, **({"reason": reason} if reason else {})}
        rep_fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def _fail(msg: str) -> int:
    typer.secho(msg, err=True, fg="red")
    return 1


def _summary(run: Run, method: str, out: Path) -> None:
    typer.echo(f"\n{run.protected} documents protected with '{method}' → {out}")
    if run.failures:
        _fail(f"{len(run.failures)} documents not written (id, error):")
        for doc_id, error, reason in run.failures[:SHOW_FAILURES]:
            _fail(f"  {doc_id}  {reason if error == 'unreadable' else error + (f': {reason}' if reason else '')}")
        if len(run.failures) > SHOW_FAILURES:
            _fail(f"  … and {len(run.failures) - SHOW_FAILURES} more (all are in --report)")
    if not run.totals:
        typer.echo("no entities masked")
        return
    width = max(len(k) for k in run.totals)
    typer.echo(f"{'entity type'.ljust(width)}  masked")
    for label, n in run.totals.most_common():
        typer.echo(f"{label.ljust(width)}  {n:6d}")
    typer.echo(f"{'total'.ljust(width)}  {sum(run.totals.values()):6d}")
