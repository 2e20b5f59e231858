"""Every technique refuses a text over its size limit up front, with a PrivacyError naming the limit."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from privrag.cli import app
from privrag.limits import (
    DEFAULT_MAX_CHARS,
    ENV_VAR,
    TextTooLongError,
    check_text_sizes,
    resolve_max_chars,
)
from privrag.methods import METHODS
from privrag.redact import Redactor
from privrag.seag import SEAG
from privrag.types import PrivacyError
from tests.fakes import RegexDetector

SECRET = "Jane Roe "  # a document's text must never reach an error message


class CountingDetector(RegexDetector):
    def __init__(self) -> None:
        self.seen = 0

    def _detect(self, text):
        self.seen += 1
        return super()._detect(text)


def test_the_limit_comes_from_the_argument_then_the_environment_then_the_default(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert resolve_max_chars() == DEFAULT_MAX_CHARS == 5_000_000
    monkeypatch.setenv(ENV_VAR, "1_000")
    assert resolve_max_chars() == 1000
    assert resolve_max_chars(7) == 7
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError):
            resolve_max_chars(bad)
    monkeypatch.setenv(ENV_VAR, "lots")
    with pytest.raises(ValueError, match=ENV_VAR):
        resolve_max_chars()


def test_the_error_names_the_limit_and_the_setting_but_no_text():
    with pytest.raises(TextTooLongError) as info:
        check_text_sizes(["short", SECRET * 20], 100, "redaction")
    err = info.value
    assert isinstance(err, PrivacyError) and (err.length, err.limit) == (180, 100)
    assert "100" in str(err) and "180" in str(err) and ENV_VAR in str(err) and "max_chars" in str(err)
    assert "Jane" not in str(err)


def test_redaction_refuses_the_whole_batch_before_detecting_anything():
    det = CountingDetector()
    red = Redactor(det, max_chars=50)
    with pytest.raises(TextTooLongError, match="redaction"):
        red.protect_batch(["John Smith", SECRET * 10])
    assert det.seen == 0  # no partial output: nothing was even detected
    assert red.protect("John Smith lives here").text != "John Smith lives here"


def test_redaction_reads_the_environment(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "20")
    with pytest.raises(TextTooLongError):
        Redactor(RegexDetector()).protect(SECRET * 3)


def test_seag_refuses_a_request_text_over_its_limit():
    det = CountingDetector()
    seag = SEAG(det, max_chars=40)
    with pytest.raises(TextTooLongError, match="SEAG"):
        seag.prepare(["question", SECRET * 5])
    assert det.seen == 0


def test_cli_reports_a_document_over_max_chars_by_id_and_writes_the_others(tmp_path, monkeypatch):
    monkeypatch.setitem(METHODS, "redact", "tests.fakes:regex_redactor")
    monkeypatch.setenv(ENV_VAR, str(DEFAULT_MAX_CHARS))  # restored after the test: the CLI sets it
    src = tmp_path / "in.jsonl"
    docs = [("a", "John Smith called."), ("big", SECRET * 30), ("b", "Anna Weber wrote.")]
    src.write_text("".join(json.dumps({"id": i, "text": t}) + "\n" for i, t in docs), encoding="utf-8")
    out, rep = tmp_path / "o.jsonl", tmp_path / "r.jsonl"
    res = CliRunner().invoke(app, ["anonymize", str(src), "--out", str(out), "--report", str(rep), "--max-chars", "100"])
    assert res.exit_code == 1, res.output
    assert "big  TextTooLongError" in res.output and "limit of 100" in res.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "b"]
    assert "Jane" not in out.read_text() + rep.read_text() + res.output
