"""Place names written in capitals inside running text: "flew to MÖNSTERÅS", "originally from PORT O' WARREN".

Why: forms, address labels and copied records put towns in capitals, and
spaCy-sm and the shipped GLiNER read an unknown capitalised word as an
acronym or nothing — measured on Presidio's synthetic set, upper-case towns
after "to"/"from"/"in" were a quarter of the places SEAG left in front of the
generator. The cue is the lowercase preposition in front (or an invitation's
"Where:"/"Venue:"/"Location:" label): a heading ("AS TO
THE LAW") has none, acronyms ("to NATO", "in EUR") are too short, and a
first word that is a stop word or a legal heading ("in ADDITION", "in
SECTION 3", "to WHOM IT MAY CONCERN") is emphasis. "of" is no cue ("Code of
CRIMINAL PROCEDURE"). Its label is a guess: a model's label wins an overlap.
"""

from __future__ import annotations

import regex

from privrag.calendar_words import CALENDAR_WORDS
from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule, english_stop_words

__all__ = ["MIN_LETTERS", "uppercase_place_recognizer", "relocation_place_recognizer"]

#: fewer capital letters than this read as an acronym ("NATO", "ECHR")
MIN_LETTERS = 5

_CUE = r"(?:to|from|in|at|near|city|town|village|(?i:where|venue|location):)"
#: capitalised words after such a cue that are emphasis or a legal heading, not a place
_NOT_PLACE = frozenset(
    """article section part chapter annex schedule paragraph addition least capitals capital letters
    order full total general particular principle practice writing person public private""".split()
)
_WORD = r"\p{Lu}[\p{Lu}\p{M}'’\-]*\p{Lu}"
_PLACE = rf"{_WORD}(?:[ \t](?:{_WORD}|\p{{Lu}}'|\p{{Lu}}’)){{0,3}}"


def _plausible_place(match: str) -> bool:
    words = match.lower().split()
    return (sum(c.isalpha() for c in match) >= MIN_LETTERS and not regex.search(r"\d", match)
            and words[0] not in _NOT_PLACE and words[0] not in english_stop_words())


def uppercase_place_recognizer() -> ContextPatternRecognizer:
    """A run of capitalised words (five letters or more) right after a lowercase place preposition."""
    return ContextPatternRecognizer(
        "LOCATION",
        [Rule("upper_place", rf"(?<=\b{_CUE}[ \t]){_PLACE}(?![\p{{L}}\p{{M}}\d])", 0.6, _plausible_place,
              case_sensitive=True)],
        name="privrag_uppercase_place",
    )


#: verbs of moving house: what follows "moved here from" is a place
_MOVED = (r"(?:moved|relocated|emigrated|immigrated|migrated)(?:[ \t]+(?:here|there|back|away|out|over))?"
          r"[ \t]+(?:from|to)|grew[ \t]+up[ \t]+in")
_PLACE_WORD = r"\p{Lu}[\p{L}\p{M}'’\-]*\p{L}"
_PLACE_PARTICLE = r"(?:de|del|de[ \t]la|la|le|les|do|da|dos|das|di|du|sur|upon|on|am|an|im|en|y)"
_MIXED_PLACE = rf"{_PLACE_WORD}(?:[ \t](?:{_PLACE_PARTICLE}[ \t])?{_PLACE_WORD}){{0,3}}"


def relocation_place_recognizer() -> ContextPatternRecognizer:
    """A capitalised place after a verb of moving house: "We moved here from Maringá",
    "she grew up in Villanueva de la Serena".

    Where someone lived is a quasi-identifier, and a town spaCy-sm does not
    know is read as nothing; the verb says it is a place. Its label is a guess
    like the capitals rule's ("moved to Google" — a model's label wins).
    """
    return ContextPatternRecognizer(
        "LOCATION",
        [Rule("moved_place", rf"(?<=\b(?i:{_MOVED})[ \t]){_MIXED_PLACE}(?![\p{{L}}\p{{M}}\d])", 0.6,
              _plausible_mixed_place, case_sensitive=True)],
        name="privrag_relocation_place",
    )


_NOT_MIXED_PLACE = CALENDAR_WORDS | {"christmas", "easter"}


def _plausible_mixed_place(match: str) -> bool:
    first = match.lower().split()[0]
    return (first not in english_stop_words() and first not in _NOT_PLACE and first not in _NOT_MIXED_PLACE
            and len(match) >= 3)
