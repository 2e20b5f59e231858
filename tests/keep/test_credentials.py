"""A credential named as one is kept; a family, a person, a place or a firm before "certificate" never is."""

from __future__ import annotations

import pytest

from privrag.detect import default_detector
from privrag.keep.credentials import credential_keeps, credential_names


@pytest.mark.parametrize(
    ("text", "credential"),
    [
        ("Goal 3: Lean Six Sigma Black Belt certification by June.", "Lean Six Sigma Black Belt"),
        ("Forklift operators need a valid PIT certification.", "PIT"),  # an acronym
        ("I hold the Summit Roofing CISRS certificate.", "CISRS"),  # the scheme's acronym, not the firm before it
        ("She holds the NEBOSH IGC certificate.", "NEBOSH IGC"),
        ("He passed the HACCP Level 2 certificate last year.", "HACCP Level 2"),  # a level's number
        ("Our ISO 27001 recertification audit is in May.", "ISO 27001"),
        ("English C1 (TELC-Zertifikat)", "TELC-Zertifikat"),  # the German compound
        ("Aim: the Azure Data Engineer Associate certification", "Azure Data Engineer Associate"),
        ("IBM Data Science Professional Certificate (2024)", "IBM Data Science Professional Certificate"),
        ("AWS Certified Cloud Practitioner; Certified Kubernetes Application Developer",
         "AWS Certified Cloud Practitioner"),  # a vendor's acronym before "Certified"
    ],
)
def test_a_credentials_name_is_kept(text: str, credential: str) -> None:
    assert any(k.text.startswith(credential) for k in credential_keeps(text))


def test_a_vendors_certified_title_names_the_vendor() -> None:
    text = "Certified Kubernetes Administrator (2021)"  # a catalogued brand inside the title
    assert [k.text for k in credential_keeps(text)] == ["Certified Kubernetes Administrator"]
    assert credential_keeps("Certified Nursing Assistant at Oakwood Lodge") == []  # a job's title


@pytest.mark.parametrize(
    "text",
    [
        "Aaron's birth certificate and the marriage certificate",  # a possessive; a kind in lower case
        "Mrs Garcia asked again; the Garcia certificate was lost.",  # a family's
        "the Mokoena certificate arrived",  # a coined word alone: a surname no list holds, maybe
        "the Kowalski certification",  # a surname of our lists
        "Emma Green certificate",  # a given name
        "the Leeds certificate",  # a town
        "our Hargreaves Logistics certification",  # a firm's own
        "Hargreaves Safety Passport certificate",  # a surname no dictionary holds
        "the Acme Ltd certificate",  # a registered firm
        "She works at TQX. The TQX certification is internal.",  # an employer
        # found by the review of stop 40: a person's or a small firm's name before the noun
        "Siriporn Wongsawat Certificate of Attendance, issued by the ward manager.",
        "Bayarmaa Batbold Medical Certificate for three days of sick leave.",
        "Attached: Harbourside Bistro Food Hygiene Certificate for Marta.",
        "Tomasz completed the Kestrel Training certificate last week.",  # a rare word names a firm as often
        "PSB Certified Welder at PSB Fabrication Ltd.",  # the vendor's acronym is the employer's
        # found by the second review of stop 40: names of common words, capitals, a firm before the scheme
        "Attached: Grace Young Certificate of Attendance, first aid refresher.",
        "Please scan the Mark Brown Certificate of Completion.",
        "Mark Brown Professional certificate",
        "BAYARMAA BATBOLD MEDICAL CERTIFICATE for three days of sick leave.",
        "Scan attached: GREAVES SCAFFOLDING CISRS CERTIFICATE for Tomasz.",
        "Amber works at Sunny Hill Care. She completed the Sunny Hill Care Induction certificate.",
        "Nadia completed the Leeds Scaffolding certificate in 2021.",
        "the GREAVES certificate",
    ],
)
def test_a_family_a_person_a_place_or_a_firm_is_not_a_credential(text: str) -> None:
    assert credential_keeps(text) == []


def test_a_person_the_text_names_is_no_credential() -> None:
    assert credential_keeps("Ask about the Dlamini certificate.", frozenset({"dlamini"})) == []


def test_the_name_stops_at_the_line_and_the_sentence_opener() -> None:
    assert credential_names("CERTIFICATIONS\nThe NEBOSH certificate") == [(19, 37)]


def test_the_noun_is_kept_with_the_name() -> None:
    """A model's person "ASC certification pre-check at client …" loses the credential whole."""
    assert [k.text for k in credential_keeps("an ASC certification pre-check")] == ["ASC certification"]


def test_the_number_on_a_certificate_stays_protected() -> None:
    """The issuer's name may be kept; the number after it is an identifier pattern's and is never shortened."""
    text = "Your Sun Life certificate 0093317-02 is on file with HR."
    found = [text[e.start : e.end] for e in default_detector().detect(text)]
    assert any("0093317-02" in f for f in found)


def test_the_default_detector_no_longer_masks_a_credential() -> None:
    text = ("Performance review 2024, objective c): Lean Six Sigma Green Belt certification, achieved in October. "
            "Next year: the PMI-ACP certification.")
    masked = [text[e.start : e.end] for e in default_detector().detect(text)]
    assert not any("Sigma" in m or "Belt" in m for m in masked)


def test_only_the_schemes_acronym_is_kept_not_the_firm_before_it() -> None:
    text = "I work at Summit Roofing and hold the Summit Roofing CISRS certificate."
    assert [k.text for k in credential_keeps(text)] == ["CISRS certificate"]
    text = "My employer, Greaves Scaffolding, paid for the Greaves Scaffolding CISRS certificate."
    assert [k.text for k in credential_keeps(text)] == ["CISRS certificate"]
