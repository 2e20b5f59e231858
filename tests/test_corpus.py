import sys
import types

import pytest

from privrag.corpus import CorpusError, Unreadable, check_output, read_corpus


def test_folder_yields_unreadable_files_in_order_and_goes_on(tmp_path):
    (tmp_path / "a.txt").write_text("fine", encoding="utf-8")
    (tmp_path / "b.txt").write_bytes(b"caf\xe9")  # Latin-1, read as UTF-8
    (tmp_path / "c.md").write_bytes(b"ab\x00cd")
    items = list(read_corpus(tmp_path))
    assert items[0] == ("a.txt", "fine")
    assert isinstance(items[1], Unreadable) and items[1].id == "b.txt"
    assert "not valid utf-8 (byte 0xe9 at offset 3)" in items[1].reason and "b.txt" in items[1].reason
    assert isinstance(items[2], Unreadable) and "c.md: binary file" in items[2].reason


def test_nul_bytes_are_binary_even_when_the_codec_accepts_them(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes(b"\x7fELF\x02\x01\x00\x00")
    with pytest.raises(CorpusError, match="x.txt: binary file"):
        list(read_corpus(f, "latin-1"))  # Latin-1 decodes every byte


def test_encodings_bom_and_utf16(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes("\ufeffKöln".encode())
    assert list(read_corpus(f)) == [("x.txt", "Köln")]  # BOM is not part of the text
    j = tmp_path / "x.jsonl"
    j.write_bytes('{"id": "a", "text": "Köln"}\n{"text": "Zürich"}\n'.encode("utf-16"))
    assert list(read_corpus(j, "utf-16")) == [("a", "Köln"), ("2", "Zürich")]
    with pytest.raises(CorpusError, match="unknown encoding"):
        list(read_corpus(j, "nope"))


def test_jsonl_line_errors_name_the_line(tmp_path):
    j = tmp_path / "x.jsonl"
    j.write_bytes(b'{"id": 1, "text": "ok"}\n\n{"id": 2, "text": "K\xf6ln"}\n')
    it = read_corpus(j)
    assert next(it) == ("1", "ok")  # streamed: the good line comes before the error
    with pytest.raises(CorpusError, match=r"x.jsonl:3: not valid utf-8"):
        next(it)
    assert list(read_corpus(j, "latin-1"))[1] == ("2", "Köln")
    j.write_text('{"id": 1, "text": 5}\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="x.jsonl:1: each record needs a string 'text'"):
        list(read_corpus(j))


def _fake_pyarrow(monkeypatch, columns: dict[str, list]) -> None:
    """pyarrow.parquet's reading API (ParquetFile, schema_arrow, iter_batches, to_pydict)."""

    class Batch:
        def __init__(self, data: dict[str, list]) -> None:
            self.data = data

        def to_pydict(self) -> dict[str, list]:
            return self.data

    class ParquetFile:
        def __init__(self, path) -> None:
            if path.read_bytes()[:4] != b"PAR1":
                raise ValueError("Parquet magic bytes not found")  # pyarrow.ArrowInvalid is a ValueError
            self.schema_arrow = types.SimpleNamespace(names=list(columns))

        def iter_batches(self, batch_size: int, columns: list[str]):
            n = len(next(iter(self._data.values())))
            for i in range(0, n, batch_size):
                yield Batch({c: self._data[c][i : i + batch_size] for c in columns})

        _data = columns

    pq = types.ModuleType("pyarrow.parquet")
    pq.ParquetFile = ParquetFile
    pa = types.ModuleType("pyarrow")
    pa.parquet = pq
    monkeypatch.setitem(sys.modules, "pyarrow", pa)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", pq)


def test_parquet_reads_id_and_text_in_batches(tmp_path, monkeypatch):
    monkeypatch.setattr("privrag.corpus.PARQUET_BATCH", 2)
    _fake_pyarrow(monkeypatch, {"id": [7, 8, 9], "text": ["a", "b", "Köln"], "other": [0, 0, 0]})
    f = tmp_path / "x.parquet"
    f.write_bytes(b"PAR1...")
    assert list(read_corpus(f)) == [("7", "a"), ("8", "b"), ("9", "Köln")]
    f.write_bytes(b"not parquet")
    with pytest.raises(CorpusError, match="x.parquet: not a readable Parquet file"):
        list(read_corpus(f))


def test_parquet_needs_a_text_column_and_string_values(tmp_path, monkeypatch):
    f = tmp_path / "x.parquet"
    f.write_bytes(b"PAR1")
    _fake_pyarrow(monkeypatch, {"id": [1], "body": ["x"]})
    with pytest.raises(CorpusError, match="needs a 'text' column"):
        list(read_corpus(f))
    _fake_pyarrow(monkeypatch, {"text": ["x", None]})
    it = read_corpus(f)
    assert next(it) == ("1", "x")  # no id column: the row number
    with pytest.raises(CorpusError, match="x.parquet row 2: each record needs a string 'text'"):
        next(it)


def test_parquet_without_pyarrow_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    f = tmp_path / "x.parquet"
    f.write_bytes(b"PAR1")
    with pytest.raises(CorpusError, match="needs pyarrow"):
        list(read_corpus(f))


def test_check_output(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("x", encoding="utf-8")
    check_output(folder / "out.jsonl", folder)  # not read as input
    check_output(tmp_path / "out.txt", folder)
    for bad in (folder / "out.txt", folder / "a.md", folder, tmp_path / "docs" / "sub" / ".." / "a.md"):
        with pytest.raises(CorpusError):
            check_output(bad, folder)
    outside = tmp_path / "elsewhere.md"
    outside.symlink_to(folder / "a.md")
    with pytest.raises(CorpusError, match="is the input file"):
        check_output(outside, folder)
