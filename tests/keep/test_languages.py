"""Programming languages (:mod:`privrag.keep.languages`): kept when distinctive or listed, never a lone word or name."""

from __future__ import annotations

import pytest

from privrag.keep import KeepFinder
from privrag.keep.languages import language_mentions, language_names


def _langs(text: str) -> list[str]:
    return [text[a:b] for a, b in language_mentions(text)]


def test_the_names_come_from_pygments() -> None:
    assert {"Python", "Kotlin", "Java", "Go", "C++"} <= language_names()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Languages: Java 17, Go, Kotlin and TypeScript", ["Java", "Go", "Kotlin", "TypeScript"]),
        ("Skills: Python / SQL / Bash", ["Python", "SQL", "Bash"]),
        ("Python, Ruby, Julia", ["Python", "Ruby", "Julia"]),  # Python is catalogued
        ("C++ and C#", ["C++", "C#"]),
    ],
)
def test_listed_languages_are_found_when_one_is_distinctive(text: str, expected: list[str]) -> None:
    assert _langs(text) == expected


@pytest.mark.parametrize(
    "text", ["She flew to Java and Bali", "Ruby and Julia came to visit", "Go to the shop", "written in Rust", "Java, Go", "Ruby, Julia and Rust",
             "Oakhurst Properties Ltd", "Flight lands 10:00 BST", "Built services in Kotlin."],
)
def test_a_language_alone_or_a_list_of_words_and_names_is_not_read_as_languages(text: str) -> None:
    assert _langs(text) == []


def test_the_keep_finder_names_the_reason(finder: KeepFinder) -> None:
    text = "Stack: Java 17, Go and Kotlin."
    assert [k.text for k in finder.find(text) if k.why == "programming_language"] == ["Java", "Go", "Kotlin"]
