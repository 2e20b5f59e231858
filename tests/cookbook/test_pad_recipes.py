"""The PAD cookbook recipes run top to bottom, offline, on the default model."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

COOKBOOK = Path(__file__).resolve().parents[2] / "cookbook"


@pytest.mark.parametrize("recipe", ["langchain_pad.py", "llamaindex_pad.py", "transformers_pad_pipeline.py"])
def test_recipe_runs(recipe, capsys):
    runpy.run_path(str(COOKBOOK / recipe), run_name="__main__")
    out = capsys.readouterr().out
    assert "answer:" in out
    assert "epsilon" in out and "gamma" in out
