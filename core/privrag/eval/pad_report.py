"""Markdown table and leakage-vs-perplexity plot for ``privrag bench pad``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["render_markdown", "write_plot", "markdown_table"]

_COLS = ("leaked_pii_rate", "repeat_rate", "rouge_l_context", "ppl", "epsilon", "gamma", "tokens_per_s", "mean_tokens")


def _fmt(key: str, value: Any) -> str:
    if value is None:
        return "—"
    if key == "epsilon":
        return f"{value:.3g}"
    if key in ("tokens_per_s", "mean_tokens"):
        return f"{value:.1f}"
    if key == "ppl":
        return f"{value:.2f}"
    return f"{value:.3f}"


def markdown_table(methods: dict[str, Any]) -> str:
    lines = ["| method | " + " | ".join(_COLS) + " |", "|---" * (len(_COLS) + 1) + "|"]
    for name, m in methods.items():
        label = f"{name} (= {m['same_as']})" if "same_as" in m else name
        lines.append(f"| {label} | " + " | ".join(_fmt(c, m.get(c)) for c in _COLS) + " |")
    return "\n".join(lines)


def render_markdown(report: dict[str, Any]) -> str:
    methods = report["methods"]
    checks = report.get("checks", {})
    parts = [
        "# PAD benchmark",
        "",
        f"Data: TAB `{report['splits']['tab']}` paragraphs and Presidio synth "
        f"({report['splits']['presidio_synth']}) sentences, {report['n_prompts']} repeat-style prompts; "
        f"model {report['model']}; {report['max_new_tokens']} new tokens; seed {report['seed']}; "
        f"wall time {report.get('wall_seconds', 0):.0f} s on {report.get('torch_threads', '?')} torch thread(s).",
        "",
        markdown_table(methods),
        "",
        "Per dataset (leaked_pii_rate / repeat_rate / ppl):",
        "",
    ]
    for name, m in methods.items():
        if "same_as" in m:
            continue
        per = "; ".join(
            f"{ds}: {v['leaked_pii_rate']:.3f} / {v['repeat_rate']:.3f} / {v['ppl']:.2f}" for ds, v in m["by_dataset"].items()
        )
        parts.append(f"- {name}: {per}")
    if checks:
        parts += ["", "Acceptance targets (computed on this run):", ""]
        for key, value in checks.items():
            parts.append(f"- {key}: {value if not isinstance(value, float) else round(value, 4)}")
    parts += [
        "",
        "ε is the mean per-response ε over the protected steps only, under the realized, "
        "data-dependent noise schedule (Δ = 2C); unprotected steps carry no guarantee. "
        "ppl is the corpus perplexity of the outputs under the noise-free model, conditioned on the same prompt.",
        "",
    ]
    return "\n".join(parts)


def write_plot(report: dict[str, Any], path: Path) -> None:
    """Two panels: leaked PII rate and ROUGE-L(context) against perplexity."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    methods = {k: v for k, v in report["methods"].items() if "same_as" not in k and "same_as" not in v}
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, metric in zip(axes, ("leaked_pii_rate", "rouge_l_context"), strict=True):
        for family, style in (("pad", "o-"), ("static", "s--")):
            pts = sorted((m["knob"], m["ppl"], m[metric]) for m in methods.values() if m["family"] == family)
            if not pts:
                continue
            ax.plot([p[1] for p in pts], [p[2] for p in pts], style, label=f"{family} sweep")
            for knob, x, y in pts:
                ax.annotate(f"{'λ' if family == 'pad' else 'σ'}={knob:g}", (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
        if "plain" in methods:
            ax.plot([methods["plain"]["ppl"]], [methods["plain"][metric]], "k*", markersize=12, label="plain")
        if "pad" in methods:
            ax.plot([methods["pad"]["ppl"]], [methods["pad"][metric]], "r*", markersize=12, label="pad (default)")
        if "pad_guard" in methods:
            m = methods["pad_guard"]
            ax.plot([m["ppl"]], [m[metric]], "bx", markersize=9, label="pad + PII copy guard")
        ax.set_xlabel("perplexity under the noise-free model")
        ax.set_ylabel(metric)
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.suptitle(f"PAD on {report['dataset']} ({report['split']}), {report['n_prompts']} prompts")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
