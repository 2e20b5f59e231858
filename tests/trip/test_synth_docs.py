"""Generated training documents: labels on the right characters, seeded, every genre."""

from __future__ import annotations

import pytest

from privrag.trip.synth_docs import GENRES, Slot, fill, generate_documents


@pytest.fixture(scope="module")
def docs():
    return generate_documents(len(GENRES) * 3, seed=5)


def test_fill_puts_each_label_on_its_exact_characters():
    text, spans = fill("Dear {a}, your {b} refill of {c} is ready ({d}).",
                       {"a": Slot("Mrs Okafor", "PERSON", "DIRECT", "p"), "b": "monthly",
                        "c": Slot("sertraline", "MISC", "NO_MASK"), "d": Slot("Mrs Okafor", "PERSON", "DIRECT", "p")})
    assert text == "Dear Mrs Okafor, your monthly refill of sertraline is ready (Mrs Okafor)."
    assert [(text[s.start:s.end], s.identifier_type, s.entity_id) for s in spans] == [
        ("Mrs Okafor", "DIRECT", "p"), ("sertraline", "NO_MASK", "MISC:sertraline"), ("Mrs Okafor", "DIRECT", "p")]


def test_every_span_lines_up_with_the_text_and_has_a_tab_type(docs):
    for d in docs:
        assert d.spans, d.meta
        last_end = -1
        for s in sorted(d.spans, key=lambda s: s.start):
            assert d.text[s.start:s.end] == s.text and s.text.strip() == s.text and s.text
            assert s.identifier_type in ("DIRECT", "QUASI", "NO_MASK")
            assert s.start >= last_end, "spans must not overlap"
            last_end = s.end


def test_every_genre_is_generated_with_names_and_terms_to_keep(docs):
    assert {d.meta["genre"] for d in docs} == set(GENRES)
    for genre in GENRES:
        mine = [d for d in docs if d.meta["genre"] == genre]
        assert any(s.label == "PERSON" and s.identifier_type == "DIRECT" for d in mine for s in d.spans), genre
        assert any(s.identifier_type == "NO_MASK" for d in mine for s in d.spans), genre
    clinical = [d for d in docs if d.meta["genre"] in ("referral_letter", "discharge_summary", "patient_message")]
    assert all(any(s.label == "MISC" and s.identifier_type == "NO_MASK" for s in d.spans) for d in clinical)


def test_same_seed_same_documents_other_seed_other_documents(docs):
    again = generate_documents(len(GENRES) * 3, seed=5)
    assert [(d.text, d.spans) for d in again] == [(d.text, d.spans) for d in docs]
    other = generate_documents(len(GENRES) * 3, seed=6)
    assert sum(a.text == b.text for a, b in zip(other, docs, strict=True)) == 0


def test_mentions_of_one_person_share_an_entity_id(docs):
    letter = next(d for d in docs if d.meta["genre"] == "referral_letter")
    patient = [s for s in letter.spans if s.entity_id == "patient"]
    assert len(patient) >= 2 and len({s.text for s in patient}) >= 2  # full name and another form


def test_unknown_genre_is_refused():
    with pytest.raises(ValueError, match="unknown genre"):
        generate_documents(2, genres=("sonnet",))
