"""SEAGLLM with the real default detector (spaCy via Presidio) in a query engine over MiniLM:
names in the text and in file-name metadata never reach the inner LLM; the answer is restored."""

from __future__ import annotations

import re

import pytest
from llama_index.core import Document, VectorStoreIndex
from llama_index.core.base.llms.types import ChatMessage, TextBlock, ToolCallBlock

from tests.llamaindex_privrag._recording import RecordingChatLLM

pytestmark = pytest.mark.integration

ORIGINALS = ["John Smith", "Sarah Connor", "john_smith"]


def test_real_detector_query_engine_sends_no_name_and_restores_the_answer():
    from llamaindex_privrag import SEAGLLM, PrivragEmbedding

    inner = RecordingChatLLM()
    llm = SEAGLLM(llm=inner)
    docs = [Document(text="John Smith was referred by Dr Sarah Connor for chest pain.",
                     metadata={"file_name": "john_smith_referral.pdf", "file_type": "application/pdf"})]
    engine = VectorStoreIndex.from_documents(docs, embed_model=PrivragEmbedding()).as_query_engine(llm=llm)
    answer = str(engine.query("Who referred John Smith?"))
    assert answer == "You asked: Who referred John Smith?"
    msgs = [ChatMessage(role="user", blocks=[TextBlock(text="Call Sarah Connor about John Smith."),
                                             ToolCallBlock(tool_name="call", tool_kwargs={"who": "Sarah Connor"})])]
    assert llm.chat(msgs).message.content == "You asked: Call Sarah Connor about John Smith."
    for sent in inner.received:
        assert not [o for o in ORIGINALS if o.lower() in sent.lower()], sent
    assert re.search(r"file_type: application/pdf", inner.received[0])
