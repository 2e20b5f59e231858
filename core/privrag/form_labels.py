"""Field labels of forms, records and prompt templates: structure, not entities.

A referral letter says "Tel: 0161 …", "DOB: …", "NHS No: …"; a RAG prompt
says "Context: …", "Question: …", "Answer:". NER models tag such labels as
people and organisations (spaCy-sm reads "Tel" and "Email" as persons, "DOB"
and "MRN" as organisations), and an aliasing step then writes "Chang: 0390 …"
and "TURNER: 12/03/1964" — the generator loses the field names it needs to
read the record or the prompt, and gains nothing in privacy: a label names
no one.

Two lists, because a word can be a label in one position and a name in another:

* :data:`ALWAYS_LABELS` — prompt-template slots and the abbreviations of record
  and contact fields ("Query", "Tel", "DOB", "NHS No"): never a name, with or
  without a colon;
* :data:`COLON_LABELS` — ordinary words that are a label only in "Label:"
  position ("Name:", "Patient:", "Next of kin:"). "Mobile, Alabama" is a place.

A name followed by a colon is still a name ("Anna: I agree" in a transcript):
only listed words, and ``snake_case`` keys as LlamaIndex formats node metadata
("file_path: …"), count as labels.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["ALWAYS_LABELS", "COLON_LABELS", "LabelRegion", "label_regions"]


def _phrases(block: str) -> frozenset[str]:
    return frozenset(p.strip().lower() for p in block.replace("\n", ",").split(",") if p.strip())


#: labels wherever they stand: template slots, chat roles, record and contact abbreviations
ALWAYS_LABELS: frozenset[str] = _phrases(
    """query, question, questions, context, context information, context information is below, answer, answers,
    helpful answer, final answer, refined answer, original answer, existing answer, original query, response,
    instruction, instructions, system, user, assistant, human, input, output, prompt, thought, observation,
    action input, tel, tel no, telephone, fax, fax no, email, e-mail, email address, e-mail address, dob, d.o.b,
    date of birth, mrn, nhs no, nhs number, ssn, nino, ni no, ni number, mob, ext, postcode, post code, zip code,
    phone no, phone number, mobile no, mobile number"""
)

#: ordinary words that are a label only right before a colon
COLON_LABELS: frozenset[str] = _phrases(
    """name, full name, first name, given name, surname, last name, family name, maiden name, patient, patient name,
    address, home address, work address, phone, mobile, cell, home phone, work phone, contact, emergency contact,
    next of kin, nok, gp, consultant, doctor, clinician, nurse, referrer, referred by, ward, clinic, hospital,
    practice, department, dept, unit, site, location, manager, line manager, supervisor, employee, employee id,
    staff id, staff no, employer, company, organisation, organization, occupation, job title, position, role, team,
    title, gender, sex, age, nationality, city, country, subject, re, ref, reference, from, to, cc, bcc, sent, date,
    time, id, author, source, sender, recipient, signed, signature, witness, attendees, present, chair, owner,
    diagnosis, medication, medications, allergies, notes, note, summary, action, file name, file path"""
)

#: what may follow a label before its value: "NHS No.", "Staff #"
_NUMBER_MARK = r"(?:[ \t]*(?:no\.?|number|#))?"
#: a metadata key as LlamaIndex writes it into a prompt ("file_path: …"): at the start of its line (indented or
#: not) or after a bracket or a separator ("{file_name: …, author_name: …}"); after a chat's time stamp the same
#: shape is the author's user name ("[09:13] marites_delacruz88: hi po")
_SNAKE_KEY = (r"(?:(?<![\s\S])|(?<=\n)|(?<=\n[ \t])|(?<=\n[ \t]{2})|(?<=\n[ \t]{4})|(?<=\A[ \t])|(?<=\A[ \t]{2})"
              r"|(?<=\A[ \t]{4})|(?<=[{(\[,;|])|(?<=[{(\[,;|][ \t]))"
              r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


class LabelRegion(NamedTuple):
    """A label's characters (without the colon) and whether a colon follows it."""

    start: int
    end: int
    colon: bool


def _alternation(phrases: Iterable[str]) -> str:
    """Longest first, words joined by any run of blanks, case-insensitive by the caller."""
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "|".join(r"[ \t]+".join(re.escape(w) for w in p.split()) for p in ordered)


@functools.lru_cache(maxsize=4)
def _patterns(always: frozenset[str], colon: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    with_colon = re.compile(
        rf"(?<![^\W_])(?:(?i:(?:{_alternation(always | colon)}){_NUMBER_MARK})|{_SNAKE_KEY})(?=[ \t]*:(?!//))"
    )
    bare = re.compile(rf"(?<![^\W_])(?i:(?:{_alternation(always)}){_NUMBER_MARK})(?![^\W_])")
    return with_colon, bare


def label_regions(
    text: str, *, always: frozenset[str] = ALWAYS_LABELS, colon: frozenset[str] = COLON_LABELS
) -> list[LabelRegion]:
    """Every label in ``text``, in order, non-overlapping; a colon after it wins.

    ``always``/``colon`` extend or replace the two lists (a clinic's own form).
    """
    with_colon, bare = _patterns(frozenset(always), frozenset(colon))
    found = [LabelRegion(m.start(), m.end(), True) for m in with_colon.finditer(text)]
    taken = [(r.start, r.end) for r in found]
    for m in bare.finditer(text):
        if not any(a < m.end() and m.start() < b for a, b in taken):
            found.append(LabelRegion(m.start(), m.end(), False))
    return sorted(found)
