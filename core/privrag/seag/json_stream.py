"""Restoring aliases inside streamed JSON (tool-call arguments).

A model streams tool-call arguments as JSON text in arbitrary fragments:
``{"text": "Summary:\\nMike`` … ``Cruz"}``. Matching aliases in the JSON text
itself went wrong after an escape: in ``\\nMike Cruz`` the ``n`` of the
escape is a word character right before "Mike", so "Mike" was not found at
a word start and only "Cruz" was restored ("\\nMike Jordan" for "John
Jordan": 342 of 961 generated texts in issue 19).

:class:`JSONStreamRestorer` decodes every JSON string as it streams (all
escapes, ``\\uXXXX`` and surrogate pairs included, even when split across
fragments), restores the decoded characters with an ordinary
:class:`~privrag.seag.restore.StreamingRestorer` — one per string, so the
result equals the batch :meth:`AliasTable.restore` of each string — and
writes them back JSON-escaped. Everything outside strings passes unchanged.
The output parses to the same structure with every string restored; its
escaping may differ from the input's ("\\u00e9" comes back as "é").
"""

from __future__ import annotations

import json

from privrag.seag.restore import Restorer, StreamingRestorer
from privrag.types import PrivacyError

__all__ = ["JSONStreamRestorer"]

_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _encode(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


class JSONStreamRestorer:
    """JSON text fragments in, the same JSON with every string restored out.

    ``feed`` returns what can be emitted so far; ``flush`` ends the stream.
    """

    def __init__(self, restorer: Restorer) -> None:
        self._restorer = restorer
        self._inner: StreamingRestorer | None = None  # set while inside a string
        self._escape = ""  # an escape sequence begun but not complete
        self._high = ""  # a high surrogate waiting for its low half
        self._closed = False

    def _decode_escape(self, raw: list[str]) -> None:
        esc, self._escape = self._escape, ""
        if esc[1] == "u":
            try:
                ch = chr(int(esc[2:], 16))
            except ValueError as exc:
                raise PrivacyError("invalid JSON escape in streamed arguments") from exc
            if 0xD800 <= ord(ch) <= 0xDBFF:
                self._lone_high(raw)
                self._high = ch
                return
            if 0xDC00 <= ord(ch) <= 0xDFFF and self._high:
                pair = (self._high + ch).encode("utf-16", "surrogatepass").decode("utf-16")
                self._high = ""
                raw.append(pair)
                return
            self._lone_high(raw)
            raw.append(ch)
            return
        self._lone_high(raw)
        if esc[1] not in _SIMPLE:
            raise PrivacyError("invalid JSON escape in streamed arguments")
        raw.append(_SIMPLE[esc[1]])

    def _lone_high(self, raw: list[str]) -> None:
        if self._high:
            raw.append(self._high)
            self._high = ""

    def _emit(self, raw: list[str], out: list[str], final: bool) -> None:
        assert self._inner is not None
        text = self._inner.feed("".join(raw)) if raw else ""
        if final:
            text += self._inner.flush()
        raw.clear()
        if text:
            out.append(_escape_all(text) if _has_surrogate(text) else _encode(text))

    def feed(self, chunk: str) -> str:
        if self._closed:
            raise ValueError("stream already flushed")
        out: list[str] = []
        raw: list[str] = []
        for ch in chunk:
            if self._inner is None:
                out.append(ch)
                if ch == '"':
                    self._inner = self._restorer.stream()
                continue
            if self._escape:
                self._escape += ch
                if len(self._escape) == 2 and ch != "u" or len(self._escape) == 6:
                    self._decode_escape(raw)
                continue
            if ch == "\\":
                self._escape = ch
                continue
            self._lone_high(raw)
            if ch == '"':
                self._emit(raw, out, final=True)
                out.append('"')
                self._inner = None
                continue
            raw.append(ch)
        if self._inner is not None:
            self._emit(raw, out, final=False)
        return "".join(out)

    def flush(self) -> str:
        """End of the stream: whatever an unterminated string still holds."""
        if self._closed:
            return ""
        self._closed = True
        if self._inner is None:
            return ""
        raw: list[str] = []
        self._lone_high(raw)
        out: list[str] = []
        self._emit(raw, out, final=True)
        return "".join(out) + self._escape


def _has_surrogate(text: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def _escape_all(text: str) -> str:
    """A lone surrogate cannot be written raw: escape it as it came."""
    return "".join(f"\\u{ord(c):04x}" if 0xD800 <= ord(c) <= 0xDFFF else _encode(c) for c in text)
