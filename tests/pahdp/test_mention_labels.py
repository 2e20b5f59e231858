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
    text = "Re: Mateo. Sorry Mateo has been upset."
    out = strongest_labels([_span(text, "Mateo", first), _span(text, "Mateo", second, nth=1)], WEIGHT)
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
