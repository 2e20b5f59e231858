"""What happens to document metadata: protect, keep or drop, per field.

Metadata is text too. LlamaIndex embeds node metadata and sends it to the
LLM by default; LangChain prompts often format ``Document.metadata``; a file
name like ``patients/john_smith.pdf`` names the patient. Every adapter in
privrag therefore runs metadata through one :class:`MetadataPolicy`:

* ``protect`` — apply the same protection as the text (detection + masking,
  aliasing, …) to every string inside the value (recursively);
* ``keep`` — pass the value unchanged;
* ``drop`` — remove the field.

Default: string values (and strings nested in lists/dicts) are protected,
non-string values (numbers, booleans, ``None``) are kept. Path-like strings
are protected part by part so ``john_smith.pdf`` is seen as "john smith".

Two kinds of string are kept by default because they describe the file, not
a person, and protecting them only corrupts them — an NER model reads
``text/plain`` as a place and ``2024-05-01`` as a phone number, which broke
``file_type`` and the date fields LlamaIndex's ``TimeWeightedPostprocessor``
sorts on:

* the file-system fields LlamaIndex readers add (:data:`FILE_SYSTEM_FIELDS`:
  ``file_type``, ``file_size``, ``creation_date``, ``last_modified_date``,
  ``last_accessed_date``);
* any value that is nothing but a MIME type (``application/pdf``) or an ISO
  date/timestamp (``2024-05-01``, ``2024-05-01T09:30:00Z``) — except under a
  key that names an event in a person's life (:data:`PERSONAL_DATE_KEY`:
  birth, death, admission, discharge, visit, hire, …). HIPAA's Safe Harbor
  rule lists exactly those dates as identifiers; a store's timestamps are not.

``file_name``, ``file_path`` and ``source`` stay protected: a path names the
patient as often as the text does (``patients/john_smith_referral.pdf``).
Every built-in rule yields to the user: a field listed in ``fields`` gets
the action given there, and ``keep_fields`` / ``keep_plain_values`` switch
the built-in keeps off.
"""

from __future__ import annotations

import mimetypes
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["Action", "MetadataPolicy", "PRIVRAG_KEY", "FILE_SYSTEM_FIELDS", "PERSONAL_DATE_KEY", "is_plain_value"]

Action = Literal["protect", "keep", "drop"]

#: metadata key under which privrag stores its own (string-free) report
PRIVRAG_KEY = "privrag"

#: fields LlamaIndex's file readers add that describe the file, never its subject
FILE_SYSTEM_FIELDS: frozenset[str] = frozenset(
    {"file_type", "file_size", "creation_date", "last_modified_date", "last_accessed_date"}
)

#: a key naming a date in a person's life (HIPAA Safe Harbor's birth, admission, discharge and
#: death dates; their clinical and workplace kin): an ISO date under it is personal data
PERSONAL_DATE_KEY = re.compile(
    r"birth|dob|death|died|deceas|admi(?:t|ssion)|discharg|visit|appoint|encounter|procedure|surg|diagnos|onset"
    r"|injur|incident|accident|sick|leave|absen|hire|hiring|employ|terminat|dismiss|resign|retire|marri|divorc",
    re.I,
)

#: ISO 8601 calendar date, optionally with a time and a zone ("2024-05-01", "2024-05-01T09:30:00.5+02:00")
_ISO_DATE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?"
)
#: a MIME type's shape: an IANA top-level type, a subtype, parameters ("text/plain; charset=utf-8")
_MIME = re.compile(
    r"((?:application|audio|font|haptics|image|message|model|multipart|text|video)/[a-z0-9][a-z0-9.+-]*)"
    r"(?:\s*;\s*[\w.-]+=[\w.\-\"]+)*"
)
#: subtypes of the vendor and unregistered trees ("vnd.ms-excel", "x-python"); "prs." (personal) is not here
_MIME_TREES = re.compile(r"^[a-z]+/(?:vnd\.|x-|x\.)")

_PATHLIKE = re.compile(r"^[\w .\-/\\]+\.[A-Za-z0-9]{1,5}$|^[\w.\-]+(/[\w .\-]+)+/?$")


@dataclass
class MetadataPolicy:
    """Per-field metadata policy.

    Key init args:
        fields: ``{field name: "protect" | "keep" | "drop"}`` overrides.
        default_string: action for string-bearing fields not listed.
        default_other: action for non-string fields not listed.
        keep_fields: fields kept whatever their value (default:
            :data:`FILE_SYSTEM_FIELDS`); pass ``frozenset()`` to protect them.
        keep_plain_values: keep a string that is only a MIME type or an ISO
            date/timestamp (not under a :data:`PERSONAL_DATE_KEY` key).
    """

    fields: dict[str, Action] = field(default_factory=dict)
    default_string: Action = "protect"
    default_other: Action = "keep"
    keep_fields: frozenset[str] = FILE_SYSTEM_FIELDS
    keep_plain_values: bool = True

    def __post_init__(self) -> None:
        for k, v in {**self.fields, "default_string": self.default_string, "default_other": self.default_other}.items():
            if v not in ("protect", "keep", "drop"):
                raise ValueError(f"invalid metadata action {v!r} for {k!r}")

    @classmethod
    def coerce(cls, value: MetadataPolicy | Mapping[str, Action] | None) -> MetadataPolicy:
        """Accept a policy, a plain ``{field: action}`` dict, or ``None`` (default)."""
        if value is None:
            return cls()
        if isinstance(value, MetadataPolicy):
            return value
        return cls(fields=dict(value))

    def action_for(self, key: str, value: Any) -> Action:
        """The action for one field: privrag's report, then ``fields``, then the built-in keeps, then defaults."""
        if key == PRIVRAG_KEY:
            return "keep"
        if key in self.fields:
            return self.fields[key]
        if key in self.keep_fields:
            return "keep"
        if self.keep_plain_values and isinstance(value, str) and is_plain_value(key, value):
            return "keep"
        return self.default_string if _has_string(value) else self.default_other

    def apply(self, metadata: Mapping[str, Any] | None, protect: Callable[[str], str]) -> dict[str, Any]:
        """Return a new metadata dict; ``protect`` transforms one string.

        Errors from ``protect`` propagate (fail closed): a metadata value is
        never passed on unprotected because its protection failed.
        """
        out: dict[str, Any] = {}
        for key, value in (metadata or {}).items():
            action = self.action_for(str(key), value)
            if action == "drop":
                continue
            out[key] = _protect_value(value, protect) if action == "protect" else value
        return out

    def protected_strings(self, metadata: Mapping[str, Any] | None) -> list[str]:
        """Every string that :meth:`apply` would protect, in order.

        Lets a caller analyse metadata together with the text (SEAG builds
        one alias table over both)."""
        found: list[str] = []
        for key, value in (metadata or {}).items():
            if self.action_for(str(key), value) == "protect":
                _collect(value, found)
        return found


def is_plain_value(key: str, value: str) -> bool:
    """``value`` is only a MIME type, or only an ISO date/timestamp under a key that
    names no event in a person's life: it describes a file or a record, not someone."""
    v = value.strip()
    if (m := _MIME.fullmatch(v)) is not None:
        # the shape alone would keep a folder path "text/john_smith": the type must be one the
        # platform knows (LlamaIndex's readers ask the same ``mimetypes`` tables) or a vendor one
        return bool(mimetypes.guess_all_extensions(m.group(1), strict=False) or _MIME_TREES.match(m.group(1)))
    return bool(_ISO_DATE.fullmatch(v)) and not PERSONAL_DATE_KEY.search(key)


def _has_string(value: Any) -> bool:
    if isinstance(value, str):
        return True
    if isinstance(value, Mapping):
        return any(_has_string(v) for v in value.values())
    if isinstance(value, (list, tuple, set)):
        return any(_has_string(v) for v in value)
    return False


def _protect_value(value: Any, protect: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return _protect_string(value, protect)
    if isinstance(value, Mapping):
        return {k: _protect_value(v, protect) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_protect_value(v, protect) for v in value)
    if isinstance(value, set):
        return {_protect_value(v, protect) for v in value}
    return value


def _protect_string(value: str, protect: Callable[[str], str]) -> str:
    if not value.strip():
        return value
    if _PATHLIKE.match(value) and " " not in value:
        # "patients/john_smith.pdf" → protect "patients", "john smith", keep "/" and ".pdf"
        parts = re.split(r"([/\\])", value)
        out = []
        for part in parts:
            if part in ("/", "\\") or not part:
                out.append(part)
                continue
            stem, dot, ext = part.rpartition(".") if "." in part[1:] else (part, "", "")
            readable = re.sub(r"[_\-.]+", " ", stem).strip()
            titled = _title(readable)
            protected = protect(titled) if readable else ""
            if protected == titled:  # nothing sensitive: keep the original spelling
                out.append(part)
            else:
                out.append(re.sub(r"\s+", "_", protected) + (dot + ext if dot else ""))
        return "".join(out)
    return protect(value)


def _title(words: str) -> str:
    """NER models find "John Smith" far more reliably than "john smith"."""
    return " ".join(w[:1].upper() + w[1:] for w in words.split())


def _collect(value: Any, found: list[str]) -> None:
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, Mapping):
        for v in value.values():
            _collect(v, found)
    elif isinstance(value, (list, tuple, set)):
        for v in value:
            _collect(v, found)
