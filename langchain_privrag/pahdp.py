"""``PAHDPCompressor``: query-aware DP rewriting of retrieved LangChain documents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import Callbacks
from langchain_core.documents import BaseDocumentCompressor, Document
from pydantic import ConfigDict, Field

from privrag.ids import safe_id
from privrag.metadata import MetadataPolicy
from privrag.pahdp import PAHDP, aprotect_context_records, protect_context_records

__all__ = ["PAHDPCompressor"]


class PAHDPCompressor(BaseDocumentCompressor):
    """Rewrite the risky sentences of retrieved documents for *this* query, with ε.

    PA-HDP (seed 002) scores every sentence of every retrieved document
    against the query and the sensitivity of its entities, and rewrites the
    risky ones through an exponential mechanism over same-category
    substitutes; a query that asks to "repeat all the context" or names a
    person in it raises the protection. ε is charged per source document in
    a ledger (in memory or SQLite) and, once a document's budget is spent,
    its risky sentences are generalized ("a person") instead. Each output
    document carries a string-free receipt in ``metadata["privrag"]``
    (tiers, ε per sentence and per document, ledger state); other metadata
    follows the metadata policy (strings redacted by default).

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]" langchain-classic

    Key init args:
        engine: a configured :class:`privrag.pahdp.PAHDP` (built if omitted).
        epsilon: ε of one mid-tier sentence (high tier: half of it).
        ledger: a ``BudgetLedger`` or a SQLite file path (persists budgets).
        budget_per_document: default ε budget per source document.
        doc_id_key: metadata field naming the source document (then ``Document.id``).
        metadata_policy: per-field ``protect`` / ``keep`` / ``drop``.
        seed: seed of the engine's random generator.

    Instantiate:
        .. code-block:: python

            from langchain_classic.retrievers import ContextualCompressionRetriever
            from langchain_privrag import PAHDPCompressor

            retriever = ContextualCompressionRetriever(
                base_compressor=PAHDPCompressor(ledger="budgets.sqlite", seed=0),
                base_retriever=vectorstore.as_retriever(search_kwargs={"k": 5}),
            )

    Invoke:
        .. code-block:: python

            docs = retriever.invoke("Which patient was treated for chest pain?")
            docs[0].metadata["privrag"]["receipt"]["epsilon"]
            docs = await retriever.ainvoke("…")
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    engine: Any = Field(default=None, exclude=True, description="privrag PAHDP engine; built from the defaults if omitted.")
    """privrag ``PAHDP`` engine; built from the defaults if omitted."""
    epsilon: float | None = Field(default=None, description="ε of one mid-tier sentence (None: engine default).")
    """ε of one mid-tier sentence; ``None`` keeps the engine default."""
    ledger: Any = Field(default=None, exclude=True, description="BudgetLedger or SQLite path; None = in memory.")
    """``BudgetLedger`` or SQLite file path; ``None`` = in memory."""
    budget_per_document: float | None = Field(default=None, description="Default ε budget per source document.")
    """Default ε budget per source document (``None``: the engine default)."""
    doc_id_key: str = Field(default="source", description="Metadata field that names the source document.")
    """Metadata field naming the source document (falls back to ``Document.id``, then a content hash)."""
    metadata_policy: Any = Field(default=None, description="MetadataPolicy or {field: action}.")
    """``MetadataPolicy`` or ``{field: action}``; strings protected by default."""
    seed: int | None = Field(default=None, description="Seed of the engine's random generator.")
    """Seed of the engine's random generator (same seed, same output)."""

    def model_post_init(self, __context: Any) -> None:
        if self.engine is None:
            overrides: dict[str, Any] = {}
            if self.epsilon is not None:
                overrides["epsilon"] = self.epsilon
            if self.budget_per_document is not None:
                overrides["budget_per_document"] = self.budget_per_document
            self.engine = PAHDP(ledger=self.ledger, seed=self.seed, **overrides)
        self.metadata_policy = MetadataPolicy.coerce(self.metadata_policy)

    def _doc_id(self, doc: Document) -> str | None:
        value = (doc.metadata or {}).get(self.doc_id_key)
        if value is not None:
            return str(value)
        return str(doc.id) if doc.id else None

    def _args(self, documents: Sequence[Document]) -> tuple[list[Document], list[str], list[dict], list[str | None]]:
        docs = list(documents)
        return docs, [d.page_content for d in docs], [d.metadata for d in docs], [self._doc_id(d) for d in docs]

    @staticmethod
    def _rebuild(docs: list[Document], records: list[Any]) -> list[Document]:
        return [Document(page_content=r.text, metadata=r.metadata, id=safe_id(d.id))
                for d, r in zip(docs, records, strict=True)]

    def compress_documents(
        self, documents: Sequence[Document], query: str, callbacks: Callbacks | None = None
    ) -> Sequence[Document]:
        docs, texts, metas, ids = self._args(documents)
        if not docs:
            return []
        records, _ = protect_context_records(self.engine, query, texts, metas, self.metadata_policy, doc_ids=ids)
        return self._rebuild(docs, records)

    async def acompress_documents(
        self, documents: Sequence[Document], query: str, callbacks: Callbacks | None = None
    ) -> Sequence[Document]:
        docs, texts, metas, ids = self._args(documents)
        if not docs:
            return []
        records, _ = await aprotect_context_records(
            self.engine, query, texts, metas, self.metadata_policy, doc_ids=ids
        )
        return self._rebuild(docs, records)
