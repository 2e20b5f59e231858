"""What protection must leave intact: drugs, diagnoses, durations, amounts, public bodies.

``KeepFinder`` finds keep spans with their reason; ``apply_keep`` takes them out
of a detector's soft spans. The default detector applies both, so redaction,
TRIP-RAG, PA-HDP and SEAG inherit the same decisions.
"""

from privrag.keep.finder import (
    SOFT_SOURCES,
    KeepFinder,
    KeepSpan,
    apply_keep,
    detect_with_keep,
    drop_kept_values,
)

__all__ = ["KeepFinder", "KeepSpan", "apply_keep", "detect_with_keep", "drop_kept_values", "SOFT_SOURCES"]
