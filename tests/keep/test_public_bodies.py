"""National public bodies: a country's scope, a government function, dictionary words — and nothing that locates a person."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder
from privrag.keep.public_bodies import (
    country_before_acronym,
    government_department,
    health_service_region,
    joined_bodies,
    national_bank_mentions,
    national_body,
    police_force,
    programme_name,
)
from privrag.types import DetectedEntity


@pytest.mark.parametrize(
    "name",
    [
        "Canada Revenue Agency",
        "Service Canada",
        "Canadian Anti-Fraud Centre",
        "Australian Taxation Office",
        "National Health Service",
        "UK Health Security Agency",
        "US Food and Drug Administration",
        "Canadian Cancer Society",  # a nation's civil society
        "Asthma Society of Ireland",
        "British Heart Foundation",
        "Government of Canada",
        "Australian Government",
        "Health Professions Council of South Africa",  # a country named in two words
        "New Zealand Transport Agency",
        "South African Revenue Service",
    ],
)
def test_national_bodies_are_recognised(name: str) -> None:
    assert national_body(name)


@pytest.mark.parametrize(
    "name",
    [
        "Leeds City Council",  # a town: a local body
        "Istanbul State Security Court",
        "Brightwater Logistics",  # a coined word: a firm
        "Okafor National Office",  # a family name
        "Canadian Plumbing Services",  # no government function
        "Department for Work and Pensions",  # no scope: left to the other reasons
        "Canada",
        "Government of Ontario",  # a province: a local scope
        "canada revenue agency",  # not written as a name
        "Canada Revenue Agency 2",
        "Leeds Cancer Society",  # a town's society
        "Okafor Family Foundation",  # a family's
        "Johannesburg Health Council of South Africa",  # a town before the country
        "Cape Town Office of South Africa",
        "Wells Nurses Council of South Africa",  # a surname that reads as a plural (review of stop 37)
        "Banks Workers Council of New Zealand",
    ],
)
def test_other_organisations_are_not(name: str) -> None:
    assert not national_body(name)


def _keeps(text: str, org: str) -> list[str]:
    i = text.index(org)
    span = DetectedEntity(i, i + len(org), "ORGANIZATION", org, 0.8, "SpacyRecognizer")
    return [k.text for k in KeepFinder().find(text, [span]) if k.why == "public_entity"]


def test_a_national_body_span_is_kept() -> None:
    text = "Report the call to the Canadian Anti-Fraud Centre and not to your bank."
    assert _keeps(text, "Canadian Anti-Fraud Centre") == ["Canadian Anti-Fraud Centre"]


def test_a_national_body_that_employs_someone_stays_protected() -> None:
    text = "She works at the Canada Revenue Agency in Ottawa."
    assert _keeps(text, "Canada Revenue Agency") == []


def test_a_national_body_a_model_calls_a_nationality_is_kept() -> None:
    text = "Report it to the Canadian Anti-Fraud Centre today."
    i = text.index("Canadian Anti-Fraud Centre")
    span = DetectedEntity(i, i + 26, "NRP", text[i : i + 26], 0.8, "SpacyRecognizer")
    assert [k.text for k in KeepFinder().find(text, [span]) if k.why == "public_entity"] == ["Canadian Anti-Fraud Centre"]


def test_a_place_span_is_not_judged_as_a_brand_or_acronym() -> None:
    text = "She moved from Leeds to Canada last year."
    spans = [DetectedEntity(text.index(w), text.index(w) + len(w), "GPE", w, 0.8, "SpacyRecognizer") for w in ("Leeds", "Canada")]
    assert [k for k in KeepFinder().find(text, spans) if k.why == "public_entity"] == []


@pytest.mark.parametrize("name", ["Konak District National Education Directorate", "Canadian Provincial Health Authority"])
def test_a_body_of_local_scope_is_not_national(name: str) -> None:
    assert not national_body(name)


@pytest.mark.parametrize(
    ("name", "programme"),
    [("Employee Assistance Programme", True), ("Universal Credit", True), ("Widow's Bereavement Allowance", True),
     ("Member Fraud Protection Guarantee", True), ("Riverbend Housing Scheme", False), ("Leeds Housing Scheme", False),
     ("Sami Fund", False), ("Brightwave Pension", False), ("Credit", False)],
)
def test_a_programme_named_by_what_it_provides_is_no_ones(name: str, programme: bool) -> None:
    assert programme_name(name) is programme


def test_a_programme_span_is_kept_unless_someone_works_there() -> None:
    text = "Call the Employee Assistance Programme on the number below."
    assert _keeps(text, "Employee Assistance Programme") == ["Employee Assistance Programme"]
    text = "She works at the Employee Assistance Programme as a counsellor."
    assert _keeps(text, "Employee Assistance Programme") == []


@pytest.mark.parametrize(
    ("name", "public"),
    [("Ministry of Health", True), ("Department of Social Protection", True), ("Income Tax Department", True),
     ("Department of Transport and Main Roads", True), ("Ministry of Transportation", True),
     ("Federal Ministry of Finance", True),
     ("Canadian Department of Justice", False),  # a nationality: national_body's to judge
     ("Living Waters Ministry", False), ("Youth Ministry", False),  # a church's
     ("Sacramento Police Department", False), ("Austin Fire Department", False),  # a town's service
     ("Department of Psychology, University of Bristol", False), ("Good Hope Hospital Department of Surgery", False),
     ("Lagos State Ministry of Health", False),  # a state's: the place locates a person
     ("State Ministry of Health", False), ("District Health Department", False),
     ("Okonkwo Department of Surgery", False),  # a family word names a private site
     ("Department of Rheumatology, Leicester Royal Infirmary", False), ("Ministry", False),
     ("Ministry Church Hall", False)],  # a ministry of faith: no portfolio after "of"
)
def test_a_ministry_needs_no_country_but_no_place_either(name: str, public: bool) -> None:
    assert government_department(name) is public


def test_a_ministry_span_is_kept_unless_someone_works_there() -> None:
    text = "You can apply through the Department of Social Protection before March."
    assert _keeps(text, "Department of Social Protection") == ["Department of Social Protection"]
    text = "She works at the Ministry of Health as an analyst."
    assert _keeps(text, "Ministry of Health") == []


@pytest.mark.parametrize(
    "text",
    ["I was bullied by colleagues at the Ministry of Finance and I'm now on sick leave.",
     "My husband is a civil servant in the Ministry of Defence.",
     "He's been posted abroad by the Ministry of Foreign Affairs.",
     "After 12 years in the Department of Corrections I retired."],
)
def test_a_ministry_in_a_sentence_about_someones_work_stays_protected(text: str) -> None:
    import re

    org = re.search(r"(?:Ministry|Department) of [A-Z]\w+(?: [A-Z]\w+)?", text).group(0)
    assert _keeps(text, org) == []


def test_a_job_word_elsewhere_in_the_sentence_does_not_make_a_ministry_an_employer() -> None:
    text = ("When you went on maternity leave your benefit was paid by the Department of Social Protection, and a "
            "ceased-employment flag was set in error.")
    assert _keeps(text, "Department of Social Protection") == ["Department of Social Protection"]


@pytest.mark.parametrize(
    ("name", "force"),
    [
        ("Nigeria Police Force", True),
        ("Toronto Police Service", True),
        ("Queensland Police Service", False),  # a region no list of ours holds may be a suburb: privacy wins
        ("WA Police Force", True),  # a state's code
        ("Polizei Köln", True),
        ("City of London Police", True),
        ("Kasarani Police Station", False),  # one station locates the people it names
        ("Area F Police Command", False),
        ("John Police Service", False),  # a given name is no place
        ("Smith Police", False),
        ("Police", False),
    ],
)
def test_a_whole_police_force_is_public_but_a_station_is_not(name: str, force: bool) -> None:
    assert police_force(name) is force


def test_a_police_force_tied_to_an_officer_stays_protected() -> None:
    assert _keeps("I reported it to the Toronto Police Service the same night.", "Toronto Police Service") == [
        "Toronto Police Service"]
    assert _keeps("Sgt Mills of the Toronto Police Service called.", "Toronto Police Service") == []


@pytest.mark.parametrize(
    ("name", "board"),
    [
        ("NHS Highland", True),
        ("NHS Greater Glasgow and Clyde", True),
        ("NHS Wales", True),
        ("HSE West", True),
        ("NHS Tayside Ninewells Hospital", False),  # one site
        ("Bedfordshire Hospitals NHS Foundation Trust", False),  # a trust: the service is not its head
        ("NHS Sarah", False),  # a given name is no region
        ("NHS 111", False),  # a number, kept as one elsewhere
    ],
)
def test_a_health_service_named_for_its_region_is_public(name: str, board: bool) -> None:
    assert health_service_region(name) is board


@pytest.mark.parametrize(
    ("text", "banks"),
    [
        ("recipient Maria Aparecida dos Santos, Banco do Brasil. Is that the one?", ["Banco do Brasil"]),
        ("my account at the Royal Bank of Canada", ["Royal Bank of Canada"]),
        ("rates set by the Bank of England.", ["Bank of England"]),
        ("Banca d'Italia and Banque de France", ["Banca d'Italia", "Banque de France"]),
        ("the Bank of Canada's rate", ["Bank of Canada"]),
        ("Northgate Bank of Canada", []),  # a firm's own word before the head
        ("Bank of Ireland Mortgages", []),  # a longer name
        ("the Bank of Riverside", []),  # a town's bank may be a small one
    ],
)
def test_a_bank_named_for_its_country_is_found_in_the_text(text: str, banks: list[str]) -> None:
    assert [text[s:e] for s, e in national_bank_mentions(text)] == banks


def test_a_country_bank_is_kept_but_not_as_an_employer() -> None:
    text = "She sent R$ 850,00 to Maria Santos, Banco do Brasil, by mistake."
    assert "Banco do Brasil" in [k.text for k in KeepFinder().find(text) if k.why == "public_entity"]
    text = "She works at Banco do Brasil in Recife."
    assert "Banco do Brasil" not in [k.text for k in KeepFinder().find(text)]


@pytest.mark.parametrize("name", ["Bank of Canada", "National Bank of Kenya", "Banco do Brasil"])
def test_a_national_bank_span_is_a_national_body(name: str) -> None:
    assert national_body(name)


@pytest.mark.parametrize("name", ["Pacific Harbor Savings Bank", "Lakeshore Mutual Bank", "Harmattan Microfinance Bank Ltd"])
def test_a_bank_without_a_country_is_not(name: str) -> None:
    assert not national_body(name)


@pytest.mark.parametrize(
    ("text", "place", "kept"),
    [
        ("Expect UK GDPR questions from the client.", "UK", True),
        ("Ohio BWC approved the claim.", "Ohio", True),  # a nation of the gazetteer
        ("He moved to the UK in 2019.", "UK", False),  # a country where someone lives
        ("She lives in the UK.", "UK", False),
        ("We moved to the Leeds CCG area.", "Leeds", False),  # a town locates
    ],
)
def test_a_country_that_names_whose_law_follows_is_kept(text: str, place: str, kept: bool) -> None:
    i = text.index(place)
    assert country_before_acronym(text, i, i + len(place)) is kept


@pytest.mark.parametrize(
    ("name", "national"),
    [
        ("Statistics Estonia", True),  # a country's statistics office
        ("Maroc Telecom", True),  # a country's telecom, its name in French
        ("Kenya Airways", True),
        ("Canada Post", True),
        ("Jakarta Post", False),  # a town's
        ("Nordic Airways", False),  # no country
        ("Acme Telecom", False),
    ],
)
def test_a_countrys_statistics_office_carrier_post_or_telecom_is_national(name: str, national: bool) -> None:
    assert national_body(name) is national


def test_a_national_body_a_model_split_at_its_joining_word_is_judged_whole() -> None:
    text = "Filed with the Estonian Tax and Customs Board last week."
    spans = [DetectedEntity(text.index(w), text.index(w) + len(w), "ORGANIZATION", w, 0.85, "SpacyRecognizer")
             for w in ("Estonian Tax", "Customs Board")]
    assert [text[s:e] for s, e in joined_bodies(text, spans)] == ["Estonian Tax and Customs Board"]
    kept = [k.text for k in KeepFinder().find(text, spans) if k.why == "public_entity"]
    assert "Estonian Tax and Customs Board" in kept


def test_two_firms_joined_by_and_are_not_a_body() -> None:
    text = "Invoices from Brightwave Analytics and Tidewater Logistics arrived."
    spans = [DetectedEntity(text.index(w), text.index(w) + len(w), "ORGANIZATION", w, 0.85, "SpacyRecognizer")
             for w in ("Brightwave Analytics", "Tidewater Logistics")]
    assert joined_bodies(text, spans) == []


# found by the review of stop 39: a public body that is also someone's employer, and a suburb's police
@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("Her salary is paid by Bank of Ireland where she works as a teller.", "Bank of Ireland"),
        ("Letter of support: Mr Kamau has been on our payroll at Bank of Kenya since 2018.", "Bank of Kenya"),
        ("Fiona Reid (NHS Fife) will attend the case conference.", "NHS Fife"),
        ("Kind regards, Insp. Tomasz Nowak, Policja Gdańsk", "Policja Gdańsk"),
        ("Our HR team at Bank of Jamaica will arrange the referral for Ms Campbell.", "Bank of Jamaica"),
        ("My husband is a constable at Toronto Police Service and works nights.", "Toronto Police Service"),
    ],
)
def test_a_body_written_as_someones_employer_is_not_kept(text: str, body: str) -> None:
    i = text.index(body)
    spans = [DetectedEntity(i, i + len(body), "ORGANIZATION", body, 0.85, "SpacyRecognizer")]
    for name in ("Fiona Reid", "Tomasz Nowak", "Kamau"):
        if name in text:
            j = text.index(name)
            spans.append(DetectedEntity(j, j + len(name), "PERSON", name, 0.85, "SpacyRecognizer"))
    assert body not in [k.text for k in KeepFinder().find(text, spans)]


@pytest.mark.parametrize("name", ["Kilimani Police", "Mbare Police", "Harare Central Police"])
def test_a_police_named_for_a_place_no_list_holds_may_be_one_station(name: str) -> None:
    assert not police_force(name)


def test_a_states_code_before_a_postcode_is_no_acronym() -> None:
    text = "She lives at 221 Elm Road, Columbus, Ohio OH 43004."
    i = text.index("Ohio")
    assert not country_before_acronym(text, i, i + 4)
