"""The PA-HDP cookbook recipes run top to bottom, offline, on the default models."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

COOKBOOK = Path(__file__).resolve().parents[2] / "cookbook"
SECRETS = ("John Smith", "Maria Lopez", "0113 496 0782")


@pytest.mark.parametrize("recipe", ["langchain_pa_hdp.py", "llamaindex_pa_hdp.py"])
def test_recipe_runs(recipe, capsys):
    runpy.run_path(str(COOKBOOK / recipe), run_name="__main__")
    out = capsys.readouterr().out
    assert out.count("question: ") == 2 and "epsilon" in out
    attack = out.split("question: I want some advice")[1]
    for secret in SECRETS:  # the extraction attempt never sees the note's identifiers
        assert secret not in attack, secret
