"""Offline default models: each comes from a package and loads without a hub."""

from pathlib import Path

import pytest

from privrag import models


def test_minilm_ships_inside_its_package():
    path = Path(models.minilm_path())
    assert (path / "config.json").exists()
    assert models.resolve_embedding_model(None) == str(path)
    assert models.resolve_embedding_model("/some/dir") == "/some/dir"


def test_smollm2_gguf_found_without_importing_llm_cli():
    gguf = models.smollm2_gguf_path()
    assert gguf.suffix == ".gguf" and gguf.stat().st_size > 50_000_000


def test_cache_dir_is_env_overridable(tmp_path, monkeypatch):
    monkeypatch.setenv("PRIVRAG_CACHE", str(tmp_path / "c"))
    assert models.cache_dir() == tmp_path / "c" and (tmp_path / "c").is_dir()


@pytest.mark.integration
def test_presidio_analyzer_is_built_once_offline():
    a = models.presidio_analyzer()
    assert a is models.presidio_analyzer()
    assert a.analyze("Contact john.smith@example.com", language="en")


@pytest.mark.integration
def test_local_directory_goes_through_from_pretrained(tmp_path):
    """The hub-id code path (from_pretrained) works on a local directory."""
    st = models.load_sentence_transformer(None)
    target = tmp_path / "minilm-copy"
    st.save(str(target))
    again = models.load_sentence_transformer(str(target))
    assert again.encode(["x"]).shape == (1, 384)
