"""English month, weekday and season names, written out and abbreviated.

One list for every rule that must not read a date word as a name or a place
("moved from January", "Mr Smith from March", "a given name 'June'", a
"date" span that is really a town).
"""

from __future__ import annotations

__all__ = ["MONTHS", "WEEKDAYS", "SEASONS", "CALENDAR_WORDS"]

MONTHS: frozenset[str] = frozenset(
    "january february march april may june july august september october november december".split()
)
WEEKDAYS: frozenset[str] = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
#: the seasons, lower case ("fall" too: American English)
SEASONS: frozenset[str] = frozenset("spring summer autumn fall winter".split())
#: months and weekdays, full and abbreviated, lower case
CALENDAR_WORDS: frozenset[str] = MONTHS | WEEKDAYS | frozenset(
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun".split()
)
