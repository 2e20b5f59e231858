"""A number written with its currency is an amount, whatever other shape it also fits.

"9.490.000 ₫" fits a regional phone plan and a seven-digit identifier; "R$
1.250.000" too. Grouped in thousands and next to a currency sign or code, it
is a price: the phone recognizer and SEAG's identifier pattern leave it to the
amount rules (the keep finder keeps it; a person's salary is decided there).
"""

from __future__ import annotations

import re

__all__ = ["priced"]

#: a currency sign or code right before or after a number: "9.490.000 ₫", "R$ 1.250.000", "VND 9.490.000"
_CURRENCY_AFTER = re.compile(r"[ \t\u00a0]?(?:[$€£¥₹₫₩₺₽]|(?:USD|EUR|GBP|VND|BRL|INR|JPY|CHF|PLN|TRY)\b)(?![ \t]?\d)")
#: digits grouped in thousands, as amounts are written ("9.490.000", "1,250,000.00"); phones group otherwise
_THOUSANDS = re.compile(r"\d{1,3}(?:[.,\u00a0 ]\d{3})+(?:[.,]\d{1,2})?")
_CURRENCY_BEFORE = re.compile(r"(?:[$€£¥₹₫₩₺₽]|\b(?:R\$|USD|EUR|GBP|VND|BRL|INR|JPY|CHF|PLN|TRY))[ \t\u00a0]?$")


def priced(text: str, start: int, end: int) -> bool:
    """A number grouped in thousands with its currency is an amount, whatever region's phone plan it fits."""
    if not _THOUSANDS.fullmatch(text[start:end]):
        return False
    return bool(_CURRENCY_AFTER.match(text, end) or _CURRENCY_BEFORE.search(text, max(0, start - 5), start))
