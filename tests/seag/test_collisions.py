"""The alias-collision predicate finds through its index exactly what comparing with every original finds."""

from __future__ import annotations

import random

from privrag.seag.collisions import Collisions
from privrag.seag.restore import fold


def _brute(col: Collisions, candidate: str) -> bool:
    c = fold(candidate)
    return col._occurs(c, col.hay) or any(
        (o in c and col._occurs(o, c)) or (c in o and col._occurs(c, o)) for o in col.originals)


def test_indexed_collisions_equal_the_all_pairs_check():
    rnd = random.Random(0)
    words = ["anna", "Ann", "Smith", "smith-jones", "O'Neil", "Müller", "van", "Berg", "Jo", "+44", "-", "St."]

    def phrase() -> str:
        return rnd.choice(["", "-", "(", " "]).join(rnd.sample(words, rnd.randint(1, 3))).strip() or "Jo"

    originals = [phrase() for _ in range(60)] + ["--", "+-+"]
    col = Collisions(["Dear Anna Smith, see you in Berg."], originals)
    col.add_original("Zed Quill")
    for _ in range(600):
        cand = phrase() if rnd.random() < 0.8 else rnd.choice(["Zed", "Quill Zed", "-", "++", "e"])
        assert col(cand) == _brute(col, cand), cand
