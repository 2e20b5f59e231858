"""Organisations a model found that are public: judged by how their name is built and how often it is written.

A model calls "Visa", "NHS", "Canada Revenue Agency" or "clock-in times in UKG" an organisation, a place or
even a person, and every technique would mask what a RAG answer needs. :class:`PublicEntities` judges each
organisation-like span of the detector: a national body, a police force, a health board or a government
department by its construction (:mod:`privrag.keep.public_bodies`); a department every hospital has; an
acronym the text never spells out; one distinctive word that English writes often enough and no other European
language more (wordfreq); a service the text only ever uses (:mod:`privrag.keep.service_keeps`). It keeps none
that the text ties to a person (an employer, an affiliation), none that is a facility or a registered company,
and no name the text gives a person.

Split out of :mod:`privrag.keep.finder`, which holds the thresholds and calls :meth:`PublicEntities.find`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from privrag.calendar_words import CALENDAR_WORDS, SEASONS
from privrag.detect.recognizers_places import MIN_LETTERS
from privrag.keep import brands, public_bodies, vocab
from privrag.keep.apply import ITEM_BREAK, MODEL_SOURCES, ORGLIKE, TRAILING_LOWER
from privrag.keep.clinical import department_name
from privrag.keep.context import (
    FACILITY,
    acronym_defined,
    affiliated_anywhere,
    defined_as_term,
    is_place,
    person_words,
    working_life_anywhere,
)
from privrag.keep.service_keeps import PLACE_LABELS, misread_service_keep, service_keep
from privrag.keep.spans import KeepSpan
from privrag.types import DetectedEntity

__all__ = ["PublicEntities"]

#: generic organisation words that name no one by themselves
_GENERIC_ORG = frozenset(
    "the of and for & assistance service services foundation agency authority national "
    "international plus pay app portal teams group global online direct bank".split()
)
#: labels a model also gives a national body ("Canadian Anti-Fraud Centre" as a nationality);
#: only the name's construction (:mod:`privrag.keep.public_bodies`) may keep such a span
_BODY_MISLABELS = frozenset({"NRP", "NORP", "LOC", "LOCATION", "GPE", "FAC", "DEM"})
#: an acronym written around an ampersand ("A&E", "AT&T")
_AMP_ACRONYM = re.compile(r"[A-Z]{1,3}&[A-Z]{1,3}")
#: letters of the shortest acronym kept without a frequency: two capitals may be a person's initials ("seen by JT");
#: from ``MIN_LETTERS`` capitals on, a word in capitals may be a town or a name ("returned to ESPOO")
_MIN_UNDEFINED_ACRONYM = 3
#: Zipf frequency of everyday English words ("eat", "care", "nice"): no evidence of a public entity
_EVERYDAY_ZIPF = 5.0

#: a capitalised word a model called a date: "Workday" ("upload it to Workday") is no day of the calendar
_ONE_WORD = re.compile(r"[A-Z][a-z]{2,}")
_DATE_LABELS = frozenset({"DATE_TIME", "DATE", "TIME"})
#: lower-case words before a model's capitalised name, or an article opening a sentence before an acronym
_LEADING_WORDS = re.compile(r"(?:[a-zà-ÿ][\w'’]*[ \t]+)+(?=[A-ZÀ-Ý])|(?:El|La|Los|Las|Le|Les|Il|Der|Die|Das|Het|De)[ \t]+(?=[A-Z]{2,}\b)")
#: a word of three to five capitals: an acronym, which a model may call anything
_ACRONYM_SPAN = re.compile(r"[A-Z]{3,5}")
#: (not a place's label: towns are written in capitals too, "grew up in SUND")
_NAME_LABELS = frozenset({"PERSON", "PER", "NRP", "NORP", "DEM"})
#: what separates the items of a list a model read as one span (not "&" or "and": "Marks & Spencer"), and the
#: spaced dash or bar of a header ("Kirkgate Dental Care – NHS / Private Treatment Plan")
_LIST_SEPARATOR = re.compile(rf"{ITEM_BREAK.pattern}|[ \t]*,[ \t]*")


def _list_item_break(text: str, sep: re.Match[str], start: int, end: int) -> bool:
    """A slash, a semicolon or a spaced dash parts two items; a comma only where prose meets a name ("onboarding
    playbook, Workday"), never inside a title-case name ("Determination, Evaluation and Compensation
    Commission")."""
    if "," not in sep.group():
        return True
    before = text[start : sep.start()].split()
    after = text[sep.end() : end].split()
    return bool(before and after) and (before[-1][:1].islower() or after[0][:1].islower())


@dataclass(frozen=True)
class PublicEntities:
    """Judges a detector's organisation-like spans (see the module docstring); the thresholds are
    :class:`~privrag.keep.finder.KeepFinder`'s, documented there."""

    #: Zipf frequency from which one distinctive word of a name is public
    public_min_zipf: float = 3.0
    #: the same for a coined, capitalised word English writes and no other European language more
    name_min_zipf: float = 2.0
    #: the same for an acronym the text spells out
    acronym_min_zipf: float = 3.0

    def find(self, text: str, spans: Sequence[DetectedEntity], named: frozenset[str]) -> list[KeepSpan]:
        out: list[KeepSpan] = []
        for s in spans:
            label = s.label.upper()
            if _ACRONYM_SPAN.fullmatch(s.text) and label in _NAME_LABELS and (s.source or "").startswith(MODEL_SOURCES):
                # "did you share any OTP", "register with NHIF": a model's person that is an acronym
                # is no one's name; it is judged as the organisation or the term it stands for
                label = "ORG"
            if label not in ORGLIKE and label not in _BODY_MISLABELS and label not in _DATE_LABELS:
                continue
            if not (s.source or "").startswith(MODEL_SOURCES) and label in _DATE_LABELS:
                continue
            # a model runs one span over a list ("GDPR / ISO 27001", "onboarding playbook, Workday
            # learning paths"): each item is judged on its own
            start = s.start
            seps = [m for m in _LIST_SEPARATOR.finditer(text, s.start, s.end) if _list_item_break(text, m, s.start, s.end)]
            for sep in [*seps, None]:
                stop = sep.start() if sep is not None else s.end
                if stop > start:
                    kept = self.judge(text, start, stop, label, named)
                    if kept is None and label in PLACE_LABELS and (s.source or "").startswith(MODEL_SOURCES):
                        # "clock-in times in UKG": a service's acronym a model called a place
                        kept = misread_service_keep(text, start, stop, named)
                    if kept is not None:
                        out.append(kept)
                if sep is not None:
                    start = sep.end()
        # "Estonian Tax| and |Customs Board": a national body's name a model split at its joining word
        out.extend(KeepSpan(s, e, "public_entity", text[s:e]) for s, e in public_bodies.joined_bodies(text, spans)
                   if not affiliated_anywhere(text, text[s:e]))
        return out

    def judge(self, text: str, start: int, end: int, label: str, named: frozenset[str]) -> KeepSpan | None:
        """The public entity a model's span (or one item of it) names, if any."""
        # a model stretches an organisation over the words that follow it ("Walmart
        # Foundation grant", "FAA medical certification."): lower-case words after the
        # name describe it, they do not name it — judge (and keep) the name alone
        tail = TRAILING_LOWER.search(text, start, end)
        if tail is not None and tail.start() > start:
            end = tail.start()
        # and over the words before it ("conform de AVG", "el INSS", "El IMSS" opening a sentence): an article
        # or a preposition names nothing either — judge the name after it
        lead = _LEADING_WORDS.match(text, start, end)
        if lead is not None and lead.end() < end:
            start = lead.end()
        surface = text[start:end]
        if label in _DATE_LABELS:
            # "upload it to Workday": a capitalised word no calendar holds is a name the model misread
            low = surface.lower()
            if not _ONE_WORD.fullmatch(surface) or low in CALENDAR_WORDS or low in SEASONS:
                return None
            label = "ORG"
        orglike = label in ORGLIKE
        if public_bodies.police_force(surface) or public_bodies.health_service_region(surface):
            # a force or a board many people work for: no mention may be someone's work or follow their name
            if (affiliated_anywhere(text, surface) or working_life_anywhere(text, surface)
                    or public_bodies.work_near(text, start, end) or public_bodies.after_a_name(text, start, named)):
                return None
            return KeepSpan(start, end, "public_entity", surface)
        if public_bodies.national_body(surface) or public_bodies.programme_name(surface):
            if affiliated_anywhere(text, surface) or (public_bodies.big_employer(surface)
                                                      and public_bodies.work_near(text, start, end)):
                return None  # "on our payroll at Bank of Kenya": a bank or a carrier is also someone's employer
            return KeepSpan(start, end, "public_entity", surface)
        if public_bodies.government_department(surface):
            if affiliated_anywhere(text, surface) or working_life_anywhere(text, surface):
                return None
            return KeepSpan(start, end, "public_entity", surface)
        if not orglike:
            return None
        if (department_name(surface) and not affiliated_anywhere(text, surface)
                and not any(w.lower() in named for w in vocab.words(surface))):  # "Fracture Clinic": every hospital has one
            return KeepSpan(start, end, "department", surface)
        after = " ".join(text[end : end + 40].split()[:2])
        if FACILITY.search(surface) or FACILITY.match(after) or affiliated_anywhere(text, surface):
            return None
        if _AMP_ACRONYM.fullmatch(surface):  # "A&E", "P&O", "M&S": letters around an ampersand
            return None if acronym_defined(text, surface, initials=False) else KeepSpan(start, end, "public_entity", surface)
        names = [w for w in vocab.words(surface) if w.lower() not in _GENERIC_ORG]
        # one distinctive name ("Visa", "NHS", "Microsoft Teams"): several common words
        # together ("Ohio Valley Refrigeration") name a small business as often as a big one
        # written in lower case, as chats and messages write everything ("my medicare card"),
        # the case says nothing; the word's frequency and the ties below still decide
        if len(names) != 1 or not (names[0][:1].isupper() or surface.islower()):
            return service_keep(text, start, end, names, named)
        name = names[0].lower()
        if name in person_words() or is_place(name) or name in named:
            return None  # a name the text gives a person ("Jo Pearce" … "Jo opened the meeting")
        if name in CALENDAR_WORDS:
            return None  # "Chennai    Jul 2019": a month a model ran into another cell is a date
        if surface.islower() and name in brands.english_words():
            return None  # a dictionary word in lower case ("grazing" a model called MISC) names nothing
        acronym = names[0].isupper() and 2 <= len(name) <= 6
        freq = vocab.zipf(name)
        # "EAT" (a tribunal), "NICE", "CARE": an everyday word's frequency says nothing of the entity
        if freq >= _EVERYDAY_ZIPF:
            return None
        if freq >= (self.acronym_min_zipf if acronym else self.public_min_zipf) or (
            not acronym and freq >= self.name_min_zipf and names[0][:1].isupper() and name.isalpha()
            and not vocab.foreign_word(name)
        ):  # one word: wordfreq rates "Vazquez-Riggs" (two surnames, a firm) by its parts
            return KeepSpan(start, end, "public_entity", surface)
        if (acronym and name.isalpha() and _MIN_UNDEFINED_ACRONYM <= len(name) < MIN_LETTERS
                and (not acronym_defined(text, names[0]) or defined_as_term(text, names[0]))):
            # an acronym the text never spells out is one its readers know ("notify the DVLA",
            # "Ofcom's scheme"); one it defines takes the protection of the name it stands for
            return KeepSpan(start, end, "public_entity", surface)
        return service_keep(text, start, end, names, named)
