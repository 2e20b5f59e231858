import pytest

from privrag.metadata import PRIVRAG_KEY, MetadataPolicy


def upper(s: str) -> str:
    return s.replace("John Smith", "<PERSON>").replace("John", "<PERSON>")


def test_default_protects_strings_and_keeps_numbers():
    md = {"author": "John Smith", "page": 3, "ok": True, "none": None}
    out = MetadataPolicy().apply(md, upper)
    assert out == {"author": "<PERSON>", "page": 3, "ok": True, "none": None}


def test_field_actions_keep_and_drop():
    md = {"author": "John Smith", "source": "John Smith notes", "secret": "x"}
    out = MetadataPolicy(fields={"source": "keep", "secret": "drop"}).apply(md, upper)
    assert out == {"author": "<PERSON>", "source": "John Smith notes"}


def test_nested_values_are_protected_recursively():
    md = {"people": ["John Smith", {"name": "John Smith"}], "n": [1, 2]}
    out = MetadataPolicy().apply(md, upper)
    assert out == {"people": ["<PERSON>", {"name": "<PERSON>"}], "n": [1, 2]}


def test_file_name_is_protected_as_words():
    seen = []

    def protect(s: str) -> str:
        seen.append(s)
        return "A person" if s == "John Smith" else s

    out = MetadataPolicy().apply({"source": "patients/john_smith.pdf"}, protect)
    assert "John Smith" in seen
    assert out["source"] == "patients/A_person.pdf"


def test_privrag_entry_is_kept_untouched():
    out = MetadataPolicy().apply({PRIVRAG_KEY: {"mechanism": "John"}}, upper)
    assert out[PRIVRAG_KEY] == {"mechanism": "John"}


def test_protect_errors_propagate():
    def boom(s: str) -> str:
        raise RuntimeError("detector down")

    with pytest.raises(RuntimeError):
        MetadataPolicy().apply({"author": "John"}, boom)


def test_invalid_action_rejected():
    with pytest.raises(ValueError):
        MetadataPolicy(fields={"a": "hide"})  # type: ignore[dict-item]


def test_coerce_accepts_dict_and_none():
    assert MetadataPolicy.coerce(None).default_string == "protect"
    assert MetadataPolicy.coerce({"a": "drop"}).fields == {"a": "drop"}


def test_protected_strings_lists_what_apply_would_protect():
    md = {"a": "x", "b": ["y", 1], "c": "keepme", "d": 5}
    assert MetadataPolicy(fields={"c": "keep"}).protected_strings(md) == ["x", "y"]
