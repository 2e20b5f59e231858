"""Ages as forms, letters, ward lists and tables write them: "a 61-year-old", "aged 6", "(81 ans)",
"Age/Sex: 34 y / M", "Tan Ah Huat, 82M", a table's "Age" column.

Why: an age is a quasi-identifier in every scheme privrag follows (TAB's DEM/QUANTITY, Presidio's
AGE), and no model finds it reliably — spaCy reads "a 36 year old" as a date. A number alone is
never an age here: each rule needs a unit, a label, a date of birth, a person or a column that
says so.
"""

from __future__ import annotations

import regex

from privrag import gazetteer
from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule
from privrag.detect.table_columns import column_header, header_cells

__all__ = ["age_recognizer"]


#: relatives and pronouns an age is stated of ("Dad is 79")
_KIN_WORDS = (
    r"he|she|dad|mum|mom|father|mother|son|daughter|husband|wife|partner|brother|sister|"
    r"grandson|granddaughter|grandmother|grandfather|gran|nan|grandma|grandpa|patient"
)
_KIN = regex.compile(rf"(?i:{_KIN_WORDS})")
#: who an age is stated of: a pronoun, a relative, or a capitalised word that must be a given name
_AGE_SUBJECT = rf"(?:I|(?i:{_KIN_WORDS})|\p{{Lu}}\p{{Ll}}+)"
_SUBJECT_WORD = regex.compile(r"(\p{Lu}\p{Ll}+)\s\S+\s$")
#: the word before ", 58,"
_NAME_BEFORE = regex.compile(r"(\p{Lu}[\p{Ll}'’-]+|\p{Lu}{2,}[\p{Lu}'’-]*),[ \t]$")


def _after_a_name(text: str, start: int, end: int) -> bool:
    """The word before ", 58," is a given name or a surname ("Ahmed Hassan, 58,"), not a town."""
    m = _NAME_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return False
    from privrag.detect.recognizers_first_names import person_name_words

    return m.group(1).lower() in person_name_words() and gazetteer.lookup(m.group(1)) is None


#: the capitalised words of a name before ", 82M": "Tan Ah Huat, ", "Mr. Ramesh Jadhav, "
_NAME_WORDS_BEFORE = regex.compile(r"((?:\p{Lu}[\p{L}'’.-]*[ \t]+){0,3}\p{Lu}[\p{L}'’-]+),[ \t]$")


def _after_a_name_word(text: str, start: int, end: int) -> bool:
    """A name stands before ", 82M,": one of its one to four capitalised words is a given name or a surname
    ("Tan Ah Huat", "Ramesh Jadhav"); not "Block C", "Floor" or a brand's pipeline ("Tesco, 30M")."""
    m = _NAME_WORDS_BEFORE.search(text, max(0, start - 60), start)
    if m is None:
        return False
    from privrag.detect.recognizers_first_names import person_name_words

    names = person_name_words()
    words = [w.strip(".") for w in m.group(1).split()]
    return len(words) >= 2 and any(w.lower() in names and gazetteer.lookup(w) is None for w in words)


def _person_subject(text: str, start: int, end: int) -> bool:
    """The capitalised subject of "X is 88" is a given name ("Rose"), not "It" or "Total"."""
    m = _SUBJECT_WORD.search(text, max(0, start - 40), start)
    if m is None or _KIN.fullmatch(m.group(1)):
        return True  # a pronoun or a relative
    from privrag.detect.recognizers_first_names import given_name_words

    return m.group(1).lower() in given_name_words()


#: the word before " (2 yrs)"
_NAME_BEFORE_BRACKET = regex.compile(r"(\p{Lu}[\p{L}'’-]+)[ \t]\([ \t]?$")
#: the given name before a surname: "Joe " of "Joe Bloggs (45 y/o)"
_GIVEN_BEFORE = regex.compile(r"(\p{Lu}[\p{L}'’-]+)[ \t]+$")
#: a relative's word right before a name: "daughter Zosia", "son Bilal"
_KIN_BEFORE = regex.compile(rf"\b(?i:{_KIN_WORDS})[ \t]+$")


def _after_a_bracketed_name(text: str, start: int, end: int) -> bool:
    """A person's name stands before "(2 yrs)": a relative's word and a name ("daughter Zosia"), or a given
    name and a name word ("Joe Bloggs") — not "Carpenter (8 yrs)" in a CV's list of trades, or a town."""
    m = _NAME_BEFORE_BRACKET.search(text, max(0, start - 40), start)
    if m is None or gazetteer.lookup(m.group(1)) is not None:
        return False
    if _KIN_BEFORE.search(text, max(0, m.start() - 20), m.start()):
        return True  # "daughter Zosia (2 yrs)": a relative's name, whether or not our lists hold it
    from privrag.detect.recognizers_first_names import given_name_words, person_name_words

    g = _GIVEN_BEFORE.search(text, max(0, m.start() - 30), m.start())
    return (g is not None and g.group(1).lower() in given_name_words()
            and m.group(1).lower() in person_name_words())


#: a table header's cell that names an age column: "Age", "Age (y)", "Edad", "Età"
_AGE_HEADER = regex.compile(r"(?i:age|edad|idade|âge|alter|età|eta|umur|usia|wiek|leeftijd|ålder|alder|yaş)"
                            r"(?:[ \t]*\([^)|]{0,10}\))?")


#: a header cell of a table of people
_PEOPLE_HEADER = regex.compile(r"[ \t]*(?i:name|names|full[ \t]+name|patient|relation|relationship|sex|gender|m/f|"
                               r"member|child|contact|resident|employee|nombre|nome|naam)[ \t]*")


def _in_age_column(text: str, start: int, end: int) -> bool:
    """The cell is in the column a header row of the same table calls "Age", and the table lists people (a
    name, a relation, a sex column): "| Boiler | 12 |" under "Age" is a thing's age."""
    header = column_header(text, start)
    if header is None or _AGE_HEADER.fullmatch(header) is None:
        return False
    return any(_PEOPLE_HEADER.fullmatch(cell) for cell in header_cells(text, start))


#: "date of birth" in the other languages of our users' forms: "F. nac.", "Nasc.", "Né le", "geb.", "född"
_BIRTH_LABELS = (r"f\.[ \t]?nac\.?|fecha[ \t]+de[ \t]+nacimiento|nasc\.?|data[ \t]+de[ \t]+nascimento|"
                 r"data[ \t]+di[ \t]+nascita|né(?:e)?[ \t]+le|date[ \t]+de[ \t]+naissance|geb\.?|geboren(?:[ \t]+am)?|"
                 r"geboortedatum|född|født|urodzon[ya]|data[ \t]+urodzenia")
#: a date of birth and the bracket opened after it: "DOB: 02/11/1994 (", "born 3 March 1951 ("
_AFTER_BIRTH_DATE = (r"(?<=\b(?i:dob|d\.o\.b\.?|date\s+of\s+birth|born|" + _BIRTH_LABELS + r")\s{0,2}:?\s{0,3}"
                     r"(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}(?i:st|nd|rd|th)?\s\p{L}{3,9}\.?,?\s\d{4}|"
                     r"\p{L}{3,9}\.?\s\d{1,2}(?i:st|nd|rd|th)?,?\s\d{4})\s{0,2}\(\s?)")
#: how a bracketed age after a date of birth writes its unit, in our users' languages ("(81 ans)", "(29 J.)")
_AGE_UNIT = r"(?i:y|yrs?|years?|yo|y/o|ans|años|anos|anni|jahre|j\.|jaar|jr\.?|lat|år)"
#: the unit after an age, taken into its span: a letter's "(81 ans)" or "58 YEARS" is one value with its
#: number ("years old" too); never the start of another word ("y" of "yesterday")
_AGE_TAIL = (r"(?:[ \t]?(?i:y/o|yo|yrs?\.?|years?(?:[ \t-]old)?|y(?:[ \t]old)?|ans|años|anos|anni|jahre(?:[ \t]alt)?|"
             r"jaar(?:[ \t]oud)?|år|lat|lata|tahun|saal)(?![\w/]))?")
#: an age's label in our users' languages: "Edad: 7 años", "Umur: 57 tahun", "Âge : 81 ans", "Alter: 58"
_AGE_LABEL = r"(?i:edad|idade|âge|alter|leeftijd|ålder|alder|wiek|età|umur|usia|yaş)"
#: ages a letter spells out: "aged ten", "(age seven)"
_AGE_WORD = (r"(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
             r"sixteen|seventeen|eighteen|nineteen|twenty)")


#: the nouns of a person a Czech or Slovak age adjective stands before (a retired driver, a patient, a woman)
_CZ_PERSON = (r"(?:pacient(?:ka|ky|a|ovi)?|muž|muže|žena|ženy|chlapec|chlapce|dívka|dívky|dievča|dieťa|dítě|syn|dcera|"
              r"otec|matka|senior(?:ka)?|klient(?:ka)?|student(?:ka)?|zaměstnan(?:ec|kyně)|zamestnan(?:ec|kyňa)|řidič|vodič|"
              r"důchodce|dôchodca|pán|paní|pani|kojenec|novorozen(?:ec|ě)|prvorodička|rodička|nemocn(?:ý|á)|"
              r"man|woman|male|female|patient|boy|girl|gentleman|lady)\b")


def age_recognizer() -> ContextPatternRecognizer:
    """Ages: "36 years old", "a 61-year-old", "aged 54", "at the age of 42", "age: 23",
    "I just turned 54", "written when he was 78".

    The span is the age as a form or a letter writes it, with its unit ("a 61-year-old",
    "(81 ans)", "58 YEARS", "aged 6"), so that no word of it is sent apart; a label before it
    ("Age:", "Edad:") is not part of it. A number alone is never an age.
    """
    n = r"(?:1[0-2]\d|[1-9]?\d)"
    return ContextPatternRecognizer(
        "AGE",
        [
            Rule("years_old", rf"(?<![\w.,/-]){n}(?:[ \t-]+(?:years?|yrs?)[ \t-]+old|[ \t-]*(?:y/o|yo))(?![\w/])", 0.7),
            # Czech and Slovak write the age as an adjective before the person: "72letý pacient", "45-letá žena",
            # "8 ročný chlapec" (before a thing it is a duration: "5letá smlouva", "30letá fixace")
            Rule("years_old_adjective", rf"(?<![\w.,/-]){n}[ \t-]?(?:let(?:ý|á|é|ého|ou|ému|ým|ých)|ročn(?:ý|á|é|ého|ou))"
                                        rf"(?=[ \t]+(?:[a-zěščřžýáíéůúňťď]+[ \t]+)?{_CZ_PERSON})", 0.7),
            # "aged 6", "(age 7)", "aged ten": the phrase is the attribute, as forms and letters mark it
            Rule("aged_phrase", rf"(?<![\w-])(?:aged|age)[ \t]{{1,2}}(?:{n}|{_AGE_WORD}){_AGE_TAIL}(?![\w/-]|[.,]\d|:)",
                 0.7),
            Rule("aged", rf"(?=\d)(?<=\b(?:ages|age\s+of|age:)\s{{1,2}}){n}{_AGE_TAIL}(?![\w/-]|[.,]\d)", 0.7),
            # "Edad: 7 años", "Umur: 57 tahun": the label of another language of ours
            Rule("age_label", rf"(?=\d)(?<=(?<![\w-]){_AGE_LABEL}[ \t]{{0,2}}:[ \t]{{0,3}}){n}{_AGE_TAIL}(?![\w/-]|[.,]\d)",
                 0.7),
            # "I just turned 54", "I'll turn 52." — only where the number ends the clause or
            # a time word follows ("turned 90 degrees", "turn 5 pages" are not ages)
            Rule("turned", rf"(?=\d)(?<=\b(?:turn|turns|turned|turning)\s){n}"
                           rf"(?=\s*(?:[.,!;?)]|$)|\s+(?:today|tomorrow|this|next|last|on|in)\b)", 0.6),
            # "Rose is 88, lives alone", "Dad is 79, came to Bedford": a person, "is", a number that
            # ends the clause — how a letter states an age ("the fee is 88" has no person before it)
            Rule("stated", rf"(?=\d)(?<=\b{_AGE_SUBJECT}\s(?:is|was|['’]s)\s){n}"
                           rf"(?=\s*(?:[,.;]\s|\.?$)|\s+(?:now|today|and)\b)", 0.6, case_sensitive=True,
                 in_context=_person_subject),
            # "DOB: 02/11/1994 (29)": the age in brackets after a date of birth
            Rule("after_birth_date", rf"(?=\d){_AFTER_BIRTH_DATE}{n}(?:\s?{_AGE_UNIT})?(?=\))", 0.7),
            # "DOB: 07/22/2019 (4 y 8 m)": a child's age in years and months is one value
            Rule("after_birth_date_months", rf"(?=\d){_AFTER_BIRTH_DATE}{n}\s?(?i:y|yrs?|years?)\s?\d{{1,2}}\s?"
                                            r"(?i:m|mo|mos|months?)(?=\s?\))", 0.7),
            # "Sex/Age: F/52", "Age/Sex: 52/M": a form's field of both
            Rule("sex_age_field", rf"(?<=\b(?i:sex/age|age/sex|gender/age|age/gender)\s{{0,2}}:\s{{0,3}})"
                                  rf"(?:[MFmf]\s?/\s?{n}(?:\s?{_AGE_UNIT})?|{n}(?:\s?{_AGE_UNIT})?\s?/\s?[MFmf])(?![\w/])", 0.7),
            # "57 yrs M", "34 y / M", "F 52 yrs": an age with its unit beside a sex letter, as a note's header
            # writes the patient; the unit and the letter together say it (a number and "M" alone do not)
            Rule("age_unit_sex", rf"(?<![\w.,/-]){n}[ \t]?(?i:y/o|yo|yrs?|y)[ \t]?/?[ \t]?[MF](?![\w/'’&-]|\.\w)"
                                 rf"|(?<![\w.,/-])[MF][ \t]?/?[ \t]?{n}[ \t]?(?i:y/o|yo|yrs?)(?![\w/])", 0.65, case_sensitive=True),
            # "| Nasreen Bibi | wife | 29 y |": a cell of a table's "Age" column
            Rule("age_column", rf"(?<=\|[ \t]{{0,3}}){n}(?:[ \t]?{_AGE_UNIT})?(?=[ \t]*\|)", 0.65,
                 in_context=_in_age_column),
            # "daughter Zosia (2 yrs)", "Joe Bloggs (45 y/o)": an age in brackets after a person's name
            Rule("bracket_after_name", rf"(?=\d)(?<=\p{{Lu}}[\p{{L}}'’-]+[ \t]\([ \t]?){n}[ \t]?"
                                       r"(?i:y/o|yo|yrs?\.?|years?(?:[ \t]old)?|y)(?=[ \t]?\))", 0.6,
                 case_sensitive=True, in_context=_after_a_bracketed_name),
            # "I am referring Ahmed Hassan, 58, a taxi driver": a number set off by commas after a name
            Rule("apposition", rf"(?=\d)(?<=\p{{Lu}}[\p{{Ll}}'’-]+,[ \t]){n}(?=,[ \t])", 0.6, case_sensitive=True,
                 in_context=_after_a_name),
            # "RE: PETER KAMAU NJOROGE, 58 YEARS, ID NO. …", "Ahmed Hassan, 58 years, taxi driver": the same,
            # with its unit
            Rule("apposition_years", rf"(?=\d)(?<=\p{{Lu}}[\p{{L}}'’-]+,[ \t]){n}[ \t](?i:years?|yrs?)(?:[ \t](?i:old))?(?=[ \t]*[,;)])",
                 0.6, case_sensitive=True, in_context=_after_a_name),
            # "Bed 12 - Tan Ah Huat, 82M, NRIC …", "Mr. Ramesh Jadhav, 62/M, UHID …": a ward list's age and sex
            Rule("apposition_sex", rf"(?=\d)(?<=\p{{Lu}}[\p{{L}}'’-]+,[ \t]){n}[ \t]?/?[ \t]?[MF](?=[ \t]*[,;)\n])",
                 0.6, case_sensitive=True, in_context=_after_a_name_word),
            # "Written when he was 78." — the number ends the clause
            Rule("when_was", rf"(?=\d)(?<=\bwhen\s(?:he|she|I|they|we|you)\s(?:was|were|turned)\s){n}"
                             rf"(?=\s*(?:[.,!;?)]|$))", 0.6),
        ],
        context=["old", "age", "aged", "born", "patient", "man", "woman", "boy", "girl", "child"],
        before=16,
        after=24,
    )
