"""The currency table: CLDR's codes and symbols, shipped as data and loaded without Babel."""

from __future__ import annotations

import re

import pytest

from privrag.keep import currencies


@pytest.mark.parametrize("code", ["USD", "GHS", "PLN", "KES", "MYR", "TRY", "CAD", "INR"])
def test_tendered_codes_are_listed(code: str) -> None:
    assert code in currencies.codes()


@pytest.mark.parametrize("symbol", ["zł", "GH₵", "Ksh", "RM", "R$", "₺", "S$", "€"])
def test_local_symbols_are_listed(symbol: str) -> None:
    assert symbol in currencies.symbols()


@pytest.mark.parametrize("symbol", ["R", "K", "Le", "DA", "den", "¤", "\u200b"])
def test_one_letter_and_function_word_symbols_are_left_out(symbol: str) -> None:
    assert symbol not in currencies.symbols()


def test_a_code_that_is_an_english_word_never_leads_an_amount() -> None:
    before = re.compile(rf"(?:{currencies.code_pattern(before_amount=True)})\Z")
    anywhere = re.compile(rf"(?:{currencies.code_pattern()})\Z")
    assert anywhere.match("TOP") and not before.match("TOP")
    assert before.match("USD")


def test_letter_symbols_match_in_any_case() -> None:
    pattern = re.compile(rf"(?:{currencies.symbol_pattern()})\Z")
    assert pattern.match("KSh") and pattern.match("Ksh")
