"""The alias table of one request: original → alias, with type.

A table is built once per request (question + retrieved texts + system
prompt, see :mod:`privrag.seag.builder`) and then used twice: to alias every
input text, and to restore the generator's answer. It holds the originals, so
it lives in memory for the request only — unless the caller opts into an
encrypted :class:`~privrag.seag.store.ConversationStore`.

Besides the exact surface forms the table also carries their upper-case,
title-case and (for multi-word or non-alphabetic values) lower-case
variants, so "JOHN JORDAN" in a heading is aliased as "MIKE CRUZ" and
restored again. A variant is only added where it is unambiguous in both
directions, which keeps ``restore(alias(x)) == x`` exact.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from privrag.intervals import Containment
from privrag.seag.json_stream import JSONStreamRestorer
from privrag.seag.restore import Replacer, Restorer, StreamingRestorer, fold
from privrag.types import PrivacyError

__all__ = ["AliasEntry", "AliasTable", "AliasedSpan"]


@dataclass(frozen=True)
class AliasEntry:
    """One row: ``original`` is replaced by ``alias`` everywhere.

    ``label`` is the canonical category (PERSON, ORG, DATETIME, …);
    ``entity_id`` groups the rows of one real-world entity ("John",
    "John Jordan", "Mr Jordan"); ``kind`` is ``mention`` for a detected
    surface form, ``part`` for a name part propagated from one, ``extra``
    for a form proposed by an LLM generator and validated against the text.
    """

    original: str
    alias: str
    label: str
    entity_id: int = -1
    kind: str = "mention"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class AliasedSpan:
    """Where an original was replaced: offsets into the *input* text."""

    start: int
    end: int
    original: str
    alias: str


def _variants(original: str, alias: str) -> list[tuple[str, str]]:
    out = [(original, alias)]
    if original.upper() != original:
        out.append((original.upper(), alias.upper()))
    title = original.title()
    if title != original and original.islower():
        out.append((title, alias.title()))
    multiword = " " in original.strip()
    non_alpha = any(not (c.isalpha() or c in " '’-.") for c in original)
    if original.lower() != original and (multiword or non_alpha):
        out.append((original.lower(), alias.lower()))
    return out


@dataclass
class AliasTable:
    """Original → alias mapping for one request (or one stored conversation).

    Key init args:
        entries: the rows; originals must be unique, and two rows whose
            aliases are equal ignoring case must have originals equal
            ignoring case (the builder guarantees this).
        params: per-request value parameters (date offset, amount factors,
            name-part maps) so a conversation store can extend the table
            consistently in a later turn. Never sent anywhere.
    """

    entries: list[AliasEntry] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._alias_cache: dict[str, str] = {}
        self._forward: Replacer | None = None
        self._restorer: Restorer | None = None
        self._index: dict[str, str] | None = None
        seen: set[str] = set()
        for e in self.entries:
            if not e.original or not e.alias:
                raise ValueError("alias table rows need a non-empty original and alias")
            if e.original in seen:
                raise ValueError(f"duplicate original in alias table (label {e.label})")
            if not isinstance(e.original, str) or not isinstance(e.alias, str):
                raise ValueError("alias table rows hold strings")
            seen.add(e.original)

    # -- views ------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    @property
    def mapping(self) -> dict[str, str]:
        """``{original: alias}`` for the exact surface forms (a copy)."""
        return dict(self._by_original())

    def _by_original(self) -> dict[str, str]:
        with self._lock:
            if self._index is None:
                self._index = {e.original: e.alias for e in self.entries}
            return self._index

    @property
    def originals(self) -> list[str]:
        return [e.original for e in self.entries]

    @property
    def aliases(self) -> list[str]:
        return [e.alias for e in self.entries]

    def alias_of(self, original: str) -> str | None:
        return self._by_original().get(original)

    def has_original(self, original: str) -> bool:
        return original in self._by_original()

    def summary(self) -> dict[str, Any]:
        """String-free description (counts per label) safe for traces and receipts."""
        labels = Counter(e.label for e in self.entries)
        return {
            "entries": len(self.entries),
            "entities": len({e.entity_id for e in self.entries}),
            "labels": dict(sorted(labels.items())),
        }

    # -- compiled matchers ---------------------------------------------------
    def _pairs(self) -> tuple[dict[str, str], dict[str, str]]:
        forward: dict[str, str] = {}
        reverse: dict[str, str] = {}
        # exact rows first so they always win a clash with a variant
        for e in self.entries:
            forward[e.original] = e.alias
            reverse.setdefault(e.alias, e.original)
        taken_fwd = {fold(k) for k in forward}
        for e in self.entries:
            for o, a in _variants(e.original, e.alias)[1:]:
                if o in forward or a in reverse:
                    continue
                if fold(o) in taken_fwd and fold(o) != fold(e.original):
                    continue
                forward[o] = a
                reverse[a] = o
        return forward, reverse

    def _compiled(self) -> tuple[Replacer, Restorer]:
        with self._lock:
            if self._forward is None or self._restorer is None:
                fwd, rev = self._pairs()
                self._forward = Replacer(fwd)
                self._restorer = Restorer(rev)
            return self._forward, self._restorer

    # -- use ------------------------------------------------------------------
    def alias(self, text: str) -> str:
        """Replace every original (and its case variants) in ``text``."""
        hit = self._alias_cache.get(text)
        if hit is not None:
            return hit
        try:
            out = self._compiled()[0].sub(text)
        except Exception as exc:  # fail closed, the text is not sent
            raise PrivacyError(f"aliasing failed ({type(exc).__name__})") from exc
        self._remember_alias(text, out)
        return out

    def _remember_alias(self, text: str, aliased: str) -> None:
        # a request aliases its inputs more than once (verify, send); keep a few
        if len(self._alias_cache) > 64:
            self._alias_cache.clear()
        self._alias_cache[text] = aliased

    def alias_spans(self, text: str, keep: Sequence[tuple[int, int]] = ()) -> list[AliasedSpan]:
        """Offsets in ``text`` that :meth:`alias` (or :meth:`alias_outside` with ``keep``) replaces."""
        fwd = self._compiled()[0]
        kept = Containment(keep)
        return [AliasedSpan(s, e, text[s:e], r) for s, e, r in fwd.finditer(text) if not kept.covers(s, e)]

    def alias_outside(self, text: str, keep: Sequence[tuple[int, int]]) -> str:
        """:meth:`alias`, except for matches wholly inside ``keep``: a term the answer needs
        ("routine antenatal anti-D") is not rewritten because a row for another mention of
        its word ("Antenatal" of a heading read as a name) replaces that word everywhere."""
        if not keep:
            return self.alias(text)
        try:
            out, pos = [], 0
            for span in self.alias_spans(text, keep):
                out.append(text[pos : span.start])
                out.append(span.alias)
                pos = span.end
            out.append(text[pos:])
        except Exception as exc:  # fail closed, the text is not sent
            raise PrivacyError(f"aliasing failed ({type(exc).__name__})") from exc
        return "".join(out)

    def restore(self, text: str) -> str:
        """Aliases in a generated text → originals (case-tolerant, longest first)."""
        try:
            return self._compiled()[1].restore(text)
        except Exception as exc:
            raise PrivacyError(f"restoring failed ({type(exc).__name__})") from exc

    def streaming_restorer(self) -> StreamingRestorer:
        return self._compiled()[1].stream()

    def json_streaming_restorer(self) -> JSONStreamRestorer:
        """Restorer for streamed JSON text (tool-call arguments): every string is
        decoded, restored like :meth:`restore` and written back JSON-escaped."""
        return JSONStreamRestorer(self._compiled()[1])

    def contains_alias(self, text: str) -> bool:
        return self._compiled()[1].contains_any(text)

    def restore_value(self, value: Any) -> Any:
        """Restore every string inside nested dicts/lists (tool-call arguments)."""
        if isinstance(value, str):
            return self.restore(value)
        if isinstance(value, Mapping):
            return {k: self.restore_value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.restore_value(v) for v in value)
        return value

    def alias_value(self, value: Any) -> Any:
        """Alias every string inside nested dicts/lists (tool-call arguments in history)."""
        if isinstance(value, str):
            return self.alias(value)
        if isinstance(value, Mapping):
            return {k: self.alias_value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.alias_value(v) for v in value)
        return value

    # -- (de)serialisation ----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"entries": [e.to_dict() for e in self.entries], "params": self.params}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AliasTable:
        return cls(
            entries=[AliasEntry(**e) for e in data.get("entries", [])],
            params=dict(data.get("params", {})),
        )

    def extended(self, entries: Iterable[AliasEntry], params: Mapping[str, Any] | None = None) -> AliasTable:
        """A new table with more rows (existing rows win on a clash)."""
        have = {e.original for e in self.entries}
        rows = list(self.entries) + [e for e in entries if e.original not in have]
        return AliasTable(rows, {**self.params, **(params or {})})

    def clear(self) -> None:
        """Forget every row, parameter and compiled matcher (the originals leave memory with them)."""
        with self._lock:
            self.entries = []
            self.params = {}
            self._alias_cache = {}
            self._forward = None
            self._restorer = None
            self._index = None

    def without(self, originals: Sequence[str]) -> AliasTable:
        drop = set(originals)
        return AliasTable([e for e in self.entries if e.original not in drop], dict(self.params))
