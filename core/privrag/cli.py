"""The ``privrag`` command.

``privrag anonymize`` protects a folder or JSONL of documents with a named
method; ``privrag bench NAME`` runs one benchmark. Each benchmark lives in
``privrag.eval.bench_<name>`` and registers its own sub-command through a
``register(app)`` function, so adding a benchmark never touches this file's
logic, only the tuple below.

Benchmark modules are imported only when their sub-command runs (or
``privrag bench --help`` lists them): they pull in torch, transformers,
spaCy and Presidio, which took ``privrag --help`` and ``privrag anonymize``
seconds to load before doing anything.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging

import click
import typer
from typer.core import TyperGroup

from privrag.cli_anonymize import anonymize_command


class LazyBenchGroup(TyperGroup):
    """The ``bench`` group: a benchmark's module is imported on first use of its name."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in BENCHMARKS if _shipped(name)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in BENCHMARKS and _shipped(cmd_name):
            sub = typer.Typer()
            importlib.import_module(_module(cmd_name)).register(sub)
            for name, cmd in typer.main.get_group(sub).commands.items():
                self.add_command(cmd, name)
        return super().get_command(ctx, cmd_name)


def _shipped(name: str) -> bool:
    """Whether ``privrag.eval.bench_<name>`` exists in this build, without importing it."""
    return importlib.util.find_spec(_module(name)) is not None


def _module(name: str) -> str:
    """``pad-speed`` → ``privrag.eval.bench_pad_speed``."""
    return f"privrag.eval.bench_{name.replace('-', '_')}"


app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Privacy-preserving RAG: anonymize documents and run the benchmarks.",
)
bench_app = typer.Typer(cls=LazyBenchGroup, no_args_is_help=True, help="Run a benchmark; writes NAME.json, NAME.md, NAME_items.jsonl.")
app.add_typer(bench_app, name="bench")
app.command("anonymize")(anonymize_command)
app.command("calibrate")(importlib.import_module("privrag.cli_calibrate").calibrate_command)

#: benchmark modules, in ``privrag.eval``; each defines ``register(bench_app)``
BENCHMARKS = ("redact", "detect", "trip", "seag", "pahdp", "pad", "pad-speed", "domains", "long", "scale")


@app.callback()
def _main(verbose: bool = typer.Option(False, "--verbose", "-v", help="Log progress details.")) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s")


if __name__ == "__main__":  # pragma: no cover
    app()
