"""The SEAG stage of ``make demo``."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration


def test_seag_stage_prints_table_input_and_restored_answer():
    from privrag.demo_seag import seag_stage

    docs = ["Patient John Smith, born 12 March 1961, was seen in Leeds for chest pain and started on aspirin."]
    out = seag_stage("Which patient had chest pain?", docs, max_new_tokens=12)
    received = out.split("what the generator received")[1].split("generator's raw answer")[0]
    assert "John Smith" not in received and "alias table" in out and "restored answer" in out
