"""TripRagTransform in a real LlamaIndex IngestionPipeline over FAISS."""

from __future__ import annotations

import asyncio
import json

import pytest

pytestmark = pytest.mark.integration

NOTE = (
    "Patient John Smith, born 12 March 1961, was seen by Dr. Maria Lopez in Leeds for chest pain. "
    "Mr Smith was started on aspirin. Contact: john.smith@example.com."
)


@pytest.fixture(scope="module")
def transform():
    from llamaindex_privrag import TripRagTransform

    return TripRagTransform()


def _docs():
    from llama_index.core import Document

    return [
        Document(text=NOTE, metadata={"file_name": "john_smith.pdf", "author": "Maria Lopez", "page": 1}),
        Document(text="The cafeteria menu changes every Monday.", metadata={"file_name": "menu.txt"}),
    ]


def test_pipeline_split_trip_embed_faiss_retrieve(transform):
    import faiss
    from llama_index.core import StorageContext, VectorStoreIndex
    from llama_index.core.ingestion import IngestionPipeline
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.vector_stores.faiss import FaissVectorStore

    from llamaindex_privrag import PrivragEmbedding

    embed = PrivragEmbedding()
    nodes = IngestionPipeline(
        transformations=[SentenceSplitter(chunk_size=64, chunk_overlap=0), transform, embed]
    ).run(documents=_docs())
    store = FaissVectorStore(faiss_index=faiss.IndexFlatL2(384))
    index = VectorStoreIndex(nodes, storage_context=StorageContext.from_defaults(vector_store=store), embed_model=embed)
    hits = index.as_retriever(similarity_top_k=1).retrieve("which patient had chest pain?")
    assert "chest pain" in hits[0].node.get_content()
    for n in nodes:
        dump = n.model_dump_json()
        for secret in ("john.smith@example.com", "john_smith"):
            assert secret not in dump
        assert "Maria Lopez" not in n.metadata.get("author", "")
        entry = n.metadata["privrag"]
        assert entry["mechanism"] == "trip_rag"
        assert "Smith" not in json.dumps(entry) and "Lopez" not in json.dumps(entry)


def test_metadata_and_source_relationship_are_protected(transform):
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.core.schema import NodeRelationship

    nodes = SentenceSplitter(chunk_size=256).get_nodes_from_documents(_docs())
    out = transform(nodes)
    assert "Maria Lopez" not in out[0].metadata["author"] and out[0].metadata["page"] == 1
    assert "Maria Lopez" not in repr(out[0].relationships[NodeRelationship.SOURCE].metadata)
    assert "john.smith@example.com" in nodes[0].get_content()  # inputs are not mutated


def test_async_matches_sync_and_policy():
    from llama_index.core.node_parser import SentenceSplitter

    from llamaindex_privrag import TripRagTransform

    t = TripRagTransform(metadata_policy={"file_name": "keep"}, tau=1e6)
    nodes = SentenceSplitter(chunk_size=256).get_nodes_from_documents(_docs())
    a = [n.get_content() for n in t(nodes)]
    b = [n.get_content() for n in asyncio.run(t.acall(nodes))]
    assert a == b
    assert t(nodes)[0].metadata["file_name"] == "john_smith.pdf"
    assert "john.smith@example.com" not in a[0]


def test_nodes_of_one_document_are_decided_together(transform):
    from llama_index.core.node_parser import SentenceSplitter

    from llamaindex_privrag import TripRagTransform

    class Recording:
        def __init__(self, inner):
            self.inner, self.detector, self.groups = inner, inner.detector, None

        def protect_batch(self, texts, groups=None):
            self.groups = groups
            return self.inner.protect_batch(texts, groups=groups)

    docs = _docs()
    nodes = SentenceSplitter(chunk_size=40, chunk_overlap=0)(docs)
    rec = Recording(transform.trip)
    TripRagTransform(trip=rec)(nodes)
    assert rec.groups == [n.ref_doc_id for n in nodes]
    assert rec.groups.count(docs[0].doc_id) >= 2
