"""τ calibration: labelled (TAB-style docs) and LLM-judge (fake judges only here)."""

from __future__ import annotations

import numpy as np
import pytest

from privrag.eval.datasets import GoldSpan, LabeledDoc
from privrag.trip import TripPolicy
from privrag.trip.calibrate import _parse_choice, calibrate_tau, calibrate_with_judge

TEMPLATES = [
    "Mr {n} was born in {y}. The European Court examined the complaint of {n} in Strasbourg.",
    "In {y} the Regional Court dismissed the claim; {n} appealed the decision.",
]
NAMES = ["John Murray", "Anna Weber", "Osman Erden", "Maria Lopez", "David Thomas", "Kemal Evcimen"]


def _docs() -> list[LabeledDoc]:
    docs = []
    for i, name in enumerate(NAMES):
        text = TEMPLATES[i % 2].format(n=name, y=1990 + i)
        spans = []
        for needle, itype, eid in ((name, "DIRECT", "p"), (str(1990 + i), "QUASI", "y")):
            pos = text.find(needle)
            while pos >= 0:
                spans.append(GoldSpan(pos, pos + len(needle), "PERSON", needle, itype, eid))
                pos = text.find(needle, pos + 1)
        docs.append(LabeledDoc(str(i), text, sorted(spans, key=lambda s: s.start), "dev"))
    return docs


def test_labelled_calibration_keeps_er_direct_within_the_drop(make_trip):
    trip = make_trip(use_policy=False)
    docs = _docs()
    res = calibrate_tau(trip, docs, max_er_drop=0.02, use_policy=False, meta={"split": "dev"})
    assert res.chosen["er_direct"] >= res.reference["er_direct"] - 0.02
    assert trip.tau == res.chosen["tau"] == res.calibration.tau
    assert trip.calibration.meta["calibrated"] and trip.calibration.meta["split"] == "dev"
    taus = [p["tau"] for p in res.curve]
    assert taus == sorted(taus, reverse=True)
    # least masking: every higher τ on the curve violates the constraint
    for p in res.curve:
        if p["tau"] > res.chosen["tau"]:
            assert p["er_direct"] < res.reference["er_direct"] - 0.02
    masks = [p["masking_rate"] for p in res.curve]
    assert masks == sorted(masks)
    assert trip.calibration.knw.iqr > 0 and trip.calibration.retr.iqr > 0


def test_labelled_calibration_needs_documents(make_trip):
    with pytest.raises(ValueError):
        calibrate_tau(make_trip(), [])


def test_judge_calibration_places_tau_below_the_judges_picks(make_trip):
    # persons are a policy floor by default; leave them to Ψ so the judge has something to pick
    trip = make_trip(use_policy=False, policy=TripPolicy(always_mask={"CODE", "EMAIL"}))
    texts = [d.text for d in _docs()]

    def judge(prompt: str) -> str:
        listing = prompt.split("ENTITIES:")[1].strip().splitlines()
        return str([i for i, line in enumerate(listing, 1) if "(PERSON)" in line])

    res = calibrate_with_judge(trip, texts, judge, target_recall=1.0)
    assert res.chosen["judge_recall"] == 1.0
    analyses = trip.analyze_batch(texts)
    for a in analyses:
        for e in a.entities:
            if e.label == "PERSON":
                assert trip.entity_scores(a)[e.entity_id].psi > trip.tau
    assert trip.calibration.meta["method"] == "llm_judge"


def test_judge_accepts_langchain_style_models_and_rejects_silence(make_trip):
    class Msg:
        def __init__(self, content):
            self.content = content

    class Chat:
        def invoke(self, prompt):
            return Msg("I would anonymize [1].")

    trip = make_trip(use_policy=False)
    res = calibrate_with_judge(trip, [d.text for d in _docs()], Chat())
    assert np.isfinite(res.calibration.tau)
    with pytest.raises(ValueError):
        calibrate_with_judge(make_trip(use_policy=False), [d.text for d in _docs()], lambda p: "[]")


@pytest.mark.parametrize(("answer", "expected"), [
    ("[1, 3]", {1, 3}), ("```json\n[2]\n```", {2}), ("entities 1 and 2", {1, 2}),
    ("[9, 1]", {1}), ("none", None), ("[]", set()),
])
def test_parse_choice(answer, expected):
    assert _parse_choice(answer, 3) == expected
