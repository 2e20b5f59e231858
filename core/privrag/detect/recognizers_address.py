"""Postal addresses laid out as a block of lines, and inline after "lives at".

Why a layout recognizer: in letters, e-mail signatures and invoices an
address is written as a block — house number and street, a unit, the town,
the country with its postcode — and each line on its own is too short for
an NER model to label: spaCy-sm and the shipped GLiNER miss upper-case towns
("SEINÄJOKI"), unknown village names and streets without an English street
word ("3657 Holder 81", "077 Mellemstræde 74"). Measured on Presidio's
synthetic set with the default detector, these blocks were the largest
group of spans SEAG left in the text (street lines, towns and countries:
about half of everything it missed outside titles). The layout gives
them away: a line that starts with a house number, followed by short lines
that read like a unit, a town, a state code, or a place with a postcode.

The recognizer is strict about the block, not about the words: a street
line only counts when a unit line or a postcode line follows it (or an
"address" cue is on the line above), so numbered paragraphs ("1. The
applicant …") and tables ("2019 Annual Report / Revenue") are not blocks.
"""

from __future__ import annotations

import functools
from typing import Any

import regex

from privrag.calendar_words import CALENDAR_WORDS
from privrag.detect.address_inline import inline_addresses, pieces_to_postcode
from privrag.detect.address_shapes import (
    MAX_WORDS_PLACE,
    PLACE,
    PLACE_POSTCODE,
    POSTCODE,
    POSTCODE_LINE,
    POSTCODE_PLACE,
    AddressPart,
)
from privrag.detect.recognizer_base import english_stop_words, layout_result

try:
    from presidio_analyzer import EntityRecognizer
except ImportError as exc:  # pragma: no cover - a core dependency
    raise ImportError("identifier recognizers need presidio: `pip install presidio-analyzer`") from exc

__all__ = ["AddressBlockRecognizer", "AddressPart", "address_parts", "address_block_recognizer"]

#: quote markers and bullets in front of a line ("> ", "* "), and mojibake ("??? ")
_LEAD = regex.compile(r"^[ \t>|?*•·\-]*")
#: a street line: a house number, then words (a trailing number and unit allowed)
_STREET = regex.compile(
    r"^\d{1,6}[A-Za-z]?(?:[-/]\d{1,4})?\s+(?=[^\n]*\p{L})[^\n,;:@]{2,60}$"
)
#: a numbered paragraph or a list item is not a street line
_NUMBERED = regex.compile(r"^\d{1,3}[.)]\s")
#: a unit line: "Apt. 839", "Suite 300", "Flat 2B", "c/o" not included
_UNIT = regex.compile(
    r"^(?:apt|apartment|suite|ste|unit|flat|room|rm|floor|fl|bldg|building|box|po box|p\.o\. box)\.?\s*#?\s*\w{1,6}$",
    regex.IGNORECASE,
)
#: a unit written as its floor and its number: "#15-02" (Singapore, Malaysia)
_UNIT_NUMBER = regex.compile(r"^#\d{1,3}-\d{1,5}[A-Z]?$")
#: a street named before its house number, as most of Europe writes it: "Schönhauser Allee 112"
_STREET_NUMBER_LAST = regex.compile(r"^\p{L}[\p{L}\p{M}'’.\- ]{2,40}\s\d{1,5}[A-Za-z]?(?:\s(?:bus|bte|boîte)\s\d{1,4}[A-Za-z]?)?$")
#: the value of an address field: "Address: Ty Coch, 7 Heol y Bryn, Llandrindod Wells LD1 6BT" — up
#: to the end of the line or the next field after a gap ("…  Mobile: 087…"); not an e-mail or IP address
_ADDRESS_FIELD = regex.compile(
    r"(?i)(?<![\w-])(?<!(?:e-?mail|ip|web|mac)\s{1,3})"
    r"(?:(?:home|postal|mailing|current|permanent|residential|billing|delivery|shipping|patient)\s+)?"
    # the field's name in our users' other languages: "Morada:", "Dirección:", "Anschrift:", "Indirizzo:"
    r"(?:address|adresse|anschrift|direcci[oó]n|domicilio|morada|endere[cç]o|indirizzo|adres|adresa|adresă|osoite"
    # and in the scripts of our users' other languages: Ukrainian, Russian, Bulgarian, Greek, Thai
    r"|адреса|адрес|διεύθυνση|ที่อยู่)"
    r"\s*[:：][ \t]*(?P<value>[^\n]+?)[ \t.]*(?=\n|$|[ \t]{2,}|\t)"
)
#: a street typed in lower case, as chats write it ("its flat 4b 19 st annes road bristol"): a house
#: number, up to three words that are no stop words, then a thoroughfare word — models and the
#: capitalised rules above read none of it
_THOROUGHFARE = (
    "road|rd|street|st|avenue|ave|lane|ln|close|drive|dr|way|grove|crescent|place|court|terrace|gardens|"
    "row|mews|square|boulevard|blvd|parade|walk|hill"
)
_LOWER_STREET = (
    r"(?<![\w.,/-])\d{1,5}[a-z]?(?:\s+(?!(?:STOP)\b)[a-z][a-z'’-]*){1,3}\s+(?:" + _THOROUGHFARE + r")\b(?![\w-])"
)
#: a town, maybe its state, and a postcode after a lower-case street: ", maidstone vic 3012"
_LOWER_TOWN_CODE = regex.compile(r",?[ \t]+(?P<place>[a-z][a-z'’-]*(?:[ \t][a-z][a-z'’-]*){0,3})[ \t]+(?P<zip>\d{4,5})(?![\w-])")
#: words that end a block: a line of prose, a greeting, a phone or e-mail label
_NOT_PLACE = regex.compile(
    r"^(?:dear|hi|hello|thanks|thank|regards|best|sincerely|tel|phone|fax|mobile|email|e-mail|web|re|subject)\b",
    regex.IGNORECASE,
)
_ADDRESS_CUE = regex.compile(r"\b(?:address|ship(?:ping)?\s+to|deliver(?:y)?\s+to|mail\s+to)\b\W*$", regex.IGNORECASE)
#: inline: "lives at 846 31 Rue Al Imam, Cite Merzgui", "his address: 5366 Pivovarská 276"
_INLINE = regex.compile(
    r"(?:\b(?:lives?|living|resides?|residing|located|drops?\s+(?:you\s+)?off)\s+(?:at|on)"
    r"|\baddress(?:\s+is)?\s*:?)\s+(?=\d{1,6}[A-Za-z]?\s+(?:\d{1,5}\s+)?\p{L})",
    regex.IGNORECASE,
)
#: abbreviations that end a street name ("90 St. Then …") and ones that start it ("ul. Sandoval")
_STREET_END_ABBR = frozenset({"st", "rd", "ave", "av", "blvd", "str", "ln", "dr", "ct", "pl", "sq"})
_STREET_START_ABBR = frozenset({"ul", "al", "u", "pl", "av", "str", "c", "via", "no"})
MAX_INLINE_WORDS = 8
#: an organisation's name ends in one of these ("Hernandez Partners", "Rocha Inc.")
_ORG_END = regex.compile(
    r"\b(?:inc|llc|ltd|plc|gmbh|ag|sa|srl|bv|co|corp|corporation|company|group|partners|associates|agency|"
    r"consulting|technologies|solutions|systems|services|labs?|bank|foundation|university|hospital|clinic)\.?$",
    regex.IGNORECASE,
)
#: an addressee line: a name, no digits, no sentence
_ADDRESSEE = regex.compile(r"^\p{L}[\p{L}\p{M}'’.&\- ]{1,40}$")
MAX_ADDRESSEE_LINES = 3
MAX_BLOCK_LINES = 5


def _lines(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each line's content, quote markers and outer spaces stripped."""
    out = []
    pos = 0
    for raw in text.split("\n"):
        lead = _LEAD.match(raw).end()
        body = raw[lead:].rstrip(" \t\r")
        out.append((pos + lead, pos + lead + len(body)))
        pos += len(raw) + 1
    return out


#: the gap between two columns of a form: three spaces or a tab
_COLUMN_GAP = regex.compile(r"[ ]{3,}|[ ]*\t[ \t]*")


def _cells(line: str, start: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each column of a form's row ("7 Cois Abhann, …, Co. Mayo F23 KD61   PPSN …"),
    the whole line when it has one."""
    out, pos = [], 0
    for m in _COLUMN_GAP.finditer(line):
        out.append((start + pos, start + m.start()))
        pos = m.end()
    out.append((start + pos, start + len(line)))
    return [(a, b) for a, b in out if b > a]


def _block_after(text: str, lines: list[tuple[int, int]], i: int) -> list[AddressPart]:
    """Classify the lines after the street line ``i``; empty when they do not make a block."""
    parts: list[AddressPart] = []
    strong = False
    blank = 0
    for j in range(i + 1, min(len(lines), i + 1 + MAX_BLOCK_LINES + 2)):
        s, e = lines[j]
        line = text[s:e]
        if not line:
            blank += 1
            if blank > 1:
                break
            continue
        blank = 0
        if _UNIT.match(line):
            parts.append(AddressPart(s, e, "STREET_ADDRESS", "unit_line"))
            strong = True
        elif POSTCODE_LINE.match(line):
            parts.append(AddressPart(s, e, "ZIP_CODE", "postcode_line"))
            strong = True
            break
        elif (m := PLACE_POSTCODE.match(line)) and not _NOT_PLACE.match(line):
            parts.append(AddressPart(s + m.start("place"), s + m.end("place"), "LOCATION", "place_line"))
            parts.append(AddressPart(s + m.start("zip"), s + m.end("zip"), "ZIP_CODE", "postcode_line"))
            strong = True
            break
        elif PLACE.match(line) and len(line.split()) <= MAX_WORDS_PLACE and not _NOT_PLACE.match(line):
            parts.append(AddressPart(s, e, "LOCATION", "place_line"))
        else:
            break
    return parts if strong else []


def _inline_address(text: str, start: int) -> list[AddressPart]:
    """The street (and the town after a comma) that starts at ``start``: up to a comma,
    a line end or a sentence end, "St." included, "ul." not taken for a sentence end."""
    tokens = list(regex.finditer(r"[^\s,;]+", text[start : start + 120]))
    end = start
    for k, t in enumerate(tokens[:MAX_INLINE_WORDS]):
        if k and "\n" in text[start + tokens[k - 1].end() : start + t.start()]:
            break
        word = t.group()
        end = start + t.end()
        if text[end : end + 1] in (",", ";"):
            break
        if word.endswith(".") and k:
            stem = word.rstrip(".").lower()
            if stem in _STREET_END_ABBR:
                break
            if stem not in _STREET_START_ABBR:
                end -= len(word) - len(word.rstrip("."))
                break
    words = text[start:end].split()[1:]
    named = any(w[:1].isupper() or any(c.isdigit() for c in w) or w.rstrip(".").lower() in _STREET_END_ABBR
                for w in words)
    if not words or not named:  # "lives on 5 floors of the building"
        return []
    parts = [AddressPart(start, end, "STREET_ADDRESS", "inline")]
    # the town, and the postcode after it: ", Caerphilly CF83 1AB."
    place = regex.match(rf"(?-i:,\s*(\p{{L}}[\p{{L}}\p{{M}}'’\- ]{{1,40}}?)(?:\s+({POSTCODE}))?)\s*(?=[.,;\n]|$)", text[end : end + 60])
    if place:
        parts.append(AddressPart(end + place.start(1), end + place.end(1), "LOCATION", "inline_place"))
        if place.group(2):
            parts.append(AddressPart(end + place.start(2), end + place.end(2), "ZIP_CODE", "inline_postcode"))
    return parts


def _addressee_before(text: str, lines: list[tuple[int, int]], i: int) -> list[AddressPart]:
    """The name lines above street line ``i`` ("Richard Clark / Locavore"; "Billing address: Ana Dias").

    One blank line may separate them from the street. Labelled PERSON, or
    ORGANIZATION with a company ending; the recognizer reports them under
    its own low-priority name so an NER label, where there is one, wins.
    """
    parts: list[AddressPart] = []
    j = i - 1
    if j >= 0 and lines[j][0] == lines[j][1]:
        j -= 1
    while j >= 0 and len(parts) < MAX_ADDRESSEE_LINES:
        s, e = lines[j]
        line = text[s:e]
        if ":" in line:  # "Billing address: Ana Dias" — the name after the label, then stop
            k = line.rindex(":") + 1
            k += len(line[k:]) - len(line[k:].lstrip())
            if _ADDRESSEE.match(line[k:]) and len(line[k:].split()) <= MAX_WORDS_PLACE:
                parts.append(AddressPart(s + k, e, "ORGANIZATION" if _ORG_END.search(line) else "PERSON", "addressee"))
            break
        if not _ADDRESSEE.match(line) or len(line.split()) > MAX_WORDS_PLACE or _NOT_PLACE.match(line):
            break
        parts.append(AddressPart(s, e, "ORGANIZATION" if _ORG_END.search(line) else "PERSON", "addressee"))
        j -= 1
    return parts


def _one_line(text: str, s: int, e: int) -> list[AddressPart]:
    """"1607 ul. Zakrzowska 92 Apt. 399, PORT JENNYFURT, Mexico": a street and at least
    two places after commas, on one line — or one place, when it carries the postcode
    ("22 Kimbolton Road, Bedford MK40 2NR", "Schönhauser Allee 112, 10439 Berlin")."""
    pieces = text[s:e].split(",")
    if len(pieces) < 2:
        return []
    last = pieces[-1].strip()
    # in a cased line a street or a town after its number is capitalised: "born on march 12, 1990 in
    # Leeds" is a date and a town; a line typed all in lower case says nothing by its case
    cased = any(c.isupper() for c in text[s:e])
    after_code = POSTCODE_PLACE.match(last)
    postcode_last = bool(PLACE_POSTCODE.match(last) or (after_code and not (cased and last[after_code.start("place")].islower())))
    # "Millbrook Surgery, 14 Station Road, Kettering NN15 7HH": a name may head the line; with the
    # postcode at its end, the address starts at the first piece that is a street
    headed = postcode_last and last[:1].isupper()  # "…, Kettering NN15 7HH"; never "flight TAP TP 827"
    for j in range(len(pieces) - 1 if headed else 1):
        street = pieces[j].strip()
        if j and any(w.lower().strip(".") in CALENDAR_WORDS for w in street.split()):
            continue  # "…, 2-9 June 2025, …" is a date
        numbered = _STREET.match(street) and len(street.split()) >= 3
        number_last = _STREET_NUMBER_LAST.match(street) and not (cased and street[:1].islower())
        if numbered or (postcode_last and (_STREET.match(street) or number_last)):
            break
    else:
        return []
    s += sum(len(p) + 1 for p in pieces[:j]) + len(pieces[j]) - len(pieces[j].lstrip())
    pieces = [pieces[j].lstrip(), *pieces[j + 1 :]]
    if len(pieces) < 3 and not postcode_last:
        return []
    parts = [AddressPart(s, s + len(pieces[0].rstrip()), "STREET_ADDRESS", "street_line")]
    pos = s + len(pieces[0]) + 1
    for piece in pieces[1:]:
        body = piece.strip()
        start = pos + len(piece) - len(piece.lstrip())
        m = PLACE_POSTCODE.match(body) or POSTCODE_PLACE.match(body)
        if m:
            parts.append(AddressPart(start + m.start("place"), start + m.end("place"), "LOCATION", "place_line"))
            parts.append(AddressPart(start + m.start("zip"), start + m.end("zip"), "ZIP_CODE", "postcode_line"))
        elif PLACE.match(body) and len(body.split()) <= MAX_WORDS_PLACE:
            parts.append(AddressPart(start, start + len(body), "LOCATION", "place_line"))
        elif _UNIT.match(body) or _UNIT_NUMBER.match(body):  # "80 Pasir Panjang Road, #15-02, Singapore 117372"
            parts.append(AddressPart(start, start + len(body), "STREET_ADDRESS", "unit_line"))
        elif body.startswith("(") or not body:
            pos += len(piece) + 1
            continue
        else:
            return []
        pos += len(piece) + 1
    return parts


@functools.lru_cache(maxsize=1)
def _lower_street() -> regex.Pattern[str]:
    # neither a stop word nor a unit or time word: "3 pm st john's", "3 weeks ago drive" are no streets
    units = {"am", "pm", "min", "mins", "minutes", "hour", "hours", "hrs", "day", "days", "week", "weeks", "month",
             "months", "year", "years", "ago", "times", "mg", "ml", "kg", "km", "miles", "mile", "metres", "meters"}
    stop = "|".join(sorted(english_stop_words() | CALENDAR_WORDS | units, key=len, reverse=True))
    return regex.compile(_LOWER_STREET.replace("STOP", stop))


def address_parts(text: str) -> list[AddressPart]:
    """Street lines, units, towns and postcodes of the address blocks in ``text``."""
    lines = _lines(text)
    found: list[AddressPart] = []
    for i, (s, e) in enumerate(lines):
        line = text[s:e]
        if _NUMBERED.match(line):
            continue
        # a form's row in columns: each cell alone, and the whole line when no cell is an address
        # ("Flat 3,   12 High Street,   Leeds   LS1 4AB" is one address laid out in columns)
        one = [p for cs, ce in _cells(line, s) if "," in text[cs:ce]
               for p in (_one_line(text, cs, ce) or pieces_to_postcode(text, cs, ce))]
        if not one and "," in line:
            one = _one_line(text, s, e) or pieces_to_postcode(text, s, e)
        if one:
            found.extend(one)
            found.extend(_addressee_before(text, lines, i))
            continue
        if not _STREET.match(line) or len(line.split()) > 8:
            continue
        after = _block_after(text, lines, i)
        cue = i > 0 and bool(_ADDRESS_CUE.search(text[lines[i - 1][0] : lines[i - 1][1]]))
        if after or cue:
            found.append(AddressPart(s, e, "STREET_ADDRESS", "street_line"))
            found.extend(after)
            found.extend(_addressee_before(text, lines, i))
    for m in _INLINE.finditer(text):
        found.extend(_inline_address(text, m.end()))
    found.extend(inline_addresses(text))
    for m in _lower_street().finditer(text):
        found.append(AddressPart(m.start(), m.end(), "STREET_ADDRESS", "lower_street"))
        # "…27 hampstead road, maidstone vic 3012": the town (and state) and the postcode after it
        if tail := _LOWER_TOWN_CODE.match(text, m.end()):
            found.append(AddressPart(tail.start("place"), tail.end("place"), "LOCATION", "lower_place"))
            found.append(AddressPart(tail.start("zip"), tail.end("zip"), "ZIP_CODE", "lower_postcode"))
    for m in _ADDRESS_FIELD.finditer(text):
        value = m.group("value")
        # "Address: see referral" or "Address: NFA" holds no address: a number or a comma says one is there
        if len(value.split()) >= 2 and (any(c.isdigit() for c in value) or "," in value):
            found.append(AddressPart(m.start("value"), m.start("value") + len(value), "STREET_ADDRESS", "address_field"))
    return found


class AddressBlockRecognizer(EntityRecognizer):
    """Presidio recognizer for :func:`address_parts` (street lines, units, towns, postcodes).

    Key init args:
        score: the score of every part (the layout is the evidence, not a word list).

    Instantiate:
        .. code-block:: python

            registry.add_recognizer(AddressBlockRecognizer())
    """

    ENTITIES = ("STREET_ADDRESS", "LOCATION", "ZIP_CODE", "PERSON", "ORGANIZATION")
    SCORE = 0.7
    #: addressee lines: what to mask is clear from the layout, their label is a guess
    ADDRESSEE_SCORE = 0.5
    ADDRESSEE_SOURCE = "privrag_addressee"

    def __init__(self, score: float = SCORE, language: str = "en") -> None:
        super().__init__(
            supported_entities=list(self.ENTITIES), name="privrag_address_block", supported_language=language
        )
        self.score = score

    def load(self) -> None:  # nothing to load: layout rules only
        return None

    def analyze(self, text: str, entities: list[str] | None = None, nlp_artifacts: Any = None) -> list[Any]:
        wanted = set(entities) if entities else set(self.ENTITIES)
        out = []
        for p in address_parts(text):
            if p.entity not in wanted or p.end <= p.start:
                continue
            addressee = p.rule == "addressee"
            score = self.ADDRESSEE_SCORE if addressee else self.score
            name = self.ADDRESSEE_SOURCE if addressee else self.name
            out.append(layout_result(self, p.entity, p.start, p.end, score, p.rule, "address layout", name))
        return EntityRecognizer.remove_duplicates(out)


def address_block_recognizer() -> AddressBlockRecognizer:
    """A fresh :class:`AddressBlockRecognizer` (the factory the identifier list uses)."""
    return AddressBlockRecognizer()
