"""Boundary repair for the spans of NER models, before members are merged.

Why: the default composite merges overlapping spans by *union* (a half-masked
name is a leak), so one over-long span from one member widens the final span.
The small shipped GLiNER and spaCy both produce over-long name spans on
informal or form-like text — measured on Presidio's synthetic set, where
a fifth of the person mentions came out wider than the name:

* across a line break: ``"John Smith\\n\\nDear Dr. Lopez"``, ``"Cormac Allan\\nEchocardiographer"``;
* a coordinated list as one person: ``"Morrison, Rogers and Torres"``;
* trailing verbs, prepositions or mojibake: ``"Ms. Rennie flew"``,
  ``"Dobrosław Tomaszewski of"``, ``"Lea Petersen ג€"``;
* a leading gender honorific: ``"Mr. Richard McCray"`` (TAB's scorer ignores
  ``Mr``/``Mrs``/``Ms``; Presidio's set and SEAG's alias families treat the
  title as context, not as part of the name).

For SEAG a wide span is worse than imprecise: "Ms. Rennie flew" aliased as a
whole deletes "flew" from what the generator sees, and three founders aliased
as one person break every answer about them. Only *name-like* labels are
touched (person, organisation, place, group); identifiers, dates and
addresses keep the boundaries their recognizers chose. A boundary repair
never produces an empty span: if nothing name-like would remain, the span is
kept as it was (fail towards masking). Two checks drop a model's span whole,
both for prose a model read as a name, never for a word any name list holds:
a span of a non-English text's function words ("il lui aurait",
:mod:`privrag.detect.text_language`), and a person in lower case that runs over
function words on a line written with capitals ("heater cord across the lounge
doorway").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from privrag.calendar_words import PART_OF_DAY
from privrag.detect.grouping import HONORIFICS
from privrag.detect.span_edges import whole_token, with_initials, with_region_code
from privrag.detect.speech_pieces import at_colons, without_speech_openers
from privrag.detect.text_language import (
    lower_case_prose,
    lower_case_words,
    text_language,
    without_function_words,
)
from privrag.types import DetectedEntity

__all__ = [
    "NAME_LABELS", "LINE_SPLIT_SOURCES", "PERSON_LABELS", "clean_name_spans", "split_name_span", "split_at_lines",
    "with_initials", "bridge_particles", "PERSON_PARTICLES", "with_region_code",
]

#: labels whose spans are repaired (spaCy, Presidio and GLiNER spellings)
NAME_LABELS: frozenset[str] = frozenset(
    {"PERSON", "PER", "ORG", "ORGANIZATION", "LOC", "LOCATION", "GPE", "NORP", "NRP", "FAC"}
)
#: NER models whose spans of any label are cut at line breaks (identifier recognizers' spans pass)
LINE_SPLIT_SOURCES: frozenset[str] = frozenset({"SpacyRecognizer", "gliner", "gliner_shipped"})
#: labels of single persons (lists are split, honorifics stripped)
PERSON_LABELS: frozenset[str] = frozenset({"PERSON", "PER"})
#: organisation labels (trailing lowercase words are cut only when they are function words)
ORG_LABELS: frozenset[str] = frozenset({"ORG", "ORGANIZATION"})
#: words no organisation name ends with
_FUNCTION_WORDS: frozenset[str] = frozenset(
    {"of", "the", "and", "in", "at", "for", "to", "on", "with", "by", "from", "as", "or", "a", "an", "is", "was",
     "are", "were", "has", "had", "have", "said", "says", "which", "who", "that"}
)
#: gender honorifics: context, not name (TAB's scorer skips mr/mrs/ms too). Narrower than
#: :data:`privrag.detect.grouping.HONORIFICS`: "Dr", "Judge", "Lord" stay with the name here
GENDER_HONORIFICS: frozenset[str] = frozenset({"mr", "mrs", "ms", "miss", "mx", "mme", "mlle"})
#: lowercase words that belong inside a person's or a place's name ("Ludwig van Beethoven", "Isle of
#: Man", "Ústí nad Labem"): SEAG's name particles plus the connectors of place names
INNER_NAME_WORDS: frozenset[str] = frozenset(
    {"van", "von", "der", "den", "de", "del", "della", "di", "da", "do", "dos", "das", "du", "le", "la", "les",
     "bin", "binti", "ibn", "al", "el", "ter", "ten", "zu", "y", "e", "af", "av", "of", "and", "upon", "on",
     "und", "sur", "am", "im", "an", "the", "en", "nad", "pod", "u", "v", "na"}
)
#: lowercase words that join the parts of one person's name: "Siti Nurhaliza bte Osman" (Malay "daughter
#: of"), "Ahmad bin Ismail", "Ludwig van Beethoven", "Maria dos Santos" — a model that stops at the
#: particle reports two people and leaves the particle, a clue to the name's origin, in clear
PERSON_PARTICLES: frozenset[str] = frozenset(
    {"van", "von", "der", "den", "de", "del", "della", "di", "da", "do", "dos", "das", "du", "le", "la", "bin",
     "binti", "binte", "bte", "bt", "ibn", "ben", "bat", "al", "el", "ter", "ten", "zu", "y",
     # Malaysian Indian "a/l", "a/p" (son, daughter of), "s/o", "d/o": "Kavitha a/p Subramaniam"
     "a/l", "a/p", "s/o", "d/o"}
)
_PARTICLE_GAP = re.compile(r"[ \t]([a-z]+|[A-Z][a-z]+|[as]/[lp]|[sd]/o)[ \t]")
#: labels whose spans are split at inner lowercase words that are not particles ("Leiva flew to LEPPEN")
SPLIT_INNER_LABELS: frozenset[str] = frozenset({"PERSON", "PER", "NORP", "NRP", "LOC", "LOCATION", "GPE"})
#: labels of dates and times (spaCy's, Presidio's and GLiNER's spellings)
DATE_LABELS: frozenset[str] = frozenset({"DATE_TIME", "DATE", "TIME", "DATETIME"})
#: labels of nationalities, religions and political groups
GROUP_LABELS: frozenset[str] = frozenset({"NORP", "NRP"})
#: abbreviations whose final dot belongs to the name
DOT_ABBREVIATIONS: frozenset[str] = frozenset(
    {"inc", "ltd", "co", "corp", "jr", "sr", "st", "bros", "plc", "llc", "llp", "mfg", "dept", "univ", "ave", "no"}
)

#: a line break, or the gap between two columns of a form (three spaces or a tab): "Kieran Doyle-Nguyen
#: DOB: …", "CHPT-20931    Payer: Medicaid" — a model reads the cells of one row as one mention
_LINE_BREAK = re.compile(r"[ \t]*(?:\r\n|\r|\n)\s*|[ ]{3,}|[ ]*\t[ \t]*")
_TOKEN = re.compile(r"\S+")
_LIST_SEP = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+")
_POSSESSIVE = re.compile(r"['’]s?$")
_LEADING_WORDS: frozenset[str] = frozenset({"i'm", "i’m", "im", "the", "dear", "hi", "hello", "hey"})
_EDGE_JUNK = "\"'“”‘’«»()[]{}<>,;:!?*|/\\–—-_~`^#"


def clean_name_spans(spans: Iterable[DetectedEntity], text: str) -> list[DetectedEntity]:
    """Repair every name-like span of ``spans``; a model's other spans are cut at line breaks."""
    out: list[DetectedEntity] = []
    for s in spans:
        if s.source in LINE_SPLIT_SOURCES and s.label in NAME_LABELS:
            kept = without_function_words(s.text, text, s.start)  # "il l'a assignée seule" of a French text
            if kept is None or ((s.label in PERSON_LABELS or s.label in ORG_LABELS)
                                and (lower_case_prose(s.start, s.end, text) or lower_case_words(s.start, s.end, text))):
                continue  # "heater cord across the lounge doorway", "crown", "fractured cusp": prose, no name
            if kept != (0, len(s.text)):
                a, b = s.start + kept[0], s.start + kept[1]
                s = DetectedEntity(a, b, s.label, text[a:b], s.score, s.source)
        if s.source in LINE_SPLIT_SOURCES and (s.label in DATE_LABELS and PART_OF_DAY.fullmatch(s.text)
                                               or _part_of_day_in_lower_case(s.text, text)):
            continue  # "morning stiffness", "evening shift", "en la mañana" (a place?): a part of the day dates nothing
        if s.label in GROUP_LABELS and s.source in LINE_SPLIT_SOURCES and _lower_in_cased_line(s, text):
            continue  # "scale and polish": a nationality or a faith is capitalised where the line has capitals
        if s.label in PERSON_LABELS:
            out.extend(with_initials(p, text) for p in split_name_span(s, text)
                       if not (s.source in LINE_SPLIT_SOURCES and _part_of_day_in_lower_case(p.text, text)))
        elif s.label in PLACE_LABELS:
            out.extend(with_region_code(p, text) for p in split_name_span(s, text))
        elif s.label in NAME_LABELS:
            out.extend(split_name_span(s, text))
        elif s.source in LINE_SPLIT_SOURCES:
            out.extend(split_at_lines(s, text))
        elif s.label == "URL":
            out.append(whole_token(s, text))
        else:
            out.append(s)
    return out + bridge_particles(out, text)


def _middle_name(word: str) -> bool:
    from privrag.keep.brands import english_words

    return word[:1].isupper() and word.lower() not in english_words()


def _lower_in_cased_line(span: DetectedEntity, text: str) -> bool:
    """The span is an English word in lower case ("polish", "french") and its line is not (a chat
    typed in lower case keeps it); "ecuadoreans" in lower case is still a nationality."""
    from privrag.keep.brands import english_words

    if span.text != span.text.lower() or span.text not in english_words():
        return False
    start = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    line = text[start : end if end >= 0 else len(text)]
    return line != line.lower()


#: labels of places
PLACE_LABELS: frozenset[str] = frozenset({"LOC", "LOCATION", "GPE"})
def bridge_particles(spans: Iterable[DetectedEntity], text: str) -> list[DetectedEntity]:
    """Person spans that only a name particle separates are one name, and so are those that one
    capitalised word in no dictionary separates ("Joanne Lim| Pei |Shan": a middle name the models
    did not know): the bridge covers both."""
    people = sorted((s for s in spans if s.label in PERSON_LABELS), key=lambda s: (s.start, s.end))
    out: list[DetectedEntity] = []
    for a, b in zip(people, people[1:], strict=False):
        gap = _PARTICLE_GAP.fullmatch(text, a.end, b.start)
        if gap is not None and (gap.group(1) in PERSON_PARTICLES or _middle_name(gap.group(1))):
            out.append(DetectedEntity(a.start, b.end, a.label, text[a.start : b.end], min(a.score, b.score),
                                      source="privrag_name_particle"))
    return out


def _part_of_day_in_lower_case(piece: str, text: str) -> bool:
    """"1000 mg matin et soir" read as a person: a part of the day in lower case, no given name of the
    lists ("dawn" is one, which a chat writes in lower case). One word alone only in a text of another
    language: "chatted with matin about the rota" names a Matin in an English chat."""
    from privrag.detect.recognizers_first_names import given_name_words

    if not (piece.islower() and PART_OF_DAY.fullmatch(piece) is not None
            and not any(w in given_name_words() for w in piece.split())):
        return False
    return " " in piece.strip() or text_language(text) != "en"


#: labels of values made of digits: identifiers, numbers, amounts (the models' and Presidio's spellings)
NUMBER_LABELS: frozenset[str] = frozenset(
    {"ID_NUMBER", "QUANTITY", "CARDINAL", "PHONE_NUMBER", "ACCOUNT_NUMBER", "CODE", "MONEY", "PERCENT",
     "CREDIT_CARD", "US_SSN", "IBAN_CODE", "NATIONAL_ID", "RECORD_NUMBER", "POLICY_NUMBER", "CASE_NUMBER"}
)


def split_at_lines(span: DetectedEntity, text: str) -> list[DetectedEntity]:
    """One span per line (or form cell) of ``span`` — every piece is kept, only the breaks fall out,
    except a number's cells without a digit.

    A model's span across lines is a layout accident: the shipped GLiNER reads
    "231\n Aartselaar\n Belgium 95287" in an address block as one QUANTITY,
    and the union then joins the unit, the town and the country into one
    entity, which SEAG aliases as one place (only "Belgium" has a place alias).
    """
    pieces = [(a, b) for a, b in _lines(span.start, span.end, text) if b > a]
    if pieces == [(span.start, span.end)] or not pieces:
        return [span]
    if span.label in NUMBER_LABELS and any(ch.isdigit() for ch in span.text):
        # "1979   Medicare" read as one number: a cell without a digit beside it on its line is another
        # field's (a line of its own is kept: "231\n Aartselaar\n Belgium 95287" is one address)
        gaps = [text[b:a] for (_, b), (a, _) in zip(pieces, pieces[1:], strict=False)]
        beside = [any("\n" not in g for g in gaps[max(0, i - 1) : i + 1]) for i in range(len(pieces))]
        pieces = [(a, b) for (a, b), col in zip(pieces, beside, strict=True)
                  if not col or any(ch.isdigit() for ch in text[a:b])]
    return [DetectedEntity(a, b, span.label, text[a:b], span.score, span.source) for a, b in pieces]


def split_name_span(span: DetectedEntity, text: str) -> list[DetectedEntity]:
    """The name-like parts of one span (one part in the common case)."""
    pieces: list[tuple[int, int]] = []
    lines = _lines(span.start, span.end, text)
    if span.label in PERSON_LABELS:  # "Kaye: Thank you, Ms. Marites": a speaker, then what they say
        lines = [piece for a, b in lines for piece in at_colons(a, b, text)]
    for a, b in lines:
        for a1, b1 in _split_inner(a, b, text, span.label):
            for a2, b2 in _trim(a1, b1, text, span.label):
                pieces.extend(_split_list(a2, b2, text) if span.label in PERSON_LABELS else [(a2, b2)])
    pieces = [(a, b) for a, b in pieces if b > a and any(ch.isalnum() for ch in text[a:b])]
    if span.label in PERSON_LABELS:
        pieces = without_speech_openers(pieces, text)  # "Thank" of "Kaye: Thank you, Ms. Marites"
    if not pieces:
        # a span of signs alone ("≥" of "UACR ≥ 200 mg/g" read as a person) names no one
        return [span] if any(ch.isalnum() for ch in span.text) else []
    if pieces == [(span.start, span.end)]:
        return [span]
    return [DetectedEntity(a, b, span.label, text[a:b], span.score, span.source) for a, b in pieces]


def _lines(start: int, end: int, text: str) -> list[tuple[int, int]]:
    """The lines of ``start:end``, each cut again where a sentence ends inside it."""
    out, pos = [], start
    for m in _LINE_BREAK.finditer(text, start, end):
        out.extend(_sentences(pos, m.start(), text))
        pos = m.end()
    out.extend(_sentences(pos, end, text))
    return out


#: a sentence's end inside a span: a full stop, "!" or "?", a space, then a capital or a digit
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])[ \t]+(?=[A-Z0-9À-Ö])")
#: the word before a full stop that keeps it inside a name: an initial, a title, an abbreviation
_WORD_BEFORE_DOT = re.compile(r"([A-Za-z]+)\.$")
_TITLES_WITH_DOT = HONORIFICS | {"rev", "hon", "gen", "col", "capt", "lt", "sgt", "mt", "ft"}


def _sentences(start: int, end: int, text: str) -> list[tuple[int, int]]:
    """A model's span over a sentence's end is two mentions ("Boots, Market Street. TARGET
    leaflet", "BVA Congress stand. Current setup: BrightHR"): no name runs over a full stop,
    except an initial's, a title's or an abbreviation's ("Dr. Lena Moravec", "St. Catherine")."""
    out, pos = [], start
    for m in _SENTENCE_BREAK.finditer(text, start, end):
        w = _WORD_BEFORE_DOT.search(text, max(start, m.start() - 12), m.start())
        if text[m.start() - 1] == "." and (w is None or len(w.group(1)) == 1 or w.group(1).lower() in DOT_ABBREVIATIONS
                                          or w.group(1).lower() in _TITLES_WITH_DOT or w.group(1).isupper()):
            continue
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, end))
    return out


def _split_inner(start: int, end: int, text: str, label: str) -> list[tuple[int, int]]:
    """Cut a capitalised span at inner lowercase words that are not name particles."""
    if label not in SPLIT_INNER_LABELS or not any(ch.isupper() for ch in text[start:end]):
        return [(start, end)]
    out, pos = [], start
    for m in _TOKEN.finditer(text, start, end):
        word = m.group(0).rstrip(",;")  # "Thank you, Ms. Marites": a comma ends the word, not the name
        if word.isalpha() and word.islower() and word not in INNER_NAME_WORDS:
            if m.start() > pos:
                out.append((pos, m.start()))
            pos = m.end()
    if pos < end:
        out.append((pos, end))
    return out


def _is_cased(token: str) -> bool:
    return any(ch.isupper() or ch.islower() for ch in token)


def _trim(start: int, end: int, text: str, label: str) -> list[tuple[int, int]]:
    toks = [(m.start(), m.end()) for m in _TOKEN.finditer(text, start, end)]
    if not toks:
        return []
    surface = text[start:end]
    has_upper = any(ch.isupper() for ch in surface)
    cased = _is_cased(surface)

    def droppable_edge(tok: str, leading: bool) -> bool:
        core = tok.strip(_EDGE_JUNK)
        if not core:
            return True
        if cased and not _is_cased(core) and not any(ch.isdigit() for ch in core):
            return True  # mojibake or symbols next to a cased name
        if label in PERSON_LABELS and any(ch.isdigit() for ch in core):
            return True  # no name has digits: spaCy-sm's "Articles 10" as a person
        if has_upper and core.isalpha() and core.islower():
            if leading:  # "features Johan Lynge"; organisations keep theirs ("the")
                return label in PERSON_LABELS
            # a trailing verb or preposition; organisation names may end in a
            # lowercase word in other languages ("Société générale"), so only
            # a function word is cut there
            return label not in ORG_LABELS or core in _FUNCTION_WORDS
        return False

    while toks and (droppable_edge(text[toks[-1][0] : toks[-1][1]], leading=False)
                    or _trailing_pronoun(toks, text)):
        toks.pop()
    while toks and droppable_edge(text[toks[0][0] : toks[0][1]], leading=True):
        toks.pop(0)
    if len(toks) > 1:
        first = text[toks[0][0] : toks[0][1]].strip(_EDGE_JUNK).rstrip(".").lower()
        if (label in PERSON_LABELS and first in GENDER_HONORIFICS) or first in _LEADING_WORDS:
            toks.pop(0)
    if not toks:
        return []
    a, b = toks[0][0], toks[-1][1]
    a, b = _strip_chars(a, b, text)
    poss = _POSSESSIVE.search(text, a, b)
    if poss and poss.start() > a and text[poss.start() - 1].isalpha() and (len(poss.group(0)) == 2 or text[b - 2] == "s"):
        b = poss.start()
    return [(a, b)] if b > a else []


def _trailing_pronoun(toks: list[tuple[int, int]], text: str) -> bool:
    """ "Dear Tom, I am referring …" — the "I" after a comma is the writer, not a name part."""
    return len(toks) > 1 and text[toks[-1][0] : toks[-1][1]] == "I" and text[toks[-2][1] - 1] == ","


def _strip_chars(a: int, b: int, text: str) -> tuple[int, int]:
    """Strip quotes/brackets/punctuation at both edges; keep an abbreviation's dot."""
    while a < b and (text[a] in _EDGE_JUNK or text[a] == "."):
        a += 1
    while b > a:
        ch = text[b - 1]
        if ch == ")" and "(" in text[a : b - 1]:
            break
        if ch in _EDGE_JUNK:
            b -= 1
            continue
        if ch == ".":
            word = re.search(r"(\w+)\.$", text[a:b])
            if word and (len(word.group(1)) == 1 or word.group(1).lower() in DOT_ABBREVIATIONS):
                break
            b -= 1
            continue
        break
    return a, b


def _split_list(start: int, end: int, text: str) -> list[tuple[int, int]]:
    """``"Morrison, Rogers and Torres"`` → three persons; ``"Smith, John"`` stays one."""
    surface = text[start:end]
    seps = list(_LIST_SEP.finditer(surface))
    if not seps:
        return [(start, end)]
    has_conj = any(re.search(r"\b(?:and)\b|&", m.group(0)) for m in seps)
    if not has_conj and len(seps) < 2:
        return [(start, end)]
    parts, pos = [], 0
    for m in seps:
        parts.append((pos, m.start()))
        pos = m.end()
    parts.append((pos, len(surface)))
    words = [surface[a:b].split() for a, b in parts]
    if not all(1 <= len(w) <= 4 and w[0][:1].isupper() for w in words):
        return [(start, end)]
    return [(start + a, start + b) for a, b in parts]
