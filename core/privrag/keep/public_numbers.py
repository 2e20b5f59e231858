"""Public service numbers: emergency and helpline short codes, and organisations' freephone lines.

Safety-netting advice is part of the letter a clinician writes ("call 111 or
Samaritans on 116 123", "Call or text 1737, free, 24/7", "Lifeline 0800 543
354"): a RAG answer about what to do in a crisis needs the numbers verbatim.
They reach no private person. A statistical model reads "1737" as a year and
"116 123" as a date; the phone recognizer masks "0800 543 354" as a phone.

Which numbers are public is not our list: Google's libphonenumber (the
``phonenumbers`` package Presidio already depends on) keeps, per region, the
short numbers that are valid and what calling them costs (emergency services,
NHS 111, the EU's harmonised 116 helplines and 988 are free), and the type of
every full number (freephone, shared cost, mobile, …).

* A short number counts when it is free to call in one of :data:`SHORT_REGIONS`
  and the text speaks of calling: a verb of calling or an emergency word within
  the same line (:data:`CALL_CONTEXT`), so "Bed 111" and "page 112" stay
  numbers; so do a year and an extension ("call ext. 4412").
* A full number counts when most regions where it is valid read it as a
  freephone, shared-cost or universal-access number and none as a mobile or a
  personal number: a private person has no freephone line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from privrag.keep.spans import KeepSpan
    from privrag.types import DetectedEntity

__all__ = ["services_of", "public_number_spans", "is_short_public_number", "is_organisation_number", "SHORT_REGIONS",
           "CALL_CONTEXT"]

#: regions whose short numbers and number types are read (our phone regions and the other
#: English-writing ones)
SHORT_REGIONS: tuple[str, ...] = (
    "GB", "IE", "US", "CA", "AU", "NZ", "IN", "ZA", "SG", "PH", "NG", "KE", "MY", "HK",
    "DE", "FR", "NL", "BE", "LU", "CH", "AT", "IT", "ES", "PT", "GR", "CY", "TR", "PL", "CZ", "SK", "HU",
    "SE", "NO", "DK", "FI", "IL", "BR",
)  # fmt: skip
#: words of calling and of emergencies that make a short number one to call
CALL_CONTEXT = re.compile(
    r"(?i)\b(?:call(?:ed|ing|s)?|ring(?:ing)?|rang|dial(?:led|ling)?|phone|text(?:ed|ing)?|txt|contact|"
    r"helpline|hotline|lifeline|line|freephone|emergency|emergencies|ambulance|crisis|urgent|safe|24/7)\b"
)
#: a short code: three to six digits, a six-digit one written in two groups ("116 123")
_SHORT = re.compile(r"(?<![\w.,/£$€+-])(?<!\d[ -])(?:\d{3}[ ]\d{3}|\d{3,6})(?![\w/%°-]|[.,:]\d|[ -]\d)")
#: a full national number: a leading 0 or 1, then groups of digits ("0800 543 354", "1-800-273-8255")
_FULL = re.compile(r"(?<![\w.,/+-])(?:0|1[ -]?)?\d{3,4}(?:[ -]?\d{2,4}){1,3}(?![\w/-]|[.,]\d)")
_CONTEXT_CHARS = 40
_YEAR = re.compile(r"(?:1[89]|20)\d\d")
_EXTENSION_BEFORE = re.compile(r"(?i)\b(?:ext|extn|extension|x)\.?[ \t]*$")


@functools.lru_cache(maxsize=4096)
def is_short_public_number(digits: str) -> bool:
    """A short number libphonenumber knows as valid and free to call in one of :data:`SHORT_REGIONS`.

    Validity alone says little: Canada's and New Zealand's short-code ranges take almost any
    three to five digits ("12345", "555"). Free to call are the emergency numbers, 111, 988,
    the 116 helplines — the services a letter tells a patient to call.
    """
    try:
        import phonenumbers
        from phonenumbers import shortnumberinfo
    except ImportError:  # pragma: no cover - a Presidio dependency
        return False
    for region in SHORT_REGIONS:
        try:
            number = phonenumbers.parse(digits, region)
        except phonenumbers.NumberParseException:
            continue
        if (shortnumberinfo.is_valid_short_number_for_region(number, region)
                and shortnumberinfo.expected_cost_for_region(number, region) == shortnumberinfo.ShortNumberCost.TOLL_FREE):
            return True
    return False


@functools.lru_cache(maxsize=4096)
def is_organisation_number(value: str) -> bool:
    """Freephone or shared cost where most regions read it so, and nowhere a mobile or a personal number.

    "0800 543 354" is freephone in ten of our regions and a fixed line in two (Italy, Sweden);
    "020 7946 0018" is a London line and a New Zealand mobile.
    """
    try:
        import phonenumbers
        from phonenumbers import PhoneNumberType as T
    except ImportError:  # pragma: no cover - a Presidio dependency
        return False
    organisation = {T.TOLL_FREE, T.SHARED_COST, T.UAN}
    personal = {T.MOBILE, T.FIXED_LINE_OR_MOBILE, T.PERSONAL_NUMBER, T.VOIP, T.PAGER}
    org = other = 0
    for region in SHORT_REGIONS:
        try:
            number = phonenumbers.parse(value, region)
        except phonenumbers.NumberParseException:
            continue
        if not phonenumbers.is_valid_number_for_region(number, region):
            continue
        kind = phonenumbers.number_type(number)
        if kind in personal:
            return False
        if kind in organisation:
            org += 1
        else:
            other += 1
    return org > other


def _line_context(text: str, start: int, end: int) -> str:
    left = text[max(0, start - _CONTEXT_CHARS) : start].rsplit("\n", 1)[-1]
    right = text[end : end + _CONTEXT_CHARS].split("\n", 1)[0]
    return left + " " + right


def public_number_spans(text: str) -> list[tuple[int, int]]:
    """Offsets of the public service numbers of ``text`` (see the module docstring)."""
    out: list[tuple[int, int]] = []
    for m in _FULL.finditer(text):
        if sum(c.isdigit() for c in m.group()) >= 7 and is_organisation_number(m.group()):
            out.append(m.span())
    taken = [range(s, e) for s, e in out]
    for m in _SHORT.finditer(text):
        if any(m.start() in r for r in taken):
            continue
        if _YEAR.fullmatch(m.group()) or _EXTENSION_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "in 2021": a year first, whatever a region dials; "ext. 4412": someone's desk
        if CALL_CONTEXT.search(_line_context(text, m.start(), m.end())) and is_short_public_number(
            m.group().replace(" ", "")
        ):
            out.append(m.span())
    return out


#: what may stand between a service's name and its number: "988 Suicide & Crisis Lifeline", "Samaritans
#: on 116 123", "Healthline 0800 611 116", "Lifeline: 0800 543 354"
_NAME_NUMBER_GAP = re.compile(r"[ \t]*(?:(?:on|at|:|-|–)[ \t]*)?")


def services_of(text: str, spans: Sequence[DetectedEntity], numbers: Sequence[KeepSpan]) -> list[KeepSpan]:
    """The name written right before or after a number free to call is the service's it reaches (a
    helpline, a crisis line): a public service, since its number is ("988 Suicide & Crisis Lifeline").
    Only a model's organisation-like span, and never one the text ties to a person."""
    from privrag.keep.apply import MODEL_SOURCES, ORGLIKE
    from privrag.keep.context import affiliated_anywhere
    from privrag.keep.spans import KeepSpan

    if not numbers:
        return []
    out: list[KeepSpan] = []
    for sp in spans:
        if sp.label.upper() not in ORGLIKE or not (sp.source or "").startswith(MODEL_SOURCES):
            continue
        start, end = sp.start, sp.end
        for n in numbers:  # a model's span may hold the number too: "988 Suicide & Crisis Lifeline"
            if n.start == start and n.end < end:
                start = n.end
            elif n.end == end and n.start > start:
                end = n.start
        while start < end and not text[start].isalnum():
            start += 1
        while end > start and not text[end - 1].isalnum():
            end -= 1
        beside = any(
            (n.end <= start and _NAME_NUMBER_GAP.fullmatch(text, n.end, start))
            or (end <= n.start and _NAME_NUMBER_GAP.fullmatch(text, end, n.start))
            for n in numbers
        )
        if beside and end > start and not affiliated_anywhere(text, text[start:end]):
            out.append(KeepSpan(start, end, "public_entity", text[start:end]))
    return out
