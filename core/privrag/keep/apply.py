"""Take the keep spans out of the spans to protect — the soft ones only.

A span a statistical model or a cue recognizer guessed may be shortened by a
keep reason ("amoxicillin" out of a person span, "Visa" out of an organisation
that ran on over "Visa card"); a span an identifier pattern found (e-mail,
phone, IBAN, ID numbers, postcodes…) never is: a keep reason can cost
utility, never an identifier. :class:`~privrag.keep.finder.KeepFinder` finds
the keep spans; this module applies them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from privrag.intervals import Containment
from privrag.keep import vocab
from privrag.keep.context import FACILITY, first_names
from privrag.keep.spans import KeepSpan
from privrag.types import DetectedEntity

__all__ = ["SOFT_SOURCES", "MODEL_SOURCES", "ORGLIKE", "ITEM_BREAK", "RARE_ZIPF", "TRAILING_LOWER", "is_soft", "apply_keep", "detect_with_keep", "drop_kept_values"]

#: labels a public entity can carry; places and nationalities are never "public" here (they are QUASI)
ORGLIKE = frozenset({"ORG", "ORGANIZATION", "PRODUCT", "MISC", "CORPORATION"})
#: lower-case words (and the punctuation around them) that close a span
TRAILING_LOWER = re.compile(r"(?:[\s,;:.]+[a-z][\w'’-]*)+[\s,;:.]*$")
#: Zipf frequency from which a lower-case word after an organisation is plain English
_DESCRIPTIVE_ZIPF = 3.0
#: Zipf frequency below which a word is rare enough to name something ("pix", "DVLA"; not "facts")
RARE_ZIPF = 4.0

#: sources whose spans are guesses a keep reason may shorten (models and cue recognizers)
SOFT_SOURCES: tuple[str, ...] = (
    "SpacyRecognizer", "gliner", "hub_gliner", "privrag_money", "privrag_employer",
    "privrag_uppercase_place", "privrag_relocation_place", "privrag_city", "privrag_country", "privrag_first_name",
    "privrag_occupation", "privrag_slots", "privrag_propagated", "privrag_name_particle",
    # a written date merged with a model's span runs over its words ("18/02  SNCF TGV"); no keep
    # reason matches a date itself, so a cut only takes back what the model added
    "privrag_written_date",
    # the words between an address's pieces ("Co. Galway", "QLD"): a public body's name may stand there too
    "privrag_address_run",
)  # fmt: skip

#: labels only an identifier pattern produces; never shortened whatever their source
_HARD_LABELS = frozenset({
    "EMAIL_ADDRESS", "EMAIL", "PHONE_NUMBER", "PHONE", "IBAN_CODE", "CREDIT_CARD", "US_SSN",
    "IP_ADDRESS", "URL", "CRYPTO", "MAC_ADDRESS", "UK_NHS", "US_PASSPORT", "US_BANK_NUMBER",
})  # fmt: skip


#: statistical models: every label they give is a guess ("3-5 business days" as a phone number)
MODEL_SOURCES = ("SpacyRecognizer", "gliner", "hub_gliner")


def is_soft(span: DetectedEntity) -> bool:
    """A model's span, or a cue recognizer's that is not an identifier pattern's label."""
    src = span.source or ""
    if src.startswith(MODEL_SOURCES):
        return True
    if span.label.upper() in _HARD_LABELS:
        return False
    return src.startswith(SOFT_SOURCES)


#: keep reasons whose whole span is a law or a dose: an identifier pattern inside one is the law's
#: number or the dose itself ("261/2004" of "Regulation (EC) No 261/2004", "300/200" of "300/200 mg"); not a
#: measurement, whose "abbreviation and value" shape a state and its postcode share ("VIC 3199")
_LAW_REASONS = frozenset({"legal_reference", "dosage"})


#: a currency's sign or code in an amount keep: letters or a symbol, not only digits and separators
_CURRENCY_MARK = re.compile(r"[^\d\s.,'’-]")


def apply_keep(text: str, spans: Sequence[DetectedEntity], keeps: Sequence[KeepSpan]) -> list[DetectedEntity]:
    """``spans`` less every keep span, for the soft ones; what remains of a span keeps its label,
    unless it is the name of a person the spans hold elsewhere (then it is that person).

    A remainder made only of everyday words ("Increase" of "Increase Ozempic")
    is dropped: it was the model's context, not an entity.
    """
    if not keeps:
        return list(spans)
    keeps = sorted(keeps)
    people = _person_forms(spans)
    out: list[DetectedEntity] = []
    for sp in spans:
        cuts = [k for k in keeps if k.start < sp.end and sp.start < k.end]
        if any(k.why in _LAW_REASONS and k.start <= sp.start and sp.end <= k.end for k in cuts):
            continue  # "261/2004" of "Regulation (EC) No 261/2004": a law's number, whoever's pattern it fits
        if sp.label.upper() == "PHONE_NUMBER" and any(
            k.why == "amount" and k.start <= sp.start and sp.end <= k.end and _CURRENCY_MARK.search(k.text) for k in cuts
        ):
            continue  # "2.849.000" of "Rp 2.849.000": a price with its currency, which a phone pattern also fits
        if not cuts or not is_soft(sp) or _named_facility(text, sp, cuts):
            out.append(sp)
            continue
        pieces = [(sp.start, sp.end)]
        for k in cuts:
            nxt = []
            for a, b in pieces:
                if k.end <= a or k.start >= b:
                    nxt.append((a, b))
                    continue
                if a < k.start:
                    nxt.append((a, k.start))
                if k.end < b:
                    nxt.append((k.end, b))
            pieces = nxt
        described = _described_tail(text, sp, cuts)
        for a, b in pieces:
            a, b = _trim(text, a, b)
            # "Park Surgery" of "Park Surgery – NHS": a facility's own item stays, common words or not
            facility = sp.label.upper() in _FACILITY_LABELS and bool(_facility_words(text, a, b))
            if b > a and (facility or _substantive(text[a:b])) and not (described and described[0] <= a and b <= described[1]):
                # "Chidi" of "Chidi - Crashlytics" (an organisation to the model) is the "@chidi" of the chat
                label = "PERSON" if text[a:b].lower() in people else sp.label
                out.append(DetectedEntity(a, b, label, text[a:b], sp.score, sp.source))
    return sorted(out)


def _person_forms(spans: Sequence[DetectedEntity]) -> frozenset[str]:
    """The names (and name parts) of the persons and user names ``spans`` hold, lower case."""
    from privrag.detect.name_propagation import name_forms

    return frozenset(f.lower() for s in spans if s.label.upper() in _PERSON_LABELS for f in name_forms(s))


_PERSON_LABELS = frozenset({"PERSON", "PER", "USERNAME"})


def _described_tail(text: str, span: DetectedEntity, cuts: Sequence[KeepSpan]) -> tuple[int, int] | None:
    """The lower-case words an organisation span ran on with after a public entity it starts
    with ("Walmart Foundation" + " grant"): they describe the entity and were judged with it,
    so they are not a remainder to protect. Other detectors' spans on them are untouched."""
    if span.label.upper() not in ORGLIKE:
        return None
    for k in cuts:
        if k.why == "public_entity" and k.start <= span.start and k.end < span.end:
            m = TRAILING_LOWER.match(text, k.end, span.end)
            if m is not None and m.end() == span.end and all(_descriptive(w) for w in vocab.words(m.group(0))):
                return k.end, span.end
    return None


def _descriptive(word: str) -> bool:
    """An English word ("grant", "engineer"), not a given name written in lower case ("dani"):
    a merged span may have taken a chat's lower-case name on after the organisation."""
    w = word.lower()
    return w not in first_names() and vocab.zipf(w) >= _DESCRIPTIVE_ZIPF


def _named_facility(text: str, span: DetectedEntity, cuts: Sequence[KeepSpan]) -> bool:
    """"Northampton General Hospital", "Early Intervention in Psychosis Team": an organisation's
    name that holds a medical word or a public entity is still the organisation (it locates
    the patient)."""
    if span.label.upper() not in _FACILITY_LABELS:
        return False
    # the facility word is part of the name, so capitalised: "Samsung authorised service centre"
    # describes a kind of place after a brand, it names none; two capitals are shorthand ("ST
    # elevation", "CO poisoning"), not a street or a company
    facilities = _facility_words(text, span.start, span.end)
    if not facilities:
        return False
    # a header's items are apart: "Kirkgate Dental Care – NHS / Private Treatment Plan" names the practice,
    # and the NHS after the dash is not part of that name
    breaks = [m.start() for m in ITEM_BREAK.finditer(text, span.start, span.end)]
    def item(pos: int) -> int:
        return sum(b < pos for b in breaks)
    if not any(item(k.start) == item(f) for k in cuts for f in facilities):
        return False
    # a span inside one keep span is a word of that term ("House" of "House-Brackmann grade
    # III"), not an organisation whose name holds it
    if any(k.start <= span.start and span.end <= k.end for k in cuts):
        return False
    return all(k.why in ("diagnosis", "medical_term", "medical_abbreviation", "eponym", "public_entity") for k in cuts)


def _facility_words(text: str, start: int, end: int) -> list[int]:
    """Where a capitalised facility word stands in ``text[start:end]`` (not two capitals: "ST elevation")."""
    return [m.start() for m in FACILITY.finditer(text, start, end)
            if m.group()[:1].isupper() and not (len(m.group()) <= 2 and m.group().isupper())]


_FACILITY_LABELS = ORGLIKE | {"LOC", "LOCATION", "GPE", "FAC"}
#: what parts a header's items: a spaced dash or bar, a slash, a semicolon (the keep finder adds a comma for a list)
ITEM_BREAK = re.compile(r"[ \t]+[–—|][ \t]+|[ \t]*[/;][ \t]*")


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and not text[a].isalnum():
        a += 1
    while b > a and not text[b - 1].isalnum():
        b -= 1
    return a, b


def _substantive(piece: str) -> bool:
    """A remainder worth protecting: a rare word, a number, or a capitalised given name however
    common as a word ("today, Summer" cut at "today" leaves a person, not a season)."""
    ws = vocab.words(piece)
    if not ws:
        return False
    from privrag.detect.recognizers_first_names import given_name_words

    return any(any(c.isdigit() for c in w) or vocab.zipf(w.lower()) < RARE_ZIPF
               or (w[:1].isupper() and w.lower() in given_name_words()) for w in ws)


def detect_with_keep(detector: object, texts: Sequence[str]) -> list[tuple[list[DetectedEntity], list[KeepSpan]]]:
    """``(spans, keep spans)`` per text from any detector; keep spans are empty for a
    detector that finds none (a user's own model, a test fake)."""
    if hasattr(detector, "detect_with_keep_batch"):
        return detector.detect_with_keep_batch(list(texts))  # type: ignore[attr-defined]
    return [(list(s), []) for s in detector.detect_batch(list(texts))]  # type: ignore[attr-defined]


#: value labels a keep span overrules (a technique's own date/amount patterns)
_VALUE_LABELS = frozenset({"MONEY", "DATE_TIME", "DATE", "TIME", "PERCENT", "QUANTITY"})


#: keep reasons that are numbers no identifier is written as: a technique's own number pattern inside one is
#: the kept number (a reference's digits may still be a case number: not here; an amount's only where the
#: amount has no currency: "2.480" of "2.480,00 €" is the price, read with another country's separators)
_NUMBER_REASONS = frozenset({"public_number", "dosage", "measurement", "duration", "frequency"})


def drop_kept_values(spans: Sequence[DetectedEntity], keeps: Sequence[KeepSpan]) -> list[DetectedEntity]:
    """Date and amount spans a technique found with its own patterns, less those a keep span
    covers: "for 10 days" and a refund of "$129.99" are not shifted or scaled; nor is any of its
    numbers a kept number covers ("Lifeline 0800 543 354" read as an id, "SpO2 88-92%" as a range)."""
    kept = Containment((k.start, k.end) for k in keeps)
    numbers = Containment((k.start, k.end) for k in keeps
                          if k.why in _NUMBER_REASONS or (k.why == "amount" and _CURRENCY_MARK.search(k.text)))
    return [s for s in spans if not numbers.covers(s.start, s.end)
            and (s.label.upper() not in _VALUE_LABELS or not kept.covers(s.start, s.end))]
