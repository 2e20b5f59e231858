"""PA-HDP refuses a context or a query over max_context_chars before any work."""

from __future__ import annotations

import pytest

from privrag.limits import TextTooLongError

SECRET = "Jane Roe "


def test_pa_hdp_refuses_a_context_or_a_query_over_its_limit(fake_engine_factory):
    eng = fake_engine_factory(max_context_chars=40)
    with pytest.raises(TextTooLongError, match="max_context_chars"):
        eng.protect("who?", ["ok", SECRET * 5])
    with pytest.raises(TextTooLongError, match="PA-HDP"):
        eng.protect(SECRET * 5, ["ok"])
