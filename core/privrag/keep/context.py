"""What the text around a term says about it: a person's employer, a local facility, a surname.

A keep reason may cost utility, never a person's privacy. Every public entity,
brand or abbreviation is kept only after these checks: "works at Tesco" makes
Tesco someone's employer, "… Hospital" or "… Ltd" names a local facility or a
registered company, and a capitalised word after "Mr" or a given name is a
surname. :mod:`privrag.keep.finder` and the long-text detector share them.
"""

from __future__ import annotations

import functools
import re

__all__ = [
    "FACILITY", "EMPLOYER_BEFORE", "EMPLOYER_FIELDS", "JOINED_BEFORE", "HONORIFIC_BEFORE", "HONORIFIC_START", "AFFILIATION_AFTER",
    "first_names", "person_words", "affiliated_anywhere", "affiliated_at", "employed_at", "is_place", "is_name_like",
    "surname_anywhere", "acronym_defined", "defined_as_term",
]  # fmt: skip


#: organisation words that say "a local facility or a registered company": it locates a person
FACILITY = re.compile(
    r"(?i)\b(?:hospitals?|practice|surgery|clinic|centre|center|school|elementary|academy|college|"
    r"university|universit\w+|trust|board|unit|team|ward|pharmacy|dental|dentist|diner|cafe|"
    r"restaurant|kita|kindergarten|nursery|care\s+home|district|department|dept|office|branch|"
    r"store|shop|ltd|llc|l\.l\.c|inc|gmbh|sarl|s\.a\.|plc|pty|sp\.\s*z|co\.|corp|llp|bv|ag|oy|ab|"
    r"associates|partners|group|family|&\s*sons|fils|street|st|road|rd|avenue|ave|lane|house|hall|"
    r"distribution|depot|warehouse|site|plant|factory|branch)\b"
)

#: a person's link to an organisation before it: "works at", "employed by", "joined", "a 3-month notice
#: period at"
#: a form's field that holds a person's employer ("Employer:", "Empregador:", "Arbeitgeber:"): the detector's
#: employer recognizer reads the same fields (:mod:`privrag.detect.recognizers_personal`)
EMPLOYER_FIELDS = (r"employer|employed[ \t]+by|place[ \t]+of[ \t]+work|workplace|empleador|empregador|employeur|"
                   r"arbeitgeber|werkgever|pracodawca|datore[ \t]+di[ \t]+lavoro|arbetsgivare|majikan")
#: a form's employer field right before the organisation: "Employer: Emirates NBD"
EMPLOYER_FIELD_BEFORE = re.compile(rf"(?i)\b(?:{EMPLOYER_FIELDS})[ \t]*:[ \t]*$")
EMPLOYER_BEFORE = re.compile(
    r"(?i)\b(?:work(?:s|ed|ing)?|employed|employee|employer|job|position|role|post|placement|shifts?|notice|tenure|"
    r"career|apprentice(?:ship)?|"
    r"contract(?:ed|or)?|joined|join|intern(?:ing|ship)?|volunteer(?:s|ed|ing)?|studie[sd]|study|"
    r"enrolled|attends?|attended|pupil|student|teacher|manager|director|engineer|analyst|"
    r"members?|membership|supporters?|activists?|affiliated|affiliation|belongs?|belonged|"
    r"sympathi[sz]ers?|leaders?|founders?|chair(?:man|woman|person)?|treasurer|secretary)\b"
    r"[^.\n]{0,25}?\b(?:at|for|by|with|in|of)\s+(?:the\s+)?$"
)

#: joining names the employer without a preposition: "he joined Personio", "before joining the BBC"
JOINED_BEFORE = re.compile(r"(?i)\b(?:joined|joining|rejoined|hired\s+by|recruited\s+by)\s+(?:the\s+)?$")

#: a title before a surname: the capitalised word after it is a person's name
HONORIFIC_BEFORE = re.compile(r"(?i)\b(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|lord|lady)\.?\s+$")
HONORIFIC_START = re.compile(r"(?i)(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|lord|lady)\b")


@functools.lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """Given names (English words excluded, as the name recognizer reads them)."""
    from privrag.detect.recognizers_first_names import first_names as given_names

    return frozenset(n.lower() for n in given_names())


@functools.lru_cache(maxsize=1)
def person_words() -> frozenset[str]:
    """Given names and surnames, English words included ("hope", "bell")."""
    from privrag.detect.recognizers_first_names import person_name_words

    return person_name_words()


#: an affiliation after the organisation's name: "PKK members", "union activists", and the
#: words of someone's job there: "her Uber resignation letter", "my Tesco payslip"
AFFILIATION_AFTER = re.compile(
    r"(?i)^['’]?s?\s*(?:members?|membership|militants?|supporters?|activists?|fighters?|sympathi[sz]ers?|"
    r"leaders?|cells?|resignation|payslips?|colleagues?|co-?workers?|employment|employees?|staff|"
    r"onboarding|offboarding|redundancy|dismissal)\b"
)


def affiliated_anywhere(text: str, surface: str) -> bool:
    """Is any mention of ``surface`` in the document someone's employer or affiliation?
    One "member of the X" makes X part of who a person is wherever else X is named."""
    return any(affiliated_at(text, m.start(), m.end())
               for m in re.finditer(r"(?<!\w)" + re.escape(surface) + r"(?!\w)", text))


#: a person's working life right before a government body: "bullied by colleagues at the", "a civil servant in
#: the", "posted abroad by the", "off work from the", "12 years in the" — a job word, then the preposition that
#: ties it to the body (a job word elsewhere in the sentence does not: "a letter for his employer … notify the")
_WORK_BEFORE = re.compile(
    r"(?i)(?:\b(?:work(?:s|ed|ing)?|job|colleagues?|co-?workers?|civil[ \t]+servants?|employ\w*|staff|posted|"
    r"seconded|transferred|career|boss|manager|promot\w*|redundan\w*|resign\w*|dismiss\w*|bullied|harass\w*)\b"
    r"[^.\n]{0,25}?\b(?:at|in|for|by|from|with|of|to)[ \t]+(?:the[ \t]+)?"
    r"|\b(?:years?|decades?|months?)[ \t]+(?:in|at|with)[ \t]+(?:the[ \t]+)?)$"
)
#: the person right after: "… Department of Corrections I retired", "…, where I work"
_WORK_AFTER = re.compile(
    r"(?i)^[ \t]*,?[ \t]*(?:where[ \t]+)?(?:I|we|he|she|they)[ \t]+(?:\w+[ \t]+)?"
    r"(?:retired|work(?:s|ed)?|resigned|joined|left|started|was[ \t]+(?:posted|employed|hired))\b"
)


def working_life_anywhere(text: str, surface: str) -> bool:
    """Is any mention of ``surface`` tied to someone's working life ("colleagues at the Ministry of
    Finance", "… Department of Corrections I retired")? A government body that many people work for is
    kept only where no mention is."""
    for m in re.finditer(r"(?<!\w)" + re.escape(surface) + r"(?!\w)", text):
        if _WORK_BEFORE.search(text[max(0, m.start() - 70) : m.start()]) or _WORK_AFTER.match(text[m.end() : m.end() + 40]):
            return True
    return False


def affiliated_at(text: str, start: int, end: int) -> bool:
    """Is this one mention someone's employer or affiliation: "works at X", "X members",
    "X as the assistant", "Kevin Patel from X", X on its own line under a name, "Team Lead, X"?"""
    return (employed_at(text, start) or bool(AFFILIATION_AFTER.match(text[end : end + 30]))
            or _role_after(text, end) or _signature_line(text, start, end)
            or (_role_before(text, start) and not _REGISTRATION_AFTER.match(text, end)))


#: a registration number after the body: "Physiotherapist, HCPC reg. PH112874" names the regulator, not the employer
_REGISTRATION_AFTER = re.compile(r"(?i)[ \t]*(?:reg\b|registration|registered|membership|member[ \t]+no|no\.|number)")
#: "Team Lead, " / "Data Analyst - " right before the organisation: a signature's job title and employer
_ROLE_BEFORE = re.compile(r"((?:[A-Za-z][\w&/-]*[ \t]+){0,3}[A-Za-z][\w-]*)[ \t]*(?:,|[-–|@])[ \t]*$")


def _role_before(text: str, start: int) -> bool:
    """A job title and a comma, a dash or an "@" before the organisation ("Team Lead, Flipkart",
    "Support Engineer - Linode"): the organisation is that person's employer."""
    before = text[max(0, start - 50) : start].rstrip(" \t")
    if not before or before[-1] not in ",-–|@":
        return False
    m = _ROLE_BEFORE.search(before + " ")
    if m is None:
        return False
    from privrag.detect.contact_blocks import occupation_head

    words = m.group(1).split()
    return any(occupation_head(" ".join(words[k:])) for k in range(len(words)))


#: "… at Teradata as the assistant to …": the role a person holds there
_AS_ROLE = re.compile(r"(?i)^\s*,?\s+as\s+(?:an?|the|its|their|our)?\s*((?:[a-z-]+\s+){0,2}[a-z-]+)")
#: "Kevin Patel from Flightaware": a named person and where they come from
_NAME_FROM = re.compile(r"([A-Z][a-z'’-]+)\s+(?:from|of|at|with)\s+(?:the\s+)?$")
#: characters of quoting or padding a signature line may carry around the organisation
_EDGE = 8
#: the longest line read as a person's name above it
_NAME_LINE = 60


def _role_after(text: str, end: int) -> bool:
    m = _AS_ROLE.match(text[end : end + 60])
    if not m:
        return False
    from privrag.detect.contact_blocks import occupation_head

    words = m.group(1).split()
    return any(occupation_head(" ".join(words[: k + 1])) for k in range(len(words)))


def _named_before(text: str, start: int) -> bool:
    """A person's name right before "from/of/at/with": "Kevin Patel from X"."""
    m = _NAME_FROM.search(text, max(0, start - 40), start)
    return bool(m) and m.group(1).lower() in person_words()


def _signature_line(text: str, start: int, end: int) -> bool:
    """The organisation fills its own line under a person's name (a signature or contact
    block: "Michael Parker / Flightaware / 839 Conley St"), or a person is named right before it.
    Reads a few characters around the mention only: a long text has many mentions."""
    if _named_before(text, start):
        return True
    head = text[max(0, start - _EDGE) : start]
    nl = head.rfind("\n")
    if (nl < 0 and start > _EDGE) or head[nl + 1 :].strip(" \t>|"):
        return False  # the line starts further back: the mention is inside prose
    tail = text[end : end + _EDGE]
    nl_after = tail.find("\n")
    if (nl_after < 0 and end + _EDGE < len(text)) or tail[: nl_after if nl_after >= 0 else None].strip():
        return False
    line_start = start - len(head) + nl + 1
    if line_start == 0:
        return False
    lo = max(0, line_start - 1 - _NAME_LINE)
    prev_start = text.rfind("\n", lo, line_start - 1)
    if prev_start < 0 and lo > 0:
        return False  # the line above is too long to be a name
    prev = text[prev_start + 1 : line_start - 1].strip(" \t>|")
    words = re.findall(r"[^\W\d_][\w'’-]*", prev)
    return 2 <= len(words) <= 4 and all(w[:1].isupper() for w in words) and words[0].lower() in first_names()


#: what a person joins that is no organisation: a call or a meeting, held in a product right after it ("join the
#: stand-up in Teams"; "joined the customer calls team at Vodafone" is a job)
_MEETING = re.compile(r"(?i)^join\w*\b[^.\n]*\b(?:calls?|meetings?|stand-?ups?|huddles?|webinars?|sessions?)"
                      r"[ \t]+(?:in|on|via|over)[ \t]+(?:the[ \t]+)?$")


def employed_at(text: str, start: int) -> bool:
    """"works at", "employed by", "HGV driver at the", "a member of the": the organisation is
    someone's employer or affiliation (a party, a union, a church say who a person is)."""
    before = text[max(0, start - 60) : start]
    employer = EMPLOYER_BEFORE.search(before)
    if employer and _MEETING.match(employer.group()):
        employer = None  # "join the Monday stand-up in Microsoft Teams": a meeting is joined, not a firm
    if employer or JOINED_BEFORE.search(before) or EMPLOYER_FIELD_BEFORE.search(before):
        return True
    m = re.search(r"([A-Za-z]+)\s+(?:at|for|with)\s+(?:the\s+)?$", before)
    if not m:
        return False
    from privrag.detect.contact_blocks import occupation_head

    return occupation_head(m.group(1))


def is_place(word: str) -> bool:
    """A country, a demonym or a city of the gazetteer, or a town of GeoNames' list ("swindon"):
    a place is QUASI, never a public entity."""
    from privrag import gazetteer
    from privrag.detect.recognizers_cities import is_city

    return gazetteer.lookup(word) is not None or is_city(word)


def is_name_like(text: str, start: int, end: int) -> bool:
    """A capitalised single word after an honorific or a given name is a surname, not a term."""
    before = text[max(0, start - 20) : start]
    if HONORIFIC_BEFORE.search(before):
        return True
    m = re.search(r"([A-Z][a-z]+)\s+$", before)
    return bool(m) and m.group(1).lower() in first_names()


def surname_anywhere(text: str, surface: str) -> bool:
    """Is any mention of ``surface`` a surname ("Mr Jaeger", "Anna Jaeger")? Then every
    mention in the document may be that person, whatever else the word can name."""
    return any(is_name_like(text, m.start(), m.end())
               for m in re.finditer(r"(?<!\w)" + re.escape(surface) + r"(?!\w)", text))


#: words a long name joins its capitalised words with, skipped when its initials are read
_NAME_JOINERS = frozenset("of and for the on in at de la le les des du d et di der die das für und y".split())
#: "(“the COTOREP”)", "(EWE)": the text introduces an acronym for the name just before it
_DEFINITION = r"\(\s*[\"“‘']?(?:the\s+)?{}[\"”’']?\s*\)"


def acronym_defined(text: str, acronym: str, *, initials: bool = True) -> bool:
    """Does the text spell the acronym out, so it stands for a name written there?

    "the regional health insurance fund (“the CRAM”)", "Aire Valley Early
    Intervention Team … AVEIT", "Anna Kowalski … AK": the acronym then names
    whatever the long name names — a local body, a small firm, a person's initials —
    and takes its protection. An acronym the text never expands ("notify the DVLA")
    is one its readers are expected to know.
    """
    if re.search(_DEFINITION.format(re.escape(acronym)), text):
        return True
    letters = [c for c in acronym if c.isalpha()]
    if len(letters) < 2 or not initials:  # "A&E" spells its own letters out as words
        return False
    words = _words(text)
    first = letters[0]
    for i, w in enumerate(words):
        if w[0] != first:
            continue
        k, j = 0, i
        while j < len(words) and k < len(letters):
            word = words[j]
            if k > 0 and word.lower() in _NAME_JOINERS:
                j += 1
                continue
            if word[0] != letters[k]:
                break
            j += 1
            k += 1
        if k == len(letters) and words[i : j] != [acronym]:
            return True
    return False


def defined_as_term(text: str, acronym: str) -> bool:
    """Does the text define the acronym by words written in lower case ("free school meals (FSM)",
    "one-time password (OTP)"), whose head is no body's ("fund", "office", "clinic")? Those words
    are a term, not a name: the acronym names no one and nothing local, however a model labels it."""
    letters = [c.lower() for c in acronym if c.isalpha()]
    for m in re.finditer(_DEFINITION.format(re.escape(acronym)), text):
        words = re.findall(r"[^\W\d_]+(?:['’]s\b)?", text[max(0, m.start() - 120) : m.start()])  # "one-time": two
        words = [w for w in words if w not in _NAME_JOINERS]
        head = words[-len(letters) :]
        if (len(head) == len(letters) and all(w.islower() for w in head) and [w[0] for w in head] == letters
                and not _body_word(head[-1])):
            return True
    return False


def _body_word(word: str) -> bool:
    """A word that heads a body's name: "the regional health insurance fund (“the RHIF”)" is a local body
    written in lower case, not a term."""
    from privrag.keep.brands import ORGANISATION_HEADS
    from privrag.keep.public_bodies import GOVERNMENT_HEADS, NATIONAL_SOCIETY_HEADS

    low = word.lower().removesuffix("s")
    return (low in GOVERNMENT_HEADS or low in NATIONAL_SOCIETY_HEADS or word in ORGANISATION_HEADS or low in _BODY_HEADS
            or bool(FACILITY.fullmatch(word)))


#: heads of a body's name that neither the government's nor a firm's list holds
_BODY_HEADS = frozenset({"fund", "team", "network", "firm", "union", "committee", "panel", "commission"})


@functools.lru_cache(maxsize=4)
def _words(text: str) -> tuple[str, ...]:
    """The text's words, read once for all the acronyms a text holds."""
    return tuple(re.findall(r"[^\W\d_][\w'’-]*", text))
