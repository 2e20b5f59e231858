"""Occupations behind a cue: "worked as a ballet dancer", "employed as Passenger booking clerk", "Occupation: nurse".

Why: an occupation narrows a person down (TAB annotates it as a
demographic quasi-identifier; Presidio's synthetic set as TITLE), and the
models label it rarely — spaCy has no such label, and the shipped GLiNER
reads "primary school teacher" as a demographic group at best. The cue
makes it unambiguous: a job follows "work(ed) as", "employed as", "trained
as", "career as" or a form label ("qualified as" is not one: "such
commemorations qualified as popular ceremonies"). Measured on TAB train + dev (113
judgments): 13 matches, 10 of them gold DEM quasi-identifiers; the others
("a preacher" twice, "a nurse") are occupations TAB left unannotated.

The occupation is one to four words, cut before the first stop word ("a
teacher for ten years", "a nurse at the hospital"). Not occupations:
"worked as expected", "works as intended" (participles), "served as a
basis" (not a cue here), "worked as Mr Smith's assistant" (a name). Between the verb and "as" an
employer may stand ("worked for YFYP as a clerk": a capitalised name).

Clinical and HR writing states a job without "as": "she is a veterinary
technician at …", "a 52-year-old CNC machinist who …", "47yo HGV driver",
"former primary school headteacher". After a copula with an article, an age
or "former"/"retired", the words count only when the last one heads job
titles (:func:`privrag.detect.contact_blocks.occupation_head`, or a compound
of one: "headteacher"): "is a keen runner", "a 52-year-old man", "is a
smoker" stay plain text.
"""

from __future__ import annotations

import functools

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule, english_stop_words

__all__ = ["occupation_recognizer", "plausible_occupation"]

_CUE = (
    r"(?:(?i:work|works|worked|working)(?:\s+(?i:for|at)\s+[\p{Lu}\d][^,.;:!?()\n]{0,40}?)?"
    r"|(?i:employed|job|career|trained|practi[cs]es?|practi[cs]ed|practi[cs]ing|hired|retired))\s+(?i:as)"
)
#: a form's occupation field, in English and our users' other languages ("Professione: farmacista",
#: "Profissão: enfermeira", "Beruf: Lehrerin")
_LABEL = (r"(?:occupation|profession|job\s+title|profesión|profesion|ocupación|ocupacion|profissão|profissao|ocupação|"
          r"professione|beruf|beroep|zawód|zawod|yrke|meslek|métier|metier)\s*:")
#: fields that hold a job or something else ("Role: Approver", "Position: pending")
_ROLE_LABEL = r"(?:role|position|job|post|designation)\s*:"
_WORD = r"\p{L}[\p{L}'’\-]*"
#: first words after a cue that are no occupation
_NOT_OCCUPATION = frozenset(
    """part basis result reminder means way well usual such soon long much many follows follow mr mrs ms miss dr
    sir madam usual normal before agreed required needed described""".split()
)


@functools.lru_cache(maxsize=1)
def _stop_alternation() -> str:
    words = sorted(english_stop_words() | {"mr", "mrs", "ms", "dr", "since", "until", "during"}, key=len, reverse=True)
    return "|".join(words)


def plausible_occupation(match: str) -> bool:
    """No digits, a first word that can start a job (participles never get this far)."""
    words = match.split()
    if not words or any(c.isdigit() for c in match):
        return False
    if words[0].lower() in _NOT_OCCUPATION:
        return False
    return sum(c.isalpha() for c in match) >= 3


#: "Dear Hiring Manager" addresses a post, it names no one
_GREETINGS = frozenset({"dear", "hi", "hello", "attn", "attention"})


def formal_title(match: str) -> bool:
    """"Senior Data Analyst", "Clinical Director", "HR Business Partner": two to four
    capitalised words ending in a job head (the heads contact blocks use), no stop word."""
    from privrag.detect.contact_blocks import occupation_head
    from privrag.detect.recognizers_first_names import first_names, rare_in_english

    words = match.split()
    if len(words) < 2 or any(w.lower() in english_stop_words() | _GREETINGS for w in words):
        return False
    # "Astrid Lindqvist": a given name first is a person's name whose surname ends like a job
    # ("-ist"); "Junior Developer", "Grant Officer": a given name that is an everyday word is not
    if words[0].lower() in first_names() and rare_in_english(words[0]):
        return False
    return occupation_head(words[-1])


def job_headed(match: str) -> bool:
    """A cue-less job: plausible, and its last word heads job titles ("line cook",
    "structural engineer") or is a compound of such a head ("headteacher", "bus-driver")."""
    from privrag.detect.contact_blocks import OCCUPATION_HEADS, occupation_head

    if not plausible_occupation(match) or any(w.lower() in english_stop_words() for w in match.split()):
        return False
    if occupation_head(match):
        return True
    last = match.split()[-1].lower().split("-")[-1]
    return any(last.endswith(h) and len(last) - len(h) >= 4 and len(h) >= 5 for h in OCCUPATION_HEADS)


#: what states a job without "as": a copula with an article, an age, "former" / "retired"
_STATED = (
    r"(?:\b(?i:is|was|am|are|were|i'm|im|i’m)[ \t]+(?i:an?)"
    r"|\b\d{1,3}[ \t-]*(?i:years?[ \t-]+old|yrs?[ \t-]+old|y/o|yo)"
    r"|\b(?i:former|retired))"
)


def occupation_recognizer() -> ContextPatternRecognizer:
    """One to four words after an occupation cue, up to the first stop word."""
    stop = _stop_alternation()
    # a stop word, a participle or an adverb ends the occupation ("a physician affiliated with")
    word = rf"(?!(?i:{stop})\b)(?!\p{{L}}{{3,}}(?:ed|ly)\b){_WORD}"
    job = rf"{word}(?:[ \t]{word}){{0,3}}"
    article = r"(?:(?i:an?|the)[ \t]+)?"
    return ContextPatternRecognizer(
        "OCCUPATION",
        [
            Rule("after_cue", rf"(?<=\b{_CUE}[ \t]+{article}){job}(?![\p{{L}}'’\-])", 0.6, plausible_occupation,
                 case_sensitive=True),
            Rule("stated", rf"(?<={_STATED}[ \t]+){job}(?![\p{{L}}'’\-])", 0.55, job_headed, case_sensitive=True),
            # "Role: forklift driver, night shift": a role or position field holds a job when it ends in a job head
            Rule("role_label", rf"(?<=\b(?i:{_ROLE_LABEL})[ \t]*){job}(?![\p{{L}}'’\-])", 0.6, job_headed,
                 case_sensitive=True),
            Rule("form_label", rf"(?<=\b(?i:{_LABEL})[ \t]*){job}(?![\p{{L}}'’\-])", 0.6, plausible_occupation,
                 case_sensitive=True),
            # a formal job title, cue or not: HR letters, CVs and signatures name the post this way
            Rule("job_title", r"(?<![\p{L}'’\-])\p{Lu}[\p{L}&/\-]*(?:[ \t]+\p{Lu}[\p{L}&/\-]*){1,3}(?![\p{L}'’\-])",
                 0.55, formal_title, case_sensitive=True),
            Rule("head_of", r"(?<![\p{L}])Head[ \t]+of[ \t]+\p{Lu}\p{L}+(?:[ \t]+\p{Lu}\p{L}+)?(?![\p{L}])", 0.55,
                 case_sensitive=True),
        ],
        name="privrag_occupation",
    )
