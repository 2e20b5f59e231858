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
import secrets
from collections.abc import Mapping, Sequence

from privrag.detect.grouping import group_entities
from privrag.detect.overlap import resolve_overlaps
from privrag.generalize import canonical_label
from privrag.seag.builder_config import BuilderConfig
from privrag.seag.collisions import Collisions, edges_ok
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
from privrag.seag.restore import fold
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
        avoid = Collisions(texts, all_forms + list(base_map))
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

    def _repair(self, table: AliasTable, texts: Sequence[str], rng: random.Random, avoid: Collisions) -> AliasTable:
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
                if alias is None or not edges_ok(e.original, alias):
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
            if avoid(a) or not avoid.free(f, a) or not edges_ok(f, a):
                a = self._shape(f, rng, avoid)
            avoid.claim(f, a)
            rows.append(AliasEntry(f, a, p.category, p.entity_id, "mention"))
        return params

    @staticmethod
    def _shape(original: str, rng: random.Random, avoid: Collisions) -> str:
        for i in range(200):
            cand = shape_alias(original + ("" if i < 100 else "x"), rng)
            if cand != original and not avoid(cand) and avoid.free(original, cand) and edges_ok(original, cand):
                return cand
        raise PrivacyError("could not find a collision-free alias")

    def _accept(
        self,
        suggestions: Sequence[AliasSuggestion],
        plan: AliasPlan,
        texts: Sequence[str],
        have: set[str],
        avoid: Collisions,
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
            if not valid_alias(o, a) or not edges_ok(o, a) or avoid(a) or not avoid.free(o, a):
                continue
            avoid.claim(o, a)
            out[o] = (a, getattr(s, "label", "MISC") or "MISC", kind)
        return out

    def _name_parts(
        self, rows: list[AliasEntry], have: set[str], avoid: Collisions, base_parts: Mapping[str, Mapping[str, str]]
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
