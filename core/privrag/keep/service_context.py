"""An organisation named as a service someone uses: "book hotels through Egencia", "clock-in times in UKG".

No catalogue lists every firm a workplace or a patient deals with: the travel tool, the payroll
system, the telecom engineer's company, the insurer, the union. Their names are rare as words
("Egencia", "Rotaready", "DATEV": Zipf 0), as rare as a small private firm's ("Fibrelane"), so neither
frequency nor spelling tells them apart. The sentence does. A person's own organisation is where
they are or work: "at", "for", a form's "Company:", a header, a signature. A service is what they
act *through*: "via", "through", "billed by", "logged in", "an … engineer", "the … app". In the
documents we wrote for evaluation (eleven independent batches and our own sets), the organisations
annotated as protected stand in the second kind of context far less often than the public entities do.

This module is a learned component, not a list of those words: a logistic regression on the words
around a mention (three before, two after), the name's shape (words, capitals, an inner capital,
digits, its head word) and its rarest word's frequency band. ``scripts/train_service_context.py``
fits it on our batches (gold ``ORGANIZATION`` mentions, and the gold people and places no word list of
ours holds, against gold ``public_entity`` keeps that are not places) and writes ``assets/keep/service_context.json``; the threshold is chosen on domains dev,
which it never trains on. Inference is a dictionary lookup per feature: no model is loaded.

Measured by leaving each batch out of the fit in turn (``report`` in the JSON): AUC 0.91; at the
shipped threshold 0.825 it keeps 580 of 1,060 public entities and 36 of 915 protected names (most of
them initials and acronyms, which the finder's checks refuse first). On domains dev: 53 of 83 and 4 of 142.

It only ever *adds* a keep reason to an organisation that passed every check a public entity gets
(:class:`~privrag.keep.finder.KeepFinder`: no person's name or place among its words, no facility
or legal form, no employer or affiliation anywhere in the text, no acronym the text spells out as a
name), and only where the name holds an acronym or a dictionary word ("UKG", "IG Metall", "Health
Assured"): a name of words no dictionary holds may be a person's or a town's that no list of ours holds
("paid via Zanele", "via Todmorden"), and only a model's *organisation* (or a three-letter acronym it
called a place) is judged here, never its person. It decides on the *lowest* probability over every mention of the name in the text: an organisation a text once writes as its
own ("Fibrelane live chat", "Priyanka (Fibrelane):") is kept nowhere in it.
"""

from __future__ import annotations

import functools
import json
import math
import re
from importlib import resources

from privrag.keep import vocab

__all__ = ["features", "service_probability", "named_as_service", "model"]

#: the tokens the context is read in: words, numbers, a line break, each punctuation mark
_TOKEN = re.compile(r"[A-Za-z]+|\d+|\n|[^\w\s]")
#: characters read on each side of a mention
_LOOK_BACK, _LOOK_AHEAD = 80, 60
#: words of context on each side
_LEFT, _RIGHT = 3, 2


def _token(word: str) -> str:
    return "<nl>" if word == "\n" else word.lower()


def features(text: str, start: int, end: int) -> list[str]:
    """The features of the mention ``text[start:end]`` (shared by training and inference)."""
    left = [_token(w) for w in _TOKEN.findall(text[max(0, start - _LOOK_BACK) : start])[-_LEFT:]]
    right = [_token(w) for w in _TOKEN.findall(text[end : end + _LOOK_AHEAD])[:_RIGHT]]
    left = ["<s>"] * (_LEFT - len(left)) + left
    right = right + ["</s>"] * (_RIGHT - len(right))
    mention = text[start:end]
    words = mention.split()
    out = {
        f"L1={left[-1]}", f"L2={left[-2]}", f"L21={left[-2]}_{left[-1]}",
        f"R1={right[0]}", f"R12={right[0]}_{right[1]}",
        f"N={min(len(words), 3)}", f"H={words[-1].lower() if words else ''}",
    }
    if mention.isupper():
        out.add("CAPS")
    if re.search(r"[a-z][A-Z]", mention):
        out.add("COINED")
    if re.search(r"\d", mention):
        out.add("DIGIT")
    rarest = min((vocab.zipf(w.lower()) for w in words), default=0.0)
    out.add(f"Z={int(rarest)}")
    return sorted(out)


@functools.lru_cache(maxsize=1)
def model() -> dict:
    """The trained weights, bias and threshold (``assets/keep/service_context.json``)."""
    path = resources.files("privrag") / "assets" / "keep" / "service_context.json"
    return json.loads(path.read_text(encoding="utf-8"))


def service_probability(text: str, start: int, end: int) -> float:
    """How likely the mention ``text[start:end]`` names a service the writer uses, not a private party."""
    m = model()
    weights = m["weights"]
    z = m["bias"] + sum(weights.get(f, 0.0) for f in features(text, start, end))
    return 1.0 / (1.0 + math.exp(-z))


@functools.lru_cache(maxsize=256)
def named_as_service(text: str, surface: str, threshold: float | None = None) -> bool:
    """Is every mention of ``surface`` in ``text`` one of a service used (probability ≥ ``threshold``,
    by default the one the model was shipped with)? Cached: a text's spans often repeat one name."""
    mentions = [m.span() for m in re.finditer(r"(?<!\w)" + re.escape(surface) + r"(?!\w)", text)]
    if not mentions:
        return False
    threshold = model()["threshold"] if threshold is None else threshold
    return all(service_probability(text, s, e) >= threshold for s, e in mentions)
