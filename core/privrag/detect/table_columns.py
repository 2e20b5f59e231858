"""Which column of a bar-delimited table a position is in, and what the table's header calls it.

Why: a table states what its cells are once, in its header ("| Name | Relation | Age |"); a cell
alone ("| Bilal | son | 3 y |") is a bare word or number that no rule could read as a person or
an age. Forms, care plans, screening cards and rosters write their people this way.
"""

from __future__ import annotations

import regex

__all__ = ["column_header"]

#: a table's rule line: "|---|:---:|"
_RULE_ROW = regex.compile(r"[ \t|:\-+=]*")


def column_header(text: str, pos: int) -> str | None:
    """The header cell of the column ``pos`` is in, stripped, or ``None`` outside a table.

    The table is the run of lines holding a bar around ``pos``'s line, its header the first of
    them that is no rule line; the column is counted by the bars before ``pos`` on its line.
    """
    line_start = text.rfind("\n", 0, pos) + 1
    column = text.count("|", line_start, pos)
    if column == 0:
        return None
    header = None
    cursor = line_start
    while cursor > 0:  # walk up the table's lines
        prev_start = text.rfind("\n", 0, cursor - 1) + 1
        line = text[prev_start : cursor - 1]
        if "|" not in line:
            break
        if not _RULE_ROW.fullmatch(line):
            header = line
        cursor = prev_start
    if header is None:
        return None
    cells = header.split("|")
    return cells[column].strip() if column < len(cells) else None
