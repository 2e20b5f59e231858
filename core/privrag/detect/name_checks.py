"""What a cue's match must look like to be a person: the checks the rules of
:mod:`privrag.detect.recognizers_names` run on their matches.

A cue ("Mr", "Patient:", a sign-off, a chat export's stamp) says where a name
may stand; the words there say whether one does. "Patient: Reports improvement"
is a note, "Yours sincerely,\nCustomer Care" a desk, "Grace Period" a heading.
Each check reads the match (or, for a few, the text around it) against the
name lists, an English dictionary, word frequency and the vocabularies of
forms, desks and roles, and says yes only to a name's shape. They live apart
from the rules so that the factory reads as a list of cues.
"""

from __future__ import annotations

import re

from privrag.detect.recognizer_base import english_stop_words

__all__ = [
    "PERSON_FIELDS",
    "STAFF_FIELDS",
    "bracketed_nickname",
    "capitals_name",
    "chat_author",
    "display_name",
    "field_name",
    "given_name_first",
    "given_name_word",
    "here_name",
    "initials_surname",
    "kin_owner_name",
    "log_author",
    "name_line",
    "nickname",
    "no_contraction",
    "no_desk_word",
    "no_stop_word",
    "not_written_as_a_word",
    "signed_name",
    "signer",
    "surname_first",
]

#: form fields whose value is a person, in the languages of our users' records (English, German,
#: French, Spanish, Portuguese, Italian, Dutch, Polish, Nordic): a field label is a vocabulary of the
#: form, like :data:`privrag.form_labels.COLON_LABELS`
PERSON_FIELDS: frozenset[str] = frozenset(
    " ".join(p.split()) for p in """patient, patient name, client, client name, customer, customer name, employee, employee name, applicant,
    candidate, claimant, policyholder, policy holder, insured, tenant, resident, pupil, student, member, member name,
    next of kin, emergency contact, contact person, guardian, parent, carer, caregiver, referred by, referrer,
    full name, first name, last name, surname, given name, family name, attendee, requester, reported by, submitted by,
    paciente, nome, nombre, nombre completo, apellidos, cliente, empleado, funcionário, funcionario, titular,
    patient(e), patiente, nom, prénom, nom complet, salarié, salariée, assuré, assurée, locataire,
    patient(in), patientin, vorname, nachname, kunde, kundin, mitarbeiter, mitarbeiterin, versicherte, versicherter,
    mieter, mieterin, naam, voornaam, achternaam, klant, medewerker, pacjent, pacjentka, imię, nazwisko,
    imię i nazwisko, pracownik, navn, fornavn, efternavn, etternavn, namn, förnamn, efternamn, nimi""".split(",")
    if p.strip()
)


#: form fields whose value is the member of staff who acted: clinical letters, call logs, expense forms
STAFF_FIELDS: frozenset[str] = frozenset(
    " ".join(p.split()) for p in """nurse, doctor, gp, consultant, clinician, physician, surgeon, therapist,
    physiotherapist, midwife, pharmacist, health visitor, social worker, case worker, caseworker, key worker,
    seen by, reviewed by, signed by, approved by, approver, authorised by, authorized by, handled by, assigned to,
    agent, advisor, adviser, manager, line manager, supervisor""".split(",")
    if p.strip()
)


def given_name_first(match: str) -> bool:
    """The value opens with a given name ("Bronwyn Tapsell RN"), not a service ("TIS National")."""
    from privrag.detect.recognizers_first_names import first_names

    words = match.split()
    return bool(words) and no_stop_word(match) and words[0].lower() in first_names()


#: words that make a signature line a desk, a team or a firm ("Customer Care", "The HR Team", "Acme Ltd")
_DESK_WORDS = frozenset(
    "team desk support service services care office department dept unit helpdesk helpline admin administration "
    "ltd llc inc plc gmbh ag sa bv nv corp co group clinic practice surgery hospital trust council board committee customer customers "
    "accounts payroll reception management academy school college university institute bank".split()
)


def signer(match: str) -> bool:
    """The line under a sign-off names the signer when it has a name's shape: no stop word, no desk's or
    team's word, no job title ("Practice Manager"), and either a given name first or a word no
    dictionary holds ("Sunita Chauhan", "Priyanka"), not "Finance Operations"."""
    from privrag.detect.contact_blocks import occupation_head
    from privrag.detect.recognizers_first_names import given_name_words, person_name_words
    from privrag.keep.brands import english_words

    words = [w for w in match.split() if len(w.rstrip(".")) > 1]
    if not words or not no_desk_word(match) or occupation_head(match):
        return False
    if words[0].lower() in given_name_words():
        return True
    dictionary = english_words()
    return any(w.lower() not in dictionary or w.lower() in person_name_words() for w in words)


def display_name(match: str) -> bool:
    """The name an e-mail address is shown under is a person's when it opens with a given name ("Lim
    Siew Mei", "Murat Yıldız"), or is two words or more that no dictionary holds and no town is; a
    mailbox's ("Betriebsrat Bielefeld", "Claims Desk", "Acme Ltd") is not."""
    from privrag import gazetteer
    from privrag.detect.recognizers_cities import is_city
    from privrag.detect.recognizers_first_names import given_name_words

    if not no_desk_word(match) or not chat_author(match):
        return False
    words = match.split()
    return words[0].lower() in given_name_words() or not any(gazetteer.lookup(w) is not None or is_city(w) for w in words)


def bracketed_nickname(match: str) -> bool:
    """A quoted word in brackets after a titled person's name is the name they go by, unless it is a
    role a contract or a form defines them as ("Employee", "Tenant", "Contractor")."""
    from privrag.detect.contact_blocks import occupation_head

    low = match.lower()
    return (no_desk_word(match) and low not in PERSON_FIELDS and low not in STAFF_FIELDS and not occupation_head(match)
            and low not in _DEFINED_ROLES)


#: the parties a contract or a letter defines by their role ('Ms Ana Dias ("the Landlord")')
_DEFINED_ROLES = frozenset(
    "landlord landlady tenant buyer seller vendor purchaser lender borrower employer employee contractor consultant "
    "client supplier licensor licensee lessor lessee guarantor claimant respondent applicant defendant plaintiff "
    "appellant party executor trustee beneficiary".split()
)


def initials_surname(match: str) -> bool:
    """The word after the initials is no dictionary's word ("Hoekstra", not "Paragraph", "Section" or
    "Smith", which a model finds itself), and a surname of our name lists; after two initials or more
    any such word is ("M. R. Fahim", "H. K. Ranasinghe": a bank statement's payees, which no list holds)."""
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep.brands import english_words

    word = match.replace(".", " ").split()[-1].lower()
    if word in english_words():
        return False
    return word in person_name_words() or match.count(".") >= 2


def capitals_name(match: str) -> bool:
    """A name in capitals: a given name no English word is first ("CHUKWUEMEKA", not "BLESSING" or "GRACE"),
    and every other word an initial, a name or no dictionary's word ("BELLO"); no desk's or firm's word."""
    from privrag.detect.recognizers_first_names import first_names, person_name_words
    from privrag.keep.brands import english_words

    words = match.split()
    if not no_desk_word(match) or words[0].lower() not in first_names():
        return False
    dictionary = english_words()
    return all(len(w) == 2 and w.endswith(".") or w.lower() in person_name_words() or w.lower() not in dictionary
               for w in words[1:])


def no_desk_word(match: str) -> bool:
    """No stop word and no word of a desk, a team or a firm ("the business partner Siemens AG")."""
    return no_stop_word(match) and not any(w.lower().rstrip(".") in _DESK_WORDS for w in match.split())


def given_name_word(match: str) -> bool:
    """A chat line's author typed in lower case is a given name, even one that is also a word
    ("destiny", "grace"): the author's place says a person is meant ("customer", "agent" are roles)."""
    from privrag.detect.recognizers_first_names import given_name_words

    words = match.split()
    return len(words) == 1 and no_stop_word(match) and words[0].lower() in given_name_words()


def signed_name(match: str) -> bool:
    """A message signed with a given name alone on its last line ("… if that matters.\nCal"): a given name
    or a short form of one, not an English word ("Thanks", "Notes", "Grace") or a stop word."""
    from privrag.detect.name_propagation import nickname_words
    from privrag.detect.recognizers_first_names import given_name_words

    low = match.lower()
    return no_stop_word(match) and (low in given_name_words() or low in nickname_words())


#: a capitalised word English writes this often is a word before "here", not a name
_HERE_WORD_ZIPF = 3.0


def here_name(match: str) -> bool:
    """Who says "X here": a given name first ("Tom here"), or capitalised words no dictionary holds ("Sunita
    here from reception"); "Click here", "Everyone here" and "Support here" are words."""
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.brands import english_words
    from privrag.keep.vocab import zipf

    words = match.split()
    if not no_stop_word(match):
        return False

    def word(w: str) -> bool:  # "Accounts", "Facilities", "Physio": a desk's name, a plural of one
        low = w.lower()
        singular = re.sub(r"ies$", "y", low) if low.endswith("ies") else low.removesuffix("s")
        return low in english_words() or singular in english_words() or zipf(low) >= _HERE_WORD_ZIPF

    return words[0].lower() in given_name_words() or (bool(english_words()) and all(
        w[:1].isupper() and not w.isupper() and not word(w) for w in words))


def log_author(match: str) -> bool:
    """The author after a log entry's date and time ("05.03.2025 10:14 - Kasia (customer service)"): named
    as one who says "X here" is (:func:`here_name`), and no catalogued brand; a word is an event ("- Delivered",
    "- Escalated"), a brand a system ("- Zendesk")."""
    from privrag.keep.brands import brand_titles

    return here_name(match) and match.strip() not in brand_titles()


def chat_author(match: str) -> bool:
    """A chat line's author is a person when the name opens with a given name ("Beata Nowicka"), or when
    every word of it is capitalised and in no dictionary ("Oğuz Demirci"); "Reception", "Fibrelane
    Support" and "IT Desk" are desks. The author's place says a person is meant, so a given name that is
    also a word counts ("Joy (Support):", "Will:")."""
    from privrag.detect.recognizers_first_names import given_name_words

    if no_stop_word(match) and match.split()[0].lower() in given_name_words():
        return True
    from privrag.keep.brands import english_words

    words = match.split()
    dictionary = english_words()
    return (len(words) >= 2 and bool(dictionary) and no_stop_word(match)
            and all(w[:1].isupper() and not w.isupper() and w.lower() not in dictionary for w in words))


def surname_first(match: str) -> bool:
    """"HENSLEY, Raymond D.": a given name follows the comma, and before it a surname in capitals, a name's
    word or no dictionary's ("Patient: Reports, Anna said" is a note); no desk's or firm's word."""
    from wordfreq import zipf_frequency

    from privrag.detect.recognizers_first_names import given_name_words, person_name_words
    from privrag.keep.brands import english_words

    surname, rest = match.split(",", 1)
    words = rest.split()
    low = surname.lower()
    # a given name that is also a word counts here ("Jones, Mark"): the construction says a person is meant;
    # the surname is a name's word or no dictionary's ("CARDIOLOGY, Victoria Wing", "UNKNOWN, Jordan" are not)
    if not words or words[0].lower() not in given_name_words() or not no_desk_word(match.replace(",", " ")):
        return False
    # a surname that is also a word ("WAINWRIGHT", "SWAN") is not told from a department ("CARDIOLOGY, Victoria
    # Wing") by its frequency: left to the other rules, which find the given name
    return low in person_name_words() or (low not in english_words() and zipf_frequency(low, "en") < 3.0)


def name_line(match: str) -> bool:
    """A line that is only a name: a given name first, the last word no dictionary's and rare in English
    (Zipf < 3), no desk's or team's word ("Grace Period", "Mark Scheme" and "Victoria Falls" end with an
    English word). A job title ends with one too ("Anna Physiotherapist"), so a surname ending like a job's
    ("Nyqvist", "-ist") is still a name."""
    from wordfreq import zipf_frequency

    from privrag.detect.recognizers_first_names import first_names
    from privrag.keep.brands import english_words

    words = match.split()
    last = words[-1].lower()
    return (words[0].lower() in first_names() and no_desk_word(match) and last not in english_words()
            and zipf_frequency(last, "en") < 3.0)


def not_written_as_a_word(text: str, start: int, end: int) -> bool:
    """The line's last word is written nowhere else in the text in lower case: a surname never is
    ("Nyqvist"), an adjective of a heading is ("Dolores Articulares" … "dolores articulares")."""
    last = text[start:end].split()[-1].lower()
    # prose only: an e-mail, a URL or a path under the name ("anders.nyqvist@…", "/in/nyqvist") is the same person
    return re.search(rf"(?<![\w'’@./_-]){re.escape(last)}(?![\w'’@./_-])", text) is None


def field_name(match: str) -> bool:
    """A field's value is a name when it has two name words or starts with a given name:
    "Patient: Reports improvement" is a note, "Patient: Maria das Graças Nogueira" a person."""
    from privrag.detect.recognizers_first_names import first_names

    words = [w for w in match.split() if w[:1].isupper()]
    if not words or not no_stop_word(match):
        return False
    return len(words) >= 2 or words[0].lower() in first_names()


def nickname(match: str) -> bool:
    """'known as Bill': a name a person goes by when it starts with a given name (quoted, any word)."""
    from privrag.detect.recognizers_first_names import first_names

    return no_stop_word(match) and match.split()[0].lower() in first_names()


def kin_owner_name(match: str) -> bool:
    """No contraction and no desk's word ("the Mayor and Council's friend")."""
    return no_contraction(match) and no_desk_word(match)


def no_contraction(match: str) -> bool:
    """No stop word and no contraction ("I'm Aino's daughter": the name is "Aino")."""
    return no_stop_word(match) and not re.search(r"['’](?:m|ve|d|ll|re|s)\b", match, re.I)


def no_stop_word(match: str) -> bool:
    """No word of the match is an English stop word ("her son In 2003", "my name is not …")."""
    return not any(w.lower() in english_stop_words() for w in match.split())


#: header cells of a table column that lists people
_NAME_HEADERS = frozenset(
    "name|names|full name|patient|patient name|employee|employee name|staff|staff member|member|contact|contact name|"
    "contact person|household member|child|resident|attendee|volunteer|guest|passenger|candidate|trainee|student|"
    "worker|colleague|nombre|nome|naam|imię i nazwisko".split("|")
)


def in_name_column(text: str, start: int, end: int) -> bool:
    """The cell sits in a column its table's header calls "Name" (or "Patient", "Employee" …) and holds a
    word of our name lists that no dictionary holds: "| Rose Gold Watch |" under "Name" is a product."""
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.detect.table_columns import column_header

    header = column_header(text, start)
    if header is None or header.lower() not in _NAME_HEADERS:
        return False
    from privrag.keep.brands import in_dictionary

    names = person_name_words()
    return any(w.lower() in names and not in_dictionary(w.lower()) for w in text[start:end].split())


def after_a_job_word(text: str, start: int, end: int) -> bool:
    """The word before the name heads a job title ("my driver Tunde"), not "my dog Max", and the name is a
    given name of our lists or a word no dictionary holds — never a brand ("my driver Uber", "my accountant
    Xero") or a word ("my driver Licence", "my nurse Practitioner")."""
    from privrag.detect.contact_blocks import occupation_head
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.brands import brand_titles, in_dictionary

    m = re.search(r"([a-z]+)[ \t]+$", text[max(0, start - 30) : start])
    if m is None or not occupation_head(m.group(1)):
        return False
    first = text[start:end].split()[0]
    low = first.lower()
    if first in brand_titles():
        return False
    return low in given_name_words() or not in_dictionary(low)
