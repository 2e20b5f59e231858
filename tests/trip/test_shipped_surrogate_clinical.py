"""The shipped f_priv (real MiniLM) on a clinical letter: the patient outranks the drugs.

f_priv was first fitted on court judgments only, where nothing like a drug
name appears; the training mix adds letters, chats and invoices. Checked the
way TripRag reads it (S_priv by masked pooling of the token head) and the way
PA-HDP reads it (the sentence head on the letter and its variants).
"""

from __future__ import annotations

import numpy as np
import pytest

pytestmark = pytest.mark.integration

LETTER = (
    "Dear Dr Patel,\n\nRe: Grace Okafor, DOB 14/03/1962, NHS number 485 777 3456\n\n"
    "Thank you for seeing Mrs Okafor, who has atrial fibrillation and type 2 diabetes. "
    "She takes apixaban 5 mg twice daily and metformin 500 mg with meals. "
    "Grace reports palpitations for three weeks.\n\nYours sincerely,\nDr Amir Patel"
)


@pytest.fixture(scope="module")
def shipped():
    from privrag.embed import default_embedder
    from privrag.trip.surrogate import load_default_surrogate

    return load_default_surrogate(), default_embedder()


def _token_risk(sur, emb, needle: str) -> float:
    _, _, risks = sur.encode_with_token_risk([LETTER], emb, {0})
    offs = emb.tokenizer(LETTER, truncation=True, max_length=int(emb.max_seq_length),
                         return_offsets_mapping=True)["offset_mapping"]
    assert len(offs) == len(risks[0])
    spans = [(i, i + len(needle)) for i in range(len(LETTER)) if LETTER.startswith(needle, i)]
    assert spans, needle
    return float(sum(r for (a, b), r in zip(offs, risks[0], strict=True)
                     if b > a and any(a < e and b > s for s, e in spans)))


def test_shipped_surrogate_was_trained_on_more_than_echr(shipped):
    sur, _ = shipped
    assert sur.token_head is not None
    assert "generated" in sur.meta["trained_on"] and "TAB train" in sur.meta["trained_on"]


def test_patient_name_carries_more_risk_than_any_drug_token_head(shipped):
    sur, emb = shipped
    name = _token_risk(sur, emb, "Grace Okafor")
    for drug in ("apixaban", "metformin", "atrial fibrillation"):
        assert name > _token_risk(sur, emb, drug), drug


def test_masking_the_patient_lowers_f_priv_more_than_masking_a_drug_sentence_head(shipped):
    from dataclasses import replace

    sur, emb = shipped
    sentence = replace(sur, token_head=None)
    variants = [LETTER, LETTER.replace("Grace Okafor", "a person").replace("Mrs Okafor", "a person"),
                LETTER.replace("apixaban", "a medication"), LETTER.replace("metformin", "a medication")]
    r = sentence.risk_mass(np.asarray(emb.embed(variants)))
    drop = r[0] - r[1:]
    assert drop[0] > drop[1] and drop[0] > drop[2]
