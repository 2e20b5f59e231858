"""Name propagation: every mention of a detected person, and nothing that is only a word."""

from __future__ import annotations

from privrag.detect.name_propagation import PROPAGATED_SOURCE, name_forms, propagate_names
from privrag.types import DetectedEntity


def _person(text: str, surface: str, label: str = "PERSON") -> DetectedEntity:
    i = text.index(surface)
    return DetectedEntity(i, i + len(surface), label, surface, 0.9, "SpacyRecognizer")


def _marked(text: str, spans: list[DetectedEntity]) -> list[str]:
    return [s.text for s in propagate_names(text, spans) if s.source == PROPAGATED_SOURCE]


def test_parts_of_a_full_name_are_marked_later() -> None:
    text = "Patient: Ottilie Brannagh. Ottilie reports that Brannagh family history is negative."
    assert _marked(text, [_person(text, "Ottilie Brannagh")]) == ["Ottilie", "Brannagh"]


def test_a_common_word_is_not_marked_in_lowercase_prose() -> None:
    text = "Will Ferrow called. He will call again and mark the form."
    assert _marked(text, [_person(text, "Will Ferrow")]) == []


def test_lowercase_name_in_a_greeting_is_marked() -> None:
    text = "Agent: Bill (Support) here.\nCustomer: hi bill, the parcel never came"
    assert _marked(text, [_person(text, "Bill")]) == ["bill"]


def test_handle_gives_its_name_parts() -> None:
    text = "@dani.k can you check?\ndani said it was fixed"
    assert name_forms(_person(text, "@dani.k", "USERNAME")) == {"dani.k", "dani"}
    assert _marked(text, [_person(text, "@dani.k", "USERNAME")]) == ["dani"]


def test_other_labels_do_not_propagate() -> None:
    text = "Acme Foods ships daily. Acme Foods is late."
    org = _person(text, "Acme Foods", "ORGANIZATION")
    assert _marked(text, [org]) == []


def test_a_span_that_runs_into_prose_gives_only_its_capitalised_parts() -> None:
    text = "Brenda we would check with Hughes today.\nWe would check the rota with Brenda and Hughes."
    span = _person(text, "Brenda we would check with Hughes")
    assert name_forms(span) == {"Brenda we would check with Hughes", "Brenda", "Hughes"}
    assert _marked(text, [span]) == ["Brenda", "Hughes"]


def test_a_stop_word_the_model_called_a_person_masks_nothing_else() -> None:
    text = "ok the parcel is late\nthe driver says the van broke down"
    assert name_forms(_person(text, "the")) == set()
    assert _marked(text, [_person(text, "the")]) == []


def test_a_capitalised_name_that_is_a_stop_word_still_propagates() -> None:
    text = "Patient prefers Will.\nhi will, see you at ten"
    assert _marked(text, [_person(text, "Will")]) == ["will"]


def test_a_given_names_nickname_is_marked_as_written() -> None:
    text = "Patient: William Fairweather. Will says the face is no worse; I will call. Bill paid."
    marked = _marked(text, [_person(text, "William Fairweather")])
    assert "Will" in marked and "Bill" in marked
    assert "will" not in marked  # the lower-case word stays a word


def test_a_single_word_or_a_surname_gives_no_nicknames() -> None:
    text = "Seen by Fairweather. Will you call? William came too."
    assert _marked(text, [_person(text, "Fairweather"), _person(text, "William")]) == []


def test_a_dictionary_word_that_is_no_ones_name_is_no_name_part() -> None:
    text = "Tenant: there is black mould in the bedroom.\nAgent: we will book a damp and mould inspection."
    assert "mould" not in name_forms(_person(text, "black mould"))
    assert "mould" not in _marked(text, [_person(text, "black mould")])


def test_a_given_name_that_is_also_a_word_stays_a_name_part() -> None:
    text = "Will Ferrow called. Later Will wrote back."
    assert _marked(text, [_person(text, "Will Ferrow")]) == ["Will"]


def test_a_handles_rare_name_is_found_capitalised_too() -> None:
    text = "@seun 9:20 AM\nGrowth side is fine.\n3. Seun - Mailchimp sequence"
    assert _marked(text, [_person(text, "@seun", "USERNAME")]) == ["Seun"]


def test_a_handles_common_word_is_not_found_capitalised() -> None:
    text = "@will 9:20 AM\nWill do that later."
    assert _marked(text, [_person(text, "@will", "USERNAME")]) == []


def test_a_word_a_cue_found_as_a_name_is_marked_again_but_a_models_guess_is_not() -> None:
    text = "Seen with partner Precious. Later, Precious called the clinic."
    cued = DetectedEntity(18, 26, "PERSON", "Precious", 0.6, "privrag_titled_person")
    assert _marked(text, [cued]) == ["Precious"]
    guessed = DetectedEntity(18, 26, "PERSON", "Precious", 0.6, "SpacyRecognizer")
    assert _marked(text, [guessed]) == []


def test_a_two_letter_given_name_opening_a_full_name_is_a_part() -> None:
    text = "Present: Jo Pearce (Chair).\nJo opened the meeting. As agreed, minutes follow."
    assert name_forms(_person(text, "Jo Pearce")) == {"Jo Pearce", "Jo", "Pearce"}
    assert _marked(text, [_person(text, "Jo Pearce")]) == ["Jo"]
    assert "As" not in name_forms(_person("As Pearce", "As Pearce"))


def test_a_name_typed_without_its_accents_is_the_same_name() -> None:
    text = "Requested for: Linnéa Berg. 08:47 Called user. linnea confirms access. Mail from Yildiz; Murat Yıldız signed."
    spans = [_person(text, "Linnéa Berg"), _person(text, "Murat Yıldız")]
    assert _marked(text, spans) == ["linnea", "Yildiz"]


def test_fold_accents_keeps_the_base_letters() -> None:
    from privrag.detect.name_propagation import fold_accents

    assert [fold_accents(w) for w in ["Linnéa", "Yıldız", "Łukasz", "Søren", "Weiß"]] == ["Linnea", "Yildiz", "Lukasz", "Soren", "Weiss"]


def test_the_names_around_a_patronymic_are_name_parts_even_when_a_dictionary_holds_them() -> None:
    text = "Candidate: Muhammad Hafiz bin Rahmat. Hafiz was quiet at first."
    assert _marked(text, [_person(text, "Muhammad Hafiz bin Rahmat")]) == ["Hafiz"]


def test_a_quoted_nickname_inside_a_name_is_marked_at_its_other_mentions() -> None:
    text = 'Sipho "Ghost" Ndlovu can do Sunday. Ok so: Sun 07-13 Ghost, Sun 13-15 Petrus.'
    assert _marked(text, [_person(text, 'Sipho "Ghost" Ndlovu')]) == ["Ghost"]


def test_marked_name_words_are_only_what_the_construction_marks() -> None:
    from privrag.detect.name_propagation import marked_name_words

    text = 'Sipho "Ghost" Ndlovu and Muhammad Hafiz bin Rahmat bought a Toyota Prius'
    assert marked_name_words(_person(text, 'Sipho "Ghost" Ndlovu')) == {"ghost"}
    assert marked_name_words(_person(text, "Muhammad Hafiz bin Rahmat")) == {"hafiz", "rahmat"}
    assert marked_name_words(_person(text, "Toyota Prius")) == set()


def test_a_quoted_name_in_brackets_after_a_full_name_is_the_nickname_used_later() -> None:
    text = 'Mis en cause: Jean-François Gagnon ("J-F"), chef. R: J-F a dit. Témoins: Pieter van der Merwe ("Piet").'
    spans = [_person(text, "Jean-François Gagnon"), _person(text, "Pieter van der Merwe")]
    assert _marked(text, spans) == ["J-F"]
    assert {s.text for s in propagate_names(text, spans)} >= {"J-F", "Piet"}


def test_a_role_a_contract_defines_in_brackets_is_no_nickname() -> None:
    text = 'Ms Ana Dias ("Landlord") and the Landlord agree.'
    assert [s.text for s in propagate_names(text, [_person(text, "Ana Dias")])] == ["Ana Dias"]


def test_a_form_in_another_case_does_not_hide_the_name_written_as_it_is() -> None:
    text = "From: Ate Joy (BHS)\nReply: Salamat po ate Joy!! ok"
    assert _marked(text, [_person(text, "Ate Joy")]) == ["Joy"]


def test_a_windows_accounts_user_is_a_name_part() -> None:
    text = "user=SAHYADRI\\vkiyer src_ip=10.24.7.183\nPasswords reset for rsharma and vkiyer."
    span = DetectedEntity(5, 20, "USERNAME", "SAHYADRI\\vkiyer", 0.6, "privrag_handle")
    assert "vkiyer" in name_forms(span)
    assert _marked(text, [span]) == ["vkiyer"]


def test_a_word_the_models_call_a_person_three_times_is_a_name_in_lower_case_too() -> None:
    text = "Fer (Agente): Hola, soy Fer.\nCliente: hola fer, mi paquete\nFer (Agente): listo\nCliente: gracias fer"
    spans = [DetectedEntity(m, m + 3, "PERSON", "Fer", 0.6, "SpacyRecognizer") for m in (0, 24, 59)]
    assert [text[s.start : s.end] for s in spans] == ["Fer", "Fer", "Fer"]
    assert _marked(text, spans) == ["fer", "fer"]
    assert _marked(text, spans[:2]) == []  # twice is not enough for a dictionary word


def test_a_contract_role_in_brackets_after_a_name_is_no_nickname() -> None:
    text = 'between John Smith ("Investor") and Acme Ltd. The Investor shall pay.'
    assert _marked(text, [_person(text, "John Smith")]) == []


def test_an_everyday_word_the_models_call_a_person_three_times_stays_a_word() -> None:
    text = "Reply sent. Reply read. Reply gone. Send a Reply now."
    spans = [DetectedEntity(m, m + 5, "PERSON", "Reply", 0.6, "SpacyRecognizer") for m in (0, 12, 24)]
    assert [text[s.start : s.end] for s in spans] == ["Reply"] * 3
    assert _marked(text, spans) == []


def test_a_full_names_initials_are_marked_unless_the_text_defines_them_for_another_name() -> None:
    text = "claims by Brett Kowalczyk (ID E40719). When BK was on leave. Techniker Krankenkasse (TK) paid."
    assert _marked(text, [_person(text, "Brett Kowalczyk")]) == ["BK"]
    text = "Tobias Kühn is insured with Techniker Krankenkasse (TK). TK paid."
    assert _marked(text, [_person(text, "Tobias Kühn")]) == []


def test_a_name_inside_a_file_name_is_marked() -> None:
    text = "Ramesh Kulkarni, 68 saal.\nKulkarni_Ramesh_Thyrocare.pdf (file attached)"
    assert _marked(text, [_person(text, "Ramesh Kulkarni")]) == ["Kulkarni", "Ramesh"]


def test_a_name_inside_an_email_address_is_left_to_the_address() -> None:
    text = "Ramesh Kulkarni wrote from ramesh.kulkarni@example.com"
    assert _marked(text, [_person(text, "Ramesh Kulkarni")]) == []


def test_a_chat_authors_lowercase_name_is_found_capitalised() -> None:
    from privrag.detect.slots import complete_slots

    text = ("14/03/24, 9:12 am - pinky: Good morning sir\n14/03/24, 9:14 am - Dr Mehta Clinic: Pinky, sugar kaisa hai?\n"
            "14/03/24, 9:16 am - pinky: 212 aaya\n")
    spans = complete_slots(text, [_person(text, "Mehta")])
    assert "Pinky" in _marked(text, spans)


def test_a_short_name_before_the_full_name_in_brackets_is_the_persons() -> None:
    from privrag.detect.name_propagation import NICKNAME_SOURCE, bracketed_nicknames

    text = "my partner kel (Kelvin Ashby) might drop it off, or Bill (William Fairweather) will"
    spans = [_person(text, "Kelvin Ashby"), _person(text, "William Fairweather")]
    assert [s.text for s in bracketed_nicknames(text, spans) if s.source == NICKNAME_SOURCE] == ["kel", "Bill"]


def test_a_word_before_a_bracketed_name_that_is_no_short_form_of_it_is_no_nickname() -> None:
    from privrag.detect.name_propagation import bracketed_nicknames

    text = "the item (Kelvin Ashby) and the contact (Ann Lee) and with her (Hermione Granger), Ref (Refilwe Dlamini)"
    spans = [_person(text, "Kelvin Ashby"), _person(text, "Ann Lee"), _person(text, "Hermione Granger"),
             _person(text, "Refilwe Dlamini")]
    assert bracketed_nicknames(text, spans) == []


def test_a_surnames_particle_is_propagated_with_it() -> None:
    """"Mevrouw De Smet" alone: the particle is part of the surname, not a word to leave in clear."""
    assert "De Smet" in name_forms(DetectedEntity(0, 16, "PERSON", "Annelies De Smet", 0.9, "SpacyRecognizer"))
    assert "van der Berg" in name_forms(DetectedEntity(0, 17, "PERSON", "Pieter van der Berg", 0.9, "SpacyRecognizer"))
