"""Product names written with inner capitals ("TeamViewer", "BitLocker", "BrightHR", "RxWorks").

No catalogue lists every service a workplace names: the rota app, the practice
system, the tenant portal, the expense scanner. A model reads such a word as a
person or a place, and every technique then masks what the answer needs
("approve it in AppFolio", "scan it with ExpenseIt"). Their spelling says what
they are: a capital inside a word (a "medial capital", camel case) is a
convention of trade names and software, which English uses for nothing else.
A person's name carries one only after a surname prefix ("McBride", "MacLeod",
"FitzGerald", "DeShawn", "LaToya", "DiCaprio") or when it joins two names
("JoAnn", "MaryBeth"): those stay names.

A coined name is still a firm's name as often as a product's. A small business
is written with what it is ("HomeNest Support", "BrightPath Talent",
"MotoMeter AG", "Sahyadri InfoSolutions") or where it is ("MysticWeb in Quinta
de São Tiago"); a name the text writes so, anywhere, is kept nowhere in it.
The caller (:class:`~privrag.keep.finder.KeepFinder`) also applies the checks
of every public entity: an employer ("works at RxWorks") or a surname stays
protected.

Across domains dev, our own 70 documents and TAB train and dev, the words this
keeps were annotated as keeps or not at all; the ones annotated as protected
(a company with its legal form, a support desk, a recruiter's signature, an
employer in a CV, surnames with "Mc") are the cases above.
"""

from __future__ import annotations

import re

__all__ = ["coined_names", "NAME_PREFIXES", "LEGAL_FORMS"]

#: a capitalised word with a capital inside: "TeamViewer", "ServiceNow", "BrightHR", "PostgreSQL".
#: Not "RhD", "IgG" or "GmbH" (one capital at the end: units, antibodies, legal forms), not "eGFR" or
#: "iOS" (a lower-case start writes units and analytes as often), not inside a handle, an address, a
#: path or a hyphenated name; an initialism before a word is one too ("GTBank", "GTWorld"), and so is a
#: lower-case "i" or "e" before a capitalised word ("iPad", "eBay")
_COINED = re.compile(r"(?<![\w@#./:\\'’-])(?:[A-Z][a-z]+(?:(?:[A-Z][a-z]+)+[A-Z]*|[A-Z]{2,})|[A-Z]{2,4}[a-z]{3,}(?:[A-Z][a-z]+)*"
                     # an "i" or an "e" before a capitalised word: "iPad", "iCloud", "eBay", "eSocial" (not "eGFR", "iOS")
                     r"|[ie][A-Z][a-z]{2,}(?:[A-Z][a-z]+)*)"
                     r"(?![\w@'’-]|\.\w)")
#: surname prefixes (Gaelic, Norman, Romance, Dutch, Arabic) after which a name takes a capital:
#: "McBride", "MacLeod", "FitzGerald", "DeShawn", "LaToya", "DiCaprio", "VanDyke", "AlFarsi"
NAME_PREFIXES = frozenset(
    "mc mac fitz de di da du del della des dos la le lo van von ver ten ter st ste san santa al el ben bin abd abu "
    "ap ab o ni nic mhic".split()
)
#: legal forms and the heads of an organisation's name: after a coined name they make it a registered
#: company, a site or a desk ("MotoMeter AG", "HomeNest Support") — checked with ``brands.ORGANISATION_HEADS``
LEGAL_FORMS = frozenset(
    "ag gmbh inc ltd llc llp plc corp co sa sas sarl bv nv kg oy ab asa spa srl pty pvt support helpdesk desk "
    "talent recruitment realty properties lettings".split()
)
#: what makes a coined name a firm's wherever it is written: a capitalised word next to it ("Sahyadri
#: InfoSolutions", "HomeNest Support"), or a place after "in"/"at" ("MysticWeb in Quinta de São Tiago")
_NEXT_WORD = re.compile(r"[ \t]+(?:(?:in|at|of)[ \t]+)?([A-Z][\w'’&-]*)")
_PREV_WORD = re.compile(r"([A-Z][\w'’&-]*)[ \t]+$")
_SEGMENT = re.compile(r"[A-Z][a-z]+|[A-Z]+(?![a-z])")


def coined_names(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each coined product name in ``text`` that no mention ties to a firm."""
    if not text:
        return []
    from privrag.detect.recognizers_first_names import person_name_words

    people = person_name_words()
    found: dict[str, list[tuple[int, int]]] = {}
    firms: set[str] = set()
    for m in _COINED.finditer(text):
        word = m.group()
        if word in firms:
            continue
        if _personal(word, people) or _firm_at(text, m.start(), m.end()) or _prefixed_name(word, people):
            firms.add(word)
            found.pop(word, None)
            continue
        found.setdefault(word, []).append(m.span())
    return sorted(span for spans in found.values() for span in spans)


def _prefixed_name(word: str, people: frozenset[str]) -> bool:
    """An "i" or an "e" before a word that is no dictionary's, or is a name: a handle ("iKasia", "eMilia"),
    not a trade name ("iPad", "eBay")."""
    if not word[:1].islower():
        return False
    from privrag.keep.brands import in_dictionary

    stem = word[1:].lower()
    return stem in people or not in_dictionary(stem)


def _personal(word: str, people: frozenset[str]) -> bool:
    """A surname with its prefix ("McBride", "DeShawn") or two names joined ("JoAnn", "MaryBeth")."""
    segments = _SEGMENT.findall(word)
    if word.lower() in people or segments[0].lower() in NAME_PREFIXES:
        return True
    return all(s.lower() in people for s in segments)


def _firm_at(text: str, start: int, end: int) -> bool:
    """Does this mention begin or end a longer name, or sit in a place?"""
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep.brands import ORGANISATION_HEADS, in_dictionary
    from privrag.keep.context import FACILITY

    nxt = _NEXT_WORD.match(text, end)
    if nxt is not None:
        word, placed = nxt.group(1), nxt.group().split()[0] in ("in", "at", "of")
        low = word.lower().rstrip(".")
        # "MotoMeter AG", "HomeNest Support", "MysticWeb in Quinta", "ClearView Mathers": a firm, a site or
        # a family's name; capitals after it name a product's part or edition instead ("BitLocker BIOS",
        # "Outlook OST"), and so does a plain word ("GrabCar Premium", "BrightPay Connect")
        # — but not a trade or a facility ("BlueSky Cleaning", "SmileBright Dental")
        if placed or low in LEGAL_FORMS or low in ORGANISATION_HEADS or FACILITY.fullmatch(low) or (
            word[1:].islower() and (not in_dictionary(low) or low.endswith("ing") or low in person_name_words())
        ):
            return True
    prev = _PREV_WORD.search(text, max(0, start - 40), start)
    return prev is not None and prev.group(1)[1:].islower() and not _sentence_opener(text, prev.start())


def _sentence_opener(text: str, start: int) -> bool:
    """The capitalised word before the name opens a sentence, a line or a bullet ("Via TeamViewer",
    "- Installed BitLocker"): its capital says nothing. A dash inside a line joins a role to its
    employer instead ("Associate Developer - Sahyadri InfoSolutions")."""
    line = text[text.rfind("\n", 0, start) + 1 : start].strip()
    return not line or line[-1] in ".!?:;(\"“" or line in ("-", "•", "*")
