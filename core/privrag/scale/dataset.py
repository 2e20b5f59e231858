"""``protect_dataset``: privrag on a ``ray.data.Dataset``, and starting or joining Ray.

Why Ray Data and not a pool of processes: users who outgrow one machine
already run Ray; its actor pools restart a killed worker and retry its batch
(``max_restarts`` / ``max_task_retries``), stream a corpus larger than memory
and spread over a cluster. privrag brings only the model-holding actor
(:class:`privrag.scale.actor.ProtectActor`) and the fail-closed row contract.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from privrag.scale.actor import MethodSpec, ProtectActor, method_spec
from privrag.types import PrivacyError

if TYPE_CHECKING:  # pragma: no cover
    import ray.data

__all__ = ["protect_dataset", "errors_only", "start_ray", "ray_module", "DEFAULT_ROWS_PER_CALL"]

#: texts per protection call: the local CLI's batch, so both paths make the same calls
DEFAULT_ROWS_PER_CALL = 8
#: environment the workers need to stay offline and quiet (copied when set)
_WORKER_ENV = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "TOKENIZERS_PARALLELISM", "PRIVRAG_MAX_CHARS",
               "PRIVRAG_DATA", "PRIVRAG_CACHE_DIR", "HF_HOME")


def ray_module() -> Any:
    """``ray`` with Ray Data, or a clear error naming the extra to install."""
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError as exc:
        raise PrivacyError("the Ray engine needs Ray Data: pip install 'privrag[ray]'") from exc
    return ray


def worker_env() -> dict[str, str]:
    env = {k: os.environ[k] for k in _WORKER_ENV if k in os.environ}
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    return env


#: a Ray started here serves one privrag run and no dashboard: the metrics agent, task
#: events and idle prestarted workers only take CPU from the actors (on a 2-core machine
#: one actor ran 5–8 % slower with them); a cluster joined by address keeps its own settings
LOCAL_SYSTEM_CONFIG: dict[str, Any] = {
    "enable_metrics_collection": False,
    "enable_worker_prestart": False,
    "task_events_report_interval_ms": 0,
}


def start_ray(address: str | None = None, num_cpus: int | None = None, **init_kwargs: Any) -> bool:
    """Join the cluster at ``address``, or start a local Ray on this machine.

    Returns whether this call started (and so must shut down) Ray; an already
    initialised Ray (a notebook, a test fixture, a Ray job) is used as it is.
    """
    ray = ray_module()
    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {"runtime_env": {"env_vars": worker_env()}, "log_to_driver": False,
                              "logging_level": "WARNING", **init_kwargs}
    if address:
        ray.init(address=address, **kwargs)
    else:
        kwargs["_system_config"] = {**LOCAL_SYSTEM_CONFIG, **kwargs.get("_system_config", {})}
        ray.init(num_cpus=num_cpus, include_dashboard=False, **kwargs)
    return True


def protect_dataset(
    ds: ray.data.Dataset,
    method: MethodSpec = "redact",
    *,
    method_kwargs: dict[str, Any] | None = None,
    text_column: str = "text",
    id_column: str = "id",
    group_column: str | None = None,
    batch_size: int | None = 64,
    rows_per_call: int = DEFAULT_ROWS_PER_CALL,
    concurrency: int = 1,
    num_cpus: float = 1,
    torch_threads: int = 1,
    keep_columns: Sequence[str] = (),
    batch_column: str | None = None,
    stats: bool = False,
    **ray_remote_args: Any,
) -> ray.data.Dataset:
    """Protect every row of ``ds``; lazily, like any Ray Data transform.

    Output columns: ``id`` (string), ``text`` (the protected text, null when
    the row failed), ``report`` (the string-free privrag report as JSON, null
    when failed), ``error`` (exception class or null) and ``reason`` (set
    only for a row without a string text). A failed row never carries its raw
    text; the failed ones alone: :func:`errors_only`.

    ``method``: a registered name (``"redact"``, ``"trip"``), ``"module:factory"``
    or a factory callable, built once per actor with ``method_kwargs``.
    ``concurrency`` actors each get ``num_cpus`` CPUs and ``torch_threads``
    torch threads. ``batch_size`` rows reach an actor at a time (``None``: a
    whole block); each is protected ``rows_per_call`` texts per call.
    ``group_column``: rows with the same value (the chunks of one document)
    reach one actor in one call and are decided together
    (``protect_batch(texts, groups=…)``; TRIP-RAG); the input is sorted by
    it first (and computed then, not lazily), the output is in group order,
    and a group must fit in one block. ``ray_remote_args`` go to the actors (``max_restarts``, …).
    """
    ray = ray_module()
    spec = method_spec(method)
    ctor = {"method_kwargs": method_kwargs, "text_column": text_column, "id_column": id_column,
            "group_column": group_column, "batch_column": batch_column, "rows_per_call": rows_per_call,
            "keep_columns": tuple(keep_columns), "torch_threads": torch_threads, "stats": stats,
            "env": worker_env()}  # the settings of this run, also on a cluster started earlier
    compute = ray.data.ActorPoolStrategy(size=concurrency)
    common: dict[str, Any] = {"fn_constructor_args": (spec,), "fn_constructor_kwargs": ctor,
                              "batch_format": "pyarrow", "compute": compute, "num_cpus": num_cpus,
                              **ray_remote_args}
    if group_column is not None:
        # Sorting range-partitions by the key, so every block holds whole groups and a
        # block is one batch. It is materialised first: Ray's shuffle tasks would
        # otherwise wait forever for CPUs the protecting actors already hold.
        ds.context.shuffle_strategy = "sort_shuffle_pull_based"
        return ds.sort(group_column).materialize().map_batches(ProtectActor, batch_size=None, **common)
    return ds.map_batches(ProtectActor, batch_size=batch_size, **common)


def errors_only(ds: ray.data.Dataset) -> ray.data.Dataset:
    """The failed rows (``id, error, reason``): what to re-run or report."""
    from ray.data.expressions import col

    return ds.filter(expr=col("error").is_not_null()).select_columns(["id", "error", "reason"])
