"""Training examples for the shipped GLiNER PII model.

Three sources, nothing else (TAB ``dev``/``test``, PANORAMA and Presidio's
synthetic set are for evaluation only):

* **TAB ``train``** — ECHR judgments; only DIRECT/QUASI mentions are
  positives, so the model learns *what needs masking* ("the Court" is an
  organization TAB does not mask; "Kayseri Administrative Court" is masked).
* **WNUT-17 ``train``** (CC BY 4.0, Derczynski et al. 2017) — noisy user text.
* **Faker-generated sentences** for what those two lack: street addresses in
  many locales, IBANs and account numbers, national IDs, application and
  record numbers, e-mails, phones, URLs, IPs, card numbers, ages.

Every example carries its own label prompt (``ner_labels``): the full label
set of its source, so unannotated spans are negatives for every label the
source annotates. An example is GLiNER's dict
``{"tokenized_text": [...], "ner": [[first, last, label], ...], "ner_labels": [...]}``
with inclusive word indices, words split exactly as GLiNER splits at inference.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from privrag.detect.gliner_labels import SYNTH_LABELS, TAB_LABELS, WNUT_LABELS
from privrag.eval.datasets import LabeledDoc

__all__ = ["WORD_RE", "words", "prompt_labels", "doc_examples", "tab_examples", "wnut_examples", "synthetic_examples"]

#: GLiNER's default word splitter (``WhitespaceTokenSplitter``)
WORD_RE = re.compile(r"\w+(?:[-_]\w+)*|\S")

Example = dict[str, Any]


def words(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in WORD_RE.finditer(text)]


def _span_to_words(toks: Sequence[tuple[str, int, int]], start: int, end: int) -> tuple[int, int] | None:
    idx = [i for i, (_, s, e) in enumerate(toks) if e > start and s < end]
    return (idx[0], idx[-1]) if idx else None


def _sentence_ends(toks: Sequence[tuple[str, int, int]], text: str) -> set[int]:
    """Word indices after which a chunk may end (sentence punctuation or a line break)."""
    ends = set()
    for i, (w, _, e) in enumerate(toks):
        if w in {".", "!", "?", ";"} or "\n" in text[e : toks[i + 1][1] if i + 1 < len(toks) else e]:
            ends.add(i)
    return ends


def prompt_labels(labels: Sequence[str], positives: Iterable[str], rng: random.Random | None) -> list[str]:
    """The label prompt of one example: every positive label plus a random subset
    (at least half) of the source's other labels, in random order.

    A fixed label order lets the model learn "the third prompt slot" instead
    of what the label means; at inference the order and the set differ.
    """
    if rng is None:
        return list(labels)
    pos = set(positives)
    others = [lab for lab in labels if lab not in pos]
    keep = rng.sample(others, k=rng.randint((len(others) + 1) // 2, len(others))) if others else []
    out = [lab for lab in labels if lab in pos] + keep
    rng.shuffle(out)
    return out


def doc_examples(
    text: str,
    spans: Iterable[tuple[int, int, str]],
    labels: Sequence[str],
    max_words: int,
    rng: random.Random | None = None,
) -> list[Example]:
    """Cut one annotated text into chunks of at most ``max_words`` GLiNER words.

    Chunks end at sentence boundaries where possible; a span that would be cut
    by a chunk boundary is dropped (rare: boundaries fall between sentences).
    Nested or overlapping gold spans keep the first, longer one. With ``rng``
    each chunk gets its own shuffled label prompt (:func:`prompt_labels`).
    """
    toks = words(text)
    if not toks:
        return []
    ents: list[tuple[int, int, str]] = []
    for start, end, label in sorted(spans, key=lambda s: (s[0], -s[1])):
        w = _span_to_words(toks, start, end)
        if w is None or (ents and w[0] <= ents[-1][1]):
            continue
        ents.append((w[0], w[1], label))
    ends = _sentence_ends(toks, text)
    out = []
    i = 0
    while i < len(toks):
        hi = min(len(toks), i + max_words)
        if hi < len(toks):
            cut = max((j + 1 for j in range(i + max_words // 2, hi) if j in ends), default=hi)
            hi = cut
        chunk_ents = [[a - i, b - i, lab] for a, b, lab in ents if a >= i and b < hi]
        prompt = prompt_labels(labels, (e[2] for e in chunk_ents), rng)
        out.append({"tokenized_text": [t for t, _, _ in toks[i:hi]], "ner": chunk_ents, "ner_labels": prompt})
        i = hi
    return out


def tab_examples(docs: Sequence[LabeledDoc], max_words: int = 160, seed: int | None = 0) -> list[Example]:
    """TAB documents → examples; only DIRECT/QUASI mentions are entities.

    ``seed`` shuffles each example's label prompt (``None``: the fixed sorted set).
    """
    if any(d.split in ("dev", "test") for d in docs):
        raise ValueError("TAB dev/test are for calibration and reporting, never for training")
    labels = sorted(set(TAB_LABELS.values()))
    rng = random.Random(seed) if seed is not None else None
    out = []
    for d in docs:
        spans = [(s.start, s.end, TAB_LABELS[s.label]) for s in d.spans if s.needs_masking and s.label in TAB_LABELS]
        out.extend(doc_examples(d.text, spans, labels, max_words, rng))
    return out


def wnut_examples(docs: Sequence[LabeledDoc], per_example: int = 4, seed: int | None = 0) -> list[Example]:
    """WNUT-17 sentences, ``per_example`` consecutive tweets joined into one example."""
    labels = sorted(set(WNUT_LABELS.values()))
    rng = random.Random(seed) if seed is not None else None
    out = []
    for k in range(0, len(docs), per_example):
        group = docs[k : k + per_example]
        text = "\n".join(d.text for d in group)
        spans, offset = [], 0
        for d in group:
            spans.extend((s.start + offset, s.end + offset, WNUT_LABELS[s.label]) for s in d.spans if s.label in WNUT_LABELS)
            offset += len(d.text) + 1
        out.extend(doc_examples(text, spans, labels, 10_000, rng))
    return out


# ---------------------------------------------------------------- synthetic

_LOCALES = (
    "en_US", "en_GB", "de_DE", "fr_FR", "nl_NL", "nl_BE", "fi_FI", "sv_SE", "da_DK", "no_NO",
    "pl_PL", "es_ES", "it_IT", "pt_PT", "hu_HU", "cs_CZ", "tr_TR", "el_GR",
)  # fmt: skip

# {slot:label}: the slot's value is annotated with that prompt label; {slot} alone is not annotated
_TEMPLATES = (
    "{person:person} lives at {street:address}, {city:location}.",
    "Please send the documents to {street:address}, {postcode:address} {city:location}, {country:location}.",
    "{person:person}\n{street:address}\n{postcode:address} {city:location}\n{country:location}",
    "Her new address is {street:address} in {city:location}.",
    "The parcel for {first:person} was delivered to {street:address} on {date:date}.",
    "My IBAN is {iban:bank account number}, the account holder is {person:person}.",
    "Transfer the deposit to account {iban:bank account number} before {date:date}.",
    "He asked the bank to close account no. {bban:bank account number}.",
    "Her national identification number is {ssn:identification number}.",
    "{person:person} showed an identity card with the number {ssn:identification number}.",
    "The case originated in an application (no. {appno:identification number}) lodged by {title} {person:person} on {date:date}.",
    "The applicants, {person:person} and {person2:person}, lodged applications nos. {appno:identification number} and {appno2:identification number}.",
    "The patient's medical record number is {mrn:identification number}; she was admitted on {date:date}.",
    "Policy {policy:identification number} was issued by {company:organization} to {person:person}.",
    "The vehicle with registration {plate:identification number} belongs to {person:person}.",
    "Passport {passport:identification number} was issued to {person:person} in {city:location}.",
    "Contact {person:person} at {email:email address} or call {phone:phone number}.",
    "You can reach me on {phone:phone number} after {time}.",
    "For more information visit {url:url} or write to {email:email address}.",
    "The login attempt came from {ip:ip address} at {time}.",
    "My card {cc:credit card number} was charged twice by {company:organization}.",
    "{person:person}, aged {age:age}, was treated at {company:organization} in {city:location}.",
    "{first:person} turned {age:age} last week and moved to {city:location}.",
    "{person:person} was born on {date:date} in {city:location}, {country:location}.",
    "The applicant, {title} {person:person}, is a {nationality:demographic attribute} national who was born in {year:date} and lives in {city:location}.",
    "{person:person} works as a {job:demographic attribute} for {company:organization}.",
    "We will meet {first:person} at {company:organization}, {street:address}, {city:location}.",
    "The contract between {company:organization} and {company2:organization} was signed on {date:date}.",
    "{title} {person:person} ({age:age}) said the {nationality:demographic attribute} community in {city:location} was not consulted.",
    "hi {first:person}, can u send it to {email:email address}? my new number is {phone:phone number}",
    "{person:person} ({job:demographic attribute}) left {company:organization} in {year:date} and now lives in {country:location}.",
    "Ship to: {person:person}, {street:address}, {postcode:address} {city:location}",
    "The {religion:demographic attribute} family of {person:person} had lived at {street:address} since {year:date}.",
    "Nothing in the report identifies the customer; the order number is not relevant.",
    "The committee noted that the weather in spring was mild and the chest pain guidance was updated.",
    "The meeting is scheduled for next week and the agenda has {count} items.",
)  # fmt: skip

_SLOT_RE = re.compile(r"\{(\w+)(?::([^}]+))?\}")


def _value(fake: Any, slot: str, rng: random.Random) -> str:
    if slot in ("person", "person2"):
        return fake.name()
    if slot == "first":
        return fake.first_name()
    if slot == "street":
        value = fake.street_address()
        return value.replace("\n", " ")
    if slot == "postcode":
        return fake.postcode()
    if slot == "city":
        return fake.city()
    if slot == "country":
        return fake.country()
    if slot == "iban":
        iban = fake.iban()
        return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4)) if rng.random() < 0.3 else iban
    if slot == "bban":
        return fake.bban()
    if slot == "ssn":
        return fake.ssn()
    if slot in ("appno", "appno2"):
        return f"{rng.randint(100, 99999)}/{rng.randint(0, 99):02d}"
    if slot == "mrn":
        return rng.choice(["MRN-", "MRN ", "", "P"]) + str(rng.randint(10**5, 10**9))
    if slot == "policy":
        return fake.bothify(rng.choice(["??-#######", "POL-########", "#########", "?#######"])).upper()
    if slot == "plate":
        return fake.license_plate()
    if slot == "passport":
        return fake.bothify(rng.choice(["?########", "??#######", "#########"])).upper()
    if slot == "email":
        return fake.email()
    if slot == "phone":
        return fake.phone_number()
    if slot == "url":
        return fake.url() if rng.random() < 0.7 else fake.domain_name()
    if slot == "ip":
        return fake.ipv4() if rng.random() < 0.8 else fake.ipv6()
    if slot == "cc":
        return fake.credit_card_number()
    if slot in ("company", "company2"):
        return fake.company()
    if slot == "age":
        return str(rng.randint(18, 95))
    if slot == "date":
        return fake.date(pattern=rng.choice(["%d %B %Y", "%B %d, %Y", "%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y"]))
    if slot == "year":
        return str(rng.randint(1930, 2005))
    if slot == "nationality":
        return rng.choice(["Turkish", "Polish", "German", "French", "Swedish", "Cypriot", "Greek", "Italian", "Nigerian", "British",
                           "Kurdish", "Roma", "Chechen", "Moldovan", "Danish", "Finnish", "Croatian", "Norwegian"])
    if slot == "religion":
        return rng.choice(["Muslim", "Catholic", "Jewish", "Orthodox", "Protestant", "Hindu", "Buddhist", "Sikh"])
    if slot == "job":
        return fake.job().lower()
    if slot == "title":
        return rng.choice(["Mr", "Mrs", "Ms", "Dr"])
    if slot == "time":
        return fake.time(pattern="%H:%M")
    if slot == "count":
        return str(rng.randint(2, 20))
    raise KeyError(slot)


def synthetic_sentence(fake: Any, template: str, rng: random.Random) -> tuple[str, list[tuple[int, int, str]]]:
    """Fill one template; return the text and its ``(start, end, label)`` spans."""
    out, spans, pos = [], [], 0
    for m in _SLOT_RE.finditer(template):
        literal = template[pos : m.start()]
        out.append(literal)
        start = sum(len(x) for x in out)
        value = _value(fake, m.group(1), rng)
        out.append(value)
        if m.group(2):
            spans.append((start, start + len(value), m.group(2)))
        pos = m.end()
    out.append(template[pos:])
    return "".join(out), spans


def synthetic_examples(n: int, seed: int = 0, per_example: int = 3) -> list[Example]:
    """``n`` Faker sentences from many locales, ``per_example`` per training example."""
    from privrag.faker_stable import stable_faker

    rng = random.Random(seed)
    fakers = {}
    for i, loc in enumerate(_LOCALES):
        fk = stable_faker(loc)
        fk.seed_instance(seed * 1000 + i)
        fakers[loc] = fk
    sentences = []
    for _ in range(n):
        fake = fakers[rng.choice(_LOCALES)]
        sentences.append(synthetic_sentence(fake, rng.choice(_TEMPLATES), rng))
    out = []
    labels = list(SYNTH_LABELS)
    for k in range(0, len(sentences), per_example):
        group = sentences[k : k + per_example]
        text, spans, offset = "", [], 0
        for sent, sp in group:
            spans.extend((a + offset, b + offset, lab) for a, b, lab in sp)
            text += sent + " "
            offset = len(text)
        out.extend(doc_examples(text, spans, labels, 10_000, rng))
    return out
