"""Issue 19's promise, measured on generated texts in 31 Faker locales (seeded).

10,000 texts (2,500 requests of four texts sharing one table) with the gold
spans, the way the real detector merges them reproduced (a surname inside a
MONEY span or a DATETIME row, an IBAN, a date of birth, one surname written
"Corbo" and "CORBO"): nothing detected reaches the sent text, no table that
fails its round trip is returned, what models write about a person comes
back (surname or given name alone, any case, without the particle,
possessive), streamed JSON restores exactly, and no alias keeps an
identifier's digits or a date's day and month. A smaller run goes through
the real default detector. Numbers: ``python -m tests.seag._corpus 10000 19``.
"""

from __future__ import annotations

import pytest

from tests.seag._corpus import measure


def _assert_machinery(rates: dict[str, object], tally) -> None:
    assert tally.roundtrip_failures == 0, tally.examples
    assert tally.json_mismatch == 0, tally.examples
    assert tally.iban_shared_any == 0, tally.examples
    assert tally.dob_same_day_month == 0, tally.examples
    for kind, checked in tally.restore.items():
        assert tally.restore_ok[kind] >= 0.99 * checked, (kind, rates, tally.examples)


def test_ten_thousand_generated_texts_send_no_original_and_restore_what_models_write():
    tally = measure(10_000, seed=19, per_request=4)
    rates = tally.rates()
    assert tally.texts == 10_000
    assert tally.leaks == 0, tally.leak_examples
    assert tally.raised <= 40, rates  # fail-closed refusals: allowed, but rare
    _assert_machinery(rates, tally)
    assert {"surname_alone", "given_alone", "upper", "lower", "particle_dropped", "possessive"} <= set(tally.restore)


@pytest.mark.integration
def test_generated_texts_through_the_real_default_detector(default_detector):
    """The real detector's recall is the detector's business (lead's area); what SEAG
    does with what it finds must hold exactly as on the gold spans."""
    tally = measure(48, seed=7, per_request=4, detector=default_detector)
    rates = tally.rates()
    assert tally.raised == 0, rates
    assert tally.roundtrip_failures == 0 and tally.json_mismatch == 0, rates
    assert tally.iban_shared_any == 0 and tally.dob_same_day_month == 0, (rates, tally.examples)
    # originals the detector missed or mislabelled (an ORG it did not see): bounded, reported
    assert tally.leaks <= 5, (rates, tally.leak_examples)
