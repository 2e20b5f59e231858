"""The keep span: what must survive protection, where, and why."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["KeepSpan"]


@dataclass(frozen=True, order=True)
class KeepSpan:
    """A span that must survive verbatim, and why (offsets into the analysed text)."""

    start: int
    end: int
    why: str
    text: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"start": self.start, "end": self.end, "why": self.why}
