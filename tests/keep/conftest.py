"""Shared fixtures of the keep tests."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder


@pytest.fixture(scope="module")
def finder() -> KeepFinder:
    """The default keep finder (vocabularies load once per process, cached)."""
    return KeepFinder()
