"""SEAG never aliases field labels or another component's placeholders."""

from __future__ import annotations

import re

import pytest

from privrag.generalize import CANONICAL, descriptor
from privrag.redact import Redactor
from privrag.seag import SEAG
from privrag.seag.non_entities import drop_non_entities, placeholder_regions
from privrag.types import DetectedEntity
from tests.seag._fakes import GazetteerDetector
from tests.trip.conftest import HashEmbedder, TripDetector, fake_calibration, fake_surrogate

RAW = (
    "Query: what happened to the claim?\n"
    "Context: Anna Christou (application 18403/91) wrote to anna.c@example.com in 1991. "
    "Tel: 0161 496 0000. Anna Christou's claim was heard by Mark Twain.\n"
    "Answer:"
)
#: a detector as confused as the ones in the issue: it marks labels and placeholder words
CONFUSED = GazetteerDetector([
    ("Query", "PERSON"), ("Context", "ORG"), ("Tel", "PERSON"), ("Answer", "PERSON"), ("DOB", "ORG"),
    ("Email", "PERSON"), ("Fax", "PERSON"), ("number", "PERSON"), ("identification number", "ORG"),
    ("an identification", "ORG"), ("person", "PERSON"), ("A person's", "PERSON"), ("e-mail address", "ORG"),
    ("PERSON", "ORG"), ("CODE", "ORG"), ("0161 496 0000", "PHONE_NUMBER"), ("Leeds", "LOCATION"),
])
LABELS = ("Query:", "Context:", "Tel:", "Answer:")


def _trip_output() -> str:
    from privrag.trip import TripRag

    trip = TripRag(detector=TripDetector(), embedder=HashEmbedder(), surrogate=fake_surrogate(),
                   calibration=fake_calibration(0.0))
    return trip.protect(RAW).text


def _placeholders(text: str) -> list[str]:
    return [text[a:b] for a, b in placeholder_regions(text)]


@pytest.mark.parametrize("upstream", ["trip", "redact-descriptor", "redact-tag"])
def test_placeholders_and_labels_pass_through_seag_unchanged(upstream: str):
    if upstream == "trip":
        text = _trip_output()
    else:
        text = Redactor(TripDetector(), mode=upstream.split("-")[1]).protect(RAW).text  # type: ignore[arg-type]
    before = _placeholders(text)
    assert before, text
    req = SEAG(CONFUSED, seed=1).prepare([text])
    out = req.aliased[0]
    assert _placeholders(out) == before
    assert "an identification number" in out if "an identification number" in text else "<CODE>" in out
    for label in LABELS:
        assert label in out
    assert "0161 496 0000" not in out  # a real entity is still aliased
    assert req.restore(out) == text
    for row in req.table.entries:
        assert not any(row.original in p or p in row.original for p in before)


def test_a_span_reaching_past_a_placeholder_keeps_its_own_words():
    text = "Seen by Dr a person Smith at Leeds."
    spans = [DetectedEntity(8, 19, "PERSON", "Dr a person"), DetectedEntity(11, 25, "PERSON", "a person Smith")]
    assert [text[s.start : s.end] for s in spans] == ["Dr a person", "a person Smith"]
    assert [s.text for s in drop_non_entities(text, spans)] == ["Dr", "Smith"]


def test_placeholders_are_read_from_gamma_not_copied():
    text = " ".join(descriptor(c) for c in sorted(CANONICAL))
    assert len(placeholder_regions(text)) == len(CANONICAL)
    assert placeholder_regions("<PERSON> met <ORG>") == [(0, 8), (13, 18)]
    # the forms Γ takes in running text: capitalised, after a determiner, possessive, a protected file name
    for form in ("A person", "the person", "his organization's", "A_person_referral", "A Person Referral"):
        assert placeholder_regions(form), form
    # and not ordinary words that merely look like one
    for prose in ("The Work Foundation", "a personal matter", "person", "Event Horizon"):
        assert not placeholder_regions(prose), prose


def test_registered_category_is_a_placeholder_too():
    from privrag import generalize

    generalize.register("GENE_TEST", "GENE_TEST", "gene symbol")
    try:
        assert placeholder_regions("carries a gene symbol") == [(8, 21)]
    finally:
        generalize._DESCRIPTORS.pop("GENE_TEST", None)
        generalize._ALIASES.pop("GENE_TEST", None)
        generalize.CANONICAL = frozenset(generalize._DESCRIPTORS)


@pytest.mark.parametrize(
    ("text", "span", "kept"),
    [
        ("Name: John Smith", "Name: John Smith", ["John Smith"]),
        ("DOB 12/03/1961", "DOB 12/03/1961", ["12/03/1961"]),
        ("Tel 0161 496 0000", "Tel", []),
        ("NHS No: 943 476 5919", "NHS No", []),
        ("Next of kin: Mary Smith", "kin", []),
        ("file_path: /data/x.txt", "file_path", []),
        ("[09:13] marites_delacruz88: hi po", "marites_delacruz88", ["marites_delacruz88"]),  # a chat author
        ("Anna: I agree.", "Anna", ["Anna"]),  # a speaker is a name
        ("She works at Context Ltd.", "Context Ltd", ["Context Ltd"]),  # no colon: may be a company
        ("He moved to Mobile, Alabama.", "Mobile", ["Mobile"]),  # a colon label only before a colon
    ],
)
def test_labels_are_dropped_or_cut(text: str, span: str, kept: list[str]):
    a = text.index(span)
    out = drop_non_entities(text, [DetectedEntity(a, a + len(span), "PERSON", span)])
    assert [s.text for s in out] == kept


def test_form_of_a_referral_keeps_its_field_names():
    form = "Name: John Smith\nDOB: 12/03/1961\nTel: 0161 496 0000\nFax: 0161 496 0001\nEmail: js@example.com"
    det = GazetteerDetector([("John Smith", "PERSON"), ("DOB", "ORG"), ("Tel", "PERSON"), ("Fax", "PERSON"),
                             ("Email", "PERSON"), ("js@example.com", "EMAIL_ADDRESS")])
    out = SEAG(det, seed=2).prepare([form]).aliased[0]
    assert [line.split(":")[0] for line in out.splitlines()] == ["Name", "DOB", "Tel", "Fax", "Email"]
    assert "John Smith" not in out and "js@example.com" not in out and "12/03/1961" not in out


@pytest.mark.integration
def test_real_detector_after_redaction_and_on_a_prompt(default_detector):
    note = ("Referral for Mr John Smith, DOB: 12/03/1961, NHS No: 943 476 5919, Tel: 0161 496 0000. "
            "Seen by Dr. Maria Lopez at Leeds General Infirmary. Email: john.smith@example.com.")
    redacted = Redactor(default_detector).protect(note).text
    prompt = f"Context information is below.\n{redacted}\nQuery: Who referred the patient?\nAnswer: "
    raw_prompt = f"Question: What did Anna Christou report?\nContext: {note}\nAnswer:"
    req = SEAG(default_detector, seed=5).prepare([prompt, raw_prompt])
    out, raw_out = req.aliased
    assert _placeholders(out) == _placeholders(prompt)
    for label in ("Query:", "Answer:", "DOB:", "Tel:", "Email:", "NHS No:"):
        assert (label in out) == (label in prompt)  # what the redactor left of the form stays as it is
    for label in ("Question:", "Context:", "Answer:", "DOB:", "Tel:", "Email:", "NHS No:"):
        assert label in raw_out
    assert not re.search(r"\b(?:John|Smith|Lopez|Christou)\b", raw_out)
    assert req.restore(out) == prompt and req.restore(raw_out) == raw_prompt


def test_a_chat_authors_user_name_is_aliased_in_every_message():
    chat = "[09:13] marites_delacruz88: hi po, no internet\n[09:14] Kaye: sorry po\n[09:15] marites_delacruz88: ok"
    det = GazetteerDetector([("marites_delacruz88", "USERNAME"), ("Kaye", "PERSON")])
    req = SEAG(det, seed=3).prepare([chat])
    assert "marites" not in req.aliased[0] and "Kaye" not in req.aliased[0]
    assert req.restore(req.aliased[0]) == chat
