"""LangChain's standard embeddings suites (langchain-tests 1.1.9) on PrivragEmbeddings.

The integration suite runs the packaged offline MiniLM (no fakes). Nothing is
skipped: ``test_init_from_env`` has no environment variables to read and so
checks construction only.
"""

from __future__ import annotations

from langchain_tests.integration_tests import EmbeddingsIntegrationTests
from langchain_tests.unit_tests import EmbeddingsUnitTests

from langchain_privrag.embeddings import PrivragEmbeddings


class TestPrivragEmbeddingsUnit(EmbeddingsUnitTests):
    @property
    def embeddings_class(self) -> type[PrivragEmbeddings]:
        return PrivragEmbeddings


class TestPrivragEmbeddingsIntegration(EmbeddingsIntegrationTests):
    @property
    def embeddings_class(self) -> type[PrivragEmbeddings]:
        return PrivragEmbeddings
