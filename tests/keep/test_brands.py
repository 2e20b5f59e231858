"""Catalogued brands (Simple Icons): kept as public entities, never a person, an employer or another name's word."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder, apply_keep, brands
from privrag.types import DetectedEntity


def _kept(finder: KeepFinder, text: str) -> list[str]:
    return [k.text for k in finder.find(text) if k.why == "public_entity"]


def test_the_catalogue_is_loaded_from_the_package() -> None:
    titles = brands.brand_titles()
    assert len(titles) > 2000
    assert {"Datadog", "Kubernetes", "American Express"} <= titles


def test_big_listed_companies_join_the_catalogue_without_their_legal_form() -> None:
    listed = brands.listed_company_titles()
    assert {"Equifax", "Microsoft", "AstraZeneca"} <= listed
    assert not any(t.endswith((" Inc.", " plc", " AG")) for t in listed)
    assert {"Equifax", "AstraZeneca"} <= brands.brand_titles()


@pytest.mark.parametrize("name", ["Compass", "Block", "Continental", "ACS"])
def test_a_listed_company_named_by_a_dictionary_word_or_short_capitals_is_not_a_brand(name: str) -> None:
    assert name in brands.listed_company_titles()
    assert name not in brands.brand_titles()


@pytest.mark.parametrize("name", ["Jasmine", "Ford", "Julia", "Ruby"])
def test_a_title_that_is_a_given_name_or_surname_is_not_a_brand(name: str) -> None:
    assert name not in brands.brand_titles()


@pytest.mark.parametrize(
    ("text", "brand"),
    [
        ("Restart the Datadog agent on the node.", "Datadog"),
        ("Datadog alerts fired twice overnight.", "Datadog"),  # a rare word: capitals say nothing else
        ("The pods run on Kubernetes and write to PostgreSQL.", "Kubernetes"),
        ("The pods run on Kubernetes and write to PostgreSQL.", "PostgreSQL"),
        ("Events go through Apache Kafka topics.", "Apache Kafka"),
        ("The refund went back to your American Express card.", "American Express"),
        ("My Samsung phone will not charge.", "Samsung"),
        ("Advised to place fraud alerts with Equifax today.", "Equifax"),  # a listed company
        ("Tools: Datadog\nKubernetes", "Datadog"),  # a line break ends the name
        ("- Introduced Apache Kafka for trip events", "Apache Kafka"),  # a bullet's verb begins no name
    ],
)
def test_catalogued_brands_are_kept(finder: KeepFinder, text: str, brand: str) -> None:
    assert brand in _kept(finder, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Circle Road is closed after the junction.", "Circle"),  # sentence start
        ("She lives at 4 Circle Road in Leeds.", "Circle"),  # part of a street's name
        ("Contact Express Logistics for the pallet.", "Express"),  # part of a company's name
        ("Grand Circle tours are fun", "Circle"),  # a sentence's first words: no bullet
        ("CLICK HERE TO CONFIRM", "HERE"),  # an everyday word in capitals
    ],
)
def test_an_ordinary_word_title_is_kept_only_standing_apart(finder: KeepFinder, text: str, word: str) -> None:
    assert word not in _kept(finder, text)


def test_an_ordinary_word_title_standing_apart_is_kept(finder: KeepFinder) -> None:
    assert "Circle" in _kept(finder, "Payments now settle through Circle within a day.")


@pytest.mark.parametrize(
    "text",
    [
        "Priya works at Datadog as an SRE. Datadog alerts fired.",  # an employer anywhere in the text
        "He joined Personio last spring; Personio payroll is down.",
        "Please call Samsung Ltd on Monday.",  # a registered company
        "Mr Kubernetes will attend.",  # a surname after an honorific
    ],
)
def test_a_brand_tied_to_a_person_is_not_kept(finder: KeepFinder, text: str) -> None:
    assert _kept(finder, text) == []


def test_a_models_person_span_on_a_brand_is_dropped() -> None:
    text = "Rebalance the Kafka partitions in Apache Kafka before noon."
    i = text.index("Apache Kafka") + len("Apache ")
    span = DetectedEntity(i, i + 5, "PERSON", "Kafka", 0.8, "SpacyRecognizer")
    assert apply_keep(text, [span], KeepFinder().find(text, [span])) == []


def test_brands_can_be_switched_off() -> None:
    text = "Restart the Datadog agent on the node."
    assert "Datadog" not in [k.text for k in KeepFinder(brands=False).find(text)]


def test_mentions_are_found_in_linear_time_on_a_long_text() -> None:
    text = "We moved the Datadog monitors to Grafana. " * 2000
    found = brands.brand_mentions(text)
    assert len(found) == 4000
    assert {t for _, _, t in found} == {"Datadog", "Grafana"}


def test_a_brand_followed_by_a_place_is_a_site_and_not_kept(finder: KeepFinder) -> None:
    assert "Volkswagen" not in _kept(finder, "Summer intern, IT department, Volkswagen Poznań")
    assert "Volkswagen" in _kept(finder, "The recall covers every Volkswagen sold since 2019.")


def test_an_acronym_after_a_brand_does_not_make_a_longer_name(finder: KeepFinder) -> None:
    assert "SNCF" in _kept(finder, "Return trip booked on the SNCF TGV, seat 42.")


def test_a_brand_that_is_someones_surname_in_the_text_is_not_kept(finder: KeepFinder) -> None:
    assert _kept(finder, "Mr Jaeger lodged an appeal. Jaeger was heard on 3 May.") == []


@pytest.mark.parametrize(
    "text",
    [
        "> Michael Parker\n> Flightaware\n> 839 Conley Street",  # a signature block
        "Kevin Patel from Flightaware is the keynote speaker.",  # a named person's organisation
        "Nicholas spent a year at Teradata as the assistant to the CFO.",  # a role held there
        "The song is about her Uber resignation letter.",  # a word of someone's job there
    ],
)
def test_a_brand_that_is_a_named_persons_employer_is_not_kept(finder: KeepFinder, text: str) -> None:
    assert _kept(finder, text) == []


def test_a_brand_named_in_passing_is_still_kept(finder: KeepFinder) -> None:
    assert _kept(finder, "The tracking page from Flightaware showed the delay.") == ["Flightaware"]


@pytest.mark.parametrize(
    ("text", "products"),
    [
        ("Product: Samsung Galaxy A55, bought in May. The Galaxy A15 before it was fine.",
         ["Samsung Galaxy A55", "Galaxy A15"]),
        ("my Apple iPhone 15 Pro died", ["Apple iPhone 15 Pro"]),
        ("a laptop with Microsoft 365 and the VPN", ["Microsoft 365"]),  # the model right after the brand
    ],
)
def test_a_make_and_model_is_a_product(finder: KeepFinder, text: str, products: list[str]) -> None:
    kept = _kept(finder, text)
    assert all(p in kept for p in products)


@pytest.mark.parametrize("text", ["Intern at Volkswagen Poznań since May", "Samsung Kevin 3 wrote",
                                  "refund to your Visa ending 4417 today", "Corporate card (American Express ending 1009)",
                                  "paid at Tesco 5 March"])
def test_no_product_without_a_model_or_with_a_name(finder: KeepFinder, text: str) -> None:
    assert not any(any(c.isdigit() for c in k) or "Kevin" in k or "Poznań" in k for k in _kept(finder, text))


def test_a_brand_in_brackets_is_kept(finder: KeepFinder) -> None:
    assert "American Express" in _kept(finder, "Corporate card (American Express ending 1009)")


@pytest.mark.parametrize("text", ["Express Logistics shipped it", "Apple Orchardly wrote", "The Garmin Orchestra was founded",
                                  "from Rapid Cycle Solutions"])
def test_a_brand_that_begins_a_longer_name_is_not_kept(finder: KeepFinder, text: str) -> None:
    assert _kept(finder, text) == []


def test_a_day_and_month_after_a_brand_is_no_model(finder: KeepFinder) -> None:
    assert not any("20" in k for k in _kept(finder, "charged to my Visa Debit 20 January, twice"))


@pytest.mark.parametrize(
    ("text", "product"),
    [("Removed from Microsoft Intune and Cisco AnyConnect VPN", "Cisco AnyConnect"), ("Crash in Firebase Crashlytics.", "Firebase Crashlytics"),
     ("Shared in Google Workspace today.", "Google Workspace"), ("Claim it in SAP Concur by Friday.", "SAP Concur"),
     ("The call is on Microsoft Teams at ten.", "Microsoft Teams")],
)
def test_a_brand_and_its_product_word_are_kept_together(finder: KeepFinder, text: str, product: str) -> None:
    assert product in _kept(finder, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [("She works at Volkswagen Poznań.", "Volkswagen Poznań"), ("He works at Microsoft Research.", "Microsoft Research"),
     ("The Tesco Store on the corner.", "Tesco Store"), ("Parcels go by Amazon Logistics.", "Amazon Logistics")],
)
def test_a_brand_before_a_place_a_site_or_an_employer_is_no_product(finder: KeepFinder, text: str, name: str) -> None:
    assert name not in _kept(finder, text)


def test_a_product_named_with_its_brand_once_is_the_product_without_it_later(finder: KeepFinder) -> None:
    text = "Device was removed from Microsoft Intune. Re-enrol in Intune, then use Teams; Microsoft Teams is down."
    kept = _kept(finder, text)
    assert kept.count("Intune") == 1 and "Microsoft Intune" in kept
    assert "Teams" not in kept  # alone, an everyday word first


@pytest.mark.parametrize("text", ["the connection at Flat 302, Sai Krupa Residency", "meet at Circle 5 tomorrow"])
def test_an_everyday_brand_word_with_a_number_is_a_unit_not_a_product(text: str) -> None:
    from privrag.keep.brands import brand_mentions, product_mentions

    assert product_mentions(text) == []
    assert [text[s:e] for s, e, _ in brand_mentions(text) if text[s:e] in ("Flat", "Circle")] == []


def test_a_brand_that_a_persons_name_gives_as_a_nickname_is_not_kept(finder: KeepFinder) -> None:
    text = 'Sipho "Ghost" Ndlovu: Sunday I can.\nLerato: Ok so: Sun 07-13 Ghost, Sun 13-15 Petrus.'
    i = text.index("Sipho")
    person = DetectedEntity(i, i + len('Sipho "Ghost" Ndlovu'), "PERSON", 'Sipho "Ghost" Ndlovu', 0.8, "gliner_shipped")
    assert "Ghost" in brands.brand_titles()
    assert [k for k in finder.find(text, [person]) if k.text == "Ghost"] == []


def test_a_models_person_span_on_a_brand_and_its_model_does_not_unkeep_the_brand(finder: KeepFinder) -> None:
    text = "My car is a Toyota Prius, bought at the Toyota dealership."
    i = text.index("Toyota Prius")
    person = DetectedEntity(i, i + len("Toyota Prius"), "PERSON", "Toyota Prius", 0.8, "gliner_shipped")
    assert any(k.text.startswith("Toyota") for k in finder.find(text, [person]))


def test_brands_the_catalogue_retired_are_still_brands() -> None:
    """Simple Icons removed these when their owners objected to the logo; people still name them."""
    retired = brands.retired_titles()
    assert {"Microsoft Outlook", "Tableau", "Power BI", "DocuSign"} <= retired
    assert {"Tableau", "Power BI", "DocuSign"} <= brands.brand_titles()
    # one plain word of five letters or fewer reads as a name as readily ("Bing", "Hulu"): left out
    assert not {"Bing", "Hulu", "Slack"} & retired


@pytest.mark.parametrize(
    ("text", "brand"),
    [
        ("The revenue dashboard in Tableau was late before the board meeting.", "Tableau"),
        ("Please set him up with a laptop with Microsoft 365 and Power BI.", "Power BI"),
        ("Sign the offer in DocuSign by Friday.", "DocuSign"),
        ("Edit the deck in PowerPoint and share it.", "PowerPoint"),  # "Microsoft PowerPoint" without its maker
        ("The files are on OneDrive since Monday.", "OneDrive"),
    ],
)
def test_a_retired_brand_or_its_product_without_the_maker_is_kept(finder: KeepFinder, text: str, brand: str) -> None:
    assert brand in _kept(finder, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Slack: none, review in clinic.", "Slack"),  # a heading at a line's start
        ("Sent to Mark Slack on Monday.", "Slack"),  # after a capitalised word: a surname
        ("Please call Slack Brothers Ltd about the van.", "Slack"),  # begins a firm's name
    ],
)
def test_a_retired_brand_that_is_a_word_is_kept_only_standing_apart(finder: KeepFinder, text: str, word: str) -> None:
    assert word not in _kept(finder, text)


@pytest.mark.parametrize("word", ["Word", "Pay", "Alexa", "Music", "Chat", "Teams", "Docs", "Outlook", "Sinatra", "Keil",
                                  "Kobo", "Revit", "Bing", "Hulu"])
def test_a_product_without_its_maker_is_no_brand_when_a_word_or_a_name(word: str) -> None:
    assert word not in brands.brand_titles()


def test_a_role_named_after_a_brand_is_no_product(finder: KeepFinder) -> None:
    assert "Java Developer" not in _kept(finder, "She was hired as a Java Developer in 2021.")


def test_a_broken_retired_table_costs_only_its_titles(tmp_path, monkeypatch, caplog) -> None:
    bad = tmp_path / "retired.json"
    bad.write_text('{"titles": "Slack"}', encoding="utf-8")
    monkeypatch.setattr(brands, "_RETIRED", bad)
    brands.retired_titles.cache_clear()
    try:
        assert brands.retired_titles() == frozenset()
        assert "retired" in caplog.text
    finally:
        brands.retired_titles.cache_clear()


@pytest.mark.parametrize("text", ["Regards,\nAnita Rao\nTeam Lead, Flipkart\nBangalore",
                                  "Thanks,\nMeera Iyer\nData Analyst, Informatica",
                                  "Cheers,\nLiam Ng\nSupport Engineer - Linode"])
def test_a_brand_after_a_job_title_in_a_signature_is_an_employer(finder: KeepFinder, text: str) -> None:
    assert _kept(finder, text) == []


def test_each_product_named_without_its_maker_is_judged_once_however_often_it_is_written(monkeypatch) -> None:
    """Every judgement reads every mention of the product: judged per mention, "Amazon Kinesis and Kinesis."
    written 2,000 times took a minute (quadratic); judged per surface, a tenth of a second."""
    from privrag.keep import brand_keeps as bk

    calls: list[str] = []
    real = bk.affiliated_anywhere
    monkeypatch.setattr(bk, "affiliated_anywhere", lambda text, surface: calls.append(surface) or real(text, surface))
    bk.brand_keeps("Amazon Kinesis and Kinesis. " * 300)
    assert len(calls) == len(set(calls))
