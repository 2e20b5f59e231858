"""Place names written in capitals inside running text: "flew to MÖNSTERÅS", "originally from PORT O' WARREN".

Why: forms, address labels and copied records put towns in capitals, and
spaCy-sm and the shipped GLiNER read an unknown capitalised word as an
acronym or nothing — measured on Presidio's synthetic set, upper-case towns
after "to"/"from"/"in" were a quarter of the places SEAG left in front of the
generator. The cue is the lowercase preposition in front: a heading ("AS TO
THE LAW") has none, and acronyms ("to NATO", "in EUR") are too short.
"""

from __future__ import annotations

import regex

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule

__all__ = ["MIN_LETTERS", "uppercase_place_recognizer"]

#: fewer capital letters than this read as an acronym ("NATO", "ECHR")
MIN_LETTERS = 5

_CUE = r"(?:to|from|in|at|near|city|town|village|of)"
_WORD = r"\p{Lu}[\p{Lu}\p{M}'’\-]*\p{Lu}"
_PLACE = rf"{_WORD}(?:[ \t](?:{_WORD}|\p{{Lu}}'|\p{{Lu}}’)){{0,3}}"


def _long_enough(match: str) -> bool:
    return sum(c.isalpha() for c in match) >= MIN_LETTERS and not regex.search(r"\d", match)


def uppercase_place_recognizer() -> ContextPatternRecognizer:
    """A run of capitalised words (five letters or more) right after a lowercase place preposition."""
    return ContextPatternRecognizer(
        "LOCATION",
        [Rule("upper_place", rf"(?<=\b{_CUE}[ \t]){_PLACE}(?![\p{{L}}\p{{M}}\d])", 0.6, _long_enough,
              case_sensitive=True)],
        name="privrag_uppercase_place",
    )
