"""A credential named as one: "Six Sigma Green Belt certification", "the CISRS certificate", "HACCP Level 2
certificate", "Goethe-Zertifikat", "AWS Certified Data Engineer - Associate".

CVs, appraisals, job adverts and audit reports name the certifications a
person holds or a site needs. A credential is held by thousands and names no
one, and a RAG answer needs it ("which certifications does the role
require?"). A model reads its name as anything: a place ("Six Sigma Green
Belt"), a person ("ASC certification pre-check"), a firm ("Goethe-Zertifikat")
or a job title ("Certified Kubernetes Administrator").

But the words before "certificate" name a person or an employer as often
("Grace Young Certificate of Attendance", "the Summit Roofing CISRS
certificate"), and two reviews found each way a looser rule sent them. So only
these forms are kept:

* the scheme's acronyms and numbers right before the noun ("PIT", "NEBOSH IGC",
  "ISO 9001", "VCA-VOL") — the words before them are the firm's, and stay
  protected; an acronym of four letters or more is none a dictionary or a name
  list holds ("KING", "GREAVES" shouted in capitals);
* a name that ends in a grade ("… Green Belt", "… Level 2", "… Associate"),
  every word of it common or catalogued and none of our name lists (a colour
  before "Belt" is a grade);
* a vendor's title: "Certified" after an acronym or a catalogued brand, or
  with one inside ("Certified Kubernetes Administrator"; "Certified Nursing
  Assistant" is a job), and "… Professional Certificate" after one ("IBM …");
* the German compound "-Zertifikat" after a famous name or an acronym.

Nothing in a line written in capitals (a heading or a form's field: every word
looks like an acronym there), no given name, place, person the text names,
employer, legal form or firm's head word.
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
#: words that open a sentence or a list item and are no part of a name ("The ASC certification")
_OPENERS = frozenset("the a an our your my his her their its this that these those and or for with new".split())
#: the name right before the noun (in lower case: a heading in capitals says nothing of its words), up to six
#: words on one line, single-spaced
_BEFORE_NOUN = re.compile(
    rf"(?<![\w'’&.-])({_WORD}(?:[ \t]{_WORD}){{0,5}}{_LEVEL})[ \t]+(?:{'|'.join(CREDENTIAL_NOUNS)})(?![\w-])"
)
#: a capitalised "Certificate" closes a vendor's title ("IBM Data Science Professional Certificate")
_TITLED = re.compile(rf"(?<![\w'’&.-])({_WORD}(?:[ \t]{_WORD}){{0,5}}[ \t]+Certificat(?:e|ion))(?![\w-])")
#: the German compound: "Goethe-Zertifikat", "TELC-Zertifikat"
_ZERTIFIKAT = re.compile(r"(?<![\w-])([A-ZÄÖÜ][\wäöüß]*-Zertifikat)\b")
#: a vendor's title: "AWS Certified Solutions Architect - Professional", "Certified Kubernetes Administrator"
_CERTIFIED = re.compile(
    rf"(?<![\w'’&.-])((?:(?P<vendor>{_WORD})[ \t])?Certified[ \t](?P<title>[A-Z][\w+]*(?:[ \t][A-Z][\w+]*){{0,4}}){_LEVEL})"
)
#: an acronym of a credential's scheme or body: "PIT", "CISRS", "NEBOSH IGC", "VCA-VOL", "PMI-ACP", "ISO 9001"
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{1,5}(?:-[A-Z0-9]{1,6})*")
#: the grade a credential's name ends in ("Six Sigma Green Belt", "HACCP Level 2", "… Associate")
_GRADE_END = re.compile(r"(?:\bBelt|\bLevel[ \t]\d{1,2}|\bAssociate|\bProfessional|\bPractitioner|\bFoundation|\bExpert|"
                        r"\bSpecialist|\bFundamentals)$")


def _scheme_acronym(word: str) -> bool:
    """An acronym, not a word or a name shouted in capitals ("KING", "GREAVES"): from four letters on, no
    dictionary or name list may hold it."""
    if not _ACRONYM.fullmatch(word):
        return False
    if len(word) < 4 or any(c.isdigit() or c == "-" for c in word):
        return True
    from privrag.detect.recognizers_first_names import person_name_words

    low = word.lower()
    return not (brands.in_dictionary(low) or low in person_name_words())


def _kept_part(name: str) -> int | None:
    """Where the credential starts inside the words before the noun, or None: the whole name when it ends in a
    grade ("Lean Six Sigma Green Belt"), else the run of scheme acronyms and numbers that ends it ("Summit Roofing
    CISRS" → "CISRS": the words before an acronym name whose card it is, an employer as often as not)."""
    if _GRADE_END.search(name):
        return 0
    tokens = list(re.finditer(r"\S+", name))
    start = None
    for t in reversed(tokens):
        if _scheme_acronym(t.group()) or t.group().isdigit():
            start = t.start()
        else:
            break
    if start is None or name[start:].isdigit():
        return None
    return start


def credential_names(text: str) -> list[tuple[int, int]]:
    """Spans of the credentials' names in ``text``, with the noun that follows ("ASC certification")."""
    out: list[tuple[int, int]] = []
    titles = brands.brand_titles()
    for m in _BEFORE_NOUN.finditer(text):
        start, end = m.start(1), m.end()  # with its noun: a model's span may run on over it
        first = re.match(r"([\w'’]+)[ \t]+", text[start : m.end(1)])
        while first is not None and first.group(1).lower() in _OPENERS:
            start += first.end()
            first = re.match(r"([\w'’]+)[ \t]+", text[start : m.end(1)])
        part = _kept_part(text[start : m.end(1)])
        if part is not None and m.end(1) > start + part:
            out.append((start + part, end))
    for m in _TITLED.finditer(text):
        # a vendor's certificate: its first word a catalogued brand or an acronym ("Google …", "IBM …"); "Grace
        # Young Certificate of Attendance" is a person's
        first = text[m.start(1) :].split()[0]
        if first in titles or _scheme_acronym(first):
            out.append(m.span(1))
    out.extend(m.span(1) for m in _ZERTIFIKAT.finditer(text))
    for m in _CERTIFIED.finditer(text):
        vendor, title = m.group("vendor"), m.group("title")
        # a vendor's credential names the vendor: an acronym or a catalogued brand, before or inside the
        # title ("Certified Kubernetes Administrator"); "Certified Nursing Assistant" is a job's title
        if (vendor and (_scheme_acronym(vendor) or vendor in titles)) or any(w in titles for w in title.split()):
            out.append((m.start("vendor") if vendor else m.start(1), m.end(1)))
    # a line in capitals is a heading or a form's field: every word of it looks like an acronym
    return sorted({(a, b) for a, b in out if not _in_capitals_line(text, a, b)})


def _in_capitals_line(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return not any(c.islower() for c in line.replace("certificate", "").replace("certification", ""))


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
    elif _GRADE_END.search(name) and any(
        w.lower() in people for i, w in enumerate(words) if not (i + 1 < len(words) and words[i + 1] == "Belt")
    ):
        # "Mark Brown Professional certificate": a name of our lists is a person's, however common the word
        # (a colour before "Belt" is a grade: "Six Sigma Green Belt")
        return False
    elif not all(_known_word(w, people) for w in words):
        # "Siriporn Wongsawat Certificate of Attendance", "the Greaves Scaffolding CISRS certificate": a person's
        # or a small firm's name is written before the noun too; every word of a credential's name is one a
        # reader knows — a common dictionary word, an acronym, a level, a catalogued brand or a famous name
        return False
    if len(parts) == 1:
        word = words[0]
        if parts[0] in people or is_place(parts[0]) or not (
            brands.in_dictionary(parts[0]) or _scheme_acronym(word) or any(c.isdigit() for c in word)
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
    if _scheme_acronym(word) or any(c.isdigit() for c in word):
        return True
    if word in brands.brand_titles():
        return True
    stem = word.split("-")[0].lower()
    if word.endswith("-Zertifikat"):
        return _known_word(word.split("-")[0], people)
    return vocab.zipf(stem) >= _KNOWN_ZIPF and (stem not in people or vocab.zipf(stem) >= 4.0)
