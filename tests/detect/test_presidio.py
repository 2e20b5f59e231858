"""PresidioDetector on the real packaged spaCy model (offline)."""

import pytest

from privrag.detect import PresidioDetector, group_entities

pytestmark = pytest.mark.integration


def test_finds_names_places_dates_and_emails(presidio_detector):
    text = "Mrs Anna Christou (anna@example.com) moved to Nicosia on 31 May 1991."
    labels = {s.label for s in presidio_detector.detect(text)}
    assert {"PERSON", "LOCATION", "DATE_TIME", "EMAIL_ADDRESS"} <= labels


def test_mentions_group_into_entities(presidio_detector):
    text = "Mrs Anna Christou lodged the application. Later, Anna Christou's lawyer wrote to the Court."
    people = [g for g in group_entities(presidio_detector.detect(text)) if g.label == "PERSON"]
    assert len(people) == 1 and len(people[0].mentions) == 2


def test_spacy_labels_ignored_by_default_are_available_by_config():
    text = "The applicant paid 18403 euros to the three lawyers."
    plain = {s.label for s in PresidioDetector().detect(text)}
    extra = {s.label for s in PresidioDetector(extra_ner_labels=("CARDINAL",)).detect(text)}
    assert "CARDINAL" not in plain and "CARDINAL" in extra


def test_entities_filter(presidio_detector):
    d = PresidioDetector(entities=["EMAIL_ADDRESS"])
    assert {s.label for s in d.detect("John Smith, john@example.com")} == {"EMAIL_ADDRESS"}


def test_non_english_text_gives_valid_spans(presidio_detector):
    text = "Frau Müller wohnt in München. 東京都に住む田中さん。Пётр живёт в Москве."
    for s in presidio_detector.detect(text):
        assert text[s.start : s.end] == s.text


def test_long_document_windows_find_entity_at_the_end(presidio_detector):
    filler = "The committee reviewed the procedure again. " * 5000  # ~220k chars, 3 windows
    text = filler + "The report was signed by Mr John Smith."
    spans = presidio_detector.detect(text)
    assert any(s.text.endswith("John Smith") and s.start > 200_000 for s in spans)
    for s in spans:
        assert text[s.start : s.end] == s.text
