"""Recognizers for personal attributes that spaCy and Presidio's stock set miss: time stamps,
postcodes, employers (ages: :mod:`privrag.detect.recognizers_age`).

Measured on Presidio's synthetic set with the default detector: no age was
found ("a 36 year old" comes back as a *date*) and ISO timestamps were cut in
two ("1970-09-24" and "09:34:31"). Payment cards are
:mod:`privrag.detect.recognizers_financial`'s, phone numbers
:mod:`privrag.detect.recognizers_phone`'s. Each recognizer here is a :class:`~privrag.detect.recognizer_base.ContextPatternRecognizer`
(whole-word context inside the recognizer, validators per pattern), so
Presidio users can register them as they are.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule, english_stop_words
from privrag.keep.context import EMPLOYER_FIELDS
from privrag.reference_numbers import REFERENCE_PREFIXES

__all__ = [
    "timestamp_recognizer",
    "postcode_recognizer",
    "employer_recognizer",
]


def timestamp_recognizer() -> ContextPatternRecognizer:
    """ISO dates with a time ("1970-09-24 09:34:31", "2018-02-24T12:45Z") as one span.

    spaCy reports the date and the time as two entities; one timestamp is one
    identifier (a log line's time pins down a person as well as the date does).
    """
    return ContextPatternRecognizer(
        "TIMESTAMP",
        [Rule("iso_datetime", r"(?<![\w/.-])(?:1[89]|2\d)\d{2}-[01]\d-[0-3]\d[ T][0-2]\d:[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?"
                              r"(?:Z|[+-][01]\d:?[0-5]\d)?(?![\w:])", 0.75)],
        context=["at", "on", "time", "timestamp", "logged", "created", "date"],
    )


#: words that precede a number without making it a postcode ("Application No 12345", "EUR 15000")
_NOT_A_PLACE = (
    "No", "Nos", "Nr", "Number", "Art", "Article", "Case", "Application", "Applications", "Vol", "Volume",
    "Page", "Pages", "Room", "Flight", "Protocol", "Section", "Ref", "ID", "Code", "Decree", "Law", "Act",
    "Order", "Decision", "Judgment", "Report", "Series", "Model", "Version", "Box", "Tel", "Fax", "Phone",
    "USD", "EUR", "GBP", "CHF", "JPY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "TRY", "RUB", "AUD", "CAD",
    "INR", "RON", "BGN", "HRK", "UAH", "ISK",
)  # fmt: skip
#: "IATF 16949", "Decree 52/2013": a reference's number is no postcode either
_NOT_A_PLACE += REFERENCE_PREFIXES


#: the UK's postcode areas (Royal Mail), for a postcode matched without a cue
_UK_AREAS = "|".join(sorted("""
AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY G
GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL
OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN
WR WS WV YO ZE""".split(), key=len, reverse=True))


def _one_case(code: str) -> bool:
    """"MK40 2NR" or "bs4 4ab", not "Mk40 2nR": a postcode is written in one case."""
    letters = "".join(c for c in code if c.isalpha())
    return letters.isupper() or letters.islower()


def postcode_recognizer() -> ContextPatternRecognizer:
    """Postcodes: after "zip"/"postcode", or after a place name ("Finland 11507", "Aalborg NO 9100").

    A bare five-digit number is not a postcode; one that ends a place name or
    a state/province code ("Toronto, ON M5V 2T6", "Wrocław 53-320", "Riisa
    Estonia 12345") is, and with the place masked but the code visible, the
    code alone still narrows a person down to a few streets. Four-digit codes
    (Denmark, Norway, Switzerland, Austria, …) are taken only after a state
    or country code or a "zip" label: after a capitalised word they are
    mostly years.
    """
    code5 = r"(?:\d{5}(?:-\d{3,4})?|\d{3}\s\d{2}|\d{2}-\d{3})"
    code4 = r"\d{4}(?:\s?\p{Lu}{2})?"
    uk = r"\p{Lu}{1,2}\d[\p{Lu}\d]?\s?\d\p{Lu}{2}"
    ca = r"\p{Lu}\d\p{Lu}\s?\d\p{Lu}\d"
    end = r"(?![\w/-]|[.,]\d)"
    not_place = "|".join(_NOT_A_PLACE)
    word = r"\p{Lu}[\p{L}'’.\-]*"
    place = rf"\b{word}(?:\s+{word}){{0,3}}(?:\s*\([^)\n]{{1,24}}\))?,?\s{{1,6}}"
    state = r"\b\p{Lu}{2,3},?\s{1,6}"
    # the word right before the code decides: "Application No 12345" is no postcode
    not_after = rf"(?<!\b(?:{not_place})\.?,?\s{{1,6}})"
    return ContextPatternRecognizer(
        "ZIP_CODE",
        [
            Rule("labelled", rf"(?<=\b(?:zip|zip\s+code|postcode|post\s+code|postal\s+code|plz)\s{{0,2}}(?:is|:|#)?\s{{0,2}})"
                             rf"(?<![\w-])(?:{code5}|{code4}|{uk}|{ca}){end}", 0.85),
            Rule("after_state", rf"(?=[\p{{Lu}}\d])(?<={state}){not_after}(?<![\w-])(?:{code5}|{code4}|{uk}|{ca}){end}",
                 0.6, case_sensitive=True),
            Rule("after_place", rf"(?=\d)(?<={place}){not_after}(?<![\w-]){code5}{end}", 0.55, case_sensitive=True),
            # a whole UK postcode needs no cue: a real area, a district, then the inward code, whose
            # last letters never include C I K M O V ("MK40 2NR", "bs4 4ab" in a chat)
            Rule("uk_full", rf"(?<![\w-])(?=[A-Za-z]{{1,2}}\d)(?i:{_UK_AREAS})\d[A-Za-z\d]?\s?\d(?i:[ABD-HJLNP-UW-Z]{{2}}){end}", 0.6,
                 case_sensitive=True, validator=_one_case),
            # an Irish Eircode after a place ("Co. Dublin A96 X2K7", "Galway H91 E2K3"): a routing key (a
            # letter, two digits or "6W") and a unique identifier, both from Eircode's alphabet, which
            # leaves out the letters that look like digits (B G I J L M O Q S U Z)
            Rule("eircode", rf"(?<=\p{{Lu}}[\p{{L}}'’.\-]*,?[ \t]{{1,3}})(?<![\w-])[AC-FHKNPRTV-Y]\d[\dW][ ]?"
                            rf"(?=[\dAC-FHKNPRTV-Y]{{0,3}}[AC-FHKNPRTV-Y])[\dAC-FHKNPRTV-Y]{{4}}{end}", 0.6,
                 case_sensitive=True),
        ],
        context=["zip", "postcode", "postal", "address", "street", "lives", "live", "located", "city"],
        before=64,
        after=16,
    )


#: times and pronouns that follow "worked at/for" without naming an employer
_NOT_EMPLOYER = (r"(?:Christmas|Easter|Weekends?|Night|Home|Sea|Free|Both|You|Them|Us|Him|Her|Me|Myself|Monday"
                 r"|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July"
                 r"|August|September|October|November|December|I|It)")
def _cleanco_forms() -> str:
    """A regex alternation of the legal forms in ``assets/legal_forms.json`` (built from cleanco's table by
    ``scripts/build_legal_forms.py``), in any case, a space inside one also matching none ("Sdn Bhd",
    "SDN. BHD.", "s.r.o."); empty when the file is missing."""
    path = Path(__file__).resolve().parent.parent / "assets" / "legal_forms.json"
    try:
        forms = json.loads(path.read_text(encoding="utf-8"))["forms"]
    except (OSError, ValueError, KeyError):
        return "(?!)"
    def variants(form: str) -> list[str]:
        # dotted initials only in lower case or in capitals ("s.r.o.", "D.O.O."); any other form in any case
        if all(len(p) <= 1 for p in form.replace(" ", ".").split(".")):
            return [form, form.upper()]
        return [f"(?i:{re.escape(form)})"]
    parts = []
    for form in sorted(forms, key=len, reverse=True):
        parts += [v if v.startswith("(?i:") else re.escape(v) for v in variants(form)]
    return "(?:" + "|".join(p.replace(r"\ ", r"[ \t]?") for p in parts) + ")"


#: a capitalised word; a dot only inside it ("T.Rowe") — "Corp. Please" is two sentences
_ORG_WORD = r"(?:[A-ZÀ-ÖØ-Þ][\w&'’-]*(?:\.\w[\w&'’-]*)*|[A-Z])"


#: what an employer field holds when there is none: "N/A", "Self-employed", "Retired"
_NO_EMPLOYER = (r"(?i:n/?a\b|none\b|nil\b|self|retired|unemployed|student|homemaker|housewife|not[ \t]+applicable|"
                r"pensioner|unknown|-)")

#: legal forms that end a registered company's name: the common ones in their own case, Turkey's ("A.Ş.",
#: "Ltd. Şti."), and the forms of cleanco's table that are no word or abbreviation (:func:`_cleanco_forms`)
_LEGAL_FORM = (
    r"(?:A\.Ş\.|Ltd\.?[ \t]?Şti\.?|(?i:sp\.[ \t]?z[ \t]?o\.o\.)|" + _cleanco_forms() + "|"  # the longer forms first
    # Pakistan's, Zimbabwe's and Sri Lanka's "(Pvt) Ltd", Romania's and Italy's "SRL" written without dots
    r"\((?i:pvt|private)\)[ \t]+(?i:ltd|limited)|(?i:pvt)\.?[ \t]+(?i:ltd)|SRL|Srl|S\.r\.l\.|"
    r"Ltd|Limited|LLC|L\.L\.C\.|Inc|GmbH|AG|SARL|SAS|S\.A\.|plc|PLC|LLP|Pty[ \t]+Ltd|B\.V\.|BV|Oy|SpA|S\.p\.A\.)"
)
#: heads of the names of places of care and schools
_FACILITY_HEAD = (
    r"(?:Hospital|Clinic|Surgery|Practice|Health[ \t]+Centre|Medical[ \t]+Centre|Health[ \t]+Center|"
    r"Medical[ \t]+Center|Infirmary|Hospice|Pharmacy|School|Academy|College|Elementary|Kindergarten|Nursery|"
    r"Care[ \t]+Home|Nursing[ \t]+Home|Centre|Center|Paediatrics|Pediatrics|Family[ \t]+Medicine|Health[ \t]+Team|"
    r"Medical[ \t]+Group|Physiotherapy|Physical[ \t]+Therapy|Dental[ \t]+Care|Urgent[ \t]+Care)"
)
#: the same heads in capitals ("HEALTH CENTRE"), as letterheads and forms write a facility's name
_FACILITY_HEAD_CAPS = re.sub(r"(?<!\\)[a-z]+", lambda m: m.group().upper(), _FACILITY_HEAD)
#: a heading's function words, which never open or join a facility's name in capitals
_CAPS_FUNCTION_WORD = r"(?:THE|TO|AT|WITH|IN|FOR|OF|AND|ON|BY|FROM|A|AN|AFTER|BEFORE|UP|INTO)"


def _named_in_capitals(match: str) -> bool:
    """A facility's name in capitals holds a word no English dictionary has ("KIBORILONI HEALTH CENTRE") or a
    given name ("ST MARY'S HOSPITAL"); "COMMUNITY MENTAL HEALTH CENTRE" and "EYE CLINIC" are a heading's kind of
    place, whose words are all the dictionary's."""
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.brands import english_words

    title = match.title()
    words = [re.sub(r"['’]s$", "", w.lower()) for w in re.findall(r"[^\W\d_]+(?:['’]s)?", title)]
    own = any(w not in english_words() or w in given_name_words() for w in words[:-1])
    return own and _named_facility(title)


#: heads that open a facility's name in our users' other languages: "Hospital Quirónsalud Sur", "Clínica
#: Fisiomed Carabanchel", "Klinikum Nürnberg", "Centro de Salud Vista Alegre"
_FACILITY_HEAD_FIRST = (
    r"(?:Hospital|Hôpital|Ospedale|Cl[ií]nica|Clinique|Policl[ií]nica|Klinikum|Klinik|Sanatorio|"
    r"Centro[ \t]+(?:de[ \t]+)?Salud|Centre[ \t]+Hospitalier|Centro[ \t]+Médico|Centro[ \t]+Medico)"
)
_FACILITY_JOINER = r"(?:de|del|la|las|los|do|da|dos|das|di|du|des|am|an|der)"
_FACILITY_WORD = r"\p{Lu}[\p{L}'’.-]*"
#: words that name a kind of facility, not one facility ("General Hospital", "Community Health Centre")
_GENERIC_FACILITY_WORDS = frozenset(
    "medical health general primary care community mental dental family children's children’s university "
    "teaching royal nhs private public local district regional national state city county day main new old learning early "
    "the a an our your his her their my".split()
)


def _named_facility(match: str) -> bool:
    words = match.split()
    head = 2 if words[-1] == "Home" or (words[-1] in ("Centre", "Center") and len(words) > 2
                                        and words[-2].lower() in _GENERIC_FACILITY_WORDS) else 1
    named = [w for w in words[:-head] if w.lower() not in _GENERIC_FACILITY_WORDS]
    joined = " ".join(words)
    if (words[-1] in _SERVICE_HEADS or joined.endswith(_SERVICE_HEADS_MULTI)
            or (words[-1] in ("Centre", "Center") and head == 1)):
        # "Riverbend Sleep Centre", "Bayside Paediatrics": a word of a place's own, where "Leisure Centre", "Minor
        # Injuries Centre", "Pelvic Floor Physiotherapy" and "MSK Physiotherapy" name a service every town has
        # and "Zendesk Help Center" a product's page
        return any(_own_name_word(w) for w in named)
    return bool(named)


#: heads that also end the name of a service ("Developmental Paediatrics", "Adult Mental Health Team")
_SERVICE_HEADS = frozenset({"Paediatrics", "Pediatrics", "Physiotherapy"})
_SERVICE_HEADS_MULTI = ("Family Medicine", "Health Team", "Medical Group", "Physical Therapy", "Dental Care", "Urgent Care")


def _own_name_word(word: str) -> bool:
    """A word only a name writes: in no English dictionary, not an acronym, no brand ("Riverbend", "Bayside")."""
    from privrag.keep.brands import brand_titles, english_words, singular_forms

    clean = word.strip("'’.,-")
    if len(clean) <= 2 or clean.isupper() or clean in brand_titles():
        return False
    # "Injuries", "Walk-In": a plural or a compound of dictionary words is no name either
    words = english_words()
    return not all(any(f in words for f in singular_forms(p.lower())) for p in clean.split("-") if p)


def _named_after_head(match: str) -> bool:
    """"Hospital Quirónsalud Sur": a word after the head that no English dictionary holds names the
    place, and so does a person's name ("Hospital Carlos Monge Medrano"); "Hospital Discharge Summary" and
    "Clinic Letter" are a document's headings."""
    from privrag.detect.recognizers_first_names import given_name_words, rare_in_our_languages
    from privrag.keep.brands import english_words
    from privrag.keep.vocab import zipf

    words = [w for w in re.findall(r"[^\W\d_]+", match)[1:] if w[:1].isupper() and not w.isupper()]
    # "Hospital Carlos Monge Medrano": a facility named after a person, a given name and a surname after the head
    if len(words) >= 2 and words[0].lower() in given_name_words():
        return True
    # "Klinik Aufnahme", "Hospital Universitario": a word its own language writes every day is a heading's
    return any(w.lower() not in english_words() and w.lower() not in _GENERIC_FACILITY_WORDS
               and zipf(w.lower()) < 3.0 and rare_in_our_languages(w.lower()) for w in words)


#: capitalised words that open a sentence or a greeting, not a company's name
_NOT_COMPANY_WORD = r"(?:The|A|An|And|Of|For|At|In|On|With|By|To|From|Dear|Hi|Hello|Thanks|Regards|Best)"


def employer_recognizer() -> ContextPatternRecognizer:
    """Employers: "I work for Socrata", "she worked at Wolters Kluwer", "employed by 48 Factoring Inc".

    An employer names a small group a person belongs to; unknown start-ups
    ("Socrata", "Xignite") are what spaCy-sm and the shipped GLiNER miss in
    prose. One to four capitalised words (or a number first, "48 Factoring
    Inc") right after the verb; "the", a lowercase word or a line end stops it.
    Also the owner of a web site or app ("according to the Brightwave website"),
    and a registered company anywhere: one to four capitalised words and a legal
    form ("Brightwave Analytics Ltd" under a signature, "Feldmann Präzisionstechnik
    GmbH") — the form says a company is named, and a company in a letter or a
    record is most often someone's employer or supplier.
    A named facility too: capitalised words and the head of a practice, a
    hospital or a school ("Ithon Valley Surgery", "Westcroft Health Centre") —
    where a patient is registered or a child goes to school locates them; a
    name made only of generic words ("General Hospital", "Community Health
    Centre") names no one place.
    Its label is a guess (the default detector lets a model's label win an
    overlap: "worked for Mr Smith" stays a person).
    """
    verb = r"(?:work|works|worked|working)\s+(?:for|at)|employed\s+(?:by|at)|(?:an?\s+)?employee\s+of"
    name = rf"(?!{_NOT_EMPLOYER}\b)(?:\d+\s)?{_ORG_WORD}(?:[ \t](?:&[ \t])?{_ORG_WORD}){{0,3}}"
    # "according to the Brightwave website": a capitalised name before the site or app it runs
    site = r"(?:website|web[ \t]site|homepage|home[ \t]page|app|blog|newsletter)"
    owned = rf"(?!{_NOT_EMPLOYER}\b){_ORG_WORD}(?:[ \t](?:&[ \t])?{_ORG_WORD}){{0,3}}"
    word = rf"(?!{_NOT_COMPANY_WORD}\b)\p{{Lu}}[\w'’&.-]*"
    # a connector of a Romance, Dutch or German firm's name may join its words ("Tecnologías del Norte S.A. de C.V.")
    joiner = r"(?:&|de|del|la|las|los|y|e|da|do|das|dos|di|van|von|und)"
    company = rf"{word}(?:[ \t]+(?:{joiner}[ \t]+)?{word}){{0,3}}[ \t]+{_LEGAL_FORM}"
    return ContextPatternRecognizer(
        "ORGANIZATION",
        [Rule("employer", rf"(?<=\b(?i:{verb})\s){name}(?<![.'’])", 0.6, case_sensitive=True),
         # "Employer: Emirates NBD (relationship manager)": a form's employer field, in our users' languages too
         Rule("employer_field", rf"(?<=\b(?i:{EMPLOYER_FIELDS})[ \t]*:[ \t]{{0,12}})(?!{_NO_EMPLOYER}){name}(?<![.'’])", 0.6,
              case_sensitive=True),
         Rule("registered", rf"(?<![\w&'’.-]){company}(?![\w-])\.?", 0.6, case_sensitive=True),
         # Indonesia's "PT Sinar Mitra Niaga", "CV Maju Jaya": the legal form before the name
         Rule("registered_prefix", r"(?<![\w&'’.-])(?:PT|CV)\.?[ \t]+(?:[A-Z][\w&'’-]*[ \t]+){0,3}[A-Z][\w&'’-]*(?:[ \t]+Tbk\.?)?"
                                   r"(?![\w-])", 0.6, validator=_prefixed_firm, case_sensitive=True),
         Rule("facility", rf"(?<![\w'’-])(?:{_FACILITY_WORD}[ \t]+){{1,4}}{_FACILITY_HEAD}(?![\w-])", 0.55,
              validator=_named_facility, case_sensitive=True),
         # "KIBORILONI HEALTH CENTRE", "ST MARY'S HOSPITAL": a letterhead writes the name in capitals
         Rule("facility_caps", rf"(?<![\w'’-])(?:(?!{_CAPS_FUNCTION_WORD}[ \t])\p{{Lu}}[\p{{Lu}}'’.-]*[ \t]+){{1,4}}"
                               rf"{_FACILITY_HEAD_CAPS}(?![\w-])", 0.55, validator=_named_in_capitals, case_sensitive=True),
         Rule("facility_head_first", rf"(?<![\w'’-]){_FACILITY_HEAD_FIRST}(?:[ \t]+(?:{_FACILITY_JOINER}[ \t]+)?"
                                     rf"{_FACILITY_WORD}){{1,4}}(?![\w-])", 0.55, validator=_named_after_head,
              case_sensitive=True),
         Rule("site_owner", rf"(?<=\b(?i:the)[ \t]){owned}(?<!['’]s)(?=(?:['’]s)?[ \t]+{site}\b)", 0.6, _ends_named,
              case_sensitive=True)],
        name="privrag_employer",
    )


def _prefixed_firm(match: str) -> bool:
    """A firm's name after "PT" or "CV" holds two words no English dictionary has, or its "Tbk" ("PT Sinar Mitra
    Niaga"); "PT Initial Evaluation" and "PT McKenzie Assessment" are a physiotherapist's note."""
    from privrag.keep.brands import english_words

    words = match.replace(".", " ").split()[1:]
    foreign = [w for w in words if w.lower() not in english_words()]
    # two words no dictionary has: "PT McKenzie Assessment" (a method) or "CV Europass Template" holds one
    return len(words) >= 2 and (words[-1] == "Tbk" or len(foreign) >= 2)


def _ends_named(match: str) -> bool:
    """First and last word no stop word ("Lloyd And Partners" is a name; "The" alone is not)."""
    words = match.lower().split()
    return bool(words) and words[0] not in english_stop_words() and words[-1] not in english_stop_words()
