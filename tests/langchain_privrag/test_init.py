"""What the package docstring promises: LangChain keeps the ``privrag`` report out of
prompts unless a prompt asks for it (fakes only, no model loads)."""

from __future__ import annotations

import pytest

from privrag.redact import Redactor
from tests.fakes import RegexDetector
from tests.pahdp.conftest import BagOfWordsEmbedder, ConstantSurrogate, RuleDetector
from tests.trip.conftest import HashEmbedder, TripDetector, fake_calibration, fake_surrogate

NOTE = "Patient John Smith was referred in 2024 for chest pain."


def _protected(component: str):
    from langchain_core.documents import Document

    docs = [Document(page_content=NOTE, metadata={"source": "patients/john_smith.txt", "page": 1})]
    if component == "redact":
        from langchain_privrag import RedactTransformer

        return RedactTransformer(redactor=Redactor(RegexDetector())).transform_documents(docs)
    if component == "trip":
        from langchain_privrag import TripRagTransformer
        from privrag.trip import TripRag

        trip = TripRag(detector=TripDetector(), embedder=HashEmbedder(), surrogate=fake_surrogate(),
                       calibration=fake_calibration())
        return TripRagTransformer(trip=trip).transform_documents(docs)
    from langchain_privrag import PAHDPCompressor
    from privrag.pahdp import PAHDP

    engine = PAHDP(detector=RuleDetector(), embedder=BagOfWordsEmbedder(), surrogate=ConstantSurrogate(), seed=0)
    return PAHDPCompressor(engine=engine).compress_documents(docs, "who was referred?")


@pytest.mark.parametrize("component", ["redact", "trip", "pahdp"])
def test_stuff_chain_prompt_carries_no_report(component: str):
    from langchain_classic.chains.combine_documents import create_stuff_documents_chain
    from langchain_core.language_models.fake import FakeListLLM
    from langchain_core.prompts import PromptTemplate

    docs = _protected(component)
    assert "privrag" in docs[0].metadata
    seen: list[str] = []

    class Recording(FakeListLLM):
        def _call(self, prompt: str, *args, **kwargs) -> str:  # type: ignore[override]
            seen.append(prompt)
            return super()._call(prompt, *args, **kwargs)

    chain = create_stuff_documents_chain(Recording(responses=["ok"]), PromptTemplate.from_template(
        "Context: {context}\nQuestion: {question}\nAnswer:"))
    assert chain.invoke({"context": docs, "question": "who was referred?"}) == "ok"
    assert seen and "privrag" not in seen[0] and "mechanism" not in seen[0]
    assert "John Smith" not in seen[0]


def test_a_document_prompt_that_names_the_report_gets_it():
    from langchain_core.prompts import PromptTemplate, format_document

    doc = _protected("redact")[0]
    assert "privrag" not in format_document(doc, PromptTemplate.from_template("{page_content}"))
    assert "redact" in format_document(doc, PromptTemplate.from_template("{page_content} {privrag}"))
