"""A brand named as the maker of an object or the service behind an app: "a Smeg kettle", "the ADP portal".

Consumer and medical goods come from makers no catalogue of ours lists whole,
and their names are as rare as words as a small firm's ("Smeg", "Aircast",
"Omnipod"). A model reads them as a person, a firm or even an address, and
every technique masks what a support chat or a care plan needs ("the red
Samsonite spinner did not arrive"). What tells them apart is the noun after the
name. English writes the maker of a thing as a bare modifier ("a Smeg kettle"),
and a person who owns it with a possessive ("Ama's kettle"): a capitalised
name right before a noun for a manufactured object is its brand. The same holds
for what a service is used through: an app, a portal, a wallet ("payslips are
on the ADP portal", "an OPay wallet"), where, as everywhere a context decides,
the name must also hold a word no person's name is (a coined word alone, "the
Nkechi app", may be anyone's).

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
from privrag.keep.context import FACILITY, affiliated_anywhere, first_names, is_place
from privrag.keep.service_context import named_as_service
from privrag.keep.spans import KeepSpan

__all__ = ["PRODUCT_NOUNS", "SERVICE_NOUNS", "maker_names", "maker_keeps", "ends_in_object"]

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
#: what a service is used through: "the ADP portal", "your KnowBe4 module", "an OPay wallet" — in our
#: batches such a name is a public service's about twenty times as often as a private one's; "account"
#: is left out (a client's account, "the Hendry account", is a person's or a firm's)
SERVICE_NOUNS = frozenset("app apps portal platform dashboard wallet login module".split())
#: what a qualification or a scheme is named before: "ASC certification", "a VCA-VOL certificate", "the HIPAA
#: training", "the WIFI Steiermark course" — in our batches sixteen such names are keeps and none is protected;
#: the name may run to four words ("AWS Certified Data Engineer certification")
QUALIFICATION_NOUNS = frozenset(
    "certification certificate qualification licence license diploma exam course training programme program "
    "accreditation".split()
)
#: objects named in two words ("a Ninja Foodi air fryer", "her Phonak hearing aids")
_TWO_WORD_NOUNS = ("air fryer", "washing machine", "coffee machine", "hearing aid", "hearing aids", "car seat")
#: the object's noun, with at most one lower-case word before it that says which kind ("stirrup brace",
#: "dash camera", "eye-gaze …"): never a function word, which would join two phrases
_NOUN = re.compile(
    r"(?<![\w'’-])(?:(?P<mod>[a-z][a-z-]{2,})[ \t]+)?(?P<noun>"
    + "|".join(re.escape(n) for n in sorted((*_TWO_WORD_NOUNS, *PRODUCT_NOUNS, *SERVICE_NOUNS, *QUALIFICATION_NOUNS),
                                           key=len, reverse=True))
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
#: a qualification's name right before its noun: up to four capitalised words or numbers
_NAME_BEFORE_LONG = re.compile(r"(?<![\w'’&.-])((?:[A-Z][\w+]*(?:-[A-Z]?[\w+]+)?)(?:[ \t](?:[A-Z][\w+]*(?:-[A-Z]?[\w+]+)?|\d{1,3})){0,3})"
                               r"[ \t]+$")


def maker_names(text: str) -> list[tuple[int, int, str]]:
    """Spans of the names written right before a product's or a service's noun ("Smeg" of "a Smeg
    kettle"), each with that noun.

    The caller judges each name as it does any public entity (no given name, place, named
    person or employer).
    """
    out: list[tuple[int, int, str]] = []
    for m in _NOUN.finditer(text):
        start = m.start("mod") if m.group("mod") and m.group("mod") not in _FUNCTION_WORDS else m.start("noun")
        pattern = _NAME_BEFORE_LONG if m.group("noun") in QUALIFICATION_NOUNS else _MAKER_BEFORE
        before = pattern.search(text, max(0, start - 60), start)
        if before is None:
            continue
        name_start, name_end = before.start(1), before.end(1)
        first = re.match(r"[\w'’]+[ \t]+", text[name_start:name_end])
        if first is not None and first.group().strip().lower() in _FUNCTION_WORDS | {"a", "an"}:
            name_start += first.end()  # "The Smeg kettle", "My Dexcom sensor": the sentence's capital
        if name_end > name_start:
            out.append((name_start, name_end, m.group("noun")))
    return out


def ends_in_object(surface: str) -> bool:
    """Does a model's span end in an object's noun ("Smeg kettle" as a person)? Then it is no full name."""
    tail = surface.rstrip()
    return any(m.end() == len(tail) for m in _NOUN.finditer(tail))


#: a word English writes this often is an ordinary one: a name made only of such words ("New kettle",
#: "Electric blanket" opening a sentence) names no maker
_EVERYDAY_ZIPF = 3.0


def _service_shaped(words: list[str]) -> bool:
    """A name a context may keep: one word of it a dictionary's, an acronym, or written with a digit or an
    inner capital ("OPay", "KnowBe4"); a coined word alone may be a person's name no list of ours holds."""
    dictionary = brands.english_words()
    return any(w.lower() in dictionary or re.fullmatch(r"[A-Z][A-Z&]{1,5}", w) or any(c.isdigit() for c in w)
               or re.search(r"[a-z][A-Z]", w) or re.match(r"[A-Z]{2}[a-z]", w) for w in words)


def maker_keeps(text: str, named: frozenset[str] = frozenset()) -> list[KeepSpan]:
    """The makers' names of :func:`maker_names` that may be kept: no word of the name is a given name, a
    place or a person the text names (``named``), one word at least is no everyday word, and the text
    makes the name nobody's employer or affiliation. Before a service's noun every mention of the name
    must also read as a service used (:func:`~privrag.keep.service_context.named_as_service`)."""
    given = first_names()
    dictionary = brands.english_words()
    out: list[KeepSpan] = []
    for start, end, noun in maker_names(text):
        name = text[start:end]
        words = [w for w in vocab.words(name) if not w.isdigit()]
        if not words or any(w.lower() in given or w.lower() in named or is_place(w) for w in words):
            continue
        if all(w.lower() in dictionary and vocab.zipf(w.lower()) >= _EVERYDAY_ZIPF for w in words):
            continue
        if affiliated_anywhere(text, name) or FACILITY.search(name):
            continue  # an employer, a registered firm ("Acme Ltd training"), a school's or a hospital's own
        if noun in QUALIFICATION_NOUNS:
            if _service_shaped(words):  # a coined word alone may be a person's ("the Nkechi course")
                out.append(KeepSpan(start, end, "general_term", name))
            continue
        if noun in SERVICE_NOUNS and not (_service_shaped(words) and named_as_service(text, name)):
            # a firm's own app is named so too ("use the Fibrelane app", where the agent writes
            # "Priyanka (Fibrelane):"): every mention must read as a service's (the learned context model),
            # and, as everywhere a context decides, the name must hold a word a person's name never is
            # ("the Nkechi app" may be anyone's): a dictionary word, an acronym, a digit or an inner capital
            continue
        out.append(KeepSpan(start, end, "public_entity", name))
    return out
