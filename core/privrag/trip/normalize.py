"""F_norm and the calibration file it is stored in, together with τ.

The paper normalises S_knw and S_retr with a "robust normalization". Fitted
per document, the same raw value would map to different scores in different
documents and τ would mean something else in each. Here F_norm is fitted
once, on calibration data: ``z = (x − median) / IQR``, then squashed with a
logistic so scores live in [0, 1]; the parameters travel in one JSON file
with τ and the Ψ weights, so a threshold is never separated from the scale
it was chosen on.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["RobustNorm", "TripCalibration", "load_default_calibration", "DEFAULT_CALIBRATION", "S_PRIV_SOURCES"]

#: the shipped calibration (package data)
DEFAULT_CALIBRATION = "calibration.json"

#: how S_priv is computed: the token head on the chunk's own encoder pass with
#: the entity's tokens left out of the sum ("masked pooling", one pass), the
#: token head on the generalized variants, or the sentence head on the variants
S_PRIV_SOURCES = ("tokens_pooled", "tokens_variants", "sentence")


@dataclass(frozen=True)
class RobustNorm:
    """``F_norm(x) = sigmoid(slope · (x − median) / iqr)``.

    With the default slope 2 the calibration data's quartiles map to about
    0.27 and 0.73, leaving room at both ends for unusual documents.
    """

    median: float = 0.0
    iqr: float = 1.0
    slope: float = 2.0

    @classmethod
    def fit(cls, values: np.ndarray | list[float], slope: float = 2.0) -> RobustNorm:
        x = np.asarray(values, dtype=np.float64)
        x = x[np.isfinite(x)]
        if x.size == 0:
            raise ValueError("cannot fit F_norm on no values")
        q1, med, q3 = np.percentile(x, [25, 50, 75])
        iqr = float(q3 - q1)
        if iqr <= 1e-9:  # degenerate data: fall back to the spread of all values
            iqr = float(np.std(x)) or 1.0
        return cls(median=float(med), iqr=iqr, slope=float(slope))

    def __call__(self, x: np.ndarray | float) -> np.ndarray:
        z = self.slope * (np.asarray(x, dtype=np.float64) - self.median) / self.iqr
        return 1.0 / (1.0 + np.exp(-np.clip(z, -50.0, 50.0)))


@dataclass
class TripCalibration:
    """Everything τ depends on: Ψ weights, F_norm parameters, τ itself.

    ``s_priv_scale`` records on which scale S_priv was computed when τ was
    chosen ("mass": difference of the surrogate's risk mass, "prob": the
    difference of f_priv ∈ [0, 1]); ``s_priv_source`` which head and which
    form of Π_e (see :data:`S_PRIV_SOURCES`); ``meta`` says how and on what
    data τ was chosen (split, target), for the receipt and the curious.
    """

    tau: float = 0.5
    alpha: float = 1.0
    beta: float = 0.5
    gamma: float = 0.4
    knw: RobustNorm = field(default_factory=RobustNorm)
    retr: RobustNorm = field(default_factory=RobustNorm)
    s_priv_scale: str = "mass"
    s_priv_source: str = "tokens_pooled"
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TripCalibration:
        d = dict(data)
        d["knw"] = RobustNorm(**d.get("knw", {}))
        d["retr"] = RobustNorm(**d.get("retr", {}))
        known = {f for f in cls.__dataclass_fields__}
        cal = cls(**{k: v for k, v in d.items() if k in known})
        if not math.isfinite(cal.tau):
            raise ValueError("calibration τ must be finite")
        if cal.s_priv_scale not in ("mass", "prob"):
            raise ValueError(f"unknown s_priv_scale {cal.s_priv_scale!r}")
        if cal.s_priv_source not in S_PRIV_SOURCES:
            raise ValueError(f"unknown s_priv_source {cal.s_priv_source!r}; choose from {S_PRIV_SOURCES}")
        return cal

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> TripCalibration:
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


def asset_path(name: str) -> Path:
    """Path of a shipped TRIP-RAG asset (``privrag/assets/trip/NAME``)."""
    return Path(str(resources.files("privrag").joinpath("assets", "trip", name)))


def load_default_calibration() -> TripCalibration:
    """The calibration shipped with the package (τ chosen on TAB dev).

    Without a shipped file (a fresh checkout before calibration) the neutral
    defaults apply and ``meta["calibrated"]`` is False.
    """
    path = asset_path(DEFAULT_CALIBRATION)
    if not path.exists():
        return TripCalibration(meta={"calibrated": False})
    return TripCalibration.load(path)
