"""Names that share a slot with detected names: list items and dialogue speakers.

Why: a coordinated list and the speaker column of a dialogue hold one kind of
thing. spaCy-sm and the small shipped GLiNER find most items of "They had 6:
Efimiya, Monica, Elizabeth, Michelle, Chang and Shane" but not the rare first
one, and the names in a transcript's text but not "Ubul:" heading its lines —
measured on Presidio's synthetic set, where those two shapes were a third of
the person names SEAG left in front of the generator. A missed item is not
found by any model a second time; its slot-mates say what it is.

Rules (after the union of the members, so every member's finding counts):

* **lists** — ``A, B, C and D`` (commas, then ``and``, ``&`` or ``or`` before
  the last item; without it "their Agent, Mr K. Smith, Head of …" is an
  apposition) of name-shaped items within one line: when at least two items and at least half of them
  overlap spans of one name kind (person, organisation, place) and no item
  holds a span of another kind, the items no span touches get that kind;
* **speakers** — two or more lines opening with a name-shaped label and a
  colon ("Ubul: What a wife."): when at least one label is itself detected as
  a person, the other labels are persons too. Header blocks ("From:",
  "Subject:") have no detected label and stay untouched.

Items are name-shaped: one to four capitalised words (initials and name
particles allowed) — or, in a text written all in lower case, one word. A
span added here has source ``privrag_slots`` and the low score
:data:`SLOT_SCORE`, so any member's own label wins a later merge.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from privrag.generalize import canonical_label
from privrag.types import DetectedEntity

__all__ = ["SLOT_SCORE", "SLOT_SOURCE", "SLOT_KINDS", "complete_slots", "list_items", "speaker_labels"]

SLOT_SCORE = 0.5
SLOT_SOURCE = "privrag_slots"
#: canonical kinds a slot can pass on
SLOT_KINDS: frozenset[str] = frozenset({"PERSON", "ORG", "LOC"})

_UPPER = r"A-ZÀ-ÖØ-ÞĀ-Ž"
_WORD = rf"(?:[{_UPPER}][\w'’.-]*\w|[{_UPPER}]\.?)"
_PARTICLE = r"(?:van|von|de|der|den|da|di|du|la|le|del|della|bin|al|el|of)"
_CASED_ITEM = rf"{_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_WORD}){{0,3}}"
_LOWER_ITEM = r"[^\W\d_][\w'’-]*"
_SEP = r"(?:[ \t]*,[ \t]*(?:(?:and|&|or)[ \t]+)?|[ \t]+(?:and|&|or)[ \t]+)"
_COMMA = r"[ \t]*,[ \t]*"
_COORD = r"(?:[ \t]*,)?[ \t]+(?:and|&|or)[ \t]+"


def _chain(item: str) -> re.Pattern[str]:
    # a list ends "…, X and Y": without the coordinator, "their Agent, Mr K. Smith, Head of …"
    # is an apposition — one person described three ways, not three things
    return re.compile(rf"(?<![\w'’-])(?:{item})(?:{_COMMA}(?:{item}))*{_COORD}(?:{item})(?![\w'’-])")


_CASED_CHAIN = _chain(_CASED_ITEM)
_LOWER_CHAIN = _chain(_LOWER_ITEM)
_SEP_RE = re.compile(_SEP)
_SPEAKER = {
    False: re.compile(rf"^[ \t>]*({_WORD}(?:[ \t]{_WORD})?)[ \t]*:[ \t]*\S", re.M),
    True: re.compile(r"^[ \t>]*([^\W\d_][\w'’-]*)[ \t]*:[ \t]*\S", re.M),
}
#: sentence adverbs and greetings that open a clause with a comma ("However, Smith and Jones …",
#: "Yes, Ana"): never an item, never a speaker; spaCy's stop words cover most of them
_NOT_ITEMS: frozenset[str] = frozenset(
    {"yes", "ok", "okay", "hi", "hello", "hey", "dear", "thanks", "sorry", "oh", "finally", "later", "note"}
)


def _not_item(word: str) -> bool:
    from spacy.lang.en.stop_words import STOP_WORDS

    w = word.lower()
    return w in STOP_WORDS or w in _NOT_ITEMS


def _lowercase_text(text: str) -> bool:
    return not any(c.isupper() for c in text)


def list_items(text: str) -> list[list[tuple[int, int]]]:
    """The coordinated lists of name-shaped items in ``text``, as item offsets."""
    lower = _lowercase_text(text)
    pattern = _LOWER_CHAIN if lower else _CASED_CHAIN
    lists = []
    for line in re.finditer(r"[^\n\r]+", text):
        for m in pattern.finditer(line.group()):
            base = line.start() + m.start()
            items, pos = [], 0
            chunk = m.group()
            for sep in _SEP_RE.finditer(chunk):
                items.append((base + pos, base + sep.start()))
                pos = sep.end()
            items.append((base + pos, base + len(chunk)))
            items = [(a, b) for a, b in items if b > a and not _not_item(text[a:b])]
            if len(items) >= 2:
                lists.append(items)
    return lists


def speaker_labels(text: str) -> list[tuple[int, int]]:
    """Offsets of the labels opening dialogue lines ("Ubul: …"), when at least two lines have one."""
    found = [
        (m.start(1), m.end(1)) for m in _SPEAKER[_lowercase_text(text)].finditer(text) if not _not_item(m.group(1))
    ]
    return found if len(found) >= 2 else []


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
        if any(len(k) > 1 or not k <= SLOT_KINDS for k in named):
            continue  # mixed or non-name items: not one kind of thing
        votes = Counter(next(iter(k)) for k in named)
        if len(votes) != 1:
            continue
        kind, n = votes.most_common(1)[0]
        if n < 2 or 2 * n < len(items):
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
    return [_new(text, a, b, label) for a, b in labels if not _kinds((a, b), spans)]


def complete_slots(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the slot-mates of detected names (see the module docstring), sorted."""
    if not spans or not text:
        return list(spans)
    added: dict[tuple[int, int], DetectedEntity] = {}
    for s in _from_lists(text, spans) + _from_speakers(text, spans):
        added.setdefault((s.start, s.end), s)
    if not added:
        return list(spans)
    return sorted([*spans, *added.values()], key=lambda s: (s.start, s.end))
