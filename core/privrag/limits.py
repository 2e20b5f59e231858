"""How much text one technique protects in one call: a limit, and a clear error beyond it.

Every technique runs in time linear in the text's length, but a 50 MB log
pasted into a prompt still takes many minutes of detection and a great deal
of memory; worse, a caller who expected a fast answer may kill the process
and retry, or fall back to sending the text unprotected. So each technique
(redaction, TRIP-RAG, PA-HDP, SEAG, the CLI) refuses a text over its limit up
front with :class:`TextTooLongError` — a :class:`~privrag.types.PrivacyError`
that names the limit and how to raise it — before any work, so there is
never partial output.

The limit is, in order: the technique's ``max_chars`` argument, the
``PRIVRAG_MAX_CHARS`` environment variable, :data:`DEFAULT_MAX_CHARS`
(5,000,000 characters: about 2,500 pages; a 2 MB text is protected by
redaction in minutes on two cores). ``0`` or a negative value is refused as a
setting, not read as "no limit".
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from privrag.types import PrivacyError

__all__ = ["DEFAULT_MAX_CHARS", "ENV_VAR", "TextTooLongError", "resolve_max_chars", "check_text_sizes"]

DEFAULT_MAX_CHARS = 5_000_000
ENV_VAR = "PRIVRAG_MAX_CHARS"


class TextTooLongError(PrivacyError):
    """A text over a technique's size limit; nothing was protected. The message holds sizes only."""

    def __init__(self, technique: str, length: int, limit: int, setting: str = f"max_chars=… or {ENV_VAR}") -> None:
        self.technique = technique
        self.length = length
        self.limit = limit
        super().__init__(
            f"{technique}: a text of {length:,} characters is over the limit of {limit:,}; nothing was "
            f"protected. Split the text, or raise the limit with {setting}."
        )


def resolve_max_chars(max_chars: int | None = None) -> int:
    """The limit in force: ``max_chars``, else ``PRIVRAG_MAX_CHARS``, else the default."""
    if max_chars is None:
        raw = os.environ.get(ENV_VAR, "").strip().replace("_", "")
        if not raw:
            return DEFAULT_MAX_CHARS
        try:
            max_chars = int(raw)
        except ValueError:
            raise ValueError(f"{ENV_VAR} must be a whole number of characters, not {raw!r}") from None
    if isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars <= 0:
        raise ValueError(f"max_chars must be a positive whole number of characters, not {max_chars!r}")
    return max_chars


def check_text_sizes(texts: Iterable[object], limit: int, technique: str, setting: str | None = None) -> None:
    """Raise :class:`TextTooLongError` for the first text over ``limit`` (non-strings are left
    to the technique's own validation); ``setting`` says how to raise the limit."""
    for t in texts:
        if isinstance(t, str) and len(t) > limit:
            if setting is None:
                raise TextTooLongError(technique, len(t), limit)
            raise TextTooLongError(technique, len(t), limit, setting)
