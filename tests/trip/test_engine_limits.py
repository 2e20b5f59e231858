"""TRIP-RAG refuses a text over its size limit before any work."""

from __future__ import annotations

import pytest

from privrag.limits import TextTooLongError

SECRET = "Jane Roe "


def test_trip_rag_refuses_a_text_over_its_limit(make_trip):
    trip = make_trip(max_chars=40)
    with pytest.raises(TextTooLongError, match="TRIP-RAG"):
        trip.protect_batch(["ok", SECRET * 5])
