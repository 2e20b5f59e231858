import pytest

from privrag.generalize import canonical_label, descriptor, generalize, register


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("PERSON", "a person"),
        ("PER", "a person"),
        ("GPE", "a location"),
        ("ORGANIZATION", "an organization"),
        ("DATE_TIME", "a date"),
        ("DATETIME", "a date"),
        ("AGE", "a certain age"),
        ("CODE", "an identification number"),
        ("US_SSN", "an identification number"),
        ("EMAIL_ADDRESS", "an e-mail address"),
        ("IP_ADDRESS", "an IP address"),
        ("IBAN_CODE", "an account number"),
        ("DEM", "a nationality"),
        ("phone number", "a phone number"),
        ("something-unknown", "a detail"),
    ],
)
def test_descriptor_covers_presidio_spacy_gliner_and_tab_labels(label, expected):
    assert descriptor(label) == expected


def test_generalize_capitalizes_on_request():
    assert generalize("ORG", capitalize=True) == "An organization"


def test_register_maps_new_label_and_category():
    register("GENE_SYMBOL", "GENE", "gene")
    assert canonical_label("gene symbol") == "GENE"
    assert descriptor("GENE_SYMBOL") == "a gene"
    register("MRN", "CODE")
    assert descriptor("MRN") == "an identification number"


def test_register_rejects_unknown_category_without_noun():
    with pytest.raises(ValueError):
        register("X_LABEL", "NOT_A_CATEGORY")
