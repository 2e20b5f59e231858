"""A credential named as one: "Six Sigma Green Belt certification", "the ASC certification",
"VCA-VOL certificate", "Goethe-Zertifikat", "AWS Certified Data Engineer - Associate".

CVs, appraisals, job adverts and audit reports name the certifications a
person holds or a site needs. A credential is held by thousands and names no
one, and a RAG answer needs it ("which certifications does the role
require?"). A model reads its name as anything: a place ("Six Sigma Green
Belt"), a person ("ASC certification pre-check"), a firm ("Goethe-Zertifikat")
or a job title ("Certified Kubernetes Administrator"). What tells a credential
apart is how English writes it: its name right before "certification" or
"certificate", the German compound "-Zertifikat", or a vendor's "Certified"
title.

Names are judged as :mod:`privrag.keep.product_nouns` judges a maker's, for
the same reason: a family's name is written the same way ("the Okafor
certificate" may be the Okafors'). So no word may be a given name, a place or a
person the text names; a name of one word must be on none of our name lists
and must not be coined (a dictionary word, an acronym or a word with a digit);
a name of several words needs one that is on no name list. A possessive
("Aaron's birth certificate") is no name before the noun, and a lower-case
kind ("birth", "marriage", "medical") is no name at all. The text must make the
name nobody's employer, and no facility's or legal form's word may be in it.
"""

from __future__ import annotations

import re

from privrag.keep import brands, vocab
from privrag.keep.coined import LEGAL_FORMS
from privrag.keep.context import FACILITY, affiliated_anywhere, first_names, is_place
from privrag.keep.spans import KeepSpan

__all__ = ["CREDENTIAL_NOUNS", "credential_names", "credential_keeps"]

#: the nouns a credential's name is written before
CREDENTIAL_NOUNS = ("certification", "certifications", "recertification", "certificate", "certificates")
#: a word of a credential's name: capitalised, an acronym (with a hyphen, "VCA-VOL"), a level or a number
_WORD = r"(?:[A-Z][\w+]*(?:-[A-Z0-9][\w+]*)*|\d{1,5})"
#: the level a vendor writes after a spaced dash ("Solutions Architect - Professional")
_LEVEL = r"(?:[ \t]+[-–][ \t]+(?:Associate|Professional|Specialty|Expert|Foundational|Practitioner|Fundamentals))?"
#: the name right before the noun: up to six words on one line, single-spaced
_BEFORE_NOUN = re.compile(
    rf"(?<![\w'’&.-])({_WORD}(?:[ \t]{_WORD}){{0,5}}{_LEVEL})[ \t]+"
    rf"(?:{'|'.join(CREDENTIAL_NOUNS)}|(?:RE)?CERTIFICATION|CERTIFICATE)(?![\w-])"
)
#: a capitalised "Certificate" or "Certification" closes the name itself ("… Professional Certificate")
_TITLED = re.compile(rf"(?<![\w'’&.-])({_WORD}(?:[ \t]{_WORD}){{0,5}}[ \t]+Certificat(?:e|ion))(?![\w-])")
#: the German compound: "Goethe-Zertifikat", "TELC-Zertifikat"
_ZERTIFIKAT = re.compile(r"(?<![\w-])([A-ZÄÖÜ][\wäöüß]*-Zertifikat)\b")
#: a vendor's title: "AWS Certified Solutions Architect - Professional", "Certified Kubernetes Administrator"
_CERTIFIED = re.compile(
    rf"(?<![\w'’&.-])((?:(?P<vendor>{_WORD})[ \t])?Certified[ \t](?P<title>[A-Z][\w+]*(?:[ \t][A-Z][\w+]*){{0,4}}){_LEVEL})"
)
#: words that open a sentence or a list item and are no part of a name ("The ASC certification")
_OPENERS = frozenset("the a an our your my his her their its this that these those and or for with new".split())


def credential_names(text: str) -> list[tuple[int, int]]:
    """Spans of the credentials' names in ``text``, with the noun that follows ("ASC certification")."""
    out: list[tuple[int, int]] = []
    for rx in (_BEFORE_NOUN, _TITLED):
        for m in rx.finditer(text):
            start, end = m.start(1), m.end()  # with its noun: a model's span may run on over it
            first = re.match(r"([\w'’]+)[ \t]+", text[start:end])
            while first is not None and first.group(1).lower() in _OPENERS:
                start += first.end()
                first = re.match(r"([\w'’]+)[ \t]+", text[start:end])
            if end > start:
                out.append((start, end))
    out.extend(m.span(1) for m in _ZERTIFIKAT.finditer(text))
    titles = brands.brand_titles()
    for m in _CERTIFIED.finditer(text):
        vendor, title = m.group("vendor"), m.group("title")
        # a vendor's credential names the vendor: an acronym or a catalogued brand, before or inside the
        # title ("Certified Kubernetes Administrator"); "Certified Nursing Assistant" is a job's title
        if (vendor and (re.fullmatch(r"[A-Z]{2,6}", vendor) or vendor in titles)) or any(
            w in titles for w in title.split()
        ):
            out.append((m.start("vendor") if vendor else m.start(1), m.end(1)))
    return sorted(set(out))


def credential_keeps(text: str, named: frozenset[str] = frozenset()) -> list[KeepSpan]:
    """The names of :func:`credential_names` that may be kept (see the module's docstring)."""
    from privrag.detect.recognizers_first_names import person_name_words

    people, given = person_name_words(), first_names()
    judged: dict[str, bool] = {}
    out: list[KeepSpan] = []
    for start, end in credential_names(text):
        name = text[start:end]
        if name not in judged:
            judged[name] = _credential_ok(text, name, named, people, given)
        if judged[name]:
            out.append(KeepSpan(start, end, "credential", name))
    return out


#: the noun after a name, as :func:`credential_names` takes it in
_NOUN_AFTER = re.compile(rf"(?i)[ \t]+(?:{'|'.join(CREDENTIAL_NOUNS)})$")
#: the words a credential's title may hold besides its name ("certificate", levels)
_TITLE_WORDS = frozenset(
    "certificate certificates certification certifications recertification certified zertifikat associate professional specialty expert foundational "
    "practitioner fundamentals level".split()
)


def _credential_ok(text: str, name: str, named: frozenset[str], people: frozenset[str], given: frozenset[str]) -> bool:
    name = _NOUN_AFTER.sub("", name)  # the name is judged, not its noun ("works at ASC" … "ASC certification")
    words = [w for w in vocab.words(name) if not w.isdigit() and w.lower() not in _TITLE_WORDS]
    parts = [p.lower() for w in words for p in re.split(r"[-'’]", w) if p]
    if not parts or is_place(name.lower()) or any(p in given or p in named for p in parts):
        return False
    if FACILITY.search(name) or any(p in LEGAL_FORMS for p in parts):
        return False  # "the Acme Ltd certificate"
    if "Certified" not in name and any(p in brands.ORGANISATION_HEADS for p in parts):
        return False  # "our Hargreaves Logistics certification": a firm's own (a vendor's title names its role)
    if "Certified" in name:
        vendor = name.split("Certified", 1)[0].strip()
        # "PSB Certified Welder at PSB Fabrication Ltd.": an acronym the text also writes as a firm's is an employer's
        if vendor and (re.search(rf"\b{re.escape(vendor)}[ \t]+(?!Certified\b)[A-Z]", text)
                       or affiliated_anywhere(text, vendor)):
            return False
    elif not all(_known_word(w, people) for w in words):
        # "Siriporn Wongsawat Certificate of Attendance", "the Greaves Scaffolding CISRS certificate": a person's
        # or a small firm's name is written before the noun too; every word of a credential's name is one a
        # reader knows — a common dictionary word, an acronym, a level, a catalogued brand or a famous name
        return False
    if len(parts) == 1:
        word = words[0]
        if parts[0] in people or is_place(parts[0]) or not (
            brands.in_dictionary(parts[0]) or re.fullmatch(r"[A-Z][A-Z0-9-]{1,9}", word) or any(c.isdigit() for c in word)
            or word.endswith("-Zertifikat")
        ):
            return False  # "the Garcia certificate", "the Mokoena certificate": a family's, maybe
    return not affiliated_anywhere(text, name)


#: how often English must write a word of a credential's name for a reader to know it ("Sigma", "Azure",
#: "Goethe"; not "kestrel" 2.5 or "greaves" 2.8, which name small firms as often)
_KNOWN_ZIPF = 3.0


def _known_word(word: str, people: frozenset[str]) -> bool:
    """An acronym, a word with a digit, a catalogued brand, or a word English writes often that is no rare surname
    (a surname English writes as often as a common word, "Green", is one)."""
    if re.fullmatch(r"[A-Z][A-Z0-9]{1,9}(?:-[A-Z0-9]{1,9})*", word) or any(c.isdigit() for c in word):
        return True
    if word in brands.brand_titles():
        return True
    stem = word.split("-")[0].lower()
    if word.endswith("-Zertifikat"):
        return _known_word(word.split("-")[0], people)
    return vocab.zipf(stem) >= _KNOWN_ZIPF and (stem not in people or vocab.zipf(stem) >= 4.0)
