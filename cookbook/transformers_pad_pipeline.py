"""The PAD logits processor inside a plain transformers text-generation pipeline.

    python cookbook/transformers_pad_pipeline.py

PADLogitsProcessor is an ordinary transformers LogitsProcessor: pass it to
any generate() call or pipeline. Append SeededSampler and decode greedily to
make the sampling reproducible too; read the receipt from the processor.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from transformers import LogitsProcessorList, pipeline  # noqa: E402

from privrag.models import load_causal_lm  # noqa: E402
from privrag.pad import PADConfig, PADLogitsProcessor, SeededSampler, receipt_summary  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
context = (DATA / "note_03_berg.txt").read_text(encoding="utf-8")

model, tokenizer = load_causal_lm()  # SmolLM2-135M-Instruct, packaged and cached
generator = pipeline("text-generation", model=model, tokenizer=tokenizer)

# one processor per call: it records sigma_t and the protected flag of each step
pad = PADLogitsProcessor(PADConfig(), seed=7, eos_token_id=model.generation_config.eos_token_id)
messages = [{"role": "user", "content": f"Context:\n{context}\n\nSummarise the note in one sentence."}]
out = generator(
    messages,
    max_new_tokens=48,
    do_sample=False,  # SeededSampler has already drawn the token
    logits_processor=LogitsProcessorList([pad, SeededSampler(seed=7)]),
)
print("answer:", out[0]["generated_text"][-1]["content"].strip())
print("receipt:", receipt_summary(pad.receipts()[0]))
