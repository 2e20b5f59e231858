"""Train the TRIP-RAG privacy surrogate f_priv on TAB train; check it on TAB dev.

    .venv/bin/python scripts/train_trip_surrogate.py [--data-dir D] [--seed 0] [--out DIR]

Fits both heads of f_priv (sentence head on pooled embeddings of windows and
their variants; token head on contextual token embeddings of the windows) and
checks on dev that S_priv, computed exactly as TripRag computes it, ranks
DIRECT > QUASI > NO_MASK. Writes ``surrogate.npz`` (~0.3 MB) and
``surrogate_report.json`` into
``core/privrag/assets/trip/`` unless ``--out`` says otherwise. Same seed, same
data → same weights. TAB test is never read. Embeddings are cached under
``privrag.models.cache_dir()`` so re-fitting the head is instant.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "core" / "privrag" / "assets" / "trip"


def _cached_set(split: str, data_dir: str | None, seed: int, embedder, refresh: bool):
    from privrag import models
    from privrag.eval.datasets import load_tab
    from privrag.trip.train import TrainingSet, build_training_set

    docs = load_tab(split, data_dir)
    key = hashlib.sha256(
        json.dumps([split, seed, [d.id for d in docs], len("".join(d.text for d in docs)), 3]).encode()
    ).hexdigest()[:16]
    path = models.cache_dir() / f"trip_trainset_{split}_{key}.npz"
    if path.exists() and not refresh:
        with np.load(path) as z:
            return TrainingSet(**{k: z[k] for k in ("X", "y", "base", "kind", "level")}), len(docs)
    ts = build_training_set(docs, embedder, seed=seed)
    np.savez_compressed(path, X=ts.X, y=ts.y, base=ts.base, kind=ts.kind, level=ts.level)
    return ts, len(docs)


def _cached_tokens(data_dir: str | None, seed: int, embedder, refresh: bool):
    from privrag import models
    from privrag.eval.datasets import load_tab
    from privrag.trip.train_tokens import TokenSet, build_token_set

    docs = load_tab("train", data_dir)
    key = hashlib.sha256(json.dumps([seed, [d.id for d in docs], 2]).encode()).hexdigest()[:16]
    path = models.cache_dir() / f"trip_tokenset_train_{key}.npz"
    if path.exists() and not refresh:
        with np.load(path) as z:
            return TokenSet(X=z["X"], y=z["y"], level=z["level"])
    ts = build_token_set(docs, embedder, seed=seed)
    np.savez(path, X=ts.X, y=ts.y, level=ts.level)
    return ts


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
    ap.add_argument("--out", type=Path, default=ASSETS)
    ap.add_argument("--refresh", action="store_true", help="re-embed instead of using the cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from privrag.embed import default_embedder
    from privrag.eval.datasets import load_tab
    from privrag.trip.train import fit_surrogate, ranking_report
    from privrag.trip.train_tokens import entity_ranking, fit_token_head

    emb = default_embedder()
    t0 = time.time()
    train, n_train = _cached_set("train", args.data_dir, args.seed, emb, args.refresh)
    dev, n_dev = _cached_set("dev", args.data_dir, args.seed + 1, emb, args.refresh)
    tokens = _cached_tokens(args.data_dir, args.seed, emb, args.refresh)
    t_embed = time.time() - t0
    t0 = time.time()
    sur = fit_surrogate(
        train, seed=args.seed, hidden=args.hidden, ensemble=args.ensemble, epochs=args.epochs,
        weight_decay=args.weight_decay, diff_weight=args.diff_weight, direct_weight=args.direct_weight,
        meta={"trained_on": f"TAB train ({n_train} docs)", "encoder": "all-MiniLM-L6-v2"},
    )
    sur.token_head = fit_token_head(tokens, seed=args.seed, hidden=args.token_hidden,
                                    ensemble=args.token_ensemble, epochs=args.token_epochs,
                                    direct_weight=args.token_direct_weight)
    sur.meta["token_head"] = {"hidden": args.token_hidden, "ensemble": args.token_ensemble,
                              "epochs": args.token_epochs, "direct_weight": args.token_direct_weight,
                              "n_tokens": len(tokens)}
    t_fit = time.time() - t0
    t0 = time.time()
    engine_dev = entity_ranking(sur, load_tab("dev", args.data_dir), emb)
    report = {
        "dev_engine_s_priv": engine_dev,
        "train_sentence_head": ranking_report(sur, train),
        "dev_sentence_head_all_windows": ranking_report(sur, dev),
        "n_train_tokens": len(tokens),
        "n_train_rows": len(train),
        "n_dev_rows": len(dev),
        "seed": args.seed,
        "seconds": {"embed": round(t_embed, 1), "fit": round(t_fit, 1), "dev_check": round(time.time() - t0, 1)},
    }
    head = "tokens_pooled" if "tokens_pooled" in engine_dev else "sentence"
    sur.meta["dev_ranking"] = {"head": head, **{k: round(v, 4) for k, v in engine_dev[head].items()}}
    sur.meta["dev_ranking_sentence_head"] = {k: round(v, 4) for k, v in engine_dev["sentence"].items()}
    args.out.mkdir(parents=True, exist_ok=True)
    sur.save(args.out / "surrogate.npz")
    (args.out / "surrogate_report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
