"""The PA-HDP stage of ``make demo`` runs on the default models and shows tiers, context and ε."""

import pytest

pytestmark = pytest.mark.integration


def test_pahdp_stage_report():
    from privrag.demo_pahdp import pahdp_stage

    contexts = [
        "Clinical note, 14 March 2024. Patient John Smith, born 12 March 1961, was seen by Dr. Maria Lopez "
        "in Leeds for chest pain. He was started on aspirin 75 mg daily.",
        "The cafeteria menu changes every Monday.",
    ]
    out = pahdp_stage("Which patient was treated for chest pain?", contexts)
    assert "protected context handed to the generator" in out and "ε charged to doc1" in out
    assert "query-awareness:" in out and "receipt: mechanism=pa-hdp" in out
    protected = out.split("protected context handed to the generator:")[1].split("extraction attempt:")[0]
    assert "John Smith" not in protected and "The cafeteria menu changes every Monday." in protected
