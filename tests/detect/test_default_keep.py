"""The real default detector on a referral letter and a support chat of our own:
identifiers protected, the terms an answer needs left intact."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.integration

LETTER = (
    "Re: Mr Tobiah Quennell, DOB 02/05/1961, hospital no. RXQ-448120\n"
    "Dear Dr Aldana,\n"
    "Tobiah has had atrial fibrillation for 3 years and takes apixaban 5 mg twice daily. "
    "He developed Bell's palsy last week; I started prednisolone 50 mg once daily for 10 days. "
    "BMI 31.2, HbA1c 58 mmol/mol. Tobiah works as a bus driver and asked about the NHS rules.\n"
)
CHAT = (
    "rkowal  09:12\n"
    "@fenna.j refund for order 88120937 is $129.99, back on the customer's Visa within 3-5 business days\n"
    "fenna.j  09:14\n"
    "thanks rkowal, closing ticket QX-771204\n"
)


@pytest.fixture(scope="module")
def detector():
    from privrag.detect.default import default_detector

    return default_detector()


def _masked(text: str, spans) -> set[int]:
    return {i for s in spans for i in range(s.start, s.end)}


def _covered(text: str, surface: str, masked: set[int]) -> bool:
    return all(
        i in masked for m in re.finditer(re.escape(surface), text) for i in range(m.start(), m.end()) if text[i].isalnum()
    )


def _untouched(text: str, surface: str, masked: set[int]) -> bool:
    i = text.index(surface)
    return not any(j in masked for j in range(i, i + len(surface)))


@pytest.mark.parametrize("identifier", ["Tobiah Quennell", "Tobiah", "RXQ-448120", "Aldana", "02/05/1961"])
def test_letter_identifiers_are_protected(detector, identifier: str) -> None:
    assert _covered(LETTER, identifier, _masked(LETTER, detector.detect(LETTER)))


@pytest.mark.parametrize(
    "term",
    ["atrial fibrillation", "apixaban 5 mg twice daily", "Bell's palsy", "prednisolone", "for 10 days", "BMI 31.2", "NHS"],
)
def test_letter_terms_survive(detector, term: str) -> None:
    assert _untouched(LETTER, term, _masked(LETTER, detector.detect(LETTER)))


@pytest.mark.parametrize("identifier", ["rkowal", "fenna.j", "88120937", "QX-771204"])
def test_chat_identifiers_are_protected(detector, identifier: str) -> None:
    assert _covered(CHAT, identifier, _masked(CHAT, detector.detect(CHAT)))


@pytest.mark.parametrize("term", ["$129.99", "Visa", "within 3-5 business days"])
def test_chat_terms_survive(detector, term: str) -> None:
    assert _untouched(CHAT, term, _masked(CHAT, detector.detect(CHAT)))


def test_keep_spans_name_their_reason(detector) -> None:
    composite = getattr(detector, "detector", detector)
    [(spans, keeps)] = composite.detect_with_keep_batch([LETTER])
    reasons = {k.why for k in keeps}
    assert {"medication", "diagnosis", "duration", "measurement"} <= reasons


#: a WhatsApp export, a care note and a receipt of our own (stop 27's constructions, end to end)
EXPORT = (
    "07/01/2025 08:12 - Wiktoria Nowicka: good morning, my son has earache since saturday\n"
    "07/01/2025 08:40 - Reception: Hi, we have a slot at 11:20 at the clinic in Footscray.\n"
    "Staff: Bethany Ruiz, Volunteer Coordinator\n"
    "Vehicle: Toyota Yaris KX19 HTP. UPI for refunds: arjun.m@okhdfcbank\n"
    "Treated with co-amoxiclav IV, then co-amoxiclav 625 mg three times daily. Analgesia: Voltaren gel. "
    "MRI to rule out vestibular schwannoma. Probation is 6 months.\n"
    "Purchased: 12/01/2025, invoice HD-0047721, 9.490.000 ₫\n"
    "Patient: William Fairweather. Will says the face is no worse.\n"
)


@pytest.mark.parametrize(
    "identifier",
    ["Wiktoria Nowicka", "Footscray", "Bethany Ruiz", "KX19 HTP", "arjun.m@okhdfcbank", "HD-0047721", "Will says"],
)
def test_stop_27_identifiers_are_protected(detector, identifier: str) -> None:
    surface = identifier.split()[0] if identifier == "Will says" else identifier
    masked = _masked(EXPORT, detector.detect(EXPORT))
    if identifier == "Will says":  # the nickname, not the verb
        i = EXPORT.index("Will says")
        assert all(j in masked for j in range(i, i + 4))
    else:
        assert _covered(EXPORT, surface, masked)


@pytest.mark.parametrize(
    "term", ["co-amoxiclav", "Voltaren gel", "vestibular schwannoma", "6 months", "9.490.000 ₫", "Reception"]
)
def test_stop_27_terms_survive(detector, term: str) -> None:
    masked = _masked(EXPORT, detector.detect(EXPORT))
    assert all(not any(j in masked for j in range(m.start(), m.end())) for m in re.finditer(re.escape(term), EXPORT))
