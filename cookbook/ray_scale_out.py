"""Protect a corpus on Ray Data, then index it in LangChain (FAISS) and LlamaIndex.

    python cookbook/ray_scale_out.py                  # a local Ray on this machine
    RAY_ADDRESS=ray://head:10001 python cookbook/ray_scale_out.py   # an existing cluster

Protection happens once, before indexing, over the whole corpus: one
model-holding actor per CPU (Ray Data ``map_batches`` with a callable class),
each row protected or failed closed (no raw text in a failed row). The same
from the shell: ``privrag anonymize corpus.parquet --out safe.parquet --engine ray``.
Needs ``pip install 'privrag[ray,langchain,llamaindex]'``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import ray  # noqa: E402

from privrag.ids import safe_id  # noqa: E402
from privrag.scale import errors_only, protect_dataset, start_ray  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"

# 1. start Ray here (2 CPUs, no dashboard) or join the cluster in $RAY_ADDRESS
started = start_ray(os.environ.get("RAY_ADDRESS"), num_cpus=2)
ray.data.DataContext.get_current().enable_progress_bars = False

# 2. the corpus as a Ray Dataset; at scale: ray.data.read_parquet("s3://bucket/notes/")
ds = ray.data.from_items([{"id": p.name, "text": p.read_text(encoding="utf-8")} for p in sorted(DATA.glob("*.txt"))])

# 3. protect: "redact" masks every entity; "trip" masks selectively (add
#    group_column="source" when rows are chunks of one document)
protected = protect_dataset(ds, "redact", concurrency=2).materialize()
failed = errors_only(protected).take_all()  # id, error class: re-run or review these
rows = [r for r in protected.take_all() if r["error"] is None]
print(f"{len(rows)} documents protected, {len(failed)} failed")

# file names can name a patient: the index only ever sees keyed hashes of them
texts = [r["text"] for r in rows]
metas = [{"id": safe_id(r["id"]), "masked": len(json.loads(r["report"])["masked_spans"])} for r in rows]
question = "Which patient was treated for chest pain, and what medication was started?"

# 4a. LangChain: FAISS over MiniLM
from langchain_community.vectorstores import FAISS  # noqa: E402

from langchain_privrag import PrivragEmbeddings  # noqa: E402

store = FAISS.from_texts(texts, PrivragEmbeddings(), metadatas=metas)
for hit in store.similarity_search(question, k=2):
    print(f"- {hit.page_content[:160]}…")

# 4b. LlamaIndex: a VectorStoreIndex over the same protected texts
from llama_index.core import Document, VectorStoreIndex  # noqa: E402

from llamaindex_privrag import PrivragEmbedding  # noqa: E402

index = VectorStoreIndex([Document(text=t, id_=m["id"], metadata=m) for t, m in zip(texts, metas, strict=True)],
                         embed_model=PrivragEmbedding())
for hit in index.as_retriever(similarity_top_k=2).retrieve(question):
    print(f"* {hit.node.get_content()[:160]}…")

if started:
    ray.shutdown()
