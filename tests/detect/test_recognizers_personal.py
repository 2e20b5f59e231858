"""The postcode and employer recognizers of :mod:`privrag.detect.recognizers_personal`."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_personal import employer_recognizer


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
     ("Contract with Softwarehaus Nowicki sp. z o.o. ends", "Softwarehaus Nowicki sp. z o.o."),
     # the forms of cleanco's table, Turkey's, and the connectors of a Romance name
     ("Merchant: Kenanga Batik House Sdn Bhd (SSM 202101034417)", "Kenanga Batik House Sdn Bhd"),
     ("activate Öztürk Endüstriyel Temizlik Ltd. Şti. as a supplier", "Öztürk Endüstriyel Temizlik Ltd. Şti."),
     ("Kredytobiorca: Domowy Kredyt Sp. z o.o., ul. Długa 5", "Domowy Kredyt Sp. z o.o."),
     ("invoice from Novak Gradnja d.o.o. attached", "Novak Gradnja d.o.o."),
     ("Tecnologías del Norte S.A. de C.V. invoiced us", "Tecnologías del Norte S.A. de C.V."),
     # "SRL" without its dots, and "(Pvt) Ltd" in its brackets
     ("Senior QA Engineer · Transilvania Soft Solutions SRL, Cluj", "Transilvania Soft Solutions SRL"),
     ("Employer: see MUTARE TIMBER PROCESSORS (PVT) LTD payslip", "MUTARE TIMBER PROCESSORS (PVT) LTD"),
     # Indonesia writes the legal form first
     ("Payroll, PT Cahaya Baru Logistik, Jakarta", "PT Cahaya Baru Logistik"),
     ("supplier: CV Sumber Rejeki", "CV Sumber Rejeki")],
)
def test_a_registered_company_is_named_by_its_legal_form(text: str, company: str) -> None:
    assert [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])] == [company]


@pytest.mark.parametrize("text", ["The Ltd after a name", "Dear Ltd holders", "a limited company", "Referred to ENT. She",
                                  "The Conseil d'Etat ruled", "Reports S.A.D. symptoms", "a British S.A.S. veteran"])
def test_a_legal_form_needs_a_capitalised_name(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


@pytest.mark.parametrize(
    ("text", "facility"),
    [("registered at Ithon Valley Surgery since 2019", "Ithon Valley Surgery"),
     ("seen at Westcroft Health Centre today", "Westcroft Health Centre"),
     ("Shanghai Caoxi People's Hospital - Department of Neurology", "Shanghai Caoxi People's Hospital"),
     ("Referred by Bayside Paediatrics for review", "Bayside Paediatrics"),
     ("Riverbend Family Medicine, 12 Oak St", "Riverbend Family Medicine"),
     ("Dufferin Grove Family Health Team", "Dufferin Grove Family Health Team"),
     ("an overnight study at Riverbend Sleep Centre", "Riverbend Sleep Centre"),
     ("Hospital Quirónsalud Sur, Madrid", "Hospital Quirónsalud Sur"),
     ("Fisioterapeuta - Clínica Fisiomed Carabanchel", "Clínica Fisiomed Carabanchel"),
     ("Servicio de Pediatría, Hospital Carlos Monge Medrano\n", "Hospital Carlos Monge Medrano"),  # a person's name
     # a letterhead in capitals
     ("KIBORILONI HEALTH CENTRE - ANTENATAL CARE\nVisit 3", "KIBORILONI HEALTH CENTRE"),
     ("DISCHARGE SUMMARY - ST MARY'S HOSPITAL\n", "ST MARY'S HOSPITAL")],
)
def test_a_named_place_of_care_or_school_is_found(text: str, facility: str) -> None:
    assert facility in [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])]


@pytest.mark.parametrize("text", ["taken to the General Hospital", "a Community Health Centre nearby", "Dental Practice",
                                  "swimming at the Leisure Centre", "Job Centre Plus", "Hospital Discharge Summary",
                                  "Clinic Letter", "General Paediatrics", "Developmental Paediatrics",
                                  "MSK Physiotherapy", "Adult Mental Health Team", "Minor Injuries Centre",
                                  "Walk-In Centre", "Klinik Aufnahme", "Hospital Universitario",
                                  "Hospital ICU Protocol v2", "Zendesk Help Center", "Open Windows Security Center",
                                  "GENERAL HOSPITAL", "COMMUNITY HEALTH CENTRE", "PATIENT DISCHARGE SUMMARY",
                                  # found by the review of stop 39: a heading in capitals
                                  "PLEASE BOOK AN APPOINTMENT WITH THE EYE CLINIC",
                                  "REFERRAL TO COMMUNITY MENTAL HEALTH CENTRE",
                                  "RETURN TO WORK AFTER SURGERY AT THE DAY SURGERY CENTRE"])
def test_a_facility_named_only_by_its_kind_is_no_place(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [("Unit 4, Crofton Terrace, Dún Laoghaire, Co. Dublin A96 X2K7  (01) 284 6612", "A96 X2K7"), ("Galway H91 E2K3", "H91 E2K3")],
)
def test_an_eircode_after_a_place_is_a_postcode(text: str, code: str) -> None:
    from privrag.detect.recognizers_personal import postcode_recognizer

    assert [text[r.start : r.end] for r in postcode_recognizer().analyze(text, ["ZIP_CODE"])] == [code]


@pytest.mark.parametrize(
    ("text", "employer"),
    [("Mobile +971 55 381 2294      Employer: Emirates NBD (relationship manager)", "Emirates NBD"),
     ("Empregador: Hospital Estadual Mário Covas\n", "Hospital Estadual Mário Covas")],
)
def test_a_forms_employer_field_names_the_employer(text: str, employer: str) -> None:
    assert [text[r.start : r.end] for r in employer_recognizer().analyze(text, ["ORGANIZATION"])] == [employer]


@pytest.mark.parametrize("text", ["Employer: N/A", "Employer: Self-employed", "Employer: Retired", "Employer: None"])
def test_an_employer_field_without_an_employer_names_none(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []


@pytest.mark.parametrize("text", ["PT Initial Evaluation: knee flexion 90 degrees.", "CV Writing Workshop on Friday",
                                  "PT McKenzie Assessment: flexion 90.", "Please use the CV Europass Template."])
def test_a_prefix_before_dictionary_words_is_no_firm(text: str) -> None:
    assert employer_recognizer().analyze(text, ["ORGANIZATION"]) == []
