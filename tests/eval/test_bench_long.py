"""``privrag bench long``: seeded long documents, the ratio it reports, detection done once per text."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from privrag.cli import app
from privrag.eval.bench_long import CachedDetector, _ratios, render_markdown
from privrag.eval.longdoc import long_document
from tests.fakes import RegexDetector


def test_long_document_is_seeded_sized_and_its_cast_grows():
    a, b = long_document(20_000, seed=1), long_document(20_000, seed=1)
    assert a == b and 20_000 <= len(a) < 21_500 and a != long_document(20_000, seed=2)
    small = set(re.findall(r"Spoke with (\w+ \w+)", long_document(20_000)))
    large = set(re.findall(r"Spoke with (\w+ \w+)", long_document(100_000)))
    assert len(large) > 2 * len(small) > 0  # names grow with the text, as in a real case file


def test_ratio_and_table_of_the_two_largest_sizes():
    rows = [
        {"size_k": 100, "chars": 100_000, "redact_s": 10.0, "redact_chars_per_s": 10_000.0, "seag_s": 1.0, "seag_chars_per_s": 1e5},
        {"size_k": 1000, "chars": 1_000_000, "redact_s": 90.0, "redact_chars_per_s": 11_111.0, "seag_s": 9.0, "seag_chars_per_s": 1.1e5},
        {"size_k": 2000, "chars": 2_000_000, "redact_s": 200.0, "redact_chars_per_s": 10_000.0, "seag_s": 20.0, "seag_chars_per_s": 1e5},
    ]
    ratios = _ratios(rows)
    assert ratios["size"] == 2.0 and abs(ratios["redact"] - 200 / 90) < 1e-9 and abs(ratios["seag"] - 20 / 9) < 1e-9
    md = render_markdown({"rows": rows, "ratios": ratios})
    assert "| 2000 K | 2,000,000 | 200.0 | 10,000 | 20.0 | 100,000 |" in md
    assert "1000 K → 2000 K" in md and "redact 2.22" in md


def test_cached_detector_detects_each_text_once():
    class Counting(RegexDetector):
        calls = 0

        def _detect(self, text):
            Counting.calls += 1
            return super()._detect(text)

    det = CachedDetector(Counting())
    first = det.detect_batch(["John Smith in 2020", "Anna Weber"])
    again = det.detect_with_keep_batch(["Anna Weber", "John Smith in 2020"])
    assert Counting.calls == 2 and [s for s, _ in again] == first[::-1]


def test_bench_long_is_listed():
    res = CliRunner().invoke(app, ["bench", "--help"])
    assert res.exit_code == 0 and "long" in res.output
