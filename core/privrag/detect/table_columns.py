"""Which column of a bar-delimited table a position is in, and what the table's header calls it.

Why: a table states what its cells are once, in its header ("| Name | Relation | Age |"); a cell
alone ("| Bilal | son | 3 y |") is a bare word or number that no rule could read as a person or
an age. Forms, care plans, screening cards and rosters write their people this way.

The headers of all a text's lines are found in one pass and remembered for the last few texts, so
reading each cell of a long table costs no walk up the table (one per cell made n rows cost n² lines).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import regex

__all__ = ["column_header", "header_cells"]

#: a table's rule line: "|---|:---:|"
_RULE_ROW = regex.compile(r"[ \t|:\-+=]*")
#: texts whose line headers are remembered (a detector reads a few texts at a time)
_CACHED_TEXTS = 4
_LOCK = threading.Lock()
#: text -> {line start -> that line's header line, or None}
_HEADERS: OrderedDict[str, dict[int, str | None]] = OrderedDict()


def header_cells(text: str, pos: int) -> list[str]:
    """The cells of the header row of the table ``pos`` is in (empty outside a table)."""
    line_start = text.rfind("\n", 0, pos) + 1
    header = _header_line(text, line_start)
    return [] if header is None else [c.strip() for c in header.split("|")]


def column_header(text: str, pos: int) -> str | None:
    """The header cell of the column ``pos`` is in, stripped, or ``None`` outside a table.

    The table is the run of lines holding a bar around ``pos``'s line, its header the first of
    them that is no rule line; the column is counted by the bars before ``pos`` on its line.
    """
    line_start = text.rfind("\n", 0, pos) + 1
    column = text.count("|", line_start, pos)
    if column == 0:
        return None
    header = _header_line(text, line_start)
    if header is None:
        return None
    cells = header.split("|")
    return cells[column].strip() if column < len(cells) else None


def _header_line(text: str, line_start: int) -> str | None:
    """The header line of the table above the line at ``line_start`` (that line excluded)."""
    with _LOCK:
        headers = _HEADERS.get(text)
        if headers is None:
            headers = _HEADERS[text] = _line_headers(text)
            while len(_HEADERS) > _CACHED_TEXTS:
                _HEADERS.popitem(last=False)
        else:
            _HEADERS.move_to_end(text)
    return headers.get(line_start)


def _line_headers(text: str) -> dict[int, str | None]:
    """Every line start's header: the first non-rule line of the run of bar lines right above it."""
    out: dict[int, str | None] = {}
    header: str | None = None
    in_table = False
    start = 0
    for line in text.split("\n"):
        out[start] = header if in_table else None
        if "|" in line:
            if not in_table:
                in_table, header = True, None
            if header is None and not _RULE_ROW.fullmatch(line):
                header = line
        else:
            in_table, header = False, None
        start += len(line) + 1
    return out
