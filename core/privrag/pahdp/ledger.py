"""Per-document privacy budget ledger: ε composed across queries.

The paper fixes a budget before deployment and stops there; a real RAG
system answers query after query over the same documents, and each answer
spends ε on them again. The ledger keeps, per source document, the ε spent so
far (basic sequential composition: a plain sum) and refuses any spend that
would exceed the document's budget. PA-HDP asks the ledger before sampling
a unit; when the answer is no, the unit is generalized with Γ instead,
which spends nothing.

Two stores: :class:`InMemoryLedger` (one process) and :class:`SQLiteLedger`
(a file; survives restarts, and ``BEGIN IMMEDIATE`` transactions keep
concurrent processes from overspending together).

Callers pass and see their own document ids; the stores hold only
:func:`privrag.ids.safe_id` of them, so a ledger file never holds a file path
or a content hash that names a patient (an older file's raw keys are re-keyed
when it is opened).
"""

from __future__ import annotations

import math
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from privrag.ids import has_stable_key, is_safe_id, safe_id
from privrag.types import PrivacyError

__all__ = [
    "BudgetExceededError",
    "DocumentBudget",
    "BudgetLedger",
    "InMemoryLedger",
    "SQLiteLedger",
    "open_ledger",
]

#: slack for float sums (ε values are added one unit at a time)
_TOL = 1e-9


class BudgetExceededError(PrivacyError):
    """A spend would take a document over its privacy budget."""


@dataclass(frozen=True)
class DocumentBudget:
    """One document's account. ``budget`` is ``None`` when unlimited."""

    doc_id: str
    spent: float
    budget: float | None

    @property
    def remaining(self) -> float:
        return math.inf if self.budget is None else max(self.budget - self.spent, 0.0)

    @property
    def exhausted(self) -> bool:
        return self.budget is not None and self.spent >= self.budget - _TOL

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["remaining"] = None if self.budget is None else self.remaining
        return d


def _check_budget(budget: float | None) -> float | None:
    if budget is None:
        return None
    if not math.isfinite(budget) or budget < 0:
        raise ValueError("a budget must be a finite, non-negative ε (or None for unlimited)")
    return float(budget)


def _check_amount(eps: float) -> float:
    if not math.isfinite(eps) or eps < 0:
        raise ValueError("ε spends must be finite and non-negative")
    return float(eps)


class BudgetLedger(ABC):
    """Budget accounts keyed by document id (stored under its :func:`~privrag.ids.safe_id`).

    Key init args:
        budget: default ε budget of every document (``None``: unlimited;
            spends are then recorded but never refused).
    """

    def __init__(self, budget: float | None = None) -> None:
        self.default_budget = _check_budget(budget)

    # -- store primitives (keys are safe ids, never the caller's) ------------
    @abstractmethod
    def _read(self, keys: Sequence[str]) -> dict[str, tuple[float, float | None]]:
        """``{key: (spent, explicit budget or None)}`` for known documents."""

    @abstractmethod
    def _reserve(self, key: str, amounts: Sequence[float]) -> list[bool]:
        """Atomically accept amounts greedily, in order, within the budget."""

    @abstractmethod
    def _set_budget(self, key: str, budget: float | None) -> None:
        """Store one document's explicit budget (``None``: none)."""

    # -- public API ---------------------------------------------------------
    def _budget(self, explicit: float | None) -> float | None:
        return explicit if explicit is not None else self.default_budget

    def account(self, doc_id: str) -> DocumentBudget:
        return self.state([doc_id])[doc_id]

    def state(self, doc_ids: Iterable[str]) -> dict[str, DocumentBudget]:
        """Accounts keyed by the caller's ids (looked up by their safe ids)."""
        keys = {d: _key(d) for d in dict.fromkeys(str(d) for d in doc_ids)}
        rows = self._read(list(dict.fromkeys(keys.values())))
        out = {}
        for d, k in keys.items():
            spent, explicit = rows.get(k, (0.0, None))
            out[d] = DocumentBudget(d, spent, self._budget(explicit))
        return out

    def set_budget(self, doc_id: str, budget: float | None) -> None:
        """Give one document its own budget (``None``: back to the default)."""
        self._set_budget(_key(doc_id), _check_budget(budget))

    def spent(self, doc_id: str) -> float:
        return self.account(doc_id).spent

    def remaining(self, doc_id: str) -> float:
        return self.account(doc_id).remaining

    def reserve(self, doc_id: str, amounts: Sequence[float]) -> list[bool]:
        """Spend what fits, in order: ``accepted[i]`` says whether ``amounts[i]`` was spent.

        A refused amount is not spent; later (smaller) amounts may still fit.
        """
        return self._reserve(_key(doc_id), [_check_amount(a) for a in amounts])

    def spend(self, doc_id: str, epsilon: float) -> None:
        """Spend exactly ``epsilon`` or raise :class:`BudgetExceededError` (nothing spent)."""
        if not self.reserve(doc_id, [epsilon])[0]:
            acct = self.account(doc_id)
            raise BudgetExceededError(
                f"spending ε={epsilon:g} would exceed the budget of a document "
                f"(spent {acct.spent:g} of {acct.budget:g})"
            )


def _key(doc_id: str) -> str:
    return safe_id(str(doc_id)) or ""


def _fits(spent: float, amount: float, budget: float | None) -> bool:
    return budget is None or spent + amount <= budget + _TOL


class InMemoryLedger(BudgetLedger):
    """A ledger for one process (lost on exit)."""

    def __init__(self, budget: float | None = None) -> None:
        super().__init__(budget)
        self._spent: dict[str, float] = {}
        self._explicit: dict[str, float] = {}
        self._lock = threading.Lock()

    def _read(self, keys: Sequence[str]) -> dict[str, tuple[float, float | None]]:
        with self._lock:
            return {k: (self._spent.get(k, 0.0), self._explicit.get(k)) for k in keys}

    def _reserve(self, key: str, amounts: Sequence[float]) -> list[bool]:
        with self._lock:
            spent = self._spent.get(key, 0.0)
            budget = self._budget(self._explicit.get(key))
            ok = []
            for a in amounts:
                fits = _fits(spent, a, budget)
                if fits:
                    spent += a
                ok.append(fits)
            self._spent[key] = spent
            return ok

    def _set_budget(self, key: str, budget: float | None) -> None:
        with self._lock:
            if budget is None:
                self._explicit.pop(key, None)
            else:
                self._explicit[key] = budget


class SQLiteLedger(BudgetLedger):
    """A ledger in a SQLite file: persists across restarts and processes.

    Every spend is also appended to a ``spends`` table (document, ε, time),
    so the account can be audited.
    """

    def __init__(self, path: str | Path, budget: float | None = None) -> None:
        super().__init__(budget)
        if not has_stable_key():  # fail closed: accounts would restart at zero on every run
            raise PrivacyError("the budget ledger needs a stable id key: set PRIVRAG_ID_KEY "
                               "or make the privrag cache directory writable")
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as con:
            con.execute(
                "CREATE TABLE IF NOT EXISTS ledger (doc_id TEXT PRIMARY KEY, spent REAL NOT NULL DEFAULT 0, budget REAL)"
            )
            con.execute(
                "CREATE TABLE IF NOT EXISTS spends (id INTEGER PRIMARY KEY AUTOINCREMENT, doc_id TEXT NOT NULL, "
                "epsilon REAL NOT NULL, at REAL NOT NULL)"
            )
        self._rekey_legacy()

    def _connect(self) -> sqlite3.Connection:
        try:
            return sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
        except sqlite3.Error as exc:  # fail closed: no ledger, no sampling
            raise PrivacyError(f"cannot open the budget ledger at {self.path}: {exc}") from exc

    def _rekey_legacy(self) -> None:
        """Move accounts an older version stored under raw ids to their safe ids.

        Spent ε is carried over (a reset would let a document be overspent);
        freed pages are zeroed (``secure_delete``) and the file is vacuumed.
        """
        con = self._connect()
        try:
            con.execute("PRAGMA secure_delete = ON")
            con.execute("BEGIN IMMEDIATE")
            raw = {r[0] for r in con.execute("SELECT doc_id FROM ledger UNION SELECT doc_id FROM spends")}
            raw = {d for d in raw if not is_safe_id(d)}
            for doc_id in raw:
                _merge_account(con, doc_id, _key(doc_id))
            con.execute("COMMIT")
            if raw:
                con.execute("VACUUM")
        except sqlite3.Error as exc:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise PrivacyError(f"cannot re-key the budget ledger at {self.path}: {exc}") from exc
        finally:
            con.close()

    def _read(self, keys: Sequence[str]) -> dict[str, tuple[float, float | None]]:
        out: dict[str, tuple[float, float | None]] = {}
        con = self._connect()
        try:
            for i in range(0, len(keys), 500):
                part = list(keys[i : i + 500])
                marks = ",".join("?" * len(part))
                for d, spent, budget in con.execute(
                    f"SELECT doc_id, spent, budget FROM ledger WHERE doc_id IN ({marks})", part
                ):
                    out[d] = (float(spent), None if budget is None else float(budget))
        finally:
            con.close()
        return out

    def _reserve(self, key: str, amounts: Sequence[float]) -> list[bool]:
        con = self._connect()
        try:
            con.execute("BEGIN IMMEDIATE")
            row = con.execute("SELECT spent, budget FROM ledger WHERE doc_id = ?", (key,)).fetchone()
            spent = float(row[0]) if row else 0.0
            budget = self._budget(None if not row or row[1] is None else float(row[1]))
            ok, now = [], time.time()
            for a in amounts:
                fits = _fits(spent, a, budget)
                if fits:
                    spent += a
                    con.execute("INSERT INTO spends (doc_id, epsilon, at) VALUES (?, ?, ?)", (key, a, now))
                ok.append(fits)
            con.execute(
                "INSERT INTO ledger (doc_id, spent) VALUES (?, ?) ON CONFLICT(doc_id) DO UPDATE SET spent = excluded.spent",
                (key, spent),
            )
            con.execute("COMMIT")
            return ok
        except sqlite3.Error as exc:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise PrivacyError(f"budget ledger update failed: {exc}") from exc
        finally:
            con.close()

    def _set_budget(self, key: str, budget: float | None) -> None:
        con = self._connect()
        try:
            con.execute(
                "INSERT INTO ledger (doc_id, spent, budget) VALUES (?, 0, ?) "
                "ON CONFLICT(doc_id) DO UPDATE SET budget = excluded.budget",
                (key, budget),
            )
        finally:
            con.close()


def _merge_account(con: sqlite3.Connection, old: str, new: str) -> None:
    """Fold account ``old`` into ``new``: ε spent adds up, the tighter explicit budget wins."""
    rows = con.execute("SELECT spent, budget FROM ledger WHERE doc_id IN (?, ?)", (old, new)).fetchall()
    budgets = [float(b) for _, b in rows if b is not None]
    con.execute("DELETE FROM ledger WHERE doc_id IN (?, ?)", (old, new))
    if rows:
        con.execute("INSERT INTO ledger (doc_id, spent, budget) VALUES (?, ?, ?)",
                    (new, sum(float(s) for s, _ in rows), min(budgets) if budgets else None))
    con.execute("UPDATE spends SET doc_id = ? WHERE doc_id = ?", (new, old))


def open_ledger(store: BudgetLedger | str | Path | None, budget: float | None = None) -> BudgetLedger:
    """A ledger object, an SQLite file path, or ``None`` for an in-memory ledger."""
    if isinstance(store, BudgetLedger):
        return store
    if store is None:
        return InMemoryLedger(budget)
    return SQLiteLedger(store, budget)
