"""Build one alias table from the detected spans of all texts of a request.

The builder is where SEAG's guarantees live, whatever generator is used:

* one table over question, documents and system prompt (grouped jointly, so
  "Mr Jordan" in the question and "John Jordan" in a document are one person);
* field labels ("Query:", "Tel") and other components' placeholders ("a
  person", ``<PERSON>``) are never aliased (:mod:`privrag.seag.non_entities`);
* dates, amounts and ages rewritten with one set of per-request parameters;
* no alias occurs in any input, and none contains or is contained in an
  original (word-bounded, case-insensitive); violating proposals are
  redrawn, and the last resort is a shape-preserving random string;
* after aliasing, no original is left in any text (a match that swallowed
  part of another entity gets a merged row), and ``restore(alias(t)) == t``
  for every input ``t`` — checked, with a fresh draw if it ever fails, and
  :class:`PrivacyError` when no draw passes (:mod:`privrag.seag.verify`).
"""

from __future__ import annotations

import bisect
import logging
import random
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from privrag.detect.grouping import group_entities
from privrag.detect.overlap import resolve_overlaps
from privrag.generalize import canonical_label
from privrag.seag.faker_aliases import FakerAliasGenerator, fresh_alias, shape_alias
from privrag.seag.families import (
    TOKEN_RE,
    align_parts,
    case_like,
    is_generic,
    name_parts,
    split_possessive,
)
from privrag.seag.generator import AliasGenerator, AliasPlan, AliasSuggestion, PlannedEntity
from privrag.seag.honorifics import neutral_honorifics, with_honorifics
from privrag.seag.non_entities import drop_non_entities
from privrag.seag.repair import composition_conflicts
from privrag.seag.restore import fold, is_word_char
from privrag.seag.scripts import DEFAULT_COVERED_SCRIPTS
from privrag.seag.span_prep import (
    VALUES_SOURCE,
    drop_headings,
    drop_values_inside_entities,
    join_country_names,
    misread_values,
    person_noun,
    plain_number,
    snap,
)
from privrag.seag.table import AliasEntry, AliasTable
from privrag.seag.value_split import split_value_spans
from privrag.seag.values import VALUE_CATEGORIES, ValueParams, ValueShifter
from privrag.seag.verify import close_case_leaks, leaks, person_tokens, valid_alias
from privrag.types import DetectedEntity, PrivacyError

__all__ = ["BuilderConfig", "AliasTableBuilder"]

log = logging.getLogger(__name__)

#: capitalised words that head person spans but are not name parts
_NOT_PARTS = frozenset(
    "the and applicant president minister judge justice court king queen saint san santa".split()
)


@dataclass
class BuilderConfig:
    """How the table is built.

    Key init args:
        alias_percentages: also rewrite percentages (kept by default).
        propagate_name_parts: add rows for the parts of person names
            ("Jordan" from "John Jordan") so bare mentions the detector
            missed are aliased too.
        skip_categories: canonical categories never aliased (quantities,
            titles of laws and works: "Article 8 of the Convention" must stay).
        min_part_length: shortest name part that gets its own row.
        locale: Faker locale passed to generators.
        max_attempts: fresh draws when a round trip cannot be verified.
        honorifics: ``"neutral"`` (default): honorifics that say a
            person's gender or marital status ("Mr", "Mrs", "Ms", "Miss")
            become "Mx" and first names are drawn without regard to gender
            ("Mr Jordan" → "Mx Cruz", restored to "Mr Jordan"); or
            ``"keep"``: as the text was written ("Mr Jordan" → "Mr Cruz").
            Neutral is the default because an honorific is personal data
            the generator does not need (Presidio's own PII types count it,
            as TITLE) and measured answers did not suffer (README).
            Professional titles ("Dr", "Prof") stay. Pronouns in the text
            are not rewritten, so gender can still be read from "he"/"she".
        covered_scripts / uncovered_scripts: the writing systems the
            detector finds names in (Latin by default) and what to do with
            words in any other: ``"alias"`` every such word (a text mostly
            in such a script raises :class:`PrivacyError`), ``"raise"`` on
            any, or ``"allow"``; see :mod:`privrag.seag.scripts`.
    """

    alias_percentages: bool = False
    propagate_name_parts: bool = True
    skip_categories: frozenset[str] = field(default_factory=lambda: frozenset({"QUANTITY", "WORK"}))
    min_part_length: int = 2
    locale: str = "en_US"
    max_attempts: int = 4
    honorifics: Literal["keep", "neutral"] = "neutral"
    covered_scripts: frozenset[str] = DEFAULT_COVERED_SCRIPTS
    uncovered_scripts: Literal["alias", "raise", "allow"] = "alias"

    def __post_init__(self) -> None:
        if self.honorifics not in ("keep", "neutral"):
            raise ValueError(f"honorifics must be 'keep' or 'neutral', not {self.honorifics!r}")
        if self.uncovered_scripts not in ("alias", "raise", "allow"):
            raise ValueError(
                f"uncovered_scripts must be 'alias', 'raise' or 'allow', not {self.uncovered_scripts!r}")


_RUN = re.compile(r"\w+")


class _Collisions:
    """The ``avoid`` predicate: inputs, originals and aliases already taken."""

    def __init__(self, texts: Sequence[str], originals: Sequence[str]) -> None:
        self.hay = "\n\x00\n".join(fold(t) for t in texts)
        #: where each word of the inputs starts: a candidate that begins with a word
        #: character can only occur where its first word does (a scan of the whole
        #: input per candidate made a long letter's table quadratic)
        self._word_at: dict[str, list[int]] = {}
        for m in _RUN.finditer(self.hay):
            self._word_at.setdefault(m.group(0), []).append(m.start())
        self.originals: set[str] = set()
        #: originals by each run of word characters they hold, and by their first run: a
        #: word-bounded containment in either direction lines up whole runs, so a candidate
        #: meets only the originals that share one with it (all of them: quadratic)
        self._by_run: dict[str, set[str]] = {}
        self._by_first: dict[str, set[str]] = {}
        self._runless: set[str] = set()
        for o in originals:
            self._index(fold(o))
        self.claimed: dict[str, str] = {}
        self._cache: dict[str, bool] = {}

    def _index(self, o: str) -> None:
        if o in self.originals:
            return
        self.originals.add(o)
        runs = _RUN.findall(o)
        if not runs:
            self._runless.add(o)
            return
        self._by_first.setdefault(runs[0], set()).add(o)
        for r in runs:
            self._by_run.setdefault(r, set()).add(o)

    def _related(self, c: str) -> set[str]:
        """The originals that may lie inside ``c`` or hold it, word-bounded (a superset)."""
        runs = _RUN.findall(c)
        if not runs:
            return set(self.originals)
        out = set(self._runless) | self._by_run.get(runs[0], set())
        for r in runs:
            out |= self._by_first.get(r, set())
        return out

    @staticmethod
    def _occurs(needle: str, hay: str) -> bool:
        """``needle`` in ``hay`` where it starts and ends a word (if it starts or ends with a word character)."""
        head, tail, n = is_word_char(needle[0]), is_word_char(needle[-1]), len(needle)
        i = hay.find(needle)
        while i >= 0:
            if not (head and i > 0 and is_word_char(hay[i - 1])) and not (
                tail and i + n < len(hay) and is_word_char(hay[i + n])
            ):
                return True
            i = hay.find(needle, i + 1)
        return False

    def _in_inputs(self, c: str) -> bool:
        """``_occurs(c, self.hay)`` through the word index."""
        first = _RUN.search(c)
        if first is None:
            return self._occurs(c, self.hay)
        # the first word of ``c`` is a whole word of the inputs wherever ``c`` occurs:
        # it starts ``c`` or follows a non-word character of it, and it ends ``c`` (a
        # word-bounded end) or a non-word character of ``c`` follows it
        hay, n, j = self.hay, len(c), first.start()
        tail_bound = is_word_char(c[-1])
        for p in self._word_at.get(first.group(0), ()):
            q = p - j
            if q >= 0 and hay.startswith(c, q) and not (tail_bound and q + n < len(hay) and is_word_char(hay[q + n])):
                return True
        return False

    def add_original(self, original: str) -> None:
        self._index(fold(original))
        self._cache.clear()

    def __call__(self, candidate: str) -> bool:
        if not candidate or not candidate.strip():
            return True
        c = fold(candidate)
        hit = self._cache.get(c)
        if hit is None:
            hit = self._in_inputs(c) or any(
                (o in c and self._occurs(o, c)) or (c in o and self._occurs(c, o)) for o in self._related(c)
            )
            self._cache[c] = hit
        return hit

    def free(self, original: str, alias: str) -> bool:
        owner = self.claimed.get(fold(alias))
        return owner is None or owner == fold(original)

    def claim(self, original: str, alias: str) -> None:
        self.claimed.setdefault(fold(alias), fold(original))


def _edges_ok(original: str, alias: str) -> bool:
    """An alias must begin/end with a word character exactly where the original
    does, or word-bounded restoring could not find it again in context."""
    return (is_word_char(original[0]) == is_word_char(alias[0])
            and is_word_char(original[-1]) == is_word_char(alias[-1]))


class AliasTableBuilder:
    """Turn texts + detected spans into a verified :class:`AliasTable`.

    Key init args:
        generator: any :class:`~privrag.seag.generator.AliasGenerator`
            (default :class:`FakerAliasGenerator`); its proposals are validated
            and completed by ``fallback``.
        fallback: the generator that completes missing or invalid proposals.
        config: :class:`BuilderConfig`.
    """

    def __init__(
        self,
        generator: AliasGenerator | None = None,
        *,
        fallback: AliasGenerator | None = None,
        config: BuilderConfig | None = None,
    ) -> None:
        self.config = config or BuilderConfig()
        self.fallback = fallback or FakerAliasGenerator()
        self.generator = generator or self.fallback

    # -- public ---------------------------------------------------------------
    def build(
        self,
        texts: Sequence[str],
        spans: Sequence[Sequence[DetectedEntity]],
        *,
        seed: int | None = None,
        base: AliasTable | None = None,
    ) -> AliasTable:
        texts = list(texts)
        if len(texts) != len(spans):
            raise ValueError("need one span list per text")
        seed = secrets.randbits(63) if seed is None else seed
        try:
            clean = drop_headings(texts, [self._normalize(t, s) for t, s in zip(texts, spans, strict=True)])
            n = self.config.min_part_length
            for attempt in range(self.config.max_attempts):
                rng = random.Random(f"{seed}:{attempt}")
                table = close_case_leaks(self._build_once(texts, clean, rng, base, attempt), texts, clean, n)
                # a table is used only if it restores every input exactly and sends no original
                if all(table.restore(table.alias(t)) == t for t in texts) and not leaks(table, texts, clean, n):
                    return table
                log.warning("alias table failed its check (attempt %d); redrawing", attempt + 1)
            raise PrivacyError(f"no alias table passed its round trip and leak check in "
                               f"{self.config.max_attempts} draws; nothing is sent")
        except PrivacyError:
            raise
        except Exception as exc:  # fail closed: no table, no request
            raise PrivacyError(f"building the alias table failed: {exc!r}") from exc

    # -- steps ----------------------------------------------------------------
    def _normalize(self, text: str, spans: Sequence[DetectedEntity]) -> list[DetectedEntity]:
        # labels ("Query:", "Tel") and other components' placeholders ("a person") are no entities
        snapped = drop_non_entities(text, [s2 for s in spans if (s2 := snap(text, s)) is not None])
        snapped = drop_values_inside_entities(snapped)
        merged = join_country_names(text, resolve_overlaps(snapped, text, source_priority={VALUES_SOURCE: 1}))
        merged = split_value_spans(text, misread_values(merged))  # "Eberth owes USD 387k": a name and a value
        if self.config.honorifics == "neutral":
            merged = with_honorifics(text, merged)
        skip = self._skip()
        return [s for s in merged if canonical_label(s.label) not in skip and not plain_number(s)
                and not person_noun(s)]

    def _skip(self) -> frozenset[str]:
        skip = set(self.config.skip_categories)
        if self.config.alias_percentages:
            skip.discard("QUANTITY")
        return frozenset(skip)

    def _plan(self, texts: Sequence[str], clean: Sequence[Sequence[DetectedEntity]]) -> list[PlannedEntity]:
        shifted: list[DetectedEntity] = []
        offset = 0
        for text, spans in zip(texts, clean, strict=True):
            shifted.extend(s.shifted(offset) for s in spans)
            offset += len(text) + 1
        planned = []
        for ent in group_entities(shifted):
            forms = sorted({m.text for m in ent.mentions}, key=lambda f: (-len(f), f))
            planned.append(PlannedEntity(ent.entity_id, canonical_label(ent.label), ent.label, forms))
        return planned

    def _build_once(
        self,
        texts: list[str],
        clean: list[list[DetectedEntity]],
        rng: random.Random,
        base: AliasTable | None,
        attempt: int,
    ) -> AliasTable:
        planned = self._plan(texts, clean)
        base_rows = list(base.entries) if base is not None else []
        base_map = {e.original: e for e in base_rows}
        # a stored alias that now occurs in an input can no longer be restored safely
        # generic forms ("the Court") are never aliased, so they are no "original" to avoid
        all_forms = [f for p in planned for f in p.forms if not is_generic(f)]
        # no alias may spell a part of a person's name either ("Jordan Smith" for the other person)
        all_forms += [t for p in planned if p.category == "PERSON" for f in p.forms
                      for t in person_tokens(f, self.config.min_part_length)]
        avoid = _Collisions(texts, all_forms + list(base_map))
        base_rows = [e for e in base_rows if not avoid._in_inputs(fold(e.alias))]
        for e in base_rows:
            avoid.claim(e.original, e.alias)
        have = {e.original for e in base_rows}

        rows: list[AliasEntry] = []
        values = [p for p in planned if p.category in VALUE_CATEGORIES]
        names = [p for p in planned if p.category not in VALUE_CATEGORIES]
        params = self._values(values, rows, have, rng, avoid, base, attempt)
        # one row per original: a string planned as a value and as a name ("June" the month and
        # "June" the person) keeps its value alias, which every occurrence then takes
        have = have | {r.original for r in rows}

        name_parts_base = dict((base.params.get("name_parts") or {}) if base is not None else {})
        plan = AliasPlan(texts, names, self.config.locale, {k: dict(v) for k, v in name_parts_base.items()},
                         neutral_honorifics=self.config.honorifics == "neutral")
        fixed = {e.original: e.alias for e in base_rows} | {r.original: r.alias for r in rows}
        accepted = self._accept(self.generator.propose(plan, fixed, rng, avoid), plan, texts, have, avoid)
        missing = [
            PlannedEntity(p.entity_id, p.category, p.label, [f for f in p.forms if f not in accepted and f not in have])
            for p in names
        ]
        missing = [p for p in missing if p.forms]
        if missing and self.generator is not self.fallback:
            plan2 = AliasPlan(texts, missing, self.config.locale, plan.name_parts,
                              neutral_honorifics=plan.neutral_honorifics)
            more = self.fallback.propose(plan2, {**fixed, **{k: v[0] for k, v in accepted.items()}}, rng, avoid)
            accepted.update(self._accept(more, plan2, texts, have | set(accepted), avoid))
        # anything still missing gets one more draw (one proposal for all of them: a proposal's set-up
        # reads every alias fixed so far, so one per entity was quadratic in a long text's names),
        # then a shape-preserving alias
        lefts = [(p, [f for f in p.forms if f not in accepted and f not in have]) for p in names]
        lefts = [(p, left) for p, left in lefts if left]
        if lefts:
            retry = AliasPlan(texts, [PlannedEntity(p.entity_id, p.category, p.label, left) for p, left in lefts],
                              self.config.locale, plan.name_parts, neutral_honorifics=plan.neutral_honorifics)
            fixed_now = {**fixed, **{k: v[0] for k, v in accepted.items()}}
            accepted.update(self._accept(self.fallback.propose(retry, fixed_now, rng, avoid), retry, texts,
                                         have | set(accepted), avoid))
        for p, left in lefts:
            for f in left:
                if f not in accepted and not is_generic(f):
                    alias = self._shape(f, rng, avoid)
                    avoid.claim(f, alias)
                    accepted[f] = (alias, p.label, "mention")
        ids = {f: p.entity_id for p in planned for f in p.forms}
        next_id = max([p.entity_id for p in planned] + [e.entity_id for e in base_rows] + [-1]) + 1
        for original, (alias, label, kind) in accepted.items():
            if original not in ids:
                ids[original] = next_id
                next_id += 1
            rows.append(AliasEntry(original, alias, canonical_label(label), ids[original], kind))
        parts = self._name_parts(rows, have, avoid, name_parts_base)
        rows.extend(parts[0])
        table = AliasTable(base_rows + rows, {
            "values": params.to_dict(),
            "name_parts": parts[1],
        })
        table = self._close_leaks(table, texts, clean)
        return self._repair(table, texts, rng, avoid)

    def _repair(self, table: AliasTable, texts: Sequence[str], rng: random.Random, avoid: _Collisions) -> AliasTable:
        """Redraw aliases that neighbouring text turns into another alias."""
        for _ in range(6):
            bad = composition_conflicts(table, texts)
            if not bad:
                return table
            rows = []
            for e in table.entries:
                if e.original not in bad:
                    rows.append(e)
                    continue
                alias = fresh_alias(e.original, e.label, self.config.locale, rng,
                                    lambda c, o=e.original: avoid(c) or not avoid.free(o, c))
                if alias is None or not _edges_ok(e.original, alias):
                    alias = self._shape(e.original, rng, avoid)
                avoid.claim(e.original, alias)
                rows.append(AliasEntry(e.original, alias, e.label, e.entity_id, e.kind))
            table = AliasTable(rows, dict(table.params))
        return table

    def _values(self, values, rows, have, rng, avoid, base, attempt) -> ValueParams:
        if base is not None and base.params.get("values"):
            candidates = [ValueParams.from_dict(base.params["values"])]
        else:
            candidates = [
                ValueParams.draw(rng, alias_percentages=self.config.alias_percentages, attempt=attempt + k)
                for k in range(6)
            ]
        forms = [(p, f) for p in values for f in p.forms if f not in have]
        best: tuple[int, ValueParams, list[tuple[PlannedEntity, str, str]]] | None = None
        for params in candidates:
            shifter = ValueShifter(params, rng)
            out = [(p, f, shifter.shift(f, p.category)) for p, f in forms]
            bad = sum(1 for _p, f, a in out if a != f and (avoid(a) or not avoid.free(f, a)))
            if best is None or bad < best[0]:
                best = (bad, params, out)
            if bad == 0:
                break
        assert best is not None
        _, params, out = best
        for p, f, a in out:
            if a == f:
                continue  # nothing date- or amount-like inside: not identifying
            if avoid(a) or not avoid.free(f, a) or not _edges_ok(f, a):
                a = self._shape(f, rng, avoid)
            avoid.claim(f, a)
            rows.append(AliasEntry(f, a, p.category, p.entity_id, "mention"))
        return params

    @staticmethod
    def _shape(original: str, rng: random.Random, avoid: _Collisions) -> str:
        for i in range(200):
            cand = shape_alias(original + ("" if i < 100 else "x"), rng)
            if cand != original and not avoid(cand) and avoid.free(original, cand) and _edges_ok(original, cand):
                return cand
        raise PrivacyError("could not find a collision-free alias")

    def _accept(
        self,
        suggestions: Sequence[AliasSuggestion],
        plan: AliasPlan,
        texts: Sequence[str],
        have: set[str],
        avoid: _Collisions,
    ) -> dict[str, tuple[str, str, str]]:
        """Validated proposals: ``{original: (alias, label, kind)}``."""
        known = {f: p for p in plan.entities for f in p.forms}
        out: dict[str, tuple[str, str, str]] = {}
        for s in suggestions:
            o, a = getattr(s, "original", None), getattr(s, "alias", None)
            if not isinstance(o, str) or not isinstance(a, str) or not o.strip() or not a.strip():
                continue
            if o in out or o in have or a == o:
                continue
            kind = "mention"
            if o not in known:
                # an extra entity proposed by a generator: it must be in the text verbatim
                if not any(avoid._occurs(o, t) for t in texts) or not any(c.isalnum() for c in o):
                    continue
                kind = "extra"
                avoid.add_original(o)
            if plan.neutral_honorifics and canonical_label(getattr(s, "label", "") or "") == "PERSON":
                # any generator's proposal: "Mrs Cruz" → "Mx Cruz", unless another
                # form already owns that ("Mr Jordan" and "Mrs Jordan" in one request)
                neutral = neutral_honorifics(a)
                if neutral != o and not avoid(neutral) and avoid.free(o, neutral):
                    a = neutral
            if not valid_alias(o, a) or not _edges_ok(o, a) or avoid(a) or not avoid.free(o, a):
                continue
            avoid.claim(o, a)
            out[o] = (a, getattr(s, "label", "MISC") or "MISC", kind)
        return out

    def _name_parts(
        self, rows: list[AliasEntry], have: set[str], avoid: _Collisions, base_parts: Mapping[str, Mapping[str, str]]
    ) -> tuple[list[AliasEntry], dict[str, dict[str, str]]]:
        person = {k: v for k, v in (base_parts.get("PERSON") or {}).items()}
        taken = {r.original for r in rows} | have
        out: list[AliasEntry] = []
        # a form in capitals ("NORA BERAN") says nothing of how the part is written: others first
        for r in sorted(rows, key=lambda r: r.original.isupper()):
            if r.label != "PERSON":
                continue
            for low, alias_tok in align_parts(r.original, r.alias).items():
                person.setdefault(low, alias_tok.title() if alias_tok.isupper() and len(alias_tok) > 1 else alias_tok)
            if not self.config.propagate_name_parts:
                continue
            parts = set(name_parts(r.original))
            for m in TOKEN_RE.finditer(r.original):  # "O’Brien", "Jean-Luc" are one part each
                tok = split_possessive(m.group(0))[0]
                low = tok.lower()
                if (low not in parts or low in _NOT_PARTS or len(tok) < self.config.min_part_length
                        or not tok[:1].isupper() or tok in taken or low not in person):
                    continue
                alias_tok = case_like(tok, person[low])
                if alias_tok == tok or not avoid.free(tok, alias_tok) or avoid(alias_tok):
                    continue
                avoid.claim(tok, alias_tok)
                taken.add(tok)
                out.append(AliasEntry(tok, alias_tok, "PERSON", r.entity_id, "part"))
        return out, {"PERSON": person}

    def _close_leaks(self, table: AliasTable, texts: Sequence[str], clean: Sequence[Sequence[DetectedEntity]]) -> AliasTable:
        """If one match swallowed the start of another entity, add a merged row."""
        for _ in range(3):
            extra: list[AliasEntry] = []
            extra_originals: set[str] = set()
            fwd = table._compiled()[0]
            for text, spans in zip(texts, clean, strict=True):
                matches = list(fwd.finditer(text))
                starts = [a for a, _, _ in matches]
                for s in spans:
                    k = bisect.bisect_left(starts, s.end)
                    covered = []
                    while k > 0 and matches[k - 1][1] > s.start:
                        covered.append(matches[k - 1][:2])
                        k -= 1
                    if not covered or any(a <= s.start and s.end <= b for a, b in covered):
                        continue
                    if not any(c.isalnum() and not any(a <= i < b for a, b in covered)
                               for i, c in enumerate(text[s.start : s.end], start=s.start)):
                        continue
                    lo = min([s.start] + [a for a, _ in covered])
                    hi = max([s.end] + [b for _, b in covered])
                    region = text[lo:hi]
                    if table.has_original(region) or region in extra_originals:
                        continue
                    alias = self._priority_alias(table, region, s.text)
                    if alias != region:
                        extra.append(AliasEntry(region, alias, canonical_label(s.label), -1, "merged"))
                        extra_originals.add(region)
                if not extra:
                    pieces, pos = [], 0
                    for a, b, repl in matches:
                        pieces.append(text[pos:a])
                        pieces.append(repl)
                        pos = b
                    pieces.append(text[pos:])
                    table._remember_alias(text, "".join(pieces))
            if not extra:
                return table
            table = table.extended(extra)
        return table

    @staticmethod
    def _priority_alias(table: AliasTable, region: str, key: str) -> str:
        alias = table.alias_of(key)
        if alias is None:
            return table.alias(region)
        pieces = region.split(key)
        return alias.join(table.alias(p) for p in pieces)
