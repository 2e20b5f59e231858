"""A ``Document.id`` built from the file path leaves no component as written (fakes only)."""

from __future__ import annotations

import sqlite3
import uuid

import pytest
from langchain_core.documents import Document

from privrag.ids import safe_id
from privrag.redact import Redactor
from tests.fakes import RegexDetector
from tests.pahdp.conftest import BagOfWordsEmbedder, ConstantSurrogate, RuleDetector
from tests.seag._fakes import GazetteerDetector
from tests.trip.conftest import HashEmbedder, TripDetector, fake_calibration, fake_surrogate

PATH = "patients/john_smith_referral.pdf"
NOTE = "Patient John Smith was referred in 2024 for chest pain. John Smith lives alone."
RANDOM = str(uuid.uuid4())


def _docs() -> list[Document]:
    return [Document(page_content=NOTE, metadata={"page": 1}, id=PATH),
            Document(page_content="The cafeteria menu changes every Monday.", id=RANDOM),
            Document(page_content="No id at all.")]


def _redact():
    from langchain_privrag import RedactTransformer

    return RedactTransformer(redactor=Redactor(RegexDetector()))


def _trip():
    from langchain_privrag import TripRagTransformer
    from privrag.trip import TripRag

    trip = TripRag(detector=TripDetector(), embedder=HashEmbedder(), surrogate=fake_surrogate(),
                   calibration=fake_calibration())
    return TripRagTransformer(trip=trip, metadata_redactor=Redactor(TripDetector()))


def _pahdp(ledger: str):
    from langchain_privrag import PAHDPCompressor
    from privrag.pahdp import PAHDP

    engine = PAHDP(detector=RuleDetector(), embedder=BagOfWordsEmbedder(), surrogate=ConstantSurrogate(),
                   seed=0, ledger=ledger)
    return PAHDPCompressor(engine=engine)


def _run(component: str, tmp_path, asynchronous: bool) -> list[Document]:
    import asyncio

    if component == "pahdp":
        comp = _pahdp(str(tmp_path / "ledger.sqlite"))
        if asynchronous:
            return list(asyncio.run(comp.acompress_documents(_docs(), "who was referred?")))
        return list(comp.compress_documents(_docs(), "who was referred?"))
    comp = {"redact": _redact, "trip": _trip}[component]()
    if asynchronous:
        return list(asyncio.run(comp.atransform_documents(_docs())))
    return list(comp.transform_documents(_docs()))


@pytest.mark.parametrize("asynchronous", [False, True])
@pytest.mark.parametrize("component", ["redact", "trip", "pahdp"])
def test_document_ids_name_no_one(component: str, asynchronous: bool, tmp_path):
    out = _run(component, tmp_path, asynchronous)
    for doc in out:
        assert "john_smith" not in doc.model_dump_json() and "john_smith" not in repr(doc)
    assert [d.id for d in out] == [safe_id(PATH), RANDOM, None]  # stable: re-ingesting upserts
    if component == "pahdp":  # the compressor fell back to Document.id for the ledger key
        con = sqlite3.connect(tmp_path / "ledger.sqlite")
        rows = [r for t in ("ledger", "spends") for r in con.execute(f"SELECT * FROM {t}")]
        con.close()
        assert rows and "john_smith" not in repr(rows)
        assert (tmp_path / "ledger.sqlite").read_bytes().find(b"john_smith") == -1


def test_seag_alias_hashes_document_ids():
    from langchain_privrag import SEAGAliasRunnable
    from privrag.seag import SEAG

    alias = SEAGAliasRunnable(SEAG(GazetteerDetector([("John Smith", "PERSON")])))
    sent: list = []  # what the steps after the alias step receive
    chain = alias | (lambda v: sent.append(v) or "ok") | alias.restorer()
    assert chain.invoke({"question": "Who is John Smith?", "context": _docs()}) == "ok"
    (out,) = sent
    assert [d.id for d in out["context"]] == [safe_id(PATH), RANDOM, None]
    assert "john_smith" not in repr(out) and "John Smith" not in repr(out)
