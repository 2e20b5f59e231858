"""One PADGenerator on the real SmolLM2 per test session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def pad_generator():
    from privrag.pad.generate import PADGenerator

    return PADGenerator(max_new_tokens=12, batch_size=4)
