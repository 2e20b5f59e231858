"""Every PAD call decodes on a worker thread with the configured torch threads,
and the caller's thread keeps its own setting (issue 20: invoke was 5–8× slower
than stream because it decoded on the caller's spinning OpenMP team)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import torch

from privrag.pad.threads import check_num_threads, run_on_worker, start_worker, torch_threads


def _seen() -> tuple[str, int]:
    return threading.current_thread().name, torch.get_num_threads()


def _fresh_thread_default() -> int:
    """The count a thread that never set its own reads: torch's process default.

    Compared with itself before and after, not with the caller's count: an
    earlier test may have set the main thread's count without the default.
    """
    box: list[int] = []
    t = threading.Thread(target=lambda: box.append(torch.get_num_threads()))
    t.start()
    t.join()
    return box[0]


def test_run_on_worker_uses_its_thread_count_and_leaves_the_caller_alone():
    before = torch.get_num_threads()
    default = _fresh_thread_default()
    name, n = run_on_worker(_seen, 1)
    assert name == "pad-generate" and n == 1
    assert threading.current_thread().name != "pad-generate"
    assert torch.get_num_threads() == before
    assert run_on_worker(lambda: threading.current_thread().name, 1) == "pad-generate"
    # a thread started after the call reads the process default: restored too
    assert run_on_worker(torch.get_num_threads, None) == default


def test_concurrent_calls_restore_the_default_once_the_last_ends():
    default = _fresh_thread_default()
    gate = threading.Barrier(4)

    def call(_: int) -> int:
        def fn() -> int:
            gate.wait(timeout=10)
            return torch.get_num_threads()

        return run_on_worker(fn, 1)

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(call, range(4))) == [1, 1, 1, 1]
    assert run_on_worker(torch.get_num_threads, None) == default


def test_worker_errors_reach_the_caller_and_wake_the_consumer():
    woken: list[bool] = []
    default = _fresh_thread_default()

    def boom() -> None:
        raise RuntimeError("decoding failed")

    worker = start_worker(boom, 1, lambda: woken.append(True))
    with pytest.raises(RuntimeError, match="decoding failed"):
        worker.wait()
    assert woken == [True]
    assert run_on_worker(torch.get_num_threads, None) == default


@pytest.mark.parametrize("bad", [0, -2, 1.5, True, "2"])
def test_bad_thread_counts_are_refused(bad):
    with pytest.raises(ValueError, match="num_threads"):
        check_num_threads(bad)
    with pytest.raises(ValueError, match="num_threads"):
        with torch_threads(bad):
            pass


@pytest.mark.integration
def test_generate_and_stream_both_decode_on_the_worker(pad_generator, monkeypatch):
    seen: list[tuple[str, int]] = []
    real_run = pad_generator._run

    def spy(*args, **kwargs):
        seen.append(_seen())
        return real_run(*args, **kwargs)

    monkeypatch.setattr(pad_generator, "_run", spy)
    prompt = "Context:\nThe office is in Leeds.\n\nWhere is the office?"
    full = pad_generator.generate([prompt], seed=4)[0]
    chunks = list(pad_generator.stream(prompt, seed=4))
    assert seen == [("pad-generate", 1), ("pad-generate", 1)]
    assert "".join(c.text for c in chunks) == full.text
    assert chunks[-1].result.receipt == full.receipt
