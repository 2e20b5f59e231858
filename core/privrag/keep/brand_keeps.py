"""Which brand mentions a text keeps: catalogued brands, their products, makes and models, coined names.

:mod:`privrag.keep.brands` says what a brand *is* (the Simple Icons catalogue,
the big listed companies, a make with a model number); this module says
which of a text's mentions *stay*. A brand's name is also a firm's, a
person's or a site's: each mention passes the checks of any public entity
first — not an employer or a branch ("works at Tesco", "Tesco Extra
Leeds"), not a surname the text gives someone, not a name a person's name
marks as theirs ('Sipho "Ghost" Ndlovu').
"""

from __future__ import annotations

import re

from privrag.intervals import Containment
from privrag.keep import brands, vocab
from privrag.keep.coined import coined_names
from privrag.keep.context import FACILITY, affiliated_anywhere, surname_anywhere
from privrag.keep.spans import KeepSpan

__all__ = ["brand_keeps"]


def brand_keeps(text: str, named: frozenset[str] = frozenset()) -> list[KeepSpan]:
    """Catalogued brands (:mod:`privrag.keep.brands`), with the context checks of any
    public entity: not an employer, a branch or a registered company, not a surname, not a
    name a person's name marks as theirs (``named``: 'Sipho "Ghost" Ndlovu' … "Sun 07-13 Ghost")."""
    out: list[KeepSpan] = []
    tied: dict[str, bool] = {}  # per surface: a document-wide test, run once
    for s, e, _title in brands.brand_mentions(text):
        surface = text[s:e]
        if surface not in tied:
            tied[surface] = (surface.lower() in named or surname_anywhere(text, surface)
                             or affiliated_anywhere(text, surface))
        after = " ".join(text[e : e + 40].split()[:2])
        if FACILITY.match(after) or tied[surface]:
            continue
        out.append(KeepSpan(s, e, "public_entity", text[s:e]))
    products: set[str] = set()
    for s, e in brands.brand_products(text):
        surface = text[s:e]
        if surface not in tied:  # once per surface: each test reads every mention of it
            tied[surface] = surname_anywhere(text, surface) or affiliated_anywhere(text, surface)
        if not tied[surface]:
            out.append(KeepSpan(s, e, "public_entity", surface))
            products.add(surface.split()[-1])
    # "Microsoft Intune" once, then "removed from Intune": the product without its brand, when the
    # word alone is no everyday word ("Teams", "Edge" and "Concur" alone are words first)
    named_products = Containment((k.start, k.end) for k in out)  # once: a long text names many
    for word in {t for t in products if _camel(t) or vocab.zipf(t.lower()) < brands.COMMON_WORD_ZIPF}:
        if surname_anywhere(text, word) or affiliated_anywhere(text, word):
            continue
        for m in re.finditer(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text):
            if not named_products.covers(m.start(), m.end()):  # not the brand's own mention
                out.append(KeepSpan(m.start(), m.end(), "public_entity", word))
    # a make and model ("Samsung Galaxy A55") names a product: no employer or site has a model number
    out.extend(KeepSpan(s, e, "public_entity", text[s:e]) for s, e in brands.product_mentions(text))
    # "approve it in AppFolio", "scan it with ExpenseIt": a trade name's inner capital, no catalogue
    for s, e in coined_names(text):
        surface = text[s:e]
        if surface not in tied:
            tied[surface] = surname_anywhere(text, surface) or affiliated_anywhere(text, surface)
        if not tied[surface]:
            out.append(KeepSpan(s, e, "public_entity", surface))
    return out


def _camel(word: str) -> bool:
    return any(c.isupper() for c in word[1:])
