"""Every failure in SEAG is a PrivacyError with its cause, and no table outlives it."""

from __future__ import annotations

import json
import os

import pytest

from privrag.seag import SEAG, AliasTable, ConversationStore
from privrag.seag.table import AliasEntry
from privrag.types import PrivacyError
from tests.seag._fakes import people_detector


def _store_with(tmp_path, payload) -> tuple[ConversationStore, str]:
    store = ConversationStore(ConversationStore.generate_key(), tmp_path)
    blob = store._fernet.encrypt(json.dumps(payload).encode())
    store._file("c1").write_bytes(blob)
    return store, "c1"


@pytest.mark.parametrize(
    "table",
    [None, [], {"entries": [{"original": "John", "alias": "Mike", "label": "PERSON", "bogus": 1}]},
     {"entries": [{"original": "John", "alias": "Mike"}, {"original": "John", "alias": "Max"}]},
     {"entries": [{"original": 5, "alias": "Mike", "label": "PERSON"}]}, {"entries": "x"}],
)
def test_malformed_store_records_raise_privacy_error(tmp_path, table):
    store, cid = _store_with(tmp_path, {"conversation": "c1", "table": table})
    with pytest.raises(PrivacyError) as err:
        store.get(cid)
    assert err.value.__cause__ is not None


def test_record_that_is_not_an_object_raises(tmp_path):
    store, cid = _store_with(tmp_path, ["c1"])
    with pytest.raises(PrivacyError):
        store.get(cid)


def test_failing_store_write_raises_and_sends_nothing(tmp_path, monkeypatch):
    store = ConversationStore(ConversationStore.generate_key(), tmp_path)
    seag = SEAG(people_detector(), store=store, seed=1)

    def fail(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(PrivacyError) as err:
        seag.prepare(["John Jordan lives in Ankara."], conversation_id="c1")
    assert isinstance(err.value.__cause__, OSError)
    assert not list(tmp_path.glob("*.tmp"))


def test_error_while_building_is_chained(monkeypatch):
    import privrag.seag.builder as b

    def boom(*a, **k):
        raise KeyError("x")

    monkeypatch.setattr(b, "split_value_spans", boom)
    with pytest.raises(PrivacyError) as err:
        SEAG(people_detector()).prepare(["John Jordan"])
    assert isinstance(err.value.__cause__, KeyError)


def test_table_is_cleared_when_aliasing_fails(monkeypatch):
    from privrag.seag.builder import AliasTableBuilder

    built: list[AliasTable] = []
    real_build, real_alias = AliasTableBuilder.build, AliasTable.alias

    def build(self, *a, **k):
        built.append(real_build(self, *a, **k))
        return built[-1]

    def alias(self, text):
        if built:  # the builder's own checks passed; sending fails
            raise KeyError("boom")
        return real_alias(self, text)

    monkeypatch.setattr(AliasTableBuilder, "build", build)
    monkeypatch.setattr(AliasTable, "alias", alias)
    with pytest.raises(PrivacyError) as err:
        SEAG(people_detector(), seed=1).prepare(["John Jordan lives in Ankara."])
    assert isinstance(err.value.__cause__, KeyError)
    assert built and len(built[0].entries) == 0  # the originals are gone


def test_restore_errors_are_privacy_errors(monkeypatch):
    t = AliasTable([AliasEntry("John", "Mike", "PERSON")])
    from privrag.seag.restore import Replacer

    def broken(self, matched):
        raise KeyError(matched)

    monkeypatch.setattr(Replacer, "replacement", broken)
    with pytest.raises(PrivacyError):
        t.restore("Mike")
    s = t.streaming_restorer()
    with pytest.raises(PrivacyError):
        s.feed("Mike ") + s.flush()


def test_release_forgets_the_originals():
    req = SEAG(people_detector(), seed=1).prepare(["John Jordan lives in Ankara."])
    req.release()
    assert len(req.table) == 0 and req.aliased == []
    assert "John" not in repr(req.table.to_dict())


def test_non_text_input_is_a_privacy_error():
    with pytest.raises(PrivacyError):
        SEAG(people_detector()).prepare([b"John"])  # type: ignore[list-item]
