"""How SEAG's alias table is built: the options of :class:`privrag.seag.builder.AliasTableBuilder`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from privrag.seag.scripts import DEFAULT_COVERED_SCRIPTS

__all__ = ["BuilderConfig"]


@dataclass
class BuilderConfig:
    """How the table is built.

    Key init args:
        alias_percentages: also rewrite percentages (kept by default).
        propagate_name_parts: add rows for the parts of person names
            ("Jordan" from "John Jordan") so bare mentions the detector
            missed are aliased too.
        skip_categories: canonical categories never aliased (quantities,
            titles of laws and works: "Article 8 of the Convention" must stay).
        min_part_length: shortest name part that gets its own row.
        locale: Faker locale passed to generators.
        max_attempts: fresh draws when a round trip cannot be verified.
        honorifics: ``"neutral"`` (default): honorifics that say a
            person's gender or marital status ("Mr", "Mrs", "Ms", "Miss")
            become "Mx" and first names are drawn without regard to gender
            ("Mr Jordan" → "Mx Cruz", restored to "Mr Jordan"); or
            ``"keep"``: as the text was written ("Mr Jordan" → "Mr Cruz").
            Neutral is the default because an honorific is personal data
            the generator does not need (Presidio's own PII types count it,
            as TITLE) and measured answers did not suffer (README).
            Professional titles ("Dr", "Prof") stay. Pronouns in the text
            are not rewritten, so gender can still be read from "he"/"she".
        covered_scripts / uncovered_scripts: the writing systems the
            detector finds names in (Latin by default) and what to do with
            words in any other: ``"alias"`` every such word (a text mostly
            in such a script raises :class:`PrivacyError`), ``"raise"`` on
            any, or ``"allow"``; see :mod:`privrag.seag.scripts`.
    """

    alias_percentages: bool = False
    propagate_name_parts: bool = True
    skip_categories: frozenset[str] = field(default_factory=lambda: frozenset({"QUANTITY", "WORK"}))
    min_part_length: int = 2
    locale: str = "en_US"
    max_attempts: int = 4
    honorifics: Literal["keep", "neutral"] = "neutral"
    covered_scripts: frozenset[str] = DEFAULT_COVERED_SCRIPTS
    uncovered_scripts: Literal["alias", "raise", "allow"] = "alias"

    def __post_init__(self) -> None:
        if self.honorifics not in ("keep", "neutral"):
            raise ValueError(f"honorifics must be 'keep' or 'neutral', not {self.honorifics!r}")
        if self.uncovered_scripts not in ("alias", "raise", "allow"):
            raise ValueError(
                f"uncovered_scripts must be 'alias', 'raise' or 'allow', not {self.uncovered_scripts!r}")
