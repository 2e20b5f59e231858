"""Train ``core/privrag/assets/keep/service_context.json``: is an organisation named as a service used?

Why: :mod:`privrag.keep.service_context` keeps an organisation that every public-entity check let
through when the words around each of its mentions say it is a service someone uses ("booked through
Egencia"), not their own organisation ("a welder at Perkins Engines"). This script fits that decision.

Data: our evaluation batches in ``tests/data/domains_*.jsonl`` (written by helpers that saw no code;
see ``tests/data/README.md``). A gold ``ORGANIZATION`` mention (DIRECT or QUASI) is a negative, and so is
a gold person's name or place that no word list of ours holds (a model may call "Naledi" or "Paihia" an
organisation, and only the context can then protect it); a gold ``public_entity`` keep that is not a
place is a positive. Domains dev (``PRIVRAG_DATA``) is never a
training document: it chooses the threshold (the lowest probability at which no more than
``MAX_DEV_FALSE_KEEPS`` of its protected names would be kept), and the batch cross-validation
(leave one batch out) is reported beside it.

Run: ``python scripts/train_service_context.py`` (needs scikit-learn, which privrag does not need at run time).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "core"))

from privrag.keep.context import is_place, person_words  # noqa: E402
from privrag.keep.service_context import features  # noqa: E402

OUT = ROOT / "core" / "privrag" / "assets" / "keep" / "service_context.json"
#: L2 regularisation (inverse); chosen by the batches' leave-one-batch-out AUC among 0.3, 1 and 3
C = 1.0
#: thresholds tried on dev, from the most protective down
THRESHOLDS = (0.95, 0.925, 0.9, 0.875, 0.85, 0.825, 0.8, 0.775, 0.75)
#: batches kept out of training: they measure the model on documents it never saw
HELD_OUT = ("own_holdout", "fresh_s36a")
#: protected names (organisations, unlisted people and places) of domains dev the chosen threshold may keep (before the finder's other checks)
MAX_DEV_FALSE_KEEPS = 4


#: what a model may have called an organisation: a person's name or a place the finder's word lists miss
_MISREAD_KINDS = frozenset({"PERSON", "LOCATION"})


def _unlisted_name(surface: str) -> bool:
    """A capitalised name of one to three words, none of them a listed name or place: what can reach the
    context check (a listed one never does)."""
    words = surface.split()
    return (surface[:1].isupper() and 1 <= len(words) <= 3
            and not any(w.lower() in person_words() or is_place(w.lower()) for w in words))


def rows_of(path: Path, name: str) -> list[dict]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        text = doc["text"]
        for s in doc["protect"]:
            if s["kind"] == "ORGANIZATION" or (s["kind"] in _MISREAD_KINDS and _unlisted_name(s["text"])):
                rows.append({"set": name, "y": 0, "f": features(text, s["start"], s["end"])})
        for s in doc["keep"]:
            if s["why"] == "public_entity" and not is_place(s["text"].lower()):
                rows.append({"set": name, "y": 1, "f": features(text, s["start"], s["end"])})
    return rows


def main() -> None:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score

    train = []
    for path in sorted((ROOT / "tests" / "data").glob("domains_*.jsonl")):
        if path.stem.removeprefix("domains_") in HELD_OUT:
            continue
        train += rows_of(path, path.stem.removeprefix("domains_"))
    dev_path = Path(os.environ.get("PRIVRAG_DATA", ROOT.parent / "shared" / "data")) / "domains" / "dev.jsonl"
    dev = rows_of(dev_path, "dev")

    def fit(rows: list[dict]):
        vec = DictVectorizer()
        x = vec.fit_transform([dict.fromkeys(r["f"], 1) for r in rows])
        return vec, LogisticRegression(C=C, max_iter=5000, class_weight="balanced").fit(x, [r["y"] for r in rows])

    def predict(vec, lr, rows: list[dict]) -> np.ndarray:
        return lr.predict_proba(vec.transform([dict.fromkeys(r["f"], 1) for r in rows]))[:, 1]

    # leave one batch out: how well it carries to a batch it never saw
    oof = np.zeros(len(train))
    names = sorted({r["set"] for r in train})
    for name in names:
        held = [i for i, r in enumerate(train) if r["set"] == name]
        vec, lr = fit([r for r in train if r["set"] != name])
        oof[held] = predict(vec, lr, [train[i] for i in held])
    y = np.array([r["y"] for r in train])
    vec, lr = fit(train)
    p_dev = predict(vec, lr, dev)
    y_dev = np.array([r["y"] for r in dev])
    threshold = THRESHOLDS[0]
    for t in THRESHOLDS:
        if int(((p_dev >= t) & (y_dev == 0)).sum()) <= MAX_DEV_FALSE_KEEPS:
            threshold = t
    report = {
        "batches_auc_leave_one_batch_out": round(float(roc_auc_score(y, oof)), 4),
        "batches_at_threshold": {"public_kept": int(((oof >= threshold) & (y == 1)).sum()), "public": int((y == 1).sum()),
                                 "protected_kept": int(((oof >= threshold) & (y == 0)).sum()), "protected": int((y == 0).sum())},
        "dev_auc": round(float(roc_auc_score(y_dev, p_dev)), 4),
        "dev_at_threshold": {"public_kept": int(((p_dev >= threshold) & (y_dev == 1)).sum()), "public": int((y_dev == 1).sum()),
                             "protected_kept": int(((p_dev >= threshold) & (y_dev == 0)).sum()), "protected": int((y_dev == 0).sum())},
    }
    weights = {f: round(float(w), 4) for f, w in zip(vec.get_feature_names_out(), lr.coef_[0], strict=True) if abs(w) >= 1e-3}
    OUT.write_text(json.dumps({
        "model": f"logistic regression (scikit-learn, C={C}, balanced classes) on context words and name shape",
        "trained_on": names,
        "held_out": list(HELD_OUT),
        "threshold_chosen_on": (f"domains dev (never trained on): the lowest of {list(THRESHOLDS)} keeping at most "
                                f"{MAX_DEV_FALSE_KEEPS} protected names"),
        "threshold": threshold,
        "report": report,
        "bias": round(float(lr.intercept_[0]), 4),
        "weights": dict(sorted(weights.items())),
    }, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1), "threshold", threshold, "features", len(weights))


if __name__ == "__main__":
    main()
