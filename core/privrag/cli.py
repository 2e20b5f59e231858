"""The ``privrag`` command.

``privrag anonymize`` protects a folder or JSONL of documents with a named
method; ``privrag bench NAME`` runs one benchmark. Each benchmark lives in
``privrag.eval.bench_<name>`` and registers its own sub-command through a
``register(app)`` function, so adding a benchmark never touches this file's
logic, only the tuple below.
"""

from __future__ import annotations

import importlib
import logging

import typer

from privrag.cli_anonymize import anonymize_command

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Privacy-preserving RAG: anonymize documents and run the benchmarks.",
)
bench_app = typer.Typer(no_args_is_help=True, help="Run a benchmark; writes NAME.json, NAME.md, NAME_items.jsonl.")
app.add_typer(bench_app, name="bench")
app.command("anonymize")(anonymize_command)
app.command("calibrate")(importlib.import_module("privrag.cli_calibrate").calibrate_command)

#: benchmark modules, in ``privrag.eval``; each defines ``register(bench_app)``
BENCHMARKS = ("redact", "detect", "trip", "seag", "pahdp", "pad")

for _name in BENCHMARKS:
    try:
        _mod = importlib.import_module(f"privrag.eval.bench_{_name}")
    except ModuleNotFoundError as exc:  # a benchmark not shipped in this build
        if exc.name != f"privrag.eval.bench_{_name}":
            raise
        continue
    _mod.register(bench_app)


@app.callback()
def _main(verbose: bool = typer.Option(False, "--verbose", "-v", help="Log progress details.")) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")


if __name__ == "__main__":  # pragma: no cover
    app()
