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

__all__ = ["law_names", "NUMBERED_LAW", "NUMBERED_FOREIGN_LAW"]

#: a statute by its number in its year: "Law No. 87 of 2018", "S.I. No. 146 of 2000", "Decree No. 13 of 2023"
#: (never "Case No. 12 of 2020": a case is a person's)
NUMBERED_LAW = re.compile(
    r"\b(?:Law|Decree|Ordinance|Proclamation|S\.I\.|Statutory[ \t]+Instrument|(?:Legislative|Royal|Presidential)"
    r"[ \t]+Decree)[ \t]+No\.?[ \t]*\d{1,4}[ \t]+of[ \t]+(?:19|20)\d{2}(?!\d)"
)
#: the word a law or a code is named by, in the languages our users' documents quote most
_HEAD_WORDS = r"(?:Ley|Loi|Lei|Legge|C[óo]digo|Codice|Kodeks|Ustawa|D[ée]cret|Decreto|Gesetz|Wet)"
#: a law by its number in its year in its own language, as Latin America and Europe cite them ("Ley 1581 de
#: 2012", "Decreto 1421 de 2017", "Lei nº 13.709/2018"), or by the number North Africa gives it ("Law 112-12")
NUMBERED_FOREIGN_LAW = re.compile(
    rf"\b{_HEAD_WORDS}[ \t]+(?:(?:No|Nr|N)\.?[ \t]?|n\.?[ºo°][ \t]?)?(?:\d{{1,3}}\.\d{{3}}|\d{{1,5}})"
    r"(?:[ \t]+(?:de|del|du|vom|of)[ \t]+(?:19|20)\d{2}|/(?:19|20)\d{2})(?!\d)"
    r"|\bLaw[ \t]+(?:No\.?[ \t]?)?\d{1,3}-\d{2}(?![\w-])"
)
#: the small words a law's name joins its words with (Romance, Dutch, German), one word each
_JOINS = frozenset(
    "de del do da dos das des du d' d’ sur les la le el los las della delle dei degli di sul sulla y e et en op van "
    "het voor inzake der den für zur zum über o".split()
)
#: the words that may follow the head at once: what kind of law it is ("Ley Federal", "Lei Geral", "Código Civil")
_KINDS = frozenset(
    "federal general geral orgánica orgânica organique civil penal nacional national fundamental marco básica "
    "supremo legislativo constitucional procesal laboral tributario".split()
)
#: the heads a Polish or Dutch law goes on from with a lower-case word at once ("Kodeks pracy", "Wet arbeid")
_LOWER_NEXT = frozenset({"Kodeks", "Ustawa", "Wet"})
#: a head and the words after it, on one line; letters only (a code or a number ends the name)
_HEAD_AT = re.compile(rf"\b{_HEAD_WORDS}\b")
_NEXT_WORD = re.compile(r" +([^\W\d_]+(?:['’-][^\W\d_]+)*|d['’])(?![\w-])")
#: the most words a law's name runs on after its head
_MAX_WORDS = 7


def law_names(text: str) -> list[KeepSpan]:
    """Every law named in its own language or cited by its number in its year (``legal_reference``)."""
    out = [KeepSpan(m.start(), m.end(), "legal_reference", m.group())
           for pattern in (NUMBERED_LAW, NUMBERED_FOREIGN_LAW) for m in pattern.finditer(text)]
    for m in _HEAD_AT.finditer(text):
        end = _name_end(text, m.group(), m.end())
        if end > m.end():
            out.append(KeepSpan(m.start(), end, "legal_reference", text[m.start() : end]))
    return out


def _name_end(text: str, head: str, pos: int) -> int:
    """Where the law's name that ``head`` opens at ``pos`` ends (``pos`` when it names none). One pass
    over its words: right after the head comes a joining word ("Ley de …", "Loi sur …"), a word of a
    law's kind ("Ley Federal", "Código Civil") or, after "Kodeks", "Ustawa" or "Wet", a lower-case word;
    later a capitalised word, or a lower-case one after a joining word ("du travail"). It stops at a
    name of our lists ("Lei Zhang", "… de Dados Maria Oliveira"), a code, a number, a tab or a line's end,
    and never ends on a joining word."""
    from privrag.keep.context import person_words

    names = person_words()
    cursor = end = pos
    joined, first = False, True
    for _ in range(_MAX_WORDS):
        m = _NEXT_WORD.match(text, cursor)
        if m is None:
            break
        word = m.group(1)
        cursor = m.end()
        if word in _JOINS:  # a joining word is written in lower case
            joined = True
            continue
        low = word.lower()
        if low in names:
            break  # a person's name ("Lei Zhang", "Lei da Silva", "Kodeks pracy Anna Nowak")
        if first and not joined:
            ok = low in _KINDS if word[:1].isupper() else head in _LOWER_NEXT
        else:
            ok = word[:1].isupper() or joined
        if not ok:
            break
        end, joined, first = cursor, False, False
    return end
