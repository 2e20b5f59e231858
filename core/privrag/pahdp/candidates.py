"""Candidate rewrites of a risky unit: same-category substitutes from a safe pool.

For a ``mid`` or ``high`` unit PA-HDP builds K candidates and lets the
exponential mechanism pick one. Candidates differ in *which* entities are
substituted and *with what*:

* ``high`` tier: every entity is substituted in every candidate;
* ``mid`` tier: entities at least as sensitive as ``mandatory_weight``
  (default 0.4, the rubric's levels 2–3: names, identification numbers,
  contact details, dates, ages, nationalities) are substituted in every
  candidate; each other entity (level 0–1: organisations, regions, …) is
  substituted with probability ½, and at least one entity always is.

Substitutes come from a :class:`SafePool` — Faker (offline, seeded) by default,
or a user's public list per category — and keep the shape of the original
("Mr J. Starling's" → "Mr K. Dalton's", "2 October 1998" → "17 March 1974",
"no. 47289/99" → "no. 81530/37"). Within a unit, one entity gets one
substitute for all its mentions. The original is never a candidate: a
substitute equal to the original is redrawn, and falls back to the Γ
descriptor ("a person") if the pool cannot produce anything else.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from privrag.generalize import canonical_label
from privrag.textops import descriptor_for, replace_spans
from privrag.types import DetectedEntity

__all__ = ["SafePool", "Candidate", "build_candidates", "context_words", "generalized_text"]

MONTHS = (
    "January February March April May June July August September October November December".split()
)
_MONTH_RE = re.compile(r"\b(" + "|".join(MONTHS) + r"|" + "|".join(m[:3] for m in MONTHS) + r")\b\.?")
_YEAR_RE = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(s?)(?!\d)")
_DAY_RE = re.compile(r"(?<!\d)(\d{1,2})(?!\d)")
_DIGITS_RE = re.compile(r"\d")
_HONORIFIC_RE = re.compile(
    r"^((?:(?:mr|mrs|ms|miss|mx|dr|prof|sir|madam|lady|lord|judge|justice|herr|frau|mme|mlle)\.?\s+)+)", re.I
)
_POSSESSIVE_RE = re.compile(r"(['’]s?)$")
#: a word of a unit's text, which no drawn name may repeat
_WORD = re.compile(r"[^\W\d_]+")

#: public vocabularies for categories Faker has no provider for
NATIONALITIES = (
    "French German Italian Spanish Portuguese Dutch Belgian Swiss Austrian Polish Czech Slovak "
    "Hungarian Romanian Bulgarian Greek Turkish Swedish Norwegian Danish Finnish Irish British "
    "Canadian American Mexican Brazilian Argentinian Chilean Japanese Korean Chinese Indian "
    "Australian Croatian Serbian Slovenian Latvian Lithuanian Estonian Ukrainian Maltese Cypriot"
).split()
CONDITIONS = (
    "asthma", "hypertension", "type 2 diabetes", "migraine", "eczema", "anaemia", "bronchitis",
    "arthritis", "hypothyroidism", "gastritis", "sinusitis", "tendinitis",
)
MEDICATIONS = (
    "paracetamol", "ibuprofen", "amoxicillin", "metformin", "omeprazole", "lisinopril",
    "atorvastatin", "salbutamol", "cetirizine", "levothyroxine",
)


@dataclass(frozen=True)
class Candidate:
    """One rewrite of a unit; ``substituted`` are unit-local entity indices."""

    text: str
    substituted: tuple[int, ...]


class SafePool:
    """Where substitutes come from: a user's public lists first, then Faker.

    Key init args:
        public: ``{category or label: [public values]}``, e.g.
            ``{"PERSON": staff_directory, "ORG": public_companies}``; keys are
            mapped to canonical categories (``"GPE"`` → ``LOC``).
        locale: Faker locale (default ``en_US``).
        use_faker: ``False`` restricts substitutes to the public lists and
            Γ descriptors (no synthetic values at all).
    """

    def __init__(
        self,
        public: Mapping[str, Sequence[str]] | None = None,
        *,
        locale: str = "en_US",
        use_faker: bool = True,
    ) -> None:
        self.public: dict[str, list[str]] = {}
        for key, values in (public or {}).items():
            vals = [str(v) for v in values if str(v).strip()]
            if vals:
                self.public.setdefault(canonical_label(key), []).extend(vals)
        self._faker = None
        #: Faker is reseeded per draw; callers hold this lock while building candidates
        self.lock = threading.RLock()
        if use_faker:
            try:
                from faker import Faker

                from privrag.faker_stable import stable
            except ImportError as exc:  # pragma: no cover - a core dependency
                raise ImportError("the default safe pool needs Faker: `pip install faker`") from exc
            self._faker = stable(Faker(locale))
            self._countries = frozenset(c.lower() for c in self._faker.provider("faker.providers.address").countries)
        else:
            self._countries = frozenset()

    # -- one entity -------------------------------------------------------
    def entity_substitute(
        self, mentions: Sequence[DetectedEntity], rng: np.random.Generator, avoid: frozenset[str] = frozenset()
    ) -> Callable[[DetectedEntity, str], str]:
        """A renderer ``(mention, text_before) -> substitute`` for one entity.

        All mentions of the entity share one draw (one substitute per entity);
        a rendered substitute never equals its mention, and a person's substitute
        holds no word of ``avoid`` (lower case: the words of the text it is drawn
        for), so a drawn name never repeats another person's real one ("Lisa" drawn
        for Kenji where Lisa approved the claim).
        """
        cat = canonical_label(mentions[0].label)
        seed = int(rng.integers(2**31 - 1))
        if cat == "PERSON":
            names = self._person_parts(mentions, seed, avoid)
            render = lambda m, before: _render_person(m.text, names, mentions)  # noqa: E731
        else:
            render = lambda m, before: self._value(cat, m.text, seed)  # noqa: E731

        def safe(m: DetectedEntity, before: str) -> str:
            out = render(m, before)
            if out is None or _same(out, m.text):
                return descriptor_for(m, before)
            return out

        return safe

    def _draw_public(self, cat: str, seed: int, avoid: str) -> str | None:
        values = [v for v in self.public.get(cat, ()) if not _same(v, avoid)]
        if not values:
            return None
        return values[np.random.default_rng(seed).integers(len(values))]

    def _faker_with(self, seed: int):  # noqa: ANN202 - a Faker
        if self._faker is None:
            return None
        self._faker.seed_instance(seed)
        return self._faker

    def _person_parts(self, mentions: Sequence[DetectedEntity], seed: int, avoid: frozenset[str] = frozenset()) -> list[str]:
        canonical = max((m.text for m in mentions), key=len)
        tokens = _name_tokens(canonical)
        n = max(len(tokens), 1)
        public = self.public.get("PERSON")
        for attempt in range(6):
            s = seed + attempt
            if public:
                full = self._draw_public("PERSON", s, canonical) or ""
                parts = full.split()
            else:
                fk = self._faker_with(s)
                if fk is None:
                    return []
                first = {"male": fk.first_name_male, "female": fk.first_name_female}.get(
                    _gender(mentions), fk.first_name
                )
                parts = [first() for _ in range(n - 1)] + [fk.last_name()]
            if parts and not {p.lower() for p in parts} & ({t.lower().rstrip(".") for t in tokens} | avoid):
                return parts
        return []

    def _value(self, cat: str, original: str, seed: int) -> str | None:
        for attempt in range(6):
            out = self._value_once(cat, original, seed + attempt)
            if out is None:
                return None
            if not _same(out, original):
                return out
        return None

    def _value_once(self, cat: str, original: str, seed: int) -> str | None:
        if cat in self.public:
            return self._draw_public(cat, seed, original)
        rng = np.random.default_rng(seed)
        if cat == "DATETIME":
            return _shuffle_date(original, rng)
        if cat in ("CODE", "PHONE", "FINANCIAL", "CREDIT_CARD", "AGE", "QUANTITY", "MONEY", "IP"):
            return _shuffle_shape(original, rng, letters=cat in ("CODE", "FINANCIAL"))
        if cat == "NORP":
            return NATIONALITIES[rng.integers(len(NATIONALITIES))]
        if cat == "MEDICAL":
            return CONDITIONS[rng.integers(len(CONDITIONS))]
        if cat == "MEDICATION":
            return MEDICATIONS[rng.integers(len(MEDICATIONS))]
        fk = self._faker_with(seed)
        if fk is None:
            return None
        if cat == "ORG":
            return fk.company()
        if cat == "LOC":
            return fk.country() if original.strip().lower() in self._countries else fk.city()
        if cat == "ADDRESS":
            return fk.street_address()
        if cat == "OCCUPATION":
            return fk.job().split(",")[0].lower()
        if cat == "EMAIL":
            return fk.email()
        if cat == "URL":
            return fk.url()
        return None  # no pool for this category: the renderer falls back to Γ


def _same(a: str, b: str) -> bool:
    return a.strip().lower() == b.strip().lower()


def _name_tokens(text: str) -> list[str]:
    body = _HONORIFIC_RE.sub("", text.strip())
    body = _POSSESSIVE_RE.sub("", body) if body.endswith(("'s", "’s", "'", "’")) else body
    return [t for t in re.split(r"\s+", body) if t]


_MALE = frozenset("mr sir lord herr".split())
_FEMALE = frozenset("mrs ms miss madam lady mme mlle frau".split())


def _gender(mentions: Sequence[DetectedEntity]) -> str | None:
    """Grammatical gender implied by an honorific on any mention ("Mr", "Mrs")."""
    for m in mentions:
        honor = _HONORIFIC_RE.match(m.text.strip())
        if honor:
            words = {w.rstrip(".").lower() for w in honor.group(1).split()}
            if words & _MALE:
                return "male"
            if words & _FEMALE:
                return "female"
    return None


def _render_person(text: str, parts: list[str], mentions: Sequence[DetectedEntity]) -> str | None:
    """Map each name token of ``text`` onto the substitute's token at the same position."""
    if not parts:
        return None
    honor = _HONORIFIC_RE.match(text.strip())
    prefix = honor.group(1) if honor else ""
    poss = ""
    body = text.strip()[len(prefix) :]
    m = _POSSESSIVE_RE.search(body)
    if m and body.endswith(("'s", "’s")):
        poss, body = m.group(1), body[: m.start()]
    canonical = _name_tokens(max((x.text for x in mentions), key=len))
    canon_lower = [t.lower().rstrip(".") for t in canonical]
    out = []
    for tok in body.split():
        key = tok.lower().rstrip(".")
        pos = canon_lower.index(key) if key in canon_lower else None
        if pos is None:
            # an unknown token: a surname-like word maps to the substitute surname
            sub = parts[-1]
        else:
            # align from the end: canonical's last token ↔ substitute's last token
            offset = len(canonical) - 1 - pos
            sub = parts[max(len(parts) - 1 - offset, 0)]
        initials = [p for p in key.split(".") if p]
        if tok.endswith(".") and initials and all(len(p) <= 2 for p in initials):
            # initials stay initials: "J." → "K.", "N.Ö." → "K.M."
            letters = [sub[0]] + [x[0] for x in parts if x[0] != sub[0]] + list("MRSTLNDC")
            sub = "".join(c.upper() + "." for c in letters[: len(initials)])
        out.append(sub)
    return prefix + " ".join(out) + poss


def _shuffle_shape(text: str, rng: np.random.Generator, *, letters: bool) -> str | None:
    """Random digits (and, for codes, letters of code-like tokens) in the same shape."""
    if not _DIGITS_RE.search(text):
        return None
    chars = list(text)
    code_tokens = [m.span() for m in re.finditer(r"\S*\d\S*", text)] if letters else []
    for i, ch in enumerate(chars):
        if ch.isdigit():
            lead = i == 0 or not text[i - 1].isdigit()
            chars[i] = str(rng.integers(1 if lead and ch != "0" else 0, 10))
        elif letters and ch.isalpha() and ch.isascii() and any(a <= i < b for a, b in code_tokens):
            base = "A" if ch.isupper() else "a"
            chars[i] = chr(ord(base) + int(rng.integers(26)))
    return "".join(chars)


#: words of one kind are substituted for each other (weekdays, frequencies, relative days, …)
_DATE_WORDS: tuple[tuple[str, ...], ...] = (
    ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    ("daily", "weekly", "monthly", "yearly", "annually", "fortnightly"),
    ("today", "yesterday", "tomorrow"),
    ("last", "next", "this", "previous", "following"),
    ("week", "month", "year"),
    ("spring", "summer", "autumn", "winter"),
    ("morning", "afternoon", "evening", "night"),
)
_DATE_WORD_RE = re.compile(r"\b(" + "|".join(w for group in _DATE_WORDS for w in group) + r")\b", re.I)


def _swap_word(m: re.Match[str], rng: np.random.Generator) -> str:
    word = m.group(0)
    group = next(g for g in _DATE_WORDS if word.lower() in (w.lower() for w in g))
    others = [w for w in group if w.lower() != word.lower()]
    new = others[int(rng.integers(len(others)))]
    return new.capitalize() if word[:1].isupper() else new.lower() if group is not _DATE_WORDS[0] else new


def _shuffle_date(text: str, rng: np.random.Generator) -> str | None:
    """Same format, other date: months, years, days and date words redrawn independently."""
    touched = False

    def month(m: re.Match[str]) -> str:
        nonlocal touched
        touched = True
        name = MONTHS[int(rng.integers(12))]
        return name[:3] + ("." if m.group(0).endswith(".") else "") if len(m.group(1)) == 3 else name

    out = _MONTH_RE.sub(month, text)

    def year(m: re.Match[str]) -> str:
        nonlocal touched
        touched = True
        if m.group(2):  # a decade: "the 1990s"
            return f"{int(rng.integers(195, 202)) * 10}s"
        return str(int(rng.integers(1950, 2023)))

    out = _YEAR_RE.sub(year, out)

    def day(m: re.Match[str]) -> str:
        nonlocal touched
        touched = True
        return str(int(rng.integers(1, 29))).zfill(len(m.group(1)))

    out = _DAY_RE.sub(day, out)

    def word(m: re.Match[str]) -> str:
        nonlocal touched
        touched = True
        return _swap_word(m, rng)

    out = _DATE_WORD_RE.sub(word, out)
    return out if touched else None


def generalized_text(text: str, spans: Sequence[DetectedEntity]) -> str:
    """Γ applied to every span: the fallback when a document's budget is spent."""
    return replace_spans(text, spans, descriptor_for)


def context_words(text: str) -> frozenset[str]:
    """The lower-case words of ``text``: a drawn name that repeated one could be read as a real person's."""
    return frozenset(w.lower() for w in _WORD.findall(text))


def build_candidates(
    text: str,
    entities: Sequence[Sequence[DetectedEntity]],
    mandatory: Sequence[bool],
    *,
    tier: str,
    k: int,
    pool: SafePool,
    rng: np.random.Generator,
    avoid: frozenset[str] | None = None,
) -> list[Candidate]:
    """Up to ``k`` distinct candidates for one unit (offsets relative to ``text``).

    ``entities[i]`` are entity i's mentions inside the unit; ``mandatory[i]``
    marks entities substituted in every ``mid`` candidate. ``avoid``: lower-case
    words no drawn name may hold (by default the unit's own; the engine passes
    the whole context's, where another person's real name may stand). Returns
    an empty list when the unit has no entity.
    """
    if k < 1:
        raise ValueError("k must be at least 1")
    if tier not in ("mid", "high"):
        raise ValueError(f"candidates are built for mid/high units, not {tier!r}")
    n = len(entities)
    if n == 0:
        return []
    with pool.lock:
        return _build(text, entities, mandatory, tier, k, pool, rng, context_words(text) if avoid is None else avoid)


def _build(
    text: str,
    entities: Sequence[Sequence[DetectedEntity]],
    mandatory: Sequence[bool],
    tier: str,
    k: int,
    pool: SafePool,
    rng: np.random.Generator,
    words: frozenset[str],
) -> list[Candidate]:
    n = len(entities)
    out: list[Candidate] = []
    seen = {text}
    for _ in range(3 * k):
        if tier == "high":
            chosen = list(range(n))
        else:
            pick = rng.random(n) < 0.5
            chosen = [i for i in range(n) if mandatory[i] or pick[i]]
            if not chosen:
                chosen = [int(rng.integers(n))]
        spans: list[DetectedEntity] = []
        renderers: dict[DetectedEntity, Callable[[DetectedEntity, str], str]] = {}
        for i in chosen:
            render = pool.entity_substitute(entities[i], rng, words)
            for m in entities[i]:
                spans.append(m)
                renderers[m] = render
        cand = replace_spans(text, spans, lambda s, before, r=renderers: r[s](s, before))
        if cand not in seen:
            seen.add(cand)
            out.append(Candidate(cand, tuple(chosen)))
        if len(out) >= k:
            break
    return out
