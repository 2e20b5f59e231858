import pytest

from privrag.metadata import PRIVRAG_KEY, MetadataPolicy
from tests.fakes import READER_METADATA


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


# -- what LlamaIndex's file readers add ---------------------------------------------------------



def misreading_detector(s: str) -> str:
    """What an NER model did to reader metadata: 'plain' a place, an ISO date a phone number."""
    if "2024" in s:
        return "A phone number"
    return s.replace("Plain", "A_location").replace("plain", "A_location").replace("John Smith", "A person")


def test_reader_file_fields_are_kept_and_file_names_protected():
    out = MetadataPolicy().apply(READER_METADATA, misreading_detector)
    assert out["file_type"] == "text/plain"
    assert out["file_size"] == 2048
    for key in ("creation_date", "last_modified_date", "last_accessed_date"):
        assert out[key] == READER_METADATA[key]
    assert "john_smith" not in out["file_name"] and "john_smith" not in out["file_path"]
    assert out["file_path"].startswith("/data/patients/")


@pytest.mark.parametrize(
    "value",
    ["2024-05-01", "2024-05-01T09:30:00Z", "2024-05-01 09:30:00.123+02:00", "application/pdf",
     "text/plain; charset=utf-8", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
)
def test_plain_values_are_kept_under_any_key(value: str):
    assert MetadataPolicy().apply({"modified": value}, misreading_detector) == {"modified": value}
    assert MetadataPolicy().protected_strings({"modified": value}) == []


@pytest.mark.parametrize(
    ("key", "value"),
    [("date_of_birth", "1961-03-12"), ("dob", "1961-03-12"), ("admission_date", "2024-05-01"),
     ("hire_date", "2019-01-07"), ("source", "text/john_smith.txt"), ("title", "text/johnsmith"),
     ("note", "seen 2024-05-01"), ("author", "John Smith")],
)
def test_personal_dates_paths_and_prose_stay_protected(key: str, value: str):
    assert MetadataPolicy().protected_strings({key: value}) != []


def test_user_policy_overrides_the_built_in_keeps():
    md = {"file_type": "text/plain", "creation_date": "2024-05-01", "uploaded": "2024-05-01"}
    out = MetadataPolicy(fields={"file_type": "drop", "creation_date": "protect"}).apply(md, misreading_detector)
    assert out == {"creation_date": "A phone number", "uploaded": "2024-05-01"}
    off = MetadataPolicy(keep_fields=frozenset(), keep_plain_values=False).apply(md, misreading_detector)
    assert off == {"file_type": "text/A_location", "creation_date": "A phone number", "uploaded": "A phone number"}
