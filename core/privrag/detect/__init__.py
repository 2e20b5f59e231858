"""Finding sensitive spans: protocol, detectors, overlap resolution, grouping.

Heavy models load lazily: importing this package imports no model library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from privrag.detect.base import BaseDetector, EntityDetector
from privrag.detect.composite import CompositeDetector
from privrag.detect.default import default_detector
from privrag.detect.grouping import group_entities, normalize_surface
from privrag.detect.overlap import resolve_overlaps

if TYPE_CHECKING:
    from privrag.detect.gliner import GLiNERDetector
    from privrag.detect.presidio import PresidioDetector

__all__ = [
    "BaseDetector",
    "CompositeDetector",
    "EntityDetector",
    "GLiNERDetector",
    "PresidioDetector",
    "default_detector",
    "group_entities",
    "normalize_surface",
    "resolve_overlaps",
]

_LAZY = {
    "PresidioDetector": "privrag.detect.presidio",
    "GLiNERDetector": "privrag.detect.gliner",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(name)
