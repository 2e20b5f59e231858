"""The Ray scale-out recipe runs top to bottom on a real local Ray and the default models."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

COOKBOOK = Path(__file__).resolve().parents[2] / "cookbook"
DATA = COOKBOOK / "data"


def test_ray_recipe_protects_then_indexes_in_both_frameworks(capsys):
    import ray

    if ray.is_initialized():
        ray.shutdown()
    runpy.run_path(str(COOKBOOK / "ray_scale_out.py"), run_name="__main__")
    out = capsys.readouterr().out
    n = len(list(DATA.glob("*.txt")))
    assert f"{n} documents protected, 0 failed" in out
    lc = [line for line in out.splitlines() if line.startswith("- ")]
    li = [line for line in out.splitlines() if line.startswith("* ")]
    assert len(lc) == 2 and len(li) == 2
    assert not any(re.search(r"[\w.]+@[\w.]+", h) for h in lc + li)  # e-mails never reach an index
    assert not ray.is_initialized()  # the recipe shut down the Ray it started
