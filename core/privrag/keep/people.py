"""The people a text names, as the keep rules need them: no keep may be one of their names.

A keep reason that matched a person's name would send it in clear: "Ghost" is
a catalogued brand and the nickname of 'Sipho "Ghost" Ndlovu', "Fuchs'" an
eponym and the surname of "Anna Fuchs", "BK" an acronym and the initials of
"Brett Kowalczyk". :class:`~privrag.keep.finder.KeepFinder` computes both
sets once per text and refuses every keep among them.
"""

from __future__ import annotations

from collections.abc import Sequence

from privrag.keep.apply import MODEL_SOURCES
from privrag.types import DetectedEntity

__all__ = ["marked_names", "named_people"]


#: person spans that are guesses from one word: a model's ("Openreach" read as a person at one mention),
#: a given-name list's ("Okta"), or another span's name carried over
_GUESSED_PERSON_SOURCES = (*MODEL_SOURCES, "privrag_first_name", "privrag_propagated")


def marked_names(spans: Sequence[DetectedEntity]) -> frozenset[str]:
    """Words a person's name marks as names by its construction: a quoted nickname, the names around
    "bin" (:func:`~privrag.detect.name_propagation.marked_name_words`). A catalogue's brand among them
    is that person ('Sipho "Ghost" Ndlovu' … "Sun 07-13 Ghost"); a model's person span of a brand
    ("Toyota Prius", "App Store") marks nothing."""
    from privrag.detect.name_propagation import marked_name_words

    return frozenset(w for s in spans if s.label.upper() in ("PERSON", "PER") for w in marked_name_words(s))


def named_people(spans: Sequence[DetectedEntity]) -> frozenset[str]:
    """Name parts (lower case) of the persons the document names for sure: a full name ("Jo Pearce"),
    or one a cue found ("partner Precious", a chat's author, a letter's signer)."""
    from privrag.detect.name_propagation import name_forms, name_initials

    sure = [s for s in spans if s.label.upper() in ("PERSON", "PER")
            and (len(s.text.split()) > 1 or not (s.source or "").startswith(_GUESSED_PERSON_SOURCES))]
    # a full name's initials are that person's too ("Brett Kowalczyk … BK"), not a brand's
    initials = {i.lower() for s in sure if (i := name_initials(s.text))}
    return frozenset({f.lower() for s in sure for f in name_forms(s)} | initials)
