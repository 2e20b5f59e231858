"""A speaker's line read as one person: "Kaye: Thank you, Ms. Marites".

Why: a model (GLiNER on a chat, spaCy on a transcript) may take a speaker's label and the first
words of what they say for one name. Masked whole, the speech goes; worse, the everyday word it
opens with ("Thank", "Sorry") becomes a "name part" that is then masked, or aliased by SEAG,
wherever the text uses it. No name holds a colon followed by a space, so a person span is cut
there, and the first word of the speech is dropped when it is an everyday word no name list holds
and a lower-case word follows it ("Will and Joy" stays two people).
"""

from __future__ import annotations

import re

__all__ = ["at_colons", "without_speech_openers"]

#: a colon before a space: no name holds one ("Kaye: Thank you"), a speaker's or a field's label ends there
_COLON = re.compile(r":[ \t]+")
#: a word this common in English is an everyday word first (Zipf): "Thank" 5.5, "Sorry" 5.2
EVERYDAY_ZIPF = 5.0
#: a speaker's colon right before a piece; a lower-case word (no list's "and") right after it
_SPEECH_START = re.compile(r":[ \t]+$")
_LOWER_NEXT = re.compile(r"[ \t]+(?!(?:and|or)\b)[a-z]")


def at_colons(start: int, end: int, text: str) -> list[tuple[int, int]]:
    """``start:end`` cut at each colon that a space follows."""
    out, pos = [], start
    for m in _COLON.finditer(text, start, end):
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, end))
    return out


def without_speech_openers(pieces: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """The pieces of one person span less the first word of a speech ("Thank" of "Kaye: Thank you, Ms.
    Marites"); all of them when nothing else would be left."""
    if len(pieces) < 2:
        return pieces
    kept = [(a, b) for a, b in pieces
            if not (_SPEECH_START.search(text, max(0, a - 4), a) and _LOWER_NEXT.match(text, b)
                    and _everyday_word(text[a:b]))]
    return kept or pieces


def _everyday_word(piece: str) -> bool:
    """One word English writes every day and no list of ours holds as a given name or a surname."""
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep import vocab

    word = piece.strip(",;:.!? \t")
    return word.isalpha() and vocab.zipf(word.lower()) >= EVERYDAY_ZIPF and word.lower() not in person_name_words()
