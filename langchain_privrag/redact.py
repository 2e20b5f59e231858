"""``RedactTransformer``: mask every detected entity in LangChain documents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.documents import BaseDocumentTransformer, Document
from pydantic import BaseModel, ConfigDict, Field

from privrag.documents import aprotect_records, protect_records
from privrag.ids import safe_id
from privrag.metadata import MetadataPolicy
from privrag.redact import Redactor

__all__ = ["RedactTransformer"]


class RedactTransformer(BaseDocumentTransformer, BaseModel):
    """Replace every detected entity with its Γ descriptor or a type tag.

    The simplest protection and the baseline for the other techniques.
    Metadata follows the metadata policy (strings protected by default); each
    output document carries a string-free ``metadata["privrag"]`` report.

    Setup:
        .. code-block:: bash

            pip install "privrag[langchain]"

    Key init args:
        redactor: a configured :class:`privrag.redact.Redactor`.
        mode: ``"descriptor"`` ("a person") or ``"tag"`` ("<PERSON>").
        metadata_policy: per-field ``protect`` / ``keep`` / ``drop``.

    Instantiate:
        .. code-block:: python

            from langchain_privrag import RedactTransformer

            redact = RedactTransformer(metadata_policy={"source": "keep"})

    Invoke:
        .. code-block:: python

            safe_docs = redact.transform_documents(docs)
            safe_docs = await redact.atransform_documents(docs)
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    redactor: Any = Field(default=None, description="privrag Redactor; built from the defaults if omitted.")
    """privrag ``Redactor``; built from the defaults if omitted."""
    mode: str = Field(default="descriptor", description="'descriptor' (Γ) or 'tag'.")
    """Replacement style: ``descriptor`` (Γ) or ``tag``."""
    metadata_policy: Any = Field(default=None, description="MetadataPolicy or {field: action}.")
    """``MetadataPolicy`` or ``{field: action}``; strings protected by default."""

    def model_post_init(self, __context: Any) -> None:
        if self.redactor is None:
            self.redactor = Redactor(mode=self.mode)  # type: ignore[arg-type]
        self.metadata_policy = MetadataPolicy.coerce(self.metadata_policy)

    def transform_documents(self, documents: Sequence[Document], **kwargs: Any) -> Sequence[Document]:
        docs = list(documents)
        records = protect_records(
            self.redactor, [d.page_content for d in docs], [d.metadata for d in docs], self.metadata_policy
        )
        return [Document(page_content=r.text, metadata=r.metadata, id=safe_id(d.id))
                for d, r in zip(docs, records, strict=True)]

    async def atransform_documents(self, documents: Sequence[Document], **kwargs: Any) -> Sequence[Document]:
        docs = list(documents)
        records = await aprotect_records(
            self.redactor, [d.page_content for d in docs], [d.metadata for d in docs], self.metadata_policy
        )
        return [Document(page_content=r.text, metadata=r.metadata, id=safe_id(d.id))
                for d, r in zip(docs, records, strict=True)]
