"""Words in scripts the detector cannot read are refused, not sent as written."""

from __future__ import annotations

import pytest

from privrag.seag import SEAG, BuilderConfig
from privrag.seag.scripts import script_of, uncovered_scripts
from privrag.types import PrivacyError
from tests.seag._fakes import GazetteerDetector


@pytest.mark.parametrize(
    ("text", "script"),
    [("Patient יוסי כהן was seen.", "HEBREW"), ("Patient محمد علي was seen.", "ARABIC"),
     ("Patient 王伟 was seen.", "CJK"), ("Patient Иван Петров was seen.", "CYRILLIC"),
     ("Patient Γιώργος was seen.", "GREEK"), ("患者はたなかです", "HIRAGANA")],
)
def test_uncovered_script_raises_before_anything_is_detected(text: str, script: str):
    class Never(GazetteerDetector):
        def _detect(self, t):
            raise AssertionError("detector must not run")

    with pytest.raises(PrivacyError) as err:
        SEAG(Never(), config=BuilderConfig(uncovered_scripts="raise")).prepare(["Who is it?", text])
    assert script in str(err.value)
    assert not any(c in str(err.value) for c in text if not c.isascii())  # no document text in the message


@pytest.mark.parametrize(
    "text",
    ["Patient יוסי כהן was seen.", "Patient محمد علي was seen.", "Name: 王国良 (WANG Guoliang), seen by 陈晓峰 today.",
     "Patient Иван Петров was seen.", "Patient Γιώργος was seen on Odos Ermou."],
)
def test_by_default_every_word_of_an_uncovered_script_is_aliased_found_or_not(text: str):
    req = SEAG(GazetteerDetector([]), seed=3).prepare(["Who is it?", text])
    sent = req.aliased[1]
    assert uncovered_scripts([sent]) == set(), sent
    assert req.restore(sent) == text


@pytest.mark.parametrize(("text", "script"), [("患者はたなかです", "HIRAGANA"), ("Ο Γιώργος μένει στην Αθήνα.", "GREEK")])
def test_by_default_a_text_mostly_in_an_uncovered_script_is_refused(text: str, script: str):
    class Never(GazetteerDetector):
        def _detect(self, t):
            raise AssertionError("detector must not run")

    with pytest.raises(PrivacyError) as err:
        SEAG(Never()).prepare(["Who is it?", text])
    assert script in str(err.value)


@pytest.mark.parametrize(
    "text", ["Gaižauskas and Němcová met Nguyễn in Łódź.", "5 μg of α-synuclein", "Café Müller, 10 € — ok"]
)
def test_latin_with_diacritics_and_single_symbols_pass(text: str):
    assert uncovered_scripts([text]) == set()
    SEAG(GazetteerDetector([])).prepare([text])


def test_allow_and_covered_scripts_are_configurable():
    text = "Иван Петров lives in Moscow."
    det = GazetteerDetector([("Иван Петров", "PERSON")])
    for cfg in (BuilderConfig(uncovered_scripts="allow"),
                BuilderConfig(covered_scripts=frozenset({"LATIN", "CYRILLIC"}))):
        req = SEAG(det, config=cfg, seed=1).prepare([text])
        assert "Иван" not in req.aliased[0] and req.restore(req.aliased[0]) == text
    with pytest.raises(ValueError):
        BuilderConfig(uncovered_scripts="ignore")  # type: ignore[arg-type]


def test_script_names():
    assert [script_of(c) for c in "aéß"] == ["LATIN"] * 3
    assert script_of("ש") == "HEBREW" and script_of("中") == "CJK" and script_of("カ") == "KATAKANA"


def test_cjk_aliases_are_never_a_single_character():
    """zh_CN Faker surnames are one character; such an alias is ambiguous in any answer (issue 19)."""
    det = GazetteerDetector([("王伟", "PERSON"), ("北京", "LOCATION"), ("李", "PERSON")])
    text = "王伟 说 他 在 北京 。李 。"
    for locale in ("zh_CN", "zh_TW", "ja_JP"):
        for seed in range(5):
            cfg = BuilderConfig(uncovered_scripts="allow", locale=locale)
            req = SEAG(det, config=cfg, seed=seed).prepare([text])
            assert all(len(a) >= 2 for a in req.table.aliases), req.table.aliases
            assert req.restore(req.aliased[0]) == text
