"""Names that share a slot with detected names: list items and dialogue speakers.

Why: a coordinated list and the speaker column of a dialogue hold one kind of
thing. spaCy-sm and the small shipped GLiNER find most items of "They had 6:
Efimiya, Monica, Elizabeth, Michelle, Chang and Shane" but not the rare first
one, and the names in a transcript's text but not "Ubul:" heading its lines —
measured on Presidio's synthetic set, where those two shapes were a third of
the person names SEAG left in front of the generator. A missed item is not
found by any model a second time; its slot-mates say what it is.

Rules (after the union of the members, so every member's finding counts):

* **lists** — ``A, B, C and D`` within one line (commas, then ``and``, ``&``
  or ``or`` before the last item; without it "their Agent, Mr K. Smith, Head
  of …" is an apposition) of name-shaped items: when at least two items and at
  least half of them overlap spans of one name kind (person, organisation,
  place) and no item holds a span of another kind — or one does, against at
  least three of that kind ("Ines, Aleksi, Marja, Teodor and Hanna" with
  a model's place "Aleksi" among four persons) — the items no span touches get
  that kind;
* **speakers** — two or more lines opening with a name-shaped label and a
  colon ("Ubul: What a wife."): when at least one label is itself detected as
  a person, the other labels are persons too — except the labels of headers,
  forms and role transcripts ("Subject:", "Date:", "Witness:", "Patient:").

* **affiliations** — the capitalised name right after a detected person and
  "of"/"from" ("Jaana Lind of Kestrel Analytics LLC", "Okafor is from
  Tidewise") is where that person belongs: a place when the gazetteer knows
  it, else an organisation.

Items are name-shaped: one to four capitalised words (initials and name
particles allowed) — or, in a text written all in lower case, one word. A
span added here has source ``privrag_slots`` and the low score
:data:`SLOT_SCORE`, so any member's own label wins a later merge.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence

from privrag.calendar_words import CALENDAR_WORDS
from privrag.detect.recognizer_base import english_stop_words
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["MAX_ITEMS", "SLOT_SCORE", "SLOT_SOURCE", "CHAT_AUTHOR_SOURCE", "SLOT_KINDS", "complete_slots", "list_items", "speaker_labels"]

SLOT_SCORE = 0.5
#: the longest list read as one (longer runs are tables or tag lines, not coordination)
MAX_ITEMS = 16
SLOT_SOURCE = "privrag_slots"
#: the source of a chat export's author written in lower case: a cue, as an honorific is (its name propagates
#: to "Pinky" elsewhere, though the word is in the dictionary)
CHAT_AUTHOR_SOURCE = "privrag_chat_author"
#: canonical kinds a slot can pass on
SLOT_KINDS: frozenset[str] = frozenset({"PERSON", "ORG", "LOC"})

_UPPER = r"A-ZÀ-ÖØ-ÞĀ-Ž"
_WORD = rf"(?:[{_UPPER}][\w'’.-]*\w|[{_UPPER}]\.?)"
_PARTICLE = r"(?:van|von|de|der|den|da|di|du|la|le|del|della|bin|al|el|of)"
_CASED_ITEM = rf"{_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_WORD}){{0,3}}"
_LOWER_ITEM = r"[^\W\d_][\w'’-]*"
#: item separators: a comma (optionally followed by a coordinator) or a bare coordinator
_SEP_RE = re.compile(r"[ \t]*,[ \t]*(?:(?:and|&|or)[ \t]+)?|[ \t]+(?:and|&|or)[ \t]+")
_COORD_RE = re.compile(r"\b(?:and|or)\b|&")
#: (the item that ends a segment, the item that opens one), for cased and for lowercase text
_ITEM = {
    False: (re.compile(rf"(?<![\w'’.-]){_CASED_ITEM}$"), re.compile(rf"{_CASED_ITEM}(?![\w'’-])")),
    True: (re.compile(rf"(?<![\w'’.-]){_LOWER_ITEM}$"), re.compile(rf"{_LOWER_ITEM}(?![\w'’-])")),
}
#: how far back from a separator an item may start (four long words)
_TAIL_WINDOW = 160


#: the stamp a chat export puts before each speaker: "[Fri 07:12] ", "[12/03/2024, 07:12:33] ",
#: "12/03/2024, 07:12 - ", "2:47 PM  " (a bare "09:00 " opens a care log's entries: "09:00 Breakfast: …")
_CHAT_STAMP = r"(?:\[[^\]\n]{1,30}\d:\d\d[^\]\n]{0,12}\][ \t]*|(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?[ \t])?\d{1,2}:\d\d(?:[ \t]+-|[ \t]?[AaPp]\.?[Mm]\.?)[ \t]+)"
#: the particles of a speaker's name ("Riaan v.d. Merwe", "Rahim bin Osman"); not "of": "Date of Birth:" is a form
_NAME_PARTICLE = r"(?:van|von|de|der|den|da|di|du|la|le|del|della|dos|das|bin|binti|al|el|v\.[ \t]?d\.|v/d)"
#: a role in brackets between a speaker and the colon: "Lerato (Supervisor):", "Bill (Support):"
_SPEAKER_ROLE = r"(?:[ \t]*\([^()\n]{1,30}\))?"
_SPEAKER_CASED = re.compile(
    rf"^[ \t>]*{_CHAT_STAMP}?({_WORD}(?:[ \t][\"“‘']{_WORD}[\"”’'])?(?:[ \t](?:{_NAME_PARTICLE}[ \t])?{_WORD})?)"
    rf"{_SPEAKER_ROLE}[ \t]*:[ \t]*\S",
    re.M,
)
_SPEAKER_LOWER = re.compile(rf"^[ \t>]*{_CHAT_STAMP}?([^\W\d_][\w'’-]*)[ \t]*:[ \t]*\S", re.M)
#: sentence adverbs, greetings and sign-offs that open a clause with a comma ("Consequently,
#: Smith and Jones …", "Regards, Ana"): never an item; spaCy's stop words cover most others
_NOT_ITEMS: frozenset[str] = frozenset(
    """yes ok okay hi hello hey dear thanks sorry oh finally later note accordingly consequently similarly
    subsequently furthermore additionally regards cheers team""".split()
)
#: the labels of header blocks, forms and role-labelled transcripts: a line "Subject: …" or
#: "Witness: …" beside "John: …" does not make "Subject" a person
_NOT_SPEAKERS: frozenset[str] = frozenset(
    """subject date sent cc bcc tel fax phone mobile email e-mail address name time where when who what why
    court judge witness counsel answer question summary user system assistant bot patient doctor nurse
    interviewer interviewee customer agent host guest moderator speaker narrator attachment attachments""".split()
)


def _not_item(item: str) -> bool:
    """An item whose first word is a stop word, a sentence adverb or a greeting ("The Court", "Hi Team")."""
    words = item.split()
    first = words[0].lower() if words else ""
    return first in english_stop_words() or first in _NOT_ITEMS


def _lowercase_text(text: str) -> bool:
    return not any(c.isupper() for c in text)


def list_items(text: str) -> list[list[tuple[int, int]]]:
    """The coordinated lists of name-shaped items in ``text``, as item offsets.

    A list ends "…, X and Y": without the coordinator, "their Agent, Mr K.
    Smith, Head of …" is an apposition — one person described three ways.
    One linear pass per line over its separators (no backtracking regex: a
    long comma-separated line must not cost quadratic time).
    """
    tail, head = _ITEM[_lowercase_text(text)]
    lists: list[list[tuple[int, int]]] = []
    for line in re.finditer(r"[^\n\r]+", text):
        base, body = line.start(), line.group()
        seps = list(_SEP_RE.finditer(body))
        run: list[tuple[int, int]] = []  # the items of the open run, line offsets
        coords: list[int] = []  # run lengths at which an item followed "and"/"or"/"&"
        for k in range(len(seps) + 1):
            seg_start = seps[k - 1].end() if k else 0
            seg_end = seps[k].start() if k < len(seps) else len(body)
            if run:  # the previous separator continues the run: this segment must open with an item
                coordinated = bool(_COORD_RE.search(seps[k - 1].group()))
                last = k == len(seps)
                m = head.match(body, seg_start, seg_end)
                if m is not None:
                    run.append(m.span())
                    if coordinated:
                        coords.append(len(run))
                    if m.end() == seg_end and not last:
                        continue  # the whole segment is an item: the run goes on
                _close_run(run, coords, lists, base)
                run, coords = [], []
            if k < len(seps):  # a run may start with the item that ends this segment
                m = tail.search(body, max(seg_start, seg_end - _TAIL_WINDOW), seg_end)
                if m is not None:
                    run = [m.span()]
        _close_run(run, coords, lists, base)
    return [[(a, b) for a, b in items if not _not_item(text[a:b])] for items in lists
            if sum(not _not_item(text[a:b]) for a, b in items) >= 2]


def _close_run(run: list[tuple[int, int]], coords: list[int], lists: list[list[tuple[int, int]]], base: int) -> None:
    """Keep ``run`` up to its last coordinated item, if it has one (at most :data:`MAX_ITEMS` items)."""
    if coords and 2 <= coords[-1] <= MAX_ITEMS:
        lists.append([(base + a, base + b) for a, b in run[: coords[-1]]])


def speaker_labels(text: str) -> list[tuple[int, int]]:
    """Offsets of the labels opening dialogue lines ("Ubul: …"), when at least two lines have one."""
    pattern = _SPEAKER_LOWER if _lowercase_text(text) else _SPEAKER_CASED
    found = [
        (m.start(1), m.end(1)) for m in pattern.finditer(text)
        if not _not_item(m.group(1)) and m.group(1).lower() not in _NOT_SPEAKERS
        and not _everyday_label(text, m)
    ]
    return found if len(found) >= 2 else []


def _everyday_label(text: str, m: re.Match[str]) -> bool:
    """A label after a time stamp or before a bracket that is an everyday word (Zipf ≥ 3.5) and no given name is a
    log's or a form's field ("8:00 AM Breakfast:", "Weight (kg):"), not a speaker ("2:47 PM  Bill
    (Support):")."""
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.brands import english_words

    stamped = bool(text[m.start() : m.start(1)].strip(" \t>"))
    role = "(" in text[m.end(1) : m.end()]
    label = m.group(1).lower()
    from privrag.keep.vocab import zipf

    return ((stamped or role) and " " not in label and label in english_words() and label not in given_name_words()
            and zipf(label) >= 3.5)


def _kinds(item: tuple[int, int], spans: Sequence[DetectedEntity]) -> set[str]:
    a, b = item
    return {canonical_label(s.label) for s in spans if s.start < b and a < s.end}


def _new(text: str, a: int, b: int, label: str) -> DetectedEntity:
    return DetectedEntity(a, b, label, text[a:b], SLOT_SCORE, SLOT_SOURCE)


def _from_lists(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    out = []
    for items in list_items(text):
        kinds = [_kinds(it, spans) for it in items]
        named = [k for k in kinds if k]
        if any(not k <= SLOT_KINDS for k in named):
            continue  # a non-name item (a date, a number): not a list of names
        votes = Counter(next(iter(k)) for k in named if len(k) == 1)
        if not votes:
            continue
        kind, n = votes.most_common(1)[0]
        others = len(named) - n  # items a model read as another kind
        if n < 2 or 2 * n < len(items) or (others and (n < 3 or n < 3 * others)):
            continue
        label = _label_of(kind, items, spans)
        out += [_new(text, a, b, label) for (a, b), k in zip(items, kinds, strict=True) if not k]
    return out


def _label_of(kind: str, items: Sequence[tuple[int, int]], spans: Sequence[DetectedEntity]) -> str:
    """The members' most frequent spelling of ``kind`` among the items' spans."""
    labels = Counter(
        s.label for a, b in items for s in spans if s.start < b and a < s.end and canonical_label(s.label) == kind
    )
    return labels.most_common(1)[0][0]


def _from_speakers(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    labels = speaker_labels(text)
    if not labels:
        return []
    persons = [s for s in spans if canonical_label(s.label) == "PERSON"]
    if not any(_kinds(lab, persons) for lab in labels):
        return []
    label = Counter(s.label for s in persons).most_common(1)[0][0]
    # a label a model read in part ("Merwe" of "Riaan v.d. Merwe:") is the whole speaker's name
    return [_new(text, a, b, label) for a, b in labels if _kinds((a, b), spans) <= {"PERSON"}
            and not any(s.start <= a and b <= s.end for s in spans)]


#: "Jaana Lind of Kestrel Analytics LLC", "Ana Q. Lind from Tidewise", "Okafor is from Brightwave"
_AFFILIATION = re.compile(rf"[ \t]*,?[ \t]*(?:is[ \t]+|are[ \t]+|comes?[ \t]+)?(?:of|from)[ \t]+({_CASED_ITEM})")


def _from_affiliations(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """The organisation or place right after a detected person: "Jaana Lind of Kestrel Analytics LLC".

    What follows "of"/"from" after a name is where that person belongs, and
    an unknown start-up there is what the models miss. Its label: a place
    when the gazetteer knows it, else an organisation (a guess; any member's
    label wins a later merge).
    """
    from privrag import gazetteer

    out = []
    for p in spans:
        if canonical_label(p.label) != "PERSON":
            continue
        m = _AFFILIATION.match(text, p.end)
        if m is None:
            continue
        a, b = m.span(1)
        name = re.sub(r"['’]s$", "", text[a:b]).rstrip(".")
        b = a + len(name)
        first = name.split()[0].lower() if name.split() else ""
        if (not name or _not_item(name) or first in CALENDAR_WORDS
                or any(s.start < b and a < s.end for s in spans)):
            continue
        label = "LOCATION" if gazetteer.lookup(name) is not None else "ORGANIZATION"
        out.append(_new(text, a, b, label))
    return out


#: a label at least this frequent in English is a role or a desk ("support", "customer", "reception")
_ROLE_ZIPF = 3.5


@functools.cache
def _export_author_lower() -> re.Pattern[str]:
    """"14/03/24, 9:12 am - pinky: …": an exported chat's author as the phone's contact list writes them."""
    from privrag.detect.recognizers_names import AUTHOR_END, EXPORT_STAMP

    return re.compile(rf"(?m)^\[?{EXPORT_STAMP}\]?[ \t]*(?:[-–][ \t]*)?([a-z][\w.'’-]*[a-z0-9]){AUTHOR_END}")


def _lowercase_authors(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """The authors of an exported chat written in lower case ("pinky", "bene82"), when one writes at least two
    lines and the name is no role or desk: a contact list's name for a person, whatever the dictionary says
    of the word ("pinky")."""
    found = [(m.start(1), m.end(1), m.group(1)) for m in _export_author_lower().finditer(text)]
    if not found:
        return []
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.vocab import zipf

    counts = Counter(w for _, _, w in found)
    authors = {w for w, n in counts.items() if n >= 2 and w not in _NOT_SPEAKERS and w not in english_stop_words()
               and (w in given_name_words() or zipf(w) < _ROLE_ZIPF)}
    return [DetectedEntity(a, b, "PERSON", w, SLOT_SCORE, CHAT_AUTHOR_SOURCE) for a, b, w in found if w in authors
            and not any(sp.start <= a and b <= sp.end for sp in spans)]


def complete_slots(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the slot-mates of detected names (see the module docstring), sorted."""
    if not spans or not text:
        return list(spans)
    added: dict[tuple[int, int], DetectedEntity] = {}
    for s in _from_lists(text, spans) + _from_speakers(text, spans) + _from_affiliations(text, spans) + \
            _lowercase_authors(text, spans):
        added.setdefault((s.start, s.end), s)
    if not added:
        return list(spans)
    out = sorted([*spans, *added.values()], key=lambda s: (s.start, s.end))
    if any(a.overlaps(b) for a, b in zip(out, out[1:], strict=False)):
        # a speaker's label over a model's part of it: one span, whose label and source are the member's
        from privrag.detect.overlap import resolve_overlaps

        out = resolve_overlaps(out, text, strategy="union", source_priority={SLOT_SOURCE: -1.0})
    return out
