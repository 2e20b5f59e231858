"""Checksums and the phone recognizer of :mod:`privrag.detect.recognizers_personal`."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_personal import (
    MIN_PHONE_DIGITS,
    PHONE_REGIONS,
    card_prefix_ok,
    employer_recognizer,
    luhn_ok,
    phone_recognizer,
)


@pytest.mark.parametrize(
    ("number", "ok"),
    [
        ("4111111111111111", True),
        ("4111 1111 1111 1111", True),
        ("4111111111111112", False),
        ("79927398713", False),  # valid Luhn, but 11 digits is no card
        ("378282246310005", True),
        ("", False),
    ],
)
def test_luhn(number: str, ok: bool) -> None:
    assert luhn_ok(number) is ok


@pytest.mark.parametrize(
    ("number", "ok"),
    [
        ("4111111111111111", True),  # Visa 16
        ("4273468222888969924", True),  # Visa 19
        ("503802053770", True),  # Maestro 12
        ("378282246310005", True),  # Amex 15
        ("1234567890123452", False),  # Luhn-valid, no issuer starts with 12
        ("4111111111111", False),  # Visa prefix, Luhn fails
    ],
)
def test_card_prefix(number: str, ok: bool) -> None:
    assert card_prefix_ok(number) is ok


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


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I work for Socrata", "Socrata"),
        ("I work for 48 Factoring Inc", "48 Factoring Inc"),
        ("She worked at Wolters Kluwer.", "Wolters Kluwer"),
        ("he was employed by Gazprom & Sons in Moscow", "Gazprom & Sons"),
    ],
)
def test_employer_after_work_verb(text: str, employer: str) -> None:
    found = [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])]
    assert found == [employer]


@pytest.mark.parametrize(
    "text",
    ["she worked at the Ministry of Justice", "they worked at Christmas and on Sundays", "I work for my family",
     "we work at home", "He worked for 10 years", "worked at 25 different sites", "works for Both parties",
     "we work for You"],
)
def test_employer_needs_a_name_not_a_time_or_article(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


def test_employer_stops_at_a_sentence_end() -> None:
    text = "I work for ACME Corp. Please call me."
    assert [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])] == ["ACME Corp"]


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("getting paid, according to the Brightwave website. They offer", "Brightwave"),
        ("as the Lloyd And Partners website says", "Lloyd And Partners"),
        ("download the Monzo app today", "Monzo"),
        ("on the Government’s website", "Government"),  # a possessive stays outside
    ],
)
def test_the_owner_of_a_site_or_app_is_an_organisation(text: str, owner: str) -> None:
    assert [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])] == [owner]


@pytest.mark.parametrize("text", ["see the new website", "the The website", "on the website of the Court"])
def test_no_site_owner_without_a_capitalised_name(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


@pytest.mark.parametrize(
    ("text", "company"),
    [("Grace Whitfield\nSenior Data Analyst\nBrightwave Analytics Ltd\n4th Floor", "Brightwave Analytics Ltd"),
     ("Review 2024\nFeldmann Präzisionstechnik GmbH - Plant Augsburg", "Feldmann Präzisionstechnik GmbH"),
     ("Contract with Softwarehaus Nowicki sp. z o.o. ends", "Softwarehaus Nowicki sp. z o.o.")],
)
def test_a_registered_company_is_named_by_its_legal_form(text: str, company: str) -> None:
    assert [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])] == [company]


@pytest.mark.parametrize("text", ["The Ltd after a name", "Dear Ltd holders", "a limited company"])
def test_a_legal_form_needs_a_capitalised_name(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


@pytest.mark.parametrize(
    ("text", "facility"),
    [("registered at Ithon Valley Surgery since 2019", "Ithon Valley Surgery"),
     ("seen at Westcroft Health Centre today", "Westcroft Health Centre"),
     ("Shanghai Caoxi People's Hospital - Department of Neurology", "Shanghai Caoxi People's Hospital")],
)
def test_a_named_place_of_care_or_school_is_found(text: str, facility: str) -> None:
    assert facility in [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])]


@pytest.mark.parametrize("text", ["taken to the General Hospital", "a Community Health Centre nearby", "Dental Practice"])
def test_a_facility_named_only_by_its_kind_is_no_place(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


@pytest.mark.parametrize("text", ["Lifeline 0800 543 354 or text 4357", "call 1-800-273-8255 any time"])
def test_an_organisations_freephone_number_is_no_personal_phone(text: str) -> None:
    assert _phones(text) == []


def test_a_mobile_next_to_a_freephone_number_is_still_found() -> None:
    assert _phones("Lifeline 0800 543 354; my mobile 07700 900123") == ["07700 900123"]


@pytest.mark.parametrize(
    ("text", "code"),
    [("Unit 4, Crofton Terrace, Dún Laoghaire, Co. Dublin A96 X2K7  (01) 284 6612", "A96 X2K7"), ("Galway H91 E2K3", "H91 E2K3")],
)
def test_an_eircode_after_a_place_is_a_postcode(text: str, code: str) -> None:
    from privrag.detect.recognizers_personal import postcode_recognizer

    assert [text[r.start : r.end] for r in postcode_recognizer().analyze(text, ["ZIP_CODE"])] == [code]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("DOB: 07/22/2019 (4 y 8 m)\nArrived: 04/18/2024", "4 y 8 m"),
        ("Date of birth: 1943-04-12 (81 ans)\nAddress", "81"),
        ("NRIC: S7234518J    DOB: 04/09/1971    Sex/Age: F/52\nRace", "F/52"),
        ("Age/Sex: 67/M", "67/M"),
        ("RE: PETER KAMAU NJOROGE, 58 YEARS, ID NO. 28814570", "58"),
    ],
)
def test_ages_in_forms_and_letter_headings(text: str, age: str) -> None:
    from privrag.detect.recognizers_personal import age_recognizer

    assert [text[r.start : r.end] for r in age_recognizer().analyze(text, ["AGE"])] == [age]


def test_a_town_before_a_number_of_years_is_no_age() -> None:
    from privrag.detect.recognizers_personal import age_recognizer

    assert age_recognizer().analyze("Leeds, 12 years, more", ["AGE"]) == []


def _presidio_phones(text: str) -> list[tuple[int, int]]:
    """Presidio's own loop over the whole text, with privrag's filters: the reference for the fast path."""
    from presidio_analyzer.predefined_recognizers import PhoneRecognizer

    from privrag.amounts import priced
    from privrag.detect.recognizers_personal import _plausible_phone
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
    from privrag.detect.recognizers_personal import phone_shape_recognizer

    assert [text[r.start : r.end] for r in phone_shape_recognizer().analyze(text, ["PHONE_NUMBER"])] == expected
