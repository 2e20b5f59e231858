"""User names and unlabelled identifiers: what chats, tickets and exports are made of.

Workplace and support text names people by handle ("@rgreen", "dani.k" above
a Slack message) and refers to tickets, orders and employees by a code with
no label in front ("ticket HN-482913" has one, "MR-20931 closed" does not).
Both are direct identifiers, and neither is a word any NER model was
trained to read:

* :func:`handle_recognizer` — an ``@mention`` (not an e-mail), and the user
  name that heads a chat message in an export ("jwu  10:02" on its own line);
* :func:`coded_id_recognizer` — a token shaped like an identifier: letters
  and digits joined by ``-`` or ``/`` with at least four digits
  ("CT24-031977", "SVC-HN-250316-0442", "27/815/40293"), or a run of seven
  or more digits ("10477265"). Dates, times, versions with dots, amounts and
  ranges of years are not this shape; phone numbers are found (and labelled)
  by the phone recognizer first. A number that follows a standard's, a trial
  registry's or a legal instrument's name ("EudraCT 2021-004412-38",
  "NCT04512345", "Decree 13/2023/ND-CP") is a public reference, not an
  identifier (:mod:`privrag.reference_numbers`).
"""

from __future__ import annotations

import re

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule
from privrag.detect.recognizers_names import AUTHOR_END as _AUTHOR_END
from privrag.detect.recognizers_names import EXPORT_STAMP as _EXPORT_STAMP
from privrag.reference_numbers import AFTER_REFERENCE_PREFIX, REFERENCE

__all__ = ["handle_recognizer", "coded_id_recognizer", "is_date_like"]

_DATE = re.compile(
    r"^(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}/\d{4}|"
    r"\d{4}\s?[-–/]\s?\d{2,4}|\d{4}/\d{2})$"
)


def is_date_like(token: str) -> bool:
    """"14/09/1966", "2025-03-18", "01/2024", "2019-2021": a date or a span of years."""
    return bool(_DATE.match(token))


def _not_date(token: str) -> bool:
    return not is_date_like(token.strip())


def _joined_code(token: str) -> bool:
    """At least four digits, and a letter, three parts or six digits: "HN-482913",
    "27/815/40293", "214-0037" — not a dose ("25/100") or a blood pressure ("118/72")."""
    digits = sum(c.isdigit() for c in token)
    parts = len(re.split(r"[-/]", token))
    has_letter = any(c.isalpha() for c in token)
    return digits >= 4 and (has_letter or parts >= 3 or digits >= 6) and _not_date(token) and not _SPEC.search(token)


#: a size in bytes closes a specification, not an identifier ("8/256GB": memory and storage)
_SPEC = re.compile(r"\d(?:KB|MB|GB|TB)$")


#: units a count of digits may carry ("1000000IU"): a dose, not an identifier
_UNITS = frozenset({"U", "IU", "MG", "ML", "KG", "KB", "MB", "GB", "TB", "MW", "KW", "HZ", "PX", "ST", "ND", "RD", "TH"})


def _not_unit(token: str) -> bool:
    return token.lstrip("0123456789") not in _UNITS


def _labelled_code(token: str) -> bool:
    """Shaped like a joined code (:func:`_joined_code`), and no registry's number or dose."""
    return _joined_code(token) and _not_registered(token) and _not_unit(token)


def _grouped_code(token: str) -> bool:
    """A code written in groups holds six digits or more ("TREG 4304 1219"), not a reading ("15 E4 V5 M6")."""
    return sum(c.isdigit() for c in token) >= 6 and _labelled_code(token.replace(" ", "-"))


def _locator(token: str) -> bool:
    """A record locator mixes letters and digits, or is six letters; never a word ("CONFIRMED") or a year."""
    letters = sum(c.isalpha() for c in token)
    digits = sum(c.isdigit() for c in token)
    if letters and digits:
        return not is_date_like(token)
    from privrag.keep.brands import english_words

    return letters == 6 and token.lower() not in english_words()


#: a table column that holds references: "Ref", "Booking ref.", "PNR", "Receipt no.", "Ticket #", "Order ID"
_REFERENCE_HEADER = re.compile(
    r"(?i)(?:(?:booking|reservation|confirmation|receipt|invoice|ticket|order|transaction|txn|claim|case|policy)"
    r"[ \t]*(?:ref(?:erence)?\.?|no\.?|number|#|id|code)?|ref(?:erence)?\.?(?:[ \t]*(?:no\.?|#|code))?|pnr|locator)"
)


#: how far before a cell its row's last bar may stand
_CELL_REACH = 200


def _in_reference_column(text: str, start: int, end: int) -> bool:
    """In a table column whose header names references ("| Ref |"): its cells are the records'
    keys, a booking's locator as well as a receipt's number ("APK7Q2", "T-5521093")."""
    if text.find("|", max(0, start - _CELL_REACH), start) < 0:
        return False  # no table's bar before it: one look back, not a walk over a long line for every token
    from privrag.detect.table_columns import column_header

    header = column_header(text, start)
    return header is not None and bool(_REFERENCE_HEADER.fullmatch(header)) and _locator(text[start:end])


def _interleaved(token: str) -> bool:
    """Letters and digits alternate three times or more, with two of each at least: no word's or unit's
    shape, and no trial registry's number ("NCT04512345" changes once)."""
    if _STAMP.fullmatch(token):
        return False  # "20240115T093000Z": an ISO time stamp
    changes = sum(a.isdigit() != b.isdigit() for a, b in zip(token, token[1:], strict=False))
    letters = sum(c.isalpha() for c in token)
    return changes >= 3 and letters >= 2 and len(token) - letters >= 2 and _not_registered(token)


_STAMP = re.compile(r"\d{8}T\d{4,6}Z?")


def _random_body(token: str) -> bool:
    """The body after the prefix holds two digits, two capitals and two small letters at least."""
    body = token.split("_", 1)[1]
    return (sum(c.isdigit() for c in body) >= 2 and sum(c.isupper() for c in body) >= 2
            and sum(c.islower() for c in body) >= 2)


def _not_registered(token: str) -> bool:
    """"NCT04512345", "ISRCTN12345678": a trial registry's own number, not a person's."""
    return not REFERENCE.fullmatch(token)


def _user_name_shape(token: str) -> bool:
    return token.islower() or any(c in "._" or c.isdigit() for c in token)


def _coded_user_name(token: str) -> bool:
    """A user name no word or name is: a dot, an underscore or a digit inside ("sanna.h", "LBERG01"),
    not a date, a time or a version number ("v2.1", "10.30")."""
    inner = token.strip(".")
    if re.fullmatch(r"[A-Z][A-Z0-9-]{1,15}\\[A-Za-z][\w.-]+", inner):
        return True  # "SAHYADRI\vkiyer": a Windows account, its domain and its user
    return (any(c in "._" or c.isdigit() for c in inner) and sum(c.isalpha() for c in inner) >= 2
            and not re.fullmatch(r"[vV]?[\d.]+", inner) and not is_date_like(inner))


def handle_recognizer() -> ContextPatternRecognizer:
    """``@mentions`` and chat-export speaker lines, reported as ``USERNAME``."""
    return ContextPatternRecognizer(
        "USERNAME",
        [
            # "@dani.k" — not "name@example.com" (a word character before "@")
            Rule("mention", r"(?<![\w.@])@(?!(?:channel|here|everyone|all)\b)[A-Za-z][\w.-]{0,30}(?<![.-])(?![\w@])", 0.7),
            # "arjun.m@okhdfcbank": a name at a payment provider or a host with no domain after it (an
            # Indian UPI address, "root@buildbox"); an e-mail address has its dot and is Presidio's
            Rule("at_handle", r"(?<![\w.@+-])[A-Za-z0-9][\w.-]{0,40}(?<![.-])@[A-Za-z][A-Za-z0-9]{1,20}(?![\w@-]|\.\w)", 0.6),
            # "hunter.b  10:04" alone on a line: the author of the message below
            Rule("chat_author", r"(?m)^[A-Za-z][\w.-]{1,30}(?<![.-])(?=[ \t]+\d{1,2}:\d{2}(?:[ \t]?[AaPp][Mm])?[ \t]*$)",
                 0.6, case_sensitive=True),
            # "priya.s 09:14: morning!": the author of the message after the time — a user name's shape
            # (a dot, an underscore, a digit, or lower case), never "Meeting 10:30: agenda"
            Rule("chat_author_inline", r"(?m)^[A-Za-z][\w.-]{1,30}(?<![.-])(?=[ \t]+\d{1,2}:\d{2}(?:[ \t]?[AaPp][Mm])?:[ \t])",
                 0.6, validator=_user_name_shape, case_sensitive=True),
            # "(user: rosie.fd72)", "SAP user LBERG01 created", "login: jdoe_77", a log's "user=SAHYADRI\vkiyer":
            # the value after a user name's label, when it has a user name's shape — a dot, an underscore, a
            # digit or a Windows domain ("the user is" is prose)
            Rule("labelled_user", r"(?<=\b(?i:user(?:[ \t]?name)?|user[ \t]?id|login|log-in|account[ \t]name|screen[ \t]name|"
                                  r"handle|gamertag)(?:[ \t]*[:#=][ \t]{0,3}|[ \t]{1,3}))(?:[A-Z][A-Z0-9-]{1,15}\\)?"
                                  r"[A-Za-z][\w.-]{1,30}(?<![.-])(?![\w@\\-]|\.\w)", 0.6,
                 validator=_coded_user_name, case_sensitive=True),
            # "2025-03-05 10:22 sanna.h (Service Desk Sundsvall): done": a ticket's work note or a chat export
            # stamped with its date and time, then its author's user name
            Rule("stamped_author", rf"(?m)^\[?{_EXPORT_STAMP}\]?[ \t]*(?:[-–][ \t]*)?\K[A-Za-z][\w.-]{{1,30}}(?<![.-]){_AUTHOR_END}",
                 0.6, validator=_coded_user_name, case_sensitive=True),
        ],
        name="privrag_handle",
    )


def coded_id_recognizer() -> ContextPatternRecognizer:
    """Identifier-shaped codes without a label, reported as ``CODE`` (Γ: an identification number)."""
    part = r"[A-Z0-9]{1,12}"
    return ContextPatternRecognizer(
        "CODE",
        [
            # letters and digits joined by - or /: "HN-482913", "CGL-PBO-220931", "27/815/40293"
            Rule("joined", rf"(?<![\w/.-]){AFTER_REFERENCE_PREFIX}{part}(?:[-/]{part}){{1,5}}(?![\w/-]|\.\d)", 0.55,
                 validator=_joined_code, case_sensitive=True),
            # letters glued to digits: "NCEV712043", "K839201746"; a parcel's, with its country's code after
            # (the UPU's "RR123456789TH", a courier's "KEX240904417TH")
            Rule("glued", r"(?<![\w/.-])[A-Z]{1,5}\d{5,}[A-Z]{0,2}(?![\w/-]|\.\d)", 0.55, validator=_not_registered,
                 case_sensitive=True),
            # digits then a check letter or two: "8274419TA" (an Irish PPS number), "12345678Z" (a Spanish DNI)
            Rule("digits_letters", r"(?<![\w/.,-])\d{7,8}[A-Z]{1,2}(?![\w/-])", 0.55, validator=_not_unit,
                 case_sensitive=True),
            # a code after a form's capitalised label: "NHI: ZKT4821", "PPSN: 8274419TA", "URN# A40213"
            # (a measurement's label takes a number without letters: "Hb: 138", "GCS: 15")
            Rule("labelled", r"(?<=(?<![\w-])[A-Z]{2,6}(?:[ \t]?(?:No\.?|no\.?|#))?[ \t]*[:#][ \t]{0,3})"
                             r"(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{3,18}[A-Z0-9](?![\w/-]|\.\d)", 0.55,
                 validator=_labelled_code, case_sensitive=True),
            # the same, written in groups: "RAMQ: TREG 4304 1219" (a Quebec health card), "OHIP: 4523 881 902"
            Rule("labelled_groups", r"(?<=(?<![\w-])[A-Z]{2,6}(?:[ \t]?(?:No\.?|no\.?|#))?[ \t]*[:#][ \t]{0,3})"
                                    r"[A-Z0-9]{2,6}(?:[ ][A-Z0-9]{2,6}){1,3}(?![\w/-]|\.\d)", 0.55,
                 validator=_grouped_code, case_sensitive=True),
            # a booking's code after its name: "booking K7QX2M", "Booking reference: K7QX2M", "PNR X4T9QL",
            # "confirmation code 8HJ2KD" — an airline's or a hotel's record locator, five to eight capitals
            # and digits (a locator may be letters only when it has six, the airlines' own shape)
            Rule("booking", r"(?<=\b(?i:booking|reservation|confirmation|pnr|record[ \t]+locator)"
                            r"(?:[ \t]+(?i:reference|ref\.?|code|number|no\.?))?[ \t]*[:#]?[ \t]{1,3})"
                            r"[A-Z0-9]{5,8}(?![\w-])", 0.6, validator=_locator, case_sensitive=True),
            # the same code in a table column headed as references: "| Ref |" above "| APK7Q2 |" (an expense
            # claim's flight, booked under the traveller's name); the header states what a label would
            Rule("reference_column", r"(?<![\w/.-])(?=[A-Z0-9]{0,7}\d)(?=[A-Z0-9]{0,7}[A-Z])[A-Z0-9]{5,8}(?![\w/-])", 0.6,
                 case_sensitive=True,
                 in_context=_in_reference_column),
            # a British number plate: "KX19 HTP" (area letters, age digits, three letters; never I or Q)
            Rule("uk_plate", r"(?<![\w-])[A-HJ-PR-Y]{2}\d{2}[ ]?[A-HJ-PR-Z]{3}(?![\w-])", 0.6, case_sensitive=True),
            # a random code: capitals and digits that change places three times or more ("SE41K7XH2P", an
            # M-Pesa transaction; "1HGCM82633A004352", a VIN); a word, a unit, a gene or a model number
            # changes once or twice ("COVID19", "RTX4090", "BRCA1", "A4")
            Rule("interleaved", r"(?<![\w/.-])[A-Z0-9]{8,24}(?![\w/-]|\.\d)", 0.55, validator=_interleaved,
                 case_sensitive=True),
            # an API's object id: a type prefix in lower case, an underscore and a random body in mixed case
            # with digits ("dp_1PqR7kLm0aZx93Ft", "cus_NffrFeUfNV2Hib"): it keys a payment, a dispute or a
            # customer in the provider's records (a variable's name, "snake_caseVariable2", is no random body)
            Rule("api_object", r"(?<![\w/.-])[a-z]{2,8}_[A-Za-z0-9]{10,40}(?![\w/-])", 0.6, validator=_random_body,
                 case_sensitive=True),
            # a vehicle's plate after its name, in any country's layout: "plates NL 48-BK-7J", "reg KA-01-MX-4421",
            # "Kennzeichen M-AB 1234", "kenteken 12-ABC-3"
            # (a letter in the code too: "plaque 2 3" is dental plaque, "placa" also a plaque)
            Rule("plate", r"(?<=\b(?i:plates?|number[ \t]plates?|licen[cs]e[ \t]plates?|rego|placas?|plaque|kenteken"
                          r"|kennzeichen|tablic[ae]|immatriculation|targa|matr[ií]cula)[ \t]{0,3}(?:(?i:no\.?|nr\.?|number)[ \t]{0,3})?"
                          r"[:#]?[ \t]{1,3})(?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])[A-Z0-9]{1,4}(?:[ -][A-Z0-9]{1,4}){1,3}(?![\w-])", 0.6,
                 case_sensitive=True),
            # a long run of digits: "10477265", "001089017345"
            Rule("digits", rf"(?<![\w/.,-]){AFTER_REFERENCE_PREFIX}\d{{7,}}(?![\w/-]|[.,]\d)", 0.5, validator=_not_date),
        ],
        name="privrag_coded_id",
    )
