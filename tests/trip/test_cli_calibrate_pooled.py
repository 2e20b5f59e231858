"""``privrag calibrate`` with the TAB default holds τ to TAB dev and the domain documents (tiny, real models)."""

from __future__ import annotations

import json

import pytest

from tests.test_cli_calibrate import _rows

pytestmark = pytest.mark.integration

LETTERS = [
    "Dear Dr Amir Patel, I saw Grace Okafor on 3 May 2024. She takes sertraline 50 mg daily.",
    "Ticket from Bill Turner (bill.turner@example.org): the parcel has not arrived since 2 June 2024.",
]


def _domain_rows() -> list[dict]:
    rows = []
    for i, text in enumerate(LETTERS):
        protect = []
        for needle, kind in (("Amir Patel", "PERSON"), ("Grace Okafor", "PERSON"), ("Bill Turner", "PERSON"),
                             ("bill.turner@example.org", "CONTACT")):
            s = text.find(needle)
            if s >= 0:
                protect.append({"start": s, "end": s + len(needle), "text": needle, "kind": kind, "identifier": "DIRECT"})
        keep = []
        s = text.find("sertraline")
        if s >= 0:
            keep.append({"start": s, "end": s + 10, "text": "sertraline", "why": "medication"})
        rows.append({"id": f"d{i}", "domain": "clinical", "subtype": "letter", "text": text, "protect": protect, "keep": keep})
    return rows


def test_tab_default_calibrates_on_tab_dev_and_domains_dev_together(tmp_path):
    from typer.testing import CliRunner

    from privrag.cli import app
    from privrag.trip import TripCalibration

    data = tmp_path / "data"
    (data / "tab").mkdir(parents=True)
    (data / "domains").mkdir()
    (data / "tab" / "entity_tab_144.jsonl").write_text("\n".join(json.dumps(r) for r in _rows("train")) + "\n")
    (data / "domains" / "dev.jsonl").write_text("\n".join(json.dumps(r) for r in _domain_rows()) + "\n")
    out = tmp_path / "cal"
    res = CliRunner().invoke(app, ["calibrate", "--data-dir", str(data), "--out", str(out)])
    assert res.exit_code == 0, res.output
    cal = TripCalibration.load(out / "calibration.json")
    assert cal.meta["method"] == "labelled_pooled" and cal.meta["sets"] == {"TAB dev": 2, "domains dev": 2}
    report = json.loads((out / "calibration_report.json").read_text())
    assert report["n_domains_docs"] == 2
    for name, key in (("TAB dev", "er_direct"), ("domains dev", "recall_direct")):
        assert report["chosen"][name][key] >= report["reference"][name][key] - 0.02
    assert "domains dev" in res.output
