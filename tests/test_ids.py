"""Keyed ids: random UUIDs pass, everything else becomes ``pr-`` + HMAC, stable per key."""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import stat
import uuid

import pytest

from privrag import ids
from privrag.ids import is_safe_id, safe_hash, safe_id
from privrag.types import PrivacyError

PATH = "patients/john_smith_referral.pdf"
SAFE = re.compile(r"pr-[0-9a-f]{32}")


@pytest.fixture(autouse=True)
def fresh_key(tmp_path, monkeypatch):
    """A fresh cache dir per test, no env key, no per-process key left over."""
    monkeypatch.setenv("PRIVRAG_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("PRIVRAG_ID_KEY", raising=False)
    monkeypatch.setattr(ids, "_FILE_KEYS", {})
    monkeypatch.setattr(ids, "_PROCESS_KEY", None)
    return tmp_path / "cache" / "id_key"


def _substrings(s: str, n: int = 4) -> set[str]:
    return {s[i : i + k] for k in range(n, len(s) + 1) for i in range(len(s) - k + 1)}


def test_none_empty_and_random_uuids_pass_unchanged():
    assert safe_id(None) is None and safe_id("") == ""
    u4, u4_upper = str(uuid.uuid4()), str(uuid.uuid4()).upper()
    assert safe_id(u4) == u4 and safe_id(u4_upper) == u4_upper


@pytest.mark.parametrize("raw", [
    PATH,
    str(uuid.uuid5(uuid.NAMESPACE_URL, PATH)),  # name-based: an unkeyed hash of the path
    hashlib.md5(PATH.encode()).hexdigest(),  # 32 hex digits parse as a UUID, but fingerprint the name
    "{" + str(uuid.uuid4()) + "}",  # non-canonical forms are hashed too
])
def test_everything_else_is_keyed(raw: str):
    out = safe_id(raw)
    assert SAFE.fullmatch(out) and out != raw
    assert not any(s in out for s in _substrings(raw, 8))  # 8: shorter hex runs can match by chance


def test_deterministic_distinct_and_idempotent():
    a = safe_id(PATH)
    assert safe_id(PATH) == a and safe_id("patients/jane_doe.pdf") != a
    assert safe_id(a) == a and is_safe_id(a)  # chained components keep one id


def test_no_original_substring_in_the_id():
    out = safe_id(PATH)
    for word in ("john", "smith", "referral", "patients", ".pdf"):
        assert word not in out
    assert not any(s in out for s in _substrings(PATH))


def test_env_key_changes_the_id_and_is_used_as_given(monkeypatch):
    from_file = safe_id(PATH)
    monkeypatch.setenv("PRIVRAG_ID_KEY", "alpha")
    alpha = safe_id(PATH)
    monkeypatch.setenv("PRIVRAG_ID_KEY", "beta")
    assert safe_id(PATH) != alpha != from_file
    expected = hmac.new(b"beta", PATH.encode(), hashlib.sha256).hexdigest()[:32]
    assert safe_id(PATH) == "pr-" + expected


def test_file_key_is_created_once_private_and_reused(fresh_key, monkeypatch):
    from privrag.ids import has_stable_key

    first = safe_id(PATH)
    assert has_stable_key()
    assert fresh_key.exists() and len(fresh_key.read_bytes()) == 32
    assert stat.S_IMODE(fresh_key.stat().st_mode) == 0o600
    assert [p.name for p in fresh_key.parent.iterdir() if p.name.startswith(".id_key")] == []
    monkeypatch.setattr(ids, "_FILE_KEYS", {})  # as a new process would
    assert safe_id(PATH) == first


def test_an_existing_key_file_is_never_overwritten(fresh_key):
    fresh_key.parent.mkdir(parents=True)
    fresh_key.write_bytes(b"k" * 32)
    assert safe_id(PATH) == "pr-" + hmac.new(b"k" * 32, PATH.encode(), hashlib.sha256).hexdigest()[:32]
    assert fresh_key.read_bytes() == b"k" * 32


def test_a_short_key_file_fails_closed(fresh_key):
    fresh_key.parent.mkdir(parents=True)
    fresh_key.write_bytes(b"")
    with pytest.raises(PrivacyError):
        safe_id(PATH)


def test_unwritable_cache_falls_back_to_a_process_key_with_a_warning(monkeypatch, caplog):
    def refuse(path):
        raise PermissionError("read-only file system")

    monkeypatch.setattr(ids, "_create_key", refuse)
    with caplog.at_level(logging.WARNING, logger="privrag.ids"):
        a = safe_id(PATH)
    assert SAFE.fullmatch(a) and safe_id(PATH) == a
    assert "not be stable" in caplog.text


def test_safe_hash_hides_a_raw_content_hash():
    raw = hashlib.sha256(b"Patient John Smith was referred.").hexdigest()
    out = safe_hash(raw)
    assert SAFE.fullmatch(out) and out == safe_hash(raw) and out != raw
    assert not any(s in out for s in _substrings(raw, 8))
    assert safe_hash(None) is None and safe_hash(out) == out


def test_has_stable_key(monkeypatch):
    from privrag.ids import has_stable_key

    def refuse(path):
        raise PermissionError("read-only file system")

    monkeypatch.setattr(ids, "_create_key", refuse)
    assert not has_stable_key()  # per-process fallback
    monkeypatch.setenv("PRIVRAG_ID_KEY", "site key")
    assert has_stable_key()
