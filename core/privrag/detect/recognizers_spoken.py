"""What a call's transcript reads out: numbers, street addresses and e-mail addresses spelled as words.

Speech-to-text writes what the caller says: "its h o three dash four four seven
one two nine eight" is a policy number, "seven six three five five five zero
one eight four" a phone, "fourteen oh six cedar ridge lane" a home address and
"angie dot morrison eighty two at gmail dot com" an e-mail address. Every
pattern and every model of the detector looks for digits and capitals, and
finds none of them: a claims line's or a support desk's transcript sent every
identifier its caller gave.

A number is what no sentence says: five digits or more read one by one
("double seven" is two), with the letters and dashes of a code between them.
Counting, ages, times and amounts are not written so: "five thirty", "fifty
two", "nineteen eighty two" and "four hundred eighty five dollars" hold fewer
than three digits read alone, and "one, two, three, four, five" counts. A spoken street is a house number in words, then
one to three lower-case words and a street word; a lone "one" or "two" before
it is none ("one long road", "a two way street"), nor a measure or a rank
before it ("a twenty minute drive", "twenty second place").
"""

from __future__ import annotations

import re

from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule, english_stop_words

__all__ = ["spoken_number_recognizer", "spoken_street_recognizer", "SPOKEN_EMAIL", "spoken_local_part",
           "MIN_SPOKEN_DIGITS"]

#: digits read one by one that make an identifier: a US ZIP code has five
MIN_SPOKEN_DIGITS = 5
#: of which at least this many single digit words ("seven six three …"): years and times are read in pairs
_MIN_SINGLE = 3

_ONE_DIGIT = ("zero", "oh", "o", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TWO_DIGITS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
               "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_DIGIT = "(?:" + "|".join(_ONE_DIGIT) + ")"
_PAIR = "(?:" + "|".join(_TWO_DIGITS) + ")"
#: one unit of a spoken number: "seven", "double seven", "triple zero", "eighty"
_UNIT = rf"(?:(?:double|triple)[ \t]+{_DIGIT}|{_DIGIT}|{_PAIR})"
#: a code's letter, said alone ("h o three …"); never "a" or "i", which are words
_LETTER = r"[b-hj-z]"
_GAP = r"(?:[ \t]*,)?[ \t]+"
#: a dash or a slash said between groups ("two five dash zero three …")
_JOIN = rf"(?:dash|hyphen|slash){_GAP}"
_SPOKEN_NUMBER = (rf"(?<![\w-])(?:{_LETTER}{_GAP}){{0,3}}{_UNIT}(?:{_GAP}(?:{_JOIN})?(?:{_UNIT}|{_LETTER}(?=[ \t,]|$)))*"
                  rf"(?![\w-])")
_WORD = re.compile(r"[a-z]+")


def _digit_count(match: str) -> tuple[int, int]:
    """(digits read, single digit words) of a spoken number."""
    digits = single = 0
    times = 1
    for word in _WORD.findall(match.lower()):
        if word in ("double", "triple"):
            times = 2 if word == "double" else 3
            continue
        if word in _ONE_DIGIT:
            digits += times
            single += 1
        elif word in _TWO_DIGITS:
            digits += 2
        times = 1
    return digits, single


_VALUE = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))}
_VALUE["oh"] = _VALUE["o"] = 0


def _counting(match: str) -> bool:
    """"one, two, three, four, five", "five four three two one": a count or a countdown, no number."""
    values = [_VALUE[w] for w in _WORD.findall(match.lower()) if w in _VALUE]
    steps = {b - a for a, b in zip(values, values[1:], strict=False)}
    return len(values) >= 3 and len(steps) == 1 and steps <= {1, -1}


def _spoken_number_ok(match: str) -> bool:
    digits, single = _digit_count(match)
    return digits >= MIN_SPOKEN_DIGITS and single >= _MIN_SINGLE and not _counting(match)


def spoken_number_recognizer() -> ContextPatternRecognizer:
    """Phone, policy, claim and account numbers read out digit by digit (see the module docstring)."""
    return ContextPatternRecognizer(
        "ID_NUMBER",
        [Rule("spoken_digits", _SPOKEN_NUMBER, 0.7, validator=_spoken_number_ok)],
        name="privrag_spoken_number",
        context=["number", "policy", "claim", "account", "phone", "cell", "reference", "zip"],
    )


#: a house number in words: "fourteen oh six", "twelve", "one twenty"
_HOUSE = rf"(?:{_UNIT})(?:[ \t]+{_UNIT}){{0,3}}"
_STREET_WORDS = (r"(?:street|st|road|rd|lane|ln|avenue|ave|drive|dr|court|ct|boulevard|blvd|way|place|pl|terrace|"
                 r"crescent|close|circle|parkway|pkwy|highway|hwy|trail|row|square|grove|gardens)")
_SPOKEN_STREET = rf"(?<![\w-]){_HOUSE}(?:[ \t]+[a-z]+){{1,3}}?[ \t]+{_STREET_WORDS}(?![\w-])"


#: words that make the number a measure or a rank, not a house: "a twenty minute drive", "twenty second
#: place", "a ninety mile highway", "a thirty foot wide road"
_MEASURE_WORDS = frozenset(
    "second seconds minute minutes hour hours day days week weeks month months year years mile miles foot feet "
    "yard yards metre metres meter meters kilometre kilometres kilometer kilometers km inch inches lane lanes "
    "wide long high deep first third fourth fifth sixth seventh eighth ninth tenth percent per cent".split()
)


def _spoken_street_ok(match: str) -> bool:
    """A house number of two words or one above nine, and a street name of words that are no function words."""
    words = match.lower().split()
    house = []
    for w in words:
        if w in _ONE_DIGIT or w in _TWO_DIGITS or w in ("double", "triple"):
            house.append(w)
        else:
            break
    name = words[len(house) : -1]
    if not name or any(w in english_stop_words() or w in _MEASURE_WORDS for w in name):
        return False
    return len(house) >= 2 or house[0] in _TWO_DIGITS


def spoken_street_recognizer() -> ContextPatternRecognizer:
    """A home address read out: "fourteen oh six cedar ridge lane" (see the module docstring)."""
    return ContextPatternRecognizer(
        "STREET_ADDRESS",
        [Rule("spoken_street", _SPOKEN_STREET, 0.6, validator=_spoken_street_ok)],
        name="privrag_spoken_street",
        context=["address", "live", "lives", "living", "property", "home", "moved"],
    )


#: one piece of a spoken e-mail address: a word, a spelled word ("k-a-v-i-t-h-a"), a letter or a digit ("seven", "7")
_SPOKEN_PIECE = r"(?:[a-z](?:-[a-z])+|[a-z0-9]+)"
#: "dot", "underscore", "dash" between pieces, or a plain space before a letter or a number ("s seven nine",
#: "morrison eighty two")
_SPOKEN_JOIN = (rf"(?:[ \t]+(?:dot|underscore|dash|hyphen|period)[ \t]+|[ \t]+(?=(?:[a-z]|\d+|{_DIGIT}|{_PAIR}|"
                r"double[ \t]+\w+)(?:[ \t]|$)))")
SPOKEN_EMAIL = (rf"(?i)(?<![\w-]){_SPOKEN_PIECE}(?:{_SPOKEN_JOIN}{_SPOKEN_PIECE}){{0,8}}[ \t]+at[ \t]+[a-z0-9-]+"
                r"(?:[ \t]+dot[ \t]+[a-z]{2,10}){1,3}\b")
#: words that only a spelled-out address holds before its "at": joins and numbers
_SPOKEN_MARKS = frozenset(("dot", "underscore", "dash", "hyphen", "period", "double", *_ONE_DIGIT[:1], *_ONE_DIGIT[3:],
                           *_TWO_DIGITS))


def spoken_local_part(match: str) -> bool:
    """The words before "at" spell an address, not a sentence: no stop word opens it ("is", "me"),
    and it has a dot, a spelled word, a number or a single letter ("john dot smith", "k-a-v-i-t-h-a")."""
    local = re.split(r"(?i)[ \t]+at[ \t]+", match)[0]
    words = local.lower().split()
    if not words or words[0] in english_stop_words():
        return False
    return any(w in _SPOKEN_MARKS or "-" in w or len(w) == 1 or w.isdigit() for w in words)
