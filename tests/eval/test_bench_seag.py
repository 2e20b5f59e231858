"""``privrag bench seag``: metrics on hand-made requests, and the CLI end to end on two documents."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.eval.datasets import GoldSpan
from privrag.eval.seag_metrics import Aggregate, gold_for_hiding, occurs, score_request
from privrag.eval.seag_qa import applicant_surname, judge

runner = CliRunner()


def test_gold_selection_follows_the_issue():
    spans = [GoldSpan(0, 4, "PERSON", "Anna", "DIRECT"), GoldSpan(5, 9, "DATETIME", "1999", "QUASI"),
             GoldSpan(10, 14, "LOC", "Oslo", "QUASI"), GoldSpan(15, 19, "ORG", "Acme", "NO_MASK"),
             GoldSpan(20, 24, "CODE", "1234", "DIRECT")]
    assert [s.text for s in gold_for_hiding("tab", spans)] == ["Anna", "Oslo", "1234"]
    assert len(gold_for_hiding("presidio_synth", spans)) == 5


def test_score_request_hiding_precision_and_leaks():
    doc = "Anna lives in Oslo."
    gold = [GoldSpan(0, 4, "PERSON", "Anna"), GoldSpan(14, 18, "GPE", "Oslo")]
    s = score_request("presidio_synth", doc, gold, "Mia lives in Oslo.", [(0, 4), (5, 10)], True, 3.0)
    assert (s.hidden, s.gold, s.aliased_on_gold, s.aliased_spans) == (1, 2, 1, 2)
    assert s.leaked == [("GPE", "Oslo")]
    m = Aggregate([s]).metrics()
    assert m["hiding_rate"] == 0.5 and m["alias_precision"] == 0.5 and m["roundtrip_exact"] == 1.0


def test_occurs_is_word_bounded_and_case_sensitive_by_default():
    assert occurs("Ann", "Ann met Anna") and not occurs("Ann", "Anna") and not occurs("ann", "Ann")
    assert occurs("ann", "Ann", ignore_case=True)


def test_qa_judge_and_gold_surname():
    from privrag.eval.datasets import LabeledDoc

    doc = LabeledDoc("d", "x", [], meta={"provenance": {"applicant": "Colin Joseph O’Brien"}})
    assert applicant_surname(doc) == "O’Brien"
    assert applicant_surname(LabeledDoc("d", "x", [], meta={"provenance": {"applicant": "H.İ. Er"}})) is None
    v = judge("Murray", "The applicant is Mr Cruz", "Mr Cruz", "Mr Murray")
    assert v.hidden and v.privacy and v.user
    assert not judge("Murray", "Mr Murray applied", "Mr Cruz", "Mr Murray").user


class _SeedAliasing:
    """Hides the applicant's surname only under even seeds; restores exactly."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def prepare(self, texts, seed):
        from types import SimpleNamespace

        self.seeds.append(seed)
        aliased = [t.replace("Okafor", "Brandt") if seed % 2 == 0 else t for t in texts]
        return SimpleNamespace(aliased=aliased, table=[{"original": "Okafor", "alias": "Brandt"}],
                               restore=lambda s: s.replace("Brandt", "Okafor"))


def test_qa_metrics_are_means_over_alias_seeds():
    from types import SimpleNamespace

    from privrag.eval.bench_seag import QA_SEED_STRIDE, _qa_block

    doc = SimpleNamespace(id="d1", text="The applicant, Mr Okafor, complained.",
                          meta={"provenance": {"applicant": "Chidi Okafor"}})
    method = _SeedAliasing()
    items: list = []
    # the generator names whoever the context calls the applicant
    generator = lambda q, ctx: "Brandt" if "Brandt" in ctx else "Okafor"  # noqa: E731
    res = _qa_block([doc], {"m": method}, seed=0, items=items, generator=generator, alias_seeds=2)
    assert method.seeds == [0, QA_SEED_STRIDE]  # seed 0 hides the name, seed 1000 does too (even)
    assert res["per_method"]["m"]["user"] == 1.0
    method2 = _SeedAliasing()
    res2 = _qa_block([doc], {"m": method2}, seed=1, items=[], generator=generator, alias_seeds=2)
    assert method2.seeds == [1, 1 + QA_SEED_STRIDE]  # odd seeds: nothing hidden
    assert res2["per_method"]["m"] == {"privacy": 0.0, "user": 0.0, "user_by_seed": [0.0, 0.0]}
    assert res["qa"] == {"qa_docs": 1, "alias_seeds": 2, "org": 1.0}
    assert [i["alias_seed"] for i in items if i["method"] == "m"] == [0, 1]


def test_unknown_method_and_missing_data_are_usage_errors(tmp_path):
    r = runner.invoke(app, ["bench", "seag", "--methods", "nope", "--out", str(tmp_path / "o")])
    assert r.exit_code == 2
    r = runner.invoke(app, ["bench", "seag", "--data-dir", str(tmp_path / "none"), "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and not (tmp_path / "o").exists()


@pytest.mark.data
@pytest.mark.integration
def test_parserless_presidio_gives_identical_spans(require_data):
    from privrag import models
    from privrag.eval.datasets import load_presidio_synth, load_tab
    from privrag.eval.seag_methods import lc_entities, presidio_without_parser

    texts = [d.text for d in load_tab("dev", require_data)[:2]] + [d.text for d in load_presidio_synth(require_data)[:20]]
    ents = lc_entities()
    full, lean = models.presidio_analyzer(), presidio_without_parser()

    def spans(an, t):
        return sorted((r.start, r.end, r.entity_type, round(r.score, 6)) for r in an.analyze(text=t, language="en", entities=ents))

    for t in texts:
        assert spans(full, t) == spans(lean, t)


@pytest.mark.data
@pytest.mark.integration
def test_cli_end_to_end_on_two_documents(require_data, tmp_path):
    out = tmp_path / "bench"
    r = runner.invoke(app, ["bench", "seag", "--data-dir", str(require_data), "--out", str(out), "--limit", "2",
                            "--tab-split", "dev", "--qa-limit", "1", "--max-new-tokens", "6",
                            "--qa-seeds", "2"])
    assert r.exit_code == 0, r.output
    report = json.loads((out / "seag.json").read_text())
    for ds in ("tab", "presidio_synth"):
        methods = report["datasets"][ds]["methods"]
        assert set(methods) == {"seag", "seag_presidio", "lc_reversible"}
        for m in methods.values():
            for key in ("hiding_rate", "roundtrip_exact", "alias_precision", "ms_per_request"):
                assert 0 <= m[key] and (key == "ms_per_request" or m[key] <= 1)
        assert methods["seag"]["roundtrip_exact"] == 1.0
    tab = report["datasets"]["tab"]
    assert tab["split"] == "dev" and {"org", "privacy", "user"} <= set(tab["methods"]["seag"])
    items = [json.loads(line) for line in (out / "seag_items.jsonl").read_text().splitlines()]
    qa = [i for i in items if i["task"] == "qa" and i["method"] == "seag"]
    assert qa and qa[0]["raw_answer"] is not None and qa[0]["table"]
    assert len(qa) == 2 and len(tab["methods"]["seag"]["user_by_seed"]) == 2
    assert "| seag |" in (out / "seag.md").read_text()


@pytest.mark.data
@pytest.mark.integration
def test_the_default_neutralises_honorifics_and_seag_keep_keeps_them(require_data, tmp_path):
    out = tmp_path / "bench"
    r = runner.invoke(app, ["bench", "seag", "--data-dir", str(require_data), "--out", str(out), "--limit", "3",
                            "--tab-split", "dev", "--no-qa", "--methods", "seag,seag_keep"])
    assert r.exit_code == 0, r.output
    report = json.loads((out / "seag.json").read_text())
    assert set(report["datasets"]["tab"]["methods"]) == {"seag", "seag_keep"}
    items = [json.loads(line) for line in (out / "seag_items.jsonl").read_text().splitlines()]
    received = {m: "\n".join(t for i in items if i["dataset"] == "tab" and i["method"] == m for t in i["received"])
                for m in ("seag", "seag_keep")}
    assert "Mx " in received["seag"] and not re.search(r"\bMrs?\.? [A-Z]", received["seag"])
    assert re.search(r"\bMrs?\.? [A-Z]", received["seag_keep"]) and "Mx " not in received["seag_keep"]
    for m in ("seag", "seag_keep"):
        assert report["datasets"]["tab"]["methods"][m]["roundtrip_exact"] == 1.0


def test_a_refused_document_is_listed_and_left_out_of_the_hiding_rate():
    from types import SimpleNamespace

    from privrag.eval.bench_seag import _hiding_block
    from privrag.types import PrivacyError

    class Picky:
        def prepare(self, texts, seed):
            if any("Λευκωσία" in t for t in texts):
                raise PrivacyError("text in a script the detector does not cover (GREEK)")
            aliased = [t.replace("Okafor", "Brandt") for t in texts]
            return SimpleNamespace(aliased=aliased, table=[], ms=1.0, spans=[[(0, 0)]] * len(texts),
                                   restore=lambda s: s.replace("Brandt", "Okafor"))

    docs = [SimpleNamespace(id="ok", text="Call Mr. Okafor today.", spans=[GoldSpan(9, 15, "PERSON", "DIRECT", "Okafor")]),
            SimpleNamespace(id="greek", text="Okafor, Λευκωσία", spans=[GoldSpan(0, 6, "PERSON", "DIRECT", "Okafor")])]
    items: list = []
    out = _hiding_block("presidio_synth", docs, {"m": Picky()}, seed=0, items=items)
    assert out["m"]["refused"] == ["greek"]
    assert [i["doc_id"] for i in items if i.get("refused")] == ["greek"]
    assert len([i for i in items if not i.get("refused")]) == 1
    assert out["m"]["hiding_rate"] == 1.0  # over the one document sent
