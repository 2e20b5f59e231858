"""ConversationStore: encrypted at rest, isolated, thread-safe."""

from __future__ import annotations

import threading

import pytest

from privrag.seag import AliasEntry, AliasTable, ConversationStore
from privrag.types import PrivacyError


def _table(name: str = "John Jordan") -> AliasTable:
    return AliasTable([AliasEntry(name, "Mike Cruz", "PERSON", 0)])


def test_encrypted_on_disk_with_opaque_file_names(tmp_path):
    store = ConversationStore(ConversationStore.generate_key(), tmp_path)
    store.put("patient-42", _table())
    files = list(tmp_path.iterdir())
    assert len(files) == 1 and "patient-42" not in files[0].name
    raw = files[0].read_bytes()
    assert b"John" not in raw and b"Mike" not in raw
    assert (files[0].stat().st_mode & 0o777) == 0o600
    assert store.get("patient-42").mapping == {"John Jordan": "Mike Cruz"}
    assert "patient-42" in store and "other" not in store


def test_wrong_key_and_copied_records_are_refused(tmp_path):
    a = ConversationStore(ConversationStore.generate_key(), tmp_path)
    a.put("c1", _table())
    b = ConversationStore(ConversationStore.generate_key(), tmp_path)
    with pytest.raises(PrivacyError):
        b.get("c1")
    src = next(tmp_path.iterdir())
    (tmp_path / (ConversationStore._digest("c2") + ConversationStore.SUFFIX)).write_bytes(src.read_bytes())
    with pytest.raises(PrivacyError):
        a.get("c2")


def test_in_memory_store_is_encrypted_too():
    store = ConversationStore(ConversationStore.generate_key())
    store.put("c", _table())
    assert all(b"John" not in blob for blob in store._memory.values())
    store.delete("c")
    assert store.get("c") is None


def test_thread_safe_read_modify_write():
    store = ConversationStore(ConversationStore.generate_key())
    store.put("c", AliasTable())

    def add(i: int) -> None:
        with store.locked("c"):
            t = store.get("c")
            store.put("c", t.extended([AliasEntry(f"Name{i:03d}", f"Alias{i:03d}", "PERSON", i)]))

    threads = [threading.Thread(target=add, args=(i,)) for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(store.get("c")) == 40


def test_bad_key_and_id():
    with pytest.raises(ValueError):
        ConversationStore(b"short")
    with pytest.raises(ValueError):
        ConversationStore(ConversationStore.generate_key()).get("")
