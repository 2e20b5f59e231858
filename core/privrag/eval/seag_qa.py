"""The SEAG paper's answer metrics on TAB, with a small local generator.

Request: the first 1,000 characters of a judgment and the question "Who is
the applicant?"; gold: the applicant's surname (the last token of at least
three letters of ``metadata.provenance.applicant``, case-insensitive).
Documents without such a token are skipped. Metrics, as in the paper:

* ``org`` — the generator answers correctly on the original text;
* ``privacy`` — the generator's raw answer on the aliased text does not
  contain the gold surname;
* ``user`` — the surname was hidden (absent from the generator's input and
  raw answer) *and* the restored answer contains it.

The generator is SmolLM2-135M-Instruct (greedy), loaded once.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any

from privrag.eval.datasets import LabeledDoc
from privrag.eval.seag_metrics import occurs

__all__ = ["QUESTION", "CONTEXT_CHARS", "applicant_surname", "LocalGenerator", "QAOutcome", "judge"]

QUESTION = "Who is the applicant?"
CONTEXT_CHARS = 1000


def applicant_surname(doc: LabeledDoc) -> str | None:
    applicant = ((doc.meta or {}).get("provenance") or {}).get("applicant") or ""
    tokens = [t for t in re.split(r"[\s.]+", applicant) if sum(c.isalpha() for c in t) >= 3]
    return tokens[-1] if tokens else None


class LocalGenerator:
    """Greedy SmolLM2 answers to ``(question, context)`` — the "external" generator."""

    def __init__(self, name_or_path: str | None = None, max_new_tokens: int = 32) -> None:
        from privrag.models import load_causal_lm

        self.model, self.tokenizer = load_causal_lm(name_or_path)
        self.max_new_tokens = max_new_tokens
        self._lock = threading.Lock()

    @staticmethod
    def prompt(question: str, context: str) -> list[dict[str, str]]:
        return [{"role": "user", "content": f"{context}\n\n{question}"}]

    def __call__(self, question: str, context: str) -> str:
        return self.chat(self.prompt(question, context))

    def chat(self, messages: list[dict[str, Any]]) -> str:
        import torch

        tok = self.tokenizer
        enc = tok.apply_chat_template(messages, add_generation_prompt=True, return_tensors="pt", return_dict=True)
        with self._lock, torch.no_grad():
            out = self.model.generate(
                **enc,
                max_new_tokens=self.max_new_tokens,
                do_sample=False,
                pad_token_id=tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id,
            )
        return tok.decode(out[0, enc["input_ids"].shape[1] :], skip_special_tokens=True).strip()


@dataclass
class QAOutcome:
    hidden: bool
    privacy: bool
    user: bool
    correct_restored: bool


def judge(gold: str, received: str, raw_answer: str, restored_answer: str) -> QAOutcome:
    in_input = occurs(gold, received, ignore_case=True)
    in_raw = occurs(gold, raw_answer, ignore_case=True)
    correct = occurs(gold, restored_answer, ignore_case=True)
    hidden = not in_input and not in_raw
    return QAOutcome(hidden=hidden, privacy=not in_raw, user=hidden and correct, correct_restored=correct)
