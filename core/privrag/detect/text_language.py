"""Which language a text is written in, read from its function words.

Why: the default models are English (spaCy's ``en_core_web_sm``, the shipped
GLiNER). On a French HR report or a Spanish support chat they read runs of
function words as people ("il l'a assignée seule", "para el repartidor"):
redaction masks prose, and SEAG cannot send the text at all, because the
pronoun "il" of every other sentence counts as a leak of that "name".

A text's function words say its language with no model: the share of its
words that each language's stop-word list holds. The lists are spaCy's
(``spacy.lang.<code>.stop_words``, MIT), kept by its maintainers for some
seventy languages; :data:`LANGUAGES` are the ones our users write in.
English is the answer unless another language's words clearly outnumber
English's, so a mostly English text with a foreign phrase stays English.
"""

from __future__ import annotations

import functools
import importlib
import re

__all__ = ["LANGUAGES", "function_words", "holds_function_word", "lower_case_prose", "lower_case_words", "text_language", "without_function_words"]

#: languages told apart (spaCy's codes); English first, the default
LANGUAGES: tuple[str, ...] = (
    "en", "fr", "es", "de", "pt", "it", "nl", "sv", "da", "nb", "fi", "pl", "cs", "hu", "ro", "ca", "tr", "id", "tl",
)
#: another language must hold this many times English's function words to win
MARGIN = 1.5
#: fewer function words than this in the whole text say nothing (a form, a table, a name list)
MIN_HITS = 8
#: words and characters read, at most: the opening of a long text tells its language
MAX_WORDS = 5000
MAX_CHARS = 50_000
_WORD = re.compile(r"[^\W\d_]+")


@functools.cache
def function_words(language: str) -> frozenset[str]:
    """spaCy's stop words of ``language`` (lower case); empty for a language spaCy lacks."""
    try:
        module = importlib.import_module(f"spacy.lang.{language}.stop_words")
    except ImportError:
        return frozenset()
    return frozenset(w.lower() for w in module.STOP_WORDS)


@functools.lru_cache(maxsize=8)  # each span of a text, and each date of it, asks again
def text_language(text: str) -> str:
    """The code in :data:`LANGUAGES` whose function words ``text`` uses most ("en" when unsure)."""
    words = [m.group().lower() for m, _ in zip(_WORD.finditer(text, 0, MAX_CHARS), range(MAX_WORDS), strict=False)]
    if not words:
        return "en"
    hits = {lang: sum(w in function_words(lang) for w in words) for lang in LANGUAGES}
    best = max(LANGUAGES[1:], key=hits.__getitem__)
    if hits[best] >= MIN_HITS and hits[best] >= MARGIN * hits["en"]:
        return best
    return "en"


_TOKEN = re.compile(r"\S+")


@functools.cache
def _plain_function_words(language: str) -> frozenset[str]:
    """A language's function words that are no one's name part and no particle of a name or a place ("il",
    "para", "es"; not "dan", "sara", "lange", "kurz", "nagy", "may", "de" or "upon")."""
    from privrag.detect.recognizers_first_names import first_names, person_name_words
    from privrag.detect.span_cleanup import INNER_NAME_WORDS, PERSON_PARTICLES

    names = first_names() | person_name_words()
    return frozenset(w for w in function_words(language)
                     if w not in names and w not in PERSON_PARTICLES and w not in INNER_NAME_WORDS)


def holds_function_word(surface: str, language: str) -> bool:
    """Does ``surface`` hold a word of ``language``'s that is only a function word (no given name, no particle)?"""
    plain = _plain_function_words(language)
    return any(_function(tok, plain) for tok in surface.split())


def _function(tok: str, plain: frozenset[str]) -> bool:
    pieces = _WORD.findall(tok.lower())
    return bool(pieces) and all(p in plain for p in pieces)


def without_function_words(surface: str, text: str, start: int | None = None) -> tuple[int, int] | None:
    """What is left of a model's name span in a non-English ``text`` once the language's function words at
    its edges are cut: ``(start, end)`` within ``surface``, or None where no name is left.

    A span in lower case that holds any such word is none ("il l'a assignée seule", "es de la dra"); a
    chat's name typed in lower case ("hola fer") holds none. A span with capitals loses only its edges
    ("Selon Marie" → "Marie"); a capitalised word is cut only where it opens a sentence ("Il lui aurait" at
    ``start``, the span's offset in ``text``), so a surname that is also a function word stays ("Anna Lange",
    "Nagy Péter"); what is left must still hold a capital. An English text's spans pass whole: the detector's
    other repairs are built for English already."""
    if text_language(text) == "en":
        return 0, len(surface)
    plain = _plain_function_words(text_language(text))
    before = text[: start].rstrip(" \t\"'“‘«(") if start is not None else ""
    at_sentence_start = start is not None and (not before or before[-1] in ".!?:\n")

    def function(tok: str) -> bool:
        return _function(tok, plain)

    toks = [(m.start(), m.end()) for m in _TOKEN.finditer(surface)]
    if surface == surface.lower():
        return None if any(function(surface[a:b]) for a, b in toks) else (0, len(surface))

    def cut(i: int, first: bool) -> bool:  # a lower-case edge word, or a capitalised one opening a sentence
        tok = surface[toks[i][0] : toks[i][1]]
        return function(tok) and (tok == tok.lower() or (first and at_sentence_start))

    while toks and cut(0, True):
        toks.pop(0)
    while toks and cut(len(toks) - 1, False):
        toks.pop()
    if not toks or not any(c.isupper() for c in surface[toks[0][0] : toks[-1][1]]):
        return None
    return toks[0][0], toks[-1][1]


def lower_case_prose(start: int, end: int, text: str) -> bool:
    """Is a model's person or organisation at ``text[start:end]``, written in lower case, prose? It runs over
    English function words on a line written with capitals ("heater cord across the lounge doorway"). A
    language with no stop-word list (Hinglish: "ke baad", "chakkar ke saath") shows its function words by
    their number: a short word the text writes in lower case five times or more. A chat typed all in lower
    case ("me and jamal") keeps its spans: its line has no capital. The caller leaves places out ("stratford
    upon avon")."""
    surface = text[start:end]
    words = surface.split()
    if surface != surface.lower() or len(words) < 2:
        return False
    if not holds_function_word(surface, "en") and not any(_frequent_short_word(w, text) for w in words):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return line != line.lower()


def lower_case_words(start: int, end: int, text: str) -> bool:
    """Is a model's person or organisation at ``text[start:end]``, written in lower case, ordinary words? Each
    word is a dictionary's English word or its inflection ("crown", "redness", "fractured cusp"), or in a text
    of another language a word that language writes often ("livliga drömmar"), and none is a given name or a
    surname of the name lists ("bill", "rose", "hope"); the line has capitals (a chat typed in lower case keeps
    "jamal", and no lower-case brand or surname is a dictionary word: "tesco", "okafor")."""
    surface = text[start:end]
    if surface != surface.lower() or not _LETTER_WORDS.fullmatch(surface):
        return False  # "bristol bs4 4ab": a digit makes it a code or a postcode
    from wordfreq import zipf_frequency

    from privrag import gazetteer
    from privrag.detect.recognizers_cities import is_city
    from privrag.detect.recognizers_first_names import given_name_words, person_name_words
    from privrag.keep.brands import english_words

    dictionary = english_words()
    language = text_language(text)
    words = _LETTERS.findall(surface)
    if (len(words) == 1 and len(words[0]) < _MIN_ONE_WORD) or any(len(w) < 3 for w in words):
        return False  # "sky", "will", "li ming": a short word may be a name typed in lower case
    for w in words:
        if w in given_name_words() or w in person_name_words() or gazetteer.lookup(w) is not None or is_city(w):
            return False  # a name, or a place ("bristol" is also a paper)
        if re.search(rf"(?<=[a-z,;][ \t]){re.escape(w.capitalize())}\b(?![ \t]+[A-ZÀ-ÖØ-Þ])", text):
            return False  # "… handover to Hills": the text writes it as a name elsewhere (not inside a
            # longer capitalised name: "Domowy Kredyt Sp. z o.o." leaves "kredyt samochodowy" a car loan)
        english = w in dictionary or any(w.endswith(e) and len(w) - len(e) >= _MIN_STEM and w[: -len(e)] in dictionary
                                         for e in _INFLECTIONS)
        if not english and (language == "en" or zipf_frequency(w, language) < _LANGUAGE_WORD_ZIPF):
            return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return line != line.lower()


_LETTERS = re.compile(r"[^\W\d_]+")
_LETTER_WORDS = re.compile(r"[^\W\d_]+(?:[ '’-][^\W\d_]+)*")
#: the fewest letters of a lower-case word dropped alone, and of a stem an ending is cut from ("ming" is no "m"+"ing")
_MIN_ONE_WORD = 5
_MIN_STEM = 4
#: endings an English word takes that a dictionary of lemmas leaves out ("fractured", "swellings")
_INFLECTIONS = ("s", "es", "d", "ed", "ing")
#: how often a word must be written in a text's language (Zipf) to be an ordinary word of it
_LANGUAGE_WORD_ZIPF = 2.5
#: how often a short lower-case word must occur to be read as a function word of the text's language
_FUNCTION_WORD_COUNT = 5


def _frequent_short_word(word: str, text: str) -> bool:
    from privrag.detect.recognizers_first_names import first_names, person_name_words

    return (len(word) <= 4 and word.isalpha() and word not in first_names() and word not in person_name_words()
            and len(re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", text)) >= _FUNCTION_WORD_COUNT)
