"""Name families of SEAG's aliasing: which forms are generic and name nothing."""

from __future__ import annotations


def test_a_capitalised_particle_alone_that_is_a_nickname_is_no_generic_form() -> None:
    from privrag.seag.families import is_generic

    assert not is_generic("Del") and not is_generic("Al")  # 'asks to be called "Del"'
    assert is_generic("And") and is_generic("de") and is_generic("Ministry")
