"""Identifier recognizers for what NER models miss, as Presidio recognizers.

NER models find names; they do not find ``no. 18403/91``, an IBAN or a
policy number, and those are often the *direct* identifiers (TAB marks every
ECHR application number DIRECT). Each recognizer here is a Presidio
``PatternRecognizer`` — Presidio users can add them to their own
``AnalyzerEngine`` registry unchanged — with three additions that matter for
precision:

* **whole-word context, inside the recognizer.** Presidio's stock context
  enhancer matches context words as substrings of lemmas ("id" in "did"), and
  only when an NLP engine ran. Here each recognizer checks its own context
  phrases as whole words in a character window before (and just after) the
  match, so scores are the same with or without an ``AnalyzerEngine``; results
  are marked as already context-scored so the engine does not boost them twice.
* **per-pattern validators** (IBAN mod-97, PESEL, Turkish and Spanish ID
  checksums, IP address parsing): a failed check drops the match.
* **score bands** that thresholds can rely on: a pattern that needs context
  scores below :data:`CONTEXT_FREE_MIN` alone and at least that with context,
  so one threshold per label decides "context required or not".

Postal address *blocks* are found by their layout rather than a pattern
(:mod:`privrag.detect.recognizers_address`, a plain Presidio
``EntityRecognizer``). :func:`identifier_recognizers` returns them all; :func:`identifier_detector`
wraps them (plus Presidio's own pattern recognizers) as a privrag detector.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from privrag.detect.recognizer_base import (
    CONTEXT_FREE_MIN,
    ContextPatternRecognizer,
    Rule,
    ip_ok,
    keyed_code,
    min_digits,
)
from privrag.detect.recognizers_address import address_block_recognizer
from privrag.detect.recognizers_age import age_recognizer
from privrag.detect.recognizers_cities import city_recognizer
from privrag.detect.recognizers_countries import country_recognizer
from privrag.detect.recognizers_dates import written_date_recognizer
from privrag.detect.recognizers_financial import (
    account_number_recognizer,
    card_number_recognizer,
    iban_recognizer,
    money_recognizer,
    swift_recognizer,
)
from privrag.detect.recognizers_first_names import first_name_recognizer
from privrag.detect.recognizers_handles import coded_id_recognizer, handle_recognizer
from privrag.detect.recognizers_names import lowercase_intro_recognizer, titled_person_recognizer
from privrag.detect.recognizers_national import national_id_recognizer
from privrag.detect.recognizers_occupation import occupation_recognizer
from privrag.detect.recognizers_personal import (
    employer_recognizer,
    postcode_recognizer,
    timestamp_recognizer,
)
from privrag.detect.recognizers_phone import phone_shape_recognizer
from privrag.detect.recognizers_places import (
    relocation_place_recognizer,
    uppercase_place_recognizer,
)
from privrag.detect.recognizers_scripts import (
    script_address_recognizer,
    script_firm_recognizer,
    script_names_recognizer,
    script_town_recognizer,
)
from privrag.detect.recognizers_spoken import (
    SPOKEN_EMAIL,
    spoken_local_part,
    spoken_number_recognizer,
    spoken_street_recognizer,
)

__all__ = [
    "CONTEXT_FREE_MIN",
    "IDENTIFIER_ENTITIES",
    "Rule",
    "ContextPatternRecognizer",
    "case_number_recognizer",
    "reference_number_recognizer",
    "national_id_recognizer",
    "iban_recognizer",
    "swift_recognizer",
    "account_number_recognizer",
    "policy_number_recognizer",
    "record_number_recognizer",
    "url_recognizer",
    "ip_address_recognizer",
    "date_of_birth_recognizer",
    "street_address_recognizer",
    "money_recognizer",
    "titled_person_recognizer",
    "identifier_recognizers",
    "PRESIDIO_PATTERN_ENTITIES",
    "identifier_detector",
]


# ------------------------------------------------------------------ recognizers

# a number like 18403/91 or 1996/302 not inside a longer date or fraction chain
_SLASH_NO = r"\d{1,6}/\d{2,4}(?![\w/]|[.,]\d)"
# "no." / "nos." / "nr" / "number(s)" / "§" introducing one or a list of numbers
_NO_PREFIX = r"\b(?<!protocol\s)(?:nos?|nr|numbers?)\.?\s{0,3}(?:\(\s*)?"
_LIST_SEP = r"(?:\s*(?:,|;|and|&)\s*)"
# the stricter prefix for plain numbers: "no." needs its period ("no 5 o'clock" is not a number)
_NO_DOT_PREFIX = r"\b(?<!protocol\s)(?:nos?\.|nr\.?|numbers?)\s{0,3}(?:\(\s*)?"


#: not the number of a European Union act: "Regulation (EC) No 261/2004", "Directive 2011/83" (a law,
#: which :mod:`privrag.keep.patterns` keeps as a legal reference)
_EU_ACT = r"(?<!\b(?:Regulation|Directive|Decision)\s{1,2}(?:\((?:EC|EU|EEC|Euratom|CE|UE)\)\s{1,2})?(?:No\.?\s{1,2})?)"


def case_number_recognizer() -> ContextPatternRecognizer:
    """Court application / case numbers: ``application no. 18403/91``, ``C-413/99``."""
    return ContextPatternRecognizer(
        "CASE_NUMBER",
        [
            Rule("numbered", rf"(?<={_NO_PREFIX}(?:{_SLASH_NO}{_LIST_SEP})*)(?<![\w/.]){_EU_ACT}{_SLASH_NO}", 0.85),
            Rule("bare_slash", rf"(?<![\w/.,-]){_EU_ACT}{_SLASH_NO}", 0.2),
            Rule("eu_case", r"\b[CTF]-\d{1,4}/\d{2}(?:\s?P)?\b", 0.7, case_sensitive=True),
            Rule("us_docket", r"\b\d{1,2}:\d{2}-(?:cv|cr|mj|md|bk)-\d{3,6}\b", 0.8),
        ],
        context=["application", "applications", "case", "cases", "complaint", "petition", "appeal",
                 "docket", "judgment", "file", "proceedings", "reference", "ref"],
    )


#: the labels of an employee's number: English, Portuguese and Spanish ("matrícula"), French
#: ("matricule"), German ("Personalnummer", "Pers.-Nr."), Dutch ("personeelsnummer")
_PERSONNEL = (r"(?:(?:employee|staff|personnel|payroll|worker)[ \t]?(?:number|no|nr|id|#)|matr[ií]cula|matricule"
              r"|personalnummer|pers\.?[ \t-]?nr|personeelsnummer|personeelsnr)")


#: the registers of health professionals in our users' countries, whose number identifies a clinician: the UK's
#: (GMC, NMC, HCPC, GPhC, GDC), Ireland's (IMC, NMBI, CORU), Australia's and New Zealand's (AHPRA, MCNZ, NCNZ),
#: Canada's (CPSO, CMQ, OIIQ, OEQ), the US NPI, South Africa's (HPCSA, SANC), Kenya's (KMPDC), Nigeria's (MDCN),
#: the Philippines' (PRC), Singapore's (SMC), Brazil's councils (CRM, COREN, CREFITO; not CRP, CRO or CRF, which
#: are also C-reactive protein, a research organisation and a case report form), France's (RPPS, ADELI),
#: Germany's (LANR), the Netherlands' (BIG), Spain's "n.º colegiado" and Portugal's orders of doctors and nurses
#: ("Cédula profissional OM n.º 58214"); a register's number has four digits at least
_REGISTERS = (r"(?:(?-i:GMC|NMC|HCPC|GPhC|GDC|IMC|NMBI|CORU|AHPRA|MCNZ|NCNZ|CPSO|CMQ|OIIQ|NPI|HPCSA|SANC|KMPDC|MDCN|PRC"
              r"|SMC|CRM|COREN|CREFITO|RPPS|ADELI|LANR|BIG|OM|OE|OEQ)(?![A-Za-z])|n\.?º[ \t]?(?:de[ \t])?colegiado|colegiad[oa]"
              r"|c[ée]dula[ \t]profissional(?:[ \t](?-i:OM|OE))?)")


def reference_number_recognizer() -> ContextPatternRecognizer:
    """Numbers introduced by "no." / "nr" / "registration" (plots, files, registers).

    "Protocol No. 11" and article numbers are not matched.
    """
    code = r"(?-i:[A-Z]{1,4}[-\s]?)?\d[\w/.:-]*(?<![.,:;/-])"
    return ContextPatternRecognizer(
        "ID_NUMBER",
        [
            # application numbers (18403/91) are CASE_NUMBER's
            Rule("numbered", rf"(?<={_NO_DOT_PREFIX}(?:{code}{_LIST_SEP})*)(?<![\w/.-])(?!{_SLASH_NO}){code}", 0.6),
            Rule("registration", r"(?<=\b(?:registration|register|file|reference|ref|serial)"
                                 rf"(?:\s(?:no|nr|number))?\.?:?\s{{1,2}}){code}", 0.6),
            # "matricula=004187", "Personalnummer: 88213", "staff no 4471": an employee's number, also as a
            # log's key=value and in our users' other languages
            Rule("personnel", rf"(?<=\b{_PERSONNEL}\.?[ \t]?[:=#]?[ \t]{{0,2}}[\"']?){code}", 0.6),
            # "trip ID 7c2f91e0-4a7d", "Dispute ID dp_1PqR7kLm0aZx93Ft", "(ID 88213-MX)": whatever an "ID" labels is
            # a record's key (a code with a digit, never a year or a date)
            Rule("id_label", r"(?<=(?<![\w-])(?-i:ID|Id)[ \t]?(?:(?:no|nr|number)\.?[ \t]?)?[:#]?[ \t]{1,2})"
                             r"(?!(?:19|20)\d\d\b|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b)(?=[\w./-]*\d)[A-Za-z0-9][\w./-]{2,40}[A-Za-z0-9]",
                 0.6),
            # "藥字第038821號": a Taiwanese or Hong Kong licence or certificate number ("… word, No. …, number")
            Rule("cjk_certificate", r"[\u4e00-\u9fff]{1,4}字第[0-9０-９]{4,}號", 0.6),
            # "Dr. Henrique Saldanha (CRM-MG 48.271)", "GMC 4829137": a clinician's number in their register
            Rule("register", rf"(?<=(?<![\w-]){_REGISTERS}(?:-(?-i:[A-Z]{{2}}))?[ \t]?(?:(?:reg(?:istration)?|registro)\.?[ \t]?)?"
                             rf"(?:(?:no|nr|number|n\.?º)\.?[ \t]?)?[:#]?[ \t]{{0,2}})(?!(?:19|20)\d\d(?![\w.])){code}", 0.6,
                 validator=min_digits(4)),
        ],
        context=["registration", "register", "registered", "file", "plot", "reference", "record"],
    )


def policy_number_recognizer() -> ContextPatternRecognizer:
    """Insurance policy numbers."""
    return ContextPatternRecognizer(
        "POLICY_NUMBER",
        [
            Rule("keyed", keyed_code(r"policy|insurance\spolicy|claim", r"(?:(?-i:[A-Z]{1,4})[-\s]?)?\d[\w-]{3,20}"), 0.75),
            Rule("code", r"\b(?-i:[A-Z]{2,4})-?\d{6,12}\b", 0.1),
        ],
        context=["policy", "insurance", "insured", "claim", "policyholder"],
    )


def record_number_recognizer() -> ContextPatternRecognizer:
    """Medical record, patient, file and registry numbers (MRN, case file, chart)."""
    return ContextPatternRecognizer(
        "RECORD_NUMBER",
        [
            Rule("keyed", keyed_code(r"mrn|medical\srecord|record|patient|chart|case\sfile|health\srecord|member"
                                 r"|hosp(?:ital)?(?=\s?(?:number|no|nr|\#))",
                                 r"(?:(?-i:[A-Z]{1,4})[-\s]?)?\d[\w-]{3,20}"), 0.75),
            Rule("mrn", r"\bMRN[:#\s]{0,2}\d{5,12}\b", 0.8),
        ],
        context=["record", "mrn", "patient", "chart", "hospital", "registry"],
    )


_TLDS = (
    "com|org|net|edu|gov|mil|int|info|biz|io|co|ai|app|dev|eu|uk|de|fr|it|es|nl|be|ch|at|se|no|dk|fi|pl|"
    "cz|hu|pt|gr|ie|ru|tr|cy|us|ca|au|nz|br|jp|cn|in|za|mx|ar|is|lu|li|ee|lv|lt|sk|si|hr|ro|bg|ua"
)


def url_recognizer() -> ContextPatternRecognizer:
    """URLs with a scheme or ``www.``, and bare domains with a known TLD (weaker)."""
    return ContextPatternRecognizer(
        "URL",
        [
            Rule("scheme", r"\b(?:https?|ftp)://[^\s<>\"'()]+[^\s<>\"'().,;:!?]", 0.8),
            Rule("www", r"(?<![\w@./-])www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:/[^\s<>\"'()]*[^\s<>\"'().,;:!?])?", 0.75),
            Rule("domain", rf"(?<![\w@./-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:{_TLDS})\b(?![@-])"
                           r"(?:/[^\s<>\"'()]*[^\s<>\"'().,;:!?])?", 0.3),
        ],
        context=["website", "site", "web", "url", "domain", "visit", "online", "link", "homepage", "blog"],
    )


def email_recognizer() -> ContextPatternRecognizer:
    """E-mail addresses under any TLD.

    Presidio's ``EmailRecognizer`` keeps only public TLDs, so reserved and
    private ones — ``.example``, ``.test``, ``.local``, ``.internal``, a
    company's own suffix — pass through unmasked, and its URL recognizer then
    masks half an address ("helen.car" of helen.carter@…). A name plus an ``@``
    and a dotted domain is personal data whatever the suffix.
    """
    label = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
    return ContextPatternRecognizer(
        "EMAIL_ADDRESS",
        [Rule("address", rf"(?<![\w.%+@-])[a-z0-9](?:[a-z0-9._%+-]{{0,62}}[a-z0-9_%+-])?@{label}(?:\.{label})+(?![\w@-])",
              0.9),
         # a call's transcript reads it out: "k-a-v-i-t-h-a dot s seven nine at rediffmail dot com"
         Rule("spoken", SPOKEN_EMAIL, 0.7, validator=spoken_local_part)],
        context=["email", "e-mail", "mail", "contact", "from", "to", "cc"],
    )


_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"


def ip_address_recognizer() -> ContextPatternRecognizer:
    """IPv4 and IPv6 addresses (parsed by :mod:`ipaddress`)."""
    return ContextPatternRecognizer(
        "IP_ADDRESS",
        [
            Rule("ipv4", rf"(?<![\w.]){_OCTET}(?:\.{_OCTET}){{3}}(?![\w]|\.\d)", 0.6, validator=ip_ok),
            Rule("ipv6", r"(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![\w:])", 0.6, validator=ip_ok),
        ],
        context=["ip", "ipv4", "ipv6", "address", "server", "host", "login"],
    )


_MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)


def date_of_birth_recognizer() -> ContextPatternRecognizer:
    """Dates (and bare years) next to "born", "date of birth", "DOB"; a date alone is not a DOB."""
    return ContextPatternRecognizer(
        "DATE_OF_BIRTH",
        [
            Rule("numeric", r"(?<![\w/.-])\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})(?![\w/-]|\.\d)", 0.1),
            Rule("iso", r"(?<![\w/.-])(?:19|20)\d{2}-\d{2}-\d{2}\b", 0.1),
            Rule("day_month", rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS},?\s+\d{{4}}\b", 0.1),
            Rule("month_day", rf"\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b", 0.1),
            Rule("year", r"(?<![\w/.-])(?:18|19|20)\d{2}(?![\w/-]|\.\d)", 0.05),
        ],
        context=["born", "birth", "dob", "d.o.b", "birthday", "birthdate", "date of birth", "née"],
        before=24,
        after=0,
    )


_STREET_WORDS = (
    "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Square|Sq|Terrace|"
    "Way|Parkway|Pkwy|Highway|Hwy|Circle|Cir|Trail|Crescent|Close|Row|Alley|Plaza|Gardens|Hill|Park|"
    "Walk|Mews|Grove|Green|Crossing|Pike|Loop|Route|Rte"
)
_STREET_SUFFIX = (
    "straße|strasse|str\\.|weg|gasse|platz|allee|(?<![aeiouyp])ring|damm|laan|straat|gracht|dreef|plein|steenweg|"
    "gatan|gata|vägen|väg|gränd|veien|vegen|gate|vej|gade|katu|kuja|tie|polku|utca|út|ulica|aleja|"
    "ulice|strada|cesta"
)
_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’.-]*"


def street_address_recognizer() -> ContextPatternRecognizer:
    """Street addresses: "1659 Hoog St", "Hammarvägen 15", "Rue de Piétrain 371", "P.O. Box 104"."""
    name_words = rf"(?-i:{_CAP})(?:\s(?-i:{_CAP})){{0,3}}"
    return ContextPatternRecognizer(
        "STREET_ADDRESS",
        [
            Rule("number_street", rf"\b\d{{1,6}}[A-Za-z]?\s{name_words}\s(?-i:(?:{_STREET_WORDS}))\b\.?", 0.6),
            Rule("compound_number", rf"(?-i:\b[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]*(?:{_STREET_SUFFIX}))\s\d{{1,5}}(?:\s?[a-zA-Z])?\b", 0.6),
            Rule("prefix_number", r"(?-i:\b(?:Rue|Avenue|Av\.|Boulevard|Bd|Chemin|Place|Via|Viale|Piazza|Corso|"
                                  r"Calle|Avenida|Rua|Praça|Travessa|ul\.|Ulica|Aleja|al\.|Str\.))"
                                  rf"\s(?:(?:de|del|della|di|la|le|les|des|du|da|do|dos|das)\s){{0,2}}"
                                  rf"(?-i:{_CAP})(?:\s(?-i:{_CAP})){{0,3}},?\s\d{{1,5}}[a-z]?\b", 0.6),
            Rule("po_box", r"\bP\.?\s?O\.?\s?Box\s\d{1,6}\b", 0.7),
            # South Asia's "House 19/7, Road 4", "Plot 45, Sector 7", "Flat 3B, House 12, Road 27"
            Rule("house_road", r"(?-i:\b(?:Flat|House|Holding|Plot)\s(?:No\.?\s?)?#?\d{1,4}[A-Z]?(?:/\d{1,4}[A-Z]?)?,\s"
                               r"(?:(?:House|Plot)\s(?:No\.?\s?)?\d{1,4}[A-Z]?(?:/\d{1,4})?,\s)?"
                               r"(?:Road|Lane|Block|Sector|Street)\s(?:No\.?\s?)?#?\d{1,4}[A-Z]?(?:/\d{1,4}[A-Z]?)?)\b"
                               r"(?![ \t]+of\b)", 0.6),  # "Plot 12, Block 3 of the trial field" is a field's
            Rule("unit", r"(?<![\w-])(?:Apt\.?|Apartment|Suite|Unit|Flat)\s#?\d{1,5}[A-Z]?\b", 0.5),
        ],
        context=["address", "lives", "live", "living", "resides", "resident", "street", "deliver", "send"],
    )


_FACTORIES: tuple[Callable[[], Any], ...] = (
    case_number_recognizer,
    reference_number_recognizer,
    national_id_recognizer,
    iban_recognizer,
    swift_recognizer,
    account_number_recognizer,
    policy_number_recognizer,
    record_number_recognizer,
    url_recognizer,
    email_recognizer,
    ip_address_recognizer,
    date_of_birth_recognizer,
    street_address_recognizer,
    money_recognizer,
    titled_person_recognizer,
    lowercase_intro_recognizer,
    first_name_recognizer,
    age_recognizer,
    card_number_recognizer,
    phone_shape_recognizer,
    timestamp_recognizer,
    postcode_recognizer,
    employer_recognizer,
    occupation_recognizer,
    uppercase_place_recognizer,
    relocation_place_recognizer,
    city_recognizer,
    country_recognizer,
    address_block_recognizer,
    handle_recognizer,
    coded_id_recognizer,
    written_date_recognizer,
    spoken_number_recognizer,
    spoken_street_recognizer,
    script_names_recognizer,
    script_address_recognizer,
    script_town_recognizer,
    script_firm_recognizer,
)

#: entity types the recognizers report
IDENTIFIER_ENTITIES: tuple[str, ...] = (
    "CASE_NUMBER", "ID_NUMBER", "NATIONAL_ID", "IBAN_CODE", "SWIFT_CODE", "ACCOUNT_NUMBER",
    "POLICY_NUMBER", "RECORD_NUMBER", "URL", "EMAIL_ADDRESS", "IP_ADDRESS", "DATE_OF_BIRTH", "STREET_ADDRESS", "MONEY",
    "PERSON", "AGE", "CREDIT_CARD", "TIMESTAMP", "ZIP_CODE", "USERNAME", "CODE",
)  # fmt: skip


def identifier_recognizers() -> list[Any]:
    """One fresh instance of every identifier recognizer (add them to any Presidio registry)."""
    return [make() for make in _FACTORIES]


#: Presidio's own pattern entities that :func:`identifier_detector` reports too
PRESIDIO_PATTERN_ENTITIES: tuple[str, ...] = (
    "EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD", "IBAN_CODE", "IP_ADDRESS", "URL", "US_SSN",
    "US_PASSPORT", "US_DRIVER_LICENSE", "UK_NHS", "CRYPTO",
)  # fmt: skip


def identifier_detector(min_score: float = CONTEXT_FREE_MIN, **presidio_kwargs: Any) -> Any:
    """The recognizers plus Presidio's pattern recognizers as a privrag detector.

    Reports the identifier entity types only (spaCy's ``PERSON`` comes along
    with the titled-name recognizer's). Matches that need context and have
    none score below ``min_score`` and are dropped. Extra keyword arguments go
    to :class:`~privrag.detect.presidio.PresidioDetector`.
    """
    from privrag.detect.presidio import PresidioDetector

    presidio_kwargs.setdefault("entities", list(dict.fromkeys(IDENTIFIER_ENTITIES + PRESIDIO_PATTERN_ENTITIES)))
    return PresidioDetector(recognizers=identifier_recognizers(), score_threshold=min_score, **presidio_kwargs)
