"""Surface-form families: one alias per name part, applied to every form.

"John", "John Jordan", "John's" and "Mr Jordan" are one person. Drawing a
fresh fake name per form would give the generator four people; SEAG instead
maps each *name part* once per request (john → Mike, jordan → Cruz) and
rewrites every form part by part, keeping honorifics, particles,
possessives and the case of each part: "Mike", "Mike Cruz", "Mike's",
"Mr Cruz", "MIKE CRUZ". The part maps are shared by all entities of a
category, so relatives stay relatives ("Mary Jordan" → "Anna Cruz").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from privrag.detect.grouping import HONORIFICS
from privrag.detect.recognizers_countries import country_mentions

__all__ = [
    "TOKEN_RE",
    "POSSESSIVE_RE",
    "NAME_PARTICLES",
    "ORG_GENERIC",
    "ORG_HEADS",
    "ORG_QUALIFIERS",
    "qualifier_class",
    "is_generic",
    "ADDRESS_GENERIC",
    "PERSON_NOUNS",
    "DEMONYM_ENDINGS",
    "FEMALE_HONORIFICS",
    "MALE_HONORIFICS",
    "case_like",
    "split_possessive",
    "name_parts",
    "rewrite_tokens",
    "align_parts",
]

#: a word, possibly hyphenated or with an inner apostrophe (O'Brien, John's)
TOKEN_RE = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
POSSESSIVE_RE = re.compile(r"(?:'s|’s|'S|’S)$")

NAME_PARTICLES = frozenset(
    "van von de der den da di del della la le du bin ibn al el y und and of ter ten te het dos das do des zu zur "
    "vom zum".split()
)
MALE_HONORIFICS = frozenset("mr sir lord herr monsieur m signor sr señor".split())
FEMALE_HONORIFICS = frozenset("mrs ms miss madam lady mme mlle frau madame signora sra señora dame".split())
#: what kind of organisation it is ("… Court", "… Ltd"): always kept
ORG_HEADS = frozenset(
    """bank hospital hospitals clinic university college school academy court courts council ministry
    department office agency police prison company corporation corp inc ltd llc plc gmbh ag sa sas srl bv nv
    co group holdings association foundation institute institution centre center committee commission
    service services authority board union party church club society trust fund government parliament
    assembly tribunal army force forces chamber bureau directorate administration registry section division
    unit team labs laboratories convention""".split()
)
#: qualifiers of an organisation ("Social Insurance …", "Federal Labour …"): kept when the
#: name has a distinctive word to alias, swapped within their class when it has none
ORG_QUALIFIER_CLASSES: tuple[tuple[str, ...], ...] = (
    tuple("""international national federal state regional municipal provincial general central public
    private social criminal civil administrative supreme high constitutional military martial commercial
    financial economic foreign internal environmental district county city""".split()),
    tuple("""insurance security justice health education appeal appeals cassation labour labor tax pension
    employment housing family youth energy transport affairs prosecution magistrates instance""".split()),
    tuple("first second third fourth fifth".split()),
    tuple("news press media capital technologies technology systems solutions partners associates lawyers solicitors insights".split()),
)
ORG_QUALIFIERS = tuple(w for cls in ORG_QUALIFIER_CLASSES for w in cls)


def qualifier_class(word: str) -> tuple[str, ...]:
    low = word.lower()
    for cls in ORG_QUALIFIER_CLASSES:
        if low in cls:
            return cls
    return ()


#: words that never identify an organisation by themselves
ORG_GENERIC = ORG_HEADS | frozenset(ORG_QUALIFIERS) | frozenset(
    """the of and for & de la le des du der die und human rights european republic kingdom united
    federation commonwealth commissioner ombudsman on in at to with by from upon into over under against between among
    within without per""".split()
)


def is_generic(form: str) -> bool:
    """True when every word of ``form`` is generic (an organisation type, a
    qualifier, a function word or an honorific): such a form names nothing.
    A country spelled with generic words names one ("The United Kingdom Government")."""
    words = [split_possessive(m.group(0))[0].lower().rstrip(".") for m in TOKEN_RE.finditer(form)]
    if len(words) == 1 and form.strip()[:1].isupper() and _particle_nickname(words[0]):
        return False  # 'asks to be called "Del"', "Al", "Van": a particle alone and capitalised is a nickname
    return (bool(words) and all(w in ORG_GENERIC or w in NAME_PARTICLES or w in HONORIFICS for w in words)
            and not country_mentions(form))


def _particle_nickname(word: str) -> bool:
    """A name particle that is also a given name or a nickname ("del", "al", "van", "di", "el")."""
    from privrag.detect.name_propagation import nickname_words
    from privrag.detect.recognizers_first_names import given_name_words

    return (word in NAME_PARTICLES and word not in ORG_GENERIC and word not in HONORIFICS
            and (word in given_name_words() or word in nickname_words()))


#: common nouns for people that NER models tag as a demographic group ("a man", "his wife"):
#: no identifier, and a nationality in their place reads as a contradiction
#: ("because he was a Cypriot, he was denied widows' benefits")
PERSON_NOUNS = frozenset(
    """man men woman women boy boys girl girls male males female females child children kid kids baby babies
    adult adults minor minors teenager teenagers person persons people mother father parent parents
    husband wife son daughter brother sister widow widower spouse""".split()
)
#: how nationality words end ("Sierra Leonean", "Danish", "Japanese", "Saudi", "Czech", "Swiss")
DEMONYM_ENDINGS = ("an", "ans", "ish", "ese", "i", "is", "ic", "ch", "ss", "ot", "ots", "er", "ers")

ADDRESS_GENERIC = frozenset(
    """street st avenue ave road rd lane ln drive dr boulevard blvd suite ste apt apartment floor fl way
    court ct place pl square sq calle rue via strasse straße platz tér utca ul no nr number building bldg
    unit box po p.o. route highway hwy parkway pkwy terrace close crescent grove gardens park hill row
    alley plaza circle cir trail north south east west n s e w""".split()
)


def case_like(orig: str, new: str) -> str:
    """``new`` in the case style of ``orig`` (UPPER, lower or as drawn)."""
    if len(orig) > 1 and orig.isupper():
        return new.upper()
    if orig.islower():
        return new.lower()
    if orig[:1].isupper() and len(new) > 1 and new.isupper() and any(c.islower() for c in orig):
        # "Paulin" after "PAULIN" drew "WTBMOM": two forms, one alias, no round trip
        return new[:1] + new[1:].lower()
    if orig[:1].isupper() and new[:1].islower():
        return new[:1].upper() + new[1:]
    return new


def split_possessive(token: str) -> tuple[str, str]:
    m = POSSESSIVE_RE.search(token)
    if m and len(token) > len(m.group(0)):
        return token[: m.start()], m.group(0)
    return token, ""


def _is_honorific(base: str) -> bool:
    return base.lower().rstrip(".") in HONORIFICS or base.lower() in MALE_HONORIFICS | FEMALE_HONORIFICS


def name_parts(form: str) -> list[str]:
    """The aliasable name parts of a person form, in order (lower-cased)."""
    out = []
    for m in TOKEN_RE.finditer(form):
        base, _ = split_possessive(m.group(0))
        low = base.lower()
        if _is_honorific(base) or low in NAME_PARTICLES or len(base) < 2:
            continue
        out.append(low)
    return out


def rewrite_tokens(form: str, alias_token: Callable[[str, int, int], str | None]) -> str:
    """Rewrite ``form`` token by token.

    ``alias_token(base, index, count)`` returns the alias of one token
    (``None`` keeps it); ``index``/``count`` locate the token among the
    form's tokens. Possessive endings, punctuation and spacing are kept.
    """
    tokens = list(TOKEN_RE.finditer(form))
    out, pos = [], 0
    for i, m in enumerate(tokens):
        base, poss = split_possessive(m.group(0))
        out.append(form[pos : m.start()])
        new = alias_token(base, i, len(tokens))
        out.append((case_like(base, new) if new is not None else base) + poss)
        pos = m.end()
    out.append(form[pos:])
    return "".join(out)


def align_parts(original: str, alias: str) -> dict[str, str]:
    """Name-part map implied by a whole-form alias, when the forms align
    token for token ("John Jordan" → "Mike Cruz" gives john → Mike)."""
    a = [split_possessive(m.group(0))[0] for m in TOKEN_RE.finditer(original)]
    b = [split_possessive(m.group(0))[0] for m in TOKEN_RE.finditer(alias)]
    if len(a) != len(b):
        return {}
    out = {}
    for x, y in zip(a, b, strict=True):
        if x.lower() != y.lower() and not _is_honorific(x) and len(x) > 1:
            out[x.lower()] = y
    return out
