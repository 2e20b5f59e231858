"""Batched PAD generation with a local causal LM: text plus a PrivacyReceipt.

:class:`PADGenerator` owns the model, the tokenizer and a :class:`PADConfig`;
it renders prompts with the chat template, validates them (empty prompts and
prompts that do not fit the context window are errors, never silently
truncated), runs ``generate`` with a fresh :class:`PADLogitsProcessor` and a
:class:`SeededSampler` per call, and returns one :class:`PADResult` per
prompt. The adapters (LangChain, LlamaIndex) and the benchmark all call this
class, so the privacy logic lives in one place.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from privrag.pad.config import PADConfig
from privrag.pad.processor import PADLogitsProcessor, SeededSampler
from privrag.pad.threads import check_num_threads, run_on_worker, start_worker
from privrag.types import PrivacyReceipt

__all__ = ["PADGenerator", "PADResult", "PADChunk"]


@dataclass
class PADResult:
    """One generated response."""

    text: str
    receipt: PrivacyReceipt | None
    """``None`` only for ``plain=True`` (no noise, nothing to account)."""
    token_ids: list[int] = field(default_factory=list)
    """Generated ids counted in the receipt (EOS included, padding excluded)."""
    prompt_ids: list[int] = field(default_factory=list)
    finish_reason: str = "length"
    """``stop`` (EOS or a stop string) or ``length`` (max_new_tokens)."""
    seed: int | None = None


@dataclass
class PADChunk:
    """A streamed piece of text; the last chunk carries the full result."""

    text: str
    result: PADResult | None = None


class _StopStrings:
    """Stopping criterion: a row ends once its decoded text contains a stop string."""

    def __init__(self, tokenizer: Any, prompt_len: int, stops: Sequence[str]) -> None:
        self.tok, self.prompt_len, self.stops = tokenizer, prompt_len, list(stops)
        self.hit_at: dict[int, int] = {}

    def __call__(self, input_ids: torch.LongTensor, scores: Any, **kwargs: Any) -> torch.BoolTensor:
        gen = input_ids[:, self.prompt_len :]
        done = torch.zeros(input_ids.shape[0], dtype=torch.bool, device=input_ids.device)
        for row in range(input_ids.shape[0]):
            if row in self.hit_at:
                done[row] = True
                continue
            text = self.tok.decode(gen[row], skip_special_tokens=True)
            if any(s in text for s in self.stops):
                self.hit_at[row] = gen.shape[1]
                done[row] = True
        return done


class _QueueStreamer:
    """``generate(streamer=...)`` sink: forwards row-0 token ids to a queue."""

    def __init__(self) -> None:
        self.q: queue.Queue[Any] = queue.Queue()
        self._prompt_seen = False

    def put(self, value: torch.Tensor) -> None:
        if not self._prompt_seen:  # the first call carries the prompt
            self._prompt_seen = True
            return
        self.q.put(value.reshape(-1)[:1].tolist())

    def end(self) -> None:
        self.q.put(None)


class PADGenerator:
    """Generate with privacy-aware decoding and return text + receipt.

    Key init args:
        model / tokenizer: an already loaded causal LM and its tokenizer;
            default: SmolLM2-135M-Instruct from :func:`privrag.models.load_causal_lm`.
        model_name: a directory or hub id to load instead (ignored when
            ``model`` is given).
        config: :class:`PADConfig` (the documented defaults if omitted).
        max_new_tokens: default response length.
        use_chat_template: wrap prompts in the tokenizer's chat template;
            ``None`` = when the tokenizer has one.
        system_prompt: optional system message for the chat template.
        batch_size: prompts per ``generate`` call.
        detector: detector of the PII copy guard (``config.pii_guard``);
            default: :func:`privrag.detect.default_detector`.
        num_threads: torch threads for decoding (default 1; ``None`` keeps
            torch's setting). Every call decodes on a worker thread with this
            count — see :mod:`privrag.pad.threads` for why.
    """

    def __init__(
        self,
        model: Any = None,
        tokenizer: Any = None,
        config: PADConfig | None = None,
        *,
        model_name: str | None = None,
        device: str = "cpu",
        max_new_tokens: int = 64,
        use_chat_template: bool | None = None,
        system_prompt: str | None = None,
        batch_size: int = 8,
        detector: Any = None,
        num_threads: int | None = 1,
    ) -> None:
        self.detector = detector
        self.num_threads = check_num_threads(num_threads)
        self._guard: Any = None
        if (model is None) != (tokenizer is None):
            raise ValueError("pass both model and tokenizer, or neither")
        if model is None:
            from privrag.models import load_causal_lm

            model, tokenizer = load_causal_lm(model_name, device=device)
        self.model, self.tokenizer = model, tokenizer
        self.config = config or PADConfig()
        _check_max_new(max_new_tokens)
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        self.max_new_tokens = max_new_tokens
        self.use_chat_template = (
            bool(getattr(tokenizer, "chat_template", None)) if use_chat_template is None else use_chat_template
        )
        self.system_prompt = system_prompt
        self.batch_size = batch_size
        self.eos_ids = _eos_ids(model, tokenizer)
        gc = getattr(model, "generation_config", None)
        pad = getattr(gc, "pad_token_id", None) if gc is not None else None
        if pad is None:
            pad = getattr(tokenizer, "pad_token_id", None)
        self.pad_id = int(pad if pad is not None else self.eos_ids[0])

    # -- prompts -------------------------------------------------------------
    @property
    def context_window(self) -> int:
        cfg = getattr(self.model, "config", None)
        n = getattr(cfg, "max_position_embeddings", None) or getattr(cfg, "n_positions", None)
        return int(n) if n else 2048

    def render(self, prompt: str) -> str:
        """The exact text the model sees (chat template applied)."""
        if not self.use_chat_template:
            return prompt
        messages = ([{"role": "system", "content": self.system_prompt}] if self.system_prompt else []) + [
            {"role": "user", "content": prompt}
        ]
        return self.tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)

    def encode(self, prompts: Sequence[str], max_new_tokens: int | None = None) -> list[list[int]]:
        """Token ids per prompt; raises ``ValueError`` for empty or too-long prompts."""
        max_new = self.max_new_tokens if max_new_tokens is None else max_new_tokens
        _check_max_new(max_new)
        if isinstance(prompts, str):
            raise TypeError("pass a list of prompts")
        out = []
        for i, prompt in enumerate(prompts):
            if not isinstance(prompt, str) or not prompt.strip():
                raise ValueError(f"prompt {i} is empty: PAD needs a non-empty prompt")
            ids = self.tokenizer(self.render(prompt), add_special_tokens=not self.use_chat_template)["input_ids"]
            if len(ids) + max_new > self.context_window:
                raise ValueError(
                    f"prompt {i} has {len(ids)} tokens; with max_new_tokens={max_new} it exceeds the "
                    f"model's context window of {self.context_window} tokens (PAD never truncates "
                    "a prompt silently: shorten the context or lower max_new_tokens)"
                )
            out.append(list(ids))
        return out

    # -- generation ----------------------------------------------------------
    def generate(
        self,
        prompts: Sequence[str],
        *,
        seed: int | None = None,
        seeds: Sequence[int] | None = None,
        max_new_tokens: int | None = None,
        stop: Sequence[str] | None = None,
        config: PADConfig | None = None,
        plain: bool = False,
    ) -> list[PADResult]:
        """One result per prompt. Prompt ``i`` uses ``seeds[i]`` or ``seed + i``.

        ``plain=True`` samples with the same seeded sampler but without PAD
        (the benchmark's baseline); its results carry no receipt.
        """
        max_new = self.max_new_tokens if max_new_tokens is None else max_new_tokens
        encoded = self.encode(prompts, max_new)
        seed_list = _seed_list(len(encoded), seed, seeds)
        results: list[PADResult | None] = [None] * len(encoded)
        order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))  # less padding

        def work() -> None:
            for start in range(0, len(order), self.batch_size):
                idx = order[start : start + self.batch_size]
                batch = self._run([encoded[i] for i in idx], [seed_list[i] for i in idx], max_new, stop, config, plain)
                for i, res in zip(idx, batch, strict=True):
                    results[i] = res

        run_on_worker(work, self.num_threads)
        return [r for r in results if r is not None]

    def stream(
        self,
        prompt: str,
        *,
        seed: int | None = None,
        max_new_tokens: int | None = None,
        stop: Sequence[str] | None = None,
        config: PADConfig | None = None,
    ) -> Iterator[PADChunk]:
        """Yield text pieces as they are decoded; the last chunk has ``result``.

        The pieces join to exactly ``generate([prompt], seed=seed)[0].text``.
        """
        max_new = self.max_new_tokens if max_new_tokens is None else max_new_tokens
        encoded = self.encode([prompt], max_new)
        seeds = _seed_list(1, seed, None)
        streamer = _QueueStreamer()
        worker = start_worker(
            lambda: self._run(encoded, seeds, max_new, stop, config, False, streamer)[0], self.num_threads, streamer.end
        )
        ids: list[int] = []
        emitted = ""
        hold = max((len(s) for s in stop or ()), default=1) - 1
        while True:
            item = streamer.q.get()
            if item is None:
                break
            ids.extend(item)
            text = _cut_at_stop(self.tokenizer.decode(ids, skip_special_tokens=True), stop)
            safe = text[: len(text) - hold] if hold else text
            safe = safe.rstrip("\ufffd")
            if len(safe) > len(emitted) and safe.startswith(emitted):
                yield PADChunk(safe[len(emitted) :])
                emitted = safe
        result: PADResult = worker.wait()
        if result.text.startswith(emitted) and len(result.text) > len(emitted):
            yield PADChunk(result.text[len(emitted) :])
        yield PADChunk("", result)

    def _guards(self, batch_ids: list[list[int]]) -> list[Any]:
        """PII copy guards for the prompts (detector loaded once per generator)."""
        if self._guard is None:
            from privrag.pad.guard import PIICopyGuard

            self._guard = PIICopyGuard(self.tokenizer, self.detector)
        return self._guard.for_prompts([self.tokenizer.decode(ids, skip_special_tokens=True) for ids in batch_ids])

    def _run(
        self,
        batch_ids: list[list[int]],
        seeds: list[int],
        max_new: int,
        stop: Sequence[str] | None,
        config: PADConfig | None,
        plain: bool,
        streamer: Any = None,
    ) -> list[PADResult]:
        width = max(len(ids) for ids in batch_ids)
        device = _model_device(self.model)
        input_ids = torch.tensor([[self.pad_id] * (width - len(i)) + i for i in batch_ids], device=device)
        mask = torch.tensor([[0] * (width - len(i)) + [1] * len(i) for i in batch_ids], device=device)
        processors: list[Any] = []
        pad_proc = None
        if not plain:
            cfg = config or self.config
            guards = self._guards(batch_ids) if cfg.pii_guard and cfg.static_sigma is None else None
            pad_proc = PADLogitsProcessor(cfg, seeds=seeds, eos_token_id=self.eos_ids, guards=guards)
            processors.append(pad_proc)
        processors.append(SeededSampler(seeds=seeds))
        stops = _StopStrings(self.tokenizer, width, stop) if stop else None
        from transformers import LogitsProcessorList, StoppingCriteriaList

        with torch.inference_mode():
            out = self.model.generate(
                input_ids=input_ids,
                attention_mask=mask,
                max_new_tokens=max_new,
                do_sample=False,
                logits_processor=LogitsProcessorList(processors),
                stopping_criteria=StoppingCriteriaList([stops]) if stops else None,
                eos_token_id=self.eos_ids,
                pad_token_id=self.pad_id,
                streamer=streamer,
            )
        gen = out[:, width:].tolist()
        lengths, reasons = [], []
        for row, ids in enumerate(gen):
            n = next((k + 1 for k, tok in enumerate(ids) if tok in self.eos_ids), None)
            n, reason = (len(ids), "length") if n is None else (n, "stop")
            if stops is not None and row in stops.hit_at and stops.hit_at[row] <= n:
                n, reason = stops.hit_at[row], "stop"
            lengths.append(n)
            reasons.append(reason)
        receipts = pad_proc.receipts(lengths) if pad_proc is not None else [None] * len(gen)
        results = []
        for row, ids in enumerate(gen):
            kept = ids[: lengths[row]]
            text = _cut_at_stop(self.tokenizer.decode(kept, skip_special_tokens=True), stop)
            results.append(PADResult(text, receipts[row], kept, batch_ids[row], reasons[row], seeds[row]))
        return results


# -- helpers -----------------------------------------------------------------
def _check_max_new(n: int) -> None:
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"max_new_tokens must be a positive integer, got {n!r}")


def _seed_list(n: int, seed: int | None, seeds: Sequence[int] | None) -> list[int]:
    if seeds is not None:
        if len(seeds) != n:
            raise ValueError(f"got {len(seeds)} seeds for {n} prompts")
        return [int(s) for s in seeds]
    if seed is None:
        import secrets

        seed = secrets.randbits(62)
    return [int(seed) + i for i in range(n)]


def _eos_ids(model: Any, tokenizer: Any) -> list[int]:
    ids: list[int] = []
    gc = getattr(model, "generation_config", None)
    for value in (getattr(gc, "eos_token_id", None), getattr(tokenizer, "eos_token_id", None)):
        if value is None:
            continue
        for v in value if isinstance(value, (list, tuple)) else [value]:
            if int(v) not in ids:
                ids.append(int(v))
    if not ids:
        raise ValueError("the model defines no EOS token; pass a generation_config with eos_token_id")
    return ids


def _model_device(model: Any) -> torch.device:
    dev = getattr(model, "device", None)
    if isinstance(dev, torch.device):
        return dev
    return next(model.parameters()).device


def _cut_at_stop(text: str, stop: Sequence[str] | None) -> str:
    if not stop:
        return text
    cut = min((text.find(s) for s in stop if s and s in text), default=-1)
    return text[:cut] if cut >= 0 else text
