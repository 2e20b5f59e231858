"""PAD in LlamaIndex: a local CustomLLM with privacy-aware decoding.

    python cookbook/llamaindex_pad.py

The receipt of every completion is in
CompletionResponse.additional_kwargs["privacy_receipt"].
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from llama_index.core import PromptTemplate, Settings  # noqa: E402

from llamaindex_privrag import PADHuggingFaceLLM  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
context = (DATA / "note_02_okafor.txt").read_text(encoding="utf-8")

# 1. register the LLM for the whole application
Settings.llm = PADHuggingFaceLLM(seed=7, max_new_tokens=48)

# 2. complete a RAG-style prompt
qa = PromptTemplate("Context:\n{context_str}\n\nQuestion: {query_str}\nAnswer briefly.")
prompt = qa.format(context_str=context, query_str="Why was the patient seen?")
response = Settings.llm.complete(prompt)
print("answer:", response.text.strip())
receipt = response.additional_kwargs["privacy_receipt"]
print(
    f"receipt: epsilon={receipt['epsilon']:.4g} delta={receipt['delta']:g} gamma={receipt['gamma']:.2f} "
    f"({receipt['protected_steps']}/{receipt['total_steps']} steps protected)"
)

# 3. streaming: the last response carries the receipt
*_, last = Settings.llm.stream_complete(prompt)
print("streamed:", last.text.strip(), "| gamma:", round(last.additional_kwargs["privacy_receipt"]["gamma"], 2))
