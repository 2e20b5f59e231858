"""Given names the models pass over: "but Aino just has to", "it's under Kerttu B Salonen", "jaroslav had given".

Why: spaCy-sm and the shipped GLiNER find a name by its context, and chat
gives little — a rare first name mid-sentence, a name in a text typed all in
lower case. A given name is still a given name. The gazetteer is Faker's
given-name lists over twenty locales (about 8,000 names, installed with
Faker, no download), less every name that is also an ordinary English word
or a date ("Will", "Grace", "June", "Jan"), a place or a nationality from
:mod:`privrag.gazetteer` ("German", "Sierra"), or a people ("Sami").

Where it fires:

* in cased text, a name written with a capital and in lower case after it
  ("Aino", not "AINO"), **not** at the start of a sentence or a line — there
  every word is capitalised, and the models see that context anyway;
* in a text written all in lower case, any name (chat: "jaroslav had given
  jaroslav his address"); in a cased text, a name rare in English (Zipf < 4) in a
  message typed all in lower case ("2:58 PM  Customer: if my husband jamal calls").

A following initial and a surname join the match ("Kerttu B Salonen",
"john kemp" when "kemp" is a Faker surname). Measured on TAB train + dev
and WNUT-17 train + dev before the last exclusions: 768 matches, 492 on gold
persons; most of the rest were "Sami", "German", "Jan", "Sep", "Love" (now
excluded) and names the sets leave unannotated. Beside the default
detector's other members, on WNUT-17 dev: gold persons covered 362 → 369 of
470, from 26 spans no member had (18 on gold persons); on TAB train + dev it
adds 2 spans. The label is a guess that loses ties (source priority 0.5,
like the other cue recognizers).

A full name is a name wherever it stands: a capitalised given name of any list,
even one left out above because it is also a place or a word, then a capitalised
Faker surname that is rare in English and no place ("Staff: Bethany Ruiz", a
list after a colon where every word is capitalised, and "Bethany" is a town).
Over TAB train + dev, domains dev, Presidio synth and WNUT-17 train + dev the
construction added 102 matches the rules above missed, every one on a gold span.
"""

from __future__ import annotations

import functools
import importlib
import re
from typing import Any

from presidio_analyzer import EntityRecognizer

from privrag import gazetteer
from privrag.calendar_words import CALENDAR_WORDS
from privrag.detect.recognizer_base import english_stop_words, layout_result

__all__ = ["NAME_LOCALES", "FirstNameRecognizer", "first_name_recognizer", "first_names", "given_name_words", "person_name_words", "surnames", "first_name_mentions", "rare_in_english", "rare_in_our_languages"]

#: Faker locales whose given names are read (Latin script: the recognizer matches Latin words)
NAME_LOCALES: tuple[str, ...] = (
    "en_US", "en_GB", "en_IN", "de_DE", "fr_FR", "es_ES", "es_MX", "it_IT", "pt_BR", "nl_NL", "sv_SE", "no_NO",
    "da_DK", "fi_FI", "pl_PL", "cs_CZ", "hu_HU", "tr_TR", "hr_HR", "ro_RO",
)  # fmt: skip

#: more Latin-script locales (Irish, Scottish, New Zealand, West and East African, Baltic, Iberian, …
#: given names: "Aoife", "Isla"). Their lists hold more names that are also English words
#: ("Council", "Governor", "Blessing"), so a name only they give counts when it is rare in
#: English (:data:`EXTRA_MAX_ZIPF`). Measured on TAB train + dev, capitalised mid-sentence:
#: 23 more words on gold persons, 83 elsewhere before the frequency bar, about 15 after it
#: ("Vesta", "Nya", "Pau"; "Council" alone had been 41).
EXTRA_NAME_LOCALES: tuple[str, ...] = (
    "en_IE", "ga_IE", "en_NZ", "en", "en_KE", "en_NG", "en_PK", "yo_NG", "ig_NG", "ha_NG", "tw_GH", "sw",
    "zu_ZA", "de_AT", "de_CH", "es", "es_AR", "es_CL", "es_CO", "fr_BE", "fr_CA", "fr_CH", "fr_DZ",
    "pt_PT", "nl_BE", "sk_SK", "sl_SI", "et_EE", "lt_LT", "lv_LV", "is_IS", "id_ID", "uz_UZ",
)  # fmt: skip
#: an extra locale's name counts only below this English Zipf frequency (wordfreq)
EXTRA_MAX_ZIPF = 3.5

#: given names that are as often an English word, a month or a weekday, or a people
_NOT_NAMES = frozenset(
    """will mark bill rose grace hope joy faith art frank love till tea dick guy jack pat sue don ray rod chase
    hunter major king earl drew wade rob dean dale glen heath lane page reed rocky rusty penny candy sunny misty
    autumn summer winter dawn ivy iris daisy lily ruby pearl crystal amber jade sky river sandy
    gene carol faith destiny precious harmony melody liberty justice trinity genesis heaven angel star storm
    ocean rain brook miles max sami roma romani sinti del van von der den ter bin ben said hay young long baker cook mason taylor
    carter parker price wood hill best bell gay holly""".split()
)
_UP = "A-ZÀ-ÖØ-Þ"
_LO = "a-zß-öø-ÿ"
_TOKEN = re.compile(rf"(?<![\w'’.@#/-])([{_UP}][{_LO}]+|[{_LO}]+)(?![\w'’@-])")
_SENTENCE_END = ".!?:;\"“”‘'\n*•-–—>|"
_INITIAL = re.compile(r"[ \t]+([A-Za-z])\.?(?=[ \t])")
_NEXT_WORD = re.compile(rf"[ \t]+([{_UP}][{_LO}'’-]+|[{_LO}]+(?:-[{_LO}]+)*)(?![\w'’-])")


def _locale_names(locales: tuple[str, ...], attrs: tuple[str, ...]) -> set[str]:
    out: set[str] = set()
    for loc in locales:
        try:
            provider = importlib.import_module(f"faker.providers.person.{loc}").Provider
        except (ImportError, AttributeError):  # a Faker without that locale
            continue
        for attr in attrs:
            names = getattr(provider, attr, None) or ()
            if not isinstance(names, (dict, list, tuple, set, frozenset)):  # a computed property in some locales
                continue
            keys = names.keys() if isinstance(names, dict) else names
            out.update(n.lower() for n in keys if isinstance(n, str) and n.isalpha() and len(n) >= 3)
    return out


class NameSet(frozenset):
    """A set of lower-case names that also holds a name written with accents its list spells without:
    Faker's Irish and English lists have "oisin", "sean", "siobhan", and a letter writes "Oisín", "Seán",
    "Siobhán". A plain ASCII word is looked up as it is (the fast path of every token of a text)."""

    def __contains__(self, word: object) -> bool:
        if frozenset.__contains__(self, word):
            return True
        if not isinstance(word, str) or word.isascii():
            return False
        from privrag.detect.name_propagation import fold_accents

        return frozenset.__contains__(self, fold_accents(word)) and rare_in_our_languages(word)

    def __sub__(self, other: object) -> NameSet:  # "first_names() - _excluded()" stays a NameSet
        out = frozenset.__sub__(self, other)  # type: ignore[operator]
        return out if out is NotImplemented else NameSet(out)


#: languages whose common accented words fold onto a name ("niño", "tía", "está", "säga")
_FOLD_LANGUAGES = ("es", "pt", "fr", "it", "de", "sv", "pl", "tr")


@functools.lru_cache(maxsize=4096)
def rare_in_our_languages(word: str) -> bool:
    """A word no language of ours but English writes often (Zipf < 3): a name's spelling ("Oisín",
    "Quirónsalud"), not "El Niño", "está" or a heading's "Aufnahme"."""
    from wordfreq import zipf_frequency

    return all(zipf_frequency(word, lang) < 3.0 for lang in _FOLD_LANGUAGES)


@functools.lru_cache(maxsize=8)
def _faker_names(attrs: tuple[str, ...]) -> NameSet:
    from wordfreq import zipf_frequency

    base = _locale_names(NAME_LOCALES, attrs)
    extra = {n for n in _locale_names(EXTRA_NAME_LOCALES, attrs) - base if zipf_frequency(n, "en") < EXTRA_MAX_ZIPF}
    return NameSet(base | extra)


@functools.lru_cache(maxsize=1)
def _excluded() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider as Lorem

    places = {w.lower() for kind in ("country", "demonym", "city", "region") for n in gazetteer.names(kind)
              for w in n.split()}
    return frozenset(set(Lorem.word_list) | english_stop_words() | CALENDAR_WORDS | _NOT_NAMES | places)


@functools.lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """The gazetteer: Faker's given names, lower case, less the exclusions (see the module docstring)."""
    return _faker_names(("first_names", "first_names_male", "first_names_female")) - _excluded()


@functools.lru_cache(maxsize=1)
def given_name_words() -> frozenset[str]:
    """Every given name of the locales, lower case, English words included ("rose", "grace"):
    for a construction that already says a person is meant ("Rose is 88")."""
    return _faker_names(("first_names", "first_names_male", "first_names_female"))


@functools.lru_cache(maxsize=1)
def person_name_words() -> frozenset[str]:
    """Every given name and surname of the locales, lower case, English words included
    ("hope", "grace", "bell"): what a keep rule must not take for a brand or a term."""
    return _faker_names(("first_names", "first_names_male", "first_names_female", "last_names"))


#: Faker's surname lists by their names in the locales (pl_PL keeps its surnames apart from ``last_names``)
_SURNAME_LISTS = ("last_names", "last_names_male", "last_names_female", "male_last_names", "unisex_last_names")
#: a Polish surname's feminine form: "Nowicki" → "Nowicka", "Kowalski" → "Kowalska"
_FEMININE = ((r"ski", "ska"), (r"cki", "cka"), (r"dzki", "dzka"))


@functools.lru_cache(maxsize=1)
def surnames() -> frozenset[str]:
    """Faker's surnames of the locales (and Polish feminine forms), lower case, less the exclusions."""
    names = set(_faker_names(_SURNAME_LISTS))
    names |= {n[: -len(m)] + f for n in names for m, f in _FEMININE if n.endswith(m)}
    return frozenset(names - _excluded())


def _sentence_start(text: str, pos: int) -> bool:
    before = text[:pos].rstrip(" \t")
    return not before or before[-1] in _SENTENCE_END


#: a chat or transcript speaker before a message: "2:58 PM  Customer:", "[10:02] dani.k:", "Tom:"
_SPEAKER = re.compile(r"^[^\n]{0,40}?:[ \t]")


def _lowercase_lines(text: str) -> list[tuple[int, int]]:
    """Spans of the line bodies (after a speaker prefix) typed all in lower case: a chat
    message ("oh if my husband jamal calls") in a transcript whose header is cased."""
    out: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        m = _SPEAKER.match(line)
        body = pos + (m.end() if m else 0)
        end = pos + len(line)
        if any(c.isalpha() for c in text[body:end]) and not any(c.isupper() for c in text[body:end]):
            out.append((body, end))
        pos = end + 1
    return out


def rare_in_english(word: str) -> bool:
    """Zipf < 4 (as mention propagation reads it): a given name that is not also an everyday
    word — "jamal", "astrid" yes; "grant", "junior" no."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en") < 4.0


def _unmistakable(word: str, text: str) -> bool:
    """A given name no sentence opens with as a word: rare in English (Zipf < 2.5) and in the text's own
    language, and in no English dictionary ("Oisín brought home a cold", "Aoife rang"; not "Will", "Grace",
    "Mark" or a Spanish text's "Rosa")."""
    from wordfreq import zipf_frequency

    from privrag.detect.text_language import text_language
    from privrag.keep.brands import english_words

    low = word.lower()
    if low in english_words():
        return False
    # every language of ours, not only the text's: a short note reads as English ("Día 3: sin fiebre.")
    languages = {"en", text_language(text), *_FOLD_LANGUAGES}
    return all(zipf_frequency(low, lang) < _UNMISTAKABLE_ZIPF for lang in languages)


#: how rare a given name must be to be read as one at a sentence's start
_UNMISTAKABLE_ZIPF = 2.5


def _in_lowercase_line(lines: list[tuple[int, int]] | None, pos: int, word: str) -> bool:
    """A lower-case name in an all-lower-case message of a cased text counts when the word is
    rare in English (:func:`rare_in_english`): "jamal" yes, "grant" no."""
    if not lines or not any(a <= pos < b for a, b in lines):
        return False
    return rare_in_english(word)


#: a greeting or thanks right before a word: "thanks callum", "hi rosa,"
_GREETED = re.compile(r"(?i)\b(?:hi|hey|hello|dear|thanks|thank[ \t]+you|thx|ty|cheers|bye|morning|evening)[ \t,]+$")
#: a speaker label that ends at the word: "agent rosa: hi!", "nurse kim:"
_SPEAKER_END = re.compile(r"[ \t]*:[ \t]")


def _addressed(text: str, start: int, end: int) -> bool:
    """A lower-case given name someone is greeted or thanked by, or a speaker's label at the
    start of a chat line ("agent rosa: hi!"): the words around it say a person is meant (the
    caller also wants the name rare in English: "hello mate" greets no Máté)."""
    if _GREETED.search(text, max(0, start - 20), start):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    return start - line_start <= 30 and bool(_SPEAKER_END.match(text, end)) and ":" not in text[line_start:start]


def first_name_mentions(text: str) -> list[tuple[int, int]]:
    """Offsets of given names (with a following initial and surname) in ``text``."""
    if not text:
        return []
    names = first_names()
    lowercase = not any(c.isupper() for c in text)
    lower_lines = None if lowercase else _lowercase_lines(text)
    out: list[tuple[int, int]] = []
    last_end = -1
    for m in _TOKEN.finditer(text):
        if m.start() < last_end:
            continue
        word = m.group(1)
        if word.lower() not in names:
            continue
        if (word[0].islower() and not lowercase and not _in_lowercase_line(lower_lines, m.start(), word)
                and not (rare_in_english(word) and _addressed(text, m.start(), m.end()))):
            continue
        if word[0].isupper() and _sentence_start(text, m.start()) and not _unmistakable(word, text):
            continue
        end = m.end()
        ini = _INITIAL.match(text, end)
        after = ini.end() if ini else end
        nxt = _NEXT_WORD.match(text, after)
        if nxt is not None:
            w = nxt.group(1)
            same_case = w[0].isupper() if word[0].isupper() else w.islower()
            # "olivia grant-mensah": one part of a double-barrelled surname is enough
            if same_case and w.lower() not in english_stop_words() and (
                    w[0].isupper() or any(p in surnames() for p in w.split("-"))):
                end = nxt.end()
        out.append((m.start(), end))
        last_end = end
    if not lowercase:
        taken = [(a, b) for a, b in out]
        out.extend(p for p in _full_names(text) if not any(a < p[1] and p[0] < b for a, b in taken))
        out.sort()
    return out


#: a capitalised given name, maybe an initial, then a capitalised word: "Bethany Ruiz", "Will J. Ortega"
_FULL_NAME = re.compile(
    rf"(?<![\w'’.@#/-])([{_UP}][{_LO}]+)(?:[ \t]+[A-Z]\.?)?[ \t]+([{_UP}][{_LO}'’-]+)(?![\w'’-])"
)


def _full_names(text: str) -> list[tuple[int, int]]:
    """Given name + surname, whatever the given name also is (see the module docstring): the
    surname must be a Faker surname, rare in English and no place ("Jordan Valley", "Florence
    Street" are not names)."""
    given, family = given_name_words(), surnames()
    out: list[tuple[int, int]] = []
    for m in _FULL_NAME.finditer(text):
        first, last = m.group(1).lower(), m.group(2)
        if first not in given or first in english_stop_words() or first in CALENDAR_WORDS:
            continue
        if last.lower() in family and rare_in_english(last) and gazetteer.lookup(last) is None:
            out.append((m.start(), m.end()))
    return out


class FirstNameRecognizer(EntityRecognizer):
    """Presidio recognizer for :func:`first_name_mentions` (entity ``PERSON``).

    Key init args:
        score: the score of every mention.

    Instantiate:
        .. code-block:: python

            registry.add_recognizer(FirstNameRecognizer())
    """

    ENTITIES = ("PERSON",)
    SCORE = 0.55

    def __init__(self, score: float = SCORE, language: str = "en") -> None:
        super().__init__(supported_entities=list(self.ENTITIES), name="privrag_first_name", supported_language=language)
        self.score = score

    def load(self) -> None:  # the gazetteer loads lazily, once per process
        return None

    def analyze(self, text: str, entities: list[str] | None = None, nlp_artifacts: Any = None) -> list[Any]:
        if entities and "PERSON" not in entities:
            return []
        return [layout_result(self, "PERSON", start, end, self.score, "first_name", "given-name gazetteer")
                for start, end in first_name_mentions(text)]


def first_name_recognizer() -> FirstNameRecognizer:
    """A fresh :class:`FirstNameRecognizer` (the factory the identifier list uses)."""
    return FirstNameRecognizer()
