"""A small real Ray for the scale tests: 2 CPUs, no dashboard, a private temp
dir, a small object store; started once per module and shut down after."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ray_local():
    import ray

    from privrag.scale.dataset import worker_env

    if ray.is_initialized():  # another module's Ray: start clean
        ray.shutdown()
    tmp = tempfile.mkdtemp(prefix="privrag-ray-")
    ray.init(num_cpus=2, include_dashboard=False, _temp_dir=tmp, object_store_memory=150 * 1024**2,
             log_to_driver=False, logging_level="WARNING",
             runtime_env={"env_vars": {**worker_env(), "PYTHONPATH": str(REPO)}})
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    yield ray
    ray.shutdown()
