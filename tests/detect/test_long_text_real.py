"""The real default detector on a text longer than its window: every name masked whole, once, across seams."""

from __future__ import annotations

from privrag.detect.windows import seam_cuts, seam_windows
from privrag.redact import Redactor

NAMES = ("Margaret Thompson", "David Okafor", "Priya Raman")


def _letter(i: int) -> str:
    a, b = NAMES[i % 3], NAMES[(i + 1) % 3]
    return (f"Note {i}: Dr {a} reviewed the referral for Mr {b} on {1 + i % 27} March 2021. "
            f"The knee pain improved after ibuprofen 400 mg. {a} will call {b.split()[0]} on Friday.\n")


def test_long_text_names_across_seams_are_masked_whole_and_once(default_detector):
    comp = getattr(default_detector, "detector", default_detector)
    # lines long enough to put a name right across the cut between two windows
    for extra in range(40):
        text = "".join(_letter(i).replace("reviewed", "reviewed" + " again" * extra, 1) for i in range(150))
        wins = seam_windows(text, comp.window_chars, comp.window_overlap)
        cut = next((c for c in seam_cuts(wins)[1:-1] for i in _starts(text) if i < c < i + 10), None)
        if cut is not None:
            break
    assert len(wins) >= 3 and cut is not None
    res = Redactor(default_detector).protect(text)
    for name in NAMES:
        assert name not in res.text and name.split()[1] not in res.text
    spans = res.masked_spans
    for start in _starts(text):
        covering = [s for s in spans if s.start < start + 5 and start < s.end]
        assert len(covering) == 1  # one span, not two halves
        name = next(n for n in NAMES if text.startswith(n, start))
        assert covering[0].start <= start and start + len(name) <= covering[0].end
    assert any(s.start < cut < s.end for s in spans)  # the name across the cut, whole: checked above


def _starts(text: str) -> list[int]:
    return [i for i in range(len(text)) if text.startswith(NAMES, i)]
