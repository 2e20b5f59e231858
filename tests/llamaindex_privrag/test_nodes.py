"""Every LlamaIndex component that writes ``metadata["privrag"]`` hides it from the
embedding model and the LLM, and reader metadata survives the default policy (fakes only)."""

from __future__ import annotations

import pytest

from privrag.redact import Redactor
from tests.fakes import READER_METADATA, RegexDetector
from tests.pahdp.conftest import BagOfWordsEmbedder, ConstantSurrogate, RuleDetector
from tests.trip.conftest import HashEmbedder, TripDetector, fake_calibration, fake_surrogate

NOTE = "Patient John Smith was referred in 2024 for chest pain. John Smith lives alone."
READER = READER_METADATA


def _nodes():
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.core.schema import Document

    return SentenceSplitter(chunk_size=256).get_nodes_from_documents([Document(text=NOTE, metadata=dict(READER))])


def _redact():
    from llamaindex_privrag import RedactTransform

    return RedactTransform(redactor=Redactor(RegexDetector()))


def _trip():
    from llamaindex_privrag import TripRagTransform
    from privrag.trip import TripRag

    trip = TripRag(detector=TripDetector(), embedder=HashEmbedder(), surrogate=fake_surrogate(),
                   calibration=fake_calibration())
    return TripRagTransform(trip=trip, metadata_redactor=Redactor(TripDetector()))


def _pahdp_nodes():
    from llama_index.core.schema import NodeWithScore, QueryBundle

    from llamaindex_privrag import PAHDPPostprocessor
    from privrag.pahdp import PAHDP

    engine = PAHDP(detector=RuleDetector(), embedder=BagOfWordsEmbedder(), surrogate=ConstantSurrogate(), seed=0)
    post = PAHDPPostprocessor(engine=engine)
    hits = [NodeWithScore(node=n, score=1.0) for n in _nodes()]
    return [h.node for h in post.postprocess_nodes(hits, QueryBundle("who was referred for chest pain?"))]


@pytest.mark.parametrize("component", ["redact", "trip", "pahdp"])
def test_report_is_neither_embedded_nor_sent_to_the_llm(component: str):
    from llama_index.core.schema import MetadataMode

    nodes = _pahdp_nodes() if component == "pahdp" else {"redact": _redact, "trip": _trip}[component]()(_nodes())
    for node in nodes:
        assert "privrag" in node.metadata  # still there for people and logs
        assert "privrag" in node.excluded_embed_metadata_keys and "privrag" in node.excluded_llm_metadata_keys
        for mode in (MetadataMode.EMBED, MetadataMode.LLM):
            shown = node.get_content(metadata_mode=mode)
            assert "privrag" not in shown and "mechanism" not in shown


def test_hiding_twice_lists_the_key_once():
    from llamaindex_privrag._nodes import hide_report

    node = _redact()(_nodes())[0]
    hide_report(node)
    assert node.excluded_llm_metadata_keys.count("privrag") == 1


def test_reader_metadata_keeps_file_fields_and_protects_the_file_name():
    node = _redact()(_nodes())[0]
    md = node.metadata
    assert md["file_type"] == "text/plain" and md["file_size"] == 2048
    assert md["creation_date"] == "2024-05-01" and md["last_accessed_date"] == "2024-05-02"
    assert "john_smith" not in md["file_name"].lower() and "john_smith" not in md["file_path"].lower()
    assert "John Smith" not in node.get_content()
