"""``privrag calibrate`` on a user's TAB-format JSONL (tiny, real models)."""

from __future__ import annotations

import json

import pytest

from privrag.cli_calibrate import split_docs
from privrag.eval.datasets import LabeledDoc

NAMES = ["John Murray", "Anna Weber", "Osman Erden", "Maria Lopez", "David Thomas", "Kemal Evcimen", "Sara Holm", "Ivan Petrov"]


def _rows(split: str | None) -> list[dict]:
    rows = []
    for i, name in enumerate(NAMES):
        text = f"Mr {name} lodged application {28000 + i}/02 on {i + 1} March 2002 with the European Court in Strasbourg."
        ents = []
        for needle, itype, eid in ((name, "DIRECT", "p"), (f"{28000 + i}/02", "DIRECT", "c"),
                                   (f"{i + 1} March 2002", "QUASI", "d"), ("European Court", "NO_MASK", "o"),
                                   ("Strasbourg", "QUASI", "l")):
            s = text.index(needle)
            ents.append({"start_offset": s, "end_offset": s + len(needle), "entity_type": "PERSON",
                         "identifier_type": itype, "entity_id": eid, "span_text": needle})
        prov = {"doc_id": f"u{i}"} | ({"dataset_type": split if i < 6 else "dev"} if split else {})
        rows.append({"text": text, "entities": ents, "metadata": {"provenance": prov}})
    return rows


def test_split_docs_uses_labels_or_a_seeded_split():
    docs = [LabeledDoc(str(i), "t", [], s) for i, s in enumerate(["train"] * 3 + ["dev"] * 2)]
    fit, cal = split_docs(docs, 0)
    assert len(fit) == 3 and len(cal) == 2
    unl = [LabeledDoc(str(i), "t", [], "") for i in range(8)]
    a, b = split_docs(unl, 1)
    assert len(a) == 6 and len(b) == 2 and split_docs(unl, 1) == (a, b)


@pytest.mark.integration
def test_calibrate_command_on_user_jsonl(tmp_path):
    from typer.testing import CliRunner

    from privrag.cli import app
    from privrag.trip import TripCalibration, TripRag

    data = tmp_path / "mine.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in _rows("train")) + "\n")
    out = tmp_path / "cal"
    res = CliRunner().invoke(app, ["calibrate", "--data", str(data), "--out", str(out), "--retrain-surrogate"])
    assert res.exit_code == 0, res.output
    cal = TripCalibration.load(out / "calibration.json")
    assert cal.meta["calibrated"] and cal.meta["surrogate_file"] == "surrogate.npz"
    report = json.loads((out / "calibration_report.json").read_text())
    assert report["chosen"]["er_direct"] >= report["reference"]["er_direct"] - 0.02
    trip = TripRag(calibration=out / "calibration.json")
    assert trip.surrogate.meta["trained_on"].startswith("user data")
    assert trip.tau == cal.tau
