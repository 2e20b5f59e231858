"""The loaders against the real evaluation data (sizes as documented in shared/data/README.md)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from privrag.eval.datasets import (
    DataMissingError,
    load_dataset,
    load_panorama,
    load_presidio_synth,
    load_tab,
    load_tab_subjects,
    load_wnut17,
)

pytestmark = pytest.mark.data


def _assert_offsets(docs):
    for d in docs:
        for s in d.spans:
            assert 0 <= s.start <= s.end <= len(d.text)
            assert d.text[s.start : s.end] == s.text


def test_tab_split_sizes(require_data):
    sizes = {split: len(load_tab(split, require_data)) for split in ("train", "dev", "test")}
    assert sizes == {"train": 92, "dev": 21, "test": 31}
    docs = load_tab(None, require_data)
    assert len(docs) == 144
    assert sum(len(d.spans) for d in docs) == 6613
    assert len({d.id for d in docs}) == 144
    _assert_offsets(docs)
    kinds = {s.identifier_type for d in docs for s in d.spans}
    assert kinds <= {"DIRECT", "QUASI", "NO_MASK"} and {"DIRECT", "QUASI"} <= kinds
    assert all(s.entity_id for d in docs for s in d.spans)


def test_tab_splits_are_disjoint(require_data):
    ids = [{d.id for d in load_tab(s, require_data)} for s in ("train", "dev", "test")]
    assert not (ids[0] & ids[1]) and not (ids[0] & ids[2]) and not (ids[1] & ids[2])


def test_tab_unknown_split_raises(require_data):
    with pytest.raises(ValueError):
        load_tab("validation", require_data)


def test_tab_subjects_belong_to_tab_docs(require_data):
    subs = load_tab_subjects(None, require_data)
    assert len(subs) == 586
    ids = {d.id for d in load_tab(None, require_data)}
    assert {s.doc_id for s in subs} <= ids
    test_ids = {d.id for d in load_tab("test", require_data)}
    assert {s.doc_id for s in load_tab_subjects("test", require_data)} <= test_ids


def test_panorama_reanchoring(require_data):
    docs = load_panorama(require_data)
    assert len(docs) == 151
    assert sum(len(d.spans) for d in docs) == 580
    _assert_offsets(docs)
    # every span keeps the surface text the annotators wrote, at its new offsets
    raw = [json.loads(line) for line in (require_data / "panorama" / "entity_panorama_151.jsonl").open(encoding="utf-8")]
    moved = 0
    for row, d in zip(raw, docs, strict=True):
        assert row["text"] == d.text
        assert Counter(e["span_text"] for e in row["entities"]) == Counter(s.text for s in d.spans)
        moved += sum(row["text"][e["start_offset"] : e["end_offset"]] != e["span_text"] for e in row["entities"])
    assert moved > 0  # the data really has misaligned spans the loader fixed


def test_wnut17_entity_counts(require_data):
    counts = {split: sum(len(d.spans) for d in load_wnut17(split, require_data)) for split in ("train", "dev", "test")}
    assert counts == {"train": 1975, "dev": 836, "test": 1079}
    _assert_offsets(load_wnut17("dev", require_data))


def test_presidio_synth_sizes(require_data):
    docs = load_presidio_synth(require_data)
    assert len(docs) == 1500
    assert sum(len(d.spans) for d in docs) == 2863
    _assert_offsets(docs)
    assert "PERSON" in {s.label for d in docs for s in d.spans}


def test_load_dataset_dispatch(require_data):
    assert len(load_dataset("tab", "dev", require_data)) == 21
    with pytest.raises(ValueError):
        load_dataset("conll", None, require_data)


def test_missing_data_dir_is_a_clear_error(tmp_path):
    with pytest.raises(DataMissingError, match="PRIVRAG_DATA"):
        load_tab("test", tmp_path / "nope")
    with pytest.raises(DataMissingError, match="missing data file"):
        load_tab("test", tmp_path)
