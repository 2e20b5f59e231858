"""A number with its currency is an amount: not a phone number, not an identifier."""

from __future__ import annotations

import pytest

from privrag.amounts import priced


@pytest.mark.parametrize(
    ("text", "number", "expected"),
    [
        ("deposit 1.000.000 ₫ paid", "1.000.000", True),
        ("R$ 1.250.000 received", "1.250.000", True),
        ("VND 9.490.000 due", "9.490.000", True),
        ("ref 12.345.678 attached", "12.345.678", False),  # no currency
        ("tel 020 7946 0958 £5 fee", "020 7946 0958", False),  # not grouped in thousands; the £ is the fee's
        ("ring 900 417 € ok", "900 417", True),
    ],
)
def test_a_number_grouped_in_thousands_next_to_a_currency_is_priced(text: str, number: str, expected: bool) -> None:
    i = text.index(number)
    assert priced(text, i, i + len(number)) is expected
