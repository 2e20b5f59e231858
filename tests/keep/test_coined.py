"""Coined product names (:mod:`privrag.keep.coined`): inner capitals name a product, not a person or a firm's site."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder
from privrag.keep.coined import coined_names


def _coined(text: str) -> list[str]:
    return [text[a:b] for a, b in coined_names(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Please sign the renewal in the AppFolio tenant portal.", ["AppFolio"]),
        ("Current setup: BrightHR for holidays, RxWorks for the practice.", ["BrightHR", "RxWorks"]),
        ("I connected via TeamViewer and re-enabled BitLocker BIOS protection.", ["TeamViewer", "BitLocker"]),
        ("The queue hit 2.3M messages and RabbitMQ ran out of disk.", ["RabbitMQ"]),
        ("No, he's awake, he's watching Bluey on the iPad.", ["iPad"]),  # an "i" before a capitalised word
        ("Sold it on eBay; the employer registered me in eSocial.", ["eBay", "eSocial"]),
        ("ServiceNow - Incident INC0047", ["ServiceNow"]),
        ("- Introduced GitHub workflows for deploys", ["GitHub"]),
    ],
)
def test_a_word_with_an_inner_capital_is_a_product_name(text: str, expected: list[str]) -> None:
    assert _coined(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Isla McBride, Practice Manager",  # a surname prefix
        "eGFR 54, iOS 17 on her phone, iPTH raised",  # a lower-case start before capitals: analytes, systems
        "Message from iKasia and eMilia",  # a handle made of a name (review of stop 37)
        "Dear DeShawn and Sunny,",  # a given name with its prefix
        "Her maiden name is LeBatelier",
        "Thanks, JoAnn",  # two names joined
        "Blood group O RhD negative, IgG raised, eGFR 64, iOS build",  # units, antibodies, lower-case starts
        "He owned four shares in the MotoMeter AG. Later the MotoMeter sold its assets.",  # a registered company
        "Chat transcript - HomeNest Support. Thanks for contacting HomeNest.",  # a support desk, everywhere
        "Associate Developer - Sahyadri InfoSolutions, Pune",  # an employer's longer name
        "Looking to support MysticWeb in Quinta de São Tiago",  # a business in a place
        "mail joe@BrightHR.com or see @TeamViewer and /opt/GlobalProtect",  # addresses, handles, paths
        "Feldmann Präzisionstechnik GmbH",  # a legal form
    ],
)
def test_names_firms_and_units_are_not_product_names(text: str) -> None:
    assert _coined(text) == []


def test_the_keep_finder_keeps_a_product_but_not_an_employer(finder: KeepFinder) -> None:
    kept = {k.text for k in finder.find("Approve the rota in Rotaready; ask about RxWorks.") if k.why == "public_entity"}
    assert {"RxWorks"} <= kept
    employer = "Priya works at PayWave as a tester. PayWave ships on Fridays."
    assert not [k for k in finder.find(employer) if k.text == "PayWave"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I booked three GrabCar Premium rides; GrabCar charged twice.", ["GrabCar", "GrabCar"]),
        ("Payslips are in BrightPay Connect.", ["BrightPay"]),
        ("SingHealth Polyclinics - Bedok", ["SingHealth"]),
        ("Call BlueSky Cleaning today", []),  # a trade after the name: a firm
        ("Book at SmileBright Dental for a check", []),  # a facility
        ("Letter from ClearView Okafor", []),  # a family's name after it
    ],
)
def test_a_plain_word_after_a_coined_name_is_its_edition_a_trade_or_a_name_its_firm(text: str, expected: list[str]) -> None:
    assert _coined(text) == expected
