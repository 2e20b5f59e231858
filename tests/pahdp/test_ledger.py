"""The per-document budget ledger: composition, refusal, persistence across restarts."""

import subprocess
import sys
import textwrap

import pytest

from privrag.pahdp.ledger import BudgetExceededError, InMemoryLedger, SQLiteLedger, open_ledger
from privrag.types import PrivacyError


@pytest.fixture(params=["memory", "sqlite"])
def ledger(request, tmp_path):
    return InMemoryLedger(budget=5.0) if request.param == "memory" else SQLiteLedger(tmp_path / "b.sqlite", budget=5.0)


def test_spends_compose_and_over_budget_is_refused(ledger):
    ledger.spend("doc", 2.0)
    ledger.spend("doc", 2.5)
    assert ledger.spent("doc") == pytest.approx(4.5) and ledger.remaining("doc") == pytest.approx(0.5)
    with pytest.raises(BudgetExceededError):
        ledger.spend("doc", 1.0)
    assert ledger.spent("doc") == pytest.approx(4.5)  # a refused spend costs nothing
    assert isinstance(BudgetExceededError("x"), PrivacyError)
    assert ledger.spent("other") == 0.0


def test_reserve_is_greedy_in_order(ledger):
    assert ledger.reserve("doc", [2.0, 2.0, 2.0, 1.0, 0.5]) == [True, True, False, True, False]
    assert ledger.spent("doc") == pytest.approx(5.0) and ledger.account("doc").exhausted


def test_per_document_budgets_and_unlimited(ledger):
    ledger.set_budget("big", 100.0)
    assert ledger.reserve("big", [50.0, 40.0]) == [True, True]
    ledger.set_budget("big", None)
    assert ledger.account("big").budget == 5.0
    free = InMemoryLedger(budget=None)
    assert free.reserve("d", [1e6, 1e6]) == [True, True] and free.account("d").remaining == float("inf")
    with pytest.raises(ValueError):
        InMemoryLedger(budget=-1)
    with pytest.raises(ValueError):
        ledger.spend("doc", float("nan"))


def test_sqlite_ledger_persists_across_a_restart(tmp_path):
    path = tmp_path / "ledger.sqlite"
    first = SQLiteLedger(path, budget=3.0)
    first.spend("case-1", 2.0)
    del first
    # a fresh process ("restart") sees the spend and refuses to go over budget
    code = textwrap.dedent(f"""
        from privrag.pahdp.ledger import SQLiteLedger, BudgetExceededError
        led = SQLiteLedger({str(path)!r}, budget=3.0)
        assert abs(led.spent("case-1") - 2.0) < 1e-9, led.spent("case-1")
        try:
            led.spend("case-1", 1.5)
        except BudgetExceededError:
            print("refused")
        led.spend("case-1", 1.0)
        print(led.spent("case-1"))
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["refused", "3.0"]
    again = SQLiteLedger(path, budget=3.0)
    assert again.spent("case-1") == pytest.approx(3.0) and again.account("case-1").exhausted
    assert not again.reserve("case-1", [0.1])[0]


def test_open_ledger(tmp_path):
    assert isinstance(open_ledger(None, 1.0), InMemoryLedger)
    assert isinstance(open_ledger(tmp_path / "x.sqlite"), SQLiteLedger)
    led = InMemoryLedger()
    assert open_ledger(led) is led
    with pytest.raises(PrivacyError):
        SQLiteLedger(tmp_path / "dir-not-file" / "..", budget=1.0).spend("d", 0.1)
