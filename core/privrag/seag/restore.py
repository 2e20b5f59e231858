"""Replacing many strings at once, exactly — for aliasing, restoring and streaming.

One engine serves both directions. :class:`Replacer` indexes its keys in a
:class:`~privrag.keymatch.KeyMatcher`, so a long letter with thousands
of table entries is scanned once, in linear time and without compiling
anything, and at every position the *longest* key wins ("Mike Cruz" before
"Mike"). A key that starts (ends) with
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
from collections.abc import Iterable, Iterator, Mapping

from privrag.keymatch import KeyMatcher, is_word_char
from privrag.types import PrivacyError

__all__ = ["fold", "is_word_char", "Replacer", "Restorer", "StreamingRestorer", "StreamingReplacer"]

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
        self.pattern: KeyMatcher | None = KeyMatcher(self._keys) if self._keys else None

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
        for s, e in self.pattern.finditer(hay):
            yield s, e, self.replacement(text[s:e])

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
        return self.pattern is not None and self.pattern.search(self._haystack(text)) is not None

    # -- streaming support ------------------------------------------------
    def _scan(self, raw: str, base: int, final: bool) -> tuple[list[str], int]:
        """Replace from ``base``; unless ``final``, stop where a key might still start."""
        hay = self._haystack(raw)
        n = len(raw)
        hold = n if (final or self.pattern is None) else _hold_point(self, hay, base)
        out: list[str] = []
        pos = base
        while pos < hold and self.pattern is not None:
            m = self.pattern.search(hay, pos)
            if m is None or m[0] >= hold:
                break
            out.append(raw[pos : m[0]])
            out.append(self.replacement(raw[m[0] : m[1]]))
            pos = m[1]
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
        if pat is not None and q < end:
            for s, e in pat.finditer(hay, q, end):
                out.append(raw[q:s])
                out.append(self.folded.replacement(raw[s:e]))
                q = e
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
            e = exact.search(raw, pos) if exact is not None else None
            if e is not None and e[0] < hold:
                self._fill(raw, hay, pos, e[0], out)
                out.append(self.exact.replacement(raw[e[0] : e[1]]))
                pos = e[1]
                if pos > hold:
                    hold = n if final else _hold_point(self, hay, pos)
                continue
            q = pos
            while folded is not None and q < hold:
                f = folded.search(hay, q)
                if f is None or f[0] >= hold:
                    break
                if f[1] > hold:  # an exact match might still start inside it
                    hold = f[0]
                    break
                out.append(raw[q : f[0]])
                out.append(self.folded.replacement(raw[f[0] : f[1]]))
                q = f[1]
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
