"""Countries and nationalities from the public gazetteer: "Uruguay", "a Bruneian", "proud saudis".

Why: spaCy-sm and the shipped GLiNER know the countries they saw in
training text; a small state ("Brunei", "Suriname"), a headline's first
word ("Uruguay leader gives …"), a nationality written in lower case ("we
are proud paraguayans") or as a noun for a person ("a Greenlander") they
often miss. Nationality is a quasi-identifier in every scheme privrag
follows (TAB's DEM, Presidio's NRP), and a country is a location. The
world's states and their demonyms are a closed, public list
(:mod:`privrag.gazetteer`), so here a list is the right tool — not for
names, which are open-ended.

Precision rules:

* a country name is taken as written with capitals ("Uruguay", "URUGUAY",
  "Bosnia and Herzegovina"); names that are mostly given names ("Jordan",
  "Chad") are not in the index; a leading "the" stays outside the span;
* a nationality is taken capitalised, in capitals, or in lower case — but
  lower case only when the word is no ordinary English word ("polish",
  "french fries", "danish pastry", "swiss cheese", "dutch oven", "afghan
  blanket", "it's greek to me", "to welsh on a deal");
* a language right after "in", "into", "speak(s)", "spoke(n)", "translated"
  or "language" is a language, not a person's nationality ("translated into
  English"): not reported.

Labels: ``LOCATION`` for countries, ``NRP`` for nationalities. The label is
the gazetteer's, but a model that names the same span otherwise wins the
tie (source priority below the models), as with the other cue recognizers.
"""

from __future__ import annotations

import functools
from typing import Any

import regex

from privrag.detect.recognizer_base import layout_result
from privrag.gazetteer import names, normalize_place

try:
    from presidio_analyzer import EntityRecognizer
except ImportError as exc:  # pragma: no cover - a core dependency
    raise ImportError("identifier recognizers need presidio: `pip install presidio-analyzer`") from exc

__all__ = ["CountryRecognizer", "country_recognizer", "country_mentions"]

_TOKEN = regex.compile(r"\p{L}[\p{L}\p{M}]*(?:[-'’]\p{L}[\p{L}\p{M}]*)*")
#: words inside a country's name that stay lower case ("Bosnia and Herzegovina")
_CONNECTORS = frozenset({"and", "of", "the", "da", "de", "du", "d'ivoire", "d’ivoire"})
#: nationalities that are also ordinary lowercase words
_COMMON_WORDS = frozenset(
    "polish french english danish swiss dutch afghan afghans greek greeks swede swedes turkey welsh".split()
)
_LANGUAGE_CUE = regex.compile(
    r"(?:\b(?:in|into|speaks?|spoke|spoken|speaking|translated|language|languages|interpreter|interpreted)\s+)$",
    regex.IGNORECASE,
)
MAX_WORDS = 6
_POSSESSIVE = regex.compile(r"['’][sS]$")


@functools.lru_cache(maxsize=1)
def _names() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    countries, demonyms = names("country"), names("demonym")
    firsts = frozenset(n.split()[0] for n in countries | demonyms)
    return countries, demonyms, firsts


def _capitalised(words: list[str]) -> bool:
    if not words[0][:1].isupper():
        return False
    return all(w[:1].isupper() or w.lower() in _CONNECTORS for w in words)


def country_mentions(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, label)`` of the countries (``LOCATION``) and nationalities (``NRP``) in ``text``."""
    countries, demonyms, firsts = _names()
    tokens = list(_TOKEN.finditer(text))
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        hit = None
        if tokens[i].group(0).lower() not in firsts:
            i += 1
            continue
        for j in range(min(len(tokens), i + MAX_WORDS) - 1, i - 1, -1):
            if any(c in text[tokens[k].end() : tokens[k + 1].start()] for k in range(i, j) for c in "\n,;.:()"):
                continue
            start, end = tokens[i].start(), tokens[j].end()
            words = [t.group(0) for t in tokens[i : j + 1]]
            if _POSSESSIVE.search(words[-1]):  # "Saudi Arabia's king"
                words[-1] = _POSSESSIVE.sub("", words[-1])
                end -= 2
            key = normalize_place(" ".join(words))
            if len(key) < 4 and _in_capitals_line(text, start):  # "TELL US", not the United States
                continue
            if key in countries and _capitalised(words):
                hit = (start, end, "LOCATION", j)
                break
            if key in demonyms and _demonym_ok(text, start, words):
                hit = (start, end, "NRP", j)
                break
        if hit is None:
            i += 1
            continue
        out.append(hit[:3])
        i = hit[3] + 1
    return out


def _in_capitals_line(text: str, pos: int) -> bool:
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return sum(c.isalpha() for c in line) > 4 and line.isupper()


def _demonym_ok(text: str, start: int, words: list[str]) -> bool:
    if _LANGUAGE_CUE.search(text[max(0, start - 20) : start]):
        return False
    if _capitalised(words):
        return True
    low = " ".join(words).lower()
    return " ".join(words) == low and low not in _COMMON_WORDS


class CountryRecognizer(EntityRecognizer):
    """Presidio recognizer for :func:`country_mentions`.

    Key init args:
        score: the score of every mention (the gazetteer is the evidence).

    Instantiate:
        .. code-block:: python

            registry.add_recognizer(CountryRecognizer())
    """

    ENTITIES = ("LOCATION", "NRP")
    SCORE = 0.6

    def __init__(self, score: float = SCORE, language: str = "en") -> None:
        super().__init__(supported_entities=list(self.ENTITIES), name="privrag_country", supported_language=language)
        self.score = score

    def load(self) -> None:  # nothing to load: the gazetteer is data in the package
        return None

    def analyze(self, text: str, entities: list[str] | None = None, nlp_artifacts: Any = None) -> list[Any]:
        wanted = set(entities) if entities else set(self.ENTITIES)
        out = []
        for start, end, label in country_mentions(text):
            if label not in wanted:
                continue
            out.append(layout_result(self, label, start, end, self.score, label.lower(), "country gazetteer"))
        return out


def country_recognizer() -> CountryRecognizer:
    """A fresh :class:`CountryRecognizer` (the factory the identifier list uses)."""
    return CountryRecognizer()
