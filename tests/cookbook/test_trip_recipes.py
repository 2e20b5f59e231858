"""The TRIP-RAG cookbook recipes run top to bottom, offline, on the default models."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

COOKBOOK = Path(__file__).resolve().parents[2] / "cookbook"


@pytest.mark.parametrize("recipe", ["langchain_trip_rag.py", "llamaindex_trip_rag.py"])
def test_recipe_runs(recipe, capsys):
    runpy.run_path(str(COOKBOOK / recipe), run_name="__main__")
    hits = [line for line in capsys.readouterr().out.splitlines() if line.startswith("- ")]
    assert len(hits) == 2
    assert not any(re.search(r"[\w.]+@[\w.]+", h) for h in hits)  # e-mails never reach the index
