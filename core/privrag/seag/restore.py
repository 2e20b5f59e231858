"""Replacing many strings at once, exactly — for aliasing, restoring and streaming.

One engine serves both directions. :class:`Replacer` compiles its keys into a
single trie-shaped regular expression, so a 50 000-character judgment with a
few hundred table entries is scanned once, and at every position the
*longest* key wins ("Mike Cruz" before "Mike"). A key that starts (ends) with
a word character only matches where the text has no word character right
before (after) it, so "Ann" is never found inside "Anna" and "Mike's" still
restores to "John's".

:class:`Restorer` maps aliases in a generated answer back to originals and is
tolerant of case changes ("MIKE", "mike"). :class:`StreamingRestorer` does the
same on a token stream: it emits everything that can no longer be part of an
alias and holds back only a tail that could still *start* one. Both run the
same matcher over the same characters, so the streamed output equals the
batch output for every chunking — that is tested, not hoped for.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Iterator, Mapping

from privrag.types import PrivacyError

__all__ = ["fold", "Replacer", "Restorer", "StreamingRestorer", "StreamingReplacer"]

_WORD_RE = re.compile(r"\w")


@functools.lru_cache(maxsize=8192)
def is_word_char(ch: str) -> bool:
    """``\\w`` exactly as the regular expressions below see it."""
    return bool(_WORD_RE.match(ch))


@functools.lru_cache(maxsize=8192)
def _fold_char(ch: str) -> str:
    low = ch.lower()
    return low if len(low) == 1 else ch


def fold(text: str) -> str:
    """Lower-case one character at a time, so positions never move.

    ``str.lower`` can change the length of a string ("İ") and depends on
    context (Greek final sigma); matching on a per-character fold keeps the
    streamed and the batch scan on identical characters.
    """
    if text.isascii():
        return text.lower()
    return "".join([_fold_char(c) for c in text])


@functools.lru_cache(maxsize=8192)
def _esc(ch: str) -> str:
    return re.escape(ch)


def _emit(keys: list[str], lo: int, hi: int, depth: int, last: str) -> str:
    """Regex for the continuations of ``keys[lo:hi]`` (sorted, unique, sharing
    their first ``depth`` characters). It is the trie of those keys written out
    — deeper branches first, so the first successful alternative is the longest
    key — but read off the sorted list by index ranges: no node objects, so a
    table of a few thousand keys compiles without allocating a dict per
    character (siblings start with different characters, so their order does
    not matter)."""
    alts = []
    i = lo
    ends_here = i < hi and len(keys[i]) == depth  # a key that is the prefix itself sorts first
    if ends_here:
        i += 1
    while i < hi:
        ch = keys[i][depth]
        j = i + 1
        while j < hi and keys[j][depth] == ch:
            j += 1
        lit = [_esc(ch)]
        d, prev = depth + 1, ch
        # compress a chain: every key of the group goes on with the same character, none ends
        while len(keys[i]) > d and keys[i][d] == keys[j - 1][d]:
            prev = keys[i][d]
            lit.append(_esc(prev))
            d += 1
        alts.append("".join(lit) + _emit(keys, i, j, d, prev))
        i = j
    if ends_here:
        alts.append(r"(?!\w)" if is_word_char(last) else "")
    if not alts:
        return ""
    if len(alts) == 1:
        return alts[0]
    return "(?:" + "|".join(alts) + ")"


def _compile(keys: list[str]) -> re.Pattern[str] | None:
    # No look-behind here: a pattern that begins with plain literals lets the
    # regex engine skip ahead by first character; the left word boundary is
    # checked in :func:`search` instead.
    body = _emit(keys, 0, len(keys), 0, "")
    return re.compile(body) if body else None


def search(pattern: re.Pattern[str], hay: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
    """Leftmost-longest match whose word-character start is not preceded by a
    word character (keys never start inside a word)."""
    end = len(hay) if endpos is None else endpos
    while True:
        m = pattern.search(hay, pos, end)
        if m is None:
            return None
        s = m.start()
        if s > 0 and is_word_char(hay[s]) and is_word_char(hay[s - 1]):
            pos = s + 1
            continue
        return m


def _transfer_case(matched: str, key: str, value: str) -> str:
    """``value`` written the way ``matched`` differs from ``key``."""
    if matched == key:
        return value
    if matched.isupper() and not key.isupper():
        return value.upper()
    if matched.islower() and not key.islower():
        return value.lower()
    return value


class Replacer:
    """Replace every occurrence of every key of ``mapping`` in one scan.

    Key init args:
        mapping: key → replacement. Keys must be non-empty.
        fold_case: match keys case-insensitively; a match written differently
            from its key gets the replacement in the same case style
            ("MIKE" → "JOHN").
    """

    def __init__(self, mapping: Mapping[str, str], *, fold_case: bool = False) -> None:
        if any(not k for k in mapping):
            raise ValueError("empty keys cannot be matched")
        self.mapping = dict(mapping)
        self.fold_case = fold_case
        self._folded: dict[str, tuple[str, str]] = {}
        if fold_case:
            for k, v in self.mapping.items():
                self._folded.setdefault(fold(k), (k, v))
            keys: Iterable[str] = self._folded
        else:
            keys = self.mapping
        self._keys = sorted(set(keys))
        self.max_len = max((len(k) for k in self._keys), default=0)
        self.pattern = _compile(self._keys)

    def __len__(self) -> int:
        return len(self.mapping)

    def _haystack(self, text: str) -> str:
        return fold(text) if self.fold_case else text

    def replacement(self, matched: str) -> str:
        exact = self.mapping.get(matched)
        if exact is not None:
            return exact
        key, value = self._folded[fold(matched)]
        return _transfer_case(matched, key, value)

    def finditer(self, text: str) -> Iterator[tuple[int, int, str]]:
        """``(start, end, replacement)`` for every match, left to right."""
        if self.pattern is None:
            return
        hay = self._haystack(text)
        pos = 0
        while (m := search(self.pattern, hay, pos)) is not None:
            yield m.start(), m.end(), self.replacement(text[m.start() : m.end()])
            pos = m.end()

    def sub(self, text: str) -> str:
        if self.pattern is None or not text:
            return text
        out, pos = [], 0
        for start, end, repl in self.finditer(text):
            out.append(text[pos:start])
            out.append(repl)
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def contains_any(self, text: str) -> bool:
        return self.pattern is not None and search(self.pattern, self._haystack(text)) is not None

    # -- streaming support ------------------------------------------------
    def _scan(self, raw: str, base: int, final: bool) -> tuple[list[str], int]:
        """Replace from ``base``; unless ``final``, stop where a key might still start."""
        hay = self._haystack(raw)
        n = len(raw)
        hold = n if (final or self.pattern is None) else _hold_point(self, hay, base)
        out: list[str] = []
        pos = base
        while pos < hold and self.pattern is not None:
            m = search(self.pattern, hay, pos)
            if m is None or m.start() >= hold:
                break
            out.append(raw[pos : m.start()])
            out.append(self.replacement(raw[m.start() : m.end()]))
            pos = m.end()
            if pos > hold:
                hold = n if final else _hold_point(self, hay, pos)
        if pos < hold:
            out.append(raw[pos:hold])
            pos = hold
        return out, pos

    def stream(self) -> StreamingReplacer:
        return StreamingReplacer(self)

    def could_start(self, hay: str, i: int) -> bool:
        """True when a key could begin at ``hay[i]`` but the text ends too early
        to decide (more characters, or the character after a full key, needed)."""
        ch = hay[i]
        if is_word_char(ch) and i > 0 and is_word_char(hay[i - 1]):
            return False
        prefix = hay[i:]
        k = bisect.bisect_left(self._keys, prefix)
        exact = k < len(self._keys) and self._keys[k] == prefix
        after = k + 1 if exact else k
        longer = after < len(self._keys) and self._keys[after].startswith(prefix)
        return longer or (exact and is_word_char(prefix[-1]))


class StreamingReplacer:
    """Incremental :meth:`Replacer.sub` (or :meth:`Restorer.restore`): ``feed``
    chunks, then ``flush``.

    The concatenation of everything returned equals the batch result of the
    concatenated input, whatever the chunk boundaries. Only a tail that
    could still begin a key is held back (at most ``max_len`` characters).
    """

    def __init__(self, replacer: Replacer) -> None:
        self.replacer = replacer
        self._pending = ""
        self._ctx = ""  # the last input character already consumed (for look-behind)
        self._closed = False

    @property
    def pending(self) -> str:
        """Input held back because it could still be the start of a key."""
        return self._pending

    def feed(self, chunk: str) -> str:
        if self._closed:
            raise ValueError("stream already flushed")
        if not chunk:
            return ""
        self._pending += chunk
        return self._drain(final=False)

    def flush(self) -> str:
        if self._closed:
            return ""
        out = self._drain(final=True)
        self._closed = True
        return out

    def _drain(self, final: bool) -> str:
        r = self.replacer
        raw = self._ctx + self._pending
        base = len(self._ctx)
        try:
            out, pos = r._scan(raw, base, final)
        except Exception as exc:  # fail closed: a KeyError here must not pass an alias or a chunk on
            raise PrivacyError(f"streamed restore failed ({type(exc).__name__})") from exc
        if pos > 0:
            self._ctx = raw[pos - 1]
        self._pending = raw[pos:]
        return "".join(out)


class Restorer:
    """Aliases → originals; built by :class:`~privrag.seag.table.AliasTable`.

    Two tiers. Exact matches (aliases and their case variants exactly as the
    table wrote them) always win; case-insensitive matches ("MIKE" for
    "Mike", written by a generator that changed case) only fill the gaps
    between exact matches. Without the tiers, "The" before an alias could
    combine with it into a *different*, longer alias ("the Serbia") and
    restore the wrong original.
    """

    def __init__(self, reverse: Mapping[str, str]) -> None:
        self.exact = Replacer(reverse)
        self.folded = Replacer(reverse, fold_case=True)
        self.mapping = self.exact.mapping
        self.max_len = self.folded.max_len

    def __len__(self) -> int:
        return len(self.mapping)

    def could_start(self, hay: str, i: int) -> bool:
        return self.folded.could_start(hay, i)

    def contains_any(self, text: str) -> bool:
        return self.folded.contains_any(text)

    def _fill(self, raw: str, hay: str, start: int, end: int, out: list[str]) -> None:
        """Case-insensitive matches inside the gap ``[start, end)``."""
        q = start
        pat = self.folded.pattern
        while pat is not None and q < end:
            m = search(pat, hay, q, end)
            if m is None:
                break
            out.append(raw[q : m.start()])
            out.append(self.folded.replacement(raw[m.start() : m.end()]))
            q = m.end()
        out.append(raw[q:end])

    def _scan(self, raw: str, base: int, final: bool) -> tuple[list[str], int]:
        hay = fold(raw)
        n = len(raw)
        hold = n if final else _hold_point(self, hay, base)
        exact = self.exact.pattern
        folded = self.folded.pattern
        out: list[str] = []
        pos = base
        while pos < hold:
            e = search(exact, raw, pos) if exact is not None else None
            if e is not None and e.start() < hold:
                self._fill(raw, hay, pos, e.start(), out)
                out.append(self.exact.replacement(e.group(0)))
                pos = e.end()
                if pos > hold:
                    hold = n if final else _hold_point(self, hay, pos)
                continue
            q = pos
            while folded is not None and q < hold:
                f = search(folded, hay, q)
                if f is None or f.start() >= hold:
                    break
                if f.end() > hold:  # an exact match might still start inside it
                    hold = f.start()
                    break
                out.append(raw[q : f.start()])
                out.append(self.folded.replacement(raw[f.start() : f.end()]))
                q = f.end()
            out.append(raw[q:hold])
            pos = hold
        return out, pos

    def restore(self, text: str) -> str:
        if not text:
            return text
        return "".join(self._scan(text, 0, True)[0])

    sub = restore

    def stream(self) -> StreamingRestorer:
        return StreamingRestorer(self)  # type: ignore[arg-type]


def _hold_point(r: Replacer | Restorer, hay: str, start: int) -> int:
    n = len(hay)
    for i in range(max(start, n - r.max_len), n):
        if r.could_start(hay, i):
            return i
    return n


class StreamingRestorer(StreamingReplacer):
    """Chunks in, restored text out; ``flush()`` at the end of the stream."""

    def restore_iter(self, chunks: Iterable[str]) -> Iterator[str]:
        """Restore a whole iterator of chunks, flushing at the end."""
        for chunk in chunks:
            out = self.feed(chunk)
            if out:
                yield out
        tail = self.flush()
        if tail:
            yield tail
