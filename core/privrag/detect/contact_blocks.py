"""The unmarked lines of a contact block: signatures, letterheads, address labels, CV headers.

Why: an e-mail signature, a letter's address block and a CV header stack one
fact per line — name, job title, company, street, town, country, phone —
with no sentence around them, so no model has context to label the job
title or the start-up's name, and spaCy-sm reads a town in capitals on its
own line as nothing. The block's own shape says what each line is: the
lines round a detected name and a detected phone, e-mail or street are the
rest of that person's contact details. A missed line there is a direct
identifier sent as written.

The address layout itself — a street line, then unit, town and postcode
lines, the addressee above — is read before the merge by
:mod:`privrag.detect.recognizers_address`. This step runs after the merge,
because what it needs are the members' findings: which line is a person,
which a phone number or an e-mail, and so which lines belong to that person.

A **block** is a run of short lines (at most :data:`MAX_WORDS` words, no
sentence ending in "!" or "?", at most one blank line between two lines).
It is a **contact block** when one of its lines carries a contact detail
(street address, postcode, phone, e-mail, URL) or opens with a contact label
("Phone:", "E-mail:") and either one line is wholly a detected person or
the block ends with a country. Then each line that no span touches, that is
no label ("Personal Info:"), greeting or sign-off, gets a kind from where it
stands:

* the line right before a line that is a country is the **town**
  ("Villanueva de la Serena" above "Spain");
* a line after a street line, holding a postcode ("TROMSØ 9008",
  "SPRINGFIELD IL 62704") is the **rest of the address**; one in capitals
  without digits is the **town**;
* a line before the first contact detail whose last word is an occupation
  ("Senior Data Analyst", "Warehouse supervisor") is an **occupation**, any other
  such line the **organisation** ("Acme Analytics GmbH");
* the first line of a block without a detected person, when it is two or
  three name-shaped words and no organisation's ("Customer Service",
  "Acme Ltd"), is the **person** the details belong to.

Spans added here have source :data:`BLOCK_SOURCE` and score :data:`BLOCK_SCORE`,
so a member's own label always wins a later merge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from privrag import gazetteer
from privrag.detect.recognizer_base import english_stop_words
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = [
    "BLOCK_SCORE", "BLOCK_SOURCE", "MAX_WORDS", "CONTACT_KINDS", "OCCUPATION_HEADS",
    "Line", "blocks", "complete_blocks", "occupation_head",
]  # fmt: skip

BLOCK_SCORE = 0.5
BLOCK_SOURCE = "privrag_blocks"
#: a longer line is prose, not one field of a block
MAX_WORDS = 10
#: canonical kinds that make a line a contact detail
CONTACT_KINDS: frozenset[str] = frozenset({"ADDRESS", "PHONE", "EMAIL", "URL"})

#: the last words of job titles ("… clerk", "… director"); with the suffixes in
#: :func:`occupation_head` this covers Faker's and the common English job lists
OCCUPATION_HEADS: frozenset[str] = frozenset(
    """accountant actor actuary adjuster administrator adviser advisor agent analyst architect artist assistant
    associate attendant attorney auditor baker banker barber bartender biologist bookkeeper broker builder buyer
    carpenter cashier ceo cfo chef chemist cleaner clerk coach collector consultant controller cook coordinator
    counsel counselor counsellor courier curator dentist deputy designer detective developer dietitian director
    dispatcher distributor doctor driver economist editor electrician engineer examiner executive farmer firefighter
    founder gardener guard guide hairdresser handler head inspector installer instructor intern interpreter
    investigator janitor journalist judge labourer laborer lawyer lead lecturer librarian machinist manager mechanic
    merchandiser midwife miner minister nurse officer operator optician owner painter paralegal partner pharmacist
    photographer physician pilot planner plumber policeman president principal producer professor programmer
    psychiatrist psychologist receptionist recruiter representative researcher salesman salesperson scientist
    secretary senator sheriff solicitor specialist student supervisor surgeon surveyor teacher technician
    technologist teller therapist trader trainer translator treasurer tutor underwriter veterinarian waiter waitress
    welder worker writer cto coo vp""".split()
)
_HEAD_SUFFIXES = ("ologist", "ician", "ist", "arian", "grapher", "ographer")

_CONTACT_LABEL = re.compile(
    r"^\s*(?:tel(?:ephone)?|phone|mobile|cell|fax|e-?mail|mail|web(?:site)?|address|contact)\b[ \t.]*:?", re.I
)
#: lines that frame a block but name nothing
_NOT_FIELD: frozenset[str] = frozenset(
    """regards sincerely thanks thank cheers best kind warm yours respectfully cordially personal info information
    contact details profile summary education experience skills references objective inside outside cc attn""".split()
)
_PARTICLES: frozenset[str] = frozenset("de del la le les da das do dos di du van von der den ter y el al bin ben".split())
#: words that make a block's first line an organisation or a department, not a person
_ORG_WORDS: frozenset[str] = frozenset(
    """inc ltd llc llp plc gmbh ag sa corp co company group team office department dept service services support
    sales desk bank university college school hospital clinic club society association foundation institute centre
    center council ministry agency studio lab labs partners associates consulting solutions technologies""".split()
)
_WORD_RE = re.compile(r"[^\W\d_][\w'’.&-]*|\d[\w-]*", re.U)
_DIGITS_RE = re.compile(r"\d{3,}|\d+ \d+")


@dataclass(frozen=True)
class Line:
    """One non-blank line of a block: its offsets (stripped) and its words."""

    start: int
    end: int
    text: str

    @property
    def words(self) -> list[str]:
        return _WORD_RE.findall(self.text)

    @property
    def short(self) -> bool:
        """A field, not prose: few words and no "!"/"?" at its end."""
        return len(self.words) <= MAX_WORDS and not self.text.endswith(("!", "?"))


def occupation_head(line: str) -> bool:
    """Whether ``line`` ends with a word that heads job titles ("… bus driver", "… psychologist")."""
    words = re.findall(r"[^\W\d_]+", line.lower())
    if not words:
        return False
    last = words[-1]
    return last in OCCUPATION_HEADS or (len(last) > 5 and last.endswith(_HEAD_SUFFIXES))


def blocks(text: str) -> list[list[Line]]:
    """Runs of short lines, at most one blank line apart (see the module docstring).

    A long line (prose) ends the run before it and opens the next one: it may
    be the contact detail a block stands on ("Ana Lind / Brightwave / the
    corner of 95 Wellington Street and …"), but it is never filled itself.
    """
    out: list[list[Line]] = []
    run: list[Line] = []
    blank = 0
    for m in re.finditer(r"(?m)^[^\n]*", text):
        raw = m.group()
        stripped = raw.strip()
        if not stripped:
            blank += 1
            if blank > 1 and run:
                out.append(run)
                run = []
            continue
        a = m.start() + (len(raw) - len(raw.lstrip()))
        line = Line(a, a + len(stripped), stripped)
        blank = 0
        run.append(line)
        if not line.short:
            out.append(run)
            run = [line]
    if run:
        out.append(run)
    return [b for b in out if len(b) >= 2]


def _kinds(line: Line, spans: Sequence[DetectedEntity]) -> set[str]:
    return {canonical_label(s.label) for s in spans if s.start < line.end and line.start < s.end}


def _covered_by(line: Line, spans: Sequence[DetectedEntity], kind: str) -> bool:
    """Whether spans of ``kind`` cover every word of ``line`` (an honorific or punctuation aside)."""
    mine = [s for s in spans if canonical_label(s.label) == kind and s.start < line.end and line.start < s.end]
    if not mine:
        return False
    for w in re.finditer(r"[^\W_]{2,}", line.text):
        a, b = line.start + w.start(), line.start + w.end()
        if w.group().lower() in {"mr", "mrs", "ms", "miss", "mx", "dr", "prof"}:
            continue
        if not any(s.start <= a and b <= s.end for s in mine):
            return False
    return True


def _is_country(line: Line) -> bool:
    place = gazetteer.lookup(line.text.strip(" ,."))
    return place is not None and place.kind == "country"


def _field(line: Line) -> bool:
    """A line that may hold a value: no label ("Phone:", "Personal Info:"), greeting, sign-off or heading word."""
    words = line.words
    if not words or line.text.endswith((":", ",")) or "@" in line.text or _CONTACT_LABEL.match(line.text):
        return False
    first = words[0].lower().strip(".")
    return first not in english_stop_words() and not any(w.lower().strip(".") in _NOT_FIELD for w in words)


def _name_shaped(line: Line, lowercase: bool) -> bool:
    """At most six words, each capitalised but for name particles ("Villanueva de la Serena");
    any word, in a text written in lower case."""
    words = line.words
    if len(words) > 6:
        return False
    if lowercase:
        return True
    return all(w[0].isupper() for w in words if w.lower() not in english_stop_words() and w.lower() not in _PARTICLES)


def _addressee(line: Line, kinds: set[str], lowercase: bool) -> bool:
    """Whether a block's first line reads as a person's name: two or three name-shaped words,
    no digits, no word of an organisation or a department ("Customer Service", "Acme Ltd")."""
    words = line.words
    return (not kinds and line.short and _field(line) and 2 <= len(words) <= 3 and _name_shaped(line, lowercase)
            and not _DIGITS_RE.search(line.text) and not any(w.lower().strip(".") in _ORG_WORDS for w in words))


def _new(text: str, line: Line, label: str) -> DetectedEntity:
    return DetectedEntity(line.start, line.end, label, text[line.start : line.end], BLOCK_SCORE, BLOCK_SOURCE)


def _fill(text: str, block: list[Line], spans: Sequence[DetectedEntity], lowercase: bool) -> list[DetectedEntity]:
    kinds = [_kinds(line, spans) for line in block]
    contact = [bool(k & CONTACT_KINDS) or bool(_CONTACT_LABEL.match(line.text))
               for line, k in zip(block, kinds, strict=True)]
    countries = [_is_country(line) for line in block]
    postal = len(block) >= 3 and countries[-1]  # "name / town / country": an address label
    if not any(contact) and not postal:
        return []
    # the block's owner: a line that is wholly a person, or a first line wholly one name a model
    # labelled an organisation (spaCy-sm reads many foreign names so)
    person = [_covered_by(line, spans, "PERSON")
              or (i == 0 and _covered_by(line, spans, "ORG") and 2 <= len(line.words) <= 3)
              for i, line in enumerate(block)]
    out: list[DetectedEntity] = []
    if not any(person) and _addressee(block[0], kinds[0], lowercase):
        # a block of contact details opens with whom they belong to ("Sølvi Haugland / Warehouse supervisor / Phone: …")
        out.append(_new(text, block[0], "PERSON"))
        person[0] = True
    if not any(person) and not postal:
        return []
    first_contact = contact.index(True) if any(contact) else len(block) - 1
    address = [("ADDRESS" in k) for k in kinds]
    for i, line in enumerate(block):
        if person[i] or not line.short or kinds[i] or countries[i] or not _field(line):
            continue
        after_address = any(address[:i])
        if _DIGITS_RE.search(line.text):  # digits: only the rest of an address above
            if after_address and len(line.words) <= 6:
                out.append(_new(text, line, "STREET_ADDRESS"))
            continue
        if i < first_contact and any(person[:i]) and occupation_head(line.text) and len(line.words) <= 6:
            out.append(_new(text, line, "OCCUPATION"))  # job titles are written in sentence case too
            continue
        if not _name_shaped(line, lowercase):
            continue
        if i + 1 < len(block) and countries[i + 1]:
            out.append(_new(text, line, "LOCATION"))
        elif after_address and line.text.isupper():
            out.append(_new(text, line, "LOCATION"))
        elif i < first_contact and any(person[:i]):
            out.append(_new(text, line, "ORGANIZATION"))
    return out


def complete_blocks(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the unmarked lines of contact blocks (see the module docstring), sorted."""
    if not spans or "\n" not in text:
        return list(spans)
    lowercase = not any(c.isupper() for c in text)
    added = [s for block in blocks(text) for s in _fill(text, block, spans, lowercase)]
    if not added:
        return list(spans)
    return sorted([*spans, *added], key=lambda s: (s.start, s.end))
