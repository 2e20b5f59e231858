"""``ref_doc_id``, relationship ids and hashes name no one after any component (fakes only)."""

from __future__ import annotations

import hashlib
import sqlite3
import uuid

import pytest

from privrag.ids import safe_hash, safe_id
from privrag.redact import Redactor
from tests.fakes import RegexDetector
from tests.pahdp.conftest import BagOfWordsEmbedder, ConstantSurrogate, RuleDetector
from tests.trip.conftest import HashEmbedder, TripDetector, fake_calibration, fake_surrogate

PATH = "patients/john_smith_referral.pdf"
NOTE = ("Patient John Smith was referred in 2024 for chest pain. John Smith lives alone. "
        "The referral asks for an exercise test. A follow-up visit is planned for next month.")
RAW_HASH = hashlib.sha256(NOTE.encode()).hexdigest()


def _nodes():
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.core.schema import Document, NodeRelationship, RelatedNodeInfo

    doc = Document(text=NOTE, id_=PATH, metadata={"page": 1})
    nodes = SentenceSplitter(chunk_size=24, chunk_overlap=0).get_nodes_from_documents([doc])
    assert len(nodes) > 1 and nodes[0].ref_doc_id == PATH
    # a PARENT whose hash is the raw document's, a node id built from the path
    nodes[0].relationships[NodeRelationship.PARENT] = RelatedNodeInfo(node_id=PATH, hash=RAW_HASH)
    nodes[-1].id_ = f"{PATH}_part_9"
    nodes[-2].relationships[NodeRelationship.NEXT] = RelatedNodeInfo(node_id=nodes[-1].id_)
    return nodes


def _redact():
    from llamaindex_privrag import RedactTransform

    return RedactTransform(redactor=Redactor(RegexDetector()))


def _trip():
    from llamaindex_privrag import TripRagTransform
    from privrag.trip import TripRag

    trip = TripRag(detector=TripDetector(), embedder=HashEmbedder(), surrogate=fake_surrogate(),
                   calibration=fake_calibration())
    return TripRagTransform(trip=trip, metadata_redactor=Redactor(TripDetector()))


def _pahdp(nodes, ledger: str):
    from llama_index.core.schema import NodeWithScore, QueryBundle

    from llamaindex_privrag import PAHDPPostprocessor
    from privrag.pahdp import PAHDP

    engine = PAHDP(detector=RuleDetector(), embedder=BagOfWordsEmbedder(), surrogate=ConstantSurrogate(),
                   seed=0, ledger=ledger)
    hits = [NodeWithScore(node=n, score=1.0) for n in nodes]
    post = PAHDPPostprocessor(engine=engine)
    return [h.node for h in post.postprocess_nodes(hits, QueryBundle("who was referred for chest pain?"))]


def _run(component: str, nodes, tmp_path):
    if component == "pahdp":
        return _pahdp(nodes, str(tmp_path / "ledger.sqlite"))
    return {"redact": _redact, "trip": _trip}[component]()(nodes)


@pytest.mark.parametrize("component", ["redact", "trip", "pahdp"])
def test_ids_relationships_and_hashes_name_no_one(component: str, tmp_path):
    from llama_index.core.schema import NodeRelationship

    nodes = _nodes()
    originals = [(n.id_, {k: (v.node_id, v.hash) for k, v in n.relationships.items()}) for n in nodes]
    out = _run(component, nodes, tmp_path)
    assert len(out) == len(nodes)
    for node, (old_id, rels) in zip(out, originals, strict=True):
        dump = node.json()
        assert "john_smith" not in dump and RAW_HASH not in dump
        assert node.ref_doc_id == safe_id(PATH)  # one SOURCE id for every chunk
        assert node.id_ == safe_id(old_id)
        for key, (old_node_id, old_hash) in rels.items():
            info = node.relationships[key]
            assert info.node_id == safe_id(old_node_id) and info.hash == safe_hash(old_hash)
            if old_hash:
                assert info.hash != old_hash
    assert uuid.UUID(out[0].id_) and out[0].id_ == nodes[0].id_  # random node ids unchanged
    assert out[-2].relationships[NodeRelationship.NEXT].node_id == out[-1].id_  # links still resolve
    if component == "pahdp":
        con = sqlite3.connect(tmp_path / "ledger.sqlite")
        rows = [r for t in ("ledger", "spends") for r in con.execute(f"SELECT * FROM {t}")]
        con.close()
        assert rows and "john_smith" not in repr(rows)
        assert (tmp_path / "ledger.sqlite").read_bytes().find(b"john_smith") == -1


def test_same_document_same_ids_across_runs():
    from llama_index.core.schema import NodeRelationship

    first, second = _redact()(_nodes()), _redact()(_nodes())
    assert [n.ref_doc_id for n in first] == [n.ref_doc_id for n in second]  # re-ingesting upserts
    assert first[-1].id_ == second[-1].id_
    for rel in (NodeRelationship.SOURCE, NodeRelationship.PARENT):
        assert first[0].relationships[rel] == second[0].relationships[rel]
