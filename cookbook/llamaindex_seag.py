"""SEAG in LlamaIndex: a query engine whose LLM only ever sees aliases.

    python cookbook/llamaindex_seag.py

The index stays on the owner's side (MiniLM embeddings, in memory). The
query engine's LLM is ``SEAGLLM`` wrapping the "external" model: the
synthesizer's prompt — retrieved node texts with their metadata, and the
question — is aliased as one request, and the answer is restored. The
external model here is the packaged SmolLM2 so the recipe runs offline; in
practice it is any hosted LLM (``OpenAI(...)``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from llama_index.core import Document, VectorStoreIndex  # noqa: E402
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata  # noqa: E402
from llama_index.core.llms.callbacks import llm_completion_callback  # noqa: E402

from llamaindex_privrag import SEAGLLM  # noqa: E402
from llamaindex_privrag.embeddings import PrivragEmbedding  # noqa: E402
from privrag.seag import SEAG  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"


class LocalLLM(CustomLLM):
    """Stand-in for a hosted LLM: SmolLM2-135M-Instruct, greedy. Prints what it receives."""

    max_new_tokens: int = 32

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="smollm2-local", context_window=8192, num_output=self.max_new_tokens)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        import torch

        from privrag.models import load_causal_lm

        print("What the external model received:\n" + "\n".join("  " + ln for ln in prompt.splitlines()))
        model, tok = load_causal_lm()
        enc = tok.apply_chat_template([{"role": "user", "content": prompt}], add_generation_prompt=True,
                                      return_tensors="pt", return_dict=True)
        with torch.no_grad():
            out = model.generate(**enc, max_new_tokens=self.max_new_tokens, do_sample=False,
                                 pad_token_id=tok.eos_token_id)
        return CompletionResponse(text=tok.decode(out[0, enc["input_ids"].shape[1]:], skip_special_tokens=True))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        text = self.complete(prompt, formatted=formatted).text
        words = text.split(" ")

        def gen() -> CompletionResponseGen:
            so_far = ""
            for i, w in enumerate(words):
                delta = w if i == 0 else " " + w
                so_far += delta
                yield CompletionResponse(text=so_far, delta=delta)

        return gen()


# 1. the owner's documents (fictional) with metadata, indexed locally
docs = [
    Document(text=p.read_text(encoding="utf-8").strip(), metadata={"file_name": p.name, "ward": "Cardiology"})
    for p in sorted(DATA.glob("note_*.txt"))
]
index = VectorStoreIndex.from_documents(docs, embed_model=PrivragEmbedding())

# 2. the query engine's LLM is the SEAG wrapper: nodes and question share one table
llm = SEAGLLM(llm=LocalLLM(), seag=SEAG(seed=7))
engine = index.as_query_engine(llm=llm, similarity_top_k=2)

question = "Which patient was treated for chest pain, and what medication was started?"
response = engine.query(question)
print("\nRestored answer for the user:\n ", str(response).strip())

# 3. streaming works the same way: deltas are restored as they arrive
stream_engine = index.as_query_engine(llm=llm, similarity_top_k=1, streaming=True)
print("\nStreamed:")
stream_engine.query("Why was John Smith seen in Leeds?").print_response_stream()
print()
