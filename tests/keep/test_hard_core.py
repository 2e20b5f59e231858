"""A model's words merged into an identifier go back to the keep reasons; the identifier stays whole."""

from __future__ import annotations

import pytest

from privrag.keep import KeepSpan, apply_keep
from privrag.keep.hard_core import free_soft_edges
from privrag.types import DetectedEntity

TEXT = "Purchased: invoice HD-0047721, 9.490.000 ₫ on 12/01"


def _span(text: str, surface: str, label: str, source: str, score: float = 0.8) -> DetectedEntity:
    a = text.index(surface)
    return DetectedEntity(a, a + len(surface), label, surface, score, source)


def _setup() -> tuple[list[DetectedEntity], list[DetectedEntity], list[KeepSpan]]:
    code = _span(TEXT, "HD-0047721", "CODE", "privrag_coded_id")
    model = _span(TEXT, "invoice HD-0047721, 9.490.000", "ID_NUMBER", "gliner_shipped")
    merged = DetectedEntity(model.start, model.end, "CODE", model.text, 0.8, "privrag_coded_id")
    a = TEXT.index("9.490.000")
    keep = KeepSpan(a, a + len("9.490.000 ₫"), "amount", "9.490.000 ₫")
    return [merged], [code, model], [keep]


def test_a_kept_amount_comes_out_of_an_identifier_union_and_the_identifier_stays() -> None:
    merged, members, keeps = _setup()
    out = apply_keep(TEXT, free_soft_edges(merged, members, keeps), keeps)
    surfaces = [TEXT[s.start : s.end] for s in out]
    assert "HD-0047721" in surfaces
    assert not any("9.490.000" in s for s in surfaces)
    code = next(s for s in out if TEXT[s.start : s.end] == "HD-0047721")
    assert (code.label, code.source) == ("CODE", "privrag_coded_id")


def test_without_the_split_the_hard_union_keeps_the_amount() -> None:
    merged, _, keeps = _setup()
    assert any("9.490.000" in s.text for s in apply_keep(TEXT, merged, keeps))


@pytest.mark.parametrize("case", ["no keep", "keep inside the identifier", "soft union"])
def test_spans_are_left_alone_when_nothing_is_to_be_freed(case: str) -> None:
    merged, members, keeps = _setup()
    if case == "no keep":
        keeps = []
    elif case == "keep inside the identifier":
        a = TEXT.index("HD-0047721")
        keeps = [KeepSpan(a, a + 2, "medical_code", "HD")]
    else:
        merged = [DetectedEntity(merged[0].start, merged[0].end, "ID_NUMBER", merged[0].text, 0.8, "gliner_shipped")]
    assert free_soft_edges(merged, members, keeps) == merged


def test_the_pieces_cover_the_union_exactly() -> None:
    merged, members, keeps = _setup()
    pieces = free_soft_edges(merged, members, keeps)
    assert [(p.start, p.end) for p in pieces] == [
        (merged[0].start, TEXT.index("HD-")), (TEXT.index("HD-"), TEXT.index(",")), (TEXT.index(","), merged[0].end)
    ]
    assert all(TEXT[p.start : p.end] == p.text for p in pieces)
