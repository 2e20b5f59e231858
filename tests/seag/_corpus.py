"""Generated SEAG requests with gold spans, and the checks of issue 19.

Texts are built from templates filled with Faker values over many locales,
so every sensitive string and its offsets are known exactly. A
:class:`GoldDetector` returns those spans (the detector's own recall is not
what these tests measure: the aliasing and restoring machinery is), and the
way the real detector merges spans is reproduced on purpose: a surname
inside a MONEY span ("Eberth owes USD 387k since"), inside a DATETIME row,
an IBAN, a date of birth, the same surname in two cases ("Corbo", "CORBO").

:func:`measure` runs the checks and returns counts; ``python -m
tests.seag._corpus N SEED PER_REQUEST`` prints them (the numbers in the report of issue 19).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from privrag.detect.base import BaseDetector
from privrag.seag.families import NAME_PARTICLES, TOKEN_RE
from privrag.types import DetectedEntity, PrivacyError

LOCALES = (
    "en_US", "en_GB", "en_IE", "en_AU", "de_DE", "de_AT", "fr_FR", "fr_CH", "es_ES", "es_MX", "it_IT",
    "nl_NL", "nl_BE", "pt_BR", "pt_PT", "pl_PL", "sv_SE", "da_DK", "fi_FI", "cs_CZ", "hu_HU", "ro_RO",
    "tr_TR", "hr_HR", "sk_SK", "sl_SI", "no_NO", "id_ID", "et_EE", "lv_LV", "lt_LT",
)  # fmt: skip
_PARTICLES = ("van", "van der", "de", "von", "da", "van den", "di", "le")
_DATE_FORMATS = ("%d/%m/%Y", "%m/%d/%Y", "%d.%m.%Y", "%Y-%m-%d")


@dataclass
class Case:
    """One generated text: the text, its gold spans and the facts to check."""

    text: str
    spans: list[DetectedEntity]
    first: str
    last: str
    dob: str
    dob_format: str
    iban: str
    locale: str


class GoldDetector(BaseDetector):
    """Returns the gold spans of texts it was given (unit tests only)."""

    name = "gold"

    def __init__(self) -> None:
        self.gold: dict[str, list[DetectedEntity]] = {}

    def add(self, case: Case) -> None:
        self.gold[case.text] = case.spans

    def _detect(self, text: str) -> list[DetectedEntity]:
        return list(self.gold.get(text, []))


class _Text:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.spans: list[DetectedEntity] = []
        self.pos = 0

    def add(self, s: str, label: str | None = None) -> _Text:
        if label is not None:
            self.spans.append(DetectedEntity(self.pos, self.pos + len(s), label, s, 1.0, "gold"))
        self.parts.append(s)
        self.pos += len(s)
        return self


def _fakers() -> dict[str, object]:
    from faker import Faker

    return {loc: Faker(loc) for loc in LOCALES}


def make_case(fakers: dict[str, object], rng: random.Random) -> Case:
    """One text in one of several shapes, from one locale's Faker."""
    locale = rng.choice(LOCALES)
    fake = fakers[locale]
    fake.seed_instance(rng.randrange(2**31))  # type: ignore[attr-defined]
    first = re.sub(r"[^\w'\- ]", "", fake.first_name()).strip() or "Anna"  # type: ignore[attr-defined]
    last = re.sub(r"[^\w'\- ]", "", fake.last_name()).strip() or "Eberth"  # type: ignore[attr-defined]
    if rng.random() < 0.15 and " " not in last:
        last = f"{rng.choice(_PARTICLES)} {last}"
    company = fake.company()  # type: ignore[attr-defined]
    city = fake.city()  # type: ignore[attr-defined]
    fmt = rng.choice(_DATE_FORMATS)
    dob = dt.date(rng.randint(1935, 2004), rng.randint(1, 12), rng.randint(1, 28)).strftime(fmt)
    iban = fake.iban()  # type: ignore[attr-defined]
    if rng.random() < 0.5:
        iban = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
    full = f"{first} {last}"
    k = rng.randint(12, 990)
    year = rng.randint(1990, 2023)
    t = _Text()
    shape = rng.randrange(4)
    if shape == 0:
        t.add(full, "PERSON").add(" (born ").add(dob, "DATE_TIME").add(") works at ").add(company, "ORG")
        t.add(" in ").add(city, "LOCATION").add(". Account ").add(iban, "IBAN_CODE").add(". Ms. ")
        t.add(f"{last} owes USD {k}k since", "MONEY").add(f" {year}.")
    elif shape == 1:
        # the surname's only mention sits inside a value span
        t.add("Statement of ").add(company, "ORG").add(": ").add(f"{last} owes USD {k}k since", "MONEY")
        t.add(f" {year}; IBAN ").add(iban, "IBAN_CODE").add(". Date of birth ").add(dob, "DATE_TIME").add(".")
    elif shape == 2:
        # a DATETIME row that holds the name, and the name in capitals
        t.add(f"{dob} {full} admitted", "DATE_TIME").add(" to ").add(city, "LOCATION").add(" clinic. ")
        t.add(full.upper(), "PERSON").add(" paid from ").add(iban, "IBAN_CODE").add(".")
    else:
        # two cases of one surname, detected apart, and the given name alone
        t.add("Letter from ").add(full, "PERSON").add(" to ").add(company, "ORG").add(". ")
        t.add(last.upper(), "PERSON").add(" and ").add(last, "PERSON").add(" are one person; ")
        t.add(first, "PERSON").add(" was born on ").add(dob, "DATE_TIME").add(", account ")
        t.add(iban, "IBAN_CODE").add(".")
    return Case("".join(t.parts), t.spans, first, last, dob, fmt, iban, locale)


def cases(n: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    fakers = _fakers()
    return [make_case(fakers, rng) for _ in range(n)]


def _occurs(needle: str, hay: str) -> bool:
    pat = ("(?<!\\w)" if re.match(r"\w", needle[0]) else "") + re.escape(needle) + (
        "(?!\\w)" if re.match(r"\w", needle[-1]) else "")
    return re.search(pat, hay, re.I) is not None


def name_tokens(name: str) -> list[str]:
    """The parts of a name that identify (no particles, no initials)."""
    return [m.group(0) for m in TOKEN_RE.finditer(name) if m.group(0).lower() not in NAME_PARTICLES
            and len(m.group(0)) >= 3 and not m.group(0).islower()]  # lower case in a name: a particle


def leaked(case: Case, sent: str) -> list[str]:
    """Originals (whole, or a token of the name) still in the sent text."""
    out = [s.text for s in case.spans if _occurs(s.text, sent)]
    # a part of the name the text never wrote (shape 1 has no given name) may be any alias
    out += [tok for tok in name_tokens(f"{case.first} {case.last}") if _occurs(tok, case.text) and _occurs(tok, sent)]
    compact = re.sub(r"\s", "", case.iban)
    if compact in re.sub(r"\s", "", sent):
        out.append("iban")
    return out


def shared_digits(original: str, alias: str, keep: int = 2) -> int:
    """Aligned characters (digits) an identifier alias shares beyond its country code."""
    a, b = re.sub(r"\s", "", original)[keep:], re.sub(r"\s", "", alias)[keep:]
    return sum(1 for x, y in zip(a, b, strict=False) if x.isdigit() and x == y)


_IBAN_LIKE = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:\s?[A-Z0-9]){8,}")


def sent_ibans(original: str, sent: str) -> list[str]:
    """What the sent text has in the IBAN's place: IBAN-shaped strings of its length
    (the detector may have aliased "IBAN GB33 …" as one span, so the table has no row for the IBAN alone)."""
    n = len(re.sub(r"\s", "", original))
    return [m.group(0) for m in _IBAN_LIKE.finditer(sent) if len(re.sub(r"\s", "", m.group(0))) == n]


def same_day_month(case: Case, alias: str) -> bool:
    try:
        a = dt.datetime.strptime(case.dob, case.dob_format)
        b = dt.datetime.strptime(alias, case.dob_format)
    except ValueError:
        return False  # another format: shares no day-and-month by construction
    return (a.day, a.month) == (b.day, b.month)


def _aligned(original: str, alias: str) -> list[tuple[str, str]]:
    a = [m.group(0) for m in TOKEN_RE.finditer(original)]
    b = [m.group(0) for m in TOKEN_RE.finditer(alias)]
    return list(zip(a, b, strict=True)) if len(a) == len(b) else []


@dataclass
class Tally:
    texts: int = 0
    raised: int = 0
    leaks: int = 0
    roundtrip_failures: int = 0
    restore: Counter = field(default_factory=Counter)
    restore_ok: Counter = field(default_factory=Counter)
    json_checked: int = 0
    json_mismatch: int = 0
    iban_shared_any: int = 0
    iban_shared_majority: int = 0
    dob_same_day_month: int = 0
    examples: list[str] = field(default_factory=list)
    leak_examples: list[str] = field(default_factory=list)

    def rates(self) -> dict[str, object]:
        return {
            "texts": self.texts, "raised_privacy_error": self.raised, "leaks": self.leaks,
            "roundtrip_failures_returned": self.roundtrip_failures,
            **{f"restore_{k}": round(100 * self.restore_ok[k] / v, 2) for k, v in sorted(self.restore.items()) if v},
            "json_stream_mismatch": f"{self.json_mismatch}/{self.json_checked}",
            "iban_alias_shares_any_digit": self.iban_shared_any,
            "iban_alias_shares_majority": self.iban_shared_majority,
            "dob_alias_same_day_month": self.dob_same_day_month,
        }


def _answers(case: Case, table) -> dict[str, tuple[str, list[str]]]:
    """What a model might write about the person, and what restoring must give back."""
    full = f"{case.first} {case.last}"
    alias_full = table.alias(full)
    pairs = _aligned(full, alias_full)
    if not pairs:
        return {}
    core = [(o, a) for o, a in pairs if o.lower() not in NAME_PARTICLES]
    (f_o, f_a), (l_o, l_a) = core[0], core[-1]
    out = {
        "surname_alone": (f"In short, {l_a} paid.", [l_o]),
        "given_alone": (f"Later {f_a} agreed.", [f_o]),
        "upper": (f"NOTE: {alias_full.upper()} SIGNED.", [full.upper()]),
        "lower": (f"note: {alias_full.lower()} signed.", [full.lower()]),
        "title": (f"Note: {alias_full.title()} signed.", [full.title()]),
        "possessive": (f"It was {l_a}'s account.", [f"{l_o}'s"]),
    }
    if len(core) != len(pairs):  # a particle the model may drop: "Piet van Smit" → "Piet Smit"
        out["particle_dropped"] = (f"Then {f_a} {l_a} left.", [f_o, l_o])
    return out


def check(case: Case, table, sent: str, tally: Tally, rng: random.Random) -> None:
    bad = leaked(case, sent)
    if bad:
        tally.leaks += 1
        if len(tally.leak_examples) < 40:
            tally.leak_examples.append(f"leak {case.locale}: {bad} in {case.text!r}")
    if table.restore(sent) != case.text or table.params.get("roundtrip_verified") is False:
        tally.roundtrip_failures += 1
    for kind, (answer, want) in _answers(case, table).items():
        tally.restore[kind] += 1
        got = table.restore(answer)
        if all(w in got for w in want) or (kind in ("upper", "lower", "title") and all(
                w.lower() in got.lower() for w in want)):
            tally.restore_ok[kind] += 1
        elif len(tally.examples) < 16:
            tally.examples.append(f"{kind} {case.locale}: want {want}")
    alias_full = table.alias(f"{case.first} {case.last}")
    answer = f'Summary:\n{alias_full}\t"{alias_full}" \\ {alias_full}\n\n{table.alias(case.first)}.'
    args = json.dumps({"text": answer, "who": [alias_full]}, ensure_ascii=rng.random() < 0.5)
    cuts = sorted(rng.sample(range(1, len(args)), min(6, len(args) - 1)))
    stream = table.json_streaming_restorer()
    out = "".join(stream.feed(args[a:b]) for a, b in zip([0, *cuts], [*cuts, len(args)], strict=True))
    out += stream.flush()
    tally.json_checked += 1
    try:
        ok = json.loads(out) == {"text": table.restore(answer), "who": [table.restore(alias_full)]}
    except ValueError:
        ok = False
    tally.json_mismatch += not ok
    shared = max([shared_digits(case.iban, c) for c in sent_ibans(case.iban, sent)], default=0)
    digits = sum(c.isdigit() for c in case.iban[2:])
    tally.iban_shared_any += shared > 0
    tally.iban_shared_majority += shared * 2 > digits
    tally.dob_same_day_month += same_day_month(case, table.alias(case.dob))


def measure(n: int, seed: int = 0, *, per_request: int = 4, detector=None) -> Tally:
    """Build ``n`` generated texts, alias them ``per_request`` at a time (a question and
    its retrieved documents share one table), run every check on every text.

    ``detector``: the detector to use (default: the gold spans)."""
    from privrag.seag import SEAG

    gold = GoldDetector()
    seag = SEAG(detector or gold)
    rng = random.Random(seed + 1)
    tally = Tally()
    all_cases = cases(n, seed)
    for i in range(0, n, per_request):
        batch = all_cases[i : i + per_request]
        for case in batch:
            gold.add(case)
        tally.texts += len(batch)
        try:
            req = seag.prepare([c.text for c in batch], seed=seed * 1_000_003 + i)
        except PrivacyError:
            tally.raised += len(batch)
            continue
        for case, sent in zip(batch, req.aliased, strict=True):
            check(case, req.table, sent, tally, rng)
    return tally


def main(argv: Sequence[str]) -> None:
    n = int(argv[1]) if len(argv) > 1 else 1000
    per = int(argv[3]) if len(argv) > 3 else 4
    tally = measure(n, seed=int(argv[2]) if len(argv) > 2 else 0, per_request=per)
    print(json.dumps(tally.rates(), indent=1))
    for e in tally.leak_examples + tally.examples:
        print(e)


if __name__ == "__main__":
    main(sys.argv)
