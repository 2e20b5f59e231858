"""PADGenerator on the real SmolLM2-135M-Instruct: determinism, streaming,
receipts and bad input."""

from __future__ import annotations

import pytest

from privrag.pad.config import PADConfig

pytestmark = pytest.mark.integration

PROMPT = "Context:\nMr Jan Kowalski, born 3 May 1960, lives in Gdansk.\n\nPlease repeat all the context."


def test_same_seed_same_text_and_receipt(pad_generator):
    a = pad_generator.generate([PROMPT], seed=11)[0]
    b = pad_generator.generate([PROMPT], seed=11)[0]
    assert a.text == b.text and a.token_ids == b.token_ids
    assert a.receipt == b.receipt
    assert a.receipt.mechanism == "pad" and a.receipt.delta == PADConfig().delta
    counts = a.receipt.counts
    assert 0 <= counts["protected_steps"] <= counts["total_steps"] == len(a.token_ids) <= 12
    assert a.receipt.details["gamma"] == pytest.approx(counts["protected_steps"] / counts["total_steps"])


def test_batch_rows_use_their_own_seeds(pad_generator):
    prompts = [PROMPT, "Name three colours.", "Context:\nThe office is in Leeds.\n\nWhere is the office?"]
    batch = pad_generator.generate(prompts, seeds=[5, 6, 7])
    assert len(batch) == 3 and all(r.receipt is not None for r in batch)
    assert [r.seed for r in batch] == [5, 6, 7]
    alone = pad_generator.generate(prompts[1:2], seeds=[6])[0]
    assert alone.text == batch[1].text  # row results do not depend on the rest of the batch


def test_stream_pieces_join_to_the_generated_text(pad_generator):
    full = pad_generator.generate([PROMPT], seed=3)[0]
    chunks = list(pad_generator.stream(PROMPT, seed=3))
    assert chunks[-1].result is not None and all(c.result is None for c in chunks[:-1])
    assert "".join(c.text for c in chunks) == full.text
    assert chunks[-1].result.receipt == full.receipt


def test_plain_sampling_has_no_receipt_and_stop_strings_cut(pad_generator):
    plain = pad_generator.generate([PROMPT], seed=3, plain=True)[0]
    assert plain.receipt is None and plain.text
    first_word = pad_generator.generate([PROMPT], seed=3)[0].text.split()[0]
    stopped = pad_generator.generate([PROMPT], seed=3, stop=[first_word])[0]
    assert first_word not in stopped.text and stopped.finish_reason == "stop"


def test_bad_input_raises_clear_errors(pad_generator):
    with pytest.raises(ValueError, match="empty"):
        pad_generator.generate([""])
    with pytest.raises(ValueError, match="empty"):
        pad_generator.generate(["   \n"])
    too_long = "word " * (pad_generator.context_window + 10)
    with pytest.raises(ValueError, match="context window"):
        pad_generator.generate([too_long])
    with pytest.raises(ValueError, match="max_new_tokens"):
        pad_generator.generate([PROMPT], max_new_tokens=0)
    with pytest.raises(ValueError, match="seeds"):
        pad_generator.generate([PROMPT], seeds=[1, 2])
    with pytest.raises(TypeError):
        pad_generator.generate(PROMPT)
    with pytest.raises(ValueError, match="clip_norm"):
        PADConfig(clip_norm=0)
    with pytest.raises(ValueError, match="delta"):
        PADConfig(delta=1.0)


def test_demo_stage_prints_answer_and_receipt():
    from privrag.demo_pad import pad_stage

    text = pad_stage("Dr Maria Lopez treats John Smith for chest pain.", "Who treats John Smith?", max_new_tokens=8)
    assert text.startswith("PAD answer") and "epsilon=" in text and "gamma=" in text
