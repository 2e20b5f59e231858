"""One name, one kind: every mention takes the most sensitive label any mention of it has.

Why: PA-HDP tiers a unit by the most sensitive label in it (:mod:`.risk`). A model may call
the same first name a person in one sentence and a place or an organisation in the next
("Re: Mateo - lunch recess" a person, "so sorry Mateo has been dealing with this" a place;
"Dr Hamish Reid" a person, "questions expected from Hamish" a nationality). The second unit
then looks as if it named a town (rubric level 1), falls in the ``low`` tier and is released
verbatim: the name leaks although the detector found it. Redaction masks every label alike,
so only a technique that weighs labels needs this. A string the detector calls a person
anywhere in the context is a person everywhere in it; a label is only ever raised, never
lowered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from privrag.calendar_words import CALENDAR_WORDS, SEASONS
from privrag.detect.grouping import name_tokens, normalize_surface
from privrag.detect.recognizers_names import KIN_WORD
from privrag.generalize import canonical_label
from privrag.keep import vocab
from privrag.types import DetectedEntity

__all__ = ["strongest_labels"]


_PERSON = "PERSON"
#: a capitalised word, as a name is written
_NAME_WORD = re.compile(r"(?<![\w'’-])[A-ZÀ-Þ][^\W\d_]+(?:[-'’][A-ZÀ-Þa-zß-ÿ]+)*")
#: Zipf frequency below which a word is rare enough to be a name first ("Rennie", "Kasia"; not "Will")
_RARE_ZIPF = 4.0
_CALENDAR = CALENDAR_WORDS | SEASONS
#: the most words of a person's full name looked up inside a span
_MAX_NAME_WORDS = 4
#: labels a model gives a given name it misreads ("The district nurse, Gemma, says" as an organisation)
_MISREAD_AS = frozenset({"ORG", "LOC", "NORP", "MISC"})
#: a given name and the capitalised word after it, as a full name is written: "Kevin Ouellet"
_GIVEN_THEN_FAMILY = re.compile(r"(?<![\w'’-])([A-ZÀ-Þ][a-zß-ÿ]+)[ \t]+([A-ZÀ-Þ][a-zß-ÿ]+(?:[-'’][A-ZÀ-Þa-zß-ÿ]+)*)(?![\w'’-])")
#: Zipf frequency from which a given name is an everyday word first ("Will", "Hope" in a job's title)
_EVERYDAY_ZIPF = 5.0
#: a name with the honorific Japanese or Hindi writes after it: "Saito-san", "Tanaka-sama", "Sharma-ji"
_HONORIFIC_AFTER = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ]+-(?:san|sama|kun|chan|sensei|senpai|ji)")
#: a relative's word right before a name, in the languages our users' notes quote ("his wife, Lorena", "su
#: mujer, Lorena", "meine Tochter Lena"): whatever name follows is a person's, also one a town shares
_KIN_BEFORE = re.compile(
    rf"(?i:\b(?:{KIN_WORD}|mujer|marido|esposa|esposo|hija|hijo|madre|padre|hermana|hermano|"
    r"filha|filho|mãe|pai|irmã|irmão|femme|mari|fille|fils|mère|père|sœur|frère|tochter|sohn|mutter|vater|"
    r"schwester|bruder|ehefrau|ehemann|moglie|marito|figlia|figlio|sorella|fratello|vrouw|dochter|zoon|"
    r"moeder|vader|zus|broer))[ \t]*[,:]?[ \t]*$"
)
#: a person's initials: "E.Y.", "J.R.R."
_INITIALS = re.compile(r"(?:[A-Z]\.){2,3}")


def _after_a_relative(span: DetectedEntity, text: str) -> bool:
    """One or two capitalised words right after a relative's word: "su mujer, Lorena" (a town's name too)."""
    words = span.text.split()
    return (bool(text) and 1 <= len(words) <= 2 and all(w[:1].isupper() for w in words)
            and _KIN_BEFORE.search(text, max(0, span.start - 30), span.start) is not None)


def _reads_as_a_person(span: DetectedEntity) -> bool:
    """A model's organisation, place or group that is one given name and no place ("Gemma"), a
    person's initials ("Initials: E.Y." read as an organisation) or a name with an honorific after
    it ("Saito-san"): weighed as the person it names."""
    if canonical_label(span.label) not in _MISREAD_AS:
        return False
    word = span.text.strip()
    if _INITIALS.fullmatch(word) or _HONORIFIC_AFTER.fullmatch(word):
        return True
    from privrag import gazetteer
    from privrag.detect.recognizers_cities import is_city
    from privrag.detect.recognizers_first_names import given_name_words

    return (word.isalpha() and word[:1].isupper() and word.lower() in given_name_words()
            and gazetteer.lookup(word) is None and not is_city(word))


def _holds_a_full_name(span: DetectedEntity) -> bool:
    """A span of a weaker label that holds a given name and a rare capitalised word after it: "Kevin
    Ouellet, Member Service Representative", which a merge of a name and a job labelled an occupation
    where the name is written once (never "Grace Hospital", "Victoria Falls": a common word follows)."""
    if canonical_label(span.label) == _PERSON:
        return False
    from privrag.detect.recognizers_first_names import given_name_words

    for m in _GIVEN_THEN_FAMILY.finditer(span.text):
        given, family = m.group(1).lower(), m.group(2).lower()
        if (given in given_name_words() and given not in _CALENDAR and family not in _CALENDAR
                and vocab.zipf(family) < _RARE_ZIPF and vocab.zipf(given) < _EVERYDAY_ZIPF):
            return True
    return False


def strongest_labels(
    spans: Sequence[DetectedEntity], weight: Callable[[str], float], text: str = ""
) -> list[DetectedEntity]:
    """``spans`` with each relabelled to the most sensitive label (by ``weight``) of a mention
    of the same normalized surface, of a person whose name holds all of its name parts
    ("Hamish" of "Dr Hamish Reid"), or of a person's full name it holds ("Hope Rennie, Warehouse
    Operations Manager"), or one a relative's word names (``text``: the context the spans are of).
    Offsets, text, score and source stay the span's own."""
    by_surface: dict[str, str] = {}
    by_part: dict[str, str] = {}
    for s in spans:
        key = normalize_surface(s.text)
        if key and (key not in by_surface or weight(s.label) > weight(by_surface[key])):
            by_surface[key] = s.label
        if canonical_label(s.label) == "PERSON":
            for part in name_tokens(s.text):
                if part not in by_part or weight(s.label) > weight(by_part[part]):
                    by_part[part] = s.label
    people = {key: label for key, label in by_surface.items() if canonical_label(label) == "PERSON" and " " in key}
    out: list[DetectedEntity] = []
    for s in spans:
        key = normalize_surface(s.text)
        best = by_surface.get(key, s.label)
        parts = name_tokens(s.text)
        if parts and all(p in by_part for p in parts):
            person = max((by_part[p] for p in parts), key=weight)
            if weight(person) > weight(best):
                best = person
        # a span that holds a full name the context calls a person elsewhere: "Hope Rennie, Warehouse
        # Operations Manager", which a merge of a name and a job labelled an occupation
        words = key.split()
        for n in range(2, min(_MAX_NAME_WORDS, len(words)) + 1):  # its word runs, looked up: no scan of all people
            for i in range(len(words) - n + 1):
                label = people.get(" ".join(words[i : i + n]))
                if label is not None and weight(label) > weight(best):
                    best = label
        # or that holds a rare name part of the context's people, written as a name: "Hope Rennie, …" where
        # the detector found "Rennie" apart, "05.03.2025 10:14 - Kasia" where a date's span took the author
        # (never "May 2024" for a May, nor an everyday word: they are a date or a word first)
        for word in _NAME_WORD.findall(s.text):
            low = word.lower()
            # a common word counts where the detector found it alone as a person: "09:24 Blessing", a time's span
            # that took the agent whose name is "Blessing" in the line before
            alone = canonical_label(by_surface.get(low, "")) == _PERSON
            if (low in by_part and weight(by_part[low]) > weight(best) and low not in _CALENDAR
                    and (vocab.zipf(low) < _RARE_ZIPF or alone)):
                best = by_part[low]
        if weight(best) < weight(_PERSON) and (_reads_as_a_person(s) or _holds_a_full_name(s)
                                               or _after_a_relative(s, text)):
            best = _PERSON
        if weight(best) > weight(s.label):
            s = DetectedEntity(s.start, s.end, best, s.text, s.score, s.source)
        out.append(s)
    return out
