"""GLiNERDetector behaviour with a fake model object (the real model is
exercised in test_shipped_gliner.py)."""

import pytest

from privrag.detect.gliner import GLiNERDetector


class FakeGLiNER:
    class config:  # noqa: N801 - mimics the GLiNER attribute
        max_len = 60

    def __init__(self):
        self.calls = []

    def inference(self, texts, labels, threshold=0.5, batch_size=8):
        self.calls.append(texts)
        out = []
        for t in texts:
            ents = []
            i = t.find("Zanzibar")
            if i >= 0:
                ents.append({"start": i, "end": i + 8, "text": "Zanzibar", "label": "location", "score": 0.9})
            j = t.find("Bob")
            if j >= 0:
                ents.append({"start": j, "end": j + 3, "text": "Bob", "label": "person", "score": 0.4})
            out.append(ents)
        return out


def test_windows_stay_below_model_max_len_and_find_late_entities():
    model = FakeGLiNER()
    det = GLiNERDetector(model, labels={"location": "LOC", "person": "PERSON"}, threshold=0.3)
    text = " ".join(["filler"] * 300 + ["Zanzibar"] + ["end"] * 10)
    spans = det.detect(text)
    assert [s.text for s in spans] == ["Zanzibar"]
    assert all(len(p.split()) <= det.max_words for call in model.calls for p in call)
    assert det.max_words < 60


def test_per_label_thresholds():
    det = GLiNERDetector(FakeGLiNER(), labels={"location": "LOC", "person": "PERSON"}, threshold=0.3,
                         thresholds={"PERSON": 0.5})
    assert [s.label for s in det.detect("Bob went to Zanzibar")] == ["LOC"]


class FixedGLiNER(FakeGLiNER):
    """Reports each (phrase, prompt label) it was built with wherever the phrase occurs."""

    def __init__(self, found):
        super().__init__()
        self.found = found

    def inference(self, texts, labels, threshold=0.5, batch_size=8):
        return [[{"start": t.find(p), "end": t.find(p) + len(p), "text": p, "label": lab, "score": 0.9}
                 for p, lab in self.found if p in t] for t in texts]


@pytest.mark.parametrize(
    ("phrase", "label", "expected"),
    [
        ("primary school teacher", "url", "MISC"),
        ("and check TFTs", "ip address", "MISC"),
        ("the NHS App", "url", "MISC"),
        ("her account", "bank account number", "MISC"),
        ("nhs.uk/111", "url", "URL"),
        ("10.0.0.7", "ip address", "IP_ADDRESS"),
        ("07700 900318", "phone number", "PHONE_NUMBER"),
        ("kim at example dot org", "email", "EMAIL_ADDRESS"),
        ("Zanzibar", "location", "LOC"),
    ],
)
def test_a_span_without_its_labels_shape_is_reported_as_an_unknown_detail(phrase, label, expected):
    labels = {"url": "URL", "ip address": "IP_ADDRESS", "bank account number": "ACCOUNT_NUMBER",
              "phone number": "PHONE_NUMBER", "email": "EMAIL_ADDRESS", "location": "LOC"}
    det = GLiNERDetector(FixedGLiNER([(phrase, label)]), labels=labels, threshold=0.3)
    assert [(s.text, s.label) for s in det.detect(f"Note: {phrase} today.")] == [(phrase, expected)]
