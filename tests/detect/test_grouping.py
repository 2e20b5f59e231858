from privrag.detect.grouping import group_entities, normalize_surface
from privrag.types import DetectedEntity as D


def mention(text: str, start: int, label: str = "PERSON") -> D:
    return D(start, start + len(text), label, text)


def test_name_parts_possessives_and_honorifics_group_together():
    spans = [
        mention("Mrs Anna Christou", 0),
        mention("Christou", 40),
        mention("Anna Christou's", 80),
        mention("Nicosia", 120, "GPE"),
    ]
    groups = group_entities(spans)
    people = [g for g in groups if g.label == "PERSON"]
    assert len(people) == 1 and len(people[0].mentions) == 3
    assert people[0].canonical == "Mrs Anna Christou"


def test_different_people_stay_apart():
    groups = group_entities([mention("Anna Christou", 0), mention("John Smith", 30)])
    assert len(groups) == 2


def test_ambiguous_surname_goes_to_nearest_preceding_mention():
    spans = [mention("Anna Christou", 0), mention("Maria Christou", 50), mention("Christou", 80)]
    groups = group_entities(spans)
    maria = next(g for g in groups if g.canonical == "Maria Christou")
    assert any(m.start == 80 for m in maria.mentions)


def test_exact_match_for_non_name_labels_only():
    spans = [mention("31 May 1991", 0, "DATE_TIME"), mention("May 1991", 30, "DATE_TIME"), mention("31 May 1991", 60, "DATE_TIME")]
    groups = group_entities(spans)
    assert sorted(len(g.mentions) for g in groups) == [1, 2]


def test_labels_do_not_mix_categories():
    groups = group_entities([mention("Jordan", 0, "PERSON"), mention("Jordan", 20, "GPE")])
    assert len(groups) == 2


def test_entity_ids_follow_first_appearance():
    groups = group_entities([mention("Zed Alpha", 50), mention("Amy Beta", 0)])
    assert [g.entity_id for g in groups] == [0, 1]
    assert groups[0].canonical == "Amy Beta"


def test_normalize_surface():
    assert normalize_surface("Mr. John SMITH's") == "john smith"
