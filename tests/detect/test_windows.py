import pytest

from privrag.detect.windows import char_windows, detect_windowed, word_windows
from privrag.types import DetectedEntity as D


def test_word_windows_cover_every_word_with_overlap():
    text = " ".join(f"w{i}" for i in range(100))
    wins = word_windows(text, 30, 10)
    assert wins[0].start == 0 and wins[-1].end == len(text)
    for a, b in zip(wins, wins[1:], strict=False):
        assert b.start < a.end  # overlap


def test_short_text_is_one_window():
    assert len(word_windows("a b c", 10, 2)) == 1
    assert len(char_windows("abc", 10, 2)) == 1


def test_char_windows_cover_text():
    text = "word " * 1000
    wins = char_windows(text, 700, 50)
    assert wins[0].start == 0 and wins[-1].end == len(text)
    assert all(b.start < a.end for a, b in zip(wins, wins[1:], strict=False))


@pytest.mark.parametrize("bad", [(0, 0), (10, 10), (10, -1)])
def test_invalid_window_sizes(bad):
    with pytest.raises(ValueError):
        word_windows("a b", *bad)


def test_detect_windowed_maps_offsets_and_dedupes():
    text = " ".join(["x"] * 50 + ["Target"] + ["y"] * 50)
    wins = word_windows(text, 40, 15)

    def run(pieces):
        out = []
        for p in pieces:
            i = p.find("Target")
            out.append([D(i, i + 6, "PERSON", "Target")] if i >= 0 else [])
        return out

    spans = detect_windowed(text, wins, run)
    assert len(spans) == 1
    assert text[spans[0].start : spans[0].end] == "Target"
