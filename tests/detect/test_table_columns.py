"""A table cell's column header (:mod:`privrag.detect.table_columns`)."""

from __future__ import annotations

import pytest

from privrag.detect.table_columns import column_header

TABLE = "Household contacts\n| Name | Relation | Age (y) |\n|---|:---:|---|\n| Bilal | son | 3 |\n| Ayesha | daughter | 6 |\n"


@pytest.mark.parametrize(("cell", "header"), [("Bilal", "Name"), ("daughter", "Relation"), ("6", "Age (y)")])
def test_a_cell_is_under_the_header_of_its_column(cell: str, header: str) -> None:
    assert column_header(TABLE, TABLE.index(cell)) == header


@pytest.mark.parametrize("text", ["Household contacts without a table", "| only | a header |", "a | b"])
def test_outside_a_table_or_in_its_header_there_is_no_header(text: str) -> None:
    assert column_header(text, len(text) - 1) is None


def test_a_blank_line_ends_the_table_above() -> None:
    text = "| Name |\n|---|\n| Ann |\n\n| Item |\n|---|\n| Brace |"
    assert column_header(text, text.index("Brace")) == "Item"
