"""Recognizers for money and the numbers that move it: payment cards, accounts, IBANs, SWIFT codes, sums.

Presidio's card pattern stops at 16 digits and knows five issuer prefixes:
on its synthetic set a quarter of card numbers (19-digit Visa, 12-digit
Maestro) were missed until :func:`card_number_recognizer` took over.

Each has a check that a random number fails: a card number carries the Luhn
checksum and an issuer's prefix, an IBAN its mod-97 check digits or its
country's layout, a SWIFT code an ISO country. A sum of money needs its
currency. All are :class:`~privrag.detect.recognizer_base.ContextPatternRecognizer`
instances, so Presidio users can register them as they are.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from privrag.detect.recognizer_base import (
    ContextPatternRecognizer,
    Rule,
    iban_ok,
    keyed_code,
    min_digits,
)

__all__ = [
    "luhn_ok",
    "card_prefix_ok",
    "card_number_recognizer",
    "account_number_recognizer",
    "iban_recognizer",
    "iban_layout_ok",
    "swift_recognizer",
    "money_recognizer",
]


def luhn_ok(value: str) -> bool:
    """The Luhn checksum every payment card number carries."""
    digits = [int(c) for c in value if c.isdigit()]
    if not 12 <= len(digits) <= 19:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d *= 2
            d -= 9 if d > 9 else 0
        total += d
    return total % 10 == 0


#: issuer prefixes (IIN ranges) of the card networks in use, as (low, high, lengths)
_IIN_RANGES: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    (4, 4, (13, 16, 19)),  # Visa
    (51, 55, (16,)),  # Mastercard
    (2221, 2720, (16,)),  # Mastercard 2-series
    (34, 34, (15,)),  # American Express
    (37, 37, (15,)),
    (300, 305, (14, 16, 19)),  # Diners Club
    (36, 36, (14, 16, 19)),
    (38, 39, (14, 16, 19)),
    (6011, 6011, (16, 19)),  # Discover
    (644, 649, (16, 19)),
    (65, 65, (16, 19)),
    (3528, 3589, (16, 19)),  # JCB
    (2131, 2131, (15,)),
    (1800, 1800, (15,)),
    (50, 50, (12, 13, 14, 15, 16, 17, 18, 19)),  # Maestro
    (56, 69, (12, 13, 14, 15, 16, 17, 18, 19)),
    (62, 62, (16, 17, 18, 19)),  # UnionPay
)


def card_prefix_ok(value: str) -> bool:
    """A known issuer prefix for this length, and a valid Luhn checksum."""
    digits = "".join(c for c in value if c.isdigit())
    if not luhn_ok(digits):
        return False
    for low, high, lengths in _IIN_RANGES:
        width = len(str(low))
        if len(digits) in lengths and low <= int(digits[:width]) <= high:
            return True
    return False


def card_number_recognizer() -> ContextPatternRecognizer:
    """Payment card numbers of 12–19 digits, compact or grouped, Luhn- and issuer-checked.

    A random 16-digit number passes Luhn one time in ten; the issuer-prefix
    check cuts that further, and context ("card", "visa", …) lifts the score.
    """
    return ContextPatternRecognizer(
        "CREDIT_CARD",
        [
            Rule("compact", r"(?<![\w.,/-])\d{12,19}(?![\w/-]|[.,]\d)", 0.55, validator=card_prefix_ok),
            Rule("grouped", r"(?<![\w.,/-])\d{4}(?:[ -]\d{4}){2}[ -]\d{1,7}(?![\w/-]|[.,]\d)", 0.6,
                 validator=card_prefix_ok),
            Rule("amex", r"(?<![\w.,/-])3[47]\d{2}[ -]\d{6}[ -]\d{5}(?![\w/-]|[.,]\d)", 0.6,
                 validator=card_prefix_ok),
        ],
        context=["card", "credit", "debit", "visa", "mastercard", "amex", "maestro", "discover", "jcb",
                 "diners", "cc", "payment", "charged"],
    )


def iban_recognizer() -> ContextPatternRecognizer:
    """IBANs, compact or in groups of four, validated by the mod-97 checksum — or, with a lower score,
    by their country's own layout (Presidio's table of the national formats): a mistyped or invented
    IBAN ("IE12 REVO 9903 6012 3456 78") still gives an account away, and a check digit is no privacy."""
    shape = r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b"
    return ContextPatternRecognizer(
        "IBAN_CODE",
        [Rule("iban", shape, 0.85, validator=iban_ok, case_sensitive=True),
         Rule("iban_layout", shape, 0.6, validator=iban_layout_ok, case_sensitive=True)],
        context=["iban", "bank", "account", "transfer", "wire"],
    )


_ISO2 = (
    "AD AE AF AG AI AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF "
    "CG CH CI CL CM CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FR GA GB GD GE GH GI "
    "GM GN GQ GR GT GW GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP KE KG KH KM KN KP KR KW KY KZ "
    "LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI "
    "NL NO NP NZ OM PA PE PG PH PK PL PT PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SV SY "
    "SZ TD TG TH TJ TL TM TN TO TR TT TW TZ UA UG US UY UZ VA VC VE VN YE ZA ZM ZW"
).split()


@functools.lru_cache(maxsize=1)
def _iban_layouts() -> dict[str, Any]:
    """Country code → its IBAN's layout, from Presidio's table (empty when Presidio lacks it)."""
    try:
        from presidio_analyzer.predefined_recognizers.generic.iban_patterns import regex_per_country
    except ImportError:
        return {}
    return {cc: re.compile(rx) for cc, rx in regex_per_country.items()}


def iban_layout_ok(text: str) -> bool:
    """Does ``text`` follow its country's IBAN layout (letters and digits where the country puts them)?"""
    layout = _iban_layouts().get(text[:2])
    return layout is not None and layout.fullmatch(text) is not None


def swift_recognizer() -> ContextPatternRecognizer:
    """SWIFT/BIC codes (bank, ISO country, location, optional branch); need context."""
    countries = "|".join(_ISO2)
    return ContextPatternRecognizer(
        "SWIFT_CODE",
        [Rule("bic", rf"\b[A-Z]{{4}}(?:{countries})[A-Z2-9][A-NP-Z0-9](?:[A-Z0-9]{{3}})?\b", 0.15,
              case_sensitive=True)],
        context=["swift", "bic", "bank identifier", "bank code", "routing"],
    )


_CURRENCY_CODES = (
    "EUR|USD|GBP|CHF|TRL|TRY|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|HRK|RUB|UAH|ISK|DEM|ATS|FRF|ITL|ESP|NLG|BEF|"
    "FIM|GRD|PTE|IEP|CYP|MTL|SKK|SIT|EEK|LVL|LTL|JPY|CNY|INR|AUD|CAD"
)
_CURRENCY_WORDS = (
    r"euros?|(?:pounds?|pence)(?:\s+sterling)?|(?:US\s+)?dollars?|(?:new\s+)?(?:Turkish\s+)?liras?|"
    r"kronor|kronur|kroner|krone|zlot(?:y|ys|ych)|(?:Deutsche?\s+|GDR\s+)?marks?|(?:Austrian\s+)?schillings?|"
    r"(?:Swiss\s+|French\s+|Belgian\s+)?francs?|roubles?|rubles?|hryvnias?|forints?|korun[ay]?|lei|levs?|"
    r"drachmas?|escudos?|pesetas?|guilders?|lire"
)


def money_recognizer() -> ContextPatternRecognizer:
    """Sums of money: "EUR 4,684.40", "€200", "54,000,000 Turkish liras (TRL)".

    Amounts are quasi-identifiers in court and medical text (a compensation
    award, a salary); a number alone is not matched.
    """
    # thousands grouped by a comma, a dot, a space, or an apostrophe as Switzerland writes them ("CHF 6'000")
    amount = r"\d{1,3}(?:[,.\s '’]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
    return ContextPatternRecognizer(
        "MONEY",
        [
            Rule("code_first", rf"(?-i:\b(?:{_CURRENCY_CODES}))\s?(?:{amount})(?!\d)", 0.7),
            Rule("symbol_first", rf"[€$£¥]\s?(?:{amount})(?!\d)(?:\s?(?:million|billion|m|bn)\b)?", 0.7),
            Rule("amount_first", rf"(?<![\w.,])(?:{amount})(?:\s(?:million|billion))?\s(?:{_CURRENCY_WORDS})\b"
                                 rf"(?:\s\((?-i:[A-Z]{{3}})\))?", 0.7),
            Rule("amount_code", rf"(?<![\w.,])(?:{amount})\s(?-i:(?:{_CURRENCY_CODES}))\b", 0.6),
        ],
        context=["paid", "award", "sum", "amount", "compensation", "salary", "damage", "costs"],
    )


def account_number_recognizer() -> ContextPatternRecognizer:
    """Bank account numbers: after "account (no.)", or any long number with account context."""
    return ContextPatternRecognizer(
        "ACCOUNT_NUMBER",
        [
            Rule("keyed", keyed_code(r"account|acct|a/c|bank\saccount|konto"), 0.75),
            Rule("digits", r"(?<![\w-])\d{2,}(?:[ -]?\d{2,}){0,5}(?![\w-])", 0.05, validator=min_digits(8)),
            # "your FNB account ending 3905", "card ending in 4421", "**** 4421": the last digits of an account
            # or a card still point at it (a model reads four digits as a year)
            Rule("ending", r"(?<=\b(?:account|acct|a/c|card|iban)\b[^\n.;]{0,24}?\bending(?:[ \t]+(?:in|with))?[ \t]+)"
                           r"(?!(?:19|20)\d\d\b)\d{3,4}(?![\w-])", 0.6),
            # groups of mask characters, each group once (no nested repetition: a line of 400 asterisks
            # must not backtrack)
            Rule("masked", r"(?<![\w*•])(?:[*•]{2,}|[xX]{4})(?:[ -](?:[*•]{2,}|[xX]{4})){0,3}[ -]?\d{3,4}(?![\w-])", 0.6),
        ],
        context=["account", "acct", "a/c", "bank", "sort code", "routing"],
    )
