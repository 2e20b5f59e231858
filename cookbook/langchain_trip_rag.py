"""TRIP-RAG in LangChain: anonymize selectively before anything is embedded or stored.

    python cookbook/langchain_trip_rag.py

Split → TripRagTransformer → MiniLM → FAISS → retrieve, all offline on the
packaged models. TRIP-RAG masks the entities whose privacy risk outweighs
their value for retrieval (identifiers always), keeps the rest, and says why
for every entity.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from langchain_community.vectorstores import FAISS  # noqa: E402
from langchain_core.documents import Document  # noqa: E402
from langchain_text_splitters import RecursiveCharacterTextSplitter  # noqa: E402

from langchain_privrag import PrivragEmbeddings, TripRagTransformer  # noqa: E402
from privrag.trip import explain  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"

# 1. load documents (fictional clinical notes) with metadata
docs = [
    Document(page_content=p.read_text(encoding="utf-8"), metadata={"source": p.name})
    for p in sorted(DATA.glob("note_*.txt"))
]

# 2. split, then protect: TRIP-RAG sits between the splitter and the vector store
chunks = RecursiveCharacterTextSplitter(chunk_size=600, chunk_overlap=0).split_documents(docs)
trip = TripRagTransformer(metadata_policy={"source": "protect"})
safe_chunks = trip.transform_documents(chunks)

# 3. index the protected chunks only
store = FAISS.from_documents(safe_chunks, PrivragEmbeddings())

# 4. retrieve
question = "Which patient was treated for chest pain, and what medication was started?"
for hit in store.similarity_search(question, k=2):
    print(f"- {hit.page_content[:160]}…")
    print(f"  privrag: {hit.metadata['privrag']}")

# 5. why was each entity masked or kept? (on the owner's console only)
first = trip.trip.protect(chunks[0].page_content)
print(explain(first, show_text=True))
