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
Cyrillic, CJK, kana, Hangul, Thai, Devanagari, … — is refused with
:class:`~privrag.types.PrivacyError` before anything is detected or sent.

A caller with a detector that covers more scripts says so:
``BuilderConfig(covered_scripts=frozenset({"LATIN", "CYRILLIC"}))``, or
``uncovered_scripts="allow"`` to send such text at their own risk (the
leak check still refuses a table that leaves a *detected* name in place).
A single letter of another script ("α-synuclein", "5 μg") is no word and passes.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence

from privrag.types import PrivacyError

__all__ = [
    "DEFAULT_COVERED_SCRIPTS", "MIN_SPACELESS_ALIAS", "script_of", "spaceless", "uncovered_scripts", "check_scripts",
]

DEFAULT_COVERED_SCRIPTS = frozenset({"LATIN"})
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


def check_scripts(texts: Sequence[str], covered: frozenset[str], policy: str) -> None:
    """Raise :class:`PrivacyError` for words in scripts the detector does not cover (policy ``"raise"``)."""
    if policy == "allow":
        return
    missing = uncovered_scripts(texts, covered)
    if missing:
        raise PrivacyError(
            f"text in a script the detector does not cover ({', '.join(sorted(missing))}); names in it would be "
            "sent as written. Use a detector for it and BuilderConfig(covered_scripts=...), or "
            "uncovered_scripts='allow' to accept the risk"
        )
