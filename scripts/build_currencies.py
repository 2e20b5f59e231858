"""Build ``core/privrag/assets/keep/currencies.json`` from the Unicode CLDR, via Babel.

Why a file and not a dependency: the keep finder needs the world's currency
codes and the symbols people write them with ("zł", "GH₵", "KSh", "RM", "R$",
"₺") to tell an amount, which a RAG answer needs, from a number that
identifies someone. CLDR is the well-kept source; Babel (BSD-3) ships it, but
reading 1,100 locales at import would cost seconds, so the table is built once
here and shipped (CLDR data: Unicode License v3; Babel: BSD-3, ``assets/keep/LICENSE-babel.txt``).

Symbols that are one letter or a function word of a language our users write
in ("R", "Le", "DA", "den") are left out: a keep rule on "Le 5 mars" would keep
a date. Codes that are common English words ("TOP", "ALL") are listed apart,
so that no rule reads "TOP 10" as money.

Run: ``python scripts/build_currencies.py`` (needs ``pip install babel`` and privrag).
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "core" / "privrag" / "assets" / "keep" / "currencies.json"


def _symbol_ok(symbol: str, code: str) -> bool:
    """A symbol that reads as money: not the code itself or the generic "¤", not one letter of any script
    ("R", "K", "P" are also initials, potassium and pages), no digit, at most five characters, no function
    word."""
    if symbol in (code, "¤") or not symbol or len(symbol) > 5 or any(c.isdigit() or c.isspace() for c in symbol):
        return False
    return not (len(symbol) == 1 and symbol.isalpha()) and not _function_word(symbol)


def _clean(symbol: str) -> str:
    """Without zero-width and bidirectional marks ("د.إ.\u200f")."""
    return "".join(c for c in symbol if c.isprintable() and c not in "\u200b\u200e\u200f")


def _function_word(symbol: str) -> bool:
    """A function word of a language our users write in ("Le", "DA", "den"; spaCy's stop-word lists): a
    keep rule on "Le 5 mars" would keep a date."""
    from privrag.detect.text_language import LANGUAGES, function_words

    word = symbol.strip(".").lower()
    return any(word in function_words(lang) for lang in LANGUAGES)


def build() -> dict[str, object]:
    import babel
    from babel import Locale
    from babel.localedata import locale_identifiers
    from babel.numbers import get_territory_currencies

    codes: set[str] = set()
    symbols: set[str] = set()
    for ident in locale_identifiers():
        loc = Locale.parse(ident)
        territory = loc.territory
        local = set(get_territory_currencies(territory, tender=True)) if territory else set()
        for code, raw in loc.currency_symbols.items():
            symbol = _clean(raw)
            if len(code) != 3 or not code.isupper():
                continue
            # a locale's symbol for its own country's currency, and every locale's symbol for the big
            # currencies it writes differently ("US$", "CA$", "A$", "R$")
            if code in local or ident in ("en", "en_001", "en_150", "es_419", "fr", "pt", "de", "ar"):
                if _symbol_ok(symbol, code):
                    symbols.add(symbol)
    for territory in {Locale.parse(i).territory for i in locale_identifiers()} - {None}:
        codes.update(get_territory_currencies(territory, tender=True))
    from wordfreq import zipf_frequency

    return {
        "source": f"Unicode CLDR via Babel {babel.__version__}",
        "codes": sorted(codes),
        # codes that are common English words in capitals ("TOP 10", "ALL 3"): never before an amount
        "word_codes": sorted(c for c in codes if zipf_frequency(c.lower(), "en") >= 4.0),
        "symbols": sorted(symbols),
    }


if __name__ == "__main__":
    table = build()
    OUT.write_text(json.dumps(table, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(table['codes'])} codes, {len(table['symbols'])} symbols")
