"""Laws named in their own language and statutes cited by number (:mod:`privrag.keep.law_names`)."""

from __future__ import annotations

import pytest

from privrag.keep.law_names import law_names


def _kept(text: str) -> list[str]:
    return [k.text for k in law_names(text)]


@pytest.mark.parametrize(
    ("text", "law"),
    [
        ("Conforme al artículo 170 de la Ley Federal del Trabajo, tienes 84 días", "Ley Federal del Trabajo"),
        ("les art. 81.18 et suivants de la Loi sur les normes du travail.\nMis en cause", "Loi sur les normes du travail"),
        ("Pelo Código de Defesa do Consumidor (art. 18) vocês têm 30 dias", "Código de Defesa do Consumidor"),
        ("not holiday in the Kodeks pracy sense", "Kodeks pracy"),
        ("under the Lei Geral de Proteção de Dados", "Lei Geral de Proteção de Dados"),
        ("nach dem Gesetz über den Kündigungsschutz", "Gesetz über den Kündigungsschutz"),
        ("renewed Jan 2025 as required by Law No. 87 of 2018.", "Law No. 87 of 2018"),
        ("the Code of Practice (S.I. No. 146 of 2000). Declan may", "S.I. No. 146 of 2000"),
        ("según la Ley 1581 de 2012 y el Decreto 1421 de 2017", "Ley 1581 de 2012"),
        ("según la Ley 1581 de 2012 y el Decreto 1421 de 2017", "Decreto 1421 de 2017"),
        ("conforme a Lei nº 13.709/2018 (LGPD)", "Lei nº 13.709/2018"),
        ("under Law 112-12 on cooperatives", "Law 112-12"),
    ],
)
def test_a_law_in_its_own_language_or_by_its_number_is_kept(text: str, law: str) -> None:
    assert law in _kept(text)
    assert all(k.why == "legal_reference" for k in law_names(text))


@pytest.mark.parametrize(
    "text",
    [
        "Lei Zhang reported the fault on Monday.",  # a given name, then a surname
        "Ley Brennan said she would call back.",
        "Loi Tran attended the review.",
        "Wet Wipes and gloves were ordered.",  # English words
        "Case No. 12 of 2020 was heard in May.",  # a case is a person's
        "the Loi du",  # a joining word ends no name
        "Lei 2024 was a good year",  # a number alone is no law's
        "Law 112-123 review",
    ],
)
def test_a_person_an_english_phrase_or_a_case_is_no_law(text: str) -> None:
    assert _kept(text) == []
