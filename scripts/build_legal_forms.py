"""Build ``core/privrag/assets/legal_forms.json`` from cleanco's table of company legal forms.

Why: a registered company's name ends with its legal form ("Kenanga Batik
House Sdn Bhd", "Novak d.o.o.", "Tecnologías del Norte S.A. de C.V."), and a
company in a letter or a record is most often someone's employer or supplier
(a quasi-identifier). cleanco (MIT) keeps the forms of about eighty countries;
it is a build-time source, not a dependency: the table is shipped as data.

Only forms that cannot be an ordinary word or abbreviation are kept: a form of
several parts with three letters or more ("s.r.l.", "sdn bhd", "sp. z o.o.",
"pte. ltd."), or one word of four letters or more that no English dictionary
holds ("gmbh", "ltda", "bvba"). "e.g.", "co.", "as", "ab", "company" and
"private" are left out, and so is a form whose letters English writes often (Zipf >= 3:
"ent." is ENT, "secs" seconds).

Run: ``python scripts/build_legal_forms.py`` (needs ``pip install cleanco`` and privrag).
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "core" / "privrag" / "assets" / "legal_forms.json"


#: French "État" (the state: "Conseil d'Etat"), ENT (ear, nose and throat), "Ses.", S.A.D. (seasonal affective
#: disorder), the S.A.S. (a regiment), "Unltd", Dutch "te koop" (for sale), "Scop", "Tapui": words, not forms
_NOT_FORMS = frozenset({"etat", "ent.", "ses.", "s.a.d.", "s.a.s.", "unltd", "koop.", "scop", "tapui"})


def _distinctive(term: str, dictionary: frozenset[str]) -> bool:
    from wordfreq import zipf_frequency

    letters = "".join(c for c in term if c.isalpha())
    if any(c in term for c in " ./&"):
        # initials with dots ("d.o.o.", "s.r.l.") spell no word, whatever their letters' frequency
        initials = all(len(p) <= 1 for p in term.replace(" ", ".").split(".") if p)
        common = zipf_frequency(letters, "en") >= 3.0 or letters in dictionary
        return len(letters) >= 3 and not term.startswith(("&", "and ")) and (initials or not common)
    return term.isalpha() and len(term) >= 4 and zipf_frequency(term, "en") < 3.0 and term not in dictionary


def build() -> dict[str, object]:
    from cleanco.termdata import terms_by_country, terms_by_type

    from privrag.keep.brands import english_words

    dictionary = english_words()
    terms = {t.strip() for ts in (*terms_by_type.values(), *terms_by_country.values()) for t in ts}
    forms = sorted(t for t in terms if t.isprintable() and t not in _NOT_FORMS and _distinctive(t, dictionary))
    return {"source": "cleanco 2.3 termdata (MIT)", "forms": forms}


if __name__ == "__main__":
    table = build()
    OUT.write_text(json.dumps(table, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(table['forms'])} forms")
