"""Addresses written inside a line: named pieces before a postcode, a street before its postcode and town.

The block rules of :mod:`privrag.detect.recognizers_address` need a street
line that starts with a house number, or a line that is only an address.
Letters, forms and e-mails also write an address inside a sentence or
beside other fields, in the order of its country:

* named pieces ending in a town and its postcode, with no house number at
  all (:func:`pieces_to_postcode`): Welsh and Irish houses have names,
  Indian addresses a building and a cross road;
* a street and its house number, then the postcode and the town, as most of
  Europe writes it ("address Heeper Straße 211, 33607 Bielefeld, shift lead
  since …", "ul. Kasztanowa 9/4, 55-040 Kobierzyce, NIP …");
* a Japanese address after the postal mark "〒".
"""

from __future__ import annotations

import regex

from privrag.calendar_words import CALENDAR_WORDS
from privrag.detect.address_shapes import (
    MAX_WORDS_PLACE,
    PLACE,
    PLACE_POSTCODE,
    POSTCODE_LINE,
    AddressPart,
)

__all__ = ["pieces_to_postcode", "inline_addresses", "town_like"]

#: a piece of an address without a house number: a house's, a street's, an estate's or a village's name
#: ("Tŷ Capel", "Ffordd Llanrug", "Cwm-y-glo", "Sai Krupa Residency", "14th Main", "Flat 302")
#: ("B wing", "2nd floor": one lower-case word after a capital or a number names a building's part)
_NAMED_PIECE = regex.compile(r"^(?:[\p{Lu}\d][\p{L}\p{M}\d'’.\-]*)(?:[ \t]+(?:[\p{Lu}\d][\p{L}\p{M}\d'’.\-]*|y|de|la|na|an))*"
                             r"(?:[ \t]+\p{Ll}+)?$")
#: where prose hands over to the address in a line's first piece: a sentence's end, a colon, "at"/"is"/"for"
_ADDRESS_START = regex.compile(r"(?:[.:;!?][ \t]+|[ \t](?:at|is|in|to|on|for|from)[ \t]+)(?=[^.:;!?]*$)")


def town_like(name: str) -> bool:
    """A town of GeoNames' list, or a name with a word no English dictionary holds ("Caernarfon")."""
    from privrag.detect.recognizers_cities import is_city
    from privrag.keep.brands import english_words

    words = english_words()
    return is_city(name) or any(w.lower() not in words for w in regex.findall(r"\p{L}+", name))


def pieces_to_postcode(text: str, s: int, e: int) -> list[AddressPart]:
    """"Tŷ Capel, Ffordd Llanrug, Cwm-y-glo, Caernarfon LL55 4DE", "…'79. 4 Cois Cuain, Knocknacarra,
    Galway, H91 X7P2.", "…location at Flat 302, Sai Krupa Residency, 14th Main, HSR Layout Sector 2,
    Bengaluru 560102": named pieces after commas that end in a town and its postcode are an address,
    when no piece holds a street with a house number (Welsh and Irish houses have names, Indian
    addresses a building and a cross road). At least three pieces before the postcode's town; a
    first piece that starts in prose gives only what follows the prose."""
    line = text[s:e]
    # the address may end its sentence before the line does ("… Bengaluru 560102. How may I help you?")
    comma = line.rfind(",")
    end = regex.search(r"[.!?;](?:[ \t]|$)", line, pos=max(comma, 0)) if comma >= 0 else None
    body = (line[: end.start()] if end else line).rstrip(" \t.")
    pieces = body.split(",")
    # "… Baner Road, Pune 411045, we shifted him last week": the address ends at its town and postcode
    ends = [j for j in range(2, len(pieces)) if PLACE_POSTCODE.match(pieces[j].strip())]
    if ends and not PLACE_POSTCODE.match(pieces[-1].strip()) and not POSTCODE_LINE.match(pieces[-1].strip()):
        pieces = pieces[: ends[-1] + 1]
    if len(pieces) < 4 and not (len(pieces) >= 3 and PLACE_POSTCODE.match(pieces[-1].strip())):
        return []
    last = pieces[-1].strip()
    place_zip = PLACE_POSTCODE.match(last)
    if place_zip is None and not (POSTCODE_LINE.match(last) and PLACE.match(pieces[-2].strip())):
        return []
    # the address starts at the first piece from which every piece is a name's: a piece before it is
    # prose ("Thank you, Ms Rao. I see the connection at Flat 302, …"), and where prose runs into the
    # address, only what follows it counts
    for k in range(len(pieces) - 2):
        first = pieces[k]
        cuts = list(_ADDRESS_START.finditer(first))
        head = first[cuts[-1].end() :] if cuts else first
        named = [head.strip(), *(p.strip() for p in pieces[k + 1 : -1])]
        if len(named) >= 2 and all(_NAMED_PIECE.match(p) and len(p.split()) <= MAX_WORDS_PLACE for p in named):
            break
    else:
        return []
    if any(w.lower().strip(".") in CALENDAR_WORDS for p in named for w in p.split()):
        return []  # "…, 2-9 June, …": a date
    town = place_zip.group("place") if place_zip is not None else pieces[-2].strip()
    if not town_like(town):
        return []  # "Stock: Apples, Pears, Plums, Total 40512": a list and a figure
    at = [s]  # where each piece starts in the text
    for piece in pieces[:-1]:
        at.append(at[-1] + len(piece) + 1)

    def lead(i: int) -> int:  # the first character of piece ``i`` after its spaces
        return at[i] + len(pieces[i]) - len(pieces[i].lstrip())

    start = at[k] + len(first) - len(head.lstrip())
    if place_zip is not None:  # "…, Caernarfon LL55 4DE": the town and its postcode share the last piece
        street_end = at[-1] - 1
        z = lead(-1)
        parts = [AddressPart(z + place_zip.start("place"), z + place_zip.end("place"), "LOCATION", "place_line"),
                 AddressPart(z + place_zip.start("zip"), z + place_zip.end("zip"), "ZIP_CODE", "postcode_line")]
    else:  # "…, Galway, H91 X7P2": the town's piece, then the postcode's
        street_end = at[-2] - 1
        parts = [AddressPart(lead(-2), lead(-2) + len(pieces[-2].strip()), "LOCATION", "place_line"),
                 AddressPart(lead(-1), lead(-1) + len(last), "ZIP_CODE", "postcode_line")]
    if street_end <= start:
        return []
    return [AddressPart(start, street_end, "STREET_ADDRESS", "named_pieces"), *parts]


#: the words a street's name may hold in lower case, between its capitalised words ("Rue de la Paix",
#: "Straße des 17. Juni" aside) and the abbreviations that open it ("ul. Kasztanowa", "c/ Mayor")
_STREET_JOINER = r"(?:de|del|der|des|di|du|la|le|van|von|am|an|im|auf|zum|zur|y)"
_STREET_OPENER = r"(?:(?:ul|al|pl|os|rue|av|avda|via|calle|c/|str)\.?[ \t]+)"
#: a street and its house number, a comma, then a postcode and its town: "Heeper Straße 211, 33607 Bielefeld",
#: "ul. Kasztanowa 9/4, 55-040 Kobierzyce", "Kungsgatan 44, 111 35 Stockholm", "Lindeplein 3, 3815 KP Amersfoort"
_STREET_POSTCODE_TOWN = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}\d.'’-])(?P<street>{_STREET_OPENER}?\p{{Lu}}[\p{{L}}\p{{M}}'’.\-]*"
    rf"(?:[ \t]+(?:\p{{Lu}}[\p{{L}}\p{{M}}'’.\-]*|{_STREET_JOINER})){{0,3}}"
    r"[ \t]+\d{1,5}[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?)"
    r",[ \t]*(?P<zip>\d{5}|\d{4}[ \t]?[A-Z]{2}|\d{2}-\d{3}|\d{3}[ \t]\d{2}|\d{4})"
    r"[ \t]+(?P<town>\p{Lu}[\p{L}\p{M}'’\-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}'’\-]+)?)(?![\p{L}\p{M}\d])"
)
#: a four-digit "postcode" that reads as a year ("Article 6, 1950 Convention") is a year
_YEAR = regex.compile(r"(?:1[89]|20)\d\d")
#: the parts of a document or a law a number follows ("Section 5", "Article 6")
_DOCUMENT_PARTS = frozenset("section article chapter page paragraph clause table figure annex appendix part item "
                            "schedule version volume rule regulation".split())
#: Japan's postal mark, its postcode and the address written after it in Japanese script:
#: "〒154-0004 東京都世田谷区太子堂3-21-8-402"
_JAPANESE = regex.compile(r"〒[ \t　]?\d{3}[-－]\d{4}(?:[ \t　]*[\p{Han}\p{Hiragana}\p{Katakana}ー\p{N}\-－−‐]+)?")


def inline_addresses(text: str) -> list[AddressPart]:
    """Addresses written inside a line in a European or a Japanese order (see the module docstring)."""
    out: list[AddressPart] = []
    for m in _STREET_POSTCODE_TOWN.finditer(text):
        street, town = m.group("street"), m.group("town")
        if _YEAR.fullmatch(m.group("zip")) or not town_like(town):
            continue  # "Article 6, 1950 Convention", "Room 4, 2100 Annual …"
        if street.split()[0].lower() in _DOCUMENT_PARTS:
            continue  # "see Section 5, 10115 Berlin": a part of a document, then an address
        if any(w.lower().strip(".") in CALENDAR_WORDS for w in street.split()):
            continue  # "Friday 14, 10115 …" is a date
        out.append(AddressPart(m.start("street"), m.end("street"), "STREET_ADDRESS", "street_postcode_town"))
        out.append(AddressPart(m.start("zip"), m.end("zip"), "ZIP_CODE", "street_postcode_town"))
        out.append(AddressPart(m.start("town"), m.end("town"), "LOCATION", "street_postcode_town"))
    out.extend(AddressPart(m.start(), m.end(), "STREET_ADDRESS", "japanese_postal_mark") for m in _JAPANESE.finditer(text))
    return out
