"""Well-kept vocabularies of what a RAG answer needs: drugs, diagnoses, common words.

Each vocabulary comes from a maintained package, loaded lazily and once per
process, so a missing package degrades one keep reason instead of the detector:

* **drugs** — ``drug-named-entity-recognition`` (MIT, Fast Data Science): about
  107,000 generic and brand names from DrugBank, MeSH and Wikipedia;
* **diagnoses, symptoms, findings** — ``simple-icd-10-cm`` (MIT; CMS/CDC
  ICD-10-CM, public domain): every code's description and inclusion terms,
  cut at their qualifiers ("Crohn's disease, unspecified" → "crohn's disease"),
  without the chapters that are not conditions:
  external causes (V–Y: "accidents", "bottle exploded") and socioeconomic and
  psychosocial circumstances (Z55–Z65: "imprisonment", "problems related to
  education") describe a person's circumstances, which is what identifies;
* **how common a word is** — ``wordfreq`` (Apache-2.0; data CC BY-SA 4.0,
  Speer 2022): the Zipf frequency of a word in web, news and Wikipedia text.
  A public body or a household brand ("NHS", "Visa", "UPS") is written
  millions of times; a family practice or a private person's employer is not.

Words that are also ordinary English or given names are removed from the drug
and diagnosis lists: "Will" and "Hope" must never be kept as a medicine.
"""

from __future__ import annotations

import functools
import logging
import os
import re
from collections.abc import Callable
from typing import Any

from privrag.calendar_words import CALENDAR_WORDS

__all__ = [
    "icd_code",
    "icd_codes",
    "drug_names",
    "icd_terms",
    "icd_eponyms",
    "icd_words",
    "zipf",
    "foreign_word",
    "OTHER_LANGUAGES",
    "normalise_spelling",
    "MAX_TERM_WORDS",
    "WORD",
]

log = logging.getLogger(__name__)

#: bump when the way the vocabularies are derived changes (invalidates the disk cache)
_VOCAB_VERSION = 6

#: longest vocabulary phrase matched, in words
MAX_TERM_WORDS = 6

#: a word as the vocabularies store it (hyphenated words and possessives stay whole)
WORD = re.compile(r"[^\W_]+(?:['’][a-z]+)?(?:-[^\W_]+)*", re.UNICODE)


def normalise_spelling(text: str) -> str:
    """Lower-case and fold British medical spelling onto American ICD-10-CM spelling.

    "ischaemic", "oedema", "haemorrhage", "diarrhoea" → "ischemic", "edema",
    "hemorrhage", "diarrhea"; a plural in "-oses" onto its "-osis". Applied to the vocabulary and the text alike, so
    the folding only has to be consistent, not perfect.
    """
    t = text.lower().replace("’", "'")
    t = re.sub(r"(?<=[a-z])ae|^ae|(?<=\s)ae", "e", t)
    t = re.sub(r"(?<=[a-z])oe(?=[a-z])|^oe|(?<=\s)oe", "e", t)
    # the Greek plural of a condition names it as the singular does: "actinic keratoses", "fibroses"
    t = re.sub(r"(?<=[a-z]{3})oses\b", "osis", t)
    return t


def words(text: str) -> list[str]:
    """Word tokens as the vocabularies store them (hyphenated words stay whole)."""
    return WORD.findall(text)


@functools.lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    """Words that must not be kept on a vocabulary's say-so alone: English
    stop words, months, given names of Faker's locales."""
    from spacy.lang.en.stop_words import STOP_WORDS

    names: set[str] = set()
    try:
        from privrag.detect.recognizers_first_names import first_names

        names = {n.lower() for n in first_names()}
    except Exception as exc:  # names only sharpen the filter
        log.debug("given names unavailable for the keep vocabularies: %r", exc)
    return frozenset(STOP_WORDS) | CALENDAR_WORDS | names


def _disk_cached(name: str, package: str, build: Callable[[], frozenset[str]]) -> frozenset[str]:
    """``build()`` once per package version, then read from ``$PRIVRAG_CACHE`` (≈0.3 s instead of ≈8 s)."""
    import gzip
    import json
    from importlib.metadata import PackageNotFoundError, version

    from privrag.models import cache_dir

    try:
        ver = version(package)
    except PackageNotFoundError:
        return build()
    path = cache_dir() / "keep" / f"{name}-{ver}-v{_VOCAB_VERSION}.json.gz"
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return frozenset(json.load(fh))
    except (OSError, ValueError):
        pass
    terms = build()
    if terms:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            with gzip.open(tmp, "wt", encoding="utf-8") as fh:
                json.dump(sorted(terms), fh)
            os.replace(tmp, path)
        except OSError as exc:  # a read-only cache only costs time
            log.debug("keep vocabulary cache not written: %r", exc)
    return terms


@functools.lru_cache(maxsize=1)
def drug_names() -> frozenset[str]:
    """Lower-cased drug names and brands (single and multi-word), common words removed."""
    return _disk_cached("drugs", "drug-named-entity-recognition", _build_drug_names)


def _build_drug_names() -> frozenset[str]:
    try:
        import bz2
        import pickle  # noqa: S403 - the package's own data file
        from importlib.resources import files

        path = files("drug_named_entity_recognition") / "drug_ner_dictionary.pkl.bz2"
        with bz2.open(str(path), "rb") as fh:
            data = pickle.load(fh)  # noqa: S301
    except Exception as exc:
        log.warning("drug vocabulary unavailable (pip install drug-named-entity-recognition): %r", exc)
        return frozenset()
    common = _common_words()
    out = set()
    for variant in data["drug_variant_to_canonical"]:
        v = normalise_spelling(variant.strip())
        ws = words(v)
        if len(v) < 4 or v in common or len(ws) > MAX_TERM_WORDS:
            continue
        # "at 10" is a brand somewhere; a name needs a real word of its own
        if not any(len(w) >= 4 and w.isalpha() and w not in common for w in ws):
            continue
        if " " not in v and zipf(v) >= 4.5:  # an everyday word that is also a product name
            continue
        out.add(v)
    # the list names many drugs only as a salt ("thiamine mononitrate"); notes write the base
    from privrag.detect.recognizers_first_names import person_name_words

    for v in list(out):
        ws = v.split()
        if len(ws) == 2 and ws[1] in SALT_WORDS and len(ws[0]) >= 5 and ws[0].isalpha():
            if ws[0] not in common and zipf(ws[0]) < 4.5 and ws[0] not in person_name_words():
                out.add(ws[0])
    return frozenset(out)


#: counter-ions and forms a drug's salt name adds to its base (USAN/INN naming)
SALT_WORDS = frozenset(
    "hydrochloride hydrobromide mononitrate nitrate sulfate sulphate acetate chloride bromide phosphate "
    "citrate maleate tartrate bitartrate fumarate succinate besylate besilate mesylate mesilate tosylate "
    "sodium potassium calcium magnesium monohydrate dihydrate trihydrate anhydrous hyclate dipropionate "
    "propionate valerate furoate lactate gluconate stearate pamoate embonate".split()
)


_QUALIFIER = re.compile(r",|\s\(|\s\[|\s-\s|\bwithout\b|\bwith\b|\bdue to\b|\bin diseases\b|\bnot\b|\bof\b|\band\b|\bor\b")
_LEADING = re.compile(r"^(?:other|unspecified|other specified|personal history of|family history of)\s+")


@functools.lru_cache(maxsize=1)
def icd_terms() -> frozenset[str]:
    """Diagnosis, symptom and finding phrases from ICD-10-CM (descriptions and inclusion terms)."""
    return _disk_cached("icd10cm", "simple-icd-10-cm", _build_icd_terms)


def _icd_module() -> Any:
    """``simple_icd_10_cm`` (its import warnings silenced), or ``None`` with one warning."""
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import simple_icd_10_cm as icd
    except Exception as exc:
        log.warning("ICD-10-CM vocabulary unavailable (pip install simple-icd-10-cm): %r", exc)
        return None
    return icd


def _build_icd_terms() -> frozenset[str]:
    """Build :func:`icd_terms`.

    Each description is cut at its first qualifier and stripped of "other" /
    "unspecified", so "Major depressive disorder, recurrent, moderate" yields
    "major depressive disorder"; single words are kept only when they are not
    everyday English ("fever", "tinnitus", "cellulitis" stay; "other", "fall" go).
    """
    icd = _icd_module()
    if icd is None:
        return frozenset()
    common = _common_words()
    out: set[str] = set()
    for code in icd.get_all_codes(with_dots=False):
        if _circumstance(code):
            continue
        encounter = code[:1].upper() == "Z"  # encounters and status: phrases, never one word ("persons")
        phrases = [icd.get_description(code)]
        try:
            phrases += icd.get_inclusion_term(code)
        except Exception:  # not every item has inclusion terms
            pass
        for phrase in phrases:
            for variant in _variants(phrase):
                n = len(words(variant))
                if n == 0 or n > MAX_TERM_WORDS or variant in common or (encounter and n == 1):
                    continue
                if n == 1 and (zipf(variant) >= 4.6 or len(variant) < 5):
                    continue
                out.add(variant)
    return frozenset(out)


#: ICD-10-CM chapters of circumstances, not conditions: external causes (V–Y)
_CIRCUMSTANCE_CHAPTERS = frozenset("VWXY")


def _circumstance(code: str) -> bool:
    """External causes (V–Y) and socioeconomic and psychosocial circumstances (Z55–Z65:
    education, work, housing, imprisonment, family) — facts about a person, not conditions."""
    c = code.upper()
    return c[:1] in _CIRCUMSTANCE_CHAPTERS or (c[:1] == "Z" and c[1:3].isdigit() and 55 <= int(c[1:3]) <= 65)
#: a variant cut before its object ends in one of these: "fracture of", "loss of" — a fragment
_DANGLING = frozenset("of in on at to by for with without from and or the a an due".split())


def _variants(phrase: str) -> list[str]:
    """The phrase normalised, and its head before the first qualifier, never ending in a
    preposition or conjunction ("fracture of" becomes "fracture")."""
    p = normalise_spelling(phrase).strip()
    head = _QUALIFIER.split(p, maxsplit=1)[0].strip()
    out = {p, head, _LEADING.sub("", head)}
    for v in list(out):  # "type 2 diabetes mellitus" is written "type 2 diabetes"
        ws = v.split()
        if len(ws) >= 3:
            out.add(" ".join(ws[:-1]))
    clean = set()
    for v in out:
        ws = v.split()
        while ws and ws[-1] in _DANGLING:
            ws.pop()
        clean.add(" ".join(ws))
    return [v for v in clean if v]


@functools.lru_cache(maxsize=1)
def icd_words() -> frozenset[str]:
    """The words ICD-10-CM builds its phrases from ("ischemic", "varicose", "stroke"),
    less stop words and every given name and surname ("wilson", "hunt"): a run of them
    in a note is clinical language even when the run itself is not a listed phrase."""
    from spacy.lang.en.stop_words import STOP_WORDS

    from privrag.detect.recognizers_first_names import person_name_words

    names = person_name_words()
    out = {w for term in icd_terms() for w in term.split() if w.isalpha() and len(w) > 2}
    return frozenset(out - set(STOP_WORDS) - CALENDAR_WORDS - names)


@functools.lru_cache(maxsize=1)
def icd_eponyms() -> frozenset[str]:
    """Possessive eponyms ICD-10-CM names diseases after ("crohn's", "bell's", "graves'")."""
    out = set()
    for term in icd_terms():
        for w in term.split():
            if (w.endswith("'s") or w.endswith("s'")) and len(w) > 4:  # "crohn's", "colles'", "graves'"
                out.add(w)
    return frozenset(out)


@functools.lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """Zipf frequency (0–8) of ``word`` in English; 0 when wordfreq is missing."""
    try:
        from wordfreq import zipf_frequency
    except Exception:  # pragma: no cover - a declared dependency
        return 0.0
    return float(zipf_frequency(word, "en"))


#: languages whose words a European document borrows: a name that is an ordinary word in one of them
#: ("Clinique", "caisse", "Gendarmerie") is that word first
OTHER_LANGUAGES = ("fr", "de", "es", "it", "pt", "nl", "pl", "tr")


@functools.lru_cache(maxsize=16384)
def foreign_word(word: str) -> bool:
    """Is ``word`` written more often in another European language than in English?

    "Ofcom", "Aetna" and "Amex" are English-only names; "clinique" (French 4.3, English 2.5)
    and "gendarmes" are French words an English text quotes, often inside a private name.
    """
    try:
        from wordfreq import zipf_frequency
    except Exception:  # pragma: no cover - a declared dependency
        return True  # cannot tell: privacy wins
    low = word.lower()
    english = zipf(low)
    return any(zipf_frequency(low, lang) > english for lang in OTHER_LANGUAGES)


#: an ICD-10-CM code as notes write it: a letter, two digits, a dot and one to four more ("F32.1", "E11.65")
ICD_CODE = re.compile(r"(?<![\w.])[A-TV-Z]\d[0-9A-Z]\.[0-9A-Z]{1,4}(?![\w.])")


def icd_code(code: str) -> bool:
    """Is ``code`` ("B27.0") a code of ICD-10-CM? False when the package is missing."""
    return code.upper() in icd_codes()


@functools.lru_cache(maxsize=1)
def icd_codes() -> frozenset[str]:
    """Every ICD-10-CM code, dotted ("B27.0"); cached on disk like the phrases, because
    importing ``simple_icd_10_cm`` parses its XML (about 3 s) on every start."""
    return _disk_cached("icd10cm_codes", "simple-icd-10-cm", _build_icd_codes)


def _build_icd_codes() -> frozenset[str]:
    icd = _icd_module()
    if icd is None:
        return frozenset()
    return frozenset(c for c in icd.get_all_codes(with_dots=True) if ICD_CODE.fullmatch(c))
