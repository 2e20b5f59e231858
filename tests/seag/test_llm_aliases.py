"""LLMAliasGenerator: good output is used, bad output is repaired or completed by Faker."""

from __future__ import annotations

import json

import pytest

from privrag.seag import SEAG, LLMAliasGenerator, parse_alias_table
from privrag.seag.llm_aliases import load_prompt
from tests.seag._fakes import GazetteerDetector

TEXTS = ["Where does John Jordan work?", "John Jordan joined Almarai in Riyadh. John's boss is Sara Lee."]
DET = GazetteerDetector([("John Jordan", "PERSON"), ("John's", "PERSON"), ("Sara Lee", "PERSON"),
                         ("Almarai", "ORG"), ("Riyadh", "LOCATION")])
GOOD = json.dumps([
    {"original": "John Jordan", "type": "PERSON", "alias": "Mike Cruz"},
    {"original": "John's", "type": "PERSON", "alias": "Mike's"},
    {"original": "Almarai", "type": "ORG", "alias": "Baladna"},
    {"original": "Riyadh", "type": "LOC", "alias": "Doha"},
])


class FakeChat:
    """Looks like a LangChain chat model: ``invoke`` returns an object with ``content``."""

    def __init__(self, reply):
        self.reply = reply
        self.prompts = []

    def invoke(self, prompt):
        self.prompts.append(prompt)
        if isinstance(self.reply, Exception):
            raise self.reply
        return type("Msg", (), {"content": self.reply})()


class FakeCompletion:
    """Looks like a LlamaIndex LLM: ``complete`` returns an object with ``text``."""

    def __init__(self, reply):
        self.reply = reply

    def complete(self, prompt):
        return type("Resp", (), {"text": self.reply})()


def _table(model):
    return SEAG(DET, generator=LLMAliasGenerator(model), seed=1).prepare(TEXTS)


def _complete_and_safe(req):
    t = req.table.mapping
    for original in ("John Jordan", "John's", "Sara Lee", "Almarai", "Riyadh"):
        assert original in t, f"{original} not aliased"
    for text, aliased in zip(TEXTS, req.aliased, strict=True):
        assert req.restore(aliased) == text
        assert "John" not in aliased and "Riyadh" not in aliased
    return t


def test_good_output_is_used_and_missing_rows_completed():
    t = _complete_and_safe(_table(FakeChat(GOOD)))
    assert t["John Jordan"] == "Mike Cruz" and t["Riyadh"] == "Doha" and t["Almarai"] == "Baladna"
    assert t["Sara Lee"] not in ("Sara Lee", "")  # completed by Faker


def test_prompt_states_the_criteria_and_adds_no_user_instruction():
    chat = FakeChat(GOOD)
    req = _table(chat)
    prompt = chat.prompts[0]
    assert "{{TEXT}}" in load_prompt() and "John Jordan" in prompt
    assert "every form its own row" in prompt
    assert req.aliased[0] == "Where does Mike Cruz work?"  # the generator is not told


@pytest.mark.parametrize(
    "reply",
    [
        "I cannot help with that.",  # not JSON
        '[{"foo": "John Jordan", "bar": "Mike Cruz"}]',  # wrong keys
        GOOD[: len(GOOD) // 2],  # truncated mid-list
        "```json\n" + GOOD + "\n```\nHope this helps!",  # fenced, with prose
        json.dumps({"John Jordan": "Mike Cruz", "Almarai": 7}),  # dict form, one bad value
        json.dumps([{"original": "Ghost Person", "alias": "Nobody", "type": "PERSON"}]),  # key not in text
        json.dumps([{"original": "John Jordan", "alias": "Sara Lee", "type": "PERSON"}]),  # alias is an input
        json.dumps([{"original": "Riyadh", "alias": "", "type": "LOC"}]),  # empty alias
        "",
    ],
)
def test_malformed_output_never_crashes(reply):
    t = _complete_and_safe(_table(FakeChat(reply)))
    assert "Nobody" not in t.values()
    assert t["John Jordan"] != "Sara Lee"


def test_model_errors_degrade_to_faker():
    _complete_and_safe(_table(FakeChat(RuntimeError("model server down"))))


def test_llamaindex_style_and_callable_models():
    _complete_and_safe(_table(FakeCompletion(GOOD)))
    _complete_and_safe(_table(lambda prompt: GOOD))


def test_extra_entities_found_by_the_model_are_added():
    reply = json.dumps([{"original": "boss", "type": "MISC", "alias": "manager"},
                        {"original": "Where", "type": "MISC", "alias": "Here"}])
    # "boss" and "Where" occur in the text: the model may add them (validated, word-bounded)
    req = _table(FakeChat(reply))
    assert req.table.mapping.get("boss") == "manager"
    assert req.restore(req.aliased[1]) == TEXTS[1]


def test_parser_accepts_common_shapes():
    rows = parse_alias_table('Table:\n| PERSON | John | Mike |\n| ORG | Acme | Zeta |')
    assert ("John", "Mike", "PERSON") in rows
    assert parse_alias_table('{"table": [["PERSON", "John", "Mike"]]}') == [("John", "Mike", "PERSON")]
    assert parse_alias_table("John -> Mike") == [("John", "Mike", "")]
    assert parse_alias_table(None) == []
