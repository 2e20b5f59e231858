"""TripRagTransformer in a real LangChain pipeline: split → TRIP-RAG → MiniLM → FAISS → retrieve."""

from __future__ import annotations

import asyncio
import json

import pytest

pytestmark = pytest.mark.integration

NOTE = (
    "Patient John Smith, born 12 March 1961, was seen by Dr. Maria Lopez in Leeds for chest pain. "
    "Mr Smith was started on aspirin. Contact: john.smith@example.com or +44 20 7946 0958."
)


@pytest.fixture(scope="module")
def transformer():
    from langchain_privrag import TripRagTransformer

    return TripRagTransformer()


def _docs():
    from langchain_core.documents import Document

    return [
        Document(page_content=NOTE, metadata={"source": "patients/john_smith.pdf", "author": "Maria Lopez", "page": 1}),
        Document(page_content="The cafeteria menu changes every Monday.", metadata={"source": "menu.txt", "page": 2}),
    ]


def test_split_trip_index_retrieve(transformer):
    from langchain_community.vectorstores import FAISS
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    from langchain_privrag import PrivragEmbeddings

    chunks = RecursiveCharacterTextSplitter(chunk_size=120, chunk_overlap=0).split_documents(_docs())
    safe = transformer.transform_documents(chunks)
    store = FAISS.from_documents(safe, PrivragEmbeddings())
    hit = store.similarity_search("which patient had chest pain?", k=1)[0]
    assert "chest pain" in hit.page_content
    stored = list(store.docstore._dict.values())
    everything = " ".join(d.page_content + repr(d.metadata) for d in stored)
    for secret in ("john.smith@example.com", "john_smith"):  # policy / metadata: always protected
        assert secret not in everything
    assert all("Maria Lopez" not in d.metadata.get("author", "") for d in stored)
    # whatever TRIP-RAG chose to mask in a chunk is gone from that chunk in the index
    results = transformer.trip.protect_batch([c.page_content for c in chunks])
    indexed = {d.page_content for d in stored}
    for res in results:
        assert res.text in indexed
        masked = {r["entity"] for r in res.receipt.details["entities"] if r["decision"] == "mask"}
        for e in res.entities:
            if e.entity_id in masked:
                for m in e.mentions:
                    assert m.text not in res.text


def test_privrag_metadata_entry_is_string_free(transformer):
    out = transformer.transform_documents(_docs())
    entry = out[0].metadata["privrag"]
    assert entry["mechanism"] == "trip_rag"
    assert entry["decisions"]["masked"] + entry["decisions"]["kept"] == entry["entities"]
    blob = json.dumps(entry)
    for word in ("John", "Smith", "Lopez", "Leeds", "1961", "example.com"):
        assert word not in blob
    assert "Maria Lopez" not in out[0].metadata["author"]
    assert out[0].metadata["page"] == 1


def test_keep_and_drop_policy_and_tau_override():
    from langchain_privrag import TripRagTransformer

    t = TripRagTransformer(metadata_policy={"source": "keep", "author": "drop"}, tau=1e6)
    out = t.transform_documents(_docs())[0]
    assert out.metadata["source"] == "patients/john_smith.pdf" and "author" not in out.metadata
    assert "john.smith@example.com" not in out.page_content  # policy still masks identifiers
    with pytest.raises(ValueError):
        TripRagTransformer(trip=t.trip, tau=0.1)


def test_async_matches_sync(transformer):
    sync = transformer.transform_documents(_docs())
    asy = asyncio.run(transformer.atransform_documents(_docs()))
    assert [d.page_content for d in sync] == [d.page_content for d in asy]


class _RecordingTrip:
    """Wraps the real engine and records the document groups it is given."""

    def __init__(self, inner):
        self.inner, self.detector, self.groups = inner, inner.detector, None

    def protect_batch(self, texts, groups=None):
        self.groups = groups
        return self.inner.protect_batch(texts, groups=groups)


@pytest.mark.parametrize(("key", "expected"), [("source", "by_source"), (None, "none")])
def test_chunks_of_one_source_are_decided_together(transformer, key, expected):
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    from langchain_privrag import TripRagTransformer

    chunks = RecursiveCharacterTextSplitter(chunk_size=120, chunk_overlap=0).split_documents(_docs())
    rec = _RecordingTrip(transformer.trip)
    TripRagTransformer(trip=rec, document_key=key).transform_documents(chunks)
    if expected == "by_source":
        assert rec.groups == [c.metadata["source"] for c in chunks]
        assert rec.groups.count("patients/john_smith.pdf") >= 2
    else:
        assert rec.groups == [None] * len(chunks)
