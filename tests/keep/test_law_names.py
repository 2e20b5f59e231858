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


@pytest.mark.parametrize(
    ("text", "protected"),
    [
        ("mi Codice Fiscale RSSMRA85T10A562S grazie", "RSSMRA85T10A562S"),  # a code ends the name
        ("Código de Empleado E-20931 — Marta Ruiz Vidal", "E-20931"),
        ("Seen with Lei Xiong today", "Xiong"),  # a name no list holds: no law's kind follows "Lei"
        ("Mr Loi Van Thanh attended with his son.", "Van"),
        ("Referred by Dr. Lei da Silva", "Silva"),
        ("Lei Geral de Proteção de Dados Maria Oliveira pediu acesso", "Maria"),  # the name stops at a person
        ("Según la Ley Federal del Trabajo Juan tiene derecho", "Juan"),
        ("Kodeks pracy Anna Nowak", "Anna"),
        ("Ley Federal del Trabajo\tJuan Pérez\t555-0123", "Juan"),  # a tab ends a table's cell
        ("Decreto Supremo DS-0092 Carla Rojas", "DS-0092"),
    ],
)
def test_a_laws_name_never_covers_a_person_or_a_code(text: str, protected: str) -> None:
    assert not any(protected in k for k in _kept(text))


def test_a_long_run_of_joining_words_is_read_in_linear_time() -> None:
    import time

    t0 = time.perf_counter()
    for n in (25, 2000):
        _kept("Ley" + " de la" * n + ".")
        _kept("Nota: Código" + " de la" * n + " 1")
    assert time.perf_counter() - t0 < 1.0  # exponential backtracking took 25 s at n = 25
