"""Find many literal keys in a text, leftmost-longest and word-bounded, in linear time.

An alias table of a long letter has thousands of rows. Compiling them into
one regular expression costs about a second per table in Python's regex
parser, and a request builds several tables (redraws, merged rows, the
restorer). Here nothing is compiled: keys are indexed by what they must
meet in the text.

* A key that starts with a word character can only start where a word
  starts (keys never begin inside a word), and its first run of word
  characters must then be that whole word: the key either goes on with a
  non-word character, which the text must have too, or ends there, where
  the text must end its word as well. So one dictionary look-up per word of
  the text finds every candidate.
* A key that starts with anything else ("+44 …", "(0113) …") is indexed by
  that first character and tried wherever it occurs.

Candidates are tried longest first; a key that ends with a word character
must end where the text's word ends. This is exactly what the trie-shaped
regular expression it replaces matched, at a cost linear in the text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

__all__ = ["KeyMatcher", "is_word_char"]

_WORD_RE = re.compile(r"\w")
_RUN_RE = re.compile(r"\w+")


@functools.lru_cache(maxsize=8192)
def is_word_char(ch: str) -> bool:
    """``\\w`` exactly as Python's regular expressions see it."""
    return bool(_WORD_RE.match(ch))


class _Group:
    """Keys sharing an anchor, as a set and as their distinct lengths, longest first."""

    __slots__ = ("keys", "lengths")

    def __init__(self, keys: set[str]) -> None:
        self.keys = keys
        self.lengths = sorted({len(k) for k in keys}, reverse=True)


class KeyMatcher:
    """Leftmost-longest, word-bounded matching of literal ``keys``.

    A match of key ``k`` at ``s`` needs ``text[s:s+len(k)] == k``; when ``k``
    starts with a word character, ``text[s-1]`` must not be one; when it ends
    with a word character, the character after the match (before ``endpos``)
    must not be one.
    """

    def __init__(self, keys: Iterable[str]) -> None:
        by_run: dict[str, set[str]] = {}
        by_char: dict[str, set[str]] = {}
        for k in set(keys):
            if not k:
                raise ValueError("empty keys cannot be matched")
            if is_word_char(k[0]):
                by_run.setdefault(_RUN_RE.match(k).group(0), set()).add(k)  # type: ignore[union-attr]
            else:
                by_char.setdefault(k[0], set()).add(k)
        #: per anchor: the keys' lengths, longest first, and the keys themselves — a
        #: first name starts hundreds of keys in a long letter, but they come in a few lengths
        self._by_run = {r: _Group(g) for r, g in by_run.items()}
        self._by_char = {c: _Group(g) for c, g in by_char.items()}
        chars = "".join(re.escape(c) for c in sorted(by_char))
        self._tokens = re.compile(r"\w+|[" + chars + "]" if chars else r"\w+")

    def __bool__(self) -> bool:
        return bool(self._by_run or self._by_char)

    @staticmethod
    def _at(hay: str, s: int, group: _Group, end: int) -> int:
        for n in group.lengths:
            e = s + n
            if e <= end and hay[s:e] in group.keys and (
                e == end or not is_word_char(hay[e - 1]) or not is_word_char(hay[e])
            ):
                return e
        return -1

    def finditer(self, hay: str, pos: int = 0, endpos: int | None = None) -> Iterator[tuple[int, int]]:
        """Non-overlapping ``(start, end)`` matches in ``hay[pos:endpos]``, left to right."""
        end = len(hay) if endpos is None else min(endpos, len(hay))
        by_run, by_char = self._by_run, self._by_char
        nxt = pos
        while nxt < end:
            for m in self._tokens.finditer(hay, nxt, end):
                s = m.start()
                tok = m.group(0)
                if is_word_char(tok[0]):
                    if s > 0 and is_word_char(hay[s - 1]):
                        continue  # the scan started inside a word
                    group = by_run.get(tok)
                else:
                    group = by_char.get(tok)
                if group is not None and (e := self._at(hay, s, group, end)) >= 0:
                    yield s, e
                    nxt = e
                    break
            else:
                return

    def search(self, hay: str, pos: int = 0, endpos: int | None = None) -> tuple[int, int] | None:
        """The leftmost (longest) match at or after ``pos``, or ``None``."""
        return next(self.finditer(hay, pos, endpos), None)
