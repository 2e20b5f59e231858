"""Programming languages, from the lexers Pygments ships.

A CV, a job advert or an IT ticket names the languages a person works in
("Java 17, Go, Kotlin"), and an answer about skills needs them. They identify
no one, yet a statistical model reads "Java" as a place and "Kotlin" or "Go" as
a person. Pygments (BSD-2-Clause) keeps the names of about 600 languages and
file formats, maintained by the project as languages appear.

Most widely used languages are also words or names ("Java", "Go", "Dart",
"Ruby", "Rust", "Swift", "Julia"), and an obscure one may be anything ("Kal",
"Savi", "Delphi"). So a name counts only where it stands in a list (commas,
slashes, "and", "or"; a version may follow each: "Java 17, Python 3.12") next
to another language name, one of them at least distinctive:

* in no dictionary ("GAP" is a word), no one's given name or surname, no place,
  three letters or more and written often enough (Zipf ≥ :data:`MIN_ZIPF`,
  :data:`CAPITALS_MIN_ZIPF` in capitals: "Kotlin", "TypeScript", "SQL"; not
  "Rd", "BST");
* or a letter with ``+``/``#`` ("C++", "C#"), or a catalogued brand that is no
  one's name ("Python").

A distinctive name alone ("written in Kotlin") is the brand catalogue's to keep.
"""

from __future__ import annotations

import functools
import logging
import re

from privrag import gazetteer
from privrag.keep import vocab
from privrag.keymatch import KeyMatcher

__all__ = ["language_names", "language_mentions", "MIN_ZIPF", "CAPITALS_MIN_ZIPF"]

log = logging.getLogger(__name__)

#: how often English must write a language's name for it to be distinctive ("Kotlin" 2.1; not "Rd", "Elpi")
MIN_ZIPF = 2.0
#: the same for a name in capitals, which may be any acronym ("SQL", "HTML"; not "BST", "ADL")
CAPITALS_MIN_ZIPF = 3.0

#: what separates the members of a list: a comma, a slash, "and", "or", "&", with an optional version before it
_SEPARATOR = re.compile(r"(?:[ \t]+v?\d+(?:\.\d+)*)?[ \t]*(?:,|/|;|&|\band\b|\bor\b)[ \t]*(?:and[ \t]+|or[ \t]+)?")


@functools.lru_cache(maxsize=1)
def language_names() -> frozenset[str]:
    """Pygments' lexer names of one word, at least two characters; empty (one warning) without Pygments."""
    try:
        from pygments.lexers import get_all_lexers
    except ImportError:
        log.warning("pygments is not installed: programming languages are not kept (pip install pygments)")
        return frozenset()
    return frozenset(name for name, *_ in get_all_lexers() if " " not in name and len(name) >= 2)


@functools.lru_cache(maxsize=1)
def _distinctive() -> frozenset[str]:
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep.brands import brand_titles, in_dictionary

    people, catalogued = person_name_words(), brand_titles()
    out = set()
    for name in language_names():
        low = name.lower()
        if re.fullmatch(r"[A-Z][+#]{1,2}", name) or (name in catalogued and low not in people):
            out.add(name)  # "C++", "C#" and "F#" are no word; Simple Icons lists "Python"
            continue
        if low in people or in_dictionary(low) or gazetteer.lookup(name) is not None:
            continue  # "Python", "Ruby", "Java", "Properties": a word, a name or a place first
        if name.isupper() and vocab.zipf(low) < CAPITALS_MIN_ZIPF:
            continue  # "BST", "ADL", "NCL": short capitals are as often another acronym
        if vocab.zipf(low) >= 5.0 or vocab.zipf(low) < MIN_ZIPF or len(name) < 3:
            continue  # an everyday word; a name few texts write ("Rd", "Bdd", "Elpi") may be anything
        out.add(name)
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _matcher() -> KeyMatcher:
    return KeyMatcher(language_names())


#: a name glued to more of a token is not that name: "C" of "C++", "Java" of "JavaScript.js", "Go" of "Go-Live"
_GLUED_BEFORE = re.compile(r"[+#.-]")
_GLUED_AFTER = re.compile(r"[+#-]|\.\w")


def language_mentions(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each programming language ``text`` lists (see the module docstring)."""
    if not text or not language_names():
        return []
    found = [(s, e) for s, e in _matcher().finditer(text)
             if not (s and _GLUED_BEFORE.match(text, s - 1)) and not _GLUED_AFTER.match(text, e)]
    if not found:
        return []
    distinctive = _distinctive()
    out: set[tuple[int, int]] = set()
    # lists: runs of mentions joined by separators
    run: list[tuple[int, int]] = [found[0]]
    for prev, cur in zip(found, found[1:], strict=False):
        if _SEPARATOR.fullmatch(text, prev[1], cur[0]):
            run.append(cur)
            continue
        _take_list(text, run, distinctive, out)
        run = [cur]
    _take_list(text, run, distinctive, out)
    return sorted(out)


def _take_list(text: str, run: list[tuple[int, int]], distinctive: frozenset[str], out: set[tuple[int, int]]) -> None:
    if len(run) >= 2 and any(text[s:e] in distinctive for s, e in run):
        out.update(run)
