"""start_ray: a Ray started here runs lean; a cluster joined by address keeps its own settings."""

from __future__ import annotations

from typing import Any

import pytest

from privrag.scale import dataset


class _RecordingRay:
    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)


@pytest.fixture()
def ray(monkeypatch: pytest.MonkeyPatch) -> _RecordingRay:
    fake = _RecordingRay()
    monkeypatch.setattr(dataset, "ray_module", lambda: fake)
    return fake


def test_local_ray_turns_off_metrics_task_events_and_prestart(ray):
    assert dataset.start_ray(num_cpus=2) is True
    cfg = ray.calls[0]["_system_config"]
    assert cfg == dataset.LOCAL_SYSTEM_CONFIG
    assert ray.calls[0]["include_dashboard"] is False


def test_callers_system_config_wins_over_the_lean_defaults(ray):
    dataset.start_ray(num_cpus=2, _system_config={"enable_worker_prestart": True})
    cfg = ray.calls[0]["_system_config"]
    assert cfg["enable_worker_prestart"] is True
    assert cfg["enable_metrics_collection"] is False


def test_joining_a_cluster_sends_no_system_config(ray):
    dataset.start_ray(address="ray://head:10001")
    assert "_system_config" not in ray.calls[0]
    assert ray.calls[0]["address"] == "ray://head:10001"
