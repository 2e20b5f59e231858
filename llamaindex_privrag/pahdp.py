"""``PAHDPPostprocessor``: query-aware DP rewriting of retrieved LlamaIndex nodes."""

from __future__ import annotations

from typing import Any

from llama_index.core.bridge.pydantic import Field, PrivateAttr
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.schema import NodeWithScore, QueryBundle

from llamaindex_privrag._nodes import node_texts, rebuild_nodes
from privrag.metadata import MetadataPolicy
from privrag.pahdp import PAHDP, aprotect_context_records, protect_context_records
from privrag.pahdp.records import metadata_redactor

__all__ = ["PAHDPPostprocessor"]


class PAHDPPostprocessor(BaseNodePostprocessor):
    """Rewrite the risky sentences of retrieved nodes for ``QueryBundle.query_str``, with ε.

    Every sentence of every retrieved node is scored against the query and
    the sensitivity of its entities; the risky ones are rewritten through an
    exponential mechanism over same-category substitutes (PA-HDP, seed 002).
    ε is charged per source document (``ref_doc_id``) in a ledger; once a
    document's budget is spent its risky sentences are generalized instead.
    Each node carries a string-free receipt in ``metadata["privrag"]``,
    hidden from the LLM and the embedding model; other metadata follows the
    metadata policy (strings redacted by default)::

        query_engine = index.as_query_engine(node_postprocessors=[PAHDPPostprocessor(seed=0)])
    """

    epsilon: float | None = Field(default=None, description="ε of one mid-tier sentence (None: engine default).")
    budget_per_document: float | None = Field(default=None, description="Default ε budget per source document.")
    ledger_path: str | None = Field(default=None, description="SQLite file that keeps budgets across restarts.")
    seed: int | None = Field(default=None, description="Seed of the engine's random generator.")
    metadata_policy: dict[str, str] = Field(
        default_factory=dict, description="Per-field metadata action: protect / keep / drop (strings protected by default)."
    )
    _engine: Any = PrivateAttr(default=None)
    _policy: MetadataPolicy = PrivateAttr(default=None)

    def __init__(self, engine: PAHDP | None = None, ledger: Any | None = None, **data: Any) -> None:
        super().__init__(**data)
        if engine is None:
            overrides: dict[str, Any] = {}
            if self.epsilon is not None:
                overrides["epsilon"] = self.epsilon
            if self.budget_per_document is not None:
                overrides["budget_per_document"] = self.budget_per_document
            engine = PAHDP(ledger=ledger if ledger is not None else self.ledger_path, seed=self.seed, **overrides)
        self._engine = engine
        self._policy = MetadataPolicy.coerce(self.metadata_policy)  # type: ignore[arg-type]

    @classmethod
    def class_name(cls) -> str:
        return "PrivragPAHDPPostprocessor"

    @property
    def engine(self) -> PAHDP:
        return self._engine

    def _prepare(self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None):  # noqa: ANN202
        query = query_bundle.query_str if query_bundle is not None else ""
        inner = [n.node for n in nodes]
        texts, metas = node_texts(inner)
        ids = [getattr(n, "ref_doc_id", None) or n.node_id for n in inner]
        return query, inner, texts, metas, ids

    def _finish(self, nodes: list[NodeWithScore], inner: list[Any], records: list[Any]) -> list[NodeWithScore]:
        protect = metadata_redactor(self._engine).protect_text
        rebuilt = rebuild_nodes(inner, records, self._policy, protect)  # hides the receipt from LLM and index
        return [NodeWithScore(node=new, score=old.score) for old, new in zip(nodes, rebuilt, strict=True)]

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        if not nodes:
            return []
        query, inner, texts, metas, ids = self._prepare(nodes, query_bundle)
        records, _ = protect_context_records(self._engine, query, texts, metas, self._policy, doc_ids=ids)
        return self._finish(nodes, inner, records)

    async def _apostprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        if not nodes:
            return []
        query, inner, texts, metas, ids = self._prepare(nodes, query_bundle)
        records, _ = await aprotect_context_records(self._engine, query, texts, metas, self._policy, doc_ids=ids)
        return self._finish(nodes, inner, records)
