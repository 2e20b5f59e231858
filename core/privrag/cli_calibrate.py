"""``privrag calibrate``: redo TRIP-RAG's f_priv and τ on labelled data.

With no ``--data`` it recalibrates on TAB and the domain documents together
(surrogate on TAB ``train`` plus ``--synth-docs`` generated documents of our
users' genres; F_norm and τ on TAB ``dev`` and ``domains/dev.jsonl`` pooled,
see :mod:`privrag.trip.calibrate_pooled`; TAB ``test`` is never read, the
domain documents never train anything) — this is how the shipped
``privrag/assets/trip/calibration.json`` is produced. ``--no-domains``
calibrates on TAB dev alone, as before. With ``--data`` it
reads the user's TAB-format JSONL: documents whose
``metadata.provenance.dataset_type`` is ``train`` fit the surrogate, ``dev``
documents fit τ; without split labels a seeded 75/25 split is used.
Use the result with ``TripRag(calibration="OUT/calibration.json")``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import typer

__all__ = ["calibrate_command", "split_docs"]


def split_docs(docs: list, seed: int) -> tuple[list, list]:
    """``(fit, calibrate)`` documents: by their split label, else a seeded 75/25 split."""
    train = [d for d in docs if d.split == "train"]
    dev = [d for d in docs if d.split in ("dev", "validation")]
    if train and dev:
        return train, dev
    unlabeled = [d for d in docs if d.split not in ("test",)]
    if len(unlabeled) < 2:
        raise typer.BadParameter("need at least two non-test documents to calibrate", param_hint="--data")
    order = np.random.default_rng(seed).permutation(len(unlabeled))
    cut = max(1, int(round(0.75 * len(unlabeled))))
    cut = min(cut, len(unlabeled) - 1)
    return [unlabeled[i] for i in order[:cut]], [unlabeled[i] for i in order[cut:]]


def calibrate_command(
    data: Path | None = typer.Option(None, "--data", help="TAB-format JSONL with labelled spans (default: TAB from --data-dir)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Evaluation data folder for the TAB default."),
    out: Path = typer.Option(Path("trip_calibration"), "--out", help="Folder for calibration.json (+ surrogate.npz)."),
    retrain_surrogate: bool = typer.Option(False, "--retrain-surrogate/--keep-surrogate", help="Also refit f_priv on the fit split."),
    max_er_drop: float = typer.Option(0.02, "--max-er-drop", min=0.0, max=1.0, help="Allowed ER_direct loss vs masking every detected entity."),
    max_quasi_drop: float = typer.Option(0.10, "--max-quasi-drop", min=0.0, max=1.0, help="Pooled τ: allowed QUASI protection loss vs masking every detected entity, on every set."),
    seed: int = typer.Option(0, "--seed", help="Seed for the surrogate and the split."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N documents of each split (quick runs)."),
    domains: bool = typer.Option(True, "--domains/--no-domains", help="With the TAB default, also hold τ to the domain documents (pooled)."),
    domains_data: Path | None = typer.Option(None, "--domains-data", help="Domains-format JSONL for the pooled τ (default: DATA_DIR/domains/dev.jsonl)."),
    synth_docs: int | None = typer.Option(None, "--synth-docs", min=0, help="Generated training documents added to the fit split when retraining f_priv (default: 400 with the TAB default, 0 with --data)."),
    surrogate_path: Path | None = typer.Option(None, "--surrogate", help="f_priv weights (.npz) to calibrate τ for (default: the shipped ones)."),
) -> None:
    """Calibrate TRIP-RAG (F_norm, τ; optionally f_priv) on labelled data."""
    from privrag.eval.datasets import (
        DataMissingError,
        domains_path,
        load_domains,
        load_span_jsonl,
        load_tab,
    )
    from privrag.models import ensure_offline_env
    from privrag.trip import TripRag
    from privrag.trip.calibrate import calibrate_tau
    from privrag.trip.calibrate_pooled import CalibrationSet, calibrate_tau_pooled

    ensure_offline_env()
    try:
        dom_docs = []
        if data is None:
            fit_docs, cal_docs = load_tab("train", data_dir), load_tab("dev", data_dir)
            source, cal_split = "TAB", "dev"
            if domains:
                dom_docs = load_domains(domains_data or domains_path(data_dir))
        else:
            fit_docs, cal_docs = split_docs(load_span_jsonl(data), seed)
            source, cal_split = "user data", "dev"
    except DataMissingError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data / --data-dir") from exc
    if limit:
        fit_docs, cal_docs, dom_docs = fit_docs[:limit], cal_docs[:limit], dom_docs[:limit]
    out.mkdir(parents=True, exist_ok=True)
    report: dict = {"source": source, "n_fit_docs": len(fit_docs), "n_calibration_docs": len(cal_docs),
                    "n_domains_docs": len(dom_docs)}
    surrogate = None
    if retrain_surrogate:
        from privrag.embed import default_embedder
        from privrag.trip.train import build_training_set, fit_surrogate, ranking_report
        from privrag.trip.train_mix import MixSource, build_mix, synth_source

        emb = default_embedder()
        sources = [MixSource(f"{source} fit split ({len(fit_docs)} docs)", fit_docs, "tab")]
        n_synth = synth_docs if synth_docs is not None else (400 if data is None else 0)
        if n_synth:
            sources.append(synth_source(n_synth, seed))
        typer.echo(f"training f_priv on {' + '.join(s.name for s in sources)} …")
        mix, _, mix_report = build_mix(sources, emb, seed=seed, tokens=False)
        surrogate = fit_surrogate(mix, seed=seed, meta={"trained_on": " + ".join(s.name for s in sources)})
        report["training_mix"] = mix_report
        ranking = ranking_report(surrogate, build_training_set(cal_docs, emb, seed=seed + 1))
        surrogate.meta["dev_ranking"] = {k: round(v, 4) for k, v in ranking.items()}
        surrogate.save(out / "surrogate.npz")
        report["surrogate_ranking"] = ranking
        typer.echo("S_priv ranking on the calibration split: " + json.dumps({k: round(v, 3) for k, v in ranking.items()}))
    if surrogate is None and surrogate_path is not None:
        if not surrogate_path.is_file():
            raise typer.BadParameter(f"no surrogate file at {surrogate_path}", param_hint="--surrogate")
        from privrag.trip.surrogate import PrivacySurrogate

        surrogate = PrivacySurrogate.load(surrogate_path)
    engine = TripRag(surrogate=surrogate)
    typer.echo(f"scoring {len(cal_docs)} calibration documents …")
    meta = {"split": cal_split, "source": source}
    if retrain_surrogate:
        meta["surrogate_file"] = "surrogate.npz"
    try:
        if dom_docs:
            typer.echo(f"… and {len(dom_docs)} domain documents (pooled τ)")
            sets = [CalibrationSet(f"{source} {cal_split}", "tab", cal_docs), CalibrationSet("domains dev", "domains", dom_docs)]
            result = calibrate_tau_pooled(engine, sets, max_er_drop=max_er_drop, max_quasi_drop=max_quasi_drop, meta={**meta, "split": "dev (pooled)"})
        else:
            result = calibrate_tau(engine, cal_docs, max_er_drop=max_er_drop, meta=meta)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--data") from exc
    result.calibration.save(out / "calibration.json")
    report.update(result.to_dict())
    (out / "calibration_report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if dom_docs:
        typer.echo(f"τ = {result.chosen['tau']:.4f} (pooled masking {result.chosen['masking_rate_pooled']:.3f})")
        for name in (s.name for s in sets):
            typer.echo(f"  {name}: " + ", ".join(f"{k} {v:.3f} (mask-all {result.reference[name][k]:.3f})"
                                                for k, v in result.chosen[name].items()))
        typer.echo(f"wrote {out / 'calibration.json'}; use TripRag(calibration={str(out / 'calibration.json')!r})")
        return
    ref, ch = result.reference, result.chosen
    typer.echo(
        f"τ = {ch['tau']:.4f}: ER_direct {ch['er_direct']:.3f} (mask-all {ref['er_direct']:.3f}), "
        f"ER_quasi {ch['er_quasi']:.3f} ({ref['er_quasi']:.3f}), masking {ch['masking_rate']:.3f} "
        f"({ref['masking_rate']:.3f})"
    )
    typer.echo(f"wrote {out / 'calibration.json'}; use TripRag(calibration={str(out / 'calibration.json')!r})")
