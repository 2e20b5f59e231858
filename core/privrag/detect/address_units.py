"""The flat, staircase or floor written after an address: "Via Carlo Goldoni 18, 20129 Milano (scala B, interno 7)".

An address recognizer ends at the town or the postcode; the unit a letter
adds after it, in brackets or after a comma, narrows the address to one
household. It is the address's own part when it opens with a unit's word in
one of our users' languages and holds a short number or letter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["ADDRESS_UNIT_SOURCE", "with_address_units"]

ADDRESS_UNIT_SOURCE = "privrag_address_unit"
#: words that open a unit of a building: English, Italian, Spanish, Portuguese, French, German, Dutch
_UNIT_WORD = (r"(?:flat|apt|apartment|unit|suite|floor|fl|room|rm|block|blk|wing|scala|sc|interno|int|piano|"
              r"escalera|esc|puerta|pta|piso|planta|bloque|bloco|andar|apto|apartamento|étage|etage|bâtiment|bat|"
              r"porte|stiege|stock|tür|top|verdieping)")
#: a unit's number or letter, as written: "7", "B", "3b", "12A" (never a word: ", top of the road")
_ONE_UNIT = rf"(?i:{_UNIT_WORD})\.?[ \t]*(?:n\.?[º°]?[ \t]*)?(?:\d{{1,4}}[A-Za-z]?|[A-Z]{{1,2}}\d{{0,3}})(?![\w])"
#: a floor written as an ordinal, as Portugal, Spain and Latin America do, with the door's side or letter:
#: "2.º Esq.", "7° B", "3º 2ª", "1.º Dto" (after an address's comma a degree sign is no temperature)
_FLOOR = (r"\d{1,2}\.?[º°ª](?:[ \t]*(?:(?i:esq|esqdo|dto|dta|dir|dt|izq|izda|dcha|fte|frente)\.?|[A-Z](?![\w])|\d{1,2}[ºª]))?"
          r"(?![\w])")
_UNITS = re.compile(rf"[ \t]*(?:\([ \t]*|,[ \t]*)((?:{_ONE_UNIT}|{_FLOOR})(?:[ \t]*,[ \t]*{_ONE_UNIT}){{0,3}})[ \t]*\)?")
#: canonical categories of an address
_ADDRESS = frozenset({"ADDRESS"})


def with_address_units(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the unit written right after each address span."""
    extra = []
    for s in spans:
        if canonical_label(s.label) not in _ADDRESS:
            continue
        m = _UNITS.match(text, s.end)
        if m is None or any(o.start < m.end(1) and m.start(1) < o.end for o in spans):
            continue
        extra.append(DetectedEntity(m.start(1), m.end(1), s.label, m.group(1), s.score, ADDRESS_UNIT_SOURCE))
    return sorted([*spans, *extra]) if extra else list(spans)
