"""``privrag bench domains``: the scoring rules on invented documents, fake methods, and the CLI end to end.

The fixture is written here in the inline markup of ``domains/MARKUP.md``
(``[[surface|KIND|DIRECT]]``, ``{{surface|WHY}}``) and converted to offsets,
so the expected numbers can be read off the sentences. None of it comes from
the dev set.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.eval.bench_domains import (
    TABLE_METRICS,
    MethodSpec,
    render_markdown,
    run_bench,
    run_domains,
)
from privrag.eval.datasets import DataMissingError, DomainSpan, domains_path, load_domains
from privrag.eval.domains_metrics import keep_damaged, masking_counts, protected, score_doc
from privrag.eval.tab_metrics import merge_spans
from privrag.types import PrivacyError

runner = CliRunner()

MARK = re.compile(r"\[\[(.+?)\|([A-Z]+)\|(DIRECT|QUASI)\]\]|\{\{(.+?)\|([a-z_]+)\}\}")

FIXTURE = [
    ("clin_a", "clinical", "GP note",
     "Patient [[Tobias Brandt|PERSON|DIRECT]] (DOB [[12/03/1971|DATETIME|QUASI]]) was seen by "
     "Dr [[Ines Varga|PERSON|DIRECT]]. Started {{metformin|medication}} for {{six weeks|duration}}. "
     "Mr [[Brandt|PERSON|DIRECT]] works at [[Lindqvist Joinery|ORGANIZATION|QUASI]]."),
    ("work_a", "work", "hr-email",
     "From [[Oskar Nilsen|PERSON|DIRECT]] to the {{Payroll Team|general_term}}: the refund of "
     "{{£240|amount}} for [[Marta Quell|PERSON|DIRECT]] is approved. Reach her at "
     "[[marta.quell@example.org|CONTACT|DIRECT]]."),
]  # fmt: skip

#: what the fake methods replace (whole words, every occurrence)
FAKE_MASKS = ("Tobias Brandt", "Ines", "Varga", "Brandt", "Oskar", "Payroll")


def _row(doc_id: str, domain: str, subtype: str, marked: str) -> dict:
    """Inline markup → a domains-format row with character offsets."""
    text, protect, keep, pos = "", [], [], 0
    for m in MARK.finditer(marked):
        text += marked[pos : m.start()]
        surface = m.group(1) or m.group(4)
        span = {"start": len(text), "end": len(text) + len(surface), "text": surface}
        if m.group(1):
            protect.append({**span, "kind": m.group(2), "identifier": m.group(3)})
        else:
            keep.append({**span, "why": m.group(5)})
        text += surface
        pos = m.end()
    text += marked[pos:]
    return {"id": doc_id, "domain": domain, "subtype": subtype, "text": text, "protect": protect, "keep": keep}


@pytest.fixture
def fixture_file(tmp_path: Path) -> Path:
    path = tmp_path / "mini.jsonl"
    path.write_text("".join(json.dumps(_row(*r), ensure_ascii=False) + "\n" for r in FIXTURE), encoding="utf-8")
    return path


def _occurrences(text: str, strings: tuple[str, ...]) -> list[tuple[int, int]]:
    return sorted(m.span() for s in strings for m in re.finditer(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text))


def _masked_text(text: str, spans: list[tuple[int, int]]) -> str:
    out, pos = [], 0
    for a, b in merge_spans(spans):
        out += [text[pos:a], "[X]"]
        pos = b
    return "".join(out) + text[pos:]


def _fake(with_spans: bool) -> MethodSpec:
    """A method masking :data:`FAKE_MASKS`; with or without reporting its offsets."""

    def build(seed: int):
        def fn(i, doc):
            spans = _occurrences(doc.text, FAKE_MASKS)
            return _masked_text(doc.text, spans), (spans if with_spans else None)

        return fn

    return MethodSpec("fake", build)


REGISTRY = {"fake_spans": _fake(True), "fake_text": _fake(False)}


# -- loader --------------------------------------------------------------------
def test_loader_reads_spans_and_rejects_bad_offsets(fixture_file, tmp_path):
    docs = load_domains(fixture_file)
    assert [(d.id, d.domain) for d in docs] == [("clin_a", "clinical"), ("work_a", "work")]
    clin = docs[0]
    assert [s.text for s in clin.protect] == ["Tobias Brandt", "12/03/1971", "Ines Varga", "Brandt", "Lindqvist Joinery"]
    assert all(clin.text[s.start : s.end] == s.text for s in clin.protect + clin.keep)
    assert {s.why for s in clin.keep} == {"medication", "duration"}

    with pytest.raises(DataMissingError):
        load_domains(tmp_path / "nope.jsonl")
    with pytest.raises(DataMissingError):
        domains_path(tmp_path / "no_data_dir")
    bad = _row(*FIXTURE[1])
    bad["protect"][0]["start"] += 1
    (tmp_path / "bad.jsonl").write_text(json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="Oskar Nilsen"):
        load_domains(tmp_path / "bad.jsonl")


# -- span rule -------------------------------------------------------------------
TEXT = "Dr Ines Varga lives at 12 Elm Row, Leeds."


def _span(surface: str, **kw: str) -> DomainSpan:
    start = TEXT.index(surface)
    return DomainSpan(start, start + len(surface), surface, **kw)


def test_partly_covered_direct_span_is_not_protected():
    name = _span("Ines Varga", identifier="DIRECT")
    assert not protected(TEXT, name, "", merge_spans(_occurrences(TEXT, ("Ines",))))
    assert not protected(TEXT, name, "", merge_spans([(name.start, name.end - 1)]))  # one letter left
    assert protected(TEXT, name, "", merge_spans(_occurrences(TEXT, ("Ines", "Varga"))))  # the space may stay


def test_honorifics_and_punctuation_need_no_mask():
    assert protected(TEXT, _span("Dr Ines Varga"), "", merge_spans(_occurrences(TEXT, ("Ines Varga",))))
    address = _span("12 Elm Row, Leeds")
    assert protected(TEXT, address, "", merge_spans(_occurrences(TEXT, ("12 Elm Row", "Leeds"))))
    assert not protected(TEXT, address, "", merge_spans(_occurrences(TEXT, ("12 Elm Row",))))


def test_an_overlapping_mask_damages_a_keep_span_and_a_touching_one_does_not():
    keep = _span("Elm Row", why="general_term")
    assert keep_damaged(keep, "", merge_spans([(keep.end - 1, keep.end + 3)]))
    assert keep_damaged(keep, "", merge_spans([(0, len(TEXT))]))
    assert not keep_damaged(keep, "", merge_spans([(0, keep.start), (keep.end, keep.end + 2)]))
    assert not keep_damaged(keep, TEXT, [])


# -- text rule --------------------------------------------------------------------
def test_text_rule_is_verbatim_word_bounded_and_case_sensitive():
    ana = DomainSpan(0, 3, "Ana", identifier="DIRECT")
    assert protected("Ana", ana, "The Anaesthetist called.", None)  # inside a longer word: gone
    assert protected("Ana", ana, "ANA called.", None)  # case-sensitive
    assert not protected("Ana", ana, "Ana's file.", None)  # word-bounded, still there
    dose = DomainSpan(0, 6, "5 mg/d", why="dosage")
    assert not keep_damaged(dose, "take 5 mg/d now", None)
    assert keep_damaged(dose, "take 15 mg/d now", None)  # only as part of a longer number
    assert keep_damaged(dose, "take [X] now", None)


def test_masking_counts_by_spans_and_by_text():
    text = "Anna met Anna and Bo"
    assert masking_counts(text, "", merge_spans([(0, 4)])) == (1, 5)
    # text rule: one "Anna" of two is gone, "Bo" is gone → 2 of 5 missing
    assert masking_counts(text, "[X] met Anna and [Y]", None) == (2, 5)


# -- fake methods through run_bench --------------------------------------------------
def test_run_bench_scores_fakes_per_domain(fixture_file):
    docs = load_domains(fixture_file)
    payload, items = run_bench(docs, ["fake_spans", "fake_text"], registry=REGISTRY, progress=False)
    assert list(payload["domains"]) == ["clinical", "work", "all"]
    assert payload["config"]["rules"] == {"fake_spans": "spans", "fake_text": "text"}

    clin = payload["domains"]["clinical"]["methods"]["fake_spans"]
    assert (clin["recall_direct"], clin["exposure_direct"], clin["recall_quasi"], clin["keep_damage"]) == (1.0, 0.0, 0.0, 0.0)
    work = payload["domains"]["work"]["methods"]["fake_spans"]
    # "Oskar" alone leaves "Nilsen": not protected, yet the full string is no longer in the output
    assert work["recall_direct"] == 0.0 and work["exposure_direct"] == round(2 / 3, 4)
    assert work["recall_quasi"] is None and work["keep_damage"] == 0.5
    assert work["keep_damage_by_why"] == {"amount": {"n": 1, "damaged": 0, "rate": 0.0},
                                          "general_term": {"n": 1, "damaged": 1, "rate": 1.0}}
    assert work["exposure_by_kind"]["DIRECT"] == {"CONTACT": 1.0, "PERSON": 0.5}
    both = payload["domains"]["all"]["methods"]["fake_spans"]
    assert (both["recall_direct"], both["keep_damage"], both["n_docs"]) == (0.5, 0.25, 2)
    assert set(TABLE_METRICS) <= set(both) and both["docs_per_s"] > 0

    # the text rule cannot see that "Nilsen" survived: the string is gone, so it counts as protected
    text_work = payload["domains"]["work"]["methods"]["fake_text"]
    assert text_work["recall_direct"] == round(1 / 3, 4) and text_work["keep_damage"] == 0.5
    assert text_work["rule"] == "text"

    by = {(i["id"], i["method"]): i for i in items}
    assert len(items) == 4
    it = by[("work_a", "fake_spans")]
    assert it["leaked_direct"] == ["Marta Quell", "marta.quell@example.org"]
    assert it["unprotected_direct"] == ["Oskar Nilsen", "Marta Quell", "marta.quell@example.org"]
    assert [k["text"] for k in it["damaged_keep"]] == ["Payroll Team"]
    assert by[("work_a", "fake_text")]["spans"] is None
    assert by[("clin_a", "fake_spans")]["output_text"].startswith("Patient [X] (DOB 12/03/1971)")


def test_a_refused_document_counts_as_sent_nothing_and_is_listed(fixture_file):
    def build(seed: int):
        spans_fn = REGISTRY["fake_spans"].build(seed)

        def fn(i, doc):
            if doc.domain == "work":
                raise PrivacyError("script not covered")
            return spans_fn(i, doc)

        return fn

    docs = load_domains(fixture_file)
    payload, items = run_bench(docs, ["picky"], registry={"picky": MethodSpec("picky", build)}, progress=False)
    work = payload["domains"]["work"]["methods"]["picky"]
    assert work["refused"] == ["work_a"] and payload["domains"]["clinical"]["methods"]["picky"]["refused"] == []
    assert (work["recall_direct"], work["exposure_direct"], work["keep_damage"], work["masking_rate"]) == (1.0, 0.0, 1.0, 1.0)
    assert payload["domains"]["all"]["methods"]["picky"]["refused"] == ["work_a"]
    refused = next(i for i in items if i["id"] == "work_a")
    assert refused["output_text"] == "" and refused["leaked_direct"] == []
    assert "refused with PrivacyError" in render_markdown(payload)


def test_score_doc_counts_every_occurrence(fixture_file):
    clin = load_domains(fixture_file)[0]
    s = score_doc(clin, clin.text, [])  # nothing masked
    assert (s.direct_n, s.direct_ok, s.direct_exposed, s.keep_damaged, s.tok_masked) == (3, 0, 3, 0, 0)
    assert s.item()["leaked_direct"] == ["Tobias Brandt", "Ines Varga", "Brandt"]


def test_unknown_methods_and_empty_inputs_are_rejected(fixture_file):
    docs = load_domains(fixture_file)
    with pytest.raises(ValueError, match="unknown method"):
        run_bench(docs, ["nope"], registry=REGISTRY)
    with pytest.raises(ValueError, match="no documents"):
        run_bench([], ["fake_text"], registry=REGISTRY)


def test_run_domains_writes_all_four_files(fixture_file, tmp_path):
    out = tmp_path / "out"
    payload, paths = run_domains(fixture_file, None, out, methods=["fake_spans", "fake_text"],
                                 registry=REGISTRY, progress=False)
    assert set(paths) == {"json", "md", "items", "png"}
    saved = json.loads((out / "domains.json").read_text(encoding="utf-8"))
    assert saved["data"]["name"] == "mini.jsonl" and len(saved["data"]["sha256"]) == 64
    assert saved["domains"]["work"]["methods"]["fake_spans"] == payload["domains"]["work"]["methods"]["fake_spans"]
    md = (out / "domains.md").read_text(encoding="utf-8")
    assert "## clinical" in md and "| fake_text |" in md and "general_term 1/1" in md
    assert (out / "domains.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_usage_errors_write_nothing(tmp_path):
    out = tmp_path / "o"
    result = runner.invoke(app, ["bench", "domains", "--data", str(tmp_path / "none.jsonl"), "--out", str(out)])
    assert result.exit_code == 2 and not out.exists()
    result = runner.invoke(app, ["bench", "domains", "--methods", "redact,nope", "--out", str(out)])
    assert result.exit_code == 2 and not out.exists()


# -- real methods -----------------------------------------------------------------
@pytest.mark.integration
def test_cli_runs_redact_and_seag_on_the_fixture(fixture_file, tmp_path):
    out = tmp_path / "domains"
    args = ["bench", "domains", "--data", str(fixture_file), "--out", str(out),
            "--methods", "redact,seag", "--no-progress"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output

    payload = json.loads((out / "domains.json").read_text(encoding="utf-8"))
    assert payload["n_docs"] == 2 and payload["config"]["rules"] == {"redact": "spans", "seag": "spans"}
    assert set(payload["domains"]) == {"clinical", "work", "all"}
    for entry in payload["domains"].values():
        assert set(entry["methods"]) == {"redact", "seag"}
        for m in entry["methods"].values():
            assert all(0.0 <= m[k] <= 1.0 for k in ("recall_direct", "exposure_direct", "keep_damage", "masking_rate"))
            assert m["docs_per_s"] > 0 and "keep_damage_by_why" in m and "exposure_by_kind" in m

    items = [json.loads(line) for line in (out / "domains_items.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {(i["id"], i["method"]) for i in items} == {(d, m) for d in ("clin_a", "work_a") for m in ("redact", "seag")}
    text = {d.id: d.text for d in load_domains(fixture_file)}
    for item in items:
        assert item["output_text"] != text[item["id"]]
        assert all(0 <= a < b <= len(text[item["id"]]) for a, b in item["spans"])
        assert "marta.quell@example.org" not in item["leaked_direct"]  # an e-mail address is the easy case
    md = (out / "domains.md").read_text(encoding="utf-8")
    assert all(name in md for name in ("redact", "seag", *TABLE_METRICS))
    assert (out / "domains.png").stat().st_size > 0


@pytest.mark.data
def test_dev_file_offsets_agree_with_the_text(require_data):
    path = require_data / "domains" / "dev.jsonl"
    if not path.exists():
        pytest.skip(f"{path} not present")
    docs = load_domains(path)
    assert docs and {d.domain for d in docs} <= {"clinical", "work"}
    assert all(s.identifier in ("DIRECT", "QUASI") for d in docs for s in d.protect)
