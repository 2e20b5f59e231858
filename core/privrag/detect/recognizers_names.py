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

from privrag.detect.name_checks import (
    PERSON_FIELDS,
    STAFF_FIELDS,
    after_a_job_word,
    bracketed_nickname,
    capitals_name,
    chat_author,
    display_name,
    field_name,
    given_name_first,
    given_name_word,
    here_name,
    in_name_column,
    initials_surname,
    kin_owner_name,
    log_author,
    name_line,
    nickname,
    no_contraction,
    no_desk_word,
    no_stop_word,
    not_written_as_a_word,
    signed_name,
    signer,
    surname_first,
)
from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule

__all__ = ["KIN_WORD", "bracketed_nickname", "EXPORT_STAMP", "AUTHOR_END", "PERSON_FIELDS", "STAFF_FIELDS", "titled_person_recognizer", "lowercase_intro_recognizer", "LowercaseIntroRecognizer"]

_NAME_WORD = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’-]*[\w]"
_PARTICLE = r"(?i:van|von|de|der|den|da|das|dos|do|di|du|la|le|del|della|ben|bin|binti|binte|bte|al|el|ter|zu|v\.[ \t]?d\.|v/d)"


KIN_WORD = (r"(?:kid|son|daughter|wife|husband|brother|sister|mother|father|mom|mum|dad"
             r"|friend|boss|partner|cousin|uncle|aunt|nephew|niece|grandson|granddaughter|grandmother|grandfather"
             r"|neighbou?r|colleague|boyfriend|girlfriend|fianc[ée]e?|widow|widower)")
#: "my son Jack", "her husband Ahmet": a capitalised word right after a possessive and a kinship or
#: social role is a name
#: — and after an article or "with" with up to two describing words ("with regular female partner Precious")
_KIN = rf"(?:(?:my|his|her|our|their)\s+|(?:a|the|with)\s+(?:[a-z-]+\s+){{0,2}}){KIN_WORD}"
#: the date and time that open a line of an exported chat: "07/01/2025 08:12", "[07/01/2025, 08:12:33]",
#: "1/7/25, 8:12 PM"
#: "Mon 6/9 9:14 PM" (a portal's weekday, no year), "[Fri 07:12]" (the weekday alone), "2025-04-07 09:40"
#: a stamp's time of day: "10:14", "9:14:05 PM"
_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?"
#: "7:42 PM  destiny:" — a live chat's transcript may stamp the time alone
EXPORT_STAMP = (r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{0,6}\.?,?[ \t]+)?"
                rf"(?:(?:\d{{1,2}}[/.]\d{{1,2}}(?:[/.]\d{{2,4}})?|\d{{4}}-\d{{2}}-\d{{2}}),?[ \t]+)?{_CLOCK}")
#: a log entry's stamp: a date with its year, then a time ("05.03.2025 10:14", "2025-03-05 10:14")
_DATED_STAMP = rf"(?:\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}}|\d{{4}}-\d{{2}}-\d{{2}}),?[ \t]+{_CLOCK}"
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
#: ("Dhr.", "Mevr.", and the academic titles Dutch writes in lower case: "drs.", "dr.", "mr.", "ir.");
#: a chat's "dr" and "mr" too. Not "Sr", which is "Senior" in a job title as often as "Señor"
TITLES = (r"Mr|Mrs|Ms|Miss|Mx|Dr|Dra|Prof|Professor|Judge|Justice|Sir|Dame|Lord|Lady|Mme|Mlle|Herr|Frau|Signor|Señor"
          r"|Sra|Srta|Dña|Dott\.ssa|Dott|Sig\.ra|Dhr|Mevr|Drs|drs|dr|mr|ir(?=\.)")
#: a word in capitals that is no joining word ("CASE OF AHMET YILMAZ v. TURKEY": the name is "AHMET YILMAZ")
_CAPS_WORD = r"(?!(?:AND|OF|THE|V|VS|IN|ON|AT|FOR|TO|BY|FROM|WITH)\b)[A-Z][A-Z'’-]+"


#: the digraphs some languages write an initial with (Catalan, Welsh, English, Hungarian)
_DIGRAPH = r"(?:Ll|Ch|Ph|Sh|Th|Gy|Sz|Zs|Cs|Ny)"


#: dotted capitals that are no one's initials: places, "N.B.", "P.S.", times, "P.O. Box", a route or a scan
_NOT_INITIALS = (r"(?:U\.S|U\.K|E\.U|N\.B|P\.S|A\.M|P\.M|U\.N|D\.C|P\.O|A\.D|B\.C|"
                 # a route, a doctor or a scan written with dots: "given by I.V.", "referred by G.P.", "by C.T. scan"
                 r"I\.V|I\.M|G\.P|C\.T|M\.R\.I|M\.R|E\.D|E\.R|O\.T|P\.T|S\.C|R\.N|M\.D|N\.P|I\.C\.U|E\.C\.G|E\.E\.G)"
                 r"\.(?![A-Z])")

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
         Rule("nickname", rf"(?<=\b(?i:{nick})[ \t]{{1,2}}){line_name}(?<!\.)", 0.6, nickname, case_sensitive=True),
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
         Rule("asked", rf"(?<=\b(?i:{asked})[ \t]{{1,2}}){line_name}(?<!\.)", 0.6, no_stop_word,
              case_sensitive=True),
         Rule("kin", rf"(?<=\b(?i:{_KIN})[ \t]){line_name}(?<!\.)", 0.6, no_desk_word, case_sensitive=True),
         # "our cleaner Mere found …", "my driver Tunde": a person's own worker, named after the job word
         Rule("worker", rf"(?<=\b(?i:our|my|your|his|her|their)[ \t]+[a-z]+[ \t]){line_name}(?<!\.)", 0.6, no_desk_word,
              case_sensitive=True, in_context=after_a_job_word),
         # "| Bilal | son | 3 y |": a cell of a table's "Name" column that holds a name's words
         Rule("name_column", rf"(?<=\|[ \t]{{0,3}}){line_name}(?=[ \t]*\|)", 0.6, no_desk_word, case_sensitive=True,
              in_context=in_name_column),
         Rule("byline", rf"(?<=\b(?i:{byline})[ \t]{{1,8}}){line_name}(?<!\.)", 0.6, no_stop_word,
              case_sensitive=True),
         # "Paciente: Maria das Graças Nogueira", "Employee: Tomasz Wójcik": a form field that holds a person
         # — and a log's key=value ('nome="JOAO PEDRO DA SILVA SANTOS"')
         Rule("field", rf"(?<=(?<![\w-])(?i:{field})(?:[ \t]*:[ \t]{{1,12}}|=[\"']?)){line_name}(?<!\.)", 0.6, field_name,
              case_sensitive=True),
         # "Patient: HENSLEY, Raymond D.", "Name: Smith, John": a field's value with the surname first, as
         # records, wristbands and rosters write it, when a given name follows the comma
         Rule("field_surname_first", rf"(?<=(?<![\w-])(?i:{field}|{staff})[ \t]*:[ \t]{{1,12}})(?:{_CAPS_WORD}|{_NAME_WORD}),"
                                     rf"[ \t]{{1,2}}{line_name}(?<!\.)", 0.6, surname_first, case_sensitive=True),
         # "Anders Nyqvist" on a line of its own (a letter signed without a sign-off, a CV's header): a given
         # name, then name words of which the last is no dictionary's word, and nothing else on the line
         Rule("name_line", rf"(?m)^[ \t]*\K{_NAME_WORD}(?:[ \t]{_NAME_WORD}){{1,2}}(?=[ \t]*$)", 0.55, name_line,
              case_sensitive=True, in_context=not_written_as_a_word),
         # "Nurse: Bronwyn Tapsell RN", "Approved by: Théo Marchand": a staff role field holds a
         # person when its value opens with a given name (a role field may also name a service)
         Rule("staff_field", rf"(?<=(?<![\w-])(?i:{staff})[ \t]*:[ \t]{{1,12}}){line_name}(?<!\.)", 0.6,
              given_name_first, case_sensitive=True),
         # "07/01/2025 08:12 - Beata Nowicka: good morning", "[07/01/2025, 08:12:33] Tom Reid: ok": the
         # author of a line of an exported chat (WhatsApp and the like), when it opens with a given name
         # ("Reception:" is a desk)
         Rule("chat_export_author", rf"(?m)^\[?{EXPORT_STAMP}\]?[ \t]*(?:[-–][ \t]*)?\K{line_name}{AUTHOR_END}", 0.6,
              chat_author, case_sensitive=True),
         # "05.03.2025 10:14 - Kasia (customer service)" ending its line: a CRM's or a ticket's log entry, its
         # date, its time and its author; the date is needed ("10:00 - Lunch (Room 4)" is an agenda's item)
         Rule("log_entry_author", rf"(?m)^\[?{_DATED_STAMP}\]?[ \t]*[-–][ \t]*\K{line_name}(?=(?:[ \t]*\([^)\n]{{1,40}}\))?[ \t]*$)",
              0.6, log_author, case_sensitive=True),
         # "Mon 6/9 9:14 PM - dani:": a patient types their own name in lower case
         Rule("chat_export_author_lower", rf"(?m)^\[?{EXPORT_STAMP}\]?[ \t]*(?:[-–][ \t]*)?\K[a-z][a-z'’-]+[a-z]{AUTHOR_END}",
              0.6, given_name_word, case_sensitive=True),
         # 'Dolores "Dee" Pruitt', "Robert 'Bob' Hale": a quoted nickname between a given name and a
         # surname makes the three one person
         Rule("quoted_nickname", rf"(?<![\w.'’]){_NAME_WORD}[ \t]+[\"“‘']{_NAME_WORD}[\"”’'][ \t]+{_NAME_WORD}(?![\w'’-])",
              0.6, given_name_first, case_sensitive=True),
         # "Yours sincerely,\n\nSunita Chauhan": the line under a letter's or an e-mail's sign-off is the
         # one who signs it, when it is a name's shape and no desk's, team's or job's
         Rule("signer", rf"(?m)^[ \t]*(?i:{_VALEDICTION})[ \t]*[,.!]?[ \t]*\n(?:[ \t]*\n)?[ \t]*\K{line_name}(?=[ \t]*,?[ \t]*$)",
              0.6, signer, case_sensitive=True),
         # "From: Lim Siew Mei <siewmei.lim@…>", '"Darren Ong" <darren.ong@…>': the name an e-mail address
         # is shown under, when it has a name's shape and no desk's, team's or firm's word
         Rule("display_name", rf"(?<![\w.'’@]){line_name}(?=[\"”]?[ \t]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>)", 0.6, display_name,
              case_sensitive=True),
         # "Opay acct 8123094456 - CHUKWUEMEKA O. BELLO - ₦250,000": a name in capitals, as bank transfers,
         # forms and boarding passes write it, when it opens with a given name and holds no word of a desk
         Rule("capitals", rf"(?<![\w.'’]){_CAPS_WORD}(?:[ \t]+(?:[A-Z]\.|{_CAPS_WORD})){{1,3}}(?![\w'’-])", 0.55,
              capitals_name, case_sensitive=True),
         # "… prepared by Dr. Cho. - T.F.": the initials a note's writer signs it with, after a dash at the
         # end of its line
         Rule("signed_initials", r"(?m)(?<=[.!?)][\"”’']?[ \t]{1,3}[-–—][ \t]{0,2})(?!" + _NOT_INITIALS + r")"
                                 r"(?:[A-Z]\.){2,3}(?=[ \t]*$)", 0.55, case_sensitive=True),
         # "Approved by A.W.", "signed off by J.K.L.": the initials of whoever signed, after "by"
         Rule("initials_after_by", r"(?<=\b(?:by|By|BY)[ \t])(?!" + _NOT_INITIALS + r")(?:[A-Z]\.){2,3}(?![\w])", 0.55,
              case_sensitive=True),
         # "… just WhatsApp me first.\nP.": a message signed with an initial on a line of its own
         Rule("signed_initial_line", r"(?m)(?<=[.!?][ \t]*\n[ \t]*)(?!(?:N\.B|P\.S)\.)(?:[A-Z]\.){1,3}(?=[ \t]*(?:\n[ \t]*\n|\n?\Z))",
              0.55, case_sensitive=True),
         # "… if that matters.\nCal": a message signed with a given name alone on its last line (or the last
         # before a quoted reply), under a sentence's end
         Rule("signed_name_line", rf"(?m)(?<=[.!?)][ \t]*\n(?:[ \t]*\n)?[ \t]*){_NAME_WORD}"
                                  r"(?=[ \t]*(?:\n?\Z|\n(?:[ \t]*\n)*[ \t]*(?:From:|On[ \t].{1,80}wrote:|-{3,}|>|Sent from)))",
              0.55, signed_name, case_sensitive=True),
         # "Sunita here from reception", "Hi, Tom here.": a chat's or a call's writer introducing themselves
         Rule("here_intro", rf"(?<![\w.'’]){line_name}(?=[ \t]+here(?:[ \t]+(?:from|at|with|on)\b|[ \t]*[,.!]))", 0.6,
              here_name, case_sensitive=True),
         # "Aan: R. Hoekstra, huisarts", "cc J.P. Visser": initials before a surname of our name lists that no
         # dictionary holds
         Rule("initials_surname", rf"(?<![\w.'’])(?!{_NOT_INITIALS}|Q\.I\.)(?:[A-Z]\.[ \t]?){{1,3}}{_NAME_WORD}(?![\w'’-])", 0.55,
              initials_surname,
              case_sensitive=True),
         # "Bed 12 - Tan Ah Huat, 82M", "Siti Nurhaliza bte Osman, 57F", "Joe Bloggs (45 y/o)": the
         # age and sex a ward list or a handover writes after a patient's name
         Rule("age_sex_after", rf"(?<![\w.'’]){line_name}(?=[ \t]*[,(][ \t]*\d{{1,3}}[ \t]?(?:[MF]|yo|y/o|yrs?[ \t]+old|years?[ \t]+old)\b)",
              0.6, no_stop_word, case_sensitive=True),
         # "Siblings in home: Summer, 4 yrs": a given name with an age in years, as a form lists children
         # ("Java, 8 yrs" in a CV is no given name)
         Rule("given_name_age", rf"(?<![\w.'’])(?<!\b(?i:in|at|from|to|near)[ \t]){_NAME_WORD}(?=,[ \t]*\d{{1,2}}[ \t]?yrs?\b)", 0.6,
              given_name_word, case_sensitive=True),
         # "Aino's daughter", "Jan Novak's widow": the owner of a kinship is a person
         Rule("kin_owner", rf"(?<![\w.'’])(?![A-Z]['’]\w{{1,2}}\b){line_name}(?=['’]s[ \t]+(?i:{KIN_WORD})\b)", 0.6, no_contraction,
              case_sensitive=True),
         # "Summer and Reece's mum": both owners of a kinship are persons
         Rule("kin_owner_pair", rf"(?<![\w.'’]){line_name}(?=[ \t]+and[ \t]+{_NAME_WORD}['’]s[ \t]+(?i:{KIN_WORD})\b)", 0.6,
              kin_owner_name, case_sensitive=True),
         # "Jaroslav lives on …": the one who lives somewhere
         Rule("resident", rf"(?<![\w.'’]){line_name}(?=[ \t]+(?:lives|lived)[ \t]+(?:on|in|at|near)\b)", 0.6,
              no_contraction, case_sensitive=True),
         # "said Marta to Ilkka": the speaker and the one spoken to
         Rule("said_to", rf"(?<=\b{_SAID}[ \t]){line_name}(?=[ \t]+to[ \t]+{_NAME_WORD})", 0.6, no_stop_word,
              case_sensitive=True),
         Rule("said_to_whom", rf"(?<=\b{_SAID}[ \t]{line_name}[ \t]+to[ \t]){line_name}(?<!\.)", 0.6,
              no_stop_word, case_sensitive=True)],
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
        [Rule("introduced_lower", rf"(?<=\b(?:{intro})[ \t]){word}(?:[ \t]{word})?\b", 0.6, no_stop_word)],
        name="privrag_lowercase_intro",
    )
