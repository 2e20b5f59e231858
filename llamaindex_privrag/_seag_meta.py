"""Node metadata inside a prompt gets the metadata policy, also when the index is not protected.

A query engine hands the LLM one string per message: LlamaIndex renders every
retrieved node as ``"{metadata_str}\\n\\n{content}"`` with one ``key: value``
line per LLM-visible metadata field, so ``file_name: john_smith_referral.pdf``
reaches the LLM wrapper as text. An NER model does not see a name in
``john_smith_referral.pdf``; :class:`~privrag.metadata.MetadataPolicy` does
(path parts are read as "John Smith Referral"), and it also keeps what
describes the file (``file_type``, MIME types, ISO timestamps) and drops the
fields the caller dropped. So :class:`~llamaindex_privrag.seag.SEAGLLM`
reads every run of ``identifier: value`` lines that ends at a blank line —
the shape LlamaIndex gives node metadata — as metadata, applies SEAG's policy to each
value, and aliases the rest of the text as usual. A form in the user's own
text with the same shape gets the same policy, which protects string values
by default.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from privrag.seag import SEAG, SEAGRequest

__all__ = ["MetaText", "split"]

_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]{0,63}): (.*)")


@dataclass
class MetaLine:
    key: str
    value: str


#: a piece of text: prose (aliased as a whole) or one metadata line
Piece = str | MetaLine


def split(text: str) -> list[Piece]:
    """``text`` as prose pieces and metadata lines; joining them (lines with ``\\n``) gives ``text`` back.

    A metadata block is a run of ``identifier: value`` lines followed by a
    blank line or the end of the text (LlamaIndex's ``"{metadata_str}\\n\\n{content}"``).
    """
    lines = text.split("\n")
    matches = [_LINE.fullmatch(ln) for ln in lines]
    meta = [False] * len(lines)
    i = 0
    while i < len(lines):
        if matches[i] is None:
            i += 1
            continue
        j = i
        while j < len(lines) and matches[j] is not None:
            j += 1
        if j == len(lines) or not lines[j].strip():
            for k in range(i, j):
                meta[k] = True
        i = j
    out: list[Piece] = []
    prose: list[str] = []
    for k, line in enumerate(lines):
        nl = "\n" if k < len(lines) - 1 else ""
        m = matches[k]
        if meta[k] and m is not None:
            if prose:
                out.append("".join(prose))
                prose = []
            out.append(MetaLine(m.group(1), m.group(2)))
            out.append(nl)
        else:
            prose.append(line + nl)
    if prose:
        out.append("".join(prose))
    return [p for p in out if p != ""]


class MetaText:
    """One SEAG instance's view of prompt text: what to analyse and how to alias it."""

    def __init__(self, seag: SEAG) -> None:
        self.seag = seag

    def analysis_texts(self, text: str) -> list[str]:
        """The prose of ``text`` (metadata values left out: the policy handles them, and SEAG checks
        every analysed text for originals left after aliasing) plus the strings the policy protects."""
        pieces = split(text)
        prose = "".join(p if isinstance(p, str) else f"{p.key}: " for p in pieces)
        extra = [s for p in pieces if isinstance(p, MetaLine) for s in self.seag.metadata_strings({p.key: p.value})]
        return [prose, *extra]

    def alias(self, req: SEAGRequest, text: str) -> str:
        """Prose aliased with the request's table; metadata lines protected, kept or dropped by the policy."""
        out: list[str] = []
        pieces = split(text)
        for i, p in enumerate(pieces):
            if isinstance(p, str):
                out.append(req.alias(p))
                continue
            done = self.seag.alias_metadata(req, {p.key: p.value})
            if p.key in done:
                out.append(f"{p.key}: {done[p.key]}")
            elif i + 1 < len(pieces) and pieces[i + 1] == "\n":  # a dropped field leaves no empty line
                pieces[i + 1] = ""
        return "".join(out)
