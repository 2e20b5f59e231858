"""``privrag bench long``: time on one long document, and whether it grows linearly.

Generates one document per size (:func:`privrag.eval.longdoc.long_document`:
letters, e-mails and notes, seeded, a cast that grows with the text) and
times, on each:

* ``redact`` — :class:`privrag.redact.Redactor` with the default detector,
  end to end (detection included), as ``privrag anonymize`` runs it;
* ``seag`` — SEAG's alias table on the same text: :meth:`SEAG.prepare` with
  the detector's answer for that text reused (detection is the redaction's),
  so the column is the value recognizer, the table build and aliasing. A
  table that fails its own checks raises ``PrivacyError`` (issue 19: "returns
  or raises"): the row then says so next to the time.

It prints seconds and characters per second per size, and the time ratio
between the two largest sizes (1 MB → 2 MB by default): linear time gives
about their size ratio (2.0); issue 20 accepts up to 2.3. Timing assertions
live here, not in the test suite: a loaded machine distorts them.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from privrag.eval.report import Timer, write_bench

__all__ = ["run_bench", "render_markdown", "long_command", "register", "CachedDetector"]

log = logging.getLogger(__name__)

#: default sizes in thousands of characters
DEFAULT_SIZES = (100, 220, 1000, 2000)


class CachedDetector:
    """The wrapped detector's answer per text, computed once (SEAG reuses the redaction's detection)."""

    def __init__(self, detector: Any) -> None:
        self.detector = detector
        self._memo: dict[str, Any] = {}
        self._lock = threading.Lock()

    def detect_with_keep_batch(self, texts: Sequence[str]) -> list[Any]:
        from privrag.keep import detect_with_keep

        todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if todo:
            for t, res in zip(todo, detect_with_keep(self.detector, todo), strict=True):
                with self._lock:
                    self._memo[t] = res
        return [self._memo[t] for t in texts]

    def detect_batch(self, texts: Sequence[str]) -> list[Any]:
        return [list(spans) for spans, _ in self.detect_with_keep_batch(texts)]

    def detect(self, text: str) -> Any:
        return self.detect_batch([text])[0]

    def forget(self) -> None:
        self._memo.clear()


def run_bench(sizes_k: Sequence[int], *, seag: bool = True, seed: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Time redaction (and SEAG's table) on one generated document per size."""
    from privrag.detect.default import default_detector
    from privrag.eval.longdoc import long_document
    from privrag.redact import Redactor

    det = CachedDetector(default_detector())
    redactor = Redactor(det, max_chars=max(sizes_k) * 1000 * 2)
    seag_engine = None
    if seag:
        from privrag.seag import SEAG

        seag_engine = SEAG(det, seed=seed, max_chars=max(sizes_k) * 1000 * 2)
    redactor.protect("Warm-up: John Smith called 0113 496 0721 on 3 May 2024.")  # models load outside the timings
    rows: list[dict[str, Any]] = []
    for k in sizes_k:
        text = long_document(k * 1000, seed=seed)
        row: dict[str, Any] = {"size_k": k, "chars": len(text)}
        with Timer() as t:
            res = redactor.protect(text)
        row.update(redact_s=t.seconds, redact_chars_per_s=len(text) / t.seconds, masked=len(res.masked_spans))
        if seag_engine is not None:
            from privrag.types import PrivacyError

            req = None
            with Timer() as t:
                try:  # "returns or raises": a refused table is a result too, timed like one
                    req = seag_engine.prepare([text])
                except PrivacyError as exc:
                    row["seag_error"] = type(exc).__name__
            row.update(seag_s=t.seconds, seag_chars_per_s=len(text) / t.seconds)
            if req is not None:
                row["aliases"] = len(req.table)
                req.release()
        det.forget()
        log.info("long %d K: %s", k, row)
        rows.append(row)
    payload = {"sizes_k": list(sizes_k), "seed": seed, "rows": rows, "ratios": _ratios(rows)}
    return payload, rows


def _ratios(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Time ratio of the two largest sizes, with their size ratio for reference."""
    if len(rows) < 2:
        return {}
    a, b = sorted(rows, key=lambda r: r["chars"])[-2:]
    out = {"size": b["chars"] / a["chars"], "redact": b["redact_s"] / a["redact_s"]}
    if "seag_s" in a and "seag_s" in b:
        out["seag"] = b["seag_s"] / a["seag_s"]
    return out


def render_markdown(payload: dict[str, Any]) -> str:
    rows = payload["rows"]
    seag = any("seag_s" in r for r in rows)
    head = "| size | chars | redact s | redact chars/s |" + (" SEAG table s | SEAG chars/s |" if seag else "")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        line = f"| {r['size_k']} K | {r['chars']:,} | {r['redact_s']:.1f} | {r['redact_chars_per_s']:,.0f} |"
        if seag:
            raised = f" ({r['seag_error']})" if "seag_error" in r else ""
            line += f" {r.get('seag_s', float('nan')):.1f}{raised} | {r.get('seag_chars_per_s', float('nan')):,.0f} |"
        lines.append(line)
    ratios = payload.get("ratios") or {}
    if ratios:
        big = sorted(rows, key=lambda r: r["chars"])[-2:]
        lines.append("")
        lines.append(f"time ratio {big[0]['size_k']} K → {big[1]['size_k']} K (size ratio {ratios['size']:.2f}): "
                     + ", ".join(f"{k} {v:.2f}" for k, v in ratios.items() if k != "size"))
    return "\n".join(lines)


def long_command(
    sizes: str = typer.Option(",".join(map(str, DEFAULT_SIZES)), "--sizes", help="Document sizes in thousands of characters, comma-separated."),
    seag: bool = typer.Option(True, "--seag/--no-seag", help="Also time SEAG's alias table on each document."),
    seed: int = typer.Option(0, "--seed", help="Seed of the generated documents."),
    out: Path = typer.Option(Path("results/long"), "--out", help="Output folder for long.json/.md/_items.jsonl."),
) -> None:
    """Seconds, characters/s and the largest-size time ratio of redaction (and SEAG) on generated long texts."""
    from privrag.models import ensure_offline_env

    ensure_offline_env()
    try:
        sizes_k = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError:
        raise typer.BadParameter("sizes are whole numbers of thousands of characters", param_hint="--sizes") from None
    if not sizes_k or min(sizes_k) <= 0:
        raise typer.BadParameter("give at least one positive size", param_hint="--sizes")
    payload, items = run_bench(sizes_k, seag=seag, seed=seed)
    md = render_markdown(payload)
    paths = write_bench(out, "long", payload, items, md)
    typer.echo(md)
    typer.echo(f"wrote {paths['json']}, {paths['md']}, {paths['items']}")


def register(app: typer.Typer) -> None:
    """Add ``long`` to the ``privrag bench`` command group."""
    app.command("long")(long_command)
