"""One proposal of the Faker alias generator: the name-part, country and gender maps that keep a
request's aliases consistent ("John Jordan" and "Mr Jordan" get one surname).

Why a module of its own: each category's alias is a method of one run's state; the generator
(:mod:`privrag.seag.faker_aliases`) only starts a run.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Mapping
from typing import TYPE_CHECKING

from privrag import gazetteer
from privrag.detect.recognizers_countries import country_mentions
from privrag.seag.faker_support import (
    KEEP_TITLES,
    TRIES,
    faker_for,
    first_names_by_gender,
    shape_alias,
    vowel_initial,
)
from privrag.seag.families import (
    ADDRESS_GENERIC,
    DEMONYM_ENDINGS,
    FEMALE_HONORIFICS,
    MALE_HONORIFICS,
    NAME_PARTICLES,
    ORG_GENERIC,
    ORG_QUALIFIERS,
    TOKEN_RE,
    align_parts,
    case_like,
    is_generic,
    name_parts,
    qualifier_class,
    rewrite_tokens,
)
from privrag.seag.generator import AliasPlan, AliasSuggestion, Avoid, PlannedEntity
from privrag.seag.name_draws import FastNames
from privrag.seag.restore import fold
from privrag.seag.scripts import MIN_SPACELESS_ALIAS, spaceless

if TYPE_CHECKING:
    from privrag.seag.faker_aliases import FakerAliasGenerator

__all__ = ["FakerRun"]

_PUBLIC_MAIL = frozenset("gmail yahoo hotmail outlook icloud aol protonmail gmx example live msn mail".split())
_TLDS = frozenset("example test invalid localhost local info name mobi museum travel online site tech".split())
#: nationalities whose plural is the word itself ("the Japanese", "the Swiss", "the Danish")
_COLLECTIVE_ENDINGS = ("ese", "ish", "ch", "ss", "sh")


class FakerRun:
    """State of one proposal: name-part maps shared across entities."""

    ORDER = ("PERSON", "ORG", "LOC", "NORP", "ADDRESS", "EMAIL", "URL")

    def __init__(self, gen: FakerAliasGenerator, plan: AliasPlan, fixed: Mapping[str, str],
                 rng: random.Random, avoid: Avoid) -> None:
        self.gen = gen
        self.plan = plan
        self.fixed = dict(fixed)
        self.rng = rng
        self.avoid = avoid
        self.locale = gen.locale or plan.locale
        self.fake = FastNames(faker_for(self.locale, rng.randrange(2**31)), self.locale)
        self.parts: dict[str, dict[str, str]] = {k: dict(v) for k, v in plan.name_parts.items()}
        self.parts.setdefault("PERSON", {})
        self.parts.setdefault("ORG", {})
        self.parts.setdefault("OTHER", {})
        self.used_tokens = {v.lower() for m in self.parts.values() for v in m.values()}
        self.countries: dict[str, gazetteer.Country] = {}
        self.genders: dict[int, str | None] = {}
        self.out: list[AliasSuggestion] = []
        self.claimed: dict[str, str] = {fold(a): fold(o) for o, a in self.fixed.items()}
        for orig, alias in self.fixed.items():
            for k, v in align_parts(orig, alias).items():
                self.parts["PERSON"].setdefault(k, v)
            place = gazetteer.lookup(orig)
            target = gazetteer.lookup(alias)
            if place and target:
                self.countries.setdefault(place.country.name, target.country)

    def run(self) -> list[AliasSuggestion]:
        ents = sorted(self.plan.entities, key=lambda e: (self._rank(e.category), e.entity_id))
        for ent in ents:
            handler = getattr(self, f"_{ent.category.lower()}", self._other)
            for form in ent.forms:
                if form in self.fixed:
                    continue
                person_part = self.parts["PERSON"].get(form.lower()) if ent.category != "PERSON" else None
                if person_part is not None and TOKEN_RE.fullmatch(form) and not self.avoid(person_part):
                    # "Valencia" the city and "Maxi von Valencia" the person: one word, one alias,
                    # or "Pena" written alone could never be restored
                    alias = case_like(form, person_part)
                else:
                    alias = handler(form, ent)
                if alias is None or alias == form:
                    continue
                if self._claimed(alias, form):
                    alias = self._draw(lambda f=form: shape_alias(f, self.rng), fallback=form)
                self.fixed[form] = alias
                self.claimed.setdefault(fold(alias), fold(form))
                self.out.append(AliasSuggestion(form, alias, ent.label))
        return self.out

    def _claimed(self, alias: str, original: str | None = None) -> bool:
        owner = self.claimed.get(fold(alias))
        return owner is not None and (original is None or owner != fold(original))

    def _rank(self, category: str) -> int:
        return self.ORDER.index(category) if category in self.ORDER else len(self.ORDER)

    # -- drawing with collision checks ------------------------------------------
    def _draw(self, make, *, accept=lambda s: True, fallback: str | None = None) -> str:
        for strict in (True, False):
            for _ in range(TRIES):
                cand = make()
                if cand and (accept(cand) or not strict) and not self.avoid(cand) and not self._claimed(cand):
                    return cand
        base = fallback or make() or "x"
        for _ in range(TRIES * 4):
            cand = shape_alias(base, self.rng)
            if not self.avoid(cand) and not self._claimed(cand):
                return cand
        return shape_alias(base + "x" * 4, self.rng)

    def _token(self, kind: str, original: str, make) -> str:
        table = self.parts[kind]
        low = original.lower()
        if low not in table:
            ends_s = original.lower().endswith("s")

            def make_free() -> str:
                for _ in range(TRIES):
                    c = make()
                    if c and c.lower() not in self.used_tokens and " " not in c and c.lower() != low:
                        return c
                return shape_alias(original, self.rng)

            tok = self._draw(make_free, accept=lambda c: c.lower().endswith("s") == ends_s,
                             fallback=original)
            table[low] = tok
            self.used_tokens.add(tok.lower())
        return table[low]

    # -- persons and organisations --------------------------------------------------
    def _gender(self, ent: PlannedEntity) -> str | None:
        key = ent.entity_id
        if key in self.genders:
            return self.genders[key]
        self.genders[key] = g = self._guess_gender(ent)
        return g

    def _guess_gender(self, ent: PlannedEntity) -> str | None:
        if self.plan.neutral_honorifics:  # the alias must not say what the honorific no longer says
            return None
        for form in ent.forms:
            for m in TOKEN_RE.finditer(form):
                w = m.group(0).lower().rstrip(".")
                if w in MALE_HONORIFICS:
                    return "male"
                if w in FEMALE_HONORIFICS:
                    return "female"
        # an honorific right before a mention ("Mr Robert Murray")
        for form in ent.forms[:3]:
            pat = re.compile(r"(?<!\w)([A-Za-z]+)\.?\s+" + re.escape(form) + r"(?!\w)")
            for text in self.plan.texts:
                m = pat.search(text)
                if m:
                    w = m.group(1).lower()
                    if w in MALE_HONORIFICS:
                        return "male"
                    if w in FEMALE_HONORIFICS:
                        return "female"
        male, female = first_names_by_gender(self.locale)
        parts = name_parts(max(ent.forms, key=len))
        if parts:
            if parts[0] in male and parts[0] not in female:
                return "male"
            if parts[0] in female and parts[0] not in male:
                return "female"
        return None

    def _person(self, form: str, ent: PlannedEntity) -> str:
        gender = self._gender(ent)
        canon = name_parts(max(ent.forms, key=len))
        male, female = first_names_by_gender(self.locale)
        surname = canon[-1] if len(canon) > 1 or (canon and canon[0] not in male | female) else None

        def first() -> str:
            if gender == "male":
                return self.fake.first_name_male()
            if gender == "female":
                return self.fake.first_name_female()
            return self.fake.first_name()

        def alias_token(base: str, i: int, n: int) -> str | None:
            low = base.lower()
            if low in NAME_PARTICLES or low in ("the", "a") or low.rstrip(".") in KEEP_TITLES | MALE_HONORIFICS | FEMALE_HONORIFICS:
                return None
            if len(base) == 1 and not spaceless(base):  # an initial; "李" is a whole surname
                return self._initial(base)
            if any(c.isdigit() for c in base):
                return shape_alias(base, self.rng)
            make = self.fake.last_name if low == surname else first
            if spaceless(base):  # a CJK name is one token: its alias never a single character
                short = make

                def make() -> str:
                    out = short()
                    while len(out) < max(MIN_SPACELESS_ALIAS, len(base)):
                        out += self.fake.first_name()
                    return out
            return self._token("PERSON", base, make)

        return rewrite_tokens(form, alias_token)

    def _initial(self, letter: str) -> str:
        table = self.parts["OTHER"]
        key = "initial:" + letter.upper()
        if key not in table:
            table[key] = self.rng.choice([c for c in string.ascii_uppercase if c != letter.upper()])
        return table[key]

    def _org(self, form: str, ent: PlannedEntity) -> str:
        # a name made only of generic words ("Social Insurance Authority") is
        # still identifying in context: swap its qualifiers for other qualifiers
        swap = not any(not is_generic(f) for f in ent.forms)
        capitalised = any(t[:1].isupper() for t in form.split())

        def alias_token(base: str, i: int, n: int) -> str | None:
            low = base.lower()
            if swap and low in ORG_QUALIFIERS:
                pool = [w for w in qualifier_class(low) if w != low]
                return self._token("ORG", base, lambda: self.rng.choice(pool).capitalize())
            if low in ORG_GENERIC or low in NAME_PARTICLES or low in ("the", "a", "an", "&"):
                return None
            if base.islower() and capitalised:  # "Commission on Human Rights": a function word
                return None
            if gazetteer.lookup(base) is not None:  # "Istanbul State Security Court"
                return self._loc(base, ent)
            if len(base) > 1 and base.isupper() and base.isalpha():
                return self._token("ORG", base, lambda: "".join(
                    self.rng.choice(string.ascii_uppercase) for _ in base))
            if any(c.isdigit() for c in base):
                return shape_alias(base, self.rng)
            if len(base) == 1:
                return None
            return self._token("ORG", base, self.fake.last_name)

        # a country inside the name ("The United Kingdom Government") is aliased as
        # that country, so the text names one state, not two
        pieces, pos = [], 0
        for a, b, _label in country_mentions(form):
            pieces.append(rewrite_tokens(form[pos:a], alias_token))
            pieces.append(self._loc(form[a:b], ent))
            pos = b
        pieces.append(rewrite_tokens(form[pos:], alias_token))
        return "".join(pieces)

    # -- places -------------------------------------------------------------------
    def _country_for(self, country: gazetteer.Country) -> gazetteer.Country:
        if country.name not in self.countries:
            taken = {c.name for c in self.countries.values()}
            pool = [c for c in gazetteer.COUNTRIES if c.name != country.name and c.name not in taken
                    and not self.avoid(c.name) and not self.avoid(c.demonym)]
            # "a Turkish national" must not become "a Estonian national": keep the
            # article right by keeping whether the demonym starts with a vowel sound
            same_sound = [c for c in pool if vowel_initial(c.demonym) == vowel_initial(country.demonym)]
            pool = same_sound or pool
            self.countries[country.name] = self.rng.choice(pool or list(gazetteer.COUNTRIES))
        return self.countries[country.name]

    def _loc(self, form: str, ent: PlannedEntity) -> str:
        place = gazetteer.lookup(form)
        if place is not None:
            target = self._country_for(place.country)
            if place.kind == "country":
                # a long official form ("United Kingdom of Great Britain") gets a long alias,
                # so "the" + the short alias can never spell it
                norm = gazetteer.normalize_place(form)
                long_form = norm != gazetteer.normalize_place(place.country.name) and len(norm.split()) >= 3
                new = f"Republic of {target.name}" if long_form else target.name
            elif place.kind == "demonym":
                new = target.demonym + ("s" if form.rstrip().lower().endswith("s") and not
                                        place.country.demonym.lower().endswith("s")
                                        and not target.demonym.lower().endswith(_COLLECTIVE_ENDINGS) else "")
            else:
                pool = target.regions if place.kind == "region" and target.regions else target.cities
                if place.kind == "region" and not target.regions:
                    pool = target.cities[1:] or target.cities
                options = [c for c in pool if not self.avoid(c) and not self._claimed(c, form)]
                new = options[place.rank % len(options)] if options else self.fake.city()
            prefix = re.match(r"^(?:the|The|THE)\s+", form)
            if prefix and not new.lower().startswith("the "):
                new = prefix.group(0) + new
            if not self.avoid(new):
                return case_like(form, new)
        elif len(form.split()) > 1:
            # "the Republic of Turkey", "Ankara Province": alias the known place inside
            hits = [m.group(0) for m in TOKEN_RE.finditer(form) if gazetteer.lookup(m.group(0))]
            if hits:
                out = rewrite_tokens(form, lambda b, i, n: self._place_token(b, ent))
                if out != form and not self.avoid(out):
                    return out
        return self._draw(lambda: case_like(form, self.fake.city()), fallback=form)

    def _place_token(self, base: str, ent: PlannedEntity) -> str | None:
        """One word of a longer place or group span: a known place as a place, a number
        (the postcode in "Uruguay 33963") as another number, any other word as written."""
        if gazetteer.lookup(base):
            return self._loc(base, ent)
        if any(c.isdigit() for c in base):
            return shape_alias(base, self.rng)
        return None

    def _job(self, like: str = "") -> str:
        """An occupation as it reads in a sentence ("restaurant manager", not "Engineer, electronics"),
        starting with a vowel exactly when ``like`` does (so "a"/"an" before it stays right)."""
        for _ in range(40):
            job = self.fake.job()
            if not any(c in job for c in ",()/") and (not like or vowel_initial(job) == vowel_initial(like)):
                return job.lower()
        return "engineer" if like and vowel_initial(like) else "clerk"

    def _norp(self, form: str, ent: PlannedEntity) -> str:
        place = gazetteer.lookup(form)
        if place is not None:
            return self._loc(form, ent)
        words = form.split()
        if len(words) > 1 and any(gazetteer.lookup(m.group(0)) for m in TOKEN_RE.finditer(form)):
            # "proud bruneians", "Turkish Cypriot": alias the nationality inside, keep the rest
            out = rewrite_tokens(form, lambda b, i, n: self._place_token(b, ent))
            if out != form and not self.avoid(out):
                return out
        if words and not any(w[:1].isupper() for w in words) and (
            len(words) > 1 or not words[0].lower().endswith(DEMONYM_ENDINGS)
        ):
            # a lowercase group that is no nationality — mostly an occupation a model
            # tagged as a demographic ("primary school teacher"): another occupation
            return self._draw(lambda: self._job(form), fallback=form)
        pool = [c.demonym for c in gazetteer.COUNTRIES if vowel_initial(c.demonym) == vowel_initial(form)]
        pool = pool or [c.demonym for c in gazetteer.COUNTRIES]
        return self._draw(lambda: case_like(form, self.rng.choice(pool)), fallback=form)

    def _occupation(self, form: str, ent: PlannedEntity) -> str:
        return self._draw(lambda: case_like(form, self._job(form)), fallback=form)

    def _address(self, form: str, ent: PlannedEntity) -> str:
        place = gazetteer.lookup(form)
        if place is not None:
            return self._loc(form, ent)

        def alias_token(base: str, i: int, n: int) -> str | None:
            low = base.lower()
            if low in ADDRESS_GENERIC or low in NAME_PARTICLES:
                return None
            if any(c.isdigit() for c in base):
                return shape_alias(base, self.rng)
            if len(base) == 1:
                return None
            hit = gazetteer.lookup(base)
            if hit is not None:
                return self._loc(base, ent)
            return self._token("OTHER", base, self.fake.last_name)

        out = rewrite_tokens(form, alias_token)
        return out if not self.avoid(out) else self._draw(lambda: rewrite_tokens(form, alias_token))

    # -- e-mail and web addresses from the aliased names -------------------------------
    def _name_token(self, tok: str) -> str:
        low = tok.lower()
        for kind in ("PERSON", "ORG"):
            if low in self.parts[kind]:
                return case_like(tok, self.parts[kind][low])
        return case_like(tok, self._token("OTHER", tok, lambda: self.fake.last_name().lower()))

    def _rewrite_label(self, label: str) -> str:
        return re.sub(r"[^\W\d_]+", lambda m: self._name_token(m.group(0)), re.sub(
            r"\d+", lambda m: shape_alias(m.group(0), self.rng), label))

    def _domain(self, host: str) -> str:
        labels = host.split(".")
        out = []
        for i, lab in enumerate(labels):
            # com, co, uk, pt … and reserved or generic top-level domains stay
            tld = i >= len(labels) - 2 and (len(lab) <= 3 or (i == len(labels) - 1 and lab.lower() in _TLDS))
            if lab.lower() in ("www",) or lab.lower() in _PUBLIC_MAIL or tld:
                out.append(lab)
            else:
                out.append(self._rewrite_label(lab))
        return ".".join(out)

    def _email(self, form: str, ent: PlannedEntity) -> str:
        m = re.fullmatch(r"(?P<local>[^@\s]+)@(?P<host>[^@\s]+)", form.strip())
        if m is None:
            return self._other(form, ent)
        local = self._rewrite_label(m.group("local"))
        return self._checked(form, f"{local}@{self._domain(m.group('host'))}")

    def _url(self, form: str, ent: PlannedEntity) -> str:
        m = re.match(r"(?P<scheme>[a-z]+://)?(?P<host>[^/\s?#]+)(?P<rest>.*)$", form.strip(), re.I)
        if m is None:
            return self._other(form, ent)
        rest = re.sub(r"[^\W\d_]{3,}|\d+", lambda t: self._name_token(t.group(0))
                      if t.group(0).lower() in self.parts["PERSON"] else (
                          shape_alias(t.group(0), self.rng) if t.group(0).isdigit() else t.group(0)),
                      m.group("rest"))
        return self._checked(form, f"{m.group('scheme') or ''}{self._domain(m.group('host'))}{rest}")

    def _checked(self, form: str, cand: str) -> str:
        return cand if cand != form and not self.avoid(cand) else self._draw(
            lambda: shape_alias(form, self.rng), fallback=form)

    # -- everything else -----------------------------------------------------------------
    def _ip(self, form: str, ent: PlannedEntity) -> str:
        if re.fullmatch(r"\d{1,3}(?:\.\d{1,3}){3}", form):
            return self._draw(lambda: ".".join(str(self.rng.randint(1, 254)) for _ in range(4)))
        return self._draw(lambda: shape_alias(form, self.rng), fallback=form)

    def _financial(self, form: str, ent: PlannedEntity) -> str:
        keep = 2 if re.match(r"[A-Za-z]{2}\d{2}", form) else 0  # IBAN country code
        return self._draw(lambda: shape_alias(form, self.rng, keep_prefix=keep), fallback=form)

    def _title(self, form: str, ent: PlannedEntity) -> str | None:
        if self.gen.keep_titles and form.lower().rstrip(".") in KEEP_TITLES:
            return None
        return self._draw(lambda: case_like(form, self.fake.job()), fallback=form)

    def _other(self, form: str, ent: PlannedEntity) -> str:
        if any(c.isdigit() for c in form):
            # a country code ("GB33 …", "+44 …") is format, the rest is the identifier
            keep = 2 if re.match(r"[A-Z]{2}\d{2}", form) else 1 if form[:1] in "+0" else 0
            return self._draw(lambda: shape_alias(form, self.rng, keep_prefix=keep), fallback=form)

        def alias_token(base: str, i: int, n: int) -> str | None:
            if base.lower() in ORG_GENERIC or base.lower() in NAME_PARTICLES or len(base) < 3:
                return None
            return self._token("OTHER", base, self.fake.word)

        out = rewrite_tokens(form, alias_token)
        return out if out != form and not self.avoid(out) else self._draw(
            lambda: case_like(form, self.fake.word()), fallback=form)

    _code = _phone = _credit_card = _other


