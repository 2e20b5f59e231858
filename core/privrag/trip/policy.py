"""Rules on top of Ψ: types that are always masked, terms that never are.

Ψ trades privacy against retrieval utility, which is the right call for a
date or a court's name but not for an e-mail address or a case number: those
identify a person on their own and carry no retrieval value worth the risk.
The allow-list is the owner's escape hatch for public names ("European Court
of Human Rights") that the detector keeps flagging. An explicit allow-list
entry wins over a type rule: it names one string, the type rule a category.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from privrag.detect.grouping import normalize_surface
from privrag.generalize import canonical_label
from privrag.types import DetectedEntity, Entity

__all__ = ["TripPolicy", "DEFAULT_ALWAYS_MASK", "NOT_IDENTIFIERS", "person_forms"]

#: canonical categories masked whatever Ψ says: the direct identifiers of a private person —
#: names (and user names), street addresses, e-mail, phone, ID and account numbers. Ψ was
#: fitted on court judgments; a patient's name in a referral letter must not depend on it.
DEFAULT_ALWAYS_MASK = frozenset({"PERSON", "ADDRESS", "EMAIL", "PHONE", "CODE", "FINANCIAL", "CREDIT_CARD", "IP"})
#: raw detector labels that Γ files under an always-masked category but that are
#: not identifiers on their own (spaCy's CARDINAL is any number: "three", "1,200")
NOT_IDENTIFIERS = frozenset({"CARDINAL", "ORDINAL"})


@dataclass(frozen=True)
class TripPolicy:
    """Key init args:
        always_mask: canonical categories (or any detector label) always masked.
        names_floor: also mask entities of other labels that hold a person's name.
        never_mask: surface forms never masked (matched ignoring case, honorifics and a
            leading article, on any mention of the entity).
        never_mask_labels: categories never masked (e.g. ``{"DATETIME"}``).
        not_identifiers: raw detector labels exempt from ``always_mask``
            (default: spaCy's CARDINAL and ORDINAL, which Γ files under CODE).
    """

    always_mask: frozenset[str] = DEFAULT_ALWAYS_MASK
    never_mask: frozenset[str] = field(default_factory=frozenset)
    never_mask_labels: frozenset[str] = field(default_factory=frozenset)
    not_identifiers: frozenset[str] = NOT_IDENTIFIERS
    #: also mask an entity of another label that holds a person's name ("2:48 PM  Bill",
    #: spaCy's LOCATION "Bethan Pugh"): a model's wrong label must not let Ψ keep a name
    names_floor: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "always_mask", _labels(self.always_mask))
        object.__setattr__(self, "never_mask_labels", _labels(self.never_mask_labels))
        object.__setattr__(self, "not_identifiers", frozenset(x.strip().upper() for x in self.not_identifiers))
        object.__setattr__(self, "never_mask", frozenset(_term(t) for t in self.never_mask if t.strip()))
        clash = self.always_mask & self.never_mask_labels
        if clash:
            raise ValueError(f"categories both always and never masked: {sorted(clash)}")

    def rule_for(self, entity: Entity) -> tuple[bool | None, str]:
        """``(True, reason)`` to force masking, ``(False, reason)`` to force keeping,
        ``(None, "")`` to let Ψ decide. Reasons never quote the entity's text."""
        cat = canonical_label(entity.label)
        if self.never_mask and any(_term(m.text) in self.never_mask for m in entity.mentions):
            return False, "never_mask"
        if cat in self.never_mask_labels:
            return False, "never_mask_label"
        if cat in self.always_mask and entity.label.strip().upper() not in self.not_identifiers:
            return True, "always_mask"
        return None, ""

    def holds_a_name(self, entity: Entity, person_forms: frozenset[str]) -> bool:
        """Does a mention of this non-person entity contain a name: a form of a person
        named in the same document, or a capitalised given name ("Mehmet", "Bethan")?"""
        if not self.names_floor or canonical_label(entity.label) in self.always_mask:
            return False
        from privrag.detect.recognizers_first_names import first_names

        given = first_names()
        for m in entity.mentions:
            for w in re.findall(r"[^\W\d_][\w'’-]*", m.text):
                if w in person_forms or (w[:1].isupper() and w.lower() in given):
                    return True
        return False


def _term(text: str) -> str:
    """Allow-list key: normalised surface form without a leading article."""
    return re.sub(r"^(?:the|a|an) ", "", normalize_surface(text))


def _labels(values: Iterable[str]) -> frozenset[str]:
    return frozenset(canonical_label(v) for v in values)


def person_forms(mentions: Iterable[DetectedEntity]) -> frozenset[str]:
    """The names (and name parts) of the persons mentioned.

    Beside :func:`~privrag.detect.name_propagation.name_forms`, every capitalised word of a full name
    counts here, also one a dictionary holds ("Blessing" of "Blessing Nkosi"), and so do its initials
    when they are rare as a word ("BK"): propagation leaves such
    a word alone elsewhere in the text, but TRIP must not keep it where a model gave it another label
    ("Blessing's two teenagers" read as a place). The floor only ever masks more.
    """
    from privrag.detect.name_propagation import name_forms, name_initials

    out: set[str] = set()
    for m in mentions:
        forms = name_forms(m)
        out |= forms
        if len(forms) > 1 and " " in m.text.strip():  # a real name: the span and one part at least
            out |= {w for w in _CAP_WORD.findall(m.text) if w.lower() not in _NOT_NAME_WORDS}
            if initials := name_initials(m.text):  # "Brett Kowalczyk" … "BK", which a model called a firm
                out.add(initials)
    return frozenset(out)


#: a capitalised word of three letters or more
_CAP_WORD = re.compile(r"(?<![\w'’-])[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ'’-]{2,}(?![\w'’-])")
#: honorifics and particles, which a full name holds without being one
_NOT_NAME_WORDS = frozenset("mrs miss mme mlle sir dame lord lady prof dr van von der den del della".split())
