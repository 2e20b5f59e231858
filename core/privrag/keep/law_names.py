"""Laws and codes named in their own language, and statutes cited by their number in their year.

A workplace or a clinic outside the English-speaking world cites its law by its own name, also in a
text written in English: "under the Ley Federal del Trabajo", "not holiday in the Kodeks pracy sense",
"art. 81.18 de la Loi sur les normes du travail", "Pelo Código de Defesa do Consumidor (art. 18)".
Many jurisdictions cite a statute by its number in its year: "Law No. 87 of 2018", Ireland's
statutory instruments ("S.I. No. 146 of 2000"). An English NER model reads the capitalised words as an
organisation or a place, and the answer loses the rule it needs. :data:`~privrag.keep.patterns.LEGAL`
finds the English forms ("Employment Rights Act 1996", "Awaab's Law"); this module the others.

A law's name identifies no one. The check that matters is the other way round: "Lei", "Ley" and "Loi"
are also given names ("Lei Zhang"), so a name that goes on with capitalised words needs its first one
to be no given name or surname, or a joining word ("de", "du", "sur") first.
"""

from __future__ import annotations

import re

from privrag.keep.spans import KeepSpan

__all__ = ["law_names", "NUMBERED_LAW", "NUMBERED_FOREIGN_LAW", "FOREIGN_LAW"]

#: a statute by its number in its year: "Law No. 87 of 2018", "S.I. No. 146 of 2000", "Decree No. 13 of 2023"
#: (never "Case No. 12 of 2020": a case is a person's)
NUMBERED_LAW = re.compile(
    r"\b(?:Law|Decree|Ordinance|Proclamation|S\.I\.|Statutory[ \t]+Instrument|(?:Legislative|Royal|Presidential)"
    r"[ \t]+Decree)[ \t]+No\.?[ \t]*\d{1,4}[ \t]+of[ \t]+(?:19|20)\d{2}(?!\d)"
)
#: the word a law or a code is named by, in the languages our users' documents quote most
_HEAD_WORDS = r"(?:Ley|Loi|Lei|Legge|C[óo]digo|Codice|Kodeks|Ustawa|D[ée]cret|Decreto|Gesetz|Wet)"
_HEAD = _HEAD_WORDS
#: a law by its number in its year in its own language, as Latin America and Europe cite them ("Ley 1581 de
#: 2012", "Decreto 1421 de 2017", "Lei nº 13.709/2018"), or by the number North Africa gives it ("Law 112-12")
NUMBERED_FOREIGN_LAW = re.compile(
    rf"\b{_HEAD_WORDS}[ \t]+(?:(?:No|Nr|N)\.?[ \t]?|n\.?[ºo°][ \t]?)?(?:\d{{1,3}}\.\d{{3}}|\d{{1,5}})"
    r"(?:[ \t]+(?:de|del|du|vom|of)[ \t]+(?:19|20)\d{2}|/(?:19|20)\d{2})(?!\d)"
    r"|\bLaw[ \t]+(?:No\.?[ \t]?)?\d{1,3}-\d{2}(?![\w-])"
)
#: the small words a law's name joins its words with (Romance, Dutch, German)
_JOIN = (r"(?:de|del|de[ \t]+la|de[ \t]+los|de[ \t]+las|do|da|dos|das|des|du|de[ \t]+l['’]|d['’]|sur|les|la|le|el|los|las|"
         r"della|delle|dei|degli|di|sul|sulla|y|e|et|en|op|van|het|voor|inzake|der|für|zur|zum|über|o)")
#: a name's word after the head: capitalised, or lower case after a joining word ("du travail"); a Polish or
#: Dutch code goes on with a lower-case word at once ("Kodeks pracy", "Wet arbeid")
FOREIGN_LAW = re.compile(
    rf"\b(?P<head>{_HEAD})(?P<name>(?:[ \t]+(?:{_JOIN}[ \t]+)*[A-ZÀ-Ý][\w'’-]*"
    rf"|(?:[ \t]+{_JOIN})+[ \t]+[a-zà-ÿ][\w'’-]{{2,}}"
    rf"|(?<=Kodeks|Ustawa)[ \t]+[a-ząćęłńóśźż]{{4,}}|(?<=Wet)[ \t]+[a-z]{{4,}}){{1,7}})"
)
#: the words that end no law's name: a trailing joining word ("Loi sur les normes du" before a line break)
_TRAILING_JOIN = re.compile(rf"(?:[ \t]+{_JOIN})+$")


def law_names(text: str) -> list[KeepSpan]:
    """Every law named in its own language or cited by its number in its year (``legal_reference``)."""
    from privrag.keep.context import person_words

    out = [KeepSpan(m.start(), m.end(), "legal_reference", m.group())
           for pattern in (NUMBERED_LAW, NUMBERED_FOREIGN_LAW) for m in pattern.finditer(text)]
    for m in FOREIGN_LAW.finditer(text):
        name = _TRAILING_JOIN.sub("", m.group("name"))
        words = name.split()
        if not words:
            continue
        first = words[0]
        if first[:1].isupper() and first.lower().strip("'’") in person_words():
            continue  # "Lei Zhang", "Loi Tran": a person, not a law
        if m.group("head") in ("Wet", "Code") and not words[0][:1].islower():
            continue  # "Wet Wipes", "Code Blue": English words, whatever follows
        end = m.start("name") + len(name)
        out.append(KeepSpan(m.start(), end, "legal_reference", text[m.start() : end]))
    return out
