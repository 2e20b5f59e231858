"""A brand named as the maker of an object: "a Ninja Foodi air fryer", "my Dexcom G7 sensor".

Consumer and medical goods come from makers no catalogue of ours lists whole,
and their names are as rare as words as a small firm's ("Smeg", "Aircast",
"Omnipod"). A model reads them as a person, a firm or even an address, and
every technique masks what a support chat or a care plan needs ("the red
Samsonite spinner did not arrive"). What tells them apart is the noun after the
name. English writes the maker of a thing as a bare modifier ("a Smeg kettle"),
and a person who owns it with a possessive ("Ama's kettle"): a capitalised
name right before a noun for a manufactured object is its brand — unless the
name could be a surname: a family's name is written the same way ("the
Mokoena wheelchair from his uncle's workshop"), so a name of coined words
alone is refused, and so is any word of our name lists. An app, a portal or a
course is left out: a firm names its own that way ("the Hargreaves Payroll
portal", "the Oduya Logistics safety course").

The nouns are those of goods a private person buys or is issued in care:
household appliances, personal electronics, luggage, medical devices and
mobility aids. Left out on purpose are the things an employer issues with its
own name on them ("your Concentrix laptop", "a KLM cabin", a badge, a phone, a
tablet) and nouns a person or a place can modify ("speaker", "case", "unit",
"model"). The caller still refuses a name that is a given name, a place, a
person the text names, or an employer ("works at Smeg").
"""

from __future__ import annotations

import re

from privrag.keep import brands, vocab
from privrag.keep.context import FACILITY, affiliated_anywhere, is_place
from privrag.keep.spans import KeepSpan

__all__ = ["PRODUCT_NOUNS", "maker_names", "maker_keeps", "ends_in_object"]

#: nouns for a manufactured object whose maker is written before it
PRODUCT_NOUNS = frozenset(
    # household appliances
    "kettle kettles toaster fryer microwave oven hob cooker fridge freezer dishwasher washer dryer vacuum hoover "
    "blender mixer heater boiler thermostat "
    # personal electronics and accessories
    "headphones earbuds earphones camera printer router modem charger smartwatch console "
    # luggage, clothing, household goods
    "suitcase spinner luggage backpack trainers mattress pram stroller buggy scooter e-bike "
    # medical devices and mobility aids
    "sensor sensors pump glucometer meter brace splint boot walker wheelchair rollator pendant bracelet alarm "
    "nebuliser nebulizer stockings insoles pacemaker implant".split()
)
#: objects named in two words ("a Ninja Foodi air fryer", "her Phonak hearing aids")
_TWO_WORD_NOUNS = ("air fryer", "washing machine", "coffee machine", "hearing aid", "hearing aids", "car seat")
#: the object's noun, with at most one lower-case word before it that says which kind ("stirrup brace",
#: "dash camera", "eye-gaze …"): never a function word, which would join two phrases
_NOUN = re.compile(
    r"(?<![\w'’-])(?:(?P<mod>[a-z][a-z-]{2,})[ \t]+)?(?P<noun>"
    + "|".join(re.escape(n) for n in sorted((*_TWO_WORD_NOUNS, *PRODUCT_NOUNS), key=len, reverse=True))
    + r")(?![\w'’-])"
)
#: words that join phrases, never a kind of object
_FUNCTION_WORDS = frozenset(
    "the and or but of for to from with by at in on into onto as is are was were be been has have had not "
    "his her their our your my its this that these those which who".split()
)
#: the maker's name right before: one or two capitalised words, a model code or a version after it
#: ("Dexcom G7", "Omnipod 5", "Ninja Foodi"), written with single spaces
_MAKER_BEFORE = re.compile(r"(?<![\w'’&.-])((?:[A-Z][\w+]*(?:-[A-Z]?[\w+]+)?)(?:[ \t](?:[A-Z][\w+]*|\d{1,3}))?)[ \t]+$")

def maker_names(text: str) -> list[tuple[int, int]]:
    """Spans of the names written right before an object's noun ("Ninja Foodi" of "a Ninja Foodi air
    fryer").

    The caller judges each name as it does any public entity (no given name, place, named
    person or employer).
    """
    out: list[tuple[int, int]] = []
    for m in _NOUN.finditer(text):
        start = m.start("mod") if m.group("mod") and m.group("mod") not in _FUNCTION_WORDS else m.start("noun")
        before = _MAKER_BEFORE.search(text, max(0, start - 40), start)
        if before is None:
            continue
        name_start, name_end = before.start(1), before.end(1)
        first = re.match(r"[\w'’]+[ \t]+", text[name_start:name_end])
        if first is not None and first.group().strip().lower() in _FUNCTION_WORDS | {"a", "an"}:
            name_start += first.end()  # "The Smeg kettle", "My Dexcom sensor": the sentence's capital
        if name_end > name_start:
            out.append((name_start, name_end))
    return out


def ends_in_object(surface: str) -> bool:
    """Does a model's span end in an object's noun ("Smeg kettle" as a person)? Then it is no full name."""
    tail = surface.rstrip()
    return any(m.end() == len(tail) for m in _NOUN.finditer(tail))


#: a word English writes this often is an ordinary one: a name made only of such words ("New kettle",
#: "Electric blanket" opening a sentence) names no maker
_EVERYDAY_ZIPF = 3.0


def _brand_shaped(words: list[str]) -> bool:
    """One word of the name a dictionary's, an acronym, or written with a digit or an inner capital ("Ninja
    Foodi", "Dexcom G7", "iRobot"); a coined word alone may be a person's name no list of ours holds."""
    dictionary = brands.english_words()
    return any(w.lower() in dictionary or re.fullmatch(r"[A-Z][A-Z&]{1,5}", w) or any(c.isdigit() for c in w)
               or re.search(r"[a-z][A-Z]", w) or re.match(r"[A-Z]{2}[a-z]", w) for w in words)


def maker_keeps(text: str, named: frozenset[str] = frozenset()) -> list[KeepSpan]:
    """The makers' names of :func:`maker_names` that may be kept.

    No word of the name (nor part of a hyphenated one) is a given name or a surname of our lists, a
    place or a person the text names (``named``); one word at least is no everyday word; and the name
    holds a dictionary word, an acronym, a digit or an inner capital ("Ninja Foodi", "Dexcom G7",
    "Omnipod 5"). A coined word alone ("the Smeg kettle") is refused: a surname no list of ours holds is
    written the same way ("the Mokoena wheelchair from his uncle's workshop"), and privacy wins that tie.
    The text must make the name nobody's employer or affiliation, and no facility's or legal form's word
    may be in it ("Acme Ltd").
    """
    from privrag.detect.recognizers_first_names import person_name_words

    people = person_name_words()  # given names and surnames alike
    dictionary = brands.english_words()
    judged: dict[str, bool] = {}  # a name is judged once per text, however often it is written
    out: list[KeepSpan] = []
    for start, end in maker_names(text):
        name = text[start:end]
        if name not in judged:
            judged[name] = _maker_ok(text, name, named, people, dictionary)
        if judged[name]:
            out.append(KeepSpan(start, end, "public_entity", name))
    return out


def _maker_ok(text: str, name: str, named: frozenset[str], people: frozenset[str], dictionary: frozenset[str]) -> bool:
    words = [w for w in vocab.words(name) if not w.isdigit()]
    parts = [p.lower() for w in words for p in re.split(r"[-'’]", w) if p]
    if not words or any(p in people or p in named or is_place(p) for p in parts):
        return False
    if all(w.lower() in dictionary and vocab.zipf(w.lower()) >= _EVERYDAY_ZIPF for w in words):
        return False
    if not _brand_shaped(vocab.words(name)) or FACILITY.search(name):
        return False
    return not affiliated_anywhere(text, name)
