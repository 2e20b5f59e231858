"""τ on TAB-format and domain documents together (fakes only: regex detector, hashing embedder)."""

from __future__ import annotations

import numpy as np
import pytest

from privrag.eval.datasets import DomainDoc, DomainSpan
from privrag.trip.calibrate import _entity_table
from privrag.trip.calibrate_pooled import CalibrationSet, calibrate_tau_pooled, set_metrics
from tests.trip.test_calibrate import _docs as _tab_docs

LETTERS = [
    "Referral for Grace Okafor, seen in 2021. Grace Okafor takes sertraline daily since 2019.",
    "Ticket 48213/07 from Bill Turner: the parcel sent in 2023 never came. Bill Turner wants a refund.",
    "Dear Anna Weber, your appointment in 2024 is confirmed. Contact anna@example.org with questions.",
]


def _domain_docs() -> list[DomainDoc]:
    out = []
    for i, text in enumerate(LETTERS):
        protect, keep = [], []
        for needle, kind, ident in (("Grace Okafor", "PERSON", "DIRECT"), ("Bill Turner", "PERSON", "DIRECT"),
                                    ("Anna Weber", "PERSON", "DIRECT"), ("48213/07", "ID", "DIRECT"),
                                    ("anna@example.org", "CONTACT", "DIRECT"), ("2021", "DATETIME", "QUASI"),
                                    ("2019", "DATETIME", "QUASI"), ("2023", "DATETIME", "QUASI"),
                                    ("2024", "DATETIME", "QUASI")):
            pos = text.find(needle)
            while pos >= 0:
                protect.append(DomainSpan(pos, pos + len(needle), needle, kind, ident))
                pos = text.find(needle, pos + 1)
        s = text.find("sertraline")
        if s >= 0:
            keep.append(DomainSpan(s, s + 10, "sertraline", why="medication"))
        out.append(DomainDoc(f"d{i}", "clinical", "letter", text, sorted(protect, key=lambda x: x.start), keep))
    return out


def _sets() -> list[CalibrationSet]:
    return [CalibrationSet("TAB dev", "tab", _tab_docs()), CalibrationSet("domains dev", "domains", _domain_docs())]


@pytest.mark.parametrize("use_policy", [False, True])
def test_chosen_tau_is_the_least_masking_one_every_set_accepts(make_trip, use_policy):
    trip = make_trip(use_policy=use_policy)
    sets = _sets()
    res = calibrate_tau_pooled(trip, sets, max_er_drop=0.02, max_quasi_drop=0.3, use_policy=use_policy,
                               meta={"split": "dev"})
    floors = {("TAB dev", "er_direct"): 0.02, ("domains dev", "recall_direct"): 0.02,
              ("TAB dev", "er_quasi"): 0.3, ("domains dev", "recall_quasi"): 0.3}
    floors = {k: res.reference[k[0]][k[1]] - drop for k, drop in floors.items()}

    def ok(p):
        return all(p[name][key] >= f - 1e-12 for (name, key), f in floors.items())

    assert ok(res.chosen)
    for p in res.curve:  # every less-masking τ breaks at least one set's floor
        if p["tau"] > res.chosen["tau"]:
            assert not ok(p)
    taus = [p["tau"] for p in res.curve]
    assert taus == sorted(taus, reverse=True)
    pooled = [p["masking_rate_pooled"] for p in res.curve]
    assert pooled == sorted(pooled)  # masking only grows as τ falls
    assert trip.tau == res.chosen["tau"]
    meta = trip.calibration.meta
    assert meta["method"] == "labelled_pooled" and meta["sets"] == {"TAB dev": 6, "domains dev": 3}
    assert meta["max_quasi_drop"] == 0.3


def test_the_quasi_bound_can_only_lower_tau(make_trip):
    loose = calibrate_tau_pooled(make_trip(use_policy=False), _sets(), max_quasi_drop=1.0, use_policy=False)
    tight = calibrate_tau_pooled(make_trip(use_policy=False), _sets(), max_quasi_drop=0.0, use_policy=False)
    assert tight.chosen["tau"] <= loose.chosen["tau"]
    assert tight.chosen["domains dev"]["recall_quasi"] == pytest.approx(tight.reference["domains dev"]["recall_quasi"])
    assert tight.chosen["TAB dev"]["er_quasi"] == pytest.approx(tight.reference["TAB dev"]["er_quasi"])


def test_no_drop_means_every_detected_direct_span_of_the_letters_stays_protected(make_trip):
    """With no drop allowed, τ must protect every DIRECT span the detector finds in the letters."""
    trip = make_trip(use_policy=False)
    res = calibrate_tau_pooled(trip, _sets(), max_er_drop=0.0, max_quasi_drop=1.0, use_policy=False)
    assert res.chosen["domains dev"]["recall_direct"] == pytest.approx(res.reference["domains dev"]["recall_direct"])
    assert set(res.chosen) == {"tau", "TAB dev", "domains dev", "masking_rate_pooled"}


def test_domain_metrics_follow_the_span_rule():
    (doc,) = _domain_docs()[:1]
    cs = CalibrationSet("d", "domains", [doc])
    nothing = set_metrics(cs, [[]])
    assert nothing["recall_direct"] == 0.0 and nothing["exposure_direct"] == 1.0 and nothing["keep_damage"] == 0.0
    names = [(s.start, s.end) for s in doc.protect if s.identifier == "DIRECT"]
    m = set_metrics(cs, [names])
    assert m["recall_direct"] == 1.0 and m["exposure_direct"] == 0.0 and m["recall_quasi"] == 0.0
    s = doc.text.find("sertraline")
    assert set_metrics(cs, [[*names, (s, s + 10)]])["keep_damage"] == 1.0


def test_bad_sets_are_refused(make_trip):
    with pytest.raises(ValueError, match="kind"):
        CalibrationSet("x", "wiki", _domain_docs())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no documents"):
        CalibrationSet("x", "tab", [])
    with pytest.raises(ValueError, match="unique"):
        calibrate_tau_pooled(make_trip(), [_sets()[0], _sets()[0]])


def test_calibration_sees_the_names_floor_decide_applies(make_trip):
    """An entity of another label that holds a person's name is forced, as TripRag.decide forces it."""
    from privrag.trip.policy import TripPolicy

    trip = make_trip(policy=TripPolicy(always_mask=frozenset({"EMAIL"})))
    (a,) = trip.analyze_batch(["Grace Okafor wrote in 2021 from the Grace Clinic."])
    table = _entity_table(trip, [a], use_policy=True)
    forced = {a.text[e.mentions[0].start:e.mentions[0].end]: row[1] for e, row in zip(a.entities, table[0], strict=True)}
    assert forced["2021"] is None
    assert np.all([v is True for k, v in forced.items() if "Grace" in k])


def test_a_set_without_direct_spans_constrains_nothing(make_trip):
    docs = _domain_docs()
    for d in docs:
        d.protect = [s for s in d.protect if s.identifier != "DIRECT"]
    trip = make_trip(use_policy=False)
    res = calibrate_tau_pooled(trip, [CalibrationSet("quasi only", "domains", docs)], max_er_drop=0.0,
                               max_quasi_drop=1.0, use_policy=False)
    assert res.chosen["tau"] == res.curve[0]["tau"]  # the least masking τ is feasible
