"""TRIP-RAG in LlamaIndex: a TransformComponent in the IngestionPipeline.

    python cookbook/llamaindex_trip_rag.py

SentenceSplitter → TripRagTransform → MiniLM → FAISS → retrieve, offline.
Node metadata (which LlamaIndex embeds and sends to the LLM by default) is
protected too; each node carries a string-free ``privrag`` report.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import faiss  # noqa: E402
from llama_index.core import Document, StorageContext, VectorStoreIndex  # noqa: E402
from llama_index.core.ingestion import IngestionPipeline  # noqa: E402
from llama_index.core.node_parser import SentenceSplitter  # noqa: E402
from llama_index.vector_stores.faiss import FaissVectorStore  # noqa: E402

from llamaindex_privrag import PrivragEmbedding, TripRagTransform  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"

# 1. documents with metadata (file names can name a patient: protected by default)
documents = [
    Document(text=p.read_text(encoding="utf-8"), metadata={"file_name": p.name})
    for p in sorted(DATA.glob("*.txt"))
]

# 2. ingestion: split → TRIP-RAG → embed; the embedding model never sees raw identifiers
embed = PrivragEmbedding()
pipeline = IngestionPipeline(
    transformations=[SentenceSplitter(chunk_size=200, chunk_overlap=0), TripRagTransform(), embed]
)
nodes = pipeline.run(documents=documents)

# 3. FAISS index over the protected nodes
store = FaissVectorStore(faiss_index=faiss.IndexFlatL2(384))
index = VectorStoreIndex(nodes, storage_context=StorageContext.from_defaults(vector_store=store), embed_model=embed)

# 4. retrieve
question = "Which patient was treated for chest pain, and what medication was started?"
for hit in index.as_retriever(similarity_top_k=2).retrieve(question):
    print(f"- {hit.node.get_content()[:160]}…")
    decisions = hit.node.metadata["privrag"].get("decisions", {})
    print(f"  masked {decisions.get('masked', 0)} entities, kept {decisions.get('kept', 0)}")
