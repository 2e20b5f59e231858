"""The SEAG recipes run top to bottom offline on the default models."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

COOKBOOK = Path(__file__).resolve().parents[2] / "cookbook"


@pytest.mark.parametrize("recipe", ["langchain_seag.py", "llamaindex_seag.py"])
def test_recipe_runs(recipe, capsys):
    runpy.run_path(str(COOKBOOK / recipe), run_name="__main__")
    out = capsys.readouterr().out
    assert "What the external model received" in out and "Restored answer" in out
    received = out.split("Restored answer")[0]
    # the notes' patient names never reach the "external" model
    for name in ("John Smith", "Maria Lopez"):
        assert name not in received
