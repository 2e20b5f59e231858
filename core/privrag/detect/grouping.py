"""Mentions → entities: which spans refer to the same person or organization.

Every technique decides per entity and acts on all of its mentions (mask the
applicant everywhere, give her one alias everywhere). Grouping rules, in order:

1. exact match of the normalized surface form (case, possessive ``'s``,
   honorifics such as Mr/Mrs/Dr and punctuation removed);
2. for persons and organizations, a *name-part* match: the shorter form's
   name tokens are a subset of the longer form's ("Christou" ⊂ "Anna Evagorou
   Christou"). A part shared by two different longer names is ambiguous and
   is attached to the nearest preceding mention's entity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.generalize import canonical_label
from privrag.types import DetectedEntity, Entity

__all__ = ["group_entities", "normalize_surface", "name_tokens"]

HONORIFICS = frozenset(
    "mr mrs ms miss mx dr prof sir madam lady lord judge justice mme mlle herr frau st".split()
)
_NAME_CATEGORIES = frozenset({"PERSON", "ORG"})
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$", re.IGNORECASE)


def normalize_surface(text: str) -> str:
    """Lower-case, drop possessives, honorifics and punctuation, squash spaces."""
    words = []
    for w in re.split(r"\s+", text.strip()):
        w = _POSSESSIVE.sub("", w)
        w = re.sub(r"[^\w/\-]", "", w.lower())
        if w and w.rstrip(".") not in HONORIFICS:
            words.append(w)
    return " ".join(words)


def name_tokens(text: str) -> frozenset[str]:
    """Name parts worth matching on: no honorifics, no single-letter initials."""
    return frozenset(t for t in normalize_surface(text).split() if len(t) > 1)


def group_entities(spans: Sequence[DetectedEntity]) -> list[Entity]:
    """Group mentions into entities; entity ids follow first appearance.

    Linear in the mentions but for ambiguous name parts: a group is found
    through an index of its name tokens, not by comparing with every group.
    """
    ordered = sorted(spans)
    groups: list[Entity] = []
    by_key: dict[tuple[str, str], int] = {}
    index = _PartIndex()
    # longest forms first so parts attach to full names, then restore order
    for span in sorted(ordered, key=lambda s: (-len(name_tokens(s.text)), s.start)):
        cat = canonical_label(span.label)
        key = (cat, normalize_surface(span.text))
        if key in by_key:
            groups[by_key[key]].mentions.append(span)
            index.add(by_key[key], cat, span.text)
            continue
        gid = _name_part_match(span, cat, groups, index) if cat in _NAME_CATEGORIES else None
        if gid is None:
            gid = len(groups)
            groups.append(Entity(entity_id=gid, label=span.label, mentions=[]))
        groups[gid].mentions.append(span)
        index.add(gid, cat, span.text)
        by_key[key] = gid
    # renumber by first mention so ids are stable and readable
    groups.sort(key=lambda g: min(m.start for m in g.mentions))
    for i, g in enumerate(groups):
        g.entity_id = i
        g.mentions.sort()
    return groups


class _PartIndex:
    """Each group's canonical form (its longest mention, the first of that length, as
    :attr:`Entity.canonical`) and, per category, which groups hold a name token."""

    def __init__(self) -> None:
        self.canonical: dict[int, str] = {}
        self.cat: dict[int, str] = {}
        self.by_token: dict[tuple[str, str], set[int]] = {}

    def add(self, gid: int, cat: str, surface: str) -> None:
        old = self.canonical.get(gid)
        if old is not None and len(surface) <= len(old):
            return
        self.canonical[gid] = surface
        self.cat.setdefault(gid, cat)
        for t in name_tokens(surface):
            self.by_token.setdefault((self.cat[gid], t), set()).add(gid)

    def candidates(self, toks: frozenset[str], cat: str) -> list[int]:
        """Groups of ``cat`` whose canonical tokens contain ``toks`` (as a strict subset, or equal)."""
        pools = [self.by_token.get((cat, t), set()) for t in toks]
        out = []
        for gid in sorted(min(pools, key=len)):
            full = name_tokens(self.canonical[gid])
            if toks < full or (toks == full and toks):
                out.append(gid)
        return out


def _name_part_match(span: DetectedEntity, cat: str, groups: list[Entity], index: _PartIndex) -> int | None:
    toks = name_tokens(span.text)
    if not toks:
        return None
    candidates = [groups[gid] for gid in index.candidates(toks, cat)]
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0].entity_id
    # ambiguous part: nearest preceding mention wins, else the earliest entity
    def distance(g: Entity) -> int:
        before = [span.start - m.start for m in g.mentions if m.start <= span.start]
        return min(before) if before else 10**12 + min(m.start for m in g.mentions)

    return min(candidates, key=distance).entity_id
