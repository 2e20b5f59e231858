"""Pieces of ``privrag bench pahdp`` that are not the benchmark loop itself.

Chunking and indexing TAB, caches that let every method reuse one detection
and one embedding per text, exposure counting, the SmolLM2 generator and the
ε plot. Kept apart so the benchmark module reads as the experiment it runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from privrag.detect.base import BaseDetector, EntityDetector
from privrag.eval.datasets import LabeledDoc
from privrag.types import DetectedEntity

__all__ = [
    "BenchChunk",
    "chunk_docs",
    "CachedDetector",
    "CachingEmbedder",
    "exposed",
    "AnswerGenerator",
    "plot_epsilon",
]

#: word pieces per indexed chunk: five chunks make a prompt SmolLM2 reads in seconds
CHUNK_TOKENS = 128


@dataclass
class BenchChunk:
    """An indexed piece of a TAB document and the gold strings it contains."""

    id: str
    doc_id: str
    text: str
    direct: list[str] = field(default_factory=list)
    quasi: list[str] = field(default_factory=list)


def chunk_docs(docs: Sequence[LabeledDoc], tokenizer: Any | None, max_tokens: int = CHUNK_TOKENS) -> list[BenchChunk]:
    """Encoder-sized chunks of every document (cut at sentence ends, no gold used)."""
    from privrag.trip.chunking import encoder_chunks

    out: list[BenchChunk] = []
    for doc in docs:
        for i, c in enumerate(encoder_chunks(doc.text, tokenizer=tokenizer, max_tokens=max_tokens)):
            text = doc.text[c.start : c.end]
            lead = len(text) - len(text.lstrip())
            text = text.strip()
            if not text:
                continue
            a = c.start + lead
            inside = [g for g in doc.spans if a <= g.start and g.end <= a + len(text)]
            direct = sorted({g.text for g in inside if g.identifier_type == "DIRECT" and g.text.strip()})
            quasi = sorted({g.text for g in inside if g.identifier_type == "QUASI" and g.text.strip()})
            out.append(BenchChunk(f"{doc.id}#{i}", doc.id, text, direct, quasi))
    return out


class CachedDetector(BaseDetector):
    """Detect each distinct text once: retrieved chunks come back query after query.

    Plays the role of detections cached at ingestion; every method of the
    benchmark shares it, so they all see the same entities.
    """

    name = "cached"

    def __init__(self, inner: EntityDetector) -> None:
        self.inner = inner
        self._cache: dict[str, list[DetectedEntity]] = {}

    def warm(self, texts: Sequence[str], batch: int = 16) -> None:
        todo = list(dict.fromkeys(t for t in texts if t not in self._cache))
        for i in range(0, len(todo), batch):
            part = todo[i : i + batch]
            for t, spans in zip(part, self.inner.detect_batch(part), strict=True):
                self._cache[t] = spans

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        self.warm(texts)
        return [list(self._cache[t]) for t in texts]


class CachingEmbedder:
    """An embedder that remembers every vector it computed (shared by all methods).

    The ε sweep reuses the default run's candidates (same seeds), so only the
    first PA-HDP method pays for embedding them.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.dim = int(getattr(inner, "dim", 384))
        self._cache: dict[str, np.ndarray] = {}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        todo = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if todo:
            for t, v in zip(todo, np.asarray(self.inner.embed(todo), dtype=np.float32), strict=True):
                self._cache[t] = v
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])


def exposed(strings: Sequence[str], text: str) -> list[str]:
    """The gold strings that still occur verbatim (case-sensitive, word-bounded) in ``text``."""
    return [s for s in strings if re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text)]


class AnswerGenerator:
    """SmolLM2-135M-Instruct (``privrag.models.load_causal_lm``) answering from a context, greedily."""

    SYSTEM = "You are a helpful assistant. Answer the question using the context."

    def __init__(self, max_new_tokens: int = 48) -> None:
        import torch

        from privrag.models import load_causal_lm

        self.torch = torch
        self.model, self.tokenizer = load_causal_lm()
        self.max_new_tokens = max_new_tokens

    def _prompt(self, context: str, question: str) -> str:
        messages = [
            {"role": "system", "content": self.SYSTEM},
            {"role": "user", "content": f"Context:\n{context}\n\nQuestion: {question}"},
        ]
        return self.tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)

    def answer(self, context: str, question: str) -> str:
        return self.answer_batch([(context, question)])[0]

    def answer_batch(self, pairs: Sequence[tuple[str, str]], batch_size: int = 8) -> list[str]:
        """Greedy answers, ``batch_size`` prompts at a time (left-padded: decoding is batched)."""
        tok = self.tokenizer
        if tok.pad_token_id is None:
            tok.pad_token = tok.eos_token
        tok.padding_side = "left"
        out: list[str] = []
        for i in range(0, len(pairs), batch_size):
            prompts = [self._prompt(c, q) for c, q in pairs[i : i + batch_size]]
            enc = tok(prompts, return_tensors="pt", padding=True, add_special_tokens=False)
            with self.torch.no_grad():
                gen = self.model.generate(
                    **enc, max_new_tokens=self.max_new_tokens, do_sample=False, pad_token_id=tok.pad_token_id
                )
            width = enc["input_ids"].shape[1]
            out += [tok.decode(row[width:], skip_special_tokens=True).strip() for row in gen]
        return out


def plot_epsilon(payload: dict[str, Any], path: Path) -> Path | None:
    """Utility (ROUGE-L of the context) and mean R_leak of released candidates versus ε."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted(
        (m["epsilon"], m) for m in payload["methods"].values() if isinstance(m.get("epsilon"), (int, float))
    )
    if not rows:
        return None
    eps = [e for e, _ in rows]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(eps, [m.get("rouge_l_context") for _, m in rows], "o-", color="tab:blue", label="PA-HDP ROUGE-L (context)")
    for name, style in (("redact_all", "--"), ("origin", ":")):
        ref = payload["methods"].get(name, {}).get("rouge_l_context")
        if ref is not None:
            ax.axhline(ref, color="tab:blue", linestyle=style, alpha=0.6, label=f"{name} ROUGE-L")
    ax.set_xscale("log")
    ax.set_xlabel("ε per mid-tier unit (high tier: ε/2)")
    ax.set_ylabel("ROUGE-L, protected vs original context")
    ax2 = ax.twinx()
    ax2.plot(eps, [m.get("r_leak_released") for _, m in rows], "s-", color="tab:red", label="mean R_leak (released)")
    ax2.set_ylabel("mean R_leak of released candidates")
    lines = ax.get_legend_handles_labels()
    lines2 = ax2.get_legend_handles_labels()
    ax.legend(lines[0] + lines2[0], lines[1] + lines2[1], loc="center right", fontsize=8)
    ax.set_title("PA-HDP on TAB test: utility and leakage vs ε")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
