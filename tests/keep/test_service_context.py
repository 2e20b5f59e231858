"""An organisation named as a service someone uses is kept; one named as someone's own stays protected."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from privrag.keep import KeepFinder, service_context
from privrag.types import DetectedEntity


def _orgs(text: str, *surfaces: str) -> list[DetectedEntity]:
    out = []
    for surface in surfaces:
        start = 0
        while (i := text.find(surface, start)) >= 0:
            out.append(DetectedEntity(i, i + len(surface), "ORGANIZATION", surface, 0.85, "SpacyRecognizer"))
            start = i + len(surface)
    return out


def _kept(finder: KeepFinder, text: str, *surfaces: str) -> set[str]:
    return {k.text for k in finder.find(text, _orgs(text, *surfaces)) if k.why == "public_entity"}


def test_the_model_ships_with_the_package_and_says_how_it_was_chosen() -> None:
    raw = json.loads((resources.files("privrag") / "assets" / "keep" / "service_context.json").read_text("utf-8"))
    assert 0.5 < raw["threshold"] < 1.0
    assert "dev" not in raw["trained_on"]
    assert raw["report"]["batches_auc_leave_one_batch_out"] > 0.8
    assert len(raw["weights"]) > 100


def test_features_read_the_words_around_the_mention_and_the_name_shape() -> None:
    text = "Please book hotels through Egencia so they are covered."
    i = text.index("Egencia")
    f = service_context.features(text, i, i + len("Egencia"))
    assert {"L1=through", "L21=hotels_through", "R1=so", "N=1", "Z=0"} <= set(f)
    assert service_context.features(text, 0, 0)  # an empty mention is read, not a crash


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Next time please book hotels through Egencia so they are covered by the policy.", "Egencia"),
        ("Payslips are on the Zentrova app from Friday.", "Zentrova"),
        ("I paid KSh 4,000 via Zentrova this morning.", "Zentrova"),
    ],
)
def test_an_organisation_used_as_a_service_is_kept(finder: KeepFinder, text: str, org: str) -> None:
    assert org in _kept(finder, text, org)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        # someone's employer, in the sentence or anywhere else in the text
        ("He has worked for 24 years at Zentrova as a machinist. Invoices go through Zentrova.", "Zentrova"),
        # the text's own organisation, in a header line: its lowest mention decides for all
        ("Zentrova live chat - 19/02/2025\nAgent (Zentrova): the bill goes through Zentrova.", "Zentrova"),
        # a person's name or a place in the name
        ("The cheque was sent through Ohio Valley Refrigeration last week.", "Ohio Valley Refrigeration"),
        # a firm's desk or registered name
        ("Refunds are processed through Zentrova Support within five days.", "Zentrova"),
    ],
)
def test_an_organisation_of_the_writer_or_a_person_stays_protected(finder: KeepFinder, text: str, org: str) -> None:
    assert org not in _kept(finder, text, org)


def test_a_name_with_a_digit_or_a_person_label_is_never_judged_by_its_context(finder: KeepFinder) -> None:
    text = "The referral went through UMF 53 and then through Priya."
    person = DetectedEntity(text.index("Priya"), text.index("Priya") + 5, "PERSON", "Priya", 0.85, "SpacyRecognizer")
    kept = {k.text for k in finder.find(text, [*_orgs(text, "UMF 53"), person]) if k.why == "public_entity"}
    assert kept.isdisjoint({"UMF 53", "Priya"})
