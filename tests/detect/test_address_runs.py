"""The words between an address's pieces on one line are masked too (:mod:`privrag.detect.address_runs`)."""

from __future__ import annotations

import pytest

from privrag.detect.address_runs import ADDRESS_RUN_SOURCE, close_address_runs
from privrag.types import DetectedEntity


def _span(text: str, part: str, label: str, source: str = "model") -> DetectedEntity:
    i = text.index(part)
    return DetectedEntity(i, i + len(part), label, part, 0.7, source)


def _filled(text: str, parts: list) -> list[str]:
    spans = [_span(text, p, label) for p, label in parts]
    out = close_address_runs(text, spans)
    assert [s for s in out if s.source != ADDRESS_RUN_SOURCE] == sorted(spans)  # the pieces stay as they were
    return [text[s.start : s.end] for s in out if s.source == ADDRESS_RUN_SOURCE]


@pytest.mark.parametrize(
    ("text", "parts", "fills"),
    [
        ("its 14 Banksia Cres, Buderim QLD 4556 now", [("14 Banksia Cres, Buderim", "STREET_ADDRESS"), ("4556", "ZIP_CODE")],
         ["QLD"]),
        ("Home: Ballinasloe, Co. Galway H53 X2K7\nNOK", [("Ballinasloe", "LOCATION"), ("H53 X2K7", "ZIP_CODE")],
         ["Co. Galway"]),
        ("Residenza: Via Cairoli 18, 27029 Vigevano (PV)   Tel.", [("Via Cairoli 18, 27029", "STREET_ADDRESS"),
                                                              ("Vigevano", "LOCATION")], ["PV"]),
        ("Rua Tiradentes 12, São Bernardo do Campo - SP | ID", [("Rua Tiradentes 12", "STREET_ADDRESS"),
                                                               ("São Bernardo do Campo", "LOCATION")], ["SP"]),
    ],
)
def test_the_words_between_and_after_an_addresss_pieces_are_masked(text: str, parts: list, fills: list[str]) -> None:
    assert _filled(text, parts) == fills


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("I moved from Leeds to Bradford, BD1 4AB.", [("Leeds", "LOCATION"), ("BD1 4AB", "ZIP_CODE")]),  # a lower-case word
        ("Ballinasloe\nCo. Galway H53 X2K7", [("Ballinasloe", "LOCATION"), ("H53 X2K7", "ZIP_CODE")]),  # a line break
        ("Leeds, West Yorkshire, UK", [("Leeds", "LOCATION"), ("UK", "LOCATION")]),  # places alone: a list
        ("atorvastatin 20 mg ON.", [("atorvastatin 20 mg", "STREET_ADDRESS")]),  # a code after a space alone
        ("Home: 22 King St, Aberdeen AB24 5AX - ICU.", [("22 King St", "STREET_ADDRESS"), ("Aberdeen", "LOCATION"),
                                                        ("AB24 5AX", "ZIP_CODE")]),  # a ward after a dash
    ],
)
def test_prose_a_line_break_places_alone_or_a_bare_code_add_nothing(text: str, parts: list) -> None:
    assert _filled(text, parts) == []


def test_a_word_another_span_covers_is_not_filled_again() -> None:
    text = "Carrowkeel, Ahascragh, Ballinasloe, Co. Galway H53 X2K7"
    parts = [("Carrowkeel", "LOCATION"), ("Ahascragh", "PERSON"), ("Ballinasloe", "LOCATION"), ("H53 X2K7", "ZIP_CODE")]
    assert _filled(text, parts) == ["Co. Galway"]
