"""Named clinical instruments with their value: "Barthel Index 45/100", "Berg Balance Scale 41/56",
"Hospital Anxiety and Depression Scale (HADS) 12", "Beers Criteria".

Why: the same instrument is named in every note that uses it, so its name identifies no one, and a
model reads its eponym as a person ("Barthel Index" as PERSON). The name is an eponym or a
descriptive word, then descriptive words, then the head ("Scale", "Index", "Score", …). What stands
before it may be the patient: "Mary Jones Waterlow Score 12" names Mary Jones, so the instrument
starts after the last given name and the name word that follows it. A credit score or a performance rating is a
person's own and is never kept.
"""

from __future__ import annotations

import re

from privrag.keep.spans import KeepSpan

__all__ = ["instrument_mentions", "SCALE_HEADS"]

#: head nouns of an instrument's name
SCALE_HEADS = ("Index", "Scale", "Score", "Criteria", "Questionnaire", "Inventory", "Classification")
#: the head, an acronym in brackets, a value ("16/24", "2", "47.3")
_HEAD = re.compile(
    r"(?<![\w-])(?:" + "|".join(SCALE_HEADS) + r")(?:[ ]*\([A-Z]{2,6}\))?(?:[ ]+\d{1,3}(?:[.,]\d+)?(?:/\d{1,3})?)?(?![\w/-])"
)
#: one capitalised word before the head, or a joiner ("of", "and")
_WORD_BEFORE = re.compile(r"(?:([A-Z][\w'’-]*)|(of|for|and|the))[ ]+$")
#: a person's own rating: "Experian Credit Score 700", "Performance Score 2/5"
_PERSONAL = frozenset({"credit", "cibil", "fico", "experian", "equifax", "transunion", "performance", "risk"})
#: words that open a sentence, not a name: "The Barthel Index"
_OPENERS = frozenset({"the", "a", "an", "his", "her", "their", "our", "my", "your", "its", "this", "that"})


def instrument_mentions(text: str) -> list[KeepSpan]:
    """Every named instrument of ``text`` (see the module docstring)."""
    from privrag.detect.recognizers_first_names import given_name_words, person_name_words

    given, names = given_name_words(), person_name_words()
    out: list[KeepSpan] = []
    for m in _HEAD.finditer(text):
        run: list[tuple[str, int]] = []  # the capitalised words and joiners before the head, right to left
        start = m.start()
        while len(run) < 8:  # more words than a name holds, to see the person before it
            w = _WORD_BEFORE.search(text, max(0, start - 40), start)
            if w is None:
                break
            run.append((w.group(1) or w.group(2), w.start()))
            start = w.start()
        run.reverse()
        # a given name and a name word after it are a person's name: the instrument starts after them
        # ("Mary Jones Waterlow Score", "John Smith Braden Scale"); "Berg Balance Scale" has no such pair
        for i in range(len(run) - 2, -1, -1):
            if run[i][0].lower() in given and run[i + 1][0].lower() in names:
                run = run[i + 2 :]
                break
        run = run[-6:]  # an instrument's name is at most six words
        while run and (not run[0][0][:1].isupper() or run[0][0].lower() in _OPENERS):
            run = run[1:]  # never open on a joiner or an article
        if not run or any(w.lower() in _PERSONAL for w, _ in run):
            continue
        begin = run[0][1]
        out.append(KeepSpan(begin, m.end(), "clinical_scale", text[begin : m.end()]))
    return out
