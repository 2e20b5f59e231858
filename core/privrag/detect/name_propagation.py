"""Every mention of a person the text has already named: "Rose" after "Rose Gwendoline Pugh".

A model finds "Priyanka Sharma" in a letter's header and misses the five
"Priyanka"s of the body, or the "@hunter.b" of a chat and the "hunter" two
lines down. Each missed mention leaks the name the first one protected.

This step looks only at spans already labelled as persons or user names and
marks the other occurrences of their full form and of their name parts:

* a capitalised part is matched as written ("Rose", "Pugh");
* a lower-case occurrence ("hi bill", "bao is feverish") is matched when the
  word is rare in English (Zipf < 4, wordfreq) or stands in a greeting or an
  all-lower-case line, where people write names that way — "will" and "mark"
  in ordinary prose stay words;
* a handle gives its name parts too ("dani.k" → "dani", "@jwu" → "jwu"), matched
  capitalised as well when rare in English (Zipf < 3: "Seun" after "@seun", never "Will");
* a given name gives its nicknames, written capitalised ("Will" and "Bill" after
  "William Fairweather"; the ``nicknames`` package, Apache-2.0, a hand-curated
  table of English given names and their short forms). A lower-case "will" or
  "bill" stays a word.

Unlike :class:`~privrag.detect.default.PropagatingDetector`, no other label
propagates: organisations and dates repeat for reasons of their own.
"""

from __future__ import annotations

import bisect
import functools
import logging
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence

from privrag.detect.span_cleanup import PERSON_LABELS, PERSON_PARTICLES, with_initials
from privrag.types import DetectedEntity

__all__ = ["nickname_words", "name_initials", "PROPAGATED_SOURCE", "NICKNAME_SOURCE", "bracketed_nicknames", "propagate_names", "fold_accents", "name_forms", "nickname_forms", "plain_word", "CUED_SOURCES"]

log = logging.getLogger(__name__)

PROPAGATED_SOURCE = "privrag_propagated"
_PERSON_LABELS = frozenset({"PERSON", "PER", "NAME", "USERNAME", "FIRST_NAME", "LAST_NAME", "FULL_NAME"})
_NOT_PARTS = frozenset(
    "mr mrs ms miss mx dr prof sir madam dame lord lady the and of van von de da der den del la le "
    "jr sr dear hi hello team channel here everyone all".split()
)
_GREETING = re.compile(r"(?i)\b(?:hi|hey|hello|dear|thanks|thank\s+you|thx|ty|bye|morning|evening|cheers|ok|okay)[\s,]+$")


def name_forms(span: DetectedEntity) -> set[str]:
    """The full name (no possessive, no ``@``) and its parts of three letters or more.

    A model's span is sometimes not a name ("the", "Brenda we would check with
    Hughes"); propagating it would mask every "the" or "with" of the document.
    So a lower-case part of a span that has capitals is no name part (real
    particles are in ``_NOT_PARTS`` anyway), and a lower-case English stop word
    (spaCy's list) is never a form ("Will" is; "will" and "the" are not). A dictionary word
    that is no one's name is no part either (:func:`plain_word`).
    """
    surface = re.sub(r"(?:['’]s|['’])$", "", span.text.strip()).lstrip("@")
    from privrag.detect.recognizer_base import english_stop_words

    stop = english_stop_words()
    # "SAHYADRI\\vkiyer": the user names a person, the domain an organisation
    parts = [p for p in re.split(r"[\s._-]+", surface.rsplit("\\", 1)[-1]) if p]
    # a cue found the name ("partner Precious", "my son Will", a chat's author): a word there is a name
    cued = span.source in CUED_SOURCES
    if parts and not cued and all(plain_word(p) for p in parts):
        return set()  # "black mould", "Dental Practice": a model's person span made of words only
    # a nickname a cue gave may be two letters ('known as "JK"', '("J-F")'), written as a name
    shortest = 2 if cued and surface[:1].isupper() else 3
    forms = {surface} if len(surface) >= shortest and surface not in stop else set()
    # a Windows account's domain is in capitals, its user in lower case ("SAHYADRI\\vkiyer"): not a name's case
    cased = surface != surface.lower() and "\\" not in surface
    marked = _marked_parts(parts)
    parts = [p.strip(_QUOTES) for p in parts]
    for i, part in enumerate(parts):
        # "Jo" of "Jo Pearce": a two-letter given name is a part when it opens a longer name, is
        # written as a name and is a short form of the nickname table ("Jo", "Al", "Ed"; never "As")
        short_given = (i == 0 and len(parts) > 1 and len(part) == 2 and part.istitle()
                       and part.lower() not in stop and part.lower() in _all_nicknames())
        if (len(part) < 3 and not short_given) or part.lower() in _NOT_PARTS or not part.isalpha() or part in stop:
            continue
        if (cased and part.islower()) or (plain_word(part) and not cued and i not in marked):
            continue
        forms.add(part)
    # "Annelies De Smet" … "Mevrouw De Smet": a surname's particles are part of it where it stands alone
    k = len(parts) - 1
    while k > 1 and parts[k - 1].lower() in PERSON_PARTICLES:
        k -= 1
    if 0 < k < len(parts) - 1 and parts[-1] in forms:
        forms.add(" ".join(parts[k:]))
    return forms


_QUOTES = "\"“”'‘’"
#: a word in quotes, straight or curly
_QUOTED = re.compile(rf"[{_QUOTES}]\w+[{_QUOTES}]")


def _marked_parts(parts: list[str]) -> set[int]:
    """Indexes of the parts a name's own construction marks as names, whatever else the word means:
    the words around a patronymic particle ("Muhammad Hafiz bin Rahmat": "hafiz" is also a dictionary
    word) and a word quoted inside the name (the nickname of 'Sipho "Ghost" Ndlovu')."""
    kin = {j for i, p in enumerate(parts) if p.lower() in _PATRONYMIC for j in (i - 1, i + 1)}
    return kin | {i for i, p in enumerate(parts) if 0 < i < len(parts) - 1 and _QUOTED.fullmatch(p)}


def marked_name_words(span: DetectedEntity) -> set[str]:
    """The words (lower case, no quotes) of a person span that :func:`_marked_parts` marks as names."""
    parts = [p for p in re.split(r"[\s._-]+", span.text.strip()) if p]
    return {parts[i].strip(_QUOTES).lower() for i in _marked_parts(parts) if 0 <= i < len(parts)}
#: the particles of a patronymic: "bin", "binti" (Malay), "ibn", "bint" (Arabic)
_PATRONYMIC = frozenset({"bin", "binti", "binte", "bte", "ibn", "bint"})

#: recognizers that find a name by what stands around it (an honorific, a kinship, a chat's author, a
#: letter's sign-off), so that a name that is also a word is still a name there
CUED_SOURCES = frozenset({"privrag_titled_person", "privrag_lowercase_intro", "privrag_nickname", "privrag_chat_author"})
#: the source of a nickname found in brackets after a detected person's name
NICKNAME_SOURCE = "privrag_nickname"
#: a quoted name in brackets: 'Jean-François Gagnon ("J-F")', 'Pieter van der Merwe ("Piet")'
_BRACKET_NICK = re.compile(r"[ \t]*\([ \t]*[\"“‘']([A-Z][\w.'’-]{0,15})[\"”’'][ \t]*\)")


def _nickname_of(nick: str, name: str) -> bool:
    """A bracketed word is a nickname, not a role a contract defines ('John Smith ("Investor")'), when
    it is the name's initials ("J-F", "JK"), the start of one of its words ("Piet" of "Pieter"), a given
    name, or a word no dictionary holds."""
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.brands import english_words

    letters = [c for c in nick if c.isalpha()]
    words = [w for w in re.split(r"[\s-]+", name) if w[:1].isupper()]
    if nick.isupper() and letters == [w[0] for w in words][: len(letters)]:
        return True
    low = nick.lower()
    return (any(w.lower().startswith(low) for w in words) or low in given_name_words()
            or low not in english_words())


def bracketed_nicknames(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """The quoted name in brackets right after a person's full name is the name the text calls them
    by ('Jean-François Gagnon ("J-F")', 'Pieter van der Merwe ("Piet")'). Any member's person span of
    two words or more counts; a role a contract defines ('Ms Ana Dias ("the Landlord")', '("Employee")')
    does not (:func:`~privrag.detect.recognizers_names.bracketed_nickname`)."""
    from privrag.detect.recognizers_names import bracketed_nickname

    taken = [(s.start, s.end) for s in spans]
    out: list[DetectedEntity] = []
    for s in spans:
        if s.label.upper() not in _PERSON_LABELS or len(s.text.split()) < 2:
            continue
        m = _BRACKET_NICK.match(text, s.end)
        if m is None or not bracketed_nickname(m.group(1)) or not _nickname_of(m.group(1), s.text):
            continue
        a, b = m.span(1)
        if not any(x < b and a < y for x, y in taken):
            out.append(DetectedEntity(a, b, s.label, m.group(1), s.score, NICKNAME_SOURCE))
            taken.append((a, b))
    for s in spans:  # "my partner kel (Kelvin Ashby)": the short name before the full one in brackets
        if s.label.upper() not in _PERSON_LABELS or len(s.text.split()) < 2:
            continue
        m = _NICK_BEFORE_BRACKET.search(text, max(0, s.start - 24), s.start)
        if m is None or not _short_form_of(m.group(1), s.text.split()[0]):
            continue
        a, b = m.span(1)
        if not any(x < b and a < y for x, y in taken):
            out.append(DetectedEntity(a, b, s.label, m.group(1), s.score, NICKNAME_SOURCE))
            taken.append((a, b))
    return out


#: a word right before an opening bracket that a span starts in: "kel (Kelvin Ashby)"
_NICK_BEFORE_BRACKET = re.compile(r"(?<![\w.'’-])([A-Za-z][a-z'’-]{1,14})[ \t]*\([ \t]*$")


def _short_form_of(word: str, given: str) -> bool:
    """``word`` is the given name's short form: a nickname of the table ("bill" of "William"), or its first
    three letters or more that are no word ("kel" of "Kelvin"; not "her" of "Hermione")."""
    from privrag.keep.brands import english_words

    low, full = word.lower(), given.lower()
    if low in _nickname_table().get(full, ()):
        return True
    # the start of the name, when no dictionary holds it: "kel", not "her" of "Hermione" or "Ref" of "Refilwe"
    return len(low) >= 3 and full.startswith(low) and low != full and low not in english_words()


def fold_accents(word: str) -> str:
    """``word`` without its diacritics ("Linnéa" → "Linnea", "Yıldız" → "Yildiz", "Łukasz" → "Lukasz")."""
    word = word.translate(_UNDOTTED)
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


#: letters that have no decomposition into a base letter and an accent
_UNDOTTED = str.maketrans({"ı": "i", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss"})


def plain_word(part: str) -> bool:
    """A dictionary word that is no one's given name or surname ("mould", "Smiles", "Dental"): as a
    name part it would mask the word wherever the text uses it; "Rose", "Baker" and "dani" stay parts."""
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep.brands import english_words

    low = part.lower()
    return low in english_words() and low not in person_name_words() and low not in _all_nicknames()


def nickname_words() -> frozenset[str]:
    """Every short form of the nickname table, lower case ("will", "bill", "del", "al")."""
    return _all_nicknames()


@functools.lru_cache(maxsize=1)
def _all_nicknames() -> frozenset[str]:
    """Every short form of the nickname table ("will", "bill", "pat")."""
    return frozenset(n for forms in _nickname_table().values() for n in forms)


@functools.lru_cache(maxsize=1)
def _nickname_table() -> dict[str, frozenset[str]]:
    """Given name → its nicknames, lower case; empty (one warning) without the package."""
    try:
        from nicknames import NickNamer
    except ImportError:
        log.warning("nicknames is not installed: a given name's short forms are not followed (pip install nicknames)")
        return {}
    return {k: frozenset(v) for k, v in NickNamer().nickname_lookup.items()}


def nickname_forms(span: DetectedEntity) -> set[str]:
    """The capitalised nicknames of a person span's given name ("William Fairweather" → "Will",
    "Bill", …): a given name opens a span of two words or more, a nickname has three letters or more."""
    words = span.text.split()
    if len(words) < 2 or not words[0][:1].isupper() or not words[0].isalpha():
        return set()
    return {n.capitalize() for n in _nickname_table().get(words[0].lower(), ()) if len(n) >= 3 and n.isalpha()}


def _rare_word(word: str) -> bool:
    """Rare enough in English (Zipf < 4) that the models' repeated person label outweighs the dictionary:
    "Fer", not "Bill" ("the Bill of Rights")."""
    from privrag.keep.vocab import zipf

    return zipf(word.lower()) < 4.0


#: initials rarer than this (Zipf, as a word) stand for a person; "HR", "GP", "RN" and "AK" are words of their own
_MAX_INITIALS_ZIPF = 3.6


def name_initials(name: str) -> str | None:
    """The initials of a full name of two or three capitalised words ("Brett Kowalczyk" → "BK"), when
    they are no common abbreviation."""
    from privrag.keep.vocab import zipf

    words = name.split()
    if not 2 <= len(words) <= 3 or not all(w[:1].isupper() and w.isalpha() and w.lower() not in _NOT_PARTS for w in words):
        return None
    initials = "".join(w[0] for w in words)
    return initials if initials.isascii() and zipf(initials.lower()) < _MAX_INITIALS_ZIPF else None


#: a one-word person span found this often is a name the text uses, whatever a dictionary says
_MIN_REPEATS = 3
def _repeatable(word: str) -> bool:
    """A capitalised word of three letters or more, in any script's letters ("Fer", "Łukasz")."""
    return len(word) >= 3 and word.isalpha() and word[0].isupper() and word[1:].islower()


def _lowercase_ok(text: str, start: int, word: str) -> bool:
    from privrag.keep.vocab import zipf

    if zipf(word) < 4.0:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return line == line.lower() or bool(_GREETING.search(text[line_start:start]))


#: a capitalised word rarer than this in English is a name as the lower-case form is ("Pinky" after the author
#: "pinky"; not "Will" after "will", 5.6)
_RARE_TITLE_ZIPF = 3.5


def _rare_title(word: str) -> bool:
    """"Seun" after "@seun": a capitalised name part rare in English is the same name (not "Will")."""
    from privrag.keep.vocab import zipf

    return word[:1].isupper() and word[1:].islower() and zipf(word.lower()) < _RARE_TITLE_ZIPF


def propagate_names(text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
    """``spans`` plus the unmarked occurrences of their persons' names (overlap-free).

    Linear in the text: occurrences are found through the first word of each
    form (:func:`_occurrences`), overlaps with the spans through a sorted index.
    """
    spans = [*spans, *bracketed_nicknames(text, spans)]
    forms: dict[str, DetectedEntity] = {}
    for s in spans:
        if s.label.upper() in _PERSON_LABELS:
            for f in name_forms(s):
                forms.setdefault(f, s)
    # "Fer" read as a person by the models at three mentions: a name, though a dictionary holds the word
    seen: dict[str, list[DetectedEntity]] = {}
    for s in spans:
        if (s.label.upper() in _PERSON_LABELS and _repeatable(s.text) and s.text.lower() not in _NOT_PARTS
                and _rare_word(s.text)):
            seen.setdefault(s.text, []).append(s)
    for word, found in seen.items():
        if len(found) >= _MIN_REPEATS and word not in forms:
            forms[word] = found[0]
    nicks = {n: s for s in spans if s.label.upper() in _PERSON_LABELS for n in nickname_forms(s) if n not in forms}
    # "Brett Kowalczyk … when BK was on leave": a full name's initials, in capitals, as written only
    # — not letters the text defines for another name ("Techniker Krankenkasse (TK)")
    from privrag.keep.context import acronym_defined

    initials: dict[str, DetectedEntity] = {}
    for s in spans:
        if s.label.upper() in _PERSON_LABELS and (i := name_initials(s.text)) and i not in forms and i not in nicks:
            initials.setdefault(i, s)
    # each once: a text naming one person at every line must not search itself once per mention
    nicks.update((i, s) for i, s in initials.items() if not acronym_defined(text, i, initials=False))
    forms.update(nicks)
    # "linnea" for "Linnéa", "Yildiz" for "Yıldız": a name typed without its accents, as chats and user
    # names write it, is the same name
    for f, s in list(forms.items()):
        if (plain := fold_accents(f)) != f:
            forms.setdefault(plain, s)
    if not forms:
        return list(spans)
    lower: dict[str, DetectedEntity] = {}
    for k, v in forms.items():
        lower.setdefault(k.lower(), v)
    lower_nicks = {n.lower() for n in nicks} - {f.lower() for f in forms if f not in nicks}
    ordered = sorted(spans, key=lambda s: s.start)
    starts = [s.start for s in ordered]
    reach: list[int] = []  # reach[i]: the furthest end among ordered[: i + 1]
    for s in ordered:
        reach.append(max(s.end, reach[-1]) if reach else s.end)
    extra: list[DetectedEntity] = []
    for a, b in _occurrences(text, forms):
        i = bisect.bisect_left(starts, b)  # spans starting before b; one of them overlaps iff it reaches past a
        if i and reach[i - 1] > a:
            continue
        word = text[a:b]
        src = forms.get(word) or lower.get(word.lower())
        if src is None:
            continue
        exact = word in forms
        if not exact and word.lower() in lower_nicks:
            continue  # a nickname counts only as written: "Will", never "will"
        if not exact and not (word.islower() and _lowercase_ok(text, a, word.lower())) and not _rare_title(word):
            continue  # "WILL" in a heading, "Will" at a sentence start for a lowercase "will"
        found = DetectedEntity(a, b, src.label, word, src.score * 0.9, PROPAGATED_SOURCE)
        extra.append(with_initials(found, text) if src.label in PERSON_LABELS else found)
    return sorted([*spans, *extra])


#: a word of a name's occurrence: letters and digits — an underscore joins words, as file and user names
#: write them ("Kulkarni_Ramesh_Thyrocare.pdf", "ramesh_k")
_WORD = re.compile(r"[^\W_]+")
_BEFORE_BAD = re.compile(r"[^\W_]|[@.]")
#: a file's extension may follow a name ("Ramesh.pdf"); another dotted word may not ("ramesh.kulkarni")
_AFTER_BAD = re.compile(r"[^\W_]|@|\.(?!(?:pdf|docx?|xlsx?|pptx?|jpe?g|png|heic|txt|csv|msg|eml|odt|rtf|zip)\b)\w")


def _occurrences(text: str, forms: Iterable[str]) -> Iterator[tuple[int, int]]:
    """Case-insensitive occurrences of ``forms``, as ``re.finditer`` of their alternation
    (longest first) finds them: no word, ``@`` or ``.`` before, no word, ``@`` or ``.word``
    after, left to right, never overlapping one another.

    The alternation itself tried every form at every word start (quadratic
    once a long document names thousands of people); a form here is tried
    only where the text's word equals its first word.
    """
    by_first: dict[str, list[str]] = {}
    odd: list[str] = []
    for f in sorted(forms, key=len, reverse=True):
        m = _WORD.match(f)
        if m and m.end() > 0:
            by_first.setdefault(f[: m.end()].lower(), []).append(f)
        else:
            odd.append(f)
    found: dict[int, int] = {}
    other_case: set[int] = set()  # starts whose match is a form in another case only
    for m in _WORD.finditer(text):
        a = m.start()
        if a and _BEFORE_BAD.match(text, a - 1):
            continue
        hits = [f for f in by_first.get(m.group().lower(), ())
                if text[a : a + len(f)].lower() == f.lower() and not _AFTER_BAD.match(text, a + len(f))]
        exact = [f for f in hits if text[a : a + len(f)] == f]
        if hits:
            found[a] = a + len((exact or hits)[0])
            if not exact:
                other_case.add(a)
    if odd:  # forms that do not start with a word character (rare): the regex, at every start
        pat = re.compile(r"(?<![\w@.])(?=(" + "|".join(map(re.escape, odd)) + r")(?![\w@]|\.\w))", re.IGNORECASE)
        for m in pat.finditer(text):
            a, b = m.start(), m.end(1)
            if b > found.get(a, a):
                found[a] = b
    last = 0
    starts = sorted(found)
    for i, a in enumerate(starts):
        if a < last:
            continue
        # "ate Joy" (the form "Ate Joy" in another case) must not hide the "Joy" written as the name is
        if a in other_case and any(c < found[a] and c not in other_case for c in starts[i + 1 : i + 8]):
            continue
        yield a, found[a]
        last = found[a]
