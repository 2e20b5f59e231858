"""``privrag anonymize``: protect a folder of .txt/.md files or a JSONL corpus.

Output is one ``{"id", "text"}`` line per document (the protected text); the
optional report has one line per document with the masked spans as offsets
into the *original* text, so anyone can score the output independently.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import typer
from tqdm import tqdm

from privrag.methods import METHODS, get_method
from privrag.types import PrivacyError

__all__ = ["anonymize_command", "read_corpus"]

BATCH = 8


def read_corpus(path: Path) -> Iterator[tuple[str, str]]:
    """Yield ``(id, text)`` from a folder of .txt/.md files or a .jsonl file."""
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix.lower() in (".txt", ".md") and p.is_file())
        if not files:
            raise typer.BadParameter(f"no .txt or .md files under {path}")
        for p in files:
            yield str(p.relative_to(path)), p.read_text(encoding="utf-8", errors="replace")
        return
    if path.suffix.lower() != ".jsonl":
        raise typer.BadParameter(f"{path} is neither a folder nor a .jsonl file")
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise typer.BadParameter(f"{path}:{n}: not JSON ({exc.msg})") from exc
            if not isinstance(row, dict) or "text" not in row or not isinstance(row["text"], str):
                raise typer.BadParameter(f"{path}:{n}: each line needs a string 'text' (and an 'id')")
            yield str(row.get("id", n)), row["text"]


def anonymize_command(
    inp: Path = typer.Argument(..., exists=True, help="Folder of .txt/.md files or a .jsonl with id and text."),
    out: Path = typer.Option(..., "--out", help="Output JSONL: one {id, text} per document."),
    method: str = typer.Option("redact", "--method", help=f"Protection method: {', '.join(sorted(METHODS))}."),
    report: Path | None = typer.Option(None, "--report", help="Per-document JSONL report with masked spans."),
    mode: str = typer.Option("descriptor", "--mode", help="redact only: 'descriptor' (a person) or 'tag' (<PERSON>)."),
) -> None:
    """Protect every document and write the protected texts (and a report)."""
    kwargs = {"mode": mode} if method == "redact" else {}
    protector = get_method(method, **kwargs)
    docs = list(read_corpus(inp))
    out.parent.mkdir(parents=True, exist_ok=True)
    totals: Counter[str] = Counter()
    rep_fh = report.open("w", encoding="utf-8") if report else None
    try:
        with out.open("w", encoding="utf-8") as out_fh:
            for i in tqdm(range(0, len(docs), BATCH), desc=f"anonymize ({method})", unit="batch"):
                batch = docs[i : i + BATCH]
                try:
                    results = protector.protect_batch([t for _, t in batch])
                except PrivacyError as exc:  # nothing of this batch is written
                    raise typer.Exit(_fail(f"protection failed, nothing written for batch {i // BATCH}: {exc}")) from exc
                for (doc_id, _), res in zip(batch, results, strict=True):
                    out_fh.write(json.dumps({"id": doc_id, "text": res.text}, ensure_ascii=False) + "\n")
                    totals.update(s.label for s in res.masked_spans)
                    if rep_fh:
                        rep_fh.write(json.dumps({"id": doc_id, **res.report()}, ensure_ascii=False) + "\n")
    finally:
        if rep_fh:
            rep_fh.close()
    _summary(totals, len(docs), method, out)


def _fail(msg: str) -> int:
    typer.secho(msg, err=True, fg="red")
    return 1


def _summary(totals: Counter[str], n_docs: int, method: str, out: Path) -> None:
    typer.echo(f"\n{n_docs} documents protected with '{method}' → {out}")
    if not totals:
        typer.echo("no entities masked")
        return
    width = max(len(k) for k in totals)
    typer.echo(f"{'entity type'.ljust(width)}  masked")
    for label, n in totals.most_common():
        typer.echo(f"{label.ljust(width)}  {n:6d}")
    typer.echo(f"{'total'.ljust(width)}  {sum(totals.values()):6d}")
