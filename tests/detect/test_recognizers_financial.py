"""Checksums and recognizers of :mod:`privrag.detect.recognizers_financial`."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_financial import (
    card_number_recognizer,
    card_prefix_ok,
    luhn_ok,
    money_recognizer,
)


@pytest.mark.parametrize(
    ("number", "ok"),
    [
        ("4111111111111111", True),
        ("4111 1111 1111 1111", True),
        ("4111111111111112", False),
        ("79927398713", False),  # valid Luhn, but 11 digits is no card
        ("378282246310005", True),
        ("", False),
    ],
)
def test_luhn(number: str, ok: bool) -> None:
    assert luhn_ok(number) is ok


@pytest.mark.parametrize(
    ("number", "ok"),
    [
        ("4111111111111111", True),  # Visa 16
        ("4273468222888969924", True),  # Visa 19
        ("503802053770", True),  # Maestro 12
        ("378282246310005", True),  # Amex 15
        ("1234567890123452", False),  # Luhn-valid, no issuer starts with 12
        ("4111111111111", False),  # Visa prefix, Luhn fails
    ],
)
def test_card_prefix(number: str, ok: bool) -> None:
    assert card_prefix_ok(number) is ok


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Paid with card 4111 1111 1111 1111 yesterday.", ["4111 1111 1111 1111"]),
        ("Order 4111111111111112 shipped.", []),  # Luhn fails
    ],
)
def test_card_numbers_are_found_only_when_they_check(text: str, found: list[str]) -> None:
    rec = card_number_recognizer()
    assert [text[r.start : r.end] for r in rec.analyze(text, ["CREDIT_CARD"]) if r.score >= 0.5] == found


@pytest.mark.parametrize(("text", "amount"), [("a bonus of CHF 6'000 in June", "CHF 6'000"),
                                              ("Lohn CHF 8’670.50 brutto", "CHF 8’670.50"),
                                              ("EUR 4,684.40 awarded", "EUR 4,684.40")])
def test_a_sum_is_found_whole_whatever_groups_its_thousands(text: str, amount: str) -> None:
    assert [text[r.start : r.end] for r in money_recognizer().analyze(text, ["MONEY"])] == [amount]
