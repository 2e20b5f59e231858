"""Streamed tool-call arguments: JSON decoded, restored like plain text, written back."""

from __future__ import annotations

import json
import random

import pytest

from privrag.seag.table import AliasEntry, AliasTable
from privrag.types import PrivacyError


def _table() -> AliasTable:
    return AliasTable([
        AliasEntry("John Jordan", "Mike Cruz", "PERSON", 0), AliasEntry("John", "Mike", "PERSON", 0, "part"),
        AliasEntry("Jordan", "Cruz", "PERSON", 0, "part"), AliasEntry('Say "Hi" Ltd', 'Kim "Bo" Ltd', "ORG", 1),
        AliasEntry("Zoë Brontë", "Ana Lund", "PERSON", 2),
    ])


def _stream(table: AliasTable, args: str, cuts: list[int]) -> str:
    s = table.json_streaming_restorer()
    bounds = [0, *cuts, len(args)]
    return "".join(s.feed(args[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)) + s.flush()


def test_alias_after_an_escaped_newline_restores_whole():
    """'…\\nMike Cruz' restored to '…\\nMike Jordan' in 342 of 961 texts (issue 19)."""
    t = _table()
    args = json.dumps({"text": "Summary:\nMike Cruz\tMike\\Cruz"})
    out = json.loads(_stream(t, args, [10, 11, 12]))
    assert out == {"text": "Summary:\nJohn Jordan\tJohn\\Jordan"}


def test_every_chunking_equals_the_batch_restore():
    t = _table()
    rng = random.Random(0)
    texts = ['Kim "Bo" Ltd\n\nMike Cruz', "\u00e9\tAna Lund's \U0001f600 Mike", "x\\nMike\\tCruz\r\n"]
    for _ in range(300):
        value = {"a": rng.choice(texts), "b": [rng.choice(texts), 3, None], "Mike Cruz": True}
        args = json.dumps(value, ensure_ascii=rng.random() < 0.5)
        cuts = sorted(rng.sample(range(1, len(args)), rng.randint(1, min(12, len(args) - 1))))
        out = json.loads(_stream(t, args, cuts))
        assert out == t.restore_value({t.restore(k): v for k, v in value.items()})


def test_unicode_escape_and_surrogate_pair_split_across_chunks():
    t = _table()
    args = json.dumps({"t": "Ana Lund \U0001f600"}, ensure_ascii=True)  # "\\ud83d\\ude00"
    cut = args.index("\\ude00") - 3
    assert json.loads(_stream(t, args, [cut, cut + 4, cut + 8])) == {"t": "Zoë Brontë \U0001f600"}


def test_quoted_alias_in_a_string_still_restores():
    t = _table()
    args = json.dumps({"org": 'Kim "Bo" Ltd'})
    assert json.loads(_stream(t, args, [13, 14])) == {"org": 'Say "Hi" Ltd'}


def test_invalid_escape_is_a_privacy_error():
    with pytest.raises(PrivacyError):
        _stream(_table(), '{"a": "x\\q"}', [])
