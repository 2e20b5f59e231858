"""AliasTable: variants, (de)serialisation, string-free summaries."""

from __future__ import annotations

import pytest

from privrag.seag.table import AliasEntry, AliasTable


def _table() -> AliasTable:
    return AliasTable([
        AliasEntry("John Jordan", "Mike Cruz", "PERSON", 0),
        AliasEntry("John", "Mike", "PERSON", 0, "part"),
        AliasEntry("Acme Corp", "Zeta Corp", "ORG", 1),
        AliasEntry("john.jordan@acme.com", "mike.cruz@zeta.com", "EMAIL", 2),
    ])


def test_case_variants_round_trip():
    t = _table()
    text = "JOHN JORDAN of ACME CORP wrote to John.Jordan@Acme.com; acme corp replied to John."
    aliased = t.alias(text)
    assert "JOHN" not in aliased and "ACME" not in aliased
    assert t.restore(aliased) == text


def test_duplicate_original_rejected():
    with pytest.raises(ValueError):
        AliasTable([AliasEntry("A b", "C d", "PERSON"), AliasEntry("A b", "E f", "PERSON")])


def test_alias_spans_point_into_the_input():
    t = _table()
    text = "John Jordan met John."
    spans = t.alias_spans(text)
    assert [text[s.start:s.end] for s in spans] == ["John Jordan", "John"]


def test_serialisation_round_trip_and_summary_has_no_strings():
    t = _table()
    again = AliasTable.from_dict(t.to_dict())
    assert again.mapping == t.mapping
    summary = repr(t.summary())
    for e in t.entries:
        assert e.original not in summary and e.alias not in summary


def test_restore_value_walks_nested_arguments():
    t = _table()
    args = {"who": "Mike Cruz", "list": ["Mike", {"org": "Zeta Corp"}], "n": 3}
    assert t.restore_value(args) == {"who": "John Jordan", "list": ["John", {"org": "Acme Corp"}], "n": 3}


def test_json_streaming_restorer_escapes():
    t = AliasTable([AliasEntry('Say "Hi" Ltd', 'Kim "Bo" Ltd', "ORG")])
    s = t.json_streaming_restorer()
    out = s.feed('{"org": "Kim \\"Bo') + s.feed('\\" Ltd"}') + s.flush()
    assert out == '{"org": "Say \\"Hi\\" Ltd"}'
