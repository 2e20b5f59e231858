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

import re

from privrag import gazetteer
from privrag.keep import brands
from privrag.keep.context import person_words

__all__ = ["national_body", "programme_name", "government_department", "MINISTRY_HEADS", "GOVERNMENT_HEADS", "NATIONAL_SOCIETY_HEADS", "PROGRAMME_HEADS", "SCOPE_WORDS", "LOCAL_WORDS"]

#: head nouns of a government body's name
GOVERNMENT_HEADS = frozenset(
    "agency authority administration commission ministry ombudsman inspectorate regulator department "
    "office service bureau council centre center board directorate executive tribunal court parliament "
    "assembly institute government".split()
)
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
#: words a name joins its parts with
_JOINERS = frozenset({"of", "and", "for", "the", "on", "&"})
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
        if low in _JOINERS and w == low:
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
        elif low in GOVERNMENT_HEADS or low in NATIONAL_SOCIETY_HEADS:
            head = True
        elif low not in dictionary and (low in person_words() or not brands.in_dictionary(low)):
            # a coined or family word names a firm; a plural counts ("Professions"), a surname that looks like
            # one does not ("Wells", "Banks", "Gates")
            return False
    return head and scope


def _country_at(words: list[str], i: int) -> int:
    """How many words from ``i`` name a country or its people in several words ("South Africa",
    "New Zealand", "United Arab Emirates"); 0 when none does."""
    for n in (4, 3, 2):
        if i + n <= len(words) and all(w[:1].isupper() for w in words[i : i + n]):
            place = gazetteer.lookup(" ".join(words[i : i + n]))
            if place is not None and place.kind in ("country", "demonym"):
                return n
    return 0


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
