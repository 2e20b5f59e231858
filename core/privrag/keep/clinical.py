"""Clinical language the vocabularies match only in part.

ICD-10-CM lists "schwannoma" and "ischaemic stroke", not every phrase a note
writes around them: a run of ICD-10-CM words ("acute ischaemic stroke",
"varicose eczema") and the lower-case words that qualify a medical term
("vestibular schwannoma", "supraspinatus tendinosis") are clinical language,
not an organisation's name, however a model labels them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.keep import vocab
from privrag.keep.spans import KeepSpan

__all__ = ["qualified_terms", "clinical_runs", "in_title_case_name", "department_name", "DEPARTMENT_HEADS"]


#: words of clinical language before a term: "vestibular schwannoma", "supraspinatus tendinosis"
_QUALIFIER = re.compile(r"([a-z][a-z-]*) $")
#: most qualifier words read before one term
_MAX_QUALIFIERS = 3


def qualified_terms(text: str, keeps: Sequence[KeepSpan]) -> list[KeepSpan]:
    """A medical word or diagnosis with the lower-case ICD-10-CM words written just before it
    ("vestibular schwannoma", "supraspinatus tendinosis"): the qualifier is part of the term,
    and a model that took it alone for a name ("vestibular" as an organisation) must not
    keep it."""
    from privrag.detect.recognizer_base import english_stop_words

    words, stop = vocab.icd_words(), english_stop_words()
    out: list[KeepSpan] = []
    for k in keeps:
        if k.why not in ("medical_term", "diagnosis"):
            continue
        start = k.start
        for _ in range(_MAX_QUALIFIERS):
            m = _QUALIFIER.search(text, max(0, start - 40), start)
            if m is None or m.end() != start or m.group(1) in stop or vocab.normalise_spelling(m.group(1)) not in words:
                break
            start = m.start()
        if start < k.start:
            out.append(KeepSpan(start, k.end, k.why, text[start : k.end]))
    return out


def in_title_case_name(text: str, toks: list[tuple[int, int]], i: int) -> bool:
    """A capitalised word between capitalised neighbours ("High Desert Behavioral Health")
    is part of a name, not a diagnosis."""
    def cap(k: int) -> bool:
        return 0 <= k < len(toks) and text[toks[k][0]].isupper() and (
            text[min(toks[k][1], toks[i][1]) : max(toks[k][0], toks[i][0])].strip() == "")
    return cap(i - 1) or cap(i + 1)


def clinical_runs(text: str, toks: list[tuple[int, int]], norm: list[str]) -> list[KeepSpan]:
    """Runs of two or more ICD-10-CM words on one line, one of them uncommon in English and
    at most one capitalised: "acute ischaemic stroke", "varicose eczema" — clinical
    language, not an organisation's name."""
    words = vocab.icd_words()
    out: list[KeepSpan] = []
    i = 0
    while i < len(toks):
        j = i
        while j < len(toks) and norm[j] in words and (j == i or text[toks[j - 1][1] : toks[j][0]] == " "):
            j += 1
        title_case = sum(text[toks[k][0]].isupper() for k in range(i, j)) >= 2  # a name: "High Desert Behavioral Health"
        if j - i >= 2 and not title_case and any(vocab.zipf(norm[k]) < 4.0 for k in range(i, j)):
            s, e = toks[i][0], toks[j - 1][1]
            out.append(KeepSpan(s, e, "diagnosis", text[s:e]))
        i = max(j, i + 1)
    return out


#: head nouns of a hospital's departments and services
DEPARTMENT_HEADS = frozenset("clinic clinics service services unit team department ward laboratory lab outpatients".split())
#: words a department's name adds to its medicine: "Fracture Liaison Service", "Rapid Access Chest Pain Clinic"
_DEPARTMENT_WORDS = frozenset(
    """liaison outpatient outpatients inpatient day rapid access assessment specialist general integrated early
    intervention review screening support community and of the for""".split()
)
#: a specialty: "Rheumatology", "Orthopaedics", "Trauma and Orthopaedics"
_SPECIALTY = re.compile(r"(?i)[a-z]+(?:ology|ologic|ological|iatric|iatrics|iatry)|(?:orthop(?:a)?edics|obstetrics"
                        r"|p(?:a)?ediatrics|geriatrics|genetics|orthotics)")
#: an ICD-10-CM word names a medicine when English writes it this rarely (Zipf): "fracture" 3.9,
#: "diabetes" 4.2 — not "river", "valley", "school" or "garden", which ICD-10-CM also holds
_MEDICAL_ZIPF = 4.3


def department_name(surface: str) -> bool:
    """A department named for its medicine alone: "Fracture Clinic", "Fracture Liaison Service",
    "Memory Clinic", "Department of Trauma and Orthopaedics".

    Every hospital has one, so the name identifies no one, and a note writes it in lower case too
    ("review in the fracture clinic"). Each word is a head noun, an ICD-10-CM word, a specialty or
    a word of a service's name, at least one of them medicine; a place, a person's or a coined word
    ("Riverside Fracture Clinic", "Okafor Memory Clinic") makes it a site, which stays protected.
    """
    from privrag.keep.context import is_place, person_words

    words = re.findall(r"[^\W\d_]+", surface)
    if len(words) < 2 or not any(w.lower() in DEPARTMENT_HEADS for w in words):
        return False
    icd, medical = vocab.icd_words(), False
    for w in words:
        low = w.lower()
        if low in DEPARTMENT_HEADS or low in _DEPARTMENT_WORDS:
            continue
        if is_place(w) or low in person_words():
            return False
        if (vocab.normalise_spelling(low) in icd and vocab.zipf(low) < _MEDICAL_ZIPF) or _SPECIALTY.fullmatch(w):
            medical = True
            continue
        return False
    return medical
