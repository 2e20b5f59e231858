"""SEAG — reversible, consistent aliases so an external generator never sees
real names and numbers (seed 001, Almohaimeed et al.).

Pipeline per request: detect entities jointly in the system prompt, the
question and all retrieved texts → one :class:`AliasTable` (same entity, same
alias; name forms, places, dates and amounts kept consistent) → send the
aliased texts → restore originals in the answer, also while streaming.

Quick use::

    from privrag.seag import SEAG
    seag = SEAG()
    req = seag.request("Who is John Jordan?", ["John Jordan lives in Ankara."])
    answer = external_llm(req.question, req.documents)   # sees only aliases
    print(req.restore(answer))
"""

from __future__ import annotations

from privrag.seag.builder import AliasTableBuilder, BuilderConfig
from privrag.seag.faker_aliases import FakerAliasGenerator
from privrag.seag.generator import AliasGenerator, AliasPlan, AliasSuggestion, PlannedEntity
from privrag.seag.llm_aliases import LLMAliasGenerator, parse_alias_table
from privrag.seag.restore import Replacer, Restorer, StreamingReplacer, StreamingRestorer
from privrag.seag.session import SEAG, RAGRequest, SEAGRequest
from privrag.seag.store import ConversationStore
from privrag.seag.table import AliasedSpan, AliasEntry, AliasTable
from privrag.seag.values import ValueParams, ValueRecognizer, ValueShifter

__all__ = [
    "SEAG",
    "SEAGRequest",
    "RAGRequest",
    "AliasTable",
    "AliasEntry",
    "AliasedSpan",
    "AliasTableBuilder",
    "BuilderConfig",
    "AliasGenerator",
    "AliasPlan",
    "AliasSuggestion",
    "PlannedEntity",
    "FakerAliasGenerator",
    "LLMAliasGenerator",
    "parse_alias_table",
    "Replacer",
    "Restorer",
    "StreamingReplacer",
    "StreamingRestorer",
    "ConversationStore",
    "ValueParams",
    "ValueRecognizer",
    "ValueShifter",
]
