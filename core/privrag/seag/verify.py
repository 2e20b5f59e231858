"""The last check before a table is used: nothing detected is left in the text.

The builder's own rows cover the surface forms the detector found and their
usual case variants. What they can miss is how else the same name is
written in the same request: "jordan" in lower case, "McCALL", a surname
only ever written inside a longer span. SEAG's promise is about what is
*sent*, so the check runs on the aliased texts: no detected original (names,
places, organisations, identifiers — whole, case-insensitively, as a whole
word) and no part of a detected person's name may be left in them.

:func:`close_case_leaks` adds a row for every leftover case variant of an
original the table already aliases (same alias, same case style);
:func:`leaks` reports what is still left, and the builder then redraws and,
at the end, raises :class:`~privrag.types.PrivacyError` (never a table
that sends an original).

One exception, stated so it can be argued with: a lower-case occurrence of
a name part that is one of the ~1,000 everyday English words of Faker's
en_US word list or an English stop word ("will", "may", "young", "mark") is
read as that word, not as the name; any other lower-case occurrence
("jordan", "rose") is aliased.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterator, Sequence

from privrag.detect.name_propagation import plain_word
from privrag.generalize import canonical_label
from privrag.seag.families import (
    FEMALE_HONORIFICS,
    MALE_HONORIFICS,
    NAME_PARTICLES,
    TOKEN_RE,
    is_generic,
    split_possessive,
)
from privrag.seag.restore import Replacer, fold
from privrag.seag.scripts import MIN_SPACELESS_ALIAS, spaceless
from privrag.seag.table import AliasEntry, AliasTable
from privrag.seag.values import VALUE_CATEGORIES
from privrag.types import DetectedEntity

__all__ = ["needles", "person_tokens", "leaks", "close_case_leaks", "valid_alias"]

_TITLES = MALE_HONORIFICS | FEMALE_HONORIFICS | frozenset("mx dr prof rev sir".split())
#: abbreviations that open a place's or a saint's name ("St. Joseph Mercy ED" read as a person): no
#: name part — as a needle, the "ST" of "ST elevation" was a leak no redraw could close
_NAME_PREFIXES = frozenset("st ste mt ft".split())


@functools.lru_cache(maxsize=1)
def _everyday_words() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider as Lorem

    from privrag.detect.recognizer_base import english_stop_words

    return frozenset(w.lower() for w in Lorem.word_list) | frozenset(english_stop_words())


def _everyday(word: str) -> bool:
    return word in _everyday_words()


def person_tokens(form: str, min_length: int = 3) -> list[str]:
    """The parts of a person's name that identify: no honorific, particle or initial."""
    out = []
    for m in TOKEN_RE.finditer(form):
        base = split_possessive(m.group(0))[0]
        low = base.lower()
        if len(base) < min_length or low in NAME_PARTICLES or low.rstrip(".") in _TITLES | _NAME_PREFIXES:
            continue
        if not any(c.isalpha() for c in base) or any(c.isdigit() for c in base):
            continue  # no name part holds a digit: "7PR" of an address read as a person
        out.append(base)
    return out


#: labels of a user name or a handle ("@lukas.brandt.ux"), whose parts are not all a name's
_HANDLE_LABELS = frozenset({"USERNAME", "HANDLE"})


def needles(spans: Sequence[Sequence[DetectedEntity]], min_length: int = 3) -> dict[str, bool]:
    """``{string: is_name_part}`` that must not be left in any sent text.

    Values (dates, amounts, ages) are left out: a value the shifter does not
    change ("the 1990s") is not identifying by design, and the names inside
    value spans are spans of their own by then (:mod:`privrag.seag.value_split`)."""
    out: dict[str, bool] = {}
    for group in spans:
        for s in group:
            category = canonical_label(s.label)
            if category in VALUE_CATEGORIES or is_generic(s.text) or not any(c.isalnum() for c in s.text):
                continue
            # a one-word name written with a capital ("Will", "Hope") is not leaked by the
            # everyday word in lower case ("prednisolone will push sugars up"); a name typed in
            # lower case ("jamal") has no such exemption
            one_cased = category == "PERSON" and len(person_tokens(s.text, 1)) == 1 and s.text[:1].isupper() \
                and " " not in s.text.strip()
            out.setdefault(s.text, one_cased)
            if category == "PERSON":
                # a lower-case word in a span that has capitals is no name part: the model ran the
                # span into prose ("Museum/gallery exhibitions officer" as a person); as a needle,
                # every "gallery" of a long text was a leak no redraw could close
                cased = s.text != s.text.lower()
                # a handle's part of two letters is a team's or a role's abbreviation as often as a name's
                # ("ux" of "@lukas.brandt.ux" in "#ext-freelance-ux"): a name's ("Ng Wei Ming") still counts
                shortest = max(min_length, 3) if s.label.upper() in _HANDLE_LABELS else min_length
                for tok in person_tokens(s.text, shortest):
                    if not (cased and tok.islower()):
                        out.setdefault(tok, True)
    return out


def _found(matcher: Replacer, parts: dict[str, bool], text: str) -> Iterator[str]:
    """Occurrences of any needle in ``text`` (as written there) that count as a leak:
    one scan of the case-folded text, word-bounded, whatever the number of needles."""
    for start, end, key in matcher.finditer(fold(text)):
        surface = text[start:end]
        if parts[key] and surface.islower() and (_everyday(surface) or plain_word(surface)):
            continue  # "legal" of "@ibrahim.legal", "mould" of a model's "black mould": words, no name
        yield surface


def leaks(
    table: AliasTable, texts: Sequence[str], spans: Sequence[Sequence[DetectedEntity]], min_length: int = 3
) -> list[str]:
    """Originals still present after aliasing (as written in the text)."""
    parts: dict[str, bool] = {}
    for needle, is_part in needles(spans, min_length).items():
        key = fold(needle)
        parts[key] = parts.get(key, True) and is_part  # a whole form anywhere: no everyday exemption
    if not parts:
        return []
    matcher = Replacer({k: k for k in parts})
    out: set[str] = set()
    for text in texts:
        out.update(_found(matcher, parts, table.alias(text)))
    return sorted(out)


def _case_as(surface: str, alias: str) -> str:
    """``alias`` in ``surface``'s case, exactly enough that restoring gives ``surface`` back."""
    if surface.isupper():
        return alias.upper()
    if surface.islower():
        return alias.lower()
    if surface.istitle():
        return alias.title()
    return "".join(c.upper() if i < len(surface) and surface[i].isupper() else c.lower()
                   for i, c in enumerate(alias))


def close_case_leaks(
    table: AliasTable, texts: Sequence[str], spans: Sequence[Sequence[DetectedEntity]], min_length: int = 3
) -> AliasTable:
    """Rows for leftover case variants of aliased originals ("jordan" → "cruz")."""
    left = leaks(table, texts, spans, min_length)
    if not left:
        return table
    by_fold = {fold(e.original): e for e in table.entries}
    exact = {e.alias for e in table.entries}
    rows: list[AliasEntry] = []
    for surface in left:
        row = by_fold.get(fold(surface))
        if row is None or surface == row.original:
            continue
        alias = _case_as(surface, row.alias)
        if alias in exact or alias == surface:
            continue
        exact.add(alias)
        rows.append(AliasEntry(surface, alias, row.label, row.entity_id, "variant"))
    return table.extended(rows) if rows else table


#: punctuation an alias may hold even where its original does not (names, addresses, identifiers)
_SAFE_PUNCT = frozenset(" .,'’-&/+()@_:#")
MAX_ALIAS_GROWTH = 3
MAX_ALIAS_MIN = 64


def valid_alias(original: str, alias: str) -> bool:
    """Whether a proposed alias may enter a table.

    Any generator's proposal (an LLM's above all) is checked: a bounded
    length (at most three times the original, 64 characters for short
    ones), no line break, tab or other control or format character, and no
    punctuation beyond a safe set unless the original has it — a regex
    metacharacter or a newline in an alias is no name. Restoring escapes
    every pattern anyway (:mod:`privrag.seag.restore`); this keeps
    what the generator reads sane and bounded."""
    if not alias or not alias.strip() or len(alias) > max(MAX_ALIAS_MIN, MAX_ALIAS_GROWTH * len(original)):
        return False
    if alias != alias.strip() and original == original.strip():
        return False
    if spaceless(alias) and sum(c.isalpha() for c in alias) < MIN_SPACELESS_ALIAS:
        return False  # one CJK character is no unambiguous alias
    allowed = set(original)
    for ch in alias:
        if ch in allowed or ch.isalnum() or ch in _SAFE_PUNCT:
            continue
        cat = unicodedata.category(ch)
        if cat.startswith("M"):  # combining accents
            continue
        return False
    return True
