"""The phone recognizers of :mod:`privrag.detect.recognizers_phone`."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_phone import MIN_PHONE_DIGITS, PHONE_REGIONS, phone_recognizer


def _phones(text: str) -> list[str]:
    rec = phone_recognizer()
    return [text[r.start : r.end] for r in rec.analyze(text, ["PHONE_NUMBER"])]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("call me on 699 956 915 tonight", "699 956 915"),  # Spain
        ("Tel. 044 668 18 00 in Zurich", "044 668 18 00"),  # Switzerland, national format
        ("bel 06 12345678 na vijf uur", "06 12345678"),  # Netherlands mobile
        ("ring 020 7946 0018 after six", "020 7946 0018"),  # UK
    ],
)
def test_phone_in_european_formats(text: str, number: str) -> None:
    assert number in _phones(text)


@pytest.mark.parametrize(
    "text",
    [
        "The case originated in an application (no. 28045/02) against Turkey",
        "see paragraphs 28-31 below",
        "in 2002 the court met",
    ],
)
def test_phone_ignores_application_numbers_and_short_runs(text: str) -> None:
    assert _phones(text) == []


@pytest.mark.parametrize("text", ["invoice HD-0047721, 9.490.000 ₫ paid", "deposit R$ 1.250.000 received"])
def test_a_price_grouped_in_thousands_is_not_a_phone(text: str) -> None:
    assert _phones(text) == []


@pytest.mark.parametrize("text", ["tel 020 7946 0958 £5 fee", "ring 07700 900 417 € ok"])
def test_a_phone_next_to_a_currency_sign_is_still_a_phone(text: str) -> None:
    assert _phones(text) != []


def test_phone_regions_extend_presidio_defaults() -> None:
    from presidio_analyzer.predefined_recognizers import PhoneRecognizer

    assert set(PhoneRecognizer.DEFAULT_SUPPORTED_REGIONS) < set(PHONE_REGIONS)
    assert MIN_PHONE_DIGITS >= 7


def test_default_analyzer_uses_the_extended_phone_recognizer() -> None:
    from privrag.detect.default import presidio_member

    member = presidio_member()
    phones = [r for r in member.analyzer.registry.recognizers if r.name == "PhoneRecognizer"]
    assert len(phones) == 1 and set(phones[0].supported_regions) == set(PHONE_REGIONS)


@pytest.mark.parametrize("text", ["Lifeline 0800 543 354 or text 4357", "call 1-800-273-8255 any time"])
def test_an_organisations_freephone_number_is_no_personal_phone(text: str) -> None:
    assert _phones(text) == []


def test_a_mobile_next_to_a_freephone_number_is_still_found() -> None:
    assert _phones("Lifeline 0800 543 354; my mobile 07700 900123") == ["07700 900123"]


def _presidio_phones(text: str) -> list[tuple[int, int]]:
    """Presidio's own loop over the whole text, with privrag's filters: the reference for the fast path."""
    from presidio_analyzer.predefined_recognizers import PhoneRecognizer

    from privrag.amounts import priced
    from privrag.detect.recognizers_phone import _plausible_phone
    from privrag.keep.public_numbers import is_organisation_number

    found = PhoneRecognizer(supported_regions=PHONE_REGIONS).analyze(text, ["PHONE_NUMBER"])
    return sorted(
        (r.start, r.end)
        for r in found
        if _plausible_phone(text[r.start : r.end])
        and not priced(text, r.start, r.end)
        and not is_organisation_number(text[r.start : r.end])
    )


@pytest.mark.parametrize(
    "text",
    [
        "Tel: 020 7946 0018\nMobile: 07700 900123\nDOB 12/03/1961",
        "call 0171\n2345678 tomorrow",  # a line break ends a candidate
        "Phone 555-0134 ext. 22, fax +44 20 7946 0958 ext 301\nseen 14:10",
        "line one has no digits\n\n+49 30 901820 (Berlin)\n06 12345678",
        "ref 2024-03-05 10:22 | dose 50 mg x 2 | BP 120/80 | 0301234567x",
        "a" * 3 + "\n".join(f"item {i}: 12 34 5" for i in range(50)) + "\nfinally 699 956 915",
    ],
)
def test_phones_match_presidios_whole_text_loop(text: str) -> None:
    rec = phone_recognizer()
    assert sorted((r.start, r.end) for r in rec.analyze(text, ["PHONE_NUMBER"])) == _presidio_phones(text)


def test_a_line_without_enough_digits_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    import phonenumbers

    seen: list[str] = []
    real = phonenumbers.PhoneNumberMatcher.__init__

    def spy(self: object, text: str, *args: object, **kwargs: object) -> None:
        seen.append(text)
        real(self, text, *args, **kwargs)

    monkeypatch.setattr(phonenumbers.PhoneNumberMatcher, "__init__", spy)
    assert _phones("dose 50 mg\nseen 14:10\nmobile 07700 900123") == ["07700 900123"]
    assert set(seen) == {"mobile 07700 900123"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("If Teams is flaky my mobile is +44 7700 900381.", ["+44 7700 900381"]),  # a reserved range: no plan holds it
        ("mine is +91 98450 12345 on WhatsApp", ["+91 98450 12345"]),
        ("call me on 087 123 4567 after 5", ["087 123 4567"]),
        ("2024-12-17T10:14:51+05:30 Defender alert", []),  # a time zone
        ("tel 0800 543 354 (free)", []),  # an organisation's freephone line
        ("weight +3.5 kg; sodium +2 mmol", []),
    ],
)
def test_a_phone_number_by_its_shape(text: str, expected: list[str]) -> None:
    from privrag.detect.recognizers_phone import phone_shape_recognizer

    assert [text[r.start : r.end] for r in phone_shape_recognizer().analyze(text, ["PHONE_NUMBER"])] == expected
