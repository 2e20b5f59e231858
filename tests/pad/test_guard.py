"""The PII copy guard: token patterns from detected entities, and guarded steps in the processor."""

from __future__ import annotations

import math

import pytest
import torch

from privrag.detect.base import BaseDetector
from privrag.pad.config import PADConfig
from privrag.pad.guard import PIICopyGuard, PromptGuard
from privrag.pad.processor import PADLogitsProcessor
from privrag.types import DetectedEntity, PrivacyError

V = 50


class WordTokenizer:
    """One id per word (leading space kept with the word, as BPE does)."""

    def __init__(self) -> None:
        self.vocab: dict[str, int] = {}

    def __call__(self, text: str, add_special_tokens: bool = False) -> dict[str, list[int]]:
        import re

        words = re.findall(r" ?\S+", text)
        return {"input_ids": [self.vocab.setdefault(w, 10 + len(self.vocab) % 40) for w in words]}


class NameDetector(BaseDetector):
    name = "names"

    def _detect(self, text: str) -> list[DetectedEntity]:
        i = text.find("John Smith")
        return [] if i < 0 else [DetectedEntity(i, i + 10, "PERSON", "John Smith", 0.9, self.name)]


class BrokenDetector(BaseDetector):
    name = "broken"

    def _detect(self, text: str) -> list[DetectedEntity]:
        raise RuntimeError("down")


def test_guard_holds_first_tokens_and_bigrams_of_detected_entities():
    tok = WordTokenizer()
    guard, empty = PIICopyGuard(tok, NameDetector()).for_prompts(["Repeat: John Smith was seen.", "Nothing here."])
    john, space_john, smith = tok("John")["input_ids"][0], tok(" John")["input_ids"][0], tok(" Smith")["input_ids"][0]
    assert {john, space_john} <= guard.firsts
    assert guard.hits(john, smith) and guard.hits(0, space_john)
    assert not guard.hits(0, smith)  # "Smith" alone after an unrelated token is not a copy
    assert guard.entities == 1 and guard.labels == {"PERSON": 1}
    assert not empty and not empty.hits(john, smith)


def test_guard_fails_closed_when_detection_fails():
    with pytest.raises(PrivacyError):
        PIICopyGuard(WordTokenizer(), BrokenDetector()).for_prompts(["John Smith"])


def test_guarded_step_gets_sigma_pii_and_counts_as_protected():
    confident = torch.zeros(2, V)
    confident[:, 7] = 12.0  # the screen would leave both rows with σ_min
    ids = torch.tensor([[1, 2, 3], [1, 2, 3]])
    guards = [PromptGuard(firsts=frozenset({7})), PromptGuard()]
    cfg = PADConfig(sigma_pii=3.0)
    proc = PADLogitsProcessor(cfg, seed=0, guards=guards)
    proc(ids, confident.clone())
    tr = proc.trace()
    assert tr.sigma[0, 0] == pytest.approx(3.0) and bool(tr.protected[0, 0])
    assert tr.sigma[0, 1] == pytest.approx(cfg.sigma_min) and not bool(tr.protected[0, 1])
    # without guards the same step is unprotected
    plain = PADLogitsProcessor(cfg, seed=0)
    plain(ids, confident.clone())
    assert not plain.trace().protected.any()


@pytest.mark.parametrize("bad", [0.0, -1.0, float("nan")])
def test_sigma_pii_must_be_positive(bad):
    with pytest.raises(ValueError):
        PADConfig(sigma_pii=bad)


def test_guard_is_opt_in():
    assert not PADConfig().pii_guard
    g = PADConfig.guarded(sigma_pii=2.0)
    assert g.pii_guard and g.sigma_pii == 2.0 and g.lambda_amp == pytest.approx(0.1)


@pytest.mark.integration
def test_guarded_generation_on_smollm2_is_reproducible_and_protects_copy_steps(pad_generator):
    prompt = "Repeat exactly: Patient John Smith, born 12 March 1961, lives at 14 Elm Street, Leeds."
    cfg = PADConfig.guarded()
    a, b = (pad_generator.generate([prompt], seed=3, config=cfg)[0] for _ in range(2))
    assert a.text == b.text and a.receipt.to_dict() == b.receipt.to_dict()
    # the prompt's name, date and address are copy targets: some steps are protected
    assert a.receipt.counts["protected_steps"] >= 1
    assert math.isfinite(a.receipt.epsilon) and a.receipt.epsilon > 0
