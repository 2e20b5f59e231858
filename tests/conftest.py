"""Shared fixtures.

* Models load once per test session (session-scoped fixtures).
* Tests that read ``../shared/data`` use ``require_data``: on a machine without
  the data they skip with the reason, but under CI (``CI=true``) a missing data
  folder is a failure, never a silent skip.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _data_dir() -> Path:
    from privrag.eval.datasets import default_data_dir

    return default_data_dir()


@pytest.fixture(scope="session")
def require_data() -> Path:
    """The evaluation data folder; skip locally without it, fail under CI."""
    path = _data_dir()
    if not (path / "tab" / "entity_tab_144.jsonl").exists():
        msg = f"evaluation data not found at {path} (set PRIVRAG_DATA)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(msg + " — required under CI", pytrace=False)
        pytest.skip(msg)
    return path


@pytest.fixture(scope="session")
def presidio_detector():
    from privrag.detect import PresidioDetector

    return PresidioDetector()


@pytest.fixture(scope="session")
def default_detector():
    from privrag.detect import default_detector

    return default_detector()


@pytest.fixture(scope="session")
def embedder():
    from privrag.embed import default_embedder

    return default_embedder()
