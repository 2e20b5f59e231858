"""A drug's name as another language writes it: "furosémide", "budesonida", "l'amlodipine", "omeprazolo".

The drug vocabulary (:func:`privrag.keep.vocab.drug_names`) holds the English
names and some of other languages'. A French, Spanish, Italian or Portuguese
letter writes the same International Nonproprietary Name with its accents,
its own ending (Spanish "-ida" for "-ide", Italian "-olo" for "-ol") and an
elided article in front ("l'amlodipine", "dell'enoxaparina"). A form counts
only when the English name it maps onto ends with one of the WHO's INN stems
(the part an INN shares with its class: "-semide", "-sonide", "-dipine",
"-prazole", "-sartan") and the form is no common word of those languages:
"soñé" is not "sone", "américaine" is not the "Americaine" spray.
"""

from __future__ import annotations

import re

from privrag.detect.name_propagation import fold_accents
from privrag.keep import vocab

__all__ = ["INN_STEMS", "drug_form_at"]

#: stems of the WHO's "The use of stems in the selection of INN" that end a name
INN_STEMS: tuple[str, ...] = (
    "pril", "sartan", "olol", "alol", "statin", "dipine", "azole", "prazole", "conazole", "cillin", "cycline",
    "floxacin", "oxacin", "mycin", "micin", "vir", "ciclovir", "parin", "gliptin", "gliflozin", "glitazone",
    "setron", "triptan", "tidine", "tadine", "semide", "thiazide", "lutamide", "sonide", "oxetine", "triptyline",
    "azepam", "azolam", "peridol", "perone", "apine", "tiapine", "zepine", "zodone", "afil", "lukast", "olone",
    "terol", "amol", "tropium", "mab", "tinib", "profen", "coxib", "caine", "dronate", "formin", "glinide",
    "fungin", "zosin", "arone", "platin", "rubicin", "taxel", "relin", "pressin", "tocin", "iramine", "bactam",
    "penem", "etine", "oxine",
)
#: an elided article or preposition before the name: French "l'", "d'"; Italian "dell'", "all'", "nell'"
_ELISION = re.compile(r"^(?:[ldjnsmtc]|qu|dell|all|nell|dall|sull)['’]", re.IGNORECASE)
#: languages whose common words are never read as a drug
_LANGUAGES = ("fr", "es", "it", "pt", "de", "nl")
_COMMON_ZIPF = 3.5
_MIN_LENGTH = 7


def drug_form_at(token: str) -> int | None:
    """Where in ``token`` a drug's name in another language's form starts, or None."""
    m = _ELISION.match(token)
    at = m.end() if m else 0
    word = token[at:].lower()
    if not at and word.isascii() and word[-1:] not in ("a", "o"):
        return None  # nothing to fold, cut or map: the vocabulary has already said no (most words of a text)
    drugs = vocab.drug_names()
    if at and word in drugs:
        return at  # "l'amlodipine": the English name itself
    folded = fold_accents(word)
    forms = [folded] + ([folded[:-1] + "e", folded[:-1]] if folded[-1:] in ("a", "o") else [])
    if not any(len(f) >= _MIN_LENGTH and f != word and f.endswith(INN_STEMS) and f in drugs for f in forms):
        return None
    from wordfreq import zipf_frequency

    if any(zipf_frequency(word, lang) >= _COMMON_ZIPF for lang in _LANGUAGES):
        return None
    return at
