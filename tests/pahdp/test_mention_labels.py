"""One name, one kind: a name a model mislabels in one sentence is weighed as the person it is elsewhere."""

import pytest

from privrag.detect.base import BaseDetector
from privrag.pahdp import PAHDP
from privrag.pahdp.mention_labels import strongest_labels
from privrag.pahdp.risk import RiskModel
from privrag.types import DetectedEntity

from .conftest import BagOfWordsEmbedder, ConstantSurrogate

WEIGHT = RiskModel().weight


def _span(text: str, word: str, label: str, nth: int = 0) -> DetectedEntity:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return DetectedEntity(start, start + len(word), label, word, 0.85, "fake")


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("PERSON", "LOCATION", "PERSON"),  # "Re: Mateo" a person, "sorry Mateo has been" a place
        ("LOCATION", "PERSON", "PERSON"),  # order does not matter
        ("ORGANIZATION", "NRP", "NRP"),  # the stronger of two weak labels
        ("LOCATION", "LOCATION", "LOCATION"),  # nothing stronger: unchanged
    ],
)
def test_same_surface_takes_the_most_sensitive_label(first, second, expected):
    text = "Re: Zorblat. Sorry Zorblat has been upset."  # a word no list holds: only the labels decide
    out = strongest_labels([_span(text, "Zorblat", first), _span(text, "Zorblat", second, nth=1)], WEIGHT)
    assert [s.label for s in out] == [expected] * 2


def test_a_name_part_of_a_person_is_that_person():
    text = "Dr Hamish Reid signs. Questions expected from Hamish."
    out = strongest_labels([_span(text, "Dr Hamish Reid", "PERSON"), _span(text, "Hamish", "NRP", nth=1)], WEIGHT)
    assert out[1].label == "PERSON"
    assert (out[1].start, out[1].end, out[1].text, out[1].source) == (46, 52, "Hamish", "fake")


@pytest.mark.parametrize(
    ("other", "label"),
    [
        ("Grace Hospital", "ORGANIZATION"),  # not every part is a part of the person's name
        ("Nicosia", "LOCATION"),  # another name altogether
    ],
)
def test_other_names_keep_their_label(other, label):
    text = f"Grace Whitfield wrote. {other} replied."
    out = strongest_labels([_span(text, "Grace Whitfield", "PERSON"), _span(text, other, label)], WEIGHT)
    assert out[1].label == label


def test_a_label_is_never_lowered():
    text = "Mateo (Mateo)"
    out = strongest_labels([_span(text, "Mateo", "PERSON"), _span(text, "Mateo", "LOCATION", nth=1)], WEIGHT)
    assert all(s.label == "PERSON" for s in out)


class _Mislabels(BaseDetector):
    """A model that calls "Mateo" a person once and a place once (as spaCy does on a parent's e-mail)."""

    name = "fake_model"

    def _detect(self, text: str) -> list[DetectedEntity]:
        if text.count("Mateo") < 2:
            return []  # the query
        first = text.index("Mateo")
        second = text.index("Mateo", first + 1)
        return [DetectedEntity(first, first + 5, "PERSON", "Mateo", 0.85, self.name),
                DetectedEntity(second, second + 5, "LOCATION", "Mateo", 0.85, self.name)]


def test_pahdp_never_releases_a_name_its_detector_found_elsewhere():
    context = "Subject: Re: Mateo and the lunch recess. I am so sorry Mateo has been dealing with this."
    engine = PAHDP(detector=_Mislabels(), embedder=BagOfWordsEmbedder(), surrogate=ConstantSurrogate(), seed=0)
    for seed in range(5):
        res = engine.protect("Summarise this document.", [context], seed=seed)
        assert "Mateo" not in res.texts[0]
        assert res.receipt.counts["units_low"] == 0


def test_a_span_holding_a_persons_full_name_is_that_person():
    text = "Investigated by Hope Rennie, Warehouse Operations Manager. cc: HR file; Hope Rennie"
    merged = _span(text, "Hope Rennie, Warehouse Operations Manager", "OCCUPATION")
    out = strongest_labels([merged, _span(text, "Hope Rennie", "PERSON", nth=1)], WEIGHT)
    assert out[0].label == "PERSON"
    lone = strongest_labels([_span(text, "Warehouse Operations Manager", "OCCUPATION")], WEIGHT)
    assert lone[0].label == "OCCUPATION"


def test_a_span_opening_with_two_name_parts_of_the_contexts_people_is_a_person():
    text = "Investigated by Hope Rennie, Warehouse Operations Manager. cc: HR file; Hope Rennie"
    second = text.index("Hope", 20)
    merged = _span(text, "Hope Rennie, Warehouse Operations Manager", "OCCUPATION")
    hope = DetectedEntity(second, second + 4, "PERSON", "Hope", 0.8, "propagated")
    rennie = DetectedEntity(second + 5, second + 11, "PERSON", "Rennie", 0.8, "fake")
    assert strongest_labels([merged, hope, rennie], WEIGHT)[0].label == "PERSON"
    # one name part is not enough: "May 2024 review" stays a date where a "May" is a person
    text2 = "May Chen wrote. The May 2024 review"
    date = _span(text2, "May 2024 review", "DATE_TIME")
    assert strongest_labels([_span(text2, "May Chen", "PERSON"), date], WEIGHT)[1].label == "DATE_TIME"


@pytest.mark.parametrize(
    ("text", "surface", "label", "expected"),
    [
        ("The district nurse, Gemma, says this will take weeks.", "Gemma", "ORGANIZATION", "PERSON"),
        ("Subject no.: 214-0037     Initials: E.Y.", "E.Y.", "ORGANIZATION", "PERSON"),
        ("We flew to Jordan in May.", "Jordan", "LOCATION", "LOCATION"),  # a given name that is a place
        ("Bought at Tesco.", "Tesco", "ORGANIZATION", "ORGANIZATION"),  # no one's given name
        ("Thanks Summer!", "Summer", "DATE_TIME", "DATE_TIME"),  # a date word is left to the date's label
    ],
)
def test_a_given_name_or_initials_a_model_labels_otherwise_weigh_as_a_person(text, surface, label, expected):
    assert strongest_labels([_span(text, surface, label)], WEIGHT)[0].label == expected


def test_a_span_that_took_a_persons_rare_name_part_weighs_as_the_person():
    text = "05.03.2025 10:14 - Kasia (customer service)\n07.03.2025 17:40 - Kasia\nDelivered."
    stamp = _span(text, "05.03.2025 10:14 - Kasia", "DATE_TIME")
    out = strongest_labels([stamp, _span(text, "Kasia", "PERSON", nth=1)], WEIGHT)
    assert out[0].label == "PERSON"
    # an everyday word that is also someone's name part does not: "Will" of "Will Smith" in "Will 2024 do"
    text2 = "Will Smith wrote. Will 2024 be better"
    out2 = strongest_labels([_span(text2, "Will Smith", "PERSON"), _span(text2, "Will 2024", "DATE_TIME")], WEIGHT)
    assert out2[1].label == "DATE_TIME"


@pytest.mark.parametrize(
    ("text", "surface", "label", "expected"),
    [
        # a merge of a name written once and a job, labelled an occupation
        ("Branch notes (Kevin Ouellet, Member Service Representative):", "Kevin Ouellet, Member Service Representative",
         "OCCUPATION", "PERSON"),
        ("Referred to Grace Hospital for review.", "Grace Hospital", "ORGANIZATION", "ORGANIZATION"),  # a common word
        ("Trip to Victoria Falls in June.", "Victoria Falls", "LOCATION", "LOCATION"),
        ("Will Power Coaching invoiced us.", "Will Power Coaching", "ORGANIZATION", "ORGANIZATION"),  # everyday words
    ],
)
def test_a_span_holding_a_given_name_and_a_rare_surname_weighs_as_a_person(text, surface, label, expected):
    assert strongest_labels([_span(text, surface, label)], WEIGHT)[0].label == expected


def test_a_common_word_found_alone_as_a_person_is_that_person_inside_another_span():
    text = "Agent: Blessing (MTN)\n09:24 Blessing (MTN): Please don't post your BVN here."
    out = strongest_labels([_span(text, "Blessing", "PERSON"), _span(text, "09:24 Blessing", "ORGANIZATION")], WEIGHT)
    assert out[1].label == "PERSON"
    # found only inside a longer name, the common word stays what the span says ("Blessing Farms" elsewhere)
    text2 = "Blessing Okoro signed. Blessing Farms delivered."
    out2 = strongest_labels([_span(text2, "Blessing Okoro", "PERSON"), _span(text2, "Blessing Farms", "ORGANIZATION")],
                            WEIGHT)
    assert out2[1].label == "ORGANIZATION"


@pytest.mark.parametrize("name", ["Saito-san", "Tanaka-sama", "Sharma-ji"])
def test_a_name_with_an_honorific_after_it_weighs_as_a_person(name):
    text = f"send the original receipt to {name} in the Tokyo admin team"
    assert strongest_labels([_span(text, name, "ORGANIZATION")], WEIGHT)[0].label == "PERSON"


@pytest.mark.parametrize(
    ("text", "surface", "label", "expected"),
    [
        ("Ha vuelto a conducir el coche de su mujer, Lorena, trayectos cortos.", "Lorena", "LOCATION", "PERSON"),
        ("Collected by his daughter Jordan on Friday.", "Jordan", "LOCATION", "PERSON"),  # a place's name too
        ("We flew to Jordan in May.", "Jordan", "LOCATION", "LOCATION"),  # no relative before it
        ("Her husband works at Tesco Extra.", "Tesco Extra", "ORGANIZATION", "ORGANIZATION"),  # not right after
    ],
)
def test_a_name_right_after_a_relatives_word_weighs_as_a_person(text, surface, label, expected):
    assert strongest_labels([_span(text, surface, label)], WEIGHT, text)[0].label == expected
