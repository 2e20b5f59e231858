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
        ("Payslips are on the KPX app from Friday.", "KPX"),
        ("I paid KSh 4,000 via Harvest Pay this morning.", "Harvest Pay"),
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


def _span(text: str, surface: str, label: str) -> DetectedEntity:
    i = text.index(surface)
    return DetectedEntity(i, i + len(surface), label, surface, 0.85, "SpacyRecognizer")


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        # found by the review of stop 36: names no list of ours holds, in a service's context
        ("Yesterday DeLuca hit me again and I am scared to go home.", "DeLuca", "PERSON"),
        ("My neighbour McTaggart keeps parking across my drive.", "McTaggart", "PERSON"),
        # a service no catalogue or dictionary holds is lost with them: the price of failing closed
        ("Next time please book hotels through Egencia so they are covered by the policy.", "Egencia", "PERSON"),
        ("Next time please book hotels through Egencia so they are covered by the policy.", "Egencia", "ORGANIZATION"),
        ("I pay the childminder via Zanele every Friday.", "Zanele", "ORGANIZATION"),
        ("Rent goes via Gurpreet every month, cash only.", "Gurpreet", "LOCATION"),
        ("Hi, I'm on the Mehta account now, please send invoices there.", "Mehta", "PERSON"),
        ("The Nkechi app keeps crashing, says my daughter.", "Nkechi", "PERSON"),
        ("I commute by train via Todmorden every day.", "Todmorden", "LOCATION"),
        ("The patient travelled by ferry via Lerwick.", "Lerwick", "PERSON"),
        ("Mx. Gonzalez is a 16 year old man who grew up in SUND.", "SUND", "GPE"),
        # a town in capitals a model called an organisation (Presidio's synthetic set, SEAG bench)
        ("On the last Sunday we returned to LYCKSELE by helicopter.", "LYCKSELE", "ORGANIZATION"),
    ],
)
def test_a_name_no_dictionary_holds_is_never_kept_by_its_context(finder: KeepFinder, text: str, name: str,
                                                                  label: str) -> None:
    keeps = finder.find(text, [_span(text, name, label)])
    assert name not in {k.text for k in keeps}


@pytest.mark.parametrize(
    ("text", "name", "label"),
    [
        ("Between 3 and 21 March you recorded clock-in times in UKG for shifts you did not work.", "UKG", "LOC"),
        ("Following the review and in line with the IG Metall collective agreement, pay rises by 3%.", "IG Metall",
         "ORGANIZATION"),
    ],
)
def test_an_acronym_used_as_a_service_is_kept_whatever_the_model_called_it(finder: KeepFinder, text: str, name: str,
                                                                            label: str) -> None:
    keeps = finder.find(text, [_span(text, name, label)])
    assert name in {k.text for k in keeps if k.why == "public_entity"}


def test_the_verdict_for_a_name_is_cached_per_text() -> None:
    service_context.named_as_service.cache_clear()
    text = "Payslips are on the KPX app. KPX app again."
    assert service_context.named_as_service(text, "KPX") == service_context.named_as_service(text, "KPX")
    assert service_context.named_as_service.cache_info().hits == 1


_REVIEW_PROBES = [
    ("Yesterday DeLuca hit me again and I am scared to go home.", "DeLuca"),
    ("My neighbour McTaggart keeps parking across my drive and shouting at my kids.", "McTaggart"),
    ("Rent goes via Gurpreet every month, cash only.", "Gurpreet"),
    ("I pay the childminder via Zanele every Friday.", "Zanele"),
    ("Hi, I'm on the Mehta account now, please send invoices there.", "Mehta"),
    ("Team update: Huw is off sick, shifts covered by Eilidh and Dafydd via the rota.", "Dafydd"),
    ("The physio referral went through MacPhail last week.", "MacPhail"),
    ("I commute by train via Todmorden every day.", "Todmorden"),
    ("The patient travelled by ferry via Lerwick.", "Lerwick"),
]


@pytest.mark.integration
def test_the_real_detector_keeps_a_service_and_masks_the_people_and_towns_of_the_review() -> None:
    from privrag.detect.default import default_detector

    services = ["Between 3 and 21 March 2025 you recorded clock-in times in UKG for shifts you did not work in full.",
                "Following the review and in line with the IG Metall collective agreement, pay rises by 3%."]
    texts = [t for t, _ in _REVIEW_PROBES] + services
    found = default_detector().detect_batch(texts)
    sent = [(name, {t[s.start : s.end] for s in spans})
            for (t, name), spans in zip(_REVIEW_PROBES, found, strict=False)]
    assert [name for name, masked in sent if not any(name in m for m in masked)] == []
    for text, spans, service in zip(services, found[len(_REVIEW_PROBES):], ("UKG", "IG Metall"), strict=True):
        assert not any(s.start < text.index(service) + len(service) and text.index(service) < s.end for s in spans)
