"""The world's currencies as people write them: ISO 4217 codes and CLDR symbols.

Why: an amount is kept for the answer ("148,500 TRY + VAT", "KSh 4,000", "1 150 zł",
"GH₵ 38,000"), and a hand list of the currencies our first users had leaves
the next country's amounts to the detector, which reads "rata 1 150 zł" as an
address. The table is the Unicode CLDR's (built by ``scripts/build_currencies.py``
from Babel and shipped in ``assets/keep/currencies.json``): every currency a
territory tenders, and each locale's symbol for its own currency.

The build leaves out symbols that are one letter or a function word ("R",
"Le", "den"), and lists apart the codes that are English words ("TOP").
"""

from __future__ import annotations

import functools
import json
import logging
import re
from pathlib import Path

__all__ = ["codes", "symbols", "code_pattern", "symbol_pattern", "currency_words"]

log = logging.getLogger(__name__)

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "keep" / "currencies.json"
#: written in words after an amount: the English plural of the big and the near currencies, and the
#: Nordic "kr" (a function word elsewhere, so no symbol before an amount)
_WORDS = (
    "euros? dollars? pounds? pence reais dong shillings? rupees? pesos? ringgit rand naira cedis? dirhams? "
    "riyals? rials? dinars? francs? yen yuan renminbi baht kronor kroner kronur krona krone zlotys? złotych "
    "forints? hryvnias? roubles? rubles? lira liras lire leu lei levs? kwacha rupiah taka kr\\.?"
).split()


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, list[str]]:
    try:
        table = json.loads(_ASSET.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        table = {}
    if not all(isinstance(table.get(k), list) for k in ("codes", "symbols", "word_codes")):
        log.warning("%s is missing or broken: only the common currencies are kept as amounts", _ASSET)
        return {"codes": [], "symbols": [], "word_codes": []}
    return table


@functools.lru_cache(maxsize=1)
def codes() -> frozenset[str]:
    """ISO 4217 codes of the currencies a territory tenders ("USD", "GHS", "PLN")."""
    return frozenset(_table()["codes"]) | {"EUR", "USD", "GBP"}


@functools.lru_cache(maxsize=1)
def symbols() -> frozenset[str]:
    """CLDR symbols ("zł", "GH₵", "Ksh", "RM", "R$", "₺"), filtered when the table was built."""
    return frozenset(_table()["symbols"]) | _WRITTEN


#: signs and the dollar prefixes people write that CLDR spells another way ("S$" where CLDR has "$SG")
_WRITTEN = frozenset([*"$€£¥₹₫₩₱₦₺₽₴₪฿₵₸₡₲₭₮₼₾₿", "R$", "A$", "C$", "NZ$", "S$", "HK$", "US$"])


def _alternation(items: frozenset[str], *, fold: bool = False) -> str:
    """Longest first; with ``fold``, a symbol of three ASCII letters or more in any case ("Ksh", "KSh")."""
    def one(sym: str) -> str:
        folded = fold and sym.isascii() and sym.isalpha() and len(sym) >= 3
        return f"(?i:{re.escape(sym)})" if folded else re.escape(sym)

    return "|".join(one(s) for s in sorted(items, key=lambda s: (-len(s), s)))


@functools.lru_cache(maxsize=2)
def code_pattern(*, before_amount: bool = False) -> str:
    """A regex alternation of :func:`codes` (case-sensitive: "try" is a verb). ``before_amount``
    leaves out the codes that are common English words in capitals ("TOP 10", "ALL 3 PATIENTS")."""
    words = frozenset(_table()["word_codes"]) if before_amount else frozenset()
    return _alternation(codes() - words)


@functools.lru_cache(maxsize=3)
def symbol_pattern(*, letters: bool | None = None) -> str:
    """A regex alternation of :func:`symbols`, longest first; a symbol of letters matches in any case
    ("KSh", "Ksh"). ``letters`` picks the symbols of ASCII letters only (``True``: "RM", "Ksh", which must be
    apart from the number) or the others (``False``: "$", "zł", "R$"); ``None`` takes all."""
    chosen = symbols() if letters is None else frozenset(s for s in symbols() if _letters(s) is letters)
    return _alternation(chosen, fold=True)


def _letters(symbol: str) -> bool:
    return symbol.isascii() and symbol.replace(".", "").isalpha()


def currency_words() -> tuple[str, ...]:
    """Regex fragments of currency names written after an amount ("shillings", "złotych")."""
    return tuple(_WORDS)
