"""What the Faker alias generator draws with: one seeded Faker per thread, Faker's given names by
gender, and the shape-preserving fallback every category ends in.

Why a module of its own: :mod:`privrag.seag.faker_run` (one proposal) and
:func:`privrag.seag.faker_aliases.fresh_alias` (one draw outside it) both need them.
"""

from __future__ import annotations

import functools
import random
import string
import threading

__all__ = ["shape_alias", "faker_for", "first_names_by_gender", "vowel_initial", "TRIES", "KEEP_TITLES"]

TRIES = 25
KEEP_TITLES = frozenset("mr mrs ms miss dr prof sir madam mx rev".split())


def shape_alias(text: str, rng: random.Random, keep_prefix: int = 0) -> str:
    """Same shape, new characters: digits → digits, letters → letters (same case).

    Every character after ``keep_prefix`` differs from the original's at its
    position, so the alias shares only the format (length, separators, a
    kept country code) — never "most of the digits" of an account number."""
    out = list(text[:keep_prefix])
    for i, ch in enumerate(text[keep_prefix:]):
        if ch.isdigit():
            first = i == 0 or not text[keep_prefix + i - 1].isdigit()
            low = 1 if first and ch != "0" else 0
            out.append(rng.choice([d for d in "0123456789"[low:] if d != ch] or ["1"]))
        elif ch.isalpha():
            pool = string.ascii_uppercase if ch.isupper() else string.ascii_lowercase
            out.append(rng.choice([c for c in pool if c != ch]))
        else:
            out.append(ch)
    return "".join(out)


@functools.lru_cache(maxsize=8)
def first_names_by_gender(locale: str) -> tuple[frozenset[str], frozenset[str]]:
    from faker import Faker

    fake = Faker(locale)
    male: set[str] = set()
    female: set[str] = set()
    for prov in fake.get_providers():
        male |= {n.lower() for n in getattr(prov, "first_names_male", ())}
        female |= {n.lower() for n in getattr(prov, "first_names_female", ())}
    return frozenset(male), frozenset(female)


_LOCAL = threading.local()


def faker_for(locale: str, seed: int):
    """One Faker per thread and locale, reseeded per request: building a Faker
    costs milliseconds, and a per-thread instance is never shared mid-draw."""
    try:
        from faker import Faker

        from privrag.faker_stable import stable
    except ImportError as exc:  # pragma: no cover - core dependency
        raise ImportError("FakerAliasGenerator needs `pip install faker`") from exc
    cache = getattr(_LOCAL, "fakers", None)
    if cache is None:
        cache = _LOCAL.fakers = {}
    fake = cache.get(locale)
    if fake is None:
        fake = cache[locale] = stable(Faker(locale))
    fake.seed_instance(seed)
    return fake



def vowel_initial(word: str) -> bool:
    """Whether "an" goes before ``word``: by its first sound, not letter ("a European",
    "a Ukrainian", "a Uruguayan", but "an Uzbek", "an Irish")."""
    w = word.lower()
    if w.startswith(("eu", "uni", "uk", "ur", "ug", "us", "one")):
        return False
    return w[:1] in "aeiou"


