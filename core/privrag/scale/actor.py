"""The model-holding worker of the Ray path: one per Ray actor, called per batch.

Models (spaCy via Presidio, MiniLM, GLiNER, f_priv) take seconds to load and
hundreds of MB each, so a protector is built once per actor in ``__init__``
and reused for every batch the actor receives (Ray Data ``map_batches`` with a
callable class). Every row comes back as ``id, text, report, error, reason``:

* protected: ``text`` is the protected text and ``report`` the string-free
  privrag report as JSON (the same dict ``privrag anonymize --report`` writes);
* failed: ``text`` and ``report`` are null and ``error`` names the exception
  class. The raw text is never copied to the output and no exception message
  is (a message may quote the document); ``reason`` only carries texts
  written without document text (a size limit's, this module's own).

The protection call is the local CLI's own (:func:`privrag.cli_anonymize._protect`:
one call per batch, one per document when the batch fails), fed the same
batches, so the Ray path writes the same bytes as one process.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from privrag.methods import METHODS, Protector
from privrag.types import ProtectedText

__all__ = ["ProtectActor", "OUTPUT_COLUMNS", "MethodSpec", "method_spec", "build_protector"]

#: columns of every output row, in this order
OUTPUT_COLUMNS = ("id", "text", "report", "error", "reason")

#: a registered method name, a ``"module:factory"`` string, or a factory callable
MethodSpec = str | Callable[..., Protector]


def method_spec(method: MethodSpec) -> str | Callable[..., Protector]:
    """What an actor can rebuild the method from, resolved on the driver.

    A registered name becomes its ``"module:factory"`` entry, so a registry
    changed in the driver process (a plugin, a test) reaches the workers,
    which import :mod:`privrag.methods` afresh.
    """
    if callable(method):
        return method
    if method in METHODS:
        return METHODS[method]
    if ":" in method:
        return method
    raise ValueError(f"unknown method {method!r}; choose from {sorted(METHODS)} or give 'module:factory'")


def build_protector(spec: str | Callable[..., Protector], kwargs: dict[str, Any] | None = None) -> Protector:
    """Instantiate the protector an actor uses (imports happen in the actor)."""
    if callable(spec):
        return spec(**(kwargs or {}))
    module, _, attr = spec.partition(":")
    try:
        factory = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"method {spec!r} is not available on this worker: {exc}") from exc
    return factory(**(kwargs or {}))


def safe_reason(exc: BaseException) -> str | None:
    """The message of an error privrag writes without document text (a size
    limit: the limit and the sizes), as the local CLI reports it; else none."""
    from privrag.limits import TextTooLongError

    return str(exc) if isinstance(exc, TextTooLongError) else None


def _takes_groups(protector: Protector) -> bool:
    import inspect

    try:
        return "groups" in inspect.signature(protector.protect_batch).parameters
    except (TypeError, ValueError):
        return False


def limit_threads(n: int) -> None:
    """One torch thread per actor: Ray gives each actor one CPU, and torch's
    default (all cores) makes two actors on two cores fight over both."""
    os.environ["OMP_NUM_THREADS"] = str(n)
    os.environ["MKL_NUM_THREADS"] = str(n)
    try:
        import torch
    except ImportError:  # pragma: no cover - torch is a core dependency
        return
    torch.set_num_threads(n)


def peak_rss_mb() -> float:
    """Peak resident memory of this process in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class ProtectActor:
    """Callable class for ``Dataset.map_batches`` (``batch_format="pyarrow"``).

    ``batch_column``: consecutive rows with the same value are one protection
    call (the CLI numbers its local batches, so both paths protect the very
    same batches); else each Ray batch is cut into calls of ``rows_per_call``.
    ``group_column``: the batch is sorted by it and holds whole groups; every
    call is one group and the group name is handed to
    ``protect_batch(texts, groups=…)`` so a method that decides a document's
    chunks together (TRIP-RAG) does so.
    ``keep_columns`` are copied through unchanged (the CLI's row number).
    """

    def __init__(
        self,
        method: str | Callable[..., Protector],
        method_kwargs: dict[str, Any] | None = None,
        *,
        text_column: str = "text",
        id_column: str = "id",
        group_column: str | None = None,
        batch_column: str | None = None,
        rows_per_call: int = 8,
        keep_columns: Sequence[str] = (),
        torch_threads: int = 1,
        stats: bool = False,
        env: dict[str, str] | None = None,
    ) -> None:
        os.environ.update(env or {})  # e.g. PRIVRAG_MAX_CHARS of the driver's run, before any model reads it
        limit_threads(torch_threads)
        self.protector = build_protector(method, method_kwargs)
        if group_column is not None and not _takes_groups(self.protector):
            raise ValueError(f"{type(self.protector).__name__}.protect_batch takes no groups; "
                             "group_column needs a method that decides chunks together (trip)")
        self.text_column = text_column
        self.id_column = id_column
        self.group_column = group_column
        self.batch_column = batch_column
        self.rows_per_call = max(1, rows_per_call)
        self.keep_columns = tuple(keep_columns)
        self.stats = stats

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        ids = ["" if x is None else str(x) for x in batch.column(self.id_column).to_pylist()]
        texts = batch.column(self.text_column).to_pylist()
        results: list[ProtectedText | BaseException | str] = []
        for lo, hi in self._calls(batch):
            results.extend(self._protect(texts[lo:hi], batch, lo, hi))
        out: dict[str, list[Any]] = {c: [] for c in OUTPUT_COLUMNS}
        for doc_id, res in zip(ids, results, strict=True):
            out["id"].append(doc_id)
            if isinstance(res, ProtectedText):
                out["text"].append(res.text)
                out["report"].append(json.dumps(res.report(), ensure_ascii=False))
                out["error"].append(None)
                out["reason"].append(None)
            else:
                out["text"].append(None)
                out["report"].append(None)
                out["error"].append("unreadable" if isinstance(res, str) else type(res).__name__)
                out["reason"].append(res if isinstance(res, str) else safe_reason(res))
        table = pa.table({c: pa.array(v, type=pa.string()) for c, v in out.items()})
        for c in self.keep_columns:
            table = table.append_column(c, batch.column(c))
        if self.stats:
            n = len(ids)
            table = table.append_column("pid", pa.array([os.getpid()] * n, type=pa.int64()))
            table = table.append_column("peak_rss_mb", pa.array([peak_rss_mb()] * n, type=pa.float64()))
        return table

    def _calls(self, batch: Any) -> list[tuple[int, int]]:
        """Row ranges, one per protection call."""
        n = batch.num_rows
        column = self.group_column or self.batch_column
        if column is None:
            return [(lo, min(n, lo + self.rows_per_call)) for lo in range(0, n, self.rows_per_call)]
        keys = batch.column(column).to_pylist()
        bounds = [0] + [i for i in range(1, n) if keys[i] != keys[i - 1]] + [n]
        return [(lo, hi) for lo, hi in zip(bounds, bounds[1:], strict=False) if hi > lo]

    def _protect(self, texts: Sequence[Any], batch: Any, lo: int, hi: int) -> list[ProtectedText | BaseException | str]:
        """Protect one call's texts; a row without a string text fails alone."""
        from privrag.cli_anonymize import _protect

        valid = [i for i, t in enumerate(texts) if isinstance(t, str)]
        out: list[ProtectedText | BaseException | str] = ["text is not a string"] * len(texts)
        if not valid:
            return out
        good = [texts[i] for i in valid]
        if self.group_column is not None:
            group = batch.column(self.group_column)[lo].as_py()
            done = self._protect_group(good, group)
        else:
            done = _protect(self.protector, good)
        for i, res in zip(valid, done, strict=True):
            out[i] = res
        return out

    def _protect_group(self, texts: list[str], group: Hashable) -> list[ProtectedText | BaseException]:
        """A group is decided together or not at all: chunk by chunk would mask
        less than the method decided for the document, so a failure fails every
        chunk of the group (fail closed)."""
        try:
            res = self.protector.protect_batch(texts, groups=[group] * len(texts))  # type: ignore[call-arg]
            if len(res) != len(texts) or not all(isinstance(getattr(r, "text", None), str) for r in res):
                raise TypeError(f"method returned {len(res)} results for {len(texts)} texts")
            return list(res)
        except Exception as exc:
            return [exc] * len(texts)
