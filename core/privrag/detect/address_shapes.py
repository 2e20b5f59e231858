"""The shapes every address rule shares: a postcode, a place, a place beside its postcode.

:mod:`privrag.detect.recognizers_address` reads address blocks and one-line
addresses, :mod:`privrag.detect.address_inline` addresses written inside a
line of prose or a form; both judge the pieces with these patterns.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

__all__ = ["AddressPart", "POSTCODE", "POSTCODE_LINE", "PLACE_POSTCODE", "POSTCODE_PLACE", "PLACE", "MAX_WORDS_PLACE"]

#: a postcode on its own line: "98616", "74-169", "340 12", "SW1A 1AA", "K1A 0B1"
POSTCODE = (
    r"(?:\d{3,5}(?:[- ]\d{2,4})?|\d{2}-\d{3}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d"
    r"|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?[0-9AC-FHKNPRTV-Y]{4}"  # an Irish Eircode: "H91 X7P2"
    r"|\d{6})"  # six digits: India's PIN, Singapore, China, Russia
)
POSTCODE_LINE = regex.compile(rf"^{POSTCODE}$")
#: a place followed by a postcode: "Finland 68258", "Campbell NO 5502", "FAUSKE nan 8200"
PLACE_POSTCODE = regex.compile(rf"^(?P<place>\p{{L}}[^\d\n@]{{1,40}}?),?\s+(?P<zip>{POSTCODE})$")
#: a postcode before its place, as most of Europe writes it: "10439 Berlin", "00-950 Warszawa"
POSTCODE_PLACE = regex.compile(rf"^(?P<zip>{POSTCODE})\s+(?P<place>\p{{L}}[^\d\n@]{{1,40}})$")
#: a place line: one to five words, no digits ("Port Whangarei", "KOKKOLA", "Cite El Farik")
PLACE = regex.compile(r"^\p{L}[\p{L}\p{M}'’.\- ]{0,40}$")
#: the most words a place line holds
MAX_WORDS_PLACE = 5


@dataclass(frozen=True)
class AddressPart:
    """One part of an address found by layout: character offsets and entity type."""

    start: int
    end: int
    entity: str
    rule: str
