"""Train the TRIP-RAG privacy surrogate f_priv on TAB train + generated documents; check it on dev.

    .venv/bin/python scripts/train_trip_surrogate.py [--data-dir D] [--seed 0] [--out DIR]

Fits both heads of f_priv (sentence head on pooled embeddings of windows and
their variants; token head on contextual token embeddings of the windows) and
checks on dev that S_priv, computed exactly as TripRag computes it, ranks
DIRECT > QUASI > NO_MASK. Writes ``surrogate.npz`` (~0.3 MB) and
``surrogate_report.json`` into
``core/privrag/assets/trip/`` unless ``--out`` says otherwise. Same seed, same
data → same weights. The training mix (``privrag.trip.train_mix``) is TAB train
plus ``--synth-docs`` seeded documents of our users' genres
(``privrag.trip.synth_docs``), generated here, never stored. TAB test is never
read; TAB dev and domains dev are only scored (the ranking check). Embeddings are cached under
``privrag.models.cache_dir()`` so re-fitting the head is instant.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import time
from functools import partial
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "core" / "privrag" / "assets" / "trip"


def _digest(docs) -> str:
    h = hashlib.sha256()
    for d in docs:
        h.update(d.text.encode())
        h.update(json.dumps([(s.start, s.end, s.identifier_type, s.entity_id) for s in d.spans]).encode())
    return h.hexdigest()[:16]


def _cached(kind: str, tag: str, docs, build, refresh: bool, fields: tuple[str, ...]):
    """Build once per (kind, documents, options); later runs only refit the heads."""
    from privrag import models

    key = hashlib.sha256(json.dumps([kind, tag, _digest(docs), 4]).encode()).hexdigest()[:16]
    path = models.cache_dir() / f"trip_{kind}_{key}.npz"
    if path.exists() and not refresh:
        with np.load(path) as z:
            return {k: z[k] for k in fields}
    out = build()
    np.savez(path, **{k: getattr(out, k) for k in fields})
    return {k: getattr(out, k) for k in fields}


_SENT = ("X", "y", "base", "kind", "level")
_EMPTY = None  # set in main: an empty TrainingSet when only the token head is refit
_TOK = ("X", "y", "level")


def _mix(sources, seed: int, embedder, refresh: bool, sentence: bool = True):
    """The training mix, each source cached on its own (see privrag.trip.train_mix);
    ``sentence=False`` builds only the token head's set (one encoder pass per window)."""
    from privrag.trip.train import TrainingSet, build_training_set
    from privrag.trip.train_mix import concat_token_sets, concat_training_sets, source_report
    from privrag.trip.train_tokens import TokenSet, build_token_set

    sent, toks, report = [], [], []
    for k, src in enumerate(sources):
        opts, s_k = src.options(), seed + 101 * k
        tag = json.dumps([s_k, opts])
        s = TrainingSet(**_cached("trainset", tag, src.docs, partial(
            build_training_set, src.docs, embedder, seed=s_k, **opts), refresh, _SENT)) if sentence else _EMPTY
        t = TokenSet(**_cached("tokenset", tag, src.docs, partial(
            build_token_set, src.docs, embedder, seed=s_k, short_per_chunk=opts["short_per_chunk"]), refresh, _TOK))
        sent.append(s)
        toks.append(t)
        report.append(source_report(src, s, t))
    return (concat_training_sets(sent) if sentence else None), concat_token_sets(toks), report


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--ensemble", type=int, default=5)
    ap.add_argument("--epochs", type=int, default=300)
    ap.add_argument("--weight-decay", type=float, default=1e-2)
    ap.add_argument("--diff-weight", type=float, default=12.0)
    ap.add_argument("--direct-weight", type=float, default=15.0)
    ap.add_argument("--token-hidden", type=int, default=64)
    ap.add_argument("--token-ensemble", type=int, default=3)
    ap.add_argument("--token-epochs", type=int, default=300)
    ap.add_argument("--token-direct-weight", type=float, default=5.0)
    ap.add_argument("--synth-weight", type=float, default=1.0,
                    help="weight of a generated document's tokens relative to a TAB train token in the token head")
    ap.add_argument("--synth-docs", type=int, default=400,
                    help="generated documents of our users' genres added to TAB train (0: TAB only)")
    ap.add_argument("--heads", choices=("both", "token"), default="both",
                    help="'token': refit only the token head (TripRag's S_priv) and keep the sentence head of --out")
    ap.add_argument("--no-checks", action="store_true", help="fit and save only; run --check-only later")
    ap.add_argument("--check-only", action="store_true", help="only the dev ranking checks of the surrogate in --out")
    ap.add_argument("--no-domains-check", action="store_true", help="skip the S_priv ranking check on domains dev")
    ap.add_argument("--out", type=Path, default=ASSETS)
    ap.add_argument("--refresh", action="store_true", help="re-embed instead of using the cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from privrag.embed import default_embedder

    emb = default_embedder()
    if args.check_only:
        return _checks(args, emb)
    report = _fit(args, emb)
    if not args.no_checks:
        report = _checks(args, emb)
    print(json.dumps(report, indent=2))
    return report


def _fit(args, emb) -> dict:
    """Build the mix, fit the head(s), save surrogate.npz and the mix part of the report."""
    global _EMPTY
    from privrag.eval.datasets import load_tab
    from privrag.trip.surrogate import PrivacySurrogate
    from privrag.trip.train import TrainingSet, fit_surrogate
    from privrag.trip.train_mix import MixSource, synth_source
    from privrag.trip.train_tokens import fit_token_head

    _EMPTY = TrainingSet(X=np.zeros((0, 384), np.float32), y=np.zeros(0, np.float32), base=np.zeros(0, np.int64),
                         kind=np.zeros(0, np.int64), level=np.zeros(0))
    t0 = time.time()
    tab_train = load_tab("train", args.data_dir)
    sources = [MixSource(f"TAB train ({len(tab_train)} docs)", tab_train, "tab")]
    if args.synth_docs:
        sources.append(synth_source(args.synth_docs, args.seed))
    both = args.heads == "both"
    train, tokens, mix = _mix(sources, args.seed, emb, args.refresh, sentence=both)
    # one weight per token, in the order _mix concatenates the sources
    token_weight = np.concatenate([np.full(m["n_tokens"], args.synth_weight if src.kind == "synth" else 1.0)
                                   for src, m in zip(sources, mix, strict=True)])
    t_embed = time.time() - t0
    t0 = time.time()
    trained_on = " + ".join(src.name for src in sources)
    if both:
        sur = fit_surrogate(
            train, seed=args.seed, hidden=args.hidden, ensemble=args.ensemble, epochs=args.epochs,
            weight_decay=args.weight_decay, diff_weight=args.diff_weight, direct_weight=args.direct_weight,
            meta={"encoder": "all-MiniLM-L6-v2"})
        sentence_on = trained_on
    else:  # keep the sentence head (PA-HDP's R_leak, the fallback S_priv) as it is in --out
        sur = PrivacySurrogate.load(args.out / "surrogate.npz")
        sentence_on = sur.meta.get("sentence_head_trained_on", sur.meta.get("trained_on", "?"))
    sur.meta.update({"trained_on": trained_on, "sentence_head_trained_on": sentence_on,
                     "mix": [{k: m[k] for k in ("source", "n_docs", "n_rows", "n_tokens")} for m in mix]})
    sur.token_head = fit_token_head(tokens, seed=args.seed, hidden=args.token_hidden,
                                    ensemble=args.token_ensemble, epochs=args.token_epochs,
                                    direct_weight=args.token_direct_weight, sample_weight=token_weight)
    sur.meta["token_head"] = {"hidden": args.token_hidden, "ensemble": args.token_ensemble,
                              "epochs": args.token_epochs, "direct_weight": args.token_direct_weight,
                              "synth_weight": args.synth_weight,
                              "n_tokens": len(tokens), "trained_on": trained_on}
    for k in ("dev_ranking", "dev_ranking_sentence_head"):
        sur.meta.pop(k, None)  # stale until the checks run on this surrogate
    args.out.mkdir(parents=True, exist_ok=True)
    sur.save(args.out / "surrogate.npz")
    report = {"trained_on": trained_on, "sentence_head_trained_on": sentence_on, "training_mix": mix,
              "n_train_tokens": len(tokens), "n_train_rows": len(train) if train is not None else None,
              "seed": args.seed, "heads_fit": args.heads, "synth_weight": args.synth_weight,
              "seconds": {"embed": round(t_embed, 1), "fit": round(time.time() - t0, 1)}}
    (args.out / "surrogate_report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return report


def _checks(args, emb) -> dict:
    """Dev ranking checks of the surrogate in --out (TAB dev; domains dev unless --no-domains-check),
    merged into its report and meta. Dev data is only scored here, never trained on."""
    from privrag.eval.datasets import DataMissingError, domains_path, load_domains, load_tab
    from privrag.trip.surrogate import PrivacySurrogate
    from privrag.trip.train_mix import domain_docs_as_labeled
    from privrag.trip.train_tokens import entity_ranking

    t0 = time.time()
    path = args.out / "surrogate_report.json"
    report = json.loads(path.read_text()) if path.exists() else {}
    sur = PrivacySurrogate.load(args.out / "surrogate.npz")
    engine_dev = entity_ranking(sur, load_tab("dev", args.data_dir), emb)
    report["dev_engine_s_priv"] = engine_dev
    if not args.no_domains_check:
        try:
            report["domains_dev_engine_s_priv"] = entity_ranking(
                sur, domain_docs_as_labeled(load_domains(domains_path(args.data_dir))), emb)
        except DataMissingError as exc:
            logging.warning("domains dev check skipped: %s", exc)
    report.setdefault("seconds", {})["dev_check"] = round(time.time() - t0, 1)
    head = "tokens_pooled" if "tokens_pooled" in engine_dev else "sentence"
    sur.meta["dev_ranking"] = {"head": head, **{k: round(v, 4) for k, v in engine_dev[head].items()}}
    sur.meta["dev_ranking_sentence_head"] = {k: round(v, 4) for k, v in engine_dev["sentence"].items()}
    if "domains_dev_engine_s_priv" in report:
        sur.meta["domains_dev_ranking"] = {k: round(v, 4) for k, v in report["domains_dev_engine_s_priv"][head].items()}
    sur.save(args.out / "surrogate.npz")
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
