"""Encoder chunks: contiguous, within the window, never through a mention."""

from __future__ import annotations

import pytest

from privrag.trip.chunking import encoder_chunks
from privrag.types import DetectedEntity


def _spans(text: str, needle: str) -> list[DetectedEntity]:
    out, pos = [], text.find(needle)
    while pos >= 0:
        out.append(DetectedEntity(pos, pos + len(needle), "PERSON", needle))
        pos = text.find(needle, pos + 1)
    return out


def _check(text, chunks, spans):
    assert chunks[0].start == 0 and chunks[-1].end == len(text)
    for a, b in zip(chunks, chunks[1:], strict=False):
        assert a.end == b.start
    for s in spans:
        assert sum(c.contains(s) for c in chunks) == 1


def test_short_text_is_one_chunk():
    assert [(c.start, c.end) for c in encoder_chunks("John Murray appealed.")] == [(0, 21)]
    assert encoder_chunks("") == []


def test_long_text_is_cut_without_splitting_mentions():
    text = " ".join(f"Sentence {i} mentions Anna Christou Papadopoulou here." for i in range(200))
    spans = _spans(text, "Anna Christou Papadopoulou")
    chunks = encoder_chunks(text, spans, max_tokens=50)
    assert len(chunks) > 10
    _check(text, chunks, spans)
    # cuts prefer sentence ends
    assert all(text[: c.end].rstrip().endswith(".") for c in chunks)


def test_a_mention_longer_than_the_window_stays_whole():
    long_name = " ".join(["Name"] * 40)
    text = "intro words here " + long_name + " outro words follow and more words come after it"
    spans = [DetectedEntity(17, 17 + len(long_name), "ORG", long_name)]
    chunks = encoder_chunks(text, spans, max_tokens=10)
    _check(text, chunks, spans)


def test_window_too_small_is_rejected():
    with pytest.raises(ValueError):
        encoder_chunks("text", max_tokens=2)


@pytest.mark.integration
def test_chunks_fit_the_minilm_window(embedder):
    tok = embedder.tokenizer
    text = " ".join(f"On {i} March 2001 Mr Osman Erden applied to the Ankara court, case 28045/02." for i in range(120))
    spans = _spans(text, "Osman Erden")
    chunks = encoder_chunks(text, spans, tokenizer=tok, max_tokens=230)
    _check(text, chunks, spans)
    for c in chunks:
        assert len(tok(text[c.start : c.end], add_special_tokens=False)["input_ids"]) <= 230
