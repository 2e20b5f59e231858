"""Which writing systems SEAG can protect, and refusing the others.

SEAG can only alias what its detector finds. The default detector (spaCy
``en_core_web_sm`` through Presidio, GLiNER on English MiniLM, privrag's
pattern recognizers) finds names in **Latin script** — English and the
other languages written in Latin letters with their diacritics (Latin-1,
Latin Extended-A/B and Additional: "Gaižauskas", "Němcová", "Nguyễn").
Identifiers, e-mail addresses, dates and amounts are found in any script.
No multilingual NER model is installed (no ``xx_ent_wiki_sm``, no
multilingual GLiNER checkpoint), and issue 19 measured 20–45 % of Hebrew and
Arabic names sent as written. So by default a text holding a *word* (two or
more letters in a row) of any other script — Hebrew, Arabic, Greek,
Cyrillic, CJK, kana, Hangul, Thai, Devanagari, … — is never sent as written.

What happens instead depends on how much of the text is in such scripts
(``BuilderConfig(uncovered_scripts=…)``):

* ``"alias"`` (default): a text that the detector can read, with a few words
  in another script — a patient's name in Chinese characters beside its
  romanisation ("Name: 王国良 (WANG Guoliang)"), a Greek street name in an
  English form — gets every such word aliased, found or not: no detector is
  needed to find what is aliased whole. A text mostly written in another
  script (more than :data:`MAX_UNCOVERED_SHARE` of its letters) is refused
  with :class:`~privrag.types.PrivacyError` before anything is detected:
  aliasing every word would leave the generator nothing to read.
* ``"raise"``: any such word refuses the request (the behaviour before
  issue 18: a Chinese discharge summary with one name in Hanzi was refused).
* ``"allow"``: sent at the caller's own risk (the leak check still refuses a
  table that leaves a *detected* name in place).

A caller with a detector that covers more scripts says so:
``BuilderConfig(covered_scripts=frozenset({"LATIN", "CYRILLIC"}))``.
A single letter of another script ("α-synuclein", "5 μg") is no word and passes.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence

from privrag.types import PrivacyError

__all__ = [
    "DEFAULT_COVERED_SCRIPTS", "MIN_SPACELESS_ALIAS", "MAX_UNCOVERED_SHARE", "script_of", "spaceless",
    "uncovered_scripts", "uncovered_words", "check_scripts",
]

DEFAULT_COVERED_SCRIPTS = frozenset({"LATIN"})
#: share of a text's letters in uncovered scripts above which ``"alias"`` refuses it: a text
#: mostly written in a script the detector cannot read is not sent as a string of aliases
MAX_UNCOVERED_SHARE = 0.5
#: two or more letters in a row outside ASCII, Latin-1, Latin Extended-A/B, IPA and Latin Extended Additional
_CANDIDATE = re.compile(r"[^\W\d_\x00-\u02af\u1e00-\u1eff]{2,}")
_SCRIPT_WORDS = (
    "LATIN", "GREEK", "COPTIC", "CYRILLIC", "ARMENIAN", "HEBREW", "ARABIC", "SYRIAC", "THAANA", "DEVANAGARI",
    "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA", "MALAYALAM", "SINHALA", "THAI",
    "LAO", "TIBETAN", "MYANMAR", "GEORGIAN", "HANGUL", "ETHIOPIC", "CHEROKEE", "KHMER", "MONGOLIAN",
    "HIRAGANA", "KATAKANA", "BOPOMOFO", "CJK", "YI",
)  # fmt: skip


@functools.lru_cache(maxsize=8192)
def script_of(ch: str) -> str:
    """The script of one letter, from its Unicode name ("HEBREW", "CJK", "LATIN", … or "OTHER")."""
    name = unicodedata.name(ch, "")
    words = name.split()
    for w in words[:3]:
        if w in _SCRIPT_WORDS:
            return w
    return "OTHER"


#: scripts written without spaces between words: one letter there is no name
_SPACELESS = frozenset({"CJK", "HIRAGANA", "KATAKANA", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN", "YI"})
#: shortest alias in those scripts (Faker's zh_CN surnames are one character: "白" for "王伟")
MIN_SPACELESS_ALIAS = 2


def spaceless(text: str) -> bool:
    """Whether ``text`` has a letter of a script written without spaces (CJK, kana, Thai, …)."""
    return not text.isascii() and any(c.isalpha() and script_of(c) in _SPACELESS for c in text)


def uncovered_scripts(texts: Iterable[str], covered: frozenset[str] = DEFAULT_COVERED_SCRIPTS) -> set[str]:
    """Scripts of the words in ``texts`` that ``covered`` does not include."""
    found: set[str] = set()
    for text in texts:
        if text.isascii():
            continue
        for m in _CANDIDATE.finditer(text):
            found.update(s for s in map(script_of, m.group(0)) if s not in covered)
    return found


def uncovered_words(text: str, covered: frozenset[str] = DEFAULT_COVERED_SCRIPTS) -> list[tuple[int, int]]:
    """Offsets of the words of ``text`` that hold a letter of an uncovered script."""
    if text.isascii():
        return []
    return [m.span() for m in _CANDIDATE.finditer(text) if any(script_of(c) not in covered for c in m.group(0))]


def _uncovered_share(text: str, covered: frozenset[str]) -> float:
    letters = sum(c.isalpha() for c in text)
    return sum(e - s for s, e in uncovered_words(text, covered)) / letters if letters else 0.0


def check_scripts(texts: Sequence[str], covered: frozenset[str], policy: str) -> None:
    """Raise :class:`PrivacyError` for words in scripts the detector does not cover: any
    (policy ``"raise"``), or more than :data:`MAX_UNCOVERED_SHARE` of a text (``"alias"``)."""
    if policy == "allow":
        return
    if policy == "alias":
        texts = [t for t in texts if _uncovered_share(t, covered) > MAX_UNCOVERED_SHARE]
    missing = uncovered_scripts(texts, covered)
    if missing:
        raise PrivacyError(
            f"text in a script the detector does not cover ({', '.join(sorted(missing))}); names in it would be "
            "sent as written. Use a detector for it and BuilderConfig(covered_scripts=...), or "
            "uncovered_scripts='allow' to accept the risk"
        )
