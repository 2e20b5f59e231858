"""``TripRagTransformer``: TRIP-RAG selective anonymization for LangChain documents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.documents import BaseDocumentTransformer, Document
from pydantic import BaseModel, ConfigDict, Field

from privrag.documents import aprotect_records, protect_records
from privrag.ids import safe_id
from privrag.metadata import MetadataPolicy
from privrag.redact import Redactor
from privrag.trip import TripRag

__all__ = ["TripRagTransformer"]


class TripRagTransformer(BaseDocumentTransformer, BaseModel):
    """Mask only the entities whose privacy risk outweighs their retrieval value.

    Put it between the splitter and the vector store: the embedding service
    and the index then only see the protected text. Identifiers (e-mail,
    phone, ID numbers) are always masked; other entities are masked when
    ``Ψ > τ`` (τ calibrated on TAB dev). Metadata strings follow the metadata
    policy and are fully redacted (a field has no retrieval context to trade
    against). Each output document carries a string-free
    ``metadata["privrag"]`` entry with counts and decisions.

    τ and F_norm were calibrated on ~230-token chunks of court judgments:
    split into chunks of similar size (~1,000 characters); in much smaller
    chunks every entity looks central to its chunk and more are kept. On
    other domains recalibrate (``privrag calibrate``) or add categories to
    the always-mask policy, e.g. ``TripPolicy(always_mask=DEFAULT_ALWAYS_MASK | {"PERSON"})``.

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        trip: a configured :class:`privrag.trip.TripRag` (built from the defaults if omitted).
        tau: override the calibrated threshold (higher = mask less).
        metadata_policy: per-field ``protect`` / ``keep`` / ``drop``.
        document_key: metadata field naming a chunk's source document (default
            ``"source"``, which loaders set and splitters copy): an entity masked
            in one chunk is then masked in every chunk of that document.

    Instantiate:
        .. code-block:: python

            from langchain_privrag import TripRagTransformer

            trip = TripRagTransformer(metadata_policy={"source": "keep"})

    Invoke:
        .. code-block:: python

            safe_docs = trip.transform_documents(chunks)
            safe_docs = await trip.atransform_documents(chunks)
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    trip: Any = Field(default=None, description="privrag TripRag engine; built from the defaults if omitted.")
    """privrag ``TripRag``; built from the defaults if omitted."""
    tau: float | None = Field(default=None, description="Override of the calibrated τ (higher masks less).")
    """Override of the calibrated τ (higher masks less)."""
    metadata_policy: Any = Field(default=None, description="MetadataPolicy or {field: action}.")
    """``MetadataPolicy`` or ``{field: action}``; strings protected by default."""
    document_key: str | None = Field(default="source", description="Metadata field naming the source document.")
    """Metadata field naming a chunk's source document; ``None`` treats every chunk alone."""
    metadata_redactor: Any = Field(default=None, exclude=True, description="Redactor for metadata values.")
    """``Redactor`` for metadata values (default: the engine's detector, every entity masked)."""

    def model_post_init(self, __context: Any) -> None:
        if self.trip is None:
            self.trip = TripRag(tau=self.tau)
        elif self.tau is not None:
            raise ValueError("pass tau to the TripRag engine you built, or no engine")
        self.metadata_policy = MetadataPolicy.coerce(self.metadata_policy)
        if self.metadata_redactor is None:
            self.metadata_redactor = Redactor(self.trip.detector)

    def _docs(self, docs: list[Document], records: list[Any]) -> list[Document]:
        return [Document(page_content=r.text, metadata=r.metadata, id=safe_id(d.id))
                for d, r in zip(docs, records, strict=True)]

    def _groups(self, docs: list[Document]) -> list[Any]:
        key = self.document_key
        return [(d.metadata or {}).get(key) if key else None for d in docs]

    def transform_documents(self, documents: Sequence[Document], **kwargs: Any) -> Sequence[Document]:
        docs = list(documents)
        records = protect_records(self.trip, [d.page_content for d in docs], [d.metadata for d in docs],
                                  self.metadata_policy, metadata_protector=self.metadata_redactor,
                                  groups=self._groups(docs))
        return self._docs(docs, records)

    async def atransform_documents(self, documents: Sequence[Document], **kwargs: Any) -> Sequence[Document]:
        docs = list(documents)
        records = await aprotect_records(self.trip, [d.page_content for d in docs], [d.metadata for d in docs],
                                         self.metadata_policy, metadata_protector=self.metadata_redactor,
                                         groups=self._groups(docs))
        return self._docs(docs, records)
