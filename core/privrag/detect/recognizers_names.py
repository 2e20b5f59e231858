"""Person names found by their cue: an honorific, an introduction, a kinship word, a byline.

spaCy's small model and the shipped GLiNER miss rare and non-English names
even right after "Mr" ("a Turkish national, Mr Cahit Yetkinsekerci"), and
single first names in chat ("My name is Eliane", "my kid Agi"); the cue in
front is reliable where the model is not. The cue itself is never part of
the match (it identifies no one).
"""

from __future__ import annotations

import re
from typing import Any

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule, english_stop_words

__all__ = ["bracketed_nickname", "EXPORT_STAMP", "AUTHOR_END", "PERSON_FIELDS", "STAFF_FIELDS", "titled_person_recognizer", "lowercase_intro_recognizer", "LowercaseIntroRecognizer"]

_NAME_WORD = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]*[\w]"
_PARTICLE = r"(?i:van|von|de|der|den|da|das|dos|do|di|du|la|le|del|della|ben|bin|binti|binte|bte|al|el|ter|zu|v\.[ \t]?d\.|v/d)"


_KIN_WORD = (r"(?:kid|son|daughter|wife|husband|brother|sister|mother|father|mom|mum|dad"
             r"|friend|boss|partner|cousin|uncle|aunt|nephew|niece|grandson|granddaughter|grandmother|grandfather"
             r"|neighbou?r|colleague|boyfriend|girlfriend|fianc[ée]e?|widow|widower)")
#: "my son Jack", "her husband Ahmet": a capitalised word right after a possessive and a kinship or
#: social role is a name
#: — and after an article or "with" with up to two describing words ("with regular female partner Precious")
_KIN = rf"(?:(?:my|his|her|our|their)\s+|(?:a|the|with)\s+(?:[a-z-]+\s+){{0,2}}){_KIN_WORD}"
#: the date and time that open a line of an exported chat: "07/01/2025 08:12", "[07/01/2025, 08:12:33]",
#: "1/7/25, 8:12 PM"
#: "Mon 6/9 9:14 PM" (a portal's weekday, no year), "[Fri 07:12]" (the weekday alone), "2025-04-07 09:40"
#: "7:42 PM  destiny:" — a live chat's transcript may stamp the time alone
EXPORT_STAMP = (r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{0,6}\.?,?[ \t]+)?"
                 r"(?:(?:\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|\d{4}-\d{2}-\d{2}),?[ \t]+)?\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?")
#: what may follow a chat author before the colon: a role (", RN") or a team in brackets ("(2nd Level)");
#: the colon may end the line
AUTHOR_END = r"(?=(?:,[ \t]*[A-Za-z][\w.]{0,12}(?:[ \t][\w.]{1,12}){0,2}|[ \t]*\([^)\n]{1,40}\))?:(?:[ \t]|$))"
#: how a letter or an e-mail takes its leave, the line before the signer's name
_VALEDICTION = (r"yours[ \t]+(?:sincerely|faithfully|truly)|sincerely(?:[ \t]+yours)?|(?:kind|best|warm|warmest|many)[ \t]+"
                r"(?:regards|wishes|thanks)|regards|best|thanks(?:[ \t]+again)?|thank[ \t]+you|cheers|with[ \t]+thanks|"
                r"respectfully|cordially|warmly|take[ \t]+care|all[ \t]+the[ \t]+best|"
                # the sign-offs of our users' other languages: German, Dutch, French, Spanish, Italian,
                # Portuguese, Polish and the Nordic ones
                r"mit[ \t]+freundlichen[ \t]+gr(?:ü|ue)(?:ß|ss)en|(?:viele|beste|liebe|freundliche)[ \t]+gr(?:ü|ue)(?:ß|ss)e|"
                r"(?:met[ \t]+)?(?:vriendelijke|hartelijke)[ \t]+groet(?:en)?|(?:bien[ \t]+)?cordialement|bien[ \t]+à[ \t]+vous|"
                r"(?:un[ \t]+)?saludos?(?:[ \t]+cordiales)?|atentamente|(?:cordiali|distinti)[ \t]+saluti|atenciosamente|"
                r"pozdrawiam|z[ \t]+poważaniem|(?:med[ \t]+)?vänlig(?:a)?[ \t]+hälsning(?:ar)?|med[ \t]+venlig[ \t]+hilsen|"
                r"(?:med[ \t]+)?vennlig[ \t]+hilsen|ystävällisin[ \t]+terveisin")
#: verbs of a quoted exchange: "said Marta to Ilkka" names the speaker and the one spoken to
_SAID = r"(?:said|asked|replied|answered|whispered|shouted|cried|wrote)"


#: honorifics a name follows, in our users' languages: English, French, German, Italian, Spanish and
#: Portuguese ("Dra." a woman doctor, "Sra." a married woman), Italian ("Dott.ssa", "Sig.ra") and Dutch
#: ("Dhr.", "Mevr."); not "Sr", which is "Senior" in a job title as often as "Señor"
TITLES = (r"Mr|Mrs|Ms|Miss|Mx|Dr|Dra|Prof|Professor|Judge|Justice|Sir|Dame|Lord|Lady|Mme|Mlle|Herr|Frau|Signor|Señor"
          r"|Sra|Srta|Dña|Dott\.ssa|Dott|Sig\.ra|Dhr|Mevr")
#: a word in capitals that is no joining word ("CASE OF AHMET YILMAZ v. TURKEY": the name is "AHMET YILMAZ")
_CAPS_WORD = r"(?!(?:AND|OF|THE|V|VS|IN|ON|AT|FOR|TO|BY|FROM|WITH)\b)[A-Z][A-Z'’-]+"


#: the digraphs some languages write an initial with (Catalan, Welsh, English, Hungarian)
_DIGRAPH = r"(?:Ll|Ch|Ph|Sh|Th|Gy|Sz|Zs|Cs|Ny)"


def _name_pattern(space: str) -> str:
    """One to four name words (initials and particles allowed), words joined by ``space``."""
    # an initial may be a digraph: Catalan "M. Ll. Pastor", Welsh "Ch. Roberts", Hungarian "Gy. Nagy" — only
    # those ("Mrs Li. She was fine" is a name and a sentence)
    return (rf"(?:(?:(?:[A-Z]|{_DIGRAPH})\.{space}?){{1,3}}{space}?)?{_NAME_WORD}"
            rf"(?:{space}(?:{_PARTICLE}{space}){{0,2}}(?:{_NAME_WORD}|[A-Z]\.|[A-Z](?={space}{_NAME_WORD}))){{0,3}}")


def titled_person_recognizer() -> ContextPatternRecognizer:
    """Names after an honorific or an introduction: "Mr Cahit Yetkinsekerci", "Mrs A. Christou",
    "Dr. Justin Beet", "my name is Ludmiła", "everyone calls me Antti", "her maiden name is Vida",
    "my son Jack", "Directed By:    Jana Vítková", "last name? Boyle", "Aino's daughter",
    "said Marta to Ilkka", "Jaroslav lives on …".

    spaCy's small model misses many non-English names even in "a Turkish
    national, Mr …", and single first names in chat ("My name is Eliane");
    the honorific or the introduction is a reliable cue. Neither is part of
    the match (they identify no one). The cues added for chat and credits
    (kinship, bylines, "last name?", a kinship's owner, the two sides of "said X
    to Y", the subject of "lives on/in") are weaker: their names stay on one line
    and never start with a stop word ("her son In 2003", "full name? Please").
    """
    titles = TITLES
    intro = (r"my\s+name\s+is|my\s+name's|(?:first|last|maiden|family|middle)\s+name\s+is|surname\s+is"
             r"|calls?\s+me|called\s+me|call\s+him|call\s+her|named\s+(?:him|her)|i\s+am\s+called")
    asked = r"(?:first|last|family|full)\s+name\?"
    nick = (r"prefers(?:[ \t]+to[ \t]+be[ \t]+called)?|(?:asks|asked|likes|wants|wishes)[ \t]+to[ \t]+be[ \t]+called"
            r"|known[ \t]+as|goes[ \t]+by|nicknamed")
    byline = r"(?:directed|written|produced|posted|authored|composed)\s+by:?"
    field = "|".join(re.escape(p).replace(r"\ ", r"[ \t]+") for p in sorted(PERSON_FIELDS, key=len, reverse=True))
    staff = "|".join(re.escape(p).replace(r"\ ", r"[ \t]+") for p in sorted(STAFF_FIELDS, key=len, reverse=True))
    name = _name_pattern(r"\s")
    line_name = _name_pattern("[ \t]")
    return ContextPatternRecognizer(
        "PERSON",
        # "Dr I Haq", "Mr A B Khan": initials written without their dots, as British letters do; a surname's
        # particle may open the name ("Mevr. de Vries", "Mme de la Tour", "Herr von Trapp")
        [Rule("titled", rf"(?<=\b(?:{titles})\.?\s{{1,2}})(?:[A-Z][ \t]){{0,2}}(?:{_PARTICLE}[ \t]){{0,2}}{name}(?<!\.)", 0.7,
              case_sensitive=True),
         # 'not "Mrs F"', "Dr K said": a titled person written with the initial of their surname only (not the
         # pronoun: "the Mr I think was here")
         Rule("titled_initial", rf"(?<=\b(?:{titles})\.?[ \t]{{1,2}})(?!I\b)[A-Z](?![\w&'’-]|\.[ \t]?[A-Z])", 0.6,
              case_sensitive=True),
         Rule("introduced", rf"(?<=\b(?i:{intro})\s{{1,2}}){name}(?<!\.)", 0.6, case_sensitive=True),
         # '57yo man (prefers "Will")', "known as Bill": the name a person goes by — quoted, or a given name
         Rule("nickname", rf"(?<=\b(?i:{nick})[ \t]{{1,2}}){line_name}(?<!\.)", 0.6, _nickname, case_sensitive=True),
         Rule("nickname_quoted", rf"(?<=\b(?i:{nick})[ \t]{{1,2}}[\"“‘']){line_name}(?=[\"”’'])", 0.6,
              case_sensitive=True),
         # 'mrs. Van der Wal ("Joke")': the name a titled person goes by, quoted in brackets after their name
         # — not a contract's defined role ('Mr Tom Reid ("Employee")')
         Rule("nickname_bracketed", rf"(?<=\b(?i:{titles})\.?[ \t]{{1,2}}{line_name}[ \t]*\([ \t]*[\"“‘']){_NAME_WORD}"
                                    rf"(?=[\"”’'][ \t]*\))", 0.6, bracketed_nickname, case_sensitive=True),
         # "Name: Aoife" — the value stays on the label's line ("Name: Aoife\nDOB: …")
         Rule("named", rf"(?<=\b(?i:name)(?:[ \t]*\([^()\n]{{1,20}}\))?:[ \t]{{1,2}}){line_name}(?<!\.)", 0.6, case_sensitive=True),
         # "Name (Chinese): 梁凱欣": a name in Chinese characters, Japanese kanji or Korean hangul after a name's label
         Rule("named_cjk", r"(?<=(?:(?<!(?i:file|company|product|project|user|host|brand|business|trading|display|"
                           r"domain|model|app|device|network|account|school|hospital)[ \t])\b(?i:name)|姓名|氏名|名前|이름)"
                           r"(?:[ \t]*\([^()\n]{1,20}\))?[ \t]*[:：][ \t　]{0,12})[\p{Han}\p{Hangul}]{2,5}"
                           r"(?![\p{Han}\p{Hangul}])", 0.6),
         Rule("asked", rf"(?<=\b(?i:{asked})[ \t]{{1,2}}){line_name}(?<!\.)", 0.6, _no_stop_word,
              case_sensitive=True),
         Rule("kin", rf"(?<=\b(?i:{_KIN})[ \t]){line_name}(?<!\.)", 0.6, _no_desk_word, case_sensitive=True),
         Rule("byline", rf"(?<=\b(?i:{byline})[ \t]{{1,8}}){line_name}(?<!\.)", 0.6, _no_stop_word,
              case_sensitive=True),
         # "Paciente: Maria das Graças Nogueira", "Employee: Tomasz Wójcik": a form field that holds a person
         # — and a log's key=value ('nome="JOAO PEDRO DA SILVA SANTOS"')
         Rule("field", rf"(?<=(?<![\w-])(?i:{field})(?:[ \t]*:[ \t]{{1,12}}|=[\"']?)){line_name}(?<!\.)", 0.6, _field_name,
              case_sensitive=True),
         # "Patient: HENSLEY, Raymond D.", "Name: Smith, John": a field's value with the surname first, as
         # records, wristbands and rosters write it, when a given name follows the comma
         Rule("field_surname_first", rf"(?<=(?<![\w-])(?i:{field}|{staff})[ \t]*:[ \t]{{1,12}})(?:{_CAPS_WORD}|{_NAME_WORD}),"
                                     rf"[ \t]{{1,2}}{line_name}(?<!\.)", 0.6, _surname_first, case_sensitive=True),
         # "Anders Nyqvist" on a line of its own (a letter signed without a sign-off, a CV's header): a given
         # name, then name words of which the last is no dictionary's word, and nothing else on the line
         Rule("name_line", rf"(?m)^[ \t]*\K{_NAME_WORD}(?:[ \t]{_NAME_WORD}){{1,2}}(?=[ \t]*$)", 0.55, _name_line,
              case_sensitive=True, in_context=_not_written_as_a_word),
         # "Nurse: Bronwyn Tapsell RN", "Approved by: Théo Marchand": a staff role field holds a
         # person when its value opens with a given name (a role field may also name a service)
         Rule("staff_field", rf"(?<=(?<![\w-])(?i:{staff})[ \t]*:[ \t]{{1,12}}){line_name}(?<!\.)", 0.6,
              _given_name_first, case_sensitive=True),
         # "07/01/2025 08:12 - Beata Nowicka: good morning", "[07/01/2025, 08:12:33] Tom Reid: ok": the
         # author of a line of an exported chat (WhatsApp and the like), when it opens with a given name
         # ("Reception:" is a desk)
         Rule("chat_export_author", rf"(?m)^\[?{EXPORT_STAMP}\]?[ \t]*(?:[-–][ \t]*)?\K{line_name}{AUTHOR_END}", 0.6,
              _chat_author, case_sensitive=True),
         # "Mon 6/9 9:14 PM - dani:": a patient types their own name in lower case
         Rule("chat_export_author_lower", rf"(?m)^\[?{EXPORT_STAMP}\]?[ \t]*(?:[-–][ \t]*)?\K[a-z][a-z'’-]+[a-z]{AUTHOR_END}",
              0.6, _given_name_word, case_sensitive=True),
         # 'Dolores "Dee" Pruitt', "Robert 'Bob' Hale": a quoted nickname between a given name and a
         # surname makes the three one person
         Rule("quoted_nickname", rf"(?<![\w.'’]){_NAME_WORD}[ \t]+[\"“‘']{_NAME_WORD}[\"”’'][ \t]+{_NAME_WORD}(?![\w'’-])",
              0.6, _given_name_first, case_sensitive=True),
         # "Yours sincerely,\n\nSunita Chauhan": the line under a letter's or an e-mail's sign-off is the
         # one who signs it, when it is a name's shape and no desk's, team's or job's
         Rule("signer", rf"(?m)^[ \t]*(?i:{_VALEDICTION})[ \t]*[,.!]?[ \t]*\n(?:[ \t]*\n)?[ \t]*\K{line_name}(?=[ \t]*,?[ \t]*$)",
              0.6, _signer, case_sensitive=True),
         # "From: Lim Siew Mei <siewmei.lim@…>", '"Darren Ong" <darren.ong@…>': the name an e-mail address
         # is shown under, when it has a name's shape and no desk's, team's or firm's word
         Rule("display_name", rf"(?<![\w.'’@]){line_name}(?=[\"”]?[ \t]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>)", 0.6, _display_name,
              case_sensitive=True),
         # "Opay acct 8123094456 - CHUKWUEMEKA O. BELLO - ₦250,000": a name in capitals, as bank transfers,
         # forms and boarding passes write it, when it opens with a given name and holds no word of a desk
         Rule("capitals", rf"(?<![\w.'’]){_CAPS_WORD}(?:[ \t]+(?:[A-Z]\.|{_CAPS_WORD})){{1,3}}(?![\w'’-])", 0.55,
              _capitals_name, case_sensitive=True),
         # "… prepared by Dr. Cho. - T.F.": the initials a note's writer signs it with, after a dash at the
         # end of its line
         Rule("signed_initials", r"(?m)(?<=[.!?)][ \t]{1,3}[-–—][ \t]{0,2})(?!(?:U\.S|U\.K|E\.U|N\.B|P\.S|A\.M|P\.M|"
                                 r"U\.N|D\.C)\.(?![A-Z]))(?:[A-Z]\.){2,3}(?=[ \t]*$)", 0.55, case_sensitive=True),
         # "… just WhatsApp me first.\nP.": a message signed with an initial on a line of its own
         Rule("signed_initial_line", r"(?m)(?<=[.!?][ \t]*\n[ \t]*)(?!(?:N\.B|P\.S)\.)(?:[A-Z]\.){1,3}(?=[ \t]*(?:\n[ \t]*\n|\n?\Z))",
              0.55, case_sensitive=True),
         # "Sunita here from reception", "Hi, Tom here.": a chat's or a call's writer introducing themselves
         Rule("here_intro", rf"(?<![\w.'’]){line_name}(?=[ \t]+here(?:[ \t]+(?:from|at|with|on)\b|[ \t]*[,.!]))", 0.6,
              _here_name, case_sensitive=True),
         # "Aan: R. Hoekstra, huisarts", "cc J.P. Visser": initials before a surname of our name lists that no
         # dictionary holds
         Rule("initials_surname", rf"(?<![\w.'’])(?:[A-Z]\.[ \t]?){{1,3}}{_NAME_WORD}(?![\w'’-])", 0.55, _initials_surname,
              case_sensitive=True),
         # "Bed 12 - Tan Ah Huat, 82M", "Siti Nurhaliza bte Osman, 57F", "Joe Bloggs (45 y/o)": the
         # age and sex a ward list or a handover writes after a patient's name
         Rule("age_sex_after", rf"(?<![\w.'’]){line_name}(?=[ \t]*[,(][ \t]*\d{{1,3}}[ \t]?(?:[MF]|yo|y/o|yrs?[ \t]+old|years?[ \t]+old)\b)",
              0.6, _no_stop_word, case_sensitive=True),
         # "Siblings in home: Summer, 4 yrs": a given name with an age in years, as a form lists children
         # ("Java, 8 yrs" in a CV is no given name)
         Rule("given_name_age", rf"(?<![\w.'’])(?<!\b(?i:in|at|from|to|near)[ \t]){_NAME_WORD}(?=,[ \t]*\d{{1,2}}[ \t]?yrs?\b)", 0.6,
              _given_name_word, case_sensitive=True),
         # "Aino's daughter", "Jan Novak's widow": the owner of a kinship is a person
         Rule("kin_owner", rf"(?<![\w.'’])(?![A-Z]['’]\w{{1,2}}\b){line_name}(?=['’]s[ \t]+(?i:{_KIN_WORD})\b)", 0.6, _no_contraction,
              case_sensitive=True),
         # "Summer and Reece's mum": both owners of a kinship are persons
         Rule("kin_owner_pair", rf"(?<![\w.'’]){line_name}(?=[ \t]+and[ \t]+{_NAME_WORD}['’]s[ \t]+(?i:{_KIN_WORD})\b)", 0.6,
              _kin_owner_name, case_sensitive=True),
         # "Jaroslav lives on …": the one who lives somewhere
         Rule("resident", rf"(?<![\w.'’]){line_name}(?=[ \t]+(?:lives|lived)[ \t]+(?:on|in|at|near)\b)", 0.6,
              _no_contraction, case_sensitive=True),
         # "said Marta to Ilkka": the speaker and the one spoken to
         Rule("said_to", rf"(?<=\b{_SAID}[ \t]){line_name}(?=[ \t]+to[ \t]+{_NAME_WORD})", 0.6, _no_stop_word,
              case_sensitive=True),
         Rule("said_to_whom", rf"(?<=\b{_SAID}[ \t]{line_name}[ \t]+to[ \t]){line_name}(?<!\.)", 0.6,
              _no_stop_word, case_sensitive=True)],
        name="privrag_titled_person",
    )


class LowercaseIntroRecognizer(ContextPatternRecognizer):
    """Names typed in lower case after an introduction, in text written all in lower case.

    Chat is often typed without capitals ("my name is borna salazar but
    everyone calls me borna"); there the case cue of the other rules is gone.
    Only in such text, only after the unambiguous introductions, and never a
    stop word ("my name is not …", "they call me back"): in cased text a
    lowercase word after "my name is" is mostly not a name ("is spelled wrong").
    """

    def analyze(self, text: str, entities: list[str] | None = None, nlp_artifacts: Any = None,
                regex_flags: int | None = None) -> list[Any]:
        if any(c.isupper() for c in text):
            return []
        return super().analyze(text, entities, nlp_artifacts, regex_flags)


def lowercase_intro_recognizer() -> LowercaseIntroRecognizer:
    """See :class:`LowercaseIntroRecognizer`."""
    intro = r"my\s+name\s+is|my\s+name's|(?:everyone|people|they|friends)\s+calls?\s+me|i\s+am\s+called"
    word = r"[^\W\d_][\w'’-]*"
    return LowercaseIntroRecognizer(
        "PERSON",
        [Rule("introduced_lower", rf"(?<=\b(?:{intro})[ \t]){word}(?:[ \t]{word})?\b", 0.6, _no_stop_word)],
        name="privrag_lowercase_intro",
    )


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


def _given_name_first(match: str) -> bool:
    """The value opens with a given name ("Bronwyn Tapsell RN"), not a service ("TIS National")."""
    from privrag.detect.recognizers_first_names import first_names

    words = match.split()
    return bool(words) and _no_stop_word(match) and words[0].lower() in first_names()


#: words that make a signature line a desk, a team or a firm ("Customer Care", "The HR Team", "Acme Ltd")
_DESK_WORDS = frozenset(
    "team desk support service services care office department dept unit helpdesk helpline admin administration "
    "ltd llc inc plc gmbh ag sa bv nv corp co group clinic practice surgery hospital trust council board committee customer customers "
    "accounts payroll reception management academy school college university institute bank".split()
)


def _signer(match: str) -> bool:
    """The line under a sign-off names the signer when it has a name's shape: no stop word, no desk's or
    team's word, no job title ("Practice Manager"), and either a given name first or a word no
    dictionary holds ("Sunita Chauhan", "Priyanka"), not "Finance Operations"."""
    from privrag.detect.contact_blocks import occupation_head
    from privrag.detect.recognizers_first_names import given_name_words, person_name_words
    from privrag.keep.brands import english_words

    words = [w for w in match.split() if len(w.rstrip(".")) > 1]
    if not words or not _no_desk_word(match) or occupation_head(match):
        return False
    if words[0].lower() in given_name_words():
        return True
    dictionary = english_words()
    return any(w.lower() not in dictionary or w.lower() in person_name_words() for w in words)


def _display_name(match: str) -> bool:
    """The name an e-mail address is shown under is a person's when it opens with a given name ("Lim
    Siew Mei", "Murat Yıldız"), or is two words or more that no dictionary holds and no town is; a
    mailbox's ("Betriebsrat Bielefeld", "Claims Desk", "Acme Ltd") is not."""
    from privrag import gazetteer
    from privrag.detect.recognizers_cities import is_city
    from privrag.detect.recognizers_first_names import given_name_words

    if not _no_desk_word(match) or not _chat_author(match):
        return False
    words = match.split()
    return words[0].lower() in given_name_words() or not any(gazetteer.lookup(w) is not None or is_city(w) for w in words)


def bracketed_nickname(match: str) -> bool:
    """A quoted word in brackets after a titled person's name is the name they go by, unless it is a
    role a contract or a form defines them as ("Employee", "Tenant", "Contractor")."""
    from privrag.detect.contact_blocks import occupation_head

    low = match.lower()
    return (_no_desk_word(match) and low not in PERSON_FIELDS and low not in STAFF_FIELDS and not occupation_head(match)
            and low not in _DEFINED_ROLES)


#: the parties a contract or a letter defines by their role ('Ms Ana Dias ("the Landlord")')
_DEFINED_ROLES = frozenset(
    "landlord landlady tenant buyer seller vendor purchaser lender borrower employer employee contractor consultant "
    "client supplier licensor licensee lessor lessee guarantor claimant respondent applicant defendant plaintiff "
    "appellant party executor trustee beneficiary".split()
)


def _initials_surname(match: str) -> bool:
    """The word after the initials is a surname of our name lists and no dictionary's word ("Hoekstra",
    not "Paragraph", "Section" or "Smith", which a model finds itself)."""
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep.brands import english_words

    word = match.replace(".", " ").split()[-1].lower()
    return word in person_name_words() and word not in english_words()


def _capitals_name(match: str) -> bool:
    """A name in capitals: a given name no English word is first ("CHUKWUEMEKA", not "BLESSING" or "GRACE"),
    and every other word an initial, a name or no dictionary's word ("BELLO"); no desk's or firm's word."""
    from privrag.detect.recognizers_first_names import first_names, person_name_words
    from privrag.keep.brands import english_words

    words = match.split()
    if not _no_desk_word(match) or words[0].lower() not in first_names():
        return False
    dictionary = english_words()
    return all(len(w) == 2 and w.endswith(".") or w.lower() in person_name_words() or w.lower() not in dictionary
               for w in words[1:])


def _no_desk_word(match: str) -> bool:
    """No stop word and no word of a desk, a team or a firm ("the business partner Siemens AG")."""
    return _no_stop_word(match) and not any(w.lower().rstrip(".") in _DESK_WORDS for w in match.split())


def _given_name_word(match: str) -> bool:
    """A chat line's author typed in lower case is a given name, even one that is also a word
    ("destiny", "grace"): the author's place says a person is meant ("customer", "agent" are roles)."""
    from privrag.detect.recognizers_first_names import given_name_words

    words = match.split()
    return len(words) == 1 and _no_stop_word(match) and words[0].lower() in given_name_words()


#: a capitalised word English writes this often is a word before "here", not a name
_HERE_WORD_ZIPF = 3.0


def _here_name(match: str) -> bool:
    """Who says "X here": a given name first ("Tom here"), or capitalised words no dictionary holds ("Sunita
    here from reception"); "Click here", "Everyone here" and "Support here" are words."""
    from privrag.detect.recognizers_first_names import given_name_words
    from privrag.keep.brands import english_words
    from privrag.keep.vocab import zipf

    words = match.split()
    if not _no_stop_word(match):
        return False

    def word(w: str) -> bool:  # "Accounts", "Facilities", "Physio": a desk's name, a plural of one
        low = w.lower()
        singular = re.sub(r"ies$", "y", low) if low.endswith("ies") else low.removesuffix("s")
        return low in english_words() or singular in english_words() or zipf(low) >= _HERE_WORD_ZIPF

    return words[0].lower() in given_name_words() or (bool(english_words()) and all(
        w[:1].isupper() and not w.isupper() and not word(w) for w in words))


def _chat_author(match: str) -> bool:
    """A chat line's author is a person when the name opens with a given name ("Beata Nowicka"), or when
    every word of it is capitalised and in no dictionary ("Oğuz Demirci"); "Reception", "Fibrelane
    Support" and "IT Desk" are desks. The author's place says a person is meant, so a given name that is
    also a word counts ("Joy (Support):", "Will:")."""
    from privrag.detect.recognizers_first_names import given_name_words

    if _no_stop_word(match) and match.split()[0].lower() in given_name_words():
        return True
    from privrag.keep.brands import english_words

    words = match.split()
    dictionary = english_words()
    return (len(words) >= 2 and bool(dictionary) and _no_stop_word(match)
            and all(w[:1].isupper() and not w.isupper() and w.lower() not in dictionary for w in words))


def _surname_first(match: str) -> bool:
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
    return (bool(words) and words[0].lower() in given_name_words() and _no_desk_word(match.replace(",", " "))
            and (low in person_name_words() or (low not in english_words() and zipf_frequency(low, "en") < 3.0)))


def _name_line(match: str) -> bool:
    """A line that is only a name: a given name first, the last word no dictionary's and rare in English
    (Zipf < 3), no desk's or team's word ("Grace Period", "Mark Scheme" and "Victoria Falls" end with an
    English word). A job title ends with one too ("Anna Physiotherapist"), so a surname ending like a job's
    ("Nyqvist", "-ist") is still a name."""
    from wordfreq import zipf_frequency

    from privrag.detect.recognizers_first_names import first_names
    from privrag.keep.brands import english_words

    words = match.split()
    last = words[-1].lower()
    return (words[0].lower() in first_names() and _no_desk_word(match) and last not in english_words()
            and zipf_frequency(last, "en") < 3.0)


def _not_written_as_a_word(text: str, start: int, end: int) -> bool:
    """The line's last word is written nowhere else in the text in lower case: a surname never is
    ("Nyqvist"), an adjective of a heading is ("Dolores Articulares" … "dolores articulares")."""
    last = text[start:end].split()[-1].lower()
    return re.search(rf"(?<![\w'’-]){re.escape(last)}(?![\w'’-])", text) is None


def _field_name(match: str) -> bool:
    """A field's value is a name when it has two name words or starts with a given name:
    "Patient: Reports improvement" is a note, "Patient: Maria das Graças Nogueira" a person."""
    from privrag.detect.recognizers_first_names import first_names

    words = [w for w in match.split() if w[:1].isupper()]
    if not words or not _no_stop_word(match):
        return False
    return len(words) >= 2 or words[0].lower() in first_names()


def _nickname(match: str) -> bool:
    """'known as Bill': a name a person goes by when it starts with a given name (quoted, any word)."""
    from privrag.detect.recognizers_first_names import first_names

    return _no_stop_word(match) and match.split()[0].lower() in first_names()


def _kin_owner_name(match: str) -> bool:
    """No contraction and no desk's word ("the Mayor and Council's friend")."""
    return _no_contraction(match) and _no_desk_word(match)


def _no_contraction(match: str) -> bool:
    """No stop word and no contraction ("I'm Aino's daughter": the name is "Aino")."""
    return _no_stop_word(match) and not re.search(r"['’](?:m|ve|d|ll|re|s)\b", match, re.I)


def _no_stop_word(match: str) -> bool:
    """No word of the match is an English stop word ("her son In 2003", "my name is not …")."""
    return not any(w.lower() in english_stop_words() for w in match.split())
