"""A span's edges: what a model or a pattern left just outside a name it found.

Why: a span that stops short leaks what it left out. A model finds "Pritchard" and leaves "D." before
it, or the surname without the given name ("Robyn| Hollis"); it stops at the town and leaves the state
("Knoxville|, TN"); a URL pattern stops inside a user name ("k.li|ndahl"). Each repair grows the span
over that edge only: the initials or the given name, the region code, the rest of the token.
"""

from __future__ import annotations

import re

from privrag.types import DetectedEntity

__all__ = ["with_region_code", "whole_token", "with_initials", "given_name", "surname_first"]


#: a state or province code after a town: ", TN", ", ON", ", NSW" — then the line, a clause or a postcode
#: follows, or, after two letters, a bracketed aside ("Columbus, OH (hybrid)") or the country ("Austin, TX,
#: USA"); three capitals before a bracket are as often an acronym ("Leeds, NHS (North)")
_REGION_CODE = re.compile(
    r",[ \t]*(?:[A-Z]{2,3}(?=[ \t]*(?:$|[\n.;:)]|[ \t]\d|[ \t]+[A-Z]\d[A-Z]))|[A-Z]{2}(?=[ \t]*[,(]))", re.MULTILINE
)


def with_region_code(span: DetectedEntity, text: str) -> DetectedEntity:
    """"Knoxville, TN": the state a town is written with locates it too (the model stops at the town)."""
    m = _REGION_CODE.match(text, span.end)
    if m is None:
        return span
    return DetectedEntity(span.start, m.end(), span.label, text[span.start : m.end()], span.score, span.source)


#: the rest of a token a pattern stopped inside: letters, digits and the joiners of handles and paths
_TOKEN_REST = re.compile(r"[\w.@/%+~#=&?-]*\w")


def whole_token(span: DetectedEntity, text: str) -> DetectedEntity:
    """A URL pattern that stopped inside a word ("k.li" of the user name "k.lindahl": ".li" is
    a top-level domain) grown to the end of that word; protecting half a handle leaks the rest."""
    if span.end >= len(text) or not (text[span.end].isalnum() and text[span.end - 1 : span.end].isalnum()):
        return span
    m = _TOKEN_REST.match(text, span.end)
    if m is None:
        return span
    return DetectedEntity(span.start, m.end(), span.label, text[span.start : m.end()], span.score, span.source)


#: initials right before a surname: "D. Pritchard", "K. Nowak", "J. R. Smith", "M.-A. Gauthier" (French
#: initials of a hyphenated given name, Marie-Anne; "M.-È." of Marie-Ève)
_INITIALS_BEFORE = re.compile(r"(?<![\w.])(?:[A-ZÀ-ÖØ-Þ]\.(?:[ \t]|-)?){1,3}$")


def with_initials(span: DetectedEntity, text: str) -> DetectedEntity:
    """A person's span grown over the initials a model left before it ("D." of "D. Pritchard"), or over
    the given name ("Robyn" of "Robyn Hollis", where the model found only the surname): an initial or a
    given name and a surname name one person where the surname alone may name a family."""
    if not span.text[:1].isupper():
        return span
    m = _INITIALS_BEFORE.search(text, max(0, span.start - 9), span.start)
    if m is None:
        m = _GIVEN_BEFORE.search(text, max(0, span.start - 20), span.start)
        one_word = " " not in span.text.strip()
        if m is None or not one_word:
            return span
        # "Tóth Bence", "Nagy Anna": Hungarian (and East Asian) order puts the surname first, before
        # the given name the model found
        if not given_name(m.group(1)) and not (given_name(span.text.strip()) and surname_first(m.group(1))):
            return span
    return DetectedEntity(m.start(), span.end, span.label, text[m.start() : span.end], span.score, span.source)


#: one capitalised word right before a surname, on its line: maybe the given name a model left out
_GIVEN_BEFORE = re.compile(r"(?<![\w'’.-])([A-Z][a-zà-ÿ'’-]+)[ \t]$")


def surname_first(word: str) -> bool:
    """A surname of the lists that no English dictionary holds ("Tóth", "Nagy", "Kovács"): before a given
    name it is that person's family name, not a word of the sentence."""
    from privrag.detect.recognizers_first_names import surnames
    from privrag.keep.brands import in_dictionary

    return word.lower() in surnames() and not in_dictionary(word.lower())


def given_name(word: str) -> bool:
    """A given name of the lists (not one that is also a word: "Grace", "Will")."""
    from privrag.detect.recognizers_first_names import first_names

    return word.lower() in first_names()
