"""Repairing aliases that compose: when neighbouring text plus one alias spells another.

The builder keeps every alias out of the inputs, but text *around* an
original can still combine with its alias into a different alias: with
"United Kingdom" → "Brazil" and "the United Kingdom of Great Britain" →
"the Brazil", the phrase "the United Kingdom authorities" becomes "the
Brazil authorities", which restores to the wrong original. Such conflicts
are found exactly — by comparing where the forward pass wrote each alias
with where the restorer reads one — and the alias that was misread is
redrawn without the shared structure (a fresh name, place or shape), until
every input round-trips.
"""

from __future__ import annotations

from collections.abc import Sequence

from privrag.seag.table import AliasTable, _variants

__all__ = ["composition_conflicts"]


def composition_conflicts(table: AliasTable, texts: Sequence[str]) -> set[str]:
    """Originals whose alias the restorer reads where the forward pass did not write it."""
    fwd, rest = table._compiled()
    owner: dict[str, str] = {}
    for e in table.entries:
        for _o, a in _variants(e.original, e.alias):
            owner.setdefault(a, e.original)
    bad: set[str] = set()
    for text in texts:
        written: dict[tuple[int, int], str] = {}
        pieces: list[str] = []
        pos_o = pos_a = 0
        for s, e, rep in fwd.finditer(text):
            pieces.append(text[pos_o:s])
            a_start = pos_a + (s - pos_o)
            written[(a_start, a_start + len(rep))] = rep
            pieces.append(rep)
            pos_a, pos_o = a_start + len(rep), e
        pieces.append(text[pos_o:])
        aliased = "".join(pieces)
        for s, e, _orig in rest.exact.finditer(aliased):
            key = aliased[s:e]
            if written.get((s, e)) != key and key in owner:
                bad.add(owner[key])
    return bad
