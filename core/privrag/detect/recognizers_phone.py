"""Phone numbers: every national format of our users' countries, and the shapes no numbering plan holds.

Presidio's ``PhoneRecognizer`` (python-phonenumbers) knows each region's
numbering plan, but only for the regions it is given, and it rejects a
number no plan holds — Ofcom's range for fiction ("+44 7700 900381") is
still someone's contact in a document. :func:`phone_recognizer` runs it over
:data:`PHONE_REGIONS`; :func:`phone_shape_recognizer` finds a number by its
shape (a "+" and grouped digits, or a national 0 after a phone's cue).
"""

from __future__ import annotations

import functools
from typing import Any

import regex

from privrag.amounts import priced
from privrag.detect.recognizer_base import ContextPatternRecognizer, Rule

__all__ = ["PHONE_REGIONS", "MIN_PHONE_DIGITS", "phone_recognizer", "phone_shape_recognizer"]


#: regions whose national phone formats are matched (Presidio's default eight cover no
#: continental European country but Germany and France)
PHONE_REGIONS: tuple[str, ...] = (
    "US", "GB", "DE", "FR", "IL", "IN", "CA", "BR",
    "IE", "NL", "BE", "LU", "CH", "AT", "IT", "ES", "PT", "GR", "CY", "TR", "PL", "CZ", "SK", "HU",
    "SE", "NO", "DK", "FI", "AU", "NZ",
)  # fmt: skip


def phone_recognizer(regions: tuple[str, ...] = PHONE_REGIONS) -> Any:
    """Presidio's ``PhoneRecognizer`` (python-phonenumbers validation) over European regions too.

    Replaces the stock instance in privrag's analyzer (same name, so merged
    spans keep its priority). With thirty regions some region accepts almost
    any digit run, so matches with a slash (application numbers "28045/02",
    ranges), fewer than :data:`MIN_PHONE_DIGITS` digits, or a currency next to
    them ("9.490.000 ₫" is a price) are dropped, and so are freephone and shared-cost
    numbers ("Lifeline 0800 543 354"): an organisation's line, which no private person has
    (:mod:`privrag.keep.public_numbers`).
    """
    from presidio_analyzer.predefined_recognizers import PhoneRecognizer

    from privrag.keep.public_numbers import is_organisation_number

    class _PhoneRecognizer(PhoneRecognizer):
        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[Any]:
            found = _analyze_phones(self, text, nlp_artifacts)
            return [r for r in found if _plausible_phone(text[r.start : r.end]) and not priced(text, r.start, r.end)
                    and not is_organisation_number(text[r.start : r.end])]

    return _PhoneRecognizer(supported_regions=regions, name="PhoneRecognizer")


#: the fewest digits a phone number written without country code has in the regions above
MIN_PHONE_DIGITS = 7


def phone_shape_recognizer() -> ContextPatternRecognizer:
    """Phone numbers by their shape, where python-phonenumbers' validation says no.

    The validating recognizer above drops a number that no region's plan
    holds: a mistyped one, one of a range not yet in the metadata, or a
    reserved one ("+44 7700 900381", Ofcom's range for fiction, which our
    test documents and many templates use). A number is identifying whether
    or not a plan holds it, so two shapes count on their own: a number in
    international format (a "+", a country code, two groups or more: 8 to 15
    digits), and a national number opening with 0 after a phone's cue
    ("mobile", "tel", "WhatsApp", "call me on"). A freephone or shared-cost
    number is an organisation's (:mod:`privrag.keep.public_numbers`).
    """
    from privrag.keep.public_numbers import is_organisation_number

    def ok(match: str) -> bool:
        return 8 <= sum(c.isdigit() for c in match) <= 15 and not is_organisation_number(match)

    cue = r"mobile|mob|cell|cellphone|phone|tel|telephone|whatsapp|fax|call\s+me\s+on|text\s+me\s+on|ring\s+me\s+on"
    return ContextPatternRecognizer(
        "PHONE_NUMBER",
        [
            Rule("international", r"(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,5}(?![\w:/])", 0.6, validator=ok),
            Rule("cued_national", rf"(?<=\b(?i:{cue})(?:[ \t]+(?i:no|number|is|on))?\.?[ \t]*[:#]?[ \t]{{0,3}})"
                                  r"\(?0\d[\d \-().]{6,16}\d(?![\w/])", 0.6, validator=ok),
        ],
        context=["phone", "mobile", "tel", "call", "whatsapp"],
        name="privrag_phone_shape",
    )


def _analyze_phones(recognizer: Any, text: str, nlp_artifacts: Any) -> list[Any]:
    """Presidio's ``PhoneRecognizer.analyze`` loop, over the lines that can hold a phone number.

    python-phonenumbers parses every digit run once per region, and with
    thirty regions that was a fifth of the Presidio member's time on our
    documents, mostly on doses, dates and times ("50 mg", "14:10"). Its
    candidate pattern never crosses a line break, so a line with fewer than
    :data:`MIN_PHONE_DIGITS` digits, or a candidate with fewer, can only give
    a match that :func:`_plausible_phone` drops: neither is parsed. The
    matches are those of the whole text (a line break is no letter or
    punctuation to the matcher's neighbour checks), and the matcher's limit
    of tries now counts per line, so a long text is no longer cut short.
    """
    import phonenumbers
    from phonenumbers import NumberParseException
    from presidio_analyzer import EntityRecognizer

    lines = [(m.start(), m.group()) for m in _LINE.finditer(text) if sum(c.isdigit() for c in m.group()) >= MIN_PHONE_DIGITS]
    results: list[Any] = []
    for region in recognizer.supported_regions:
        for offset, line in lines:
            for match in _short_skipping_matcher()(line, region, leniency=recognizer.leniency):
                try:
                    found_region = phonenumbers.region_code_for_number(phonenumbers.parse(match.raw_string))
                except NumberParseException:
                    found_region = region
                result = recognizer._get_recognizer_result(match, line, found_region, nlp_artifacts)
                result.start, result.end = offset + match.start, offset + match.end
                results.append(result)
    return EntityRecognizer.remove_duplicates(results)


_LINE = regex.compile(r"[^\n]+")


@functools.lru_cache(maxsize=1)
def _short_skipping_matcher() -> Any:
    import phonenumbers

    class _ShortSkippingMatcher(phonenumbers.PhoneNumberMatcher):  # type: ignore[misc]
        # a private hook of python-phonenumbers: should it be renamed, every candidate is parsed as before
        def _extract_match(self, candidate: str, offset: int) -> Any:
            if sum(c.isdigit() for c in candidate) < MIN_PHONE_DIGITS:
                return None
            return super()._extract_match(candidate, offset)

    return _ShortSkippingMatcher


def _plausible_phone(value: str) -> bool:
    return "/" not in value and sum(c.isdigit() for c in value) >= MIN_PHONE_DIGITS
