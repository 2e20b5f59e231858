"""Medicines the drug vocabulary does not list, known by how a note writes them.

The drug list (``drug-named-entity-recognition``) has about 107,000 names, but
brands of dressings, eye ointments and depot injections are missing ("Lacri-Lube",
"Prontosan", "Buvidal", "Prenoxad"), and spaCy-sm reads such a capitalised
coinage as a person or an organisation. Two constructions name a medicine
whatever the word:

* **a name and its dose form** — "Lacri-Lube ointment", "Otovent nasal balloon"
  is not in the list, but "X ointment", "X eye drops", "X inhaler": the words of
  the standard dose forms (EDQM) after a capitalised name make it a medicine;
* **a name before its dose** — "co-amoxiclav 625 mg", "Movicol 1 sachet": a word
  rare in English (Zipf < 3) written just before a dose is what the dose is of;
* **a prescription's abbreviated dose form** before a listed drug ("Tab. Linezolid", "Inj.
  Ceftriaxone") is part of what is prescribed;
* **a drug and its brand in apposition** — "Naloxone (Prenoxad) kit", "switch to
  Buvidal (monthly prolonged-release buprenorphine)": a name in brackets after a
  listed drug, or before brackets that name one, is that drug's brand.

A name kept by one of these is the same medicine at its other mentions in the
text ("co-amoxiclav IV, then co-amoxiclav 625 mg"). The dose form is kept
with the name ("Voltaren gel"): a model that took "gel" for a name must not
mask half the product.

The name is never a given name or a surname ("Mrs Lee's cream" keeps nothing),
never follows an honorific, and is no place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.keep.context import HONORIFIC_BEFORE, is_place, person_words
from privrag.keep.spans import KeepSpan

__all__ = ["DOSE_FORMS", "medicine_mentions", "dosed_names", "other_mentions"]

#: dose forms (EDQM standard terms, the ones a note writes after a product name)
DOSE_FORMS = (
    "ointment", "eye ointment", "cream", "gel", "drops", "eye drops", "ear drops", "nasal drops", "spray",
    "nasal spray", "mouth spray", "inhaler", "patch", "patches", "tablet", "tablets", "capsule", "capsules",
    "lozenge", "lozenges", "suppository", "suppositories", "pessary", "pessaries", "syrup", "oral solution",
    "suspension", "injection", "injections", "lotion", "shampoo", "mouthwash", "foam", "powder", "granules",
    "sachet", "sachets", "emollient", "dressing", "dressings", "depot", "implant",
)  # fmt: skip
_NAME = r"[A-Z][A-Za-z]+(?:-[A-Z]?[A-Za-z]+)*"
_FORM_AFTER = re.compile(
    rf"(?<![\w'’-])({_NAME})(?:\s+\d+(?:\.\d+)?\s*%)?\s+(?:{'|'.join(sorted(DOSE_FORMS, key=len, reverse=True))})\b"
)


#: the dose form a prescription writes before the drug, abbreviated: "Tab. Linezolid 600 mg BD",
#: "Cap. Amoxicillin", "Inj. Ceftriaxone", "Syp. Paracetamol"
_FORM_BEFORE = re.compile(r"(?<![\w'’-])((?:Tabs?|Caps?|Inj|Syp|Syr|Susp|Oint|Neb|Gtt)\.?)[ \t]+$")


def _a_name_of_someone(text: str, start: int, word: str) -> bool:
    return (word.lower() in person_words() or is_place(word)
            or bool(HONORIFIC_BEFORE.search(text[max(0, start - 8) : start])))


def medicine_mentions(text: str, drugs: Sequence[KeepSpan]) -> list[KeepSpan]:
    """Medicines named by their dose form or in apposition to a listed drug (``drugs``)."""
    out: list[KeepSpan] = []
    for m in _FORM_AFTER.finditer(text):
        if not _a_name_of_someone(text, m.start(1), m.group(1)):
            out.append(KeepSpan(m.start(1), m.end(), "medication", m.group()))
            out.append(KeepSpan(m.start(1), m.end(1), "medication", m.group(1)))  # the name, for its other mentions
    for d in drugs:
        form = _FORM_BEFORE.search(text, max(0, d.start - 12), d.start)  # "Tab. Linezolid", "Inj. Ceftriaxone"
        if form is not None:
            out.append(KeepSpan(form.start(1), form.end(1), "medication", form.group(1)))
        after = re.match(rf"\s*\(\s*({_NAME})\s*\)", text[d.end : d.end + 40])  # "Naloxone (Prenoxad)"
        if after:
            s = d.end + after.start(1)
            if not _a_name_of_someone(text, s, after.group(1)):
                out.append(KeepSpan(s, s + len(after.group(1)), "medication", after.group(1)))
        window = text[max(0, d.start - 80) : d.start]
        before = re.search(rf"(?<![\w'’-])({_NAME})\s*\([^()\n]*$", window)  # "Buvidal (monthly … buprenorphine)"
        if before and ")" in text[d.end : d.end + 40]:
            s = d.start - len(window) + before.start(1)
            if not _a_name_of_someone(text, s, before.group(1)):
                out.append(KeepSpan(s, s + len(before.group(1)), "medication", before.group(1)))
    return out


#: a medicine's name written before its dose: letters, maybe hyphenated ("co-amoxiclav")
_NAME_BEFORE = re.compile(r"(?<![\w'’-])([A-Za-z][a-z]+(?:-[a-z]+)*)[ \t]+$")
#: below this English Zipf frequency a word before a dose is a product, not "take", "daily", "weight"
RARE_ZIPF = 3.0


def dosed_names(text: str, doses: Sequence[KeepSpan]) -> list[KeepSpan]:
    """The word written just before a dose ("co-amoxiclav 625 mg") when it is rare in English
    and names no one: a drug the vocabulary lacks."""
    from privrag.keep import vocab

    out: list[KeepSpan] = []
    for d in doses:
        m = _NAME_BEFORE.search(text, max(0, d.start - 40), d.start)
        if m is None:
            continue
        word = m.group(1)
        if vocab.zipf(word.lower()) < RARE_ZIPF and not _a_name_of_someone(text, m.start(1), word):
            out.append(KeepSpan(m.start(1), m.end(1), "medication", word))
    return out


#: one medicine's name, in any case ("co-amoxiclav", "Lacri-Lube"), not a name and its dose form
_ONE_NAME = re.compile(_NAME.replace("[A-Z]", "[A-Za-z]"))


def other_mentions(text: str, medicines: Sequence[KeepSpan]) -> list[KeepSpan]:
    """Every other mention, in any case, of a one-word medicine kept somewhere in ``text``."""
    names = {k.text.lower() for k in medicines if _ONE_NAME.fullmatch(k.text)}
    if not names:
        return []
    pattern = re.compile(r"(?i)(?<![\w'’-])(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![\w'’-])")
    return [KeepSpan(m.start(), m.end(), "medication", m.group()) for m in pattern.finditer(text)
            if not _a_name_of_someone(text, m.start(), m.group())]
