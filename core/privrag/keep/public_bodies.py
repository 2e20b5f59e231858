"""National public bodies, recognised by how they are named: a country's scope and a government function.

A public body is named for what it does and for whom: "Canada Revenue
Agency", "Service Canada", "Canadian Anti-Fraud Centre", "Australian Taxation
Office", "National Health Service". Its words are ordinary ("revenue",
"service"), so word frequency says nothing, and its head noun ("Office",
"Centre") is the same one a local branch carries. What sets it apart is the
construction: a country, its demonym or a national scope word, a government
head noun, and otherwise only dictionary words. A private firm's name holds a
coined or family word ("Brightwater", "Okafor & Sons"); a local body names its
town or its local scope ("Leeds City Council", "Istanbul State Security Court",
"Konak District National Education Directorate"); either fails the test and
stays protected.

The caller still refuses an organisation the text ties to a person ("works
at the Canada Revenue Agency").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from privrag import gazetteer
from privrag.keep import brands
from privrag.keep.context import FACILITY, first_names, is_place, person_words
from privrag.types import DetectedEntity

__all__ = ["national_body", "after_a_name", "big_employer", "work_near", "joined_bodies", "national_bank_mentions", "country_before_acronym", "police_force", "health_service_region", "programme_name", "government_department", "MINISTRY_HEADS", "GOVERNMENT_HEADS", "NATIONAL_SOCIETY_HEADS", "PROGRAMME_HEADS", "SCOPE_WORDS", "LOCAL_WORDS"]

#: head nouns of a government body's name
GOVERNMENT_HEADS = frozenset(
    "agency authority administration commission ministry ombudsman inspectorate regulator department "
    "office service bureau council centre center board directorate executive tribunal court parliament "
    "assembly institute government statistics".split()
)
#: head nouns of a country's own carrier, post or telecom: "Kenya Airways", "Maroc Telecom", "Canada Post",
#: "Indian Railways" — with the country's name they are that country's one company of the kind
NATIONAL_SERVICE_HEADS = frozenset("airways airlines railways telecom telekom post".split())
#: head nouns of a nation's civil society: "Canadian Cancer Society", "Asthma Society of Ireland",
#: "British Heart Foundation" — with a country's scope they are the one national body of that name
NATIONAL_SOCIETY_HEADS = frozenset("society association foundation federation alliance".split())
#: words that give a national scope without naming the country
SCOPE_WORDS = frozenset({"national", "federal", "parliamentary"})
#: words of a local scope: "Konak District … Directorate", "Provincial Health Authority" locate a person
LOCAL_WORDS = frozenset(
    "district city county provincial province regional region municipal municipality local borough town "
    "village metropolitan".split()
)
#: head nouns of what a body or an employer provides, not of who provides it
PROGRAMME_HEADS = frozenset(
    "programme programmes program programs scheme schemes guarantee allowance allowances benefit benefits "
    "credit pension certificate".split()
)
#: head nouns of a country's own bank: "Bank of Canada", "Banco do Brasil", "Banque de France",
#: "National Bank of Kenya" — with a country's scope the name is that country's, never a small firm's
BANK_HEADS = frozenset({"bank", "banco", "banque", "banca"})
#: words a name joins its parts with
_JOINERS = frozenset({"of", "and", "for", "the", "on", "&"})
#: the same in our users' other languages ("Banco do Brasil", "Banca d'Italia"); lower case only
_FOREIGN_JOINERS = frozenset({"do", "da", "de", "del", "di", "du", "des", "d"})
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][a-z]+)?|&|\d+")


def national_body(surface: str) -> bool:
    """Is ``surface`` the name of a national public body (see the module docstring)?"""
    words = _TOKEN.findall(surface)
    if len(words) < 2 or any(w.isdigit() for w in words):
        return False
    dictionary = brands.english_words()
    if not dictionary:
        return False  # without a dictionary a coined word cannot be told apart: privacy wins
    head = scope = False
    i = 0
    while i < len(words):
        w = words[i]
        low = w.lower()
        i += 1
        if (low in _JOINERS or low in _FOREIGN_JOINERS) and w == low:
            continue
        country = _country_at(words, i - 1)
        if country:  # "South Africa", "New Zealand": a country of several words is one scope
            scope, i = True, i - 1 + country
            continue
        if not w[:1].isupper():
            return False
        place = gazetteer.lookup(w) if (len(w) > 3 or w.isupper()) else None
        if place is not None:
            if place.kind not in ("country", "demonym"):
                return False  # a town or a region: a local body, which locates a person
            scope = True
        elif low in LOCAL_WORDS:
            return False
        elif low in SCOPE_WORDS:
            scope = True
        elif low in GOVERNMENT_HEADS or low in NATIONAL_SOCIETY_HEADS or low in BANK_HEADS or low in NATIONAL_SERVICE_HEADS:
            head = True
        elif low not in dictionary and (low in person_words() or not brands.in_dictionary(low)):
            # a coined or family word names a firm; a plural counts ("Professions"), a surname that looks like
            # one does not ("Wells", "Banks", "Gates")
            return False
    return head and scope


#: what joins the two halves of a public body's name a model split ("Estonian Tax| and |Customs Board")
_NAME_JOIN = re.compile(r"[ \t]+(?:and|&|of|for)[ \t]+")
#: a model's labels of an organisation
_ORG_LABELS = frozenset({"ORG", "ORGANIZATION", "PRODUCT", "MISC", "CORPORATION"})


def joined_bodies(text: str, spans: Sequence[DetectedEntity]) -> list[tuple[int, int]]:
    """Two organisation spans joined by "and", "&", "of" or "for" that together name a national body: a model
    often stops at the joining word, and neither half alone is a body's name. The caller refuses a body the
    text ties to a person."""
    orgs = sorted((s for s in spans if s.label.upper() in _ORG_LABELS), key=lambda s: s.start)
    return [(a.start, b.end) for a, b in zip(orgs, orgs[1:], strict=False)
            if a.end < b.start and _NAME_JOIN.fullmatch(text, a.end, b.start) and national_body(text[a.start : b.end])]


def _country_at(words: list[str], i: int) -> int:
    """How many words from ``i`` name a country or its people in several words ("South Africa",
    "New Zealand", "United Arab Emirates"); 0 when none does."""
    for n in (4, 3, 2):
        if i + n <= len(words) and all(w[:1].isupper() for w in words[i : i + n]):
            place = gazetteer.lookup(" ".join(words[i : i + n]))
            if place is not None and place.kind in ("country", "demonym"):
                return n
    return 1 if words[i] in _country_names_abroad() else 0


#: the languages whose names of countries count ("Brasil", "Polska", "Deutschland", "España")
_COUNTRY_NAME_LOCALES = ("pt", "es", "fr", "de", "it", "nl", "pl")


@functools.lru_cache(maxsize=1)
def _country_names_abroad() -> frozenset[str]:
    """Countries' names as their own and our users' other languages write them, from Babel's CLDR data
    (``babel``, a declared dependency); the gazetteer holds the English names."""
    from babel import Locale

    out: set[str] = set()
    for code in _COUNTRY_NAME_LOCALES:
        out |= {name for key, name in Locale(code).territories.items() if key.isalpha() and " " not in name}
    return frozenset(out)


#: "Bank of Canada", "Banco do Brasil", "Banque de France", "Banca d'Italia": a bank named for its country
_BANK_OF = re.compile(r"\b(?:Bank|Banco|Banque|Banca)[ \t]+(?:of|do|da|de|del|di|du|d['’])[ \t]*(?:the[ \t]+)?"
                      r"([A-Z][\w-]+(?:[ \t]+[A-Z][\w-]+){0,3})")
#: words that may stand before such a name and leave it the country's: "Royal Bank of Canada",
#: "National Bank of Egypt", "Reserve Bank of India"; any other capitalised word makes another firm's name
#: ("Northgate Bank of Canada")
_BANK_QUALIFIERS = frozenset("royal national central reserve state commercial development export people's".split())


#: words of someone's working life in the sentence of a bank's mention: "her salary is paid by Bank of
#: Ireland where she works", "on our payroll at Bank of Kenya", "our HR team at Bank of Jamaica"
_WORK_WORDS = re.compile(r"(?i)\b(?:salary|salaries|payroll|works?|worked|working|employ\w*|HR|staff|colleagues?|"
                         r"job|career|joined|teller|manager|officer|clerk|intern|contract|our[ \t]+team)\b")


def big_employer(surface: str) -> bool:
    """A bank, a carrier, a post or a telecom: a national body that is also a firm many people work for."""
    return any(w.lower() in BANK_HEADS or w.lower() in NATIONAL_SERVICE_HEADS for w in _TOKEN.findall(surface))


def work_near(text: str, start: int, end: int) -> bool:
    """Does the sentence around ``text[start:end]`` speak of someone's work there?"""
    left = re.split(r"[.!?\n]", text[max(0, start - 80) : start])[-1]
    right = re.split(r"[.!?\n]", text[end : end + 80])[0]
    return bool(_WORK_WORDS.search(left) or _WORK_WORDS.search(right))


def national_bank_mentions(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names a country's bank: a bank's head, "of" in one of our users' languages, a
    country and nothing after it ("Banco do Brasil", "Bank of Ireland", "Royal Bank of Canada").

    A model rarely spans these whole ("Brasil" alone as a person), so the text itself is read. A
    country's name makes the bank that country's big or central bank; a region or a town ("Bank of
    Scotland" aside) may name a small one, and a capitalised word before the head other than a
    national qualifier ("Northgate Bank of Canada") a private firm: neither is kept. The caller
    refuses a bank the text ties to a person ("works at the Bank of Canada").
    """
    out: list[tuple[int, int]] = []
    for m in _BANK_OF.finditer(text):
        words = m.group(1).split()
        n = _country_at(words, 0) or (1 if _nation_region(words[0]) else 0)
        if n == 0 or n != len(words):
            continue  # no country, or a longer name ("Bank of Ireland Mortgages")
        start = m.start()
        before = re.search(r"((?:[A-Z][\w'’]*[ \t]+){1,2})$", text[max(0, start - 40) : start])
        if before is not None:
            if any(w.lower() not in _BANK_QUALIFIERS for w in before.group(1).split()):
                continue
            start -= len(before.group(1))
        if work_near(text, start, m.end()):
            continue  # a bank many people work for: a mention in a sentence about work may be someone's employer
        out.append((start, m.end()))
    return out


def _nation_region(word: str) -> bool:
    """A nation the gazetteer files under its state ("England", "Scotland", "Wales"): its bank is national."""
    place = gazetteer.lookup(word)
    return place is not None and place.kind == "region"


#: an acronym right after a country names that country's law, body or scheme: "UK GDPR", "Sri Lanka CERT",
#: "EU AI Act"
_ACRONYM_AFTER = re.compile(r"[ \t]+[A-Z][A-Z\d]{2,5}(?![\w'’-])(?![ \t]*\d)")


def country_before_acronym(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a country (or a nation of the gazetteer: "Scotland", "Ohio") written
    as the first word of a law's, a body's or a scheme's name that an acronym ends ("UK GDPR",
    "Sri Lanka CERT")?

    The country then says which country's law it is, not where anyone lives. A town never counts
    ("Leeds CCG" locates), nor a state's code before a postcode ("Ohio OH 43004").
    """
    surface = text[start:end]
    place = gazetteer.lookup(surface)
    if place is None or place.kind not in ("country", "region"):
        return False
    return _ACRONYM_AFTER.match(text, end) is not None


#: a capitalised word right before, joined by a comma, a bracket or a dash: "Fiona Reid (NHS Fife)",
#: "Insp. Tomasz Nowak, Policja Gdańsk" — a person's employer written after their name
_NAME_BEFORE = re.compile(r"([A-Z][\w'’-]+)[ \t]*(?:,|\(|–|-)[ \t]*$")


def after_a_name(text: str, start: int, named: frozenset[str]) -> bool:
    """Is the body at ``start`` written right after a person's name, as their employer ("Fiona Reid (NHS
    Fife)", "Tomasz Nowak, Policja Gdańsk")? ``named`` holds the name parts of the text's people."""
    from privrag.detect.recognizers_first_names import person_name_words

    m = _NAME_BEFORE.search(text, max(0, start - 40), start)
    return m is not None and (m.group(1).lower() in named or m.group(1).lower() in person_name_words())


#: a police force's own word, in our users' languages
POLICE_WORDS = frozenset(
    "police polizei policía policia polícia politie polis polizia policie policja poliisi politi gendarmerie "
    "constabulary garda".split()
)
#: what else a force's name may hold: "Nigeria Police Force", "Toronto Police Service", "Metropolitan Police",
#: "City of London Police"; a station, a command, a division or a post does not
#: ("Kasarani Police Station", "Area F Police Command"): it locates the people it names
_FORCE_WORDS = frozenset(
    "force service services department constabulary metropolitan national federal state royal transport "
    "city county provincial".split()
)
#: words in a force's name, at most (its place may take several: "New South Wales Police Force")
_MAX_FORCE_WORDS = 6


def police_force(surface: str) -> bool:
    """Is ``surface`` a whole police force named for the land or the town it serves?

    "Nigeria Police Force", "Toronto Police Service", "Victoria Police", "Polizei Köln" (the town,
    state or country of our place lists, or a state's code: "WA Police Force"): a
    force is a public body every resident of its area deals with, so its name says no more of a
    person than the place in it (a town is QUASI; here it is the force's, not the person's). A
    station or a command ("Kasarani Police Station") is one building or unit and stays
    protected; so does a name with any other dictionary word, a person's name or a digit, and a
    force the text ties to a person (the caller's check: "PC Hale of Victoria Police").
    """
    words = _TOKEN.findall(surface)
    if not 2 <= len(words) <= _MAX_FORCE_WORDS or any(w.isdigit() for w in words):
        return False
    if not any(w.lower() in POLICE_WORDS for w in words) or not brands.english_words():
        return False
    names = person_words()
    place = False
    for w in words:
        low = w.lower()
        if (low in _JOINERS and w == low) or low in POLICE_WORDS or low in _FORCE_WORDS:
            continue
        if not w[:1].isupper():
            return False
        if w.isupper() and len(w) <= 4:  # "WA Police Force", "NSW Police": a state's code
            place = True
        elif (is_place(w) or w in _country_names_abroad()) and low not in names and not (
                brands.in_dictionary(low) and gazetteer.lookup(w) is None):  # "Central": a word first
            place = True
        else:
            # a person's name, a word that makes it a unit or a firm ("Station", "Command"), or a suburb no
            # list of ours holds ("Kilimani Police" may be one station): privacy wins
            return False
    return place


#: the national health services whose regional boards are named "<service> <region>": "NHS Highland",
#: "NHS Greater Glasgow and Clyde", "HSE West"
HEALTH_SERVICES = frozenset({"NHS", "HSE"})


def health_service_region(surface: str) -> bool:
    """Is ``surface`` a national health service followed by the region it serves?

    A health board named this way is the public body of a whole region ("NHS Highland", "NHS
    Ayrshire & Arran", "NHS Wales"), which every patient there deals with. A trust, a hospital or a
    practice written after the region ("NHS Tayside Ninewells Hospital") is one site and stays
    protected, as does a name with a person's name or a digit ("NHS 111" is kept as a number).
    """
    words = _TOKEN.findall(surface)
    if len(words) < 2 or words[0] not in HEALTH_SERVICES or len(words) > _MAX_FORCE_WORDS:
        return False
    if FACILITY.search(surface) or any(w.isdigit() for w in words):
        return False
    given = first_names()
    for w in words[1:]:
        if w in ("and", "&") or w.isupper():
            continue
        # a region may be a surname's word ("Highland", "West", "Fife"), never a given name alone
        if not w[:1].isupper() or (w.lower() in given and not is_place(w)):
            return False
    return True


def programme_name(surface: str) -> bool:
    """Is ``surface`` the name of a programme or a benefit, made of dictionary words only?

    "Employee Assistance Programme", "Universal Credit", "Widow's Bereavement Allowance",
    "Member Fraud Protection Guarantee": named for what is provided, they are the same
    programme for everyone who has it. A coined, family or place word ("Riverbend
    Housing Scheme", "Sami Fund") may name a local or a community's own and fails the test.
    """
    words = _TOKEN.findall(surface)
    if len(words) < 2 or words[-1].lower() not in PROGRAMME_HEADS:
        return False
    dictionary = brands.english_words()
    if not dictionary:
        return False
    for w in words:
        low = re.sub(r"['’]s?$", "", w.lower())
        if low in _JOINERS and w == w.lower():
            continue
        if (not w[:1].isupper() or not brands.in_dictionary(low) or low in LOCAL_WORDS
                or (len(w) > 3 and gazetteer.lookup(w) is not None)):
            return False
    return True


#: head nouns only a government's bodies carry: a ministry or a department of state
MINISTRY_HEADS = frozenset({"ministry", "department"})
#: words of a department that is no government's: a town's service ("Sacramento Police Department"), a
#: university's, a hospital's or a church's ("Department of Psychology, University of Bristol", "Youth Ministry")
_NOT_GOVERNMENT = frozenset(
    "police fire sheriff sheriff's parks sanitation university college school hospital institute clinic infirmary "
    "trust church parish chapel ministries youth worship faith christian gospel".split()
)


def government_department(surface: str) -> bool:
    """Is ``surface`` a government ministry or department named for its portfolio alone?

    "Ministry of Health", "Department of Social Protection", "Department of Transport and Main
    Roads", "Income Tax Department": a ministry carries no town's name, and the portfolio is the
    same for everyone it serves, so unlike an office or a centre (every town has one) the name
    needs no country to be public. It must be written "Ministry of …" or "Department of …" (or end
    in "Department"): "Living Waters Ministry" is a church's. A place or a nationality (left to
    :func:`national_body`), a local scope word, a town's service ("Police Department"), a
    university's, a hospital's or a church's word, or a coined or family word ("Okonkwo
    Department of …") makes it local or private, and it stays protected; so does one the text
    ties to a person (the caller's check).
    """
    words = _TOKEN.findall(surface)
    if len(words) < 2 or any(w.isdigit() for w in words):
        return False
    low_words = [w.lower() for w in words]
    if not (low_words[-1] == "department" or any(
            a in MINISTRY_HEADS and b in ("of", "for") for a, b in zip(low_words, low_words[1:], strict=False))):
        return False
    if not brands.english_words():
        return False
    portfolio = False
    for w, low in zip(words, low_words, strict=True):
        if (low in _JOINERS and w == low) or low in MINISTRY_HEADS or low in SCOPE_WORDS:
            continue
        if not w[:1].isupper() or low in LOCAL_WORDS or low == "state" or low in _NOT_GOVERNMENT:
            return False
        if (len(w) > 3 or w.isupper()) and gazetteer.lookup(w) is not None:
            return False  # a town, a region, a country or a nationality
        if not brands.in_dictionary(low):
            return False
        portfolio = True
    return portfolio
