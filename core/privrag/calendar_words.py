"""English month, weekday and season names, written out and abbreviated; parts of the day in our languages.

One list for every rule that must not read a date word as a name or a place
("moved from January", "Mr Smith from March", "a given name 'June'", a
"date" span that is really a town).
"""

from __future__ import annotations

import re

__all__ = ["MONTHS", "WEEKDAYS", "SEASONS", "CALENDAR_WORDS", "PART_OF_DAY"]

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

_PARTS = (
    # English
    r"morning|mornings|afternoon|afternoons|evening|evenings|night|nights|overnight|tonight|midnight|noon|midday|"
    r"dawn|dusk|bedtime|lunchtime|daytime|night-time|nighttime|"
    # French, Spanish, Portuguese, Italian, German, Dutch: the languages our users' notes quote their schedules in
    # (never a word that is also a given name: "Sera", "Morgen")
    r"matin|soir|soirée|après-midi|nuit|midi|mañana|tarde|noche|madrugada|mediodía|manhã|noite|mattina|mattino|"
    r"pomeriggio|notte|morgens|vormittags|mittags|nachmittags|abends|nachts|Vormittag|Nachmittag|Abend|"
    r"Nacht|ochtend|middag|avond|nacht|'s ochtends|'s avonds|'s middags|'s nachts"
)
_ARTICLE = r"(?:(?:le|la|el|il|der|am|de|in\s+the|the|por\s+la|à\s+la|de\s+la|in\s+der)\s+)?"
#: a part of the day, alone or two joined ("le matin", "matin et soir", "morning and evening"): it dates nothing
PART_OF_DAY = re.compile(
    rf"(?i){_ARTICLE}(?:{_PARTS})(?:\s+(?:and|or|et|ou|y|o|e|und|oder|en|of)\s+{_ARTICLE}(?:{_PARTS}))?"
)
