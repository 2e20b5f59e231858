"""``make demo``: an end-to-end private RAG run on the embedded defaults.

A dozen fictional patient notes and e-mails (``cookbook/data``) go through
every privrag stage in pipeline order:

1. detection and full redaction (the baseline) — what was found and masked;
2. TRIP-RAG — selective masking before indexing, with the reason per entity;
3. indexing the protected texts in FAISS (MiniLM) and retrieving for a question;
4. PA-HDP — query-aware DP rewriting of the retrieved context, with ε;
5. SEAG — aliases for an "external" generator, and the restored answer;
6. PAD — a local SmolLM2 answer with its Rényi-DP receipt.

Everything runs offline on the packaged models.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import textwrap
import time
from pathlib import Path

import numpy as np

__all__ = ["main", "load_corpus"]

CORPUS = Path(__file__).resolve().parents[2] / "cookbook" / "data"
QUESTION = "Which patient was treated for chest pain, and what medication was started?"


def load_corpus(path: Path = CORPUS) -> list[tuple[str, str]]:
    files = sorted(p for p in path.glob("*.txt"))
    if not files:
        raise SystemExit(f"no demo documents in {path}")
    return [(p.stem, p.read_text(encoding="utf-8").strip()) for p in files]


def _banner(title: str) -> None:
    print(f"\n{'=' * 78}\n{title}\n{'=' * 78}")


def _wrap(text: str, indent: str = "    ") -> str:
    return "\n".join(textwrap.fill(line, 100, initial_indent=indent, subsequent_indent=indent) if line else ""
                     for line in text.splitlines())


def stage_detect_redact(docs: list[tuple[str, str]]) -> None:
    from privrag.redact import Redactor

    _banner("1. Detection and full redaction (baseline): every detected entity masked")
    redactor = Redactor()
    results = redactor.protect_batch([t for _, t in docs])
    for (name, _), res in list(zip(docs, results, strict=True))[:3]:
        print(f"\n[{name}] found {len(res.masked_spans)} mentions in {len(res.entities)} entities:")
        for ent in res.entities:
            print(f"    {ent.label:<14} {', '.join(repr(m.text) for m in ent.mentions)}")
        print("  protected:\n" + _wrap(res.text))
    total = sum(len(r.masked_spans) for r in results)
    print(f"\n… {len(docs)} documents, {total} mentions masked in total.")


def _optional_stage(module: str, attr: str):  # noqa: ANN202
    try:
        return getattr(importlib.import_module(module), attr)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None
        raise


def stage_index_and_retrieve(texts: list[str], names: list[str], k: int = 3) -> list[int]:
    import faiss

    from privrag.embed import default_embedder

    _banner(f"3. FAISS index over the protected texts; retrieve top-{k}")
    emb = default_embedder()
    vecs = emb.embed(texts)
    index = faiss.IndexFlatIP(vecs.shape[1])
    index.add(vecs)
    scores, ids = index.search(emb.embed([QUESTION]), k)
    print(f"question: {QUESTION}")
    for s, i in zip(scores[0], ids[0], strict=True):
        print(f"  {s:.3f}  {names[i]}")
    return [int(i) for i in ids[0]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    docs = load_corpus(args.corpus)
    names = [n for n, _ in docs]
    texts = [t for _, t in docs]
    print(f"privrag demo — {len(docs)} fictional documents from {args.corpus}")

    stage_detect_redact(docs)

    indexed = texts
    trip_stage = _optional_stage("privrag.demo_trip", "trip_stage")
    if trip_stage is not None:
        _banner("2. TRIP-RAG: mask what carries privacy risk, keep what carries retrieval utility")
        indexed, explanation = trip_stage(texts)
        print(explanation)
    else:  # the index must never see raw text
        from privrag.redact import Redactor

        indexed = [r.text for r in Redactor().protect_batch(texts)]

    top = stage_index_and_retrieve(indexed, names)
    context = [indexed[i] for i in top]
    # the owner's side still holds the originals: SEAG and PAD work on them locally
    originals = [texts[i] for i in top]

    pahdp_stage = _optional_stage("privrag.demo_pahdp", "pahdp_stage")
    if pahdp_stage is not None:
        _banner("4. PA-HDP: query-aware, differentially private rewriting of the retrieved context")
        print(pahdp_stage(QUESTION, originals))

    seag_stage = _optional_stage("privrag.demo_seag", "seag_stage")
    if seag_stage is not None:
        _banner("5. SEAG: the external generator sees aliases; the user sees the real names")
        print(seag_stage(QUESTION, originals))

    pad_stage = _optional_stage("privrag.demo_pad", "pad_stage")
    if pad_stage is not None:
        _banner("6. PAD: a local SmolLM2 answer decoded with privacy-aware noise, and its receipt")
        print(pad_stage("\n\n".join(context), QUESTION))

    print(f"\ndemo finished in {time.perf_counter() - t0:.1f} s")
    np.set_printoptions()
    return 0


if __name__ == "__main__":
    sys.exit(main())
