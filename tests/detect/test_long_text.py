"""A long text through the composite in windows finds what one pass finds, seams and document-wide steps included."""

from __future__ import annotations

import random
import re

import pytest

from privrag.detect.base import BaseDetector
from privrag.detect.default import ParallelCompositeDetector
from privrag.detect.long_text import _drop_affiliated, apply_keep_indexed, detect_long
from privrag.detect.name_propagation import PROPAGATED_SOURCE
from privrag.detect.windows import seam_cuts, seam_windows
from privrag.keep import KeepSpan, apply_keep
from privrag.types import DetectedEntity

NAMES = ["John Smith", "Anna Maria Lopez", "Wei Chen", "Olu Adeyemi Okafor"]


class CapitalRuns(BaseDetector):
    """Fake model: every run of capitalised words is a PERSON (a model sees only its window)."""

    name = "gliner"  # a model's source: its spans are soft

    def __init__(self, skip: str = "") -> None:
        self.skip = skip
        self.calls: list[int] = []

    def _detect_batch(self, texts):
        self.calls.append(len(texts))
        out = []
        for t in texts:
            out.append([DetectedEntity(m.start(), m.end(), "PERSON", m.group(), 0.9, self.name)
                        for m in re.finditer(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*", t) if m.group() != self.skip])
        return out


def _composite(member, **kw) -> ParallelCompositeDetector:
    det = ParallelCompositeDetector([member], source_priority={}, clean_names=False, complete_slots=False, **kw)
    det.window_chars, det.window_overlap, det.window_batch = 400, 100, 3
    return det


def _text(seed: int = 0, n: int = 600) -> str:
    rnd = random.Random(seed)
    words = []
    for _ in range(n):
        words.append(rnd.choice(NAMES) if rnd.random() < 0.12 else rnd.choice(["met", "the", "at", "a", "depot", "on"]))
    return " ".join(words)  # no line breaks: windows are cut between words, names straddle seams


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_windowed_detection_equals_one_pass_with_entities_at_seams_whole_and_once(seed):
    text = _text(seed)
    windowed = _composite(CapitalRuns())
    one_pass = _composite(CapitalRuns())
    one_pass.window_chars = 10**9
    got = windowed.detect(text)
    assert len(seam_windows(text, 400, 100)) > 5
    assert got == one_pass.detect(text)
    expected = [m.span() for m in re.finditer(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*", text)]
    assert [(s.start, s.end) for s in got] == expected
    # some names lie across a seam's cut or a window's edge: they came back whole all the same
    wins = seam_windows(text, 400, 100)
    edges = {w.end for w in wins} | set(seam_cuts(wins)[1:-1])
    assert any(s.start < e < s.end for s in got for e in edges)


def test_a_name_detected_in_the_first_window_is_marked_in_the_last():
    text = "Priyanka Sharma wrote. " + " ".join(["the depot was shut"] * 120) + " then Sharma called."
    det = _composite(CapitalRuns(skip="Sharma"))  # the model misses the lone surname
    spans = det.detect(text)
    tail = [s for s in spans if s.text == "Sharma"]
    assert len(tail) == 1 and tail[0].source == PROPAGATED_SOURCE and tail[0].start > 400


def test_members_get_windows_in_batches_and_the_batch_keeps_its_order():
    member = CapitalRuns()
    det = _composite(member)
    short, long_ = "Wei Chen met.", _text(5)
    got = det.detect_batch([short, long_, short])
    assert got[0] == got[2] == [DetectedEntity(0, 8, "PERSON", "Wei Chen", 0.9, "gliner")]
    assert got[1] == _composite(CapitalRuns()).detect(long_)
    assert max(member.calls) == 3  # window_batch windows per call


def test_progress_bar_inside_a_long_document(monkeypatch, capsys):
    monkeypatch.setenv("PRIVRAG_PROGRESS", "1")
    detect_long(_composite(CapitalRuns()), _text(0))
    assert "detect (long document)" in capsys.readouterr().err
    monkeypatch.setenv("PRIVRAG_PROGRESS", "0")
    detect_long(_composite(CapitalRuns()), _text(0))
    assert capsys.readouterr().err == ""


def test_an_organisation_someone_belongs_to_in_another_window_is_not_kept_public():
    text = "Visa sent a card. " + "x " * 3000 + "She is a member of Visa since 2019."
    keeps = [KeepSpan(0, 4, "public_entity", "Visa"), KeepSpan(30, 40, "medication", text[30:40])]
    assert _drop_affiliated(text, keeps) == [keeps[1]]
    other = "Visa sent a card. " + "x " * 3000 + "Nobody else."
    assert _drop_affiliated(other, keeps) == keeps


def test_indexed_keep_application_equals_apply_keep():
    rnd = random.Random(4)
    text = "".join(rnd.choice("abc de") for _ in range(3000))
    spans = sorted({DetectedEntity(a, a + rnd.randint(1, 40), "ORG", "", 0.5, "gliner")
                    for a in rnd.sample(range(2900), 200)})
    spans = [DetectedEntity(s.start, s.end, s.label, text[s.start:s.end], s.score, s.source) for s in spans]
    keeps = [KeepSpan(a, a + rnd.randint(1, 30), "diagnosis", "") for a in rnd.sample(range(2900), 150)]
    keeps = [KeepSpan(k.start, k.end, k.why, text[k.start:k.end]) for k in keeps]
    assert apply_keep_indexed(text, spans, keeps) == apply_keep(text, spans, keeps)
