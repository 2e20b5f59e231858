"""Which alias candidates collide with the inputs, the originals or another row's alias.

Why a module of its own: the check runs for every candidate the generator proposes, so it is
indexed (by the inputs' words and the originals' runs of word characters) instead of scanning
every input per candidate, which made a long letter's table quadratic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.seag.restore import fold, is_word_char

__all__ = ["Collisions", "edges_ok"]

_RUN = re.compile(r"\w+")


class Collisions:
    """The ``avoid`` predicate: inputs, originals and aliases already taken."""

    def __init__(self, texts: Sequence[str], originals: Sequence[str]) -> None:
        self.hay = "\n\x00\n".join(fold(t) for t in texts)
        #: where each word of the inputs starts: a candidate that begins with a word
        #: character can only occur where its first word does (a scan of the whole
        #: input per candidate made a long letter's table quadratic)
        self._word_at: dict[str, list[int]] = {}
        for m in _RUN.finditer(self.hay):
            self._word_at.setdefault(m.group(0), []).append(m.start())
        self.originals: set[str] = set()
        #: originals by each run of word characters they hold, and by their first run: a
        #: word-bounded containment in either direction lines up whole runs, so a candidate
        #: meets only the originals that share one with it (all of them: quadratic)
        self._by_run: dict[str, set[str]] = {}
        self._by_first: dict[str, set[str]] = {}
        self._runless: set[str] = set()
        for o in originals:
            self._index(fold(o))
        self.claimed: dict[str, str] = {}
        self._cache: dict[str, bool] = {}

    def _index(self, o: str) -> None:
        if o in self.originals:
            return
        self.originals.add(o)
        runs = _RUN.findall(o)
        if not runs:
            self._runless.add(o)
            return
        self._by_first.setdefault(runs[0], set()).add(o)
        for r in runs:
            self._by_run.setdefault(r, set()).add(o)

    def _related(self, c: str) -> set[str]:
        """The originals that may lie inside ``c`` or hold it, word-bounded (a superset)."""
        runs = _RUN.findall(c)
        if not runs:
            return set(self.originals)
        out = set(self._runless) | self._by_run.get(runs[0], set())
        for r in runs:
            out |= self._by_first.get(r, set())
        return out

    @staticmethod
    def _occurs(needle: str, hay: str) -> bool:
        """``needle`` in ``hay`` where it starts and ends a word (if it starts or ends with a word character)."""
        head, tail, n = is_word_char(needle[0]), is_word_char(needle[-1]), len(needle)
        i = hay.find(needle)
        while i >= 0:
            if not (head and i > 0 and is_word_char(hay[i - 1])) and not (
                tail and i + n < len(hay) and is_word_char(hay[i + n])
            ):
                return True
            i = hay.find(needle, i + 1)
        return False

    def _in_inputs(self, c: str) -> bool:
        """``_occurs(c, self.hay)`` through the word index."""
        first = _RUN.search(c)
        if first is None:
            return self._occurs(c, self.hay)
        # the first word of ``c`` is a whole word of the inputs wherever ``c`` occurs:
        # it starts ``c`` or follows a non-word character of it, and it ends ``c`` (a
        # word-bounded end) or a non-word character of ``c`` follows it
        hay, n, j = self.hay, len(c), first.start()
        tail_bound = is_word_char(c[-1])
        for p in self._word_at.get(first.group(0), ()):
            q = p - j
            if q >= 0 and hay.startswith(c, q) and not (tail_bound and q + n < len(hay) and is_word_char(hay[q + n])):
                return True
        return False

    def add_original(self, original: str) -> None:
        self._index(fold(original))
        self._cache.clear()

    def __call__(self, candidate: str) -> bool:
        if not candidate or not candidate.strip():
            return True
        c = fold(candidate)
        hit = self._cache.get(c)
        if hit is None:
            hit = self._in_inputs(c) or any(
                (o in c and self._occurs(o, c)) or (c in o and self._occurs(c, o)) for o in self._related(c)
            )
            self._cache[c] = hit
        return hit

    def free(self, original: str, alias: str) -> bool:
        owner = self.claimed.get(fold(alias))
        return owner is None or owner == fold(original)

    def claim(self, original: str, alias: str) -> None:
        self.claimed.setdefault(fold(alias), fold(original))


def edges_ok(original: str, alias: str) -> bool:
    """An alias must begin/end with a word character exactly where the original
    does, or word-bounded restoring could not find it again in context."""
    return (is_word_char(original[0]) == is_word_char(alias[0])
            and is_word_char(original[-1]) == is_word_char(alias[-1]))
