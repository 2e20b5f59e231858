"""Where and with how many torch threads PAD decodes.

Why this module exists: ``invoke``/``generate``/``complete`` used to decode
on the caller's thread and ``stream`` on a worker thread, and on a machine
whose cores are shared the first was 5–8× slower for the same tokens. The
cause is OpenMP, not PAD: PyTorch's libgomp team spin-waits between the
~20 small kernels of every decoding step, and on 2 busy cores the spinning
helper thread takes the core the working thread needs (measured on 2 shared
cores, 32 tokens of SmolLM2: 15–54 s with 2 threads, 4–6 s with 1;
``GOMP_SPINCOUNT=1000`` gives the same 5 s, which confirms the cause —
``stream`` was only fast because its extra thread made libgomp throttle the
spinning). A 135M model decoding one token per step gains little from
intra-op threads even on a quiet machine, so PAD decodes every call — batch
or stream — on a worker thread with ``num_threads`` torch threads (default
1; ``None`` keeps torch's setting). One path for every entry point means the
same speed for the same tokens; ``privrag bench pad-speed`` measures it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

__all__ = ["Worker", "check_num_threads", "run_on_worker", "start_worker", "torch_threads"]

_LOCK = threading.Lock()
_ACTIVE = 0
_SAVED: int | None = None


def check_num_threads(n: int | None) -> int | None:
    """``n`` if it is a positive integer or ``None``; ``ValueError`` otherwise."""
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise ValueError(f"num_threads must be a positive integer or None, got {n!r}")
    return n


@contextmanager
def torch_threads(n: int | None) -> Iterator[None]:
    """Decode with ``n`` intra-op threads on the current thread; ``None`` = unchanged.

    ``torch.set_num_threads`` sets the calling thread's OpenMP/MKL count and a
    process-wide default that threads read when they first run an op; the
    default is put back when the last concurrent PAD call ends, so the
    caller's own threads keep their setting.
    """
    global _ACTIVE, _SAVED
    if check_num_threads(n) is None:
        yield
        return
    with _LOCK:
        if _ACTIVE == 0:
            _SAVED = torch.get_num_threads()
        _ACTIVE += 1
    torch.set_num_threads(n)
    try:
        yield
    finally:
        with _LOCK:
            _ACTIVE -= 1
            if _ACTIVE == 0 and _SAVED is not None:
                torch.set_num_threads(_SAVED)


@dataclass
class Worker:
    """A started decoding thread; :meth:`wait` joins it and re-raises its error."""

    thread: threading.Thread
    box: dict[str, Any] = field(default_factory=dict)

    def wait(self) -> Any:
        self.thread.join()
        if "error" in self.box:
            raise self.box["error"]
        return self.box.get("value")


def start_worker(fn: Callable[[], Any], num_threads: int | None, on_error: Callable[[], None] | None = None) -> Worker:
    """Run ``fn`` on a fresh daemon thread with ``num_threads`` torch threads.

    ``on_error`` runs on the worker after ``fn`` raised (the streamer uses it
    to wake the consumer); the error itself is re-raised by :meth:`Worker.wait`.
    """
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            with torch_threads(num_threads):
                box["value"] = fn()
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc
            if on_error is not None:
                on_error()

    thread = threading.Thread(target=work, name="pad-generate", daemon=True)
    thread.start()
    return Worker(thread, box)


def run_on_worker(fn: Callable[[], Any], num_threads: int | None) -> Any:
    """``fn()`` run on a decoding worker thread (see the module docstring for why)."""
    return start_worker(fn, num_threads).wait()
