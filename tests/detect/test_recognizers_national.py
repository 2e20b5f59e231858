"""National identity numbers of our users' countries (:mod:`privrag.detect.recognizers_national`)."""

from __future__ import annotations

import pytest

from privrag.detect.recognizer_base import CONTEXT_FREE_MIN, ahv_ok, rut_ok
from privrag.detect.recognizers_national import national_id_recognizer


def _found(text: str) -> dict[str, float]:
    return {text[r.start : r.end]: r.score for r in national_id_recognizer().analyze(text, ["NATIONAL_ID"])}


@pytest.mark.parametrize(("rut", "valid"), [("17.482.391-K", True), ("12.345.678-5", True), ("9876543-3", True),
                                             ("17.482.391-5", False), ("12.345.678-K", False)])
def test_a_rut_is_valid_only_with_its_check_digit(rut: str, valid: bool) -> None:
    assert rut_ok(rut) is valid


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("[19:02] cami.fuentes: 17.482.391-K", "17.482.391-K"),  # a checksum: trusted alone
        ("acudiente de Santiago (5°B, T.I. 1.035.882.417). Por fin", "1.035.882.417"),  # a card's name before it
        ("C.C. 79.456.123 de Bogotá", "79.456.123"),
        ("I have updated your NIN (CF92034105XKLA) on the NSSF portal", "CF92034105XKLA"),
        ("Employee no.: MTP-0773          National ID: 63-2184472 K 63", "63-2184472 K 63"),  # Zimbabwe
        ("Mitarbeiterin: Anna Keller    AHV-Nr.: 756.9217.0769.85", "756.9217.0769.85"),  # Switzerland, checksummed
        ("n° AVS 7569217076985 pour la caisse", "7569217076985"),
    ],
)
def test_an_identity_number_of_our_users_countries_is_found(text: str, number: str) -> None:
    assert _found(text).get(number, 0.0) >= CONTEXT_FREE_MIN


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("the price was 1.250.000 pesos", "1.250.000"),  # an amount grouped by dots
        ("RUT 17.482.391-5 was mistyped", "17.482.391-5"),  # a wrong check digit: its own rule refuses it
        ("batch CM1234 shipped", "CM1234"),  # too short for a NIN
        ("Monto total 1.035.882 pesos, run 12.500.000", "12.500.000"),  # "run" and "pan" are words, no card's name
        ("pan 1.200.000 pesos", "1.200.000"),
    ],
)
def test_a_dotted_amount_or_a_failed_checksum_alone_is_not_trusted(text: str, number: str) -> None:
    assert _found(text).get(number, 0.0) < CONTEXT_FREE_MIN or number not in _found(text)


@pytest.mark.parametrize(("number", "valid"), [("756.9217.0769.85", True), ("7569217076985", True),
                                               ("756.9217.0769.84", False), ("757.9217.0769.85", False)])
def test_an_ahv_number_is_valid_only_with_its_ean_check_digit(number: str, valid: bool) -> None:
    assert ahv_ok(number) is valid
