"""GLiNERDetector behaviour with a fake model object (the real model is
exercised in test_shipped_gliner.py)."""

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
