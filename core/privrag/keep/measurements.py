"""What a measured value measures, wherever the text names it.

The patterns of :mod:`privrag.keep.patterns` keep a value with its unit ("2.1
mmol/L") and an acronym with its value ("CBG 9.4 mmol/L", "BP 142/88"). Two
things around them are the same clinical fact but no pattern's shape:

* the analyte written in lower case before a value ("ketones 2.1 mmol/L",
  "lymphocytes 58%"), which a model reads as a name;
* the measured test named again without a value ("test CBG twice daily"):
  aliased there, SEAG would alias it in the measurement too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.keep import vocab
from privrag.keep.brands import english_words
from privrag.keep.context import HONORIFIC_BEFORE, first_names, person_words
from privrag.keep.spans import KeepSpan

__all__ = ["analyte", "measured_elsewhere"]

#: the lower-case word right before a value on the same line: "ketones 2.1 mmol/L", "lymphocytes: 58%"
_WORD_BEFORE = re.compile(r"(?<![\w'’-])([a-z][a-z-]{3,})(?:[ \t]*:)?[ \t]+$")
#: above this Zipf frequency a word before a value is plain English ("took 50 mg"), not an analyte
_ANALYTE_MAX_ZIPF = 4.5


def analyte(text: str, start: int, end: int) -> list[KeepSpan]:
    """What a measured value measures, written in lower case before it: a dictionary noun
    (singular or plural), not a given name written in lower case ("jamal 5 mg" in a chat).
    A model reads "ketones" or "lymphocytes" as a name; with the value they are a lab result."""
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return []
    word = m.group(1)
    singular = word[:-1] if word.endswith("s") else word
    forms = (word, singular)
    if not any(f in english_words() for f in forms) or any(f in first_names() or f in person_words() for f in forms):
        return []
    if vocab.zipf(word) >= _ANALYTE_MAX_ZIPF:
        return []
    return [KeepSpan(m.start(1), end, "measurement", text[m.start(1) : end])]


#: a unit or a ratio after the value: the acronym before it names a test, not a person or a code
_MEASURED = re.compile(r"\d(?:/\d+|\s*(?:%|[a-zA-Zµ°]+/[a-zA-Z]+|mmHg|bpm|mg|g|kg|ml|mL|L|IU|U/L|dB))")
#: the name a measurement starts with, written as an acronym ("CBG" of "CBG 9.4 mmol/L")
_MEASURE_HEAD = re.compile(r"[A-Za-z][A-Za-z0-9]{1,7}(?:-[A-Za-z0-9]{1,4})?")


def measured_elsewhere(text: str, found: Sequence[KeepSpan]) -> list[KeepSpan]:
    """The other mentions of what a measurement measured: "CBG 9.4 mmol/L … test CBG twice
    daily" is one test. Only an acronym (two or more capitals, not a name) measured with a unit
    or as a ratio is followed ("JS 12" may be initials and a number; "CBG 9.4 mmol/L" is a
    test): it is the same shorthand wherever the text writes it in the same case."""
    heads = {m.group() for k in found if k.why == "measurement" and _MEASURED.search(k.text)
             if (m := _MEASURE_HEAD.match(text, k.start)) and sum(c.isupper() for c in m.group()) >= 2}
    heads = {h for h in heads if h.lower() not in person_words()}
    if not heads:
        return []
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(heads, key=len, reverse=True))) + r")(?![\w-])")
    return [KeepSpan(m.start(), m.end(), "measurement", m.group()) for m in pattern.finditer(text)
            if not (HONORIFIC_BEFORE.search(text[max(0, m.start() - 8) : m.start()])  # "Dr BP Singh": initials
                    or _NAME_NEXT.match(text, m.end()))]


#: a title-case word right after: the acronym is a name's initials or part of a name
_NAME_NEXT = re.compile(r"[ \t]+[A-Z][a-z]")
