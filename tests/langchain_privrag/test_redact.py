"""RedactTransformer in a real LangChain pipeline: split → redact → MiniLM → FAISS → retrieve."""

import asyncio

import pytest

pytestmark = pytest.mark.integration

NOTE = (
    "Patient John Smith, born 12 March 1961, was seen by Dr. Maria Lopez in Leeds for chest pain. "
    "Mr Smith was started on aspirin. Contact: john.smith@example.com."
)


@pytest.fixture(scope="module")
def transformer():
    from langchain_privrag import RedactTransformer

    return RedactTransformer()


def _docs():
    from langchain_core.documents import Document

    return [
        Document(page_content=NOTE, metadata={"source": "patients/john_smith.pdf", "author": "Maria Lopez", "page": 1}),
        Document(page_content="The cafeteria menu changes every Monday.", metadata={"source": "menu.txt", "page": 2}),
    ]


def test_split_redact_index_retrieve(transformer):
    from langchain_community.vectorstores import FAISS
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    from langchain_privrag import PrivragEmbeddings

    chunks = RecursiveCharacterTextSplitter(chunk_size=120, chunk_overlap=0).split_documents(_docs())
    safe = transformer.transform_documents(chunks)
    store = FAISS.from_documents(safe, PrivragEmbeddings())
    hit = store.similarity_search("which patient had chest pain?", k=1)[0]
    assert "chest pain" in hit.page_content
    everything = " ".join(d.page_content + repr(d.metadata) for d in store.docstore._dict.values())
    for secret in ("John Smith", "Smith", "Maria Lopez", "john.smith@example.com", "john_smith"):
        assert secret not in everything


def test_metadata_with_a_name_is_protected_by_default(transformer):
    out = transformer.transform_documents(_docs())
    assert "Maria Lopez" not in out[0].metadata["author"]
    assert "john_smith" not in out[0].metadata["source"] and out[0].metadata["source"].endswith(".pdf")
    assert out[0].metadata["page"] == 1
    assert out[0].metadata["privrag"]["mechanism"] == "redact"


def test_keep_and_drop_policy():
    from langchain_privrag import RedactTransformer

    t = RedactTransformer(metadata_policy={"source": "keep", "author": "drop"})
    md = t.transform_documents(_docs())[0].metadata
    assert md["source"] == "patients/john_smith.pdf" and "author" not in md


def test_async_matches_sync(transformer):
    sync = transformer.transform_documents(_docs())
    asy = asyncio.run(transformer.atransform_documents(_docs()))
    assert [d.page_content for d in sync] == [d.page_content for d in asy]
