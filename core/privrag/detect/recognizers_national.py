"""National identity numbers: checksummed ones alone ("17.482.391-K", PESEL), the others with a card's name near.

Why: an identity number identifies its holder on its own (DIRECT). Our users' documents quote the
numbers of their own countries, in their own formats: a Chilean RUT with its check digit, a Colombian
card's number grouped by dots after "T.I." or "C.C.", Switzerland's AHV number, Uganda's NIN, Zimbabwe's "63-2184472 K 63". A checksum makes a
number an identifier wherever it stands; a shape that an amount or a reference also has needs the
card's name within 40 characters.
"""

from __future__ import annotations

import re

from privrag.detect.recognizer_base import (
    ContextPatternRecognizer,
    Rule,
    ahv_ok,
    dni_ok,
    min_digits,
    pesel_ok,
    rut_ok,
    tc_kimlik_ok,
)

__all__ = ["national_id_recognizer"]

#: an identity card's name right before its number, as Latin America writes it: "T.I. 1.035.882.417", "C.C. No.
#: 79.456.123", "cédula 1.035.882.417", "RUT: 12.345.678" (case-sensitive: "pan" and "run" are words)
_CARD_BEFORE = re.compile(r"(?:\b(?:C\.C|T\.I|C\.E)\.|\b(?:CC|TI|RUT|RUN|DNI|CPF|RG|NIT)|\b[Cc][ée]dula(?:[ \t]+de[ \t]+ciudadan[íi]a)?)"
                          r"[ \t]*(?:No\.?|N[º°o]\.?|#)?[ \t]*:?[ \t]*$")


def _card_before(text: str, start: int, end: int) -> bool:
    return _CARD_BEFORE.search(text, max(0, start - 40), start) is not None


def national_id_recognizer() -> ContextPatternRecognizer:
    """National identity numbers: checksummed ones alone, generic ones with context."""
    return ContextPatternRecognizer(
        "NATIONAL_ID",
        [
            Rule("generic", r"(?<![\w-])(?-i:[A-Z]{0,3})\d{2,}(?:[ -]?\d{2,}){0,4}(?-i:[A-Z]{0,2})(?![\w-])", 0.05,
                 validator=min_digits(6)),
            Rule("uk_nino", r"\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]\b", 0.55,
                 case_sensitive=True),
            Rule("pesel", r"(?<!\d)\d{11}(?!\d)", 0.25, validator=pesel_ok),
            Rule("tc_kimlik", r"(?<!\d)[1-9]\d{10}(?!\d)", 0.25, validator=tc_kimlik_ok),
            Rule("es_dni", r"\b\d{8}-?[A-Z]\b", 0.55, validator=dni_ok, case_sensitive=True),
            # India's PAN: three letters, the holder's type (P a person, C a company, …), the
            # initial of the name, four digits and a check letter ("BKLPM4821Q")
            Rule("in_pan", r"\b[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]\b", 0.55, case_sensitive=True),
            # Hong Kong's identity card: one or two letters, six digits, the check digit in brackets ("Y487213(5)")
            Rule("hkid", r"\b[A-Z]{1,2}\d{6}\([0-9A]\)", 0.55, case_sensitive=True),
            # Chile's RUT / RUN, with its check digit ("17.482.391-K", "9876543-3")
            Rule("cl_rut", r"(?<![\w.-])\d{1,2}\.?\d{3}\.?\d{3}-[\dKk](?![\w-])", 0.55, validator=rut_ok),
            # a number grouped in thousands by dots, as Latin America writes an identity card's ("C.C. 1.035.882.417",
            # "T.I. 1.035.882.417"): with a card's name near it only; alone it may be an amount
            Rule("dotted", r"(?<![\w.,])\d{1,3}(?:\.\d{3}){2,3}(?![\w]|[.,]\d)", 0.55, validator=min_digits(7),
                 in_context=_card_before),
            # Uganda's NIN: CM or CF (the holder's sex), then twelve letters and digits ("CF92034105XKLA")
            Rule("ug_nin", r"\bC[MF](?=[A-Z0-9]{12}\b)(?=(?:[A-Z]*\d){6})[A-Z0-9]{12}\b", 0.55, case_sensitive=True),
            # Zimbabwe's national registration number: district, serial, check letter, district of origin
            # ("63-2184472 K 63", "08-123456F42"), a shape no amount, date or phone number has
            # Switzerland's AHV/AVS number, with its EAN-13 check digit ("756.4812.3396.02")
            Rule("ch_ahv", r"(?<![\w.])756[. ]?\d{4}[. ]?\d{4}[. ]?\d{2}(?![\w]|[. ]\d)", 0.55, validator=ahv_ok),
            Rule("zw_id", r"(?<![\w-])\d{2}-\d{6,7}[ \t]?[A-Z][ \t]?\d{2}(?![\w-])", 0.55, case_sensitive=True),
        ],
        context=["national id", "national identity", "identity card", "identity number", "id card",
                 "id number", "id no", "identification number", "personal number", "personal code",
                 "personal identification", "passport", "pesel", "nino", "national insurance",
                 "social security", "ssn", "tax id", "tin", "kimlik", "dni", "nie", "nif", "bsn",
                 "personnummer", "cpr", "citizen number", "codice fiscale", "aadhaar", "nric", "pan",
                 "identity", "identification", "rut", "cédula", "cedula",
                 "tarjeta de identidad", "documento de identidad", "cpf", "curp"],
        before=40,
    )
