"""Γ: entity label → coarse descriptor ("a person", "a date", "an organization").

Generalization keeps a sentence readable and its meaning roughly intact
("was treated by a person at an organization") where a tag like
``<PERSON>`` breaks both the reader and the embedding model. Labels from
Presidio, spaCy, GLiNER and TAB map onto a small set of canonical categories;
users extend or override the map with :func:`register`.
"""

from __future__ import annotations

import functools
import re

__all__ = ["CANONICAL", "canonical_label", "descriptor", "generalize", "register", "article"]

#: canonical category → descriptor noun phrase (without article)
_DESCRIPTORS: dict[str, str] = {
    "PERSON": "person",
    "ORG": "organization",
    "LOC": "location",
    "ADDRESS": "address",
    "DATETIME": "date",
    "AGE": "certain age",
    "CODE": "identification number",
    "EMAIL": "e-mail address",
    "PHONE": "phone number",
    "URL": "web address",
    "IP": "IP address",
    "FINANCIAL": "account number",
    "CREDIT_CARD": "card number",
    "NORP": "nationality",
    "OCCUPATION": "occupation",
    "MEDICAL": "medical condition",
    "MEDICATION": "medication",
    "QUANTITY": "certain amount",
    "MONEY": "sum of money",
    "PRODUCT": "product",
    "EVENT": "event",
    "WORK": "work",
    "MISC": "detail",
}

#: all canonical categories privrag reasons about
CANONICAL: frozenset[str] = frozenset(_DESCRIPTORS)

#: raw label (upper-cased) → canonical category
_ALIASES: dict[str, str] = {
    # persons
    "PERSON": "PERSON", "PER": "PERSON", "NAME": "PERSON", "FIRST_NAME": "PERSON",
    "LAST_NAME": "PERSON", "PATIENT": "PERSON", "DOCTOR": "PERSON", "USERNAME": "PERSON",
    "FULL_NAME": "PERSON", "NRP_PERSON": "PERSON",
    # organisations
    "ORG": "ORG", "ORGANIZATION": "ORG", "ORGANISATION": "ORG", "COMPANY": "ORG",
    "CORPORATION": "ORG", "GROUP": "ORG", "HOSPITAL": "ORG", "FAC": "LOC",
    # places
    "LOC": "LOC", "LOCATION": "LOC", "GPE": "LOC", "CITY": "LOC", "COUNTRY": "LOC",
    "STATE": "LOC", "ADDRESS": "ADDRESS", "STREET_ADDRESS": "ADDRESS", "ZIP_CODE": "ADDRESS",
    "POSTCODE": "ADDRESS", "US_ZIP_CODE": "ADDRESS",
    # time
    "DATETIME": "DATETIME", "DATE_TIME": "DATETIME", "DATE": "DATETIME", "TIME": "DATETIME",
    "DATE_OF_BIRTH": "DATETIME", "DOB": "DATETIME", "TIMESTAMP": "DATETIME",
    "AGE": "AGE",
    # identifiers
    "CODE": "CODE", "ID": "CODE", "ID_NUMBER": "CODE", "IDENTIFICATION_NUMBER": "CODE",
    "US_SSN": "CODE", "SSN": "CODE", "UK_NHS": "CODE", "US_PASSPORT": "CODE",
    "PASSPORT_NUMBER": "CODE", "US_DRIVER_LICENSE": "CODE", "DRIVER_LICENSE": "CODE",
    "DRIVER_LICENSE_NUMBER": "CODE", "MEDICAL_LICENSE": "CODE", "NATIONAL_ID": "CODE",
    "CASE_NUMBER": "CODE", "APPLICATION_NUMBER": "CODE", "RECORD_NUMBER": "CODE",
    "MEDICAL_RECORD_NUMBER": "CODE", "POLICY_NUMBER": "CODE", "US_ITIN": "CODE",
    "CARDINAL": "CODE", "UK_NINO": "CODE", "IN_PAN": "CODE", "IN_AADHAAR": "CODE",
    "SG_NRIC_FIN": "CODE", "AU_TFN": "CODE", "AU_MEDICARE": "CODE", "AU_ABN": "CODE",
    "AU_ACN": "CODE", "ES_NIF": "CODE", "IT_FISCAL_CODE": "CODE", "PL_PESEL": "CODE",
    "EMAIL": "EMAIL", "EMAIL_ADDRESS": "EMAIL",
    "PHONE": "PHONE", "PHONE_NUMBER": "PHONE", "TELEPHONE": "PHONE",
    "URL": "URL", "DOMAIN_NAME": "URL", "IP": "IP", "IP_ADDRESS": "IP",
    "IBAN": "FINANCIAL", "IBAN_CODE": "FINANCIAL", "US_BANK_NUMBER": "FINANCIAL",
    "BANK_ACCOUNT": "FINANCIAL", "ACCOUNT_NUMBER": "FINANCIAL", "SWIFT_CODE": "FINANCIAL",
    "SWIFT": "FINANCIAL", "CRYPTO": "FINANCIAL",
    "CREDIT_CARD": "CREDIT_CARD", "CREDIT_CARD_NUMBER": "CREDIT_CARD",
    # demographics / misc
    "NORP": "NORP", "DEM": "NORP", "NATIONALITY": "NORP", "TITLE": "MISC",
    "OCCUPATION": "OCCUPATION", "JOB": "OCCUPATION", "JOB_TITLE": "OCCUPATION", "PROFESSION": "OCCUPATION",
    "MEDICAL_CONDITION": "MEDICAL", "DISEASE": "MEDICAL", "DIAGNOSIS": "MEDICAL",
    "MEDICATION": "MEDICATION", "DRUG": "MEDICATION",
    "QUANTITY": "QUANTITY", "PERCENT": "QUANTITY", "ORDINAL": "QUANTITY",
    "MONEY": "MONEY", "AMOUNT": "MONEY",
    "PRODUCT": "PRODUCT", "EVENT": "EVENT", "WORK_OF_ART": "WORK", "LAW": "WORK",
    "LANGUAGE": "MISC", "MISC": "MISC", "NRP": "NORP",
    # WNUT-17
    "CORPORATION_WNUT": "ORG", "CREATIVE_WORK": "WORK", "CREATIVE-WORK": "WORK",
}


@functools.lru_cache(maxsize=4096)
def canonical_label(label: str) -> str:
    """Map any detector's label onto privrag's canonical categories.

    Unknown labels map to ``MISC`` so an unexpected label is still generalized
    rather than passed through.
    """
    key = re.sub(r"[\s\-]+", "_", label.strip().upper())
    if key in _ALIASES:
        return _ALIASES[key]
    return key if key in _DESCRIPTORS else "MISC"


def article(noun_phrase: str) -> str:
    """The indefinite article a descriptor takes ("an organization", "a person")."""
    first = noun_phrase.split()[0] if noun_phrase else ""
    if first[:1].isupper() and first.isupper():  # acronym: "an IP address"
        return "an" if first[0] in "AEFHILMNORSX" else "a"
    return "an" if first[:1].lower() in "aeiou" else "a"


def descriptor(label: str) -> str:
    """Γ(label) with its article: ``descriptor("GPE") == "a location"``."""
    noun = _DESCRIPTORS[canonical_label(label)]
    return f"{article(noun)} {noun}"


def generalize(label: str, *, capitalize: bool = False) -> str:
    """Γ as used in replacement text, optionally capitalised for sentence starts."""
    out = descriptor(label)
    return out[:1].upper() + out[1:] if capitalize else out


def register(label: str, category: str, noun_phrase: str | None = None) -> None:
    """Teach Γ a new label, optionally with a new category descriptor.

    ``register("MRN", "CODE")`` maps a label onto an existing category;
    ``register("GENE", "GENE", "gene")`` creates a category.
    """
    cat = category.strip().upper()
    if noun_phrase is not None:
        _DESCRIPTORS[cat] = noun_phrase
    if cat not in _DESCRIPTORS:
        raise ValueError(f"unknown category {cat!r}: pass noun_phrase to create it")
    _ALIASES[re.sub(r"[\s\-]+", "_", label.strip().upper())] = cat
    global CANONICAL
    CANONICAL = frozenset(_DESCRIPTORS)
