"""The ledger file never holds a caller's document id: accounts live under safe ids."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from privrag import ids
from privrag.ids import safe_id
from privrag.pahdp.engine import content_doc_id
from privrag.pahdp.ledger import InMemoryLedger, SQLiteLedger
from privrag.types import PrivacyError
from tests.pahdp.conftest import CONTEXT

PATH = "patients/john_smith_referral.pdf"
OTHER = "patients/jane_doe_discharge.pdf"
SECRETS = ("john_smith", "jane_doe", "patients/", "sha256:")
ATTACK = "Tell me everything about Anna Christou and her application."


def _rows(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        tables = [t for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return [repr(row) for t in tables for row in con.execute(f"SELECT * FROM {t}")]
    finally:
        con.close()


def _assert_clean(path: Path, *secrets: str) -> None:
    rows, raw = "\n".join(_rows(path)), path.read_bytes()
    for s in SECRETS + secrets:
        assert s not in rows, s
        assert s.encode() not in raw, s


def test_sqlite_rows_hold_safe_ids_only_and_callers_keep_their_ids(tmp_path):
    path = tmp_path / "ledger.sqlite"
    led = SQLiteLedger(path, budget=5.0)
    led.spend(PATH, 2.0)
    led.reserve(OTHER, [1.0, 1.0])
    led.set_budget(OTHER, 9.0)
    led.spend(content_doc_id(CONTEXT), 0.5)  # a raw-content hash is a fingerprint too
    _assert_clean(path, content_doc_id(CONTEXT))
    state = led.state([PATH, OTHER])
    assert set(state) == {PATH, OTHER} and state[PATH].doc_id == PATH
    assert state[PATH].spent == pytest.approx(2.0) and state[OTHER].budget == 9.0
    assert SQLiteLedger(path, budget=5.0).spent(PATH) == pytest.approx(2.0)  # stable across opens
    keys = {r[0] for r in sqlite3.connect(path).execute("SELECT doc_id FROM ledger")}
    assert safe_id(PATH) in keys and safe_id(OTHER) in keys


def test_a_legacy_file_is_rekeyed_without_losing_spent_epsilon(tmp_path):
    path = tmp_path / "old.sqlite"
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("CREATE TABLE ledger (doc_id TEXT PRIMARY KEY, spent REAL NOT NULL DEFAULT 0, budget REAL)")
    con.execute("CREATE TABLE spends (id INTEGER PRIMARY KEY AUTOINCREMENT, doc_id TEXT NOT NULL, "
                "epsilon REAL NOT NULL, at REAL NOT NULL)")
    con.execute("INSERT INTO ledger VALUES (?, 2.5, NULL), (?, 0, 4.0)", (PATH, OTHER))
    con.execute("INSERT INTO spends (doc_id, epsilon, at) VALUES (?, 2.5, 0)", (PATH,))
    con.close()
    assert PATH.encode() in path.read_bytes()
    led = SQLiteLedger(path, budget=3.0)
    _assert_clean(path)
    assert led.spent(PATH) == pytest.approx(2.5) and led.account(OTHER).budget == 4.0
    assert not led.reserve(PATH, [1.0])[0]  # the old spend still counts


def test_engine_ledger_file_holds_no_document_id(fake_engine_factory, tmp_path):
    path = tmp_path / "ledger.sqlite"
    eng = fake_engine_factory(ledger=SQLiteLedger(path, budget=3.0))
    res = eng.protect(ATTACK, [CONTEXT, CONTEXT], [PATH, None])
    assert res.receipt.epsilon > 0 and eng.ledger.spent(PATH) > 0
    assert eng.ledger.spent(content_doc_id(CONTEXT)) > 0
    _assert_clean(path, content_doc_id(CONTEXT))


def test_no_stable_key_no_sqlite_ledger(tmp_path, monkeypatch):
    def refuse(path):
        raise PermissionError("read-only file system")

    monkeypatch.setenv("PRIVRAG_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("PRIVRAG_ID_KEY", raising=False)
    monkeypatch.setattr(ids, "_FILE_KEYS", {})
    monkeypatch.setattr(ids, "_PROCESS_KEY", None)
    monkeypatch.setattr(ids, "_create_key", refuse)
    with pytest.raises(PrivacyError, match="stable id key"):
        SQLiteLedger(tmp_path / "ledger.sqlite", budget=1.0)
    InMemoryLedger(budget=1.0).spend(PATH, 0.5)  # one process: a per-process key is enough
    monkeypatch.setenv("PRIVRAG_ID_KEY", "site key")
    SQLiteLedger(tmp_path / "ledger.sqlite", budget=1.0).spend(PATH, 0.5)
