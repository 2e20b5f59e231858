"""Which organisations a text keeps because it names them as services used ("clock-in times in UKG").

:mod:`privrag.keep.service_context` scores a mention's context; this module decides, for a model's
span that every other public-entity check of :class:`~privrag.keep.finder.KeepFinder` refused, whether
that score may keep it. The checks come first and stay strict, because a name's context cannot tell an
unknown service from an unknown person or town (the review of stop 36: "paid via Zanele", "by ferry
via Lerwick", "Yesterday DeLuca hit me"):

* only a model's organisation is judged, or a three-letter acronym a model called a place ("UKG");
  never a model's person;
* the name holds an acronym of two to six capitals or a dictionary word ("IG Metall", "Health
  Assured", "Guideline"); a name of words no dictionary holds may be a person's or a town's that no
  list of ours holds, and a longer word in capitals may be a town ("returned to LYCKSELE by helicopter");
* no word of it is a listed person's name or place, a name the text gives a person, a calendar word
  or an everyday word; no digit, no initials, no legal form after it;
* no acronym the text spells out as a name ("the regional fund (“the RHIF”)");
* no working life tied to any mention ("years in the …"), and every mention scores at least the
  shipped threshold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.calendar_words import CALENDAR_WORDS
from privrag.keep import brands, service_context, vocab
from privrag.keep.coined import LEGAL_FORMS
from privrag.keep.context import (
    FACILITY,
    acronym_defined,
    affiliated_anywhere,
    defined_as_term,
    is_place,
    person_words,
    working_life_anywhere,
)
from privrag.keep.spans import KeepSpan

__all__ = ["service_keep", "misread_service_keep", "PLACE_LABELS"]

#: a model's labels for a place, which a service's acronym also gets ("clock-in times in UKG")
PLACE_LABELS = frozenset({"LOC", "LOCATION", "GPE"})
_THREE_CAPITALS = re.compile(r"[A-Z]{3}")
#: an acronym: two to six capitals ("IG", "UKG", "HIPAA", "NHSGGC"; initials alone are refused before); a
#: longer word in capitals is a town's or a name's as often ("returned to LYCKSELE by helicopter")
_ACRONYM_WORD = re.compile(r"[A-Z][A-Z&]{1,5}")
#: distinctive words of the longest organisation name judged by its context ("Toyota Financial Services")
_MAX_WORDS = 3
#: a person's initials, which a model may call an organisation: "JK", "J-F", "P.B." (three capitals are an
#: organisation's acronym more often: "UKG", "BVA")
_INITIALS = re.compile(r"[A-Z]{1,2}|(?:[A-Z][.-]){1,3}[A-Z]?\.?")
_FOLLOWER = re.compile(r"[ \t]+([\w.]+)")


def misread_service_keep(text: str, start: int, end: int, named: frozenset[str]) -> KeepSpan | None:
    """A service's three-letter acronym a model called a place, judged like an organisation."""
    surface = text[start:end]
    if not _THREE_CAPITALS.fullmatch(surface):
        return None  # a name in title case may be a town no gazetteer lists; a longer one in capitals too
    after = " ".join(text[end : end + 40].split()[:2])
    if FACILITY.match(after) or affiliated_anywhere(text, surface):
        return None
    return service_keep(text, start, end, [surface], named)


def service_keep(text: str, start: int, end: int, names: Sequence[str], named: frozenset[str]) -> KeepSpan | None:
    """``text[start:end]`` kept as a public entity if it names a service used (module docstring);
    ``names`` are its distinctive words, ``named`` the name parts of the text's people."""
    surface = text[start:end]
    if (not 1 <= len(names) <= _MAX_WORDS or not surface[:1].isupper() or any(c.isdigit() for c in surface)
            or _INITIALS.fullmatch(surface)):
        return None  # "UMF 53" (a unit's number), "J-F", "A.W." (a person's initials)
    if not any(_ACRONYM_WORD.fullmatch(w) or w.lower() in brands.english_words() for w in names):
        return None
    for word in names:
        low = word.lower()
        if (not word[:1].isupper() or low in person_words() or is_place(low) or low in named
                or low in CALENDAR_WORDS or vocab.zipf(low) >= brands.EVERYDAY_ZIPF):
            return None
    follower = _FOLLOWER.match(text[end : end + 30])
    if follower and follower.group(1).lower().rstrip(".") in LEGAL_FORMS:
        return None  # "Vayu Support", "MotoMeter AG": a firm's desk or its registered name
    if surface.isupper() and acronym_defined(text, surface) and not defined_as_term(text, surface):
        return None  # an acronym the text spells out takes the protection of the name it stands for
    if working_life_anywhere(text, surface) or not service_context.named_as_service(text, surface):
        return None
    return KeepSpan(start, end, "public_entity", surface)
