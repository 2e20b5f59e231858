"""Protectors that break on purpose inside Ray actors (unit tests only).

Ray workers import these by ``"module:factory"`` (the workers' sys.path holds
the checkout, as the driver's does); state that must survive an actor's
death lives in a marker file, since a restarted actor starts afresh.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Sequence
from pathlib import Path

from privrag.types import PrivacyReceipt, ProtectedText
from tests.fakes import regex_redactor


class RaisesOnce:
    """The first batch call in the run raises (a transient model error); every later call works."""

    def __init__(self, marker: str, **kwargs: object) -> None:
        self.inner = regex_redactor(**kwargs)
        self.marker = Path(marker)

    def protect_batch(self, texts: Sequence[str]) -> list[ProtectedText]:
        if len(texts) > 1 and not self.marker.exists():
            self.marker.write_text("raised")
            raise RuntimeError("transient failure")
        return self.inner.protect_batch(texts)


class KilledOnce:
    """The second batch call in the run kills the actor's process (no cleanup runs):
    an OOM kill or a lost node, which Ray answers by restarting the actor and retrying."""

    def __init__(self, marker: str, **kwargs: object) -> None:
        self.inner = regex_redactor(**kwargs)
        self.marker = Path(marker)
        self.calls = 0

    def protect_batch(self, texts: Sequence[str]) -> list[ProtectedText]:
        self.calls += 1
        if self.calls == 2 and not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os._exit(1)
        return self.inner.protect_batch(texts)


class GroupEcho:
    """Shows how rows reached the method: each text becomes ``group|size of the call|pid``."""

    def protect_batch(self, texts: Sequence[str], groups: Sequence[Hashable | None] | None = None) -> list[ProtectedText]:
        assert groups is not None and len(groups) == len(texts)
        return [ProtectedText(f"{g}|{len(texts)}|{os.getpid()}", [], PrivacyReceipt("echo")) for g in groups]
