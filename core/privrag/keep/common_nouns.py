"""German common nouns, which German writes with a capital and a model reads as names.

German capitalises every noun. A letter from a German practice or an HR
thread from a German site, written in English, keeps its terms of art in
German: "Überweisung" (a referral), "Krankenkasse" (a health insurer),
"Betriebsrat" (the works council), "Kündigung" (notice of dismissal),
"Arbeitsgericht" (the labour court). An English NER model sees a capitalised
word it does not know and calls it a person, a place or an organisation, and
every technique then masks what the answer needs.

``wordfreq`` (already our measure of how common a word is) holds word
frequencies for German as well as English. A word German writes often
(Zipf ≥ :data:`MIN_GERMAN_ZIPF`) and English texts never do (Zipf <
:data:`MAX_ENGLISH_ZIPF`) is a German word, not a name: a person's or a
town's name is written in English texts too ("Pohlmann" 1.3, "Bielefeld"
2.2), a German common noun is not ("Kündigung" 0). Given names and
surnames of our name lists, and towns of the gazetteer and GeoNames, are
never kept. A span a model labelled a place needs a more common word (Zipf
≥ :data:`MIN_GERMAN_ZIPF_PLACE`): small towns and districts are rare in
both languages ("Connewitz" 2.7, "Neulengbach" 2.2), unless it ends as an
abstract noun does, which no town's name does ("Scheinselbstständigkeit" 2.2). A span the model
labelled a demographic (an occupation: "Erzieher") stays protected. German
family names are often plain nouns ("Gerste", barley; "Eiche", oak), so a
span a model labelled a person is kept only when each noun is an abstract one
("-ung", "-heit", "-schaft", …) or a compound of ten letters or more.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence

from privrag.keep.apply import MODEL_SOURCES
from privrag.keep.spans import KeepSpan
from privrag.types import DetectedEntity

__all__ = ["german_nouns", "german_noun", "MIN_GERMAN_ZIPF", "MIN_GERMAN_ZIPF_PLACE", "MAX_ENGLISH_ZIPF"]

log = logging.getLogger(__name__)

#: how often German must write the word (Zipf, wordfreq)
MIN_GERMAN_ZIPF = 2.0
#: the same for a word a model called a place: small towns are rare words too
MIN_GERMAN_ZIPF_PLACE = 3.0
#: English texts write a name (of a person or a town) at least this often, a German common noun not
MAX_ENGLISH_ZIPF = 1.0
#: labels whose words may be German nouns; a demographic ("DEM": an occupation) stays protected
_LABELS = frozenset({"PERSON", "PER", "ORG", "ORGANIZATION", "LOC", "LOCATION", "GPE", "FAC", "NRP", "NORP", "MISC",
                     "QUANTITY"})
_PLACE_LABELS = frozenset({"LOC", "LOCATION", "GPE", "FAC"})
_PERSON_LABELS = frozenset({"PERSON", "PER"})
#: the suffixes of German abstract nouns, which no family name is made of ("Überweisung", "Schwerbehinderung")
_ABSTRACT = re.compile(r"(?:ung|heit|keit|schaft|tion|tät|nis|ismus|ment)$")
#: the small words a German term joins its nouns with ("Fachärztin für Allgemeinmedizin")
_FUNCTION_WORDS = frozenset("der die das des dem den für von und im am zum zur mit bei nach auf aus gem".split())
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
#: a bracket opened right after a name and holding only a name: the name before, in its own language
_TRANSLATES = re.compile(r"[A-Z][\w'’-]*[ \t]*\([ \t]*(?:(?:[A-ZÄÖÜ][\w'’-]*|und|der|die|das|des|für)[ \t]+){0,3}$")
#: what states a person's job before it: "is a (retired) …", "former …", "52 years old …"
_STATED_BEFORE = re.compile(r"(?i)(?:\b(?:is|was|am|are|were|works?\s+as|worked\s+as)\s+an?|\bformer|\bretired|years?\s+old)"
                            r"\s+(?:[a-z-]+\s+){0,2}$")


@functools.lru_cache(maxsize=4096)
def german_noun(word: str) -> bool:
    """Is ``word`` a German common noun, written as German writes it (see the module docstring)?"""
    if len(word) < 4 or not word[:1].isupper() or word.isupper():
        return False
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # pragma: no cover - a core dependency
        log.warning("wordfreq is not installed: German nouns are not kept (pip install wordfreq)")
        return False
    if zipf_frequency(word, "en") >= MAX_ENGLISH_ZIPF or zipf_frequency(word, "de") < MIN_GERMAN_ZIPF:
        return False
    from privrag import gazetteer
    from privrag.detect.recognizers_cities import is_city
    from privrag.keep.context import person_words

    return word.lower() not in person_words() and gazetteer.lookup(word) is None and not is_city(word)


def german_nouns(text: str, spans: Sequence[DetectedEntity]) -> list[KeepSpan]:
    """The words of a model's span that are German common nouns, with the small words between them
    ("Überweisung", "Techniker Krankenkasse", "Fachärztin für Allgemeinmedizin"). Every word of the
    span must be one; a span with a name or an English word in it is judged as it is."""
    from wordfreq import zipf_frequency

    out: list[KeepSpan] = []
    for s in spans:
        if s.label.upper() not in _LABELS or not (s.source or "").startswith(MODEL_SOURCES):
            continue
        words = list(_WORD.finditer(text, s.start, s.end))
        nouns = [w for w in words if w.group() not in _FUNCTION_WORDS]
        if not nouns or not all(german_noun(w.group()) for w in nouns):
            continue
        if s.label.upper() in _PLACE_LABELS and any(zipf_frequency(w.group(), "de") < MIN_GERMAN_ZIPF_PLACE
                                                    and not _ABSTRACT.search(w.group()) for w in nouns):
            continue  # a rare word may be a small town's name; no town is named with an abstract noun's suffix
        if s.label.upper() in _PERSON_LABELS and not all(_ABSTRACT.search(w.group()) or len(w.group()) >= 10 for w in nouns):
            continue  # "says Gerste": a surname made of a plain noun (barley); an abstract noun or a compound is none
        start, end = nouns[0].start(), nouns[-1].end()
        if _STATED_BEFORE.search(text, max(0, start - 60), start):
            continue  # "he is a retired Straßenbahnfahrer": a person's occupation, in German
        if _TRANSLATES.search(text, max(0, start - 60), start) and re.match(r"[ \t]*\)", text[end : end + 4]):
            continue  # "Braunau District Authority (Bezirkshauptmannschaft)": the name before, in German
        out.append(KeepSpan(start, end, "german_noun", text[start:end]))
    # the word is a German noun wherever the text writes it, also where a name found elsewhere was
    # carried over to it ("Krankenkasse" read as a person once, then at every mention)
    for surface in {k.text for k in out}:
        for m in re.finditer(r"(?<![\w-])" + re.escape(surface) + r"(?![\w-])", text):
            out.append(KeepSpan(m.start(), m.end(), "german_noun", surface))
    return sorted(set(out))
