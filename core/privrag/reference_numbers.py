"""Numbers that name a public document, not a person: standards, trial registrations, decrees.

"ISO 9001", "IATF 16949", "EudraCT 2021-004412-38", "NCT04512345", "Decree
13/2023/ND-CP" are shaped like the identifiers privrag protects (a code with
four or more digits, a five-digit "postcode" after a capitalised word), but
each is the published number of a standard, a registered clinical trial or
a legal instrument: anyone can look it up, and it points at no one. The
prefixes are the designations of the international and national standards
bodies, the WHO ICTRP primary trial registries and the common names of
numbered legal instruments; they are closed, published lists, not examples.

Detection leaves a number after one of these prefixes alone
(:data:`AFTER_REFERENCE_PREFIX`), and the keep finder keeps the whole
reference (:data:`REFERENCE`, reason ``public_reference``).
"""

from __future__ import annotations

import re

__all__ = ["REFERENCE_PREFIXES", "REFERENCE", "AFTER_REFERENCE_PREFIX", "after_reference_prefix"]

#: standards bodies (ISO, IEC, CEN "EN", BSI "BS", DIN, ANSI, ASTM, IEEE, IATF, NFPA, ETSI, SAE),
#: WHO ICTRP trial registries, and numbered legal instruments
REFERENCE_PREFIXES: tuple[str, ...] = (
    "ISO/IEC", "ISO", "IEC", "IATF", "EN", "BS", "DIN", "ANSI", "ASTM", "IEEE", "NFPA", "ETSI", "SAE",
    "EudraCT", "NCT", "ISRCTN", "ACTRN", "ChiCTR", "CTRI", "DRKS", "EUCTR", "JPRN", "KCT", "PACTR",
    "Decree", "Directive", "Regulation", "Resolution", "Circular", "Ordinance",
)  # fmt: skip
_PREFIX = "|".join(REFERENCE_PREFIXES)
_NO = r"(?:[ \t]+(?:No|Nr|no)\.?)?"
#: the number of a reference, glued ("NCT04512345") or after a space ("EN 1090-2", "13/2023/ND-CP")
_NUMBER = r"[A-Z0-9]*\d[A-Za-z0-9]*(?:[-/:.][A-Za-z0-9]+)*"
#: a prefix and what may stand between it and its number: "Decree No. ", "NCT", "ISO: "
_LEAD = rf"\b(?:{_PREFIX}){_NO}[ \t]{{0,3}}(?:[:#][ \t]*)?"
REFERENCE = re.compile(rf"{_LEAD}{_NUMBER}(?![\w/-])")
#: a lookbehind (``regex`` syntax, variable width) that a number right after a prefix fails
AFTER_REFERENCE_PREFIX = rf"(?<!{_LEAD})"
_PREFIX_BEFORE = re.compile(rf"{_LEAD}$")


def after_reference_prefix(text: str, start: int) -> bool:
    """Whether the number at ``start`` follows a reference prefix ("EudraCT |2021-004412-38"),
    for code written with the standard library's fixed-width lookbehinds."""
    return _PREFIX_BEFORE.search(text, max(0, start - 24), start) is not None
