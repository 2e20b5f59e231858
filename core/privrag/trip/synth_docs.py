"""Generated training documents for f_priv in our users' genres (never evaluation data).

f_priv was fitted on ECHR judgments only, where a name next to "applicant" is
risky and a court or a statute is not. Referral letters, discharge summaries,
patient messages, HR threads, support chats, CVs and invoices look nothing
like that: a drug name sits where a judgment would name a party, a patient is
greeted by first name, a ticket number carries no label. This module writes
such documents from templates (:mod:`privrag.trip.synth_genres`), filling

* what identifies — names (full, "Mrs Okafor", first name alone, lowercase in
  chats, names that are ordinary words), addresses, postcodes, phones,
  e-mails, handles, IDs with and without a label, dates of birth in many
  formats, employers, job titles — from Faker in many locales;
* what must survive — drug names and diagnoses from the installed
  vocabularies (:mod:`privrag.keep.vocab`, ranked by how common they are),
  doses, durations, amounts, public bodies and brands —

and labels every filled span the way TAB and ``domains/MARKUP.md`` do:
DIRECT (identifies a private person on its own), QUASI (identifies in
combination), NO_MASK (carries meaning, identifies no one). Offsets are
correct by construction: the text is assembled slot by slot. Same seed, same
documents; nothing is written to disk (generated at training time).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from privrag.eval.datasets import GoldSpan, LabeledDoc

__all__ = ["GENRES", "LOCALES", "Slot", "Ctx", "Person", "fill", "generate_documents", "keep_pools"]

#: Faker locales for names and addresses (English-speaking ones drawn more often)
LOCALES: tuple[str, ...] = ("en_GB", "en_US", "en_IE", "en_AU", "en_CA", "en_IN", "en_NZ", "de_DE", "fr_FR",
                            "es_ES", "it_IT", "nl_NL", "pl_PL", "pt_BR", "sv_SE", "tr_TR")
_LOCALE_P = np.array([4, 4, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], dtype=float)

#: given names that are also ordinary words ("Will", "Hope"): the issue's leak cases
WORD_NAMES = ("Will", "Hope", "Grace", "May", "Rose", "Bill", "Frank", "Faith", "Joy", "Mark", "Pat", "Sunny",
              "Dawn", "Summer", "Hunter", "Chase", "Jade", "Ruby", "Amber", "Iris")

#: public bodies and household brands named as such: NO_MASK (MARKUP's public_entity)
PUBLIC = ("NHS", "NHS 111", "the WHO", "HMRC", "the DVLA", "Medicare", "the CDC", "NICE", "Visa", "Mastercard",
          "PayPal", "UPS", "DHL", "FedEx", "Royal Mail", "Amazon", "Microsoft Teams", "Zoom", "Slack", "Google Meet",
          "Apple Pay", "Stripe", "the Care Quality Commission", "Citizens Advice", "ACAS", "the Home Office")

PUBLIC_BY_KIND: dict[str, tuple[str, ...]] = {
    "pay": ("Visa", "Mastercard", "PayPal", "Apple Pay", "Stripe", "American Express"),
    "carrier": ("UPS", "DHL", "FedEx", "Royal Mail", "Evri", "USPS"),
    "gov": ("HMRC", "the DVLA", "ACAS", "the Home Office", "the IRS", "the Department for Work and Pensions"),
    "health": ("NHS", "NHS 111", "the WHO", "NICE", "the CDC", "Medicare", "the Care Quality Commission"),
}

_SLOT = re.compile(r"\{(\w+)\}")
_BAD = re.compile(r"[{}\n\r]+")


@dataclass(frozen=True)
class Slot:
    """A filled value with its gold label: ``itype`` is DIRECT, QUASI or NO_MASK;
    ``entity`` ties mentions of one referent together (TAB's ``entity_id``)."""

    text: str
    label: str
    itype: str
    entity: str = ""


def fill(template: str, slots: Mapping[str, Slot | str]) -> tuple[str, list[GoldSpan]]:
    """Render ``template`` (``{name}`` placeholders) and return the text with one
    :class:`GoldSpan` per :class:`Slot` at its exact offsets (plain strings are neutral)."""
    out: list[str] = []
    spans: list[GoldSpan] = []
    pos = 0
    last = 0
    for m in _SLOT.finditer(template):
        lit = template[last : m.start()]
        out.append(lit)
        pos += len(lit)
        last = m.end()
        value = slots[m.group(1)]
        if isinstance(value, Slot):
            surface = _BAD.sub(" ", value.text)
            spans.append(GoldSpan(pos, pos + len(surface), value.label, surface, value.itype,
                                  value.entity or f"{value.label}:{surface.lower()}"))
        else:
            surface = str(value)
        out.append(surface)
        pos += len(surface)
    out.append(template[last:])
    return "".join(out), spans


@dataclass
class Person:
    """One private person of a document and the forms a text names them by."""

    first: str
    last: str
    title: str
    eid: str

    def full(self) -> Slot:
        return Slot(f"{self.first} {self.last}", "PERSON", "DIRECT", self.eid)

    def formal(self) -> Slot:
        return Slot(f"{self.title} {self.last}", "PERSON", "DIRECT", self.eid)

    def given(self, lower: bool = False) -> Slot:
        return Slot(self.first.lower() if lower else self.first, "PERSON", "DIRECT", self.eid)

    def surname(self) -> Slot:
        return Slot(self.last, "PERSON", "DIRECT", self.eid)


def _ascii(s: str) -> str:
    return re.sub(r"[^a-z]", "", unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()) or "user"


@dataclass
class Ctx:
    """What a genre template draws from: seeded Faker + numpy RNG and the keep pools."""

    fake: Any
    en: Any
    rng: np.random.Generator
    pools: dict[str, tuple[str, ...]]
    people: list[Person] = field(default_factory=list)

    def pick(self, seq: tuple[str, ...] | list[str]) -> str:
        return seq[int(self.rng.integers(len(seq)))]

    def chance(self, p: float) -> bool:
        return bool(self.rng.random() < p)

    def person(self, eid: str, title: str | None = None) -> Person:
        female = self.chance(0.5)
        first = self.pick(WORD_NAMES) if self.chance(0.12) else (
            self.fake.first_name_female() if female else self.fake.first_name_male())
        last = self.fake.last_name()
        if title is None:
            title = self.pick(("Mrs", "Ms", "Miss")) if female else "Mr"
        p = Person(first.split()[0], max(last.replace("-", " ").split(), key=len), title, eid)
        self.people.append(p)
        return p

    # -- identifiers ---------------------------------------------------------
    def email(self, p: Person, domain: str | None = None) -> Slot:
        dom = domain or self.pick(("gmail.com", "outlook.com", "yahoo.co.uk", "icloud.com", "proton.me", "hotmail.com"))
        local = self.pick((f"{_ascii(p.first)}.{_ascii(p.last)}", f"{_ascii(p.first)[0]}{_ascii(p.last)}",
                           f"{_ascii(p.first)}{int(self.rng.integers(10, 99))}"))
        return Slot(f"{local}@{dom}", "CODE", "DIRECT", f"{p.eid}:email")

    def handle(self, p: Person) -> Slot:
        h = self.pick((f"@{_ascii(p.first)[0]}{_ascii(p.last)}", f"{_ascii(p.first)}.{_ascii(p.last)[0]}",
                       f"@{_ascii(p.first)}_{int(self.rng.integers(1, 99))}"))
        return Slot(h, "CODE", "DIRECT", f"{p.eid}:handle")

    def phone(self) -> Slot:
        try:
            num = self.fake.phone_number()
        except AttributeError:
            num = self.en.phone_number()
        return Slot(num, "CODE", "DIRECT")

    def ident(self, kind: str) -> Slot:
        r = self.rng
        d = lambda n: "".join(str(int(x)) for x in r.integers(0, 10, n))  # noqa: E731
        forms = {
            "nhs": lambda: f"{d(3)} {d(3)} {d(4)}",
            "mrn": lambda: self.pick((f"MRN{d(7)}", f"H{d(6)}", f"{d(8)}")),
            "employee": lambda: self.pick((f"EMP-{d(5)}", f"E{d(6)}", f"{d(6)}")),
            "ticket": lambda: self.pick((f"#{d(8)}", f"CS-{d(6)}", f"{d(9)}")),
            "order": lambda: self.pick((f"ORD-{d(4)}-{d(2)}", f"{d(3)}-{d(7)}-{d(7)}", f"{d(10)}")),
            "policy": lambda: self.pick((f"POL/{d(6)}", f"{d(2)}-{d(6)}-{d(2)}")),
            "invoice": lambda: self.pick((f"INV-{d(6)}", f"{d(4)}/{d(3)}")),
            "iban": lambda: self.fake.iban() if hasattr(self.fake, "iban") else self.en.iban(),
        }
        return Slot(forms[kind](), "CODE", "DIRECT")

    def address(self, eid: str) -> tuple[Slot, Slot, Slot]:
        """``(street address, town, postcode)``: DIRECT, QUASI, QUASI."""
        street = re.sub(r"\s*\n\s*", ", ", self.fake.street_address()).strip(" ,")
        return (Slot(street, "LOC", "DIRECT", f"{eid}:street"), Slot(self.fake.city(), "LOC", "QUASI"),
                Slot(self.fake.postcode(), "LOC", "QUASI"))

    def date(self, itype: str = "QUASI", start: str = "-80y", end: str = "-18y") -> Slot:
        dt = self.fake.date_between(start_date=start, end_date=end)
        fmt = self.pick(("%d/%m/%Y", "%m/%d/%Y", "%Y-%m-%d", "%d.%m.%Y", "%d %B %Y", "%B %d, %Y", "%d %b %Y", "%-d %b %y"))
        return Slot(dt.strftime(fmt), "DATETIME", itype)

    def age(self) -> Slot:
        n = int(self.rng.integers(19, 92))
        return Slot(self.pick((f"{n}-year-old", f"{n} years old", f"aged {n}", f"{n}yo")), "QUANTITY", "QUASI")

    def employer(self) -> Slot:
        return Slot(self.en.company(), "ORG", "QUASI")

    def job(self) -> Slot:
        return Slot(self.en.job().split(",")[0], "DEM", "QUASI")

    def place_org(self, kind: str) -> Slot:
        town = self.fake.city().split()[0]
        return Slot(f"{town} {kind}", "ORG", "QUASI")

    # -- what must survive ---------------------------------------------------
    def keep(self, pool: str, label: str = "MISC") -> Slot:
        return Slot(self.pick(self.pools[pool]), label, "NO_MASK")

    def public(self, kind: str = "any") -> Slot:
        """A public body or brand; ``kind`` "pay", "carrier" or "gov" narrows it to ones that fit the sentence."""
        return Slot(self.pick(PUBLIC_BY_KIND.get(kind, PUBLIC)), "ORG", "NO_MASK")

    def dose(self) -> Slot:
        mg = self.pick(("2.5 mg", "5 mg", "10 mg", "20 mg", "40 mg", "50 mg", "75 mg", "100 mg", "500 mg", "1 g"))
        freq = self.pick(("once daily", "twice daily", "at night", "three times a day", "weekly", "as needed"))
        return Slot(f"{mg} {freq}", "QUANTITY", "NO_MASK")

    def duration(self) -> Slot:
        n = int(self.rng.integers(2, 12))
        return Slot(self.pick((f"{n} weeks", f"{n} days", f"{n} months", f"{n}-{n + 2} business days",
                               f"{n} working days", "48 hours", "six weeks")), "DATETIME", "NO_MASK")

    def amount(self) -> Slot:
        v = float(self.rng.integers(5, 4000)) + self.pick((0.0, 0.5, 0.99, 0.25))
        cur = self.pick(("£", "$", "€"))
        return Slot(f"{cur}{v:,.2f}", "QUANTITY", "NO_MASK")


@functools.lru_cache(maxsize=1)
def keep_pools() -> dict[str, tuple[str, ...]]:
    """Drug names and diagnoses from the installed vocabularies, the most common first.

    The raw lists hold ~100k drug names and ~80k ICD phrases, most of them
    rare; a letter names common ones, so each pool keeps the entries whose
    words are most frequent in ordinary text (wordfreq's Zipf scale).
    """
    from privrag.keep import vocab

    drug_re = re.compile(r"^[a-z]{5,}(?:pril|olol|statin|mycin|cillin|azole|prazole|sartan|dipine|oxetine|tidine|"
                         r"formin|parin|semide|zepam|triptan|pramine|profen|cycline|floxacin|lukast|gliptin|"
                         r"sone|lone|line|pine|done|oxin|amol|fen|amide)$")
    drugs = sorted((d for d in vocab.drug_names() if drug_re.match(d)), key=lambda d: (-vocab.zipf(d), d))[:150]
    head = re.compile(r"^[a-z' -]+ (?:disease|syndrome|failure|infection|fibrillation|hypertension|asthma|pneumonia|"
                      r"arthritis|insufficiency|dermatitis|migraine|anemia|disorder|fracture|gastritis|bronchitis|"
                      r"cellulitis|colitis|reflux|diabetes|depression|palsy)$")
    def common(t: str) -> float:
        return float(np.mean([vocab.zipf(w) for w in t.split()]))

    icd = [t for t in vocab.icd_terms() if head.match(t) and len(t.split()) <= 3
           and not re.search(r"other|unspecified|\(|\b\w\b", t)]
    diagnoses = sorted(icd, key=lambda t: (-common(t), t))[:200]
    if len(drugs) < 20 or len(diagnoses) < 20:
        raise RuntimeError("the drug / ICD-10 vocabularies are missing or empty; cannot generate clinical documents")
    return {
        "drug": tuple(drugs),
        "diagnosis": tuple(diagnoses),
        "symptom": ("chest pain", "shortness of breath", "headache", "dizziness", "fatigue", "nausea", "back pain",
                    "palpitations", "a productive cough", "low mood", "poor sleep", "swollen ankles", "fever"),
        "procedure": ("an ECG", "a chest X-ray", "an MRI of the lumbar spine", "a colonoscopy", "spirometry",
                      "an echocardiogram", "a CT head", "bloods (FBC, U&E, HbA1c)", "a knee arthroscopy"),
        "department": ("cardiology", "the respiratory team", "dermatology", "orthopaedics", "the memory clinic",
                       "gastroenterology", "the diabetes clinic", "physiotherapy", "mental health services"),
        "product": ("the Pro plan", "the annual subscription", "the wireless router", "the standing desk",
                    "the premium bundle", "a replacement charger", "the family plan"),
    }


Genre = Callable[[Ctx], tuple[str, dict[str, Slot | str]]]


def _genres() -> dict[str, Genre]:
    from privrag.trip.synth_genres import GENRE_TEMPLATES

    return dict(GENRE_TEMPLATES)


#: the genres generated, each with the same share of documents
GENRES: tuple[str, ...] = ("referral_letter", "discharge_summary", "patient_message", "hr_email_thread",
                           "support_chat", "cv", "invoice")


@functools.lru_cache(maxsize=len(LOCALES) + 1)
def _faker(locale: str) -> Any:
    from privrag.faker_stable import stable_faker

    return stable_faker(locale)


def generate_documents(n: int = 700, seed: int = 0, genres: tuple[str, ...] = GENRES) -> list[LabeledDoc]:
    """``n`` labelled documents, genres in turn, TAB-format (:class:`LabeledDoc`, split "synth").

    Deterministic in ``(n, seed, genres)``: document ``i`` uses its own seeded
    RNG and a Faker seeded with ``seed * 1_000_003 + i``.
    """
    if n < 0:
        raise ValueError("n must be ≥ 0")
    templates = _genres()
    unknown = [g for g in genres if g not in templates]
    if unknown or not genres:
        raise ValueError(f"unknown genre(s) {unknown}; choose from {sorted(templates)}")
    pools = keep_pools()
    en = _faker("en_GB")
    p = _LOCALE_P / _LOCALE_P.sum()
    docs = []
    for i in range(n):
        genre = genres[i % len(genres)]
        rng = np.random.default_rng([seed, i])
        fake = _faker(LOCALES[int(rng.choice(len(LOCALES), p=p))])
        fake.seed_instance(seed * 1_000_003 + i)
        en.seed_instance(seed * 1_000_003 + i + 7)
        template, slots = templates[genre](Ctx(fake, en, rng, pools))
        text, spans = fill(template, slots)
        docs.append(LabeledDoc(id=f"synth-{seed}-{i:05d}", text=text, spans=spans, split="synth",
                               meta={"genre": genre}))
    return docs
