"""Corpus protection beyond one process: Ray Data, resumable runs, Parquet output.

``protect_dataset(ds, method=…)`` protects a ``ray.data.Dataset`` with one
model-holding actor class; ``privrag anonymize --engine ray`` runs the same
actors over a corpus file and writes the same bytes as ``--engine local``.
Ray is imported only when used (``pip install 'privrag[ray]'``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["protect_dataset", "errors_only", "start_ray", "ProtectActor"]


def __getattr__(name: str) -> Any:
    if name in ("protect_dataset", "errors_only", "start_ray"):
        from privrag.scale import dataset

        return getattr(dataset, name)
    if name == "ProtectActor":
        from privrag.scale.actor import ProtectActor

        return ProtectActor
    raise AttributeError(name)
