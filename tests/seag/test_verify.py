"""The last check: a table that sends an original or fails its round trip is never used."""

from __future__ import annotations

import re

import pytest

import privrag.seag.builder as builder_mod
from privrag.seag import SEAG, AliasTableBuilder
from privrag.seag.verify import close_case_leaks, leaks, needles, person_tokens, valid_alias
from privrag.types import DetectedEntity, PrivacyError
from tests.seag._fakes import GazetteerDetector


def _word(needle: str, hay: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", hay, re.I) is not None


def test_same_surname_in_two_cases_round_trips_and_is_hidden():
    """"Corbo" and "CORBO" detected apart shared one alias and failed their round trip (issue 19)."""
    text = "Letter from Anna Corbo. CORBO and Corbo are one person; corbo signed."
    det = GazetteerDetector([("Anna Corbo", "PERSON"), ("CORBO", "PERSON"), ("Corbo", "PERSON")])
    for seed in range(20):
        req = SEAG(det, seed=seed).prepare([text])
        assert req.restore(req.aliased[0]) == text
        assert not _word("corbo", req.aliased[0]), req.aliased[0]  # lower case too: a row of its own


def test_name_part_in_lower_case_gets_a_row_but_an_everyday_word_does_not():
    text = "Will Jordan wrote. jordan will reply."
    spans = [[DetectedEntity(0, 11, "PERSON", "Will Jordan", 1.0, "t")]]
    table = AliasTableBuilder().build([text], spans, seed=1)
    sent = table.alias(text)
    assert not _word("jordan", sent) and table.restore(sent) == text
    assert " will reply" in sent  # "will" in lower case is the verb, not the name


def test_a_one_word_name_is_not_leaked_by_the_everyday_word_in_lower_case():
    text = "Will came in today. Prednisolone will push sugars up. WILL agreed."
    spans = [[DetectedEntity(0, 4, "PERSON", "Will", 1.0, "t")]]
    table = AliasTableBuilder().build([text], spans, seed=3)
    sent = table.alias(text)
    assert "Prednisolone will push" in sent and not re.search(r"\bWill\b|\bWILL\b", sent)
    assert table.restore(sent) == text


def test_a_one_word_name_typed_in_lower_case_has_no_exemption():
    assert needles([[DetectedEntity(0, 5, "PERSON", "jamal", 1.0, "t")]]) == {"jamal": False}


def test_a_table_that_keeps_leaking_raises_privacy_error(monkeypatch):
    monkeypatch.setattr(builder_mod, "leaks", lambda *a, **k: ["x"])
    with pytest.raises(PrivacyError) as err:
        AliasTableBuilder().build(["John Jordan"], [[DetectedEntity(0, 11, "PERSON", "John Jordan", 1.0, "t")]])
    assert "John" not in str(err.value)


def test_a_table_that_fails_its_round_trip_raises_instead_of_returning(monkeypatch):
    from privrag.seag.table import AliasTable

    monkeypatch.setattr(AliasTable, "restore", lambda self, text: text + "?")
    with pytest.raises(PrivacyError):
        AliasTableBuilder().build(["John Jordan"], [[DetectedEntity(0, 11, "PERSON", "John Jordan", 1.0, "t")]])


def test_needles_are_names_and_their_parts_not_values():
    spans = [[DetectedEntity(0, 16, "PERSON", "Mr Jan van Dijk", 1.0, "t"),
              DetectedEntity(20, 29, "DATE_TIME", "the 1990s", 1.0, "t"),
              DetectedEntity(30, 39, "ORG", "the Court", 1.0, "t")]]
    got = needles(spans)
    assert got == {"Mr Jan van Dijk": False, "Jan": True, "Dijk": True}


def test_close_case_leaks_adds_rows_that_restore_exactly():
    text = "McCall met MCCALL and mccall."
    spans = [[DetectedEntity(0, 6, "PERSON", "McCall", 1.0, "t")]]
    table = AliasTableBuilder(config=builder_mod.BuilderConfig()).build([text], spans, seed=4)
    assert not leaks(table, [text], spans)
    assert close_case_leaks(table, [text], spans) is table  # nothing left to close
    assert table.restore(table.alias(text)) == text


@pytest.mark.parametrize(
    "alias", ["x" * 100_000, "Mike\nCruz", "Mike\tCruz", "Mi(ke|.*)", "Cruz$^", "Cruz\u200b", " Cruz", ""]
)
def test_invalid_aliases_are_refused(alias: str):
    assert not valid_alias("John Jordan", alias)


@pytest.mark.parametrize("alias", ["Mike Cruz", "O'Neil-Smith", "Zoë Brontë", "Cruz & Co.", "GB12 3456"])
def test_ordinary_aliases_pass(alias: str):
    assert valid_alias("John Jordan", alias)


def test_a_generator_proposing_a_bad_alias_is_overruled():
    """An LLM generator's newline, metacharacters or 100k characters never enter the table."""
    from privrag.seag.generator import AliasSuggestion

    class Bad:
        def propose(self, plan, fixed, rng, avoid):
            return [AliasSuggestion(f, "Evil\n(.*)" + "x" * 100_000, p.label) for p in plan.entities for f in p.forms]

    text = "John Jordan lives in Leeds."
    spans = [[DetectedEntity(0, 11, "PERSON", "John Jordan", 1.0, "t"),
              DetectedEntity(21, 26, "LOCATION", "Leeds", 1.0, "t")]]
    table = AliasTableBuilder(Bad()).build([text], spans, seed=2)
    for e in table.entries:
        assert valid_alias(e.original, e.alias) and "\n" not in e.alias and len(e.alias) < 64
    assert table.restore(table.alias(text)) == text


def test_title_form_never_takes_the_capitals_alias_of_its_upper_form():
    """A 160 KB request ran out of Faker names: "PAULIN" drew the shape alias "WTBMOM", "Paulin"
    reused it, both forms shared one alias and no draw passed the round trip."""
    from privrag.seag.families import case_like

    assert case_like("Paulin", "WTBMOM") == "Wtbmom"
    assert case_like("PAULIN", "Wtbmom") == "WTBMOM" and case_like("paulin", "Wtbmom") == "wtbmom"
    assert case_like("McCall", "Smith") == "Smith" and case_like("O", "X") == "X"


class _SpanDetector(GazetteerDetector):
    """Exactly the given ``(surface, label)`` spans at their first occurrence from ``after``."""

    def __init__(self, spans: list[tuple[str, str, str]]) -> None:
        super().__init__([])
        self.spans = spans

    def _detect(self, text: str) -> list[DetectedEntity]:
        out = []
        for surface, label, after in self.spans:
            i = text.index(surface, text.index(after))
            out.append(DetectedEntity(i, i + len(surface), label, surface, 1.0, self.name))
        return out


def test_a_string_planned_as_a_value_and_as_a_name_gets_one_alias():
    # "June" the month (a date) and "June" read as another entity elsewhere (the long-text case:
    # spaCy labelled one "June" a phone): one row, not a duplicate that failed every table
    text = "The audit moved to June. Ask June at the desk."
    det = _SpanDetector([("June", "DATE_TIME", "moved"), ("June", "ORGANIZATION", "Ask")])
    req = SEAG(det, seed=3).prepare([text])
    assert [e.original for e in req.table.entries].count("June") == 1
    assert not _word("June", req.aliased[0])
    assert req.restore(req.aliased[0]) == text


@pytest.mark.parametrize("span", ["Museum/gallery exhibitions officer", "01 Mathew Well, Julianberg, M3B 7PR"])
def test_lowercase_words_and_codes_of_a_misread_person_span_are_no_name_parts(span):
    # a model's person span that ran into prose or an address: its everyday words and postcode
    # halves occur elsewhere ("a gallery", "W00 7PR") and no alias can hide them there
    found = needles([[DetectedEntity(0, len(span), "PERSON", span, 1.0, "m")]])
    assert span in found
    assert not any(t.islower() or any(c.isdigit() for c in t) for t, part in found.items() if part)
    assert ("Museum" in found) == span.startswith("Museum")


def test_a_long_text_with_a_misread_person_span_is_aliased_not_refused():
    text = ("Signed,\nMuseum/gallery exhibitions officer\n\nThe gallery opens at nine; the officer "
            "will show the exhibitions.\nFlat 2, 01 Mathew Well, Julianberg, M3B 7PR.\nOther flat: W00 7PR.")
    det = _SpanDetector([("Museum/gallery exhibitions officer", "PERSON", "Signed"),
                         ("01 Mathew Well, Julianberg, M3B 7PR", "PERSON", "Flat")])
    req = SEAG(det, seed=1).prepare([text])
    assert "Museum" not in req.aliased[0] and "Mathew" not in req.aliased[0]
    assert req.restore(req.aliased[0]) == text


def test_a_saints_or_a_streets_abbreviation_is_no_name_part() -> None:
    # a model read the heading "St. Joseph Mercy ED - Provider Note" as a person: its "St" as a needle
    # matched the "ST" of "ST elevation" and no redraw could send the note
    assert "St" not in person_tokens("St. Joseph Mercy ED - Provider Note", 2)
    assert "Joseph" in person_tokens("St. Joseph Mercy ED - Provider Note", 2)


def test_a_dictionary_word_in_a_handle_is_not_leaked_by_the_word_in_prose():
    """"legal" of "@ibrahim.legal" is the word in "legal asked us": a check that counted it
    refused the whole chat (no redraw can alias a word the text uses as a word)."""
    text = "@ibrahim.legal 9:20 AM\nlegal asked us to reword it. Please tag @ibrahim.legal."
    spans = [[DetectedEntity(m.start(), m.end(), "USERNAME", m.group(), 1.0, "t") for m in re.finditer(r"@ibrahim\.legal", text)]]
    table = AliasTableBuilder().build([text], spans, seed=2)
    sent = table.alias(text)
    assert "legal asked us" in sent and "ibrahim" not in sent.lower()
    assert table.restore(sent) == text


def test_a_name_that_is_also_a_word_keeps_no_exemption_when_typed_in_lower_case():
    text = "rose said hi. the rose garden"  # "rose" is a given name: both count
    spans = [[DetectedEntity(0, 4, "PERSON", "rose", 1.0, "t")]]
    table = AliasTableBuilder().build([text], spans, seed=2)
    assert not _word("rose", table.alias(text))


def test_a_two_letter_part_of_a_handle_that_no_name_holds_is_not_leaked_by_a_channel_name():
    """"ux" of "@lukas.brandt.ux" is a team's abbreviation in "#ext-freelance-ux": counting it refused
    the whole chat, since no redraw can alias a word the handle does not own."""
    text = "#ext-freelance-ux | Slack\n\nLukas Brandt (@lukas.brandt.ux)  09:14\nHi Mira, kurze Frage"
    i = text.index("@lukas")
    spans = [[DetectedEntity(i, i + 16, "USERNAME", "@lukas.brandt.ux", 1.0, "t"),
              DetectedEntity(text.index("Lukas"), text.index("Lukas") + 12, "PERSON", "Lukas Brandt", 1.0, "t")]]
    table = AliasTableBuilder().build([text], spans, seed=4)
    sent = table.alias(text)
    assert "#ext-freelance-ux" in sent and "lukas" not in sent.lower() and "brandt" not in sent.lower()
    assert table.restore(sent) == text


def test_a_two_letter_part_of_a_persons_name_still_counts_as_a_leak():
    text = "Ng Wei Ming joined today. please cc ng on the rota."
    spans = [[DetectedEntity(0, 11, "PERSON", "Ng Wei Ming", 1.0, "t")]]
    assert "Ng" in needles(spans, 2)
    table = AliasTableBuilder().build([text], spans, seed=4)
    assert not _word("ng", table.alias(text))



def test_a_two_letter_part_of_a_lower_case_name_still_counts_as_a_leak():
    """"yi" of "wu yi" is a name part when the chat types the name in lower case: a later "call yi back"
    that no span covers must refuse the text, not send the name (review, stop 36)."""
    text = "msg from wu yi: yi says the rent is late again, pls call yi back"
    spans = [[DetectedEntity(9, 14, "PERSON", "wu yi", 1.0, "t")]]
    assert "yi" in needles(spans, 2)
    with pytest.raises(PrivacyError):
        AliasTableBuilder().build([text], spans, seed=1)
