"""Other case forms of a public entity: "PIX" kept, then "pix" in the same chat."""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.intervals import Containment
from privrag.keep import vocab
from privrag.keep.apply import RARE_ZIPF
from privrag.keep.context import affiliated_anywhere, surname_anywhere
from privrag.keep.spans import KeepSpan

__all__ = ["other_case_mentions"]


def other_case_mentions(text: str, keeps: Sequence[KeepSpan]) -> list[KeepSpan]:
    """A one-word public entity kept in one case is the same entity in another ("PIX" and
    "pix" in one chat): its other mentions are kept too, unless that form is a surname or
    someone's employer somewhere in the text."""
    # an ordinary word kept as a name in one place ("THE FACTS" read as an organisation) says
    # nothing of its other uses
    words = {k.text for k in keeps if k.why == "public_entity" and vocab.WORD.fullmatch(k.text)
             and vocab.zipf(k.text.lower()) < RARE_ZIPF}
    if not words:
        return []
    taken = Containment([(k.start, k.end) for k in keeps])
    out: list[KeepSpan] = []
    judged: dict[str, bool] = {}
    for word in words:
        for m in re.finditer(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text, re.IGNORECASE):
            form = m.group()
            if form == word or taken.covers(m.start(), m.end()):
                continue
            if form not in judged:
                judged[form] = not (surname_anywhere(text, form) or affiliated_anywhere(text, form))
            if judged[form]:
                out.append(KeepSpan(m.start(), m.end(), "public_entity", form))
    return out
