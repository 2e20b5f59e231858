"""Drug names as other languages write them (:mod:`privrag.keep.drug_forms`)."""

from __future__ import annotations

import pytest

from privrag.keep.drug_forms import drug_form_at


@pytest.mark.parametrize(
    ("token", "at"),
    [
        ("furosémide", 0),  # French accents
        ("budesonida", 0),  # Spanish ending
        ("omeprazolo", 0),  # Italian ending
        ("l'amlodipine", 2),  # an elided article before the English name
        ("dell'omeprazolo", 5),
    ],
)
def test_a_drug_in_another_languages_form_is_found(token: str, at: int) -> None:
    assert drug_form_at(token) == at


@pytest.mark.parametrize("token", ["soñé", "américaine", "casado", "banana", "prepara", "l'hôpital", "furosemide"])
def test_common_words_and_english_names_are_not_foreign_drug_forms(token: str) -> None:
    assert drug_form_at(token) is None


def test_the_keep_finder_keeps_them_as_medication() -> None:
    from privrag.keep.finder import KeepFinder

    text = "Arrêt de l'amlodipine. Furosémide 40 mg le matin. Budesonida inhalada."
    kept = {k.text for k in KeepFinder().find(text) if k.why == "medication"}
    assert {"amlodipine", "Furosémide", "Budesonida"} <= kept
