"""Writing benchmark results: one JSON summary, one Markdown table, one JSONL of items.

Every ``privrag bench NAME`` writes the same three files so results can be
diffed, rendered in a README and re-scored per item by anyone:
``NAME.json`` (the summary payload), ``NAME.md`` (a human table) and
``NAME_items.jsonl`` (one line per document × method).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["markdown_table", "write_bench", "Timer", "format_value"]


def format_value(value: Any) -> str:
    """Floats to three decimals, ints as they are, missing as an em dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "—" if math.isnan(value) else f"{value:.3f}"
    return str(value)


def markdown_table(methods: dict[str, dict[str, float]], metrics: Sequence[str] | None = None) -> str:
    """A Markdown table with one row per method and one column per metric.

    ``metrics`` fixes the columns and their order; by default every scalar
    metric any method reports, in first-seen order (nested dicts such as
    per-label breakdowns are left out of the table).
    """
    if metrics is None:
        cols: list[str] = []
        for values in methods.values():
            for key, val in values.items():
                if key not in cols and (val is None or isinstance(val, (int, float))):
                    cols.append(key)
        metrics = cols
    header = "| method | " + " | ".join(metrics) + " |"
    rule = "|---|" + "---:|" * len(metrics)
    rows = [
        "| " + name + " | " + " | ".join(format_value(values.get(m)) for m in metrics) + " |"
        for name, values in methods.items()
    ]
    return "\n".join([header, rule, *rows]) + "\n"


def _default(obj: Any) -> Any:
    """JSON for the odd types results carry (numpy scalars, paths, dataclasses)."""
    if hasattr(obj, "item"):
        return obj.item()
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if isinstance(obj, (Path, set, frozenset, tuple)):
        return str(obj) if isinstance(obj, Path) else list(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def write_bench(out_dir: str | Path, name: str, payload: dict[str, Any], items: Iterable[dict[str, Any]], md: str) -> dict[str, Path]:
    """Write ``DIR/name.json``, ``DIR/name.md`` and ``DIR/name_items.jsonl``; return their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "json": out / f"{name}.json",
        "md": out / f"{name}.md",
        "items": out / f"{name}_items.jsonl",
    }
    paths["json"].write_text(json.dumps(payload, indent=2, ensure_ascii=False, default=_default) + "\n", encoding="utf-8")
    paths["md"].write_text(md if md.endswith("\n") else md + "\n", encoding="utf-8")
    with paths["items"].open("w", encoding="utf-8") as fh:
        for item in items:
            fh.write(json.dumps(item, ensure_ascii=False, default=_default) + "\n")
    return paths


class Timer:
    """Wall-clock seconds of a ``with`` block: ``with Timer() as t: ...; t.seconds``."""

    def __init__(self) -> None:
        self.start = 0.0
        self.seconds = 0.0

    def __enter__(self) -> Timer:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self.start
