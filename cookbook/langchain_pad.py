"""PAD in LangChain: answer from private context with a local model whose
decoding is privacy-aware, and read the privacy receipt.

    python cookbook/langchain_pad.py

PADHuggingFaceLLM runs SmolLM2-135M-Instruct (packaged, offline) with the PAD
logits processor: logits clipped to L2 norm C, Gaussian noise on the
low-confidence steps, Rényi-DP accounting of those steps. Every generation
carries generation_info["privacy_receipt"].
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from langchain_core.output_parsers import StrOutputParser  # noqa: E402
from langchain_core.prompts import PromptTemplate  # noqa: E402

from langchain_privrag import PADHuggingFaceLLM  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
context = (DATA / "note_01_smith.txt").read_text(encoding="utf-8")

# 1. the LLM: same seed -> same text and same receipt
llm = PADHuggingFaceLLM(seed=7, max_new_tokens=48)

# 2. an ordinary LCEL chain
prompt = PromptTemplate.from_template("Context:\n{context}\n\nQuestion: {question}\nAnswer briefly.")
chain = prompt | llm | StrOutputParser()
question = "What medication was the patient started on?"
print("answer:", chain.invoke({"context": context, "question": question}).strip())

# 3. the receipt lives in generation_info (same seed: a prefix of the same answer)
result = llm.generate_prompt([prompt.invoke({"context": context, "question": question})], max_new_tokens=24)
receipt = result.generations[0][0].generation_info["privacy_receipt"]
print(
    f"receipt: epsilon={receipt['epsilon']:.4g} delta={receipt['delta']:g} gamma={receipt['gamma']:.2f} "
    f"({receipt['protected_steps']}/{receipt['total_steps']} steps protected)"
)

# 4. streaming gives the text piece by piece
pieces = list(llm.stream(prompt.format(context=context, question=question), max_new_tokens=24))
print("streamed:", "".join(pieces).strip())
