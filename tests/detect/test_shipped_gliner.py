"""The shipped GLiNER PII model: offline loading, the checkpoint-directory path, long texts."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from privrag.detect.gliner import GLiNERDetector
from privrag.detect.gliner_labels import PII_LABELS
from privrag.detect.shipped import CONFIG_FILE, DELTA_FILE, META_FILE, shipped_gliner_dir
from privrag.types import DetectedEntity

SENTENCE = "The applicant, Mr Johann Achleitner, was born in 1956 and lives in Salzburg."
FILLER = "The Court reiterates that the general principles apply equally to the present case. "


class WordModel:
    """A stand-in for a GLiNER model: tags the word "Achleitner" as a person in each window
    and records how many words each window it was given had."""

    config = type("C", (), {"max_len": 384})()

    def __init__(self):
        self.window_words = []

    def inference(self, texts, labels, threshold=0.5, batch_size=8):
        out = []
        for t in texts:
            self.window_words.append(len(t.split()))
            out.append([{"start": m.start(), "end": m.end(), "label": "person", "score": 0.9}
                        for m in re.finditer("Achleitner", t)])
        return out


def test_artifact_is_small_and_consistent():
    root = shipped_gliner_dir()
    delta = root / DELTA_FILE
    assert delta.exists() and (root / CONFIG_FILE).exists()
    assert delta.stat().st_size <= 20_000_000
    meta = json.loads((root / META_FILE).read_text())
    assert meta["delta_sha256"] == hashlib.sha256(delta.read_bytes()).hexdigest()
    assert set(meta["data"]) == {"tab_train", "wnut17_train", "synthetic"}
    assert meta["labels"] == PII_LABELS


def test_windows_reach_past_the_first_window():
    model = WordModel()
    det = GLiNERDetector(model, labels={"person": "PERSON"}, max_words=50, overlap_words=10)
    text = FILLER * 30 + SENTENCE + " " + FILLER * 5
    found = det.detect(text)
    assert any(s.text == "Achleitner" for s in found)
    assert text.index("Achleitner") > 0 and max(model.window_words) <= 50 and len(model.window_words) > 1


@pytest.fixture(scope="session")
def shipped_detector():
    from privrag.detect.shipped import shipped_gliner_detector

    return shipped_gliner_detector(threshold=0.3)


@pytest.mark.integration
def test_shipped_model_loads_offline_and_reports_known_labels(shipped_detector, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    spans = shipped_detector.detect(SENTENCE)
    assert all(isinstance(s, DetectedEntity) and s.label in PII_LABELS.values() for s in spans)
    assert all(s.source == "gliner_shipped" for s in spans)


@pytest.mark.integration
def test_entity_past_the_first_gliner_window_is_found(shipped_detector):
    head = FILLER * 40  # ~520 words: the name sits in the third window
    text = head + SENTENCE + " " + FILLER * 3
    start = text.index("Achleitner")
    assert len(text[:start].split()) > 2 * shipped_detector.max_words
    name = (start, start + len("Achleitner"))
    found = shipped_detector.detect(text)
    assert any(s.start <= name[0] and name[1] <= s.end for s in found), "name past the first windows missed"


@pytest.mark.integration
def test_local_checkpoint_dir_loads_like_a_hub_id(tmp_path):
    """The hub-id code path (``GLiNER.from_pretrained``) on a local directory: a GLiNER built
    here from the packaged MiniLM, saved, and loaded back by path with no network."""
    from privrag.detect.shipped import build_gliner_on_minilm, load_shipped_gliner

    built = build_gliner_on_minilm()
    built.save_pretrained(tmp_path / "fresh")
    fresh = GLiNERDetector(str(tmp_path / "fresh"), labels=PII_LABELS, threshold=0.5)
    assert isinstance(fresh.detect(SENTENCE), list)

    load_shipped_gliner().save_pretrained(tmp_path / "trained")
    trained = GLiNERDetector(str(tmp_path / "trained"), labels=PII_LABELS, threshold=0.3)
    from privrag.detect.shipped import shipped_gliner_detector

    reference = shipped_gliner_detector(threshold=0.3, quantize=False)
    key = lambda spans: [(s.start, s.end, s.label) for s in spans]  # noqa: E731
    assert key(trained.detect(SENTENCE)) == key(reference.detect(SENTENCE))


@pytest.mark.integration
def test_default_detector_takes_a_checkpoint_dir(tmp_path):
    from privrag.detect.default import build_default_detector
    from privrag.detect.shipped import load_shipped_gliner
    from tests.fakes import RegexDetector

    load_shipped_gliner().save_pretrained(tmp_path / "ckpt")
    det = build_default_detector(gliner=str(tmp_path / "ckpt"), presidio=RegexDetector())
    assert [m.name for m in det.detectors] == ["presidio", "hub_gliner"]
    assert isinstance(det.detect(SENTENCE), list)


def test_token_windows_count_gliner_words_and_cover_the_text():
    from privrag.detect.shipped import GLINER_WORD_RE, gliner_token_windows

    text = "Article 6 § 1 (b), see §§ 2-3; " * 60  # punctuation-heavy: many GLiNER words per space
    wins = gliner_token_windows(text, 50, 8)
    assert wins[0].start == 0 and wins[-1].end == len(text.rstrip())
    for w in wins:
        assert len(GLINER_WORD_RE.findall(text[w.start : w.end])) <= 50
    assert all(b.start < a.end for a, b in zip(wins, wins[1:], strict=False))
