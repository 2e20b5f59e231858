"""The default detector every technique uses when none is given.

Built once per process (models load once). Until the calibrated composite
of GLiNER + identifier recognizers + Presidio lands, the default is
Presidio on the packaged spaCy model.
"""

from __future__ import annotations

import threading

from privrag.detect.base import EntityDetector

__all__ = ["default_detector"]

_LOCK = threading.Lock()
_DEFAULT: EntityDetector | None = None


def default_detector() -> EntityDetector:
    """The process-wide default detector (built on first use)."""
    global _DEFAULT
    with _LOCK:
        if _DEFAULT is None:
            from privrag.detect.presidio import PresidioDetector

            _DEFAULT = PresidioDetector()
        return _DEFAULT
