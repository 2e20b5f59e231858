"""Names and addresses in Cyrillic and Thai, found by their forms (:mod:`privrag.detect.recognizers_scripts`)."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_scripts import (
    script_address_recognizer,
    script_firm_recognizer,
    script_names_recognizer,
    script_town_recognizer,
)


def _found(recognizer, entity: str, text: str) -> list[str]:
    return [text[r.start : r.end] for r in recognizer.analyze(text, [entity])]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Пацієнт: Шевчук Богдан Ігорович, 1971 р.н.", "Шевчук Богдан Ігорович"),  # surname, given, patronymic
        ("Пациентка Анна Сергеевна Орлова, 54 года", "Анна Сергеевна Орлова"),  # given, patronymic, surname
        ("лікар-кардіолог Мельник Т. О., каб. 214", "Мельник Т. О."),  # a surname and two initials
        ("Підпис: В.П. Ткаченко", "В.П. Ткаченко"),  # the initials first
        ("สวัสดีค่ะ คุณnok รอสักครู่นะคะ", "nok"),  # a term of address before a romanised name
        ("น้องแพรวา ส่งเอกสารแล้ว", "แพรวา"),  # before a name in Thai script
        ("ok nong fern will call back. ขอบคุณครับ", "fern"),  # romanised, in a text that writes Thai
    ],
)
def test_a_name_is_found_by_its_form(text: str, name: str) -> None:
    assert name in _found(script_names_recognizer(), "PERSON", text)


@pytest.mark.parametrize(
    "text",
    [
        "Україна, Київ, Міністерство охорони здоров'я",  # capitalised words without a patronymic
        "ขอบคุณค่ะ",  # "thank you" holds the term of address
        "น้องสาว ของฉัน",  # "younger sister"
        "Nong Khai is a province; ask khun about it",  # no Thai script in the text
        # found by the review of stop 40: a term of address inside a word, before kin or a role, or before a clause
        "คุณต้องกินยาวันละ 2 ครั้งหลังอาหาร",
        "คุณหมอแนะนำให้พักผ่อนมากๆ",
        "ตำแหน่งนี้ต้องมีคุณสมบัติ ปริญญาตรี",
        "คุณแม่ของผู้ป่วยมาเยี่ยมทุกวัน",
        "พี่น้องกันช่วยดูแลผู้ป่วย",
        "ขอโทษครับคุณลูกค้า รอสักครู่",
        "ผู้ป่วยขาด vitamin K. Plan: ให้ยาต่อ",
        "Български: Диагноза Хронична бъбречна недостатъчност.",  # an adjective's "-ична" is no patronymic
    ],
)
def test_no_name_without_its_form(text: str) -> None:
    assert _found(script_names_recognizer(), "PERSON", text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Адреса: вул. Січових Стрільців, 12б, кв. 7, м. Київ, 01054.", "вул. Січових Стрільців, 12б, кв. 7, м. Київ, 01054"),
        ("проживает: ул. Гагарина, д. 15, кв. 3, г. Казань", "ул. Гагарина, д. 15, кв. 3, г. Казань"),
        ("ส่งที่ 45/12 ซ.สุขุมวิท 71 แขวงพระโขนงเหนือ เขตวัฒนา กรุงเทพฯ 10110 ค่ะ",
         "45/12 ซ.สุขุมวิท 71 แขวงพระโขนงเหนือ เขตวัฒนา กรุงเทพฯ 10110"),
    ],
)
def test_an_address_is_found_by_its_form(text: str, address: str) -> None:
    found = _found(script_address_recognizer(), "STREET_ADDRESS", text)
    assert any(address in f or f in address and len(f) > len(address) * 0.8 for f in found), found


@pytest.mark.parametrize(("text", "town"), [("переселена з м. Маріуполь у 2022", "Маріуполь"),
                                            ("прописан в г. Тверь", "Тверь")])
def test_a_town_after_its_marker_is_found(text: str, town: str) -> None:
    assert _found(script_town_recognizer(), "LOCATION", text) == [town]


@pytest.mark.parametrize("text", ["відстань 5 м. Далі праворуч", "в 2024 г. Пациент поступил"])
def test_a_measure_or_a_year_before_the_marker_is_no_town(text: str) -> None:
    assert _found(script_town_recognizer(), "LOCATION", text) == []


@pytest.mark.parametrize(("text", "firm"), [("працює в ТОВ «Сонячна Долина» бухгалтером", "ТОВ «Сонячна Долина»"),
                                            ("направлення: КНП ЛОР «Обласна лікарня»", "КНП ЛОР «Обласна лікарня»"),
                                            ("сотрудник ООО «Ромашка»", "ООО «Ромашка»")])
def test_a_firm_after_its_cyrillic_legal_form_is_found(text: str, firm: str) -> None:
    assert _found(script_firm_recognizer(), "ORGANIZATION", text) == [firm]



@pytest.mark.parametrize("text", ["ТОВ «Нова Пошта» доставила посилку.", "оплата через АТ «ПриватБанк»."])
def test_a_company_is_found_only_as_someones_employer(text: str) -> None:
    """A bank or a courier is written after its legal form too (the review of stop 40)."""
    assert _found(script_firm_recognizer(), "ORGANIZATION", text) == []


@pytest.mark.parametrize(("text", "street"), [("Місце проживання: м. Одеса, Французький бульвар, 20.", "Французький бульвар, 20"),
                                              ("ул. Гагарина, дом 12, корп. 3, кв. 45", "ул. Гагарина, дом 12, корп. 3, кв. 45")])
def test_more_cyrillic_street_forms_are_found(text: str, street: str) -> None:
    assert street in _found(script_address_recognizer(), "STREET_ADDRESS", text)
