"""Public reference numbers are not identifiers to the code and postcode recognizers."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_handles import coded_id_recognizer
from privrag.detect.recognizers_personal import postcode_recognizer


def _found(text: str) -> list[str]:
    codes = coded_id_recognizer().analyze(text, ["CODE"])
    zips = postcode_recognizer().analyze(text, ["ZIP_CODE"])
    return [text[r.start : r.end] for r in [*codes, *zips]]


@pytest.mark.parametrize(
    "text",
    [
        "trial VELORA (EudraCT 2021-004412-38) ongoing",
        "registered as NCT04512345.",
        "under Decree 13/2023/ND-CP on data",
        "certified to IATF 16949 in 2021",
        "Decree No. 52/2013/ND-CP applies",
    ],
)
def test_a_number_after_a_reference_prefix_is_not_an_identifier(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [("ticket HN-482913 closed", "HN-482913"), ("ref 2021-004412-38 for you", "2021-004412-38"),
     ("account K839201746 frozen", "K839201746")],
)
def test_the_same_shapes_without_a_prefix_still_are(text: str, code: str) -> None:
    assert _found(text) == [code]
