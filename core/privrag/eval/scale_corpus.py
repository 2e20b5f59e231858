"""A generated corpus of short clinical and workplace notes, for scale tests and ``privrag bench scale``.

Scale-out is measured in documents per second, so the corpus must look like
the documents users protect in bulk (a note, an e-mail, a referral: a few
hundred characters with names, dates, phone numbers, addresses, e-mails and
identifiers), be seeded (two runs time the same text) and need no data files.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["generated_corpus", "write_jsonl"]

_TEMPLATES = (
    "Patient {name} (DOB {dob}) was seen at {company} on {date} for chest pain. "
    "Started atorvastatin 20 mg daily. Contact: {phone}, {email}. Lives at {address}.",
    "From: {name} <{email}>\nSent: {date}\nSubject: invoice {num}\n\nHi {other}, the payment for account "
    "{iban} went through. Call me on {phone} before {date2}.\n{name}",
    "Referral: {name}, aged {age}, {job} at {company}, reports knee pain for three weeks. "
    "GP {other} ({phone}) asks for an MRI before {date2}. NHS number {nhs}.",
    "HR note {num} ({date}): {name} from {city} asked to move to part-time work. Manager {other} agreed; "
    "review on {date2}. Employee ID {ref}, home address {address}.",
)


def generated_corpus(n: int, *, seed: int = 0, locale: str = "en_GB") -> list[tuple[str, str]]:
    """``n`` seeded ``(id, text)`` documents, ids ``doc-00000``…; the same arguments give the same corpus."""
    from privrag.faker_stable import stable_faker

    fake = stable_faker(locale)
    fake.seed_instance(seed)
    docs = []
    for i in range(n):
        values = {
            "name": fake.name(), "other": fake.name(), "dob": fake.date_of_birth().strftime("%d/%m/%Y"),
            "date": fake.date_this_decade().strftime("%d %B %Y"), "date2": fake.date_this_year().isoformat(),
            "company": fake.company(), "phone": fake.phone_number(), "email": fake.email(),
            "address": fake.address().replace("\n", ", "), "iban": fake.iban(), "num": fake.random_int(1000, 9999),
            "age": fake.random_int(18, 90), "job": fake.job(), "city": fake.city(),
            "nhs": f"{fake.random_int(100, 999)} {fake.random_int(100, 999)} {fake.random_int(1000, 9999)}",
            "ref": fake.bothify("EMP-#####"),
        }
        docs.append((f"doc-{i:05d}", _TEMPLATES[i % len(_TEMPLATES)].format(**values)))
    return docs


def write_jsonl(docs: list[tuple[str, str]], path: Path) -> Path:
    """The corpus as ``privrag anonymize`` JSONL input (one ``{"id", "text"}`` per line)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps({"id": i, "text": t}, ensure_ascii=False) + "\n" for i, t in docs),
                    encoding="utf-8")
    return path
