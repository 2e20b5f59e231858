"""The label vocabulary of privrag's shipped GLiNER PII model.

GLiNER is prompted with natural-language labels; the detector reports
privrag labels. Training (:mod:`privrag.detect.gliner_train`) and inference
(:mod:`privrag.detect.shipped`) share this one table so the prompts the model
was trained on are exactly the prompts it is run with.
"""

from __future__ import annotations

__all__ = ["PII_LABELS", "TAB_LABELS", "WNUT_LABELS", "SYNTH_LABELS"]

#: prompt label → privrag label (the detector's output)
PII_LABELS: dict[str, str] = {
    "person": "PERSON",
    "organization": "ORG",
    "location": "LOC",
    "address": "STREET_ADDRESS",
    "date": "DATE_TIME",
    "identification number": "ID_NUMBER",
    "bank account number": "ACCOUNT_NUMBER",
    "credit card number": "CREDIT_CARD",
    "email address": "EMAIL_ADDRESS",
    "phone number": "PHONE_NUMBER",
    "url": "URL",
    "ip address": "IP_ADDRESS",
    "age": "AGE",
    "demographic attribute": "DEM",
    "quantity": "QUANTITY",
    "other identifying detail": "MISC",
    "product": "PRODUCT",
    "creative work": "WORK_OF_ART",
}

#: TAB entity type → prompt label (only DIRECT/QUASI mentions are positives)
TAB_LABELS: dict[str, str] = {
    "PERSON": "person",
    "ORG": "organization",
    "LOC": "location",
    "DATETIME": "date",
    "CODE": "identification number",
    "DEM": "demographic attribute",
    "QUANTITY": "quantity",
    "MISC": "other identifying detail",
}

#: WNUT-17 type → prompt label
WNUT_LABELS: dict[str, str] = {
    "person": "person",
    "location": "location",
    "corporation": "organization",
    "group": "organization",
    "product": "product",
    "creative-work": "creative work",
}

#: prompt labels the Faker-generated sentences annotate
SYNTH_LABELS: tuple[str, ...] = (
    "person", "organization", "location", "address", "date", "identification number",
    "bank account number", "credit card number", "email address", "phone number", "url",
    "ip address", "age", "demographic attribute",
)  # fmt: skip
