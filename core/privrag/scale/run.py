"""``privrag anonymize --engine ray | --resume | --out X.parquet``: the resumable runner.

The local CLI writes OUT in one atomic step; this runner adds what a long
run over a big corpus needs, for both engines alike: a journal that
``--resume`` continues (:mod:`privrag.scale.journal`), Parquet output, and
the Ray engine. Both engines read the corpus with the local reader, cut it
into the local CLI's batches and protect each batch with the local CLI's own
call, so ``--engine ray`` writes the same bytes as ``--engine local``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

import typer
from tqdm import tqdm

from privrag.cli_anonymize import BATCH, _fail, _load, _protect, _summary
from privrag.corpus import CorpusError, Unreadable, read_corpus
from privrag.scale.actor import safe_reason
from privrag.scale.journal import Journal, errors_path, read_output_ids
from privrag.types import ProtectedText

__all__ = ["ScaledRun", "run_scaled", "scaled_command", "ENGINES"]

ENGINES = ("local", "ray")
#: local batches per Ray block: enough blocks to keep every actor busy, few enough to amortise a task
MAX_BATCHES_PER_BLOCK = 16


@dataclass
class ScaledRun:
    """One ``privrag anonymize`` invocation on the resumable path."""

    inp: Path
    out: Path
    method: str
    mode: str = "descriptor"
    encoding: str = "utf-8"
    report: Path | None = None
    engine: str = "local"
    address: str | None = None
    workers: int | None = None
    resume: bool = False

    def method_kwargs(self) -> dict[str, Any]:
        return {"mode": self.mode} if self.method == "redact" else {}


def run_scaled(job: ScaledRun) -> int:
    """Run ``job``; the exit code: 0, or 1 when a document was not written or the run broke off."""
    journal = Journal(job.out)
    try:
        done = journal.start(job.resume)
        if job.resume:
            done |= _carry_existing_output(job, journal, done)
        items = [it for it in read_corpus(job.inp, job.encoding)
                 if isinstance(it, Unreadable) or it[0] not in done]
    except CorpusError as exc:
        journal.close()
        return _fail(f"error: {exc}; nothing written")
    if done:
        typer.echo(f"resuming: {len(done)} documents already protected, {len(items)} to go")
    try:
        if job.engine == "ray":
            _run_ray(job, items, journal)
        else:
            _run_local(job, items, journal)
    except KeyboardInterrupt:
        journal.flush()
        journal.close()
        _fail(f"\ninterrupted; the documents finished so far are kept in {journal.path} — "
              "run the same command with --resume to continue")
        return 130
    except Exception as exc:  # a worker lost for good, Ray unreachable: keep what is done
        journal.flush()
        journal.close()
        return _fail(f"\nrun broke off ({type(exc).__name__}); the documents finished so far are kept in "
                     f"{journal.path} — run the same command with --resume to continue")
    run = journal.finish(job.report)
    _summary(run, job.method, job.out)
    if run.failures:
        _fail(f"failed documents (id, error class, reason): {errors_path(job.out)}")
    return 1 if run.failures else 0


def _carry_existing_output(job: ScaledRun, journal: Journal, done: set[str]) -> set[str]:
    """Rows of an existing OUT (and their report rows) go into the journal, so
    the finished OUT still holds them; returns their ids."""
    reports: dict[str, dict[str, Any]] = {}
    if job.report is not None and job.report.exists():
        for line in job.report.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if "id" in row and "error" not in row:
                reports[str(row.pop("id"))] = row
    carried: set[str] = set()
    for doc_id, text in read_output_ids(job.out):
        if doc_id not in done and doc_id not in carried:
            journal.write_ok(doc_id, text, reports.get(doc_id, {}))
            carried.add(doc_id)
    journal.flush()
    return carried


def _write(journal: Journal, doc_id: str, res: ProtectedText | BaseException | Unreadable) -> None:
    if isinstance(res, Unreadable):
        journal.write_error(doc_id, "unreadable", res.reason)
    elif isinstance(res, BaseException):
        journal.write_error(doc_id, type(res).__name__, safe_reason(res))
    else:
        journal.write_ok(doc_id, res.text, res.report())


def _batches(items: list[Any]) -> Iterator[list[Any]]:
    """The local CLI's batches: ``BATCH`` items, unreadable ones included."""
    it = iter(items)
    while batch := list(islice(it, BATCH)):
        yield batch


def _run_local(job: ScaledRun, items: list[Any], journal: Journal) -> None:
    protector = _load(job.method, job.mode)
    with tqdm(total=len(items), desc=f"anonymize ({job.method})", unit="doc") as bar:
        for batch in _batches(items):
            docs = [it for it in batch if isinstance(it, tuple)]
            results = iter(_protect(protector, [t for _, t in docs]))
            for item in batch:
                if isinstance(item, Unreadable):
                    _write(journal, item.id, item)
                else:
                    _write(journal, item[0], next(results))
            journal.flush()
            bar.update(len(batch))


def _blocks(items: list[Any], workers: int) -> tuple[list[Any], dict[int, Unreadable]]:
    """Arrow blocks of whole local batches (columns id, text, ``_n`` row, ``_b`` batch);
    unreadable items stay on the driver, keyed by their row number."""
    import pyarrow as pa

    batches = list(_batches(items))
    per_block = max(1, min(MAX_BATCHES_PER_BLOCK, -(-len(batches) // (4 * max(1, workers)))))
    unreadable: dict[int, Unreadable] = {}
    tables = []
    n = 0
    for lo in range(0, len(batches), per_block):
        cols: dict[str, list[Any]] = {"id": [], "text": [], "_n": [], "_b": []}
        for b, batch in enumerate(batches[lo:lo + per_block], lo):
            for item in batch:
                if isinstance(item, Unreadable):
                    unreadable[n] = item
                else:
                    cols["id"].append(item[0])
                    cols["text"].append(item[1])
                    cols["_n"].append(n)
                    cols["_b"].append(b)
                n += 1
        if cols["id"]:
            tables.append(pa.table({"id": pa.array(cols["id"], pa.string()), "text": pa.array(cols["text"], pa.string()),
                                    "_n": pa.array(cols["_n"], pa.int64()), "_b": pa.array(cols["_b"], pa.int64())}))
    return tables, unreadable


def _run_ray(job: ScaledRun, items: list[Any], journal: Journal) -> None:
    from privrag.scale.dataset import protect_dataset, ray_module, start_ray

    ray = ray_module()
    started = start_ray(job.address, job.workers)
    try:
        workers = job.workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        tables, unreadable = _blocks(items, workers)
        ctx = ray.data.DataContext.get_current()
        ctx.execution_options.preserve_order = True
        ctx.enable_progress_bars = False  # one privrag bar instead
        logging.getLogger("ray.data").setLevel(logging.WARNING)  # no execution plans between the bar's lines
        pending = sorted(unreadable)
        with tqdm(total=len(items), desc=f"anonymize ({job.method}, ray ×{workers})", unit="doc") as bar:
            if tables:
                ds = protect_dataset(ray.data.from_arrow(tables), job.method, method_kwargs=job.method_kwargs(),
                                     batch_size=None, batch_column="_b", keep_columns=("_n",), concurrency=workers)
                for batch in ds.iter_batches(batch_format="pyarrow", batch_size=None):
                    rows = batch.to_pylist()
                    for row in rows:
                        while pending and pending[0] < row["_n"]:
                            _write(journal, unreadable[pending[0]].id, unreadable.pop(pending.pop(0)))
                            bar.update(1)
                        _write_row(journal, row)
                    journal.flush()
                    bar.update(len(rows))
            for n in pending:
                _write(journal, unreadable[n].id, unreadable[n])
                bar.update(1)
            journal.flush()
    finally:
        if started:
            ray.shutdown()


def _write_row(journal: Journal, row: dict[str, Any]) -> None:
    if row["error"] is None:
        journal.write_ok(row["id"], row["text"], json.loads(row["report"]))
    else:
        journal.write_error(row["id"], row["error"], row["reason"])


def scaled_command(inp: Path, out: Path, method: str, mode: str, encoding: str, report: Path | None,
                   engine: str, address: str | None, workers: int | None, resume: bool) -> None:
    """The CLI entry (paths already checked by ``privrag anonymize``); exits with :func:`run_scaled`'s code."""
    if engine not in ENGINES:
        raise typer.BadParameter(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}", param_hint="--engine")
    if engine == "local" and (address or workers):
        raise typer.BadParameter("--address and --workers need --engine ray", param_hint="--engine")
    job = ScaledRun(inp, out, method, mode, encoding, report, engine, address, workers, resume)
    code = run_scaled(job)
    if code:
        raise typer.Exit(code)
