"""Names and addresses written in Cyrillic and Thai, by the forms those languages write them in.

Why: our default models read English. spaCy's small model and the shipped
GLiNER see a Ukrainian referral's "Кравченко Оксана Миколаївна" or a Thai
support chat's "คุณploy" as anything or nothing, and a model's guess shifts
with the text around it (the same name is found in a short text and missed
in a long one). The forms are reliable where the models are not:

* an East Slavic full name holds a patronymic, whose endings no other word has
  ("Миколаївна", "Сергеевич"); a surname with two initials ("Петренко І. В.")
  is how every form and signature writes a person;
* a street in Cyrillic opens with its abbreviation ("вул.", "ул.", "просп."),
  then its name and its number, maybe a flat ("кв. 58"), a town ("м. Львів") and
  a postcode; "м."/"г." before a capitalised word is a town;
* Thai writes a person after a term of address ("คุณ", "น้อง", "khun", "nong"),
  and an address by its subdistrict, district and province ("ต.", "อ.", "จ.") up
  to a five-digit postcode.

What the forms cannot tell — a Thai given name written without a term of address
in a script without spaces — is left to the models.
"""

from __future__ import annotations

import re

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule

__all__ = ["script_names_recognizer", "script_address_recognizer", "script_town_recognizer", "script_firm_recognizer"]

#: a capitalised Cyrillic word (Ukrainian, Russian, Belarusian, Bulgarian letters; an apostrophe inside)
_CYR_CAP = r"[А-ЯЁЄІЇҐЎ][а-яёєіїґўʼ'’]+(?:-[А-ЯЁЄІЇҐЎ][а-яёєіїґўʼ'’]+)?"
#: a patronymic: "Миколаївна", "Петрівна", "Іванович", "Сергеевич", "Ивановна", "Ильинична" (not a bare "-ична", which
#: ends adjectives too: Bulgarian "Хронична")
_PATRONYMIC = r"[А-ЯЁЄІЇҐЎ][а-яёєіїґўʼ'’]{2,}(?:ович|евич|йович|ьович|івна|ївна|овна|евна|инична)"
#: the words a form or a letter writes before a person, which are no part of the name ("Пацієнтка Оксана
#: Миколаївна", "Гражданин Иван Петрович")
_ADDRESS_WORDS = (r"(?:Пацієнтк?а?|Пациентк?а?|Лікар|Врач|Доктор|Медсестра|Громадянк?а|Гражданк?а|Гражданин|Пан|Пані|"
                  r"Господин|Госпожа|Шановн[аи]й?|Уважаем[аы]й?|Директор|Працівник|Сотрудник)")
#: a capitalised Cyrillic initial with its dot
_CYR_INITIAL = r"[А-ЯЁЄІЇҐЎ]\."
#: the abbreviations and words a Cyrillic street opens with
_CYR_STREET = (r"(?:[Вв]ул\.|[Вв]улиця|[Уу]л\.|[Уу]лица|[Пп]росп\.|[Пп]роспект|пр-т|пр\.|[Пп]ров\.|[Пп]ровулок|[Пп]ер\.|"
               r"[Пп]ереулок|[Бб]ул\.|[Бб]ульвар|бульв\.|пл\.|[Пп]лоща|[Пп]лощадь|наб\.|[Нн]абережна|[Нн]абережная|[Шш]осе|"
               r"[Шш]оссе|туп\.|ш\.)")
#: the kind of street written after its name
_CYR_STREET_WORD = r"(?:вулиця|улица|бульвар|проспект|провулок|переулок|проезд|площа|площадь|шосе|шоссе|набережна|набережная|узвіз)"
#: Thai script (letters, vowels and tone marks)
_THAI = r"[\u0E01-\u0E4E]"
#: the terms of address Thai writes before a name, opening a word (after a space, a line's start or
#: punctuation: inside a word they are part of it, "ขอบคุณ" thanks, "คุณสมบัติ" qualifications, "พี่น้อง" siblings)
_THAI_TERM = rf"(?<!{_THAI})(?:คุณ|น้อง)"
#: the words such a term also opens that are no name: kin and roles ("คุณแม่" mother, "คุณหมอ" doctor, "น้องสาว"
#: younger sister, "คุณลูกค้า" customer), "you" before a verb, and the words of politeness
_THAI_NOT_NAME = r"(?:แม่|พ่อ|หมอ|ลูกค้า|ครู|พยาบาล|ป้า|ลุง|ตา|ยาย|สาว|ชาย|ค่ะ|คะ|ครับ|นะ|ต้อง|ค่า|สามารถ|จะ|ได้|ไม่|ก็|เป็น|มี)"
#: a Thai nickname or given name after the term: eight letters at most, then a space or punctuation (a longer run
#: in a script without spaces is a clause: "คุณต้องกินยาวันละ")
_THAI_NAME = rf"{_THAI}{{2,8}}(?!{_THAI})"
_THAI_ROMAN_TERM = r"(?:khun|nong|Khun|Nong)"


def script_names_recognizer() -> ContextPatternRecognizer:
    """Person names in Cyrillic (patronymics, initials) and after a Thai term of address."""
    return ContextPatternRecognizer(
        "PERSON",
        [
            # "Кравченко Оксана Миколаївна", "Оксана Миколаївна", "Иван Сергеевич Петров"
            Rule("patronymic", rf"(?<![\w-])(?!{_ADDRESS_WORDS}[ \t])(?:{_CYR_CAP}[ \t]+){{1,2}}{_PATRONYMIC}(?:[ \t]+{_CYR_CAP}(?=[ \t]*[,.;)\n]|$))?"
                               rf"(?![\w-])", 0.7, case_sensitive=True),
            # "Петренко І. В.", "Петренко І.В."; "О. М. Кравченко"
            Rule("cyrillic_initials", rf"(?<![\w-])[А-ЯЁЄІЇҐЎ][а-яёєіїґўʼ'’]{{2,}}[ \t]+{_CYR_INITIAL}[ \t]?{_CYR_INITIAL}", 0.65,
                 case_sensitive=True),
            Rule("cyrillic_initials_first", rf"(?<![\w.-]){_CYR_INITIAL}[ \t]?{_CYR_INITIAL}[ \t]?[А-ЯЁЄІЇҐЎ][а-яёєіїґўʼ'’]{{2,}}"
                                            r"(?![\w-])", 0.65, case_sensitive=True),
            # "คุณploy", "น้องมายด์", "คุณ Wanida": the word after a Thai term of address, in either script
            # (not after "ขอบ": "ขอบคุณ" is "thank you")
            Rule("thai_term", rf"(?<={_THAI_TERM}[ \t]?)(?!{_THAI_NOT_NAME})(?:{_THAI_NAME}|[A-Za-z][a-z]{{1,14}}(?![A-Za-z]))",
                 0.6, case_sensitive=True),
            # "khun Wanida", "nong mind": a romanised term of address, in a text that writes Thai too
            Rule("thai_term_roman", rf"(?<=(?<![\w])(?:{_THAI_ROMAN_TERM})[ \t])[A-Za-z][a-z]{{1,14}}(?![\w])", 0.6,
                 case_sensitive=True, in_context=_writes_thai),
        ],
        context=[],
    )


def _writes_thai(text: str, start: int, end: int) -> bool:
    """A romanised "nong" or "khun" names a person in a text that also writes Thai script."""
    return re.search(_THAI, text) is not None


def script_address_recognizer() -> ContextPatternRecognizer:
    """Street addresses in Cyrillic and in Thai, and a Cyrillic "town" marker."""
    return ContextPatternRecognizer(
        "STREET_ADDRESS",
        [
            # "вул. Наукова, 7а, кв. 58, м. Львів, 79060", "ул. Ленина, д. 5", "просп. Науки 14"
            Rule("cyrillic_street", rf"(?<![\w.])(?-i:{_CYR_STREET})[ \t]?(?:{_CYR_CAP}|\d{{1,3}}-?[а-я]{{0,3}})"
                                    rf"(?:[ \t]+{_CYR_CAP}){{0,3}},?[ \t]+(?:(?:д\.|буд\.|дом|будинок)[ \t]?)?\d{{1,4}}(?:[ \t]?[-/]?[а-яА-Я])?(?!\d)"
                                    r"(?:,?[ \t]+(?:корп\.|корпус|к\.|стр\.)[ \t]?\d{1,3})?"
                                    r"(?:,?[ \t]+(?:кв\.|кв|оф\.|офіс|офис)[ \t]?\d{1,4})?"
                                    rf"(?:,?[ \t]+(?:м\.|г\.|с\.|смт)[ \t]?{_CYR_CAP}(?:[ \t]+{_CYR_CAP})?)?"
                                    r"(?:,?[ \t]+\d{5,6})?(?!\d)", 0.7, case_sensitive=True),
            # "Французький бульвар, 20", "Московский проспект 15": the street's name before its kind
            Rule("cyrillic_street_after", rf"(?<![\w.])(?:{_CYR_CAP}[ \t]+){{1,2}}(?-i:{_CYR_STREET_WORD}),?[ \t]+"
                                          r"(?:(?:д\.|буд\.|дом)[ \t]?)?\d{1,4}(?:[ \t]?[-/]?[а-яА-Я])?(?!\d)"
                                          r"(?:,?[ \t]+(?:кв\.|кв|оф\.|офіс|офис)[ \t]?\d{1,4})?", 0.7, case_sensitive=True),
            # "99/214 หมู่บ้านพฤกษา 78 ซ.ลำลูกกา 11 ต.คูคต อ.ลำลูกกา จ.ปทุมธานี 12130": a house number, then a subdistrict
            # and a district, up to the postcode
            Rule("thai_address", r"(?<![\w/])\d{1,5}(?:/\d{1,5})?[ \t]+[^\n]{0,120}?(?:ต\.|ตำบล|แขวง)[ \t]?\S+[ \t]+"
                                 r"(?:อ\.|อำเภอ|เขต)[ \t]?\S+(?:[ \t]+(?:จ\.|จังหวัด)[ \t]?\S+)?(?:[ \t]+(?:\S+[ \t]+)?\d{5})?(?!\d)", 0.7),
        ],
        context=[],
    )


def script_town_recognizer() -> ContextPatternRecognizer:
    """A town after its Cyrillic marker: "з м. Харків", "г. Москва", "смт Ворохта" (not after a number: "5 м." is
    five metres, "2024 г." a year)."""
    return ContextPatternRecognizer(
        "LOCATION",
        [Rule("cyrillic_town", rf"(?<=(?<![\w.])(?<!\d[ \t]?)(?:м\.|г\.|смт)[ \t]?){_CYR_CAP}(?:-{_CYR_CAP})?", 0.6,
              case_sensitive=True)],
        context=[],
    )


#: the legal forms of a public facility (a municipal clinic, a regional hospital): "КНП «Центр первинної
#: медико-санітарної допомоги № 3»", "ГБУЗ «Городская поликлиника № 2»" — where a patient is registered locates them
_CYR_FACILITY_FORM = r"(?:КНП|КП|КЗ|КУ|ДЗ|ГБУЗ|ГУЗ|МБУЗ|ГАУЗ|ФГБУ|ГКБ)"
#: the forms of a company: "ТОВ «Сонячна Долина»", "ООО «Ромашка»" — a bank or a courier too ("АТ «Ощадбанк»",
#: "ТОВ «Нова Пошта»"), so only as someone's employer
_CYR_COMPANY_FORM = r"(?:ТОВ|ТзОВ|ПП|ПАТ|ПрАТ|АТ|ДП|ФОП|ООО|ОАО|ЗАО|ПАО|АО|ИП|ЧП)"
#: words of working life in the sentence before a company: "працює в", "сотрудник", "роботодавець"
_CYR_WORK = re.compile(r"(?i)(?:працю|працівни|роботодав|працевлашт|работа|работодат|сотрудни|трудоустр|служб)")


def _at_work(text: str, start: int, end: int) -> bool:
    """A word of working life in the 60 characters before the company, on its line."""
    line_start = text.rfind("\n", 0, start) + 1
    return _CYR_WORK.search(text, max(line_start, start - 60), start) is not None


def script_firm_recognizer() -> ContextPatternRecognizer:
    """An organisation after its Cyrillic legal form, its name in guillemets (with the owner's acronym between:
    "КНП ЛОР «Львівська обласна клінічна лікарня»")."""
    return ContextPatternRecognizer(
        "ORGANIZATION",
        [Rule("cyrillic_facility", rf"(?<![\w-]){_CYR_FACILITY_FORM}(?:[ \t]+[А-ЯЁЄІЇҐ]{{2,5}})?[ \t]*«[^»\n]{{2,80}}»", 0.6,
              case_sensitive=True),
         Rule("cyrillic_employer", rf"(?<![\w-]){_CYR_COMPANY_FORM}[ \t]*«[^»\n]{{2,80}}»", 0.6, case_sensitive=True,
              in_context=_at_work)],
        context=[],
    )
