"""Shared value types: spans, entities, receipts and the one error privrag raises.

Everything here is a plain dataclass so results can be logged, serialised to
JSON (``to_dict``) and compared in tests without any framework installed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "PrivacyError",
    "DetectedEntity",
    "Span",
    "Entity",
    "PrivacyReceipt",
    "ProtectedText",
]


class PrivacyError(RuntimeError):
    """Raised instead of letting unprotected text travel onward.

    Every component fails closed: when detection, aliasing or accounting
    cannot be completed, the caller gets this error and never the raw text.
    """


@dataclass(frozen=True, order=True)
class DetectedEntity:
    """One detected mention: character offsets into the analysed text.

    ``start``/``end`` follow Python slicing (``text[start:end] == self.text``).
    ``source`` names the detector that produced it (``presidio``, ``gliner``,
    ``spacy``, a recognizer name, …) so composite results stay explainable.
    """

    start: int
    end: int
    label: str
    text: str = field(compare=False)
    score: float = field(default=1.0, compare=False)
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid span [{self.start}, {self.end})")

    @property
    def length(self) -> int:
        return self.end - self.start

    def overlaps(self, other: DetectedEntity) -> bool:
        return self.start < other.end and other.start < self.end

    def shifted(self, offset: int) -> DetectedEntity:
        return DetectedEntity(
            self.start + offset, self.end + offset, self.label, self.text, self.score, self.source
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: Detectors return spans; the name used across the code base.
Span = DetectedEntity


@dataclass
class Entity:
    """A group of mentions that refer to the same real-world thing.

    Later techniques decide per entity (mask it or keep it, one alias for it)
    and then act on every mention, so "Mrs Anna Christou", "Christou" and
    "Anna Christou's" must end up in one group.
    """

    entity_id: int
    label: str
    mentions: list[DetectedEntity]

    @property
    def canonical(self) -> str:
        """The longest surface form: the most informative name of the entity."""
        return max((m.text for m in self.mentions), key=len)

    @property
    def surface_forms(self) -> list[str]:
        return sorted({m.text for m in self.mentions}, key=lambda s: (-len(s), s))


@dataclass
class PrivacyReceipt:
    """What one protection step did, for the privacy officer.

    ``epsilon``/``delta`` are ``None`` for mechanisms that are not
    differentially private (redaction, aliasing): the receipt then says so
    instead of pretending a number. ``protected`` holds counts per label,
    never an original string.
    """

    mechanism: str
    epsilon: float | None = None
    delta: float | None = None
    protected: dict[str, int] = field(default_factory=dict)
    counts: dict[str, Any] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def is_dp(self) -> bool:
        return self.epsilon is not None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ProtectedText:
    """Result of transforming one text: the safe text plus how it got there.

    ``masked_spans`` are offsets into the *original* text so anyone can score
    the output independently of privrag.
    """

    text: str
    masked_spans: list[DetectedEntity]
    receipt: PrivacyReceipt
    entities: list[Entity] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        return {
            "masked_spans": [[s.start, s.end, s.label] for s in self.masked_spans],
            "receipt": self.receipt.to_dict(),
        }
