"""Names typed in lower case after an introduction: only in text written all in lower case."""

from __future__ import annotations

import pytest

from privrag.detect.recognizers_names import lowercase_intro_recognizer, titled_person_recognizer


def names(text: str) -> list[str]:
    return [text[r.start : r.end] for r in lowercase_intro_recognizer().analyze(text, ["PERSON"])]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my name is borna salazar but everyone calls me borna", ["borna salazar", "borna"]),
        ("sometimes people call me višeslav", ["višeslav"]),
        ("hi, my name is vitoria", ["vitoria"]),
    ],
)
def test_lowercase_names_in_lowercase_chat(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "My name is spelled wrong on the form",  # cased text: a lowercase word here is no name
        "my name is not important",  # a stop word
        "they call me back later",
    ],
)
def test_lowercase_rule_needs_lowercase_text_and_no_stop_word(text: str) -> None:
    assert names(text) == []


def test_lowercase_name_stays_on_its_line() -> None:
    assert names("my name is jo\nthanks") == ["jo"]


def test_lowercase_rule_is_one_of_the_default_recognizers() -> None:
    from privrag.detect.recognizers import identifier_recognizers

    assert "privrag_lowercase_intro" in {r.name for r in identifier_recognizers()}


def titled(text: str) -> list[str]:
    from privrag.detect.recognizers_names import titled_person_recognizer

    return sorted({text[r.start : r.end] for r in titled_person_recognizer().analyze(text, ["PERSON"])})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Jacqueline: "I\'m Aino\'s daughter".', ["Aino"]),  # the contraction before it is no name
        ("It was Anna Lee's mother who called.", ["Anna Lee"]),
        ("O'Brien's son answered.", ["O'Brien"]),
        ("I'm so pleased, said Marta to Ilkka", ["Ilkka", "Marta"]),
        ("'Wait,' whispered Ana to Teodor.", ["Ana", "Teodor"]),
        ("Jaroslav lives on Puistokatu 4.", ["Jaroslav"]),
    ],
)
def test_kin_owners_speakers_and_residents_are_persons(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The Court's son",  # "The": a stop word
        "said the judge to Smith",  # the speaker is no name
        "He said Smith to be right",  # "to" + lowercase: no one spoken to
        "replied Anna to the Court",  # the addressee is an article
        "He lives in Rome",  # a pronoun
    ],
)
def test_no_person_without_the_name_shape(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Paciente: Maria das Graças Nogueira        CPF: 972.979.262-30", ["Maria das Graças Nogueira"]),
        ("Employee:   Tomasz Wójcik\nRole: Analyst", ["Tomasz Wójcik"]),
        ("Patient name: Aoife\nDOB: 01/02/1990", ["Aoife"]),  # one word, a given name
        ("Patient(in): Jürgen Weiß", ["Jürgen Weiß"]),
        ("Nombre: Lucía Fernández Ortega", ["Lucía Fernández Ortega"]),
        ('57yo man (prefers "Will"), known type 2 diabetes', ["Will"]),  # quoted: the name a person goes by
        ("She prefers to be called Sam.", ["Sam"]),
        ("known as 'Mo' to everyone", ["Mo"]),
    ],
)
def test_a_person_field_of_a_form_holds_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Patient: Reports improvement in sleep.",  # one word, not a given name: a note
        "Patient: Alert And Oriented",  # a stop word
        "Next of kin: Daughter",
        "Diagnosis: Atrial Fibrillation",  # not a person field
        "She prefers Coca Cola.",  # unquoted: only a given name
        "known as Type 2 diabetes",
    ],
)
def test_a_person_field_with_a_note_is_no_person(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Call ID: 55719\nNurse: Bronwyn Tapsell RN    Interpreter: TIS National", ["Bronwyn Tapsell RN"]),
        ("Approver: Théo Marchand, Directeur commercial", ["Théo Marchand"]),
    ],
)
def test_a_staff_field_holds_the_person_who_acted(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["Agent: I can help with that", "GP: Abbey House Medical Practice", "Manager: Operations Team"])
def test_a_staff_field_naming_a_service_or_a_sentence_is_no_person(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("07/01/2025 08:12 - Beata Nowicka: good morning\n07/01/2025 08:40 - Reception: Hi", ["Beata Nowicka"]),
        ("[07/01/2025, 08:12:33] Tom Reid: ok, see you", ["Tom Reid"]),
        ("1/7/25, 8:12 PM - Kacper: hi", ["Kacper"]),
    ],
)
def test_the_author_of_an_exported_chat_line_is_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    ["07/01/2025 08:40 - Reception: Hi", "Meeting 07/01/2025 08:40 - Agenda: budget", "07/01/2025 08:40 - You: ok"],
)
def test_a_desk_a_heading_or_you_is_no_chat_author(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mon 6/9 9:14 PM - dani:\nhi so i got seen", ["dani"]),  # a portal's weekday, no year, name in lower case
        ("Tue 6/10 8:02 AM - Marisol Vance, RN:\nHi Danielle", ["Marisol Vance"]),  # a role after the name
        ("07.04.2025 09:40 - Oğuz Demirci (2nd Level / Client Team):\nDevice removed", ["Oğuz Demirci"]),
        ("2025-04-07 09:40 - Tom Reid: ok", ["Tom Reid"]),
    ],
)
def test_a_chat_author_with_a_role_a_team_or_in_lower_case_is_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    ["07/01/2025 08:12 - Fibrelane Support: hello", "Mon 6/9 9:14 PM - support:\nhello", "07/01/2025 08:12 - IT Desk: hi"],
)
def test_a_desk_named_in_words_is_no_chat_author(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bed 12 - Tan Ah Huat, 82M, NRIC S3418872H", ["Tan Ah Huat"]),
        ("Bed 15 - Siti Nurhaliza bte Osman, 57F, NRIC S6722019D", ["Siti Nurhaliza bte Osman"]),
        ("Seen today: Joe Bloggs (45 y/o) with chest pain", ["Joe Bloggs"]),
    ],
)
def test_a_name_before_an_age_and_sex_is_a_patient(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["The Court, 12 years old case", "Ward 9C, 82M beds", "Results: 4, 5F"])
def test_an_age_and_sex_after_a_non_name_marks_no_one(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [('Present: Mark Haverkamp, Dolores "Dee" Pruitt\nAbsent', ['Dolores "Dee" Pruitt']),
     ("Robert 'Bob' Hale signed", ["Robert 'Bob' Hale"]), ('The "Big" Apple', [])],
)
def test_a_quoted_nickname_between_given_name_and_surname_is_one_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7:42 PM  destiny: hi joy i need to return", ["destiny"]),  # the time alone; a name that is a word
        ("7:48 PM  Joy (Support): Thanks Destiny", ["Joy"]),
        ("2:50 PM  Bill (Support): Thanks", ["Bill"]),
    ],
)
def test_a_live_chat_stamped_with_the_time_alone_has_authors(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["7:42 PM  customer: hi", "10:30 Registration: all", "12:15 Lunch: sandwiches"])
def test_a_role_or_an_agenda_item_after_a_time_is_no_author(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yours sincerely,\n\nSunita Chauhan\nSite Operations Manager, Avonmouth", ["Sunita Chauhan"]),
        ("Thanks,\nHannah\nBrightPath Talent", ["Hannah"]),
        ("Cheers,\nPriyanka", ["Priyanka"]),
        ("Best,\nJ. O'Connor", ["J. O'Connor"]),
    ],
)
def test_the_line_under_a_sign_off_is_the_signer(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Kind regards,\nCustomer Care", "Best wishes,\nThe HR Team", "Regards,\nPractice Manager",
     "Thanks,\nFinance Operations", "Kind regards,\nAcme Ltd"],
)
def test_a_desk_a_team_or_a_job_under_a_sign_off_is_no_signer(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Last sex 8 days ago with regular female partner Precious; one casual partner", ["Precious"]),
        ("She came with the partner Tomasz.", ["Tomasz"]),
    ],
)
def test_a_kinship_after_an_article_and_describing_words_names_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


def test_a_firm_after_a_kinship_word_is_no_person() -> None:
    assert titled("We met the business partner Siemens AG.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mit freundlichen Grüßen\nMurat Yıldız\nVorsitzender des Betriebsrats", ["Murat Yıldız"]),
        ("Met vriendelijke groet,\n\nAnouk Visser", ["Anouk Visser"]),
        ("Cordialement,\nGilberte Tremblay", ["Gilberte Tremblay"]),
        ("Med vänliga hälsningar\nSanna Holm", ["Sanna Holm"]),
        ("Pozdrawiam,\nBartosz Wilk", ["Bartosz Wilk"]),
    ],
)
def test_a_sign_off_in_our_users_other_languages_names_the_signer(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("From: Murat Yıldız <murat.yildiz@brueckner-foerdertechnik.de>", ["Murat Yıldız"]),
        ("To: Priyanka Menon <priyanka.menon@tidewell.com.sg>\nCc: Lim Siew Mei <siewmei.lim@tidewell.com.sg>",
         ["Lim Siew Mei", "Priyanka Menon"]),
        ('From: "Darren Ong" <darren.ong@tidewell.com.sg>', ["Darren Ong"]),
    ],
)
def test_the_name_an_email_address_is_shown_under_is_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Cc: Betriebsrat Bielefeld <br-bielefeld@brueckner.de>",  # a mailbox named for a site
        "To: Claims Desk <claims@example.jp>",
        "From: Acme Ltd <billing@acme.co.uk>",
        "To: Moorfield Academy <office@moorfield.org.uk>",
        "From: Finance Operations <ap@example.com>",
    ],
)
def test_a_mailbox_of_a_desk_a_site_or_a_firm_is_no_person(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1) Opay acct 8123094456 - CHUKWUEMEKA O. BELLO - ₦250,000", ["CHUKWUEMEKA O. BELLO"]),
        ("CASE OF AHMET YILMAZ v. TURKEY", ["AHMET YILMAZ"]),
        ("PASSENGER: KEVIN PATEL", ["KEVIN PATEL"]),
    ],
)
def test_a_name_in_capitals_opening_with_a_given_name_is_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    ["2) Moniepoint acct 6609127734 - BLESSING IDOWU VENTURES - ₦180,000", "GRACE CHURCH HALL", "MARIA LOPEZ LTD",
     "THE LAW", "PROCEDURE AND FACTS"],
)
def test_capitals_without_a_given_name_first_or_with_a_firms_word_are_no_person(text: str) -> None:
    assert titled(text) == []


def test_both_owners_of_a_kinship_are_persons() -> None:
    assert titled("Thanks\nKerry (Summer and Reece's mum)") == ["Reece", "Summer"]
    assert titled("Ask Support Team and Reece's mum") == ["Reece"]  # a desk is no owner


@pytest.mark.parametrize(("text", "expected"), [("Aan: R. Hoekstra, huisarts", ["R. Hoekstra"]), ("cc J.P. Visser today", ["J.P. Visser"])])
def test_initials_before_a_surname_no_dictionary_holds_are_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("21.02.2025 20:14   CEFTS       M. R. Fahim, HNB 238010049917", ["M. R. Fahim"]),
     ("Payee: H. K. Ranasinghe", ["H. K. Ranasinghe"])],
)
def test_two_initials_before_a_word_no_dictionary_holds_are_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["see A. Paragraph 4", "E. coli grew", "U.S. Army", "Fig. 3. Smith", "P. O. Box 12",
                                  "seen by R. Fahimx", "Per N.B. Ozempic dosing", "P.S. Farxiga not covered",
                                  "U.K. Biobank data", "Q.I. Datix raised"])
def test_initials_before_a_word_are_no_person(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Thank you for referring mrs. Van der Wal ("Joke") with IBS', ["Joke"]),
        ("Dr Priya Shah (“Pri”) called", ["Pri", "Priya Shah"]),
        ('Mr Tom Reid ("Employee") and', ["Tom Reid"]),  # a contract's defined role
        ('Ms Ana Dias ("Landlord")', ["Ana Dias"]),
    ],
)
def test_a_quoted_name_in_brackets_after_a_titled_person_is_their_nickname(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cc: Dr S Kerr; Dr I Haq", ["I Haq", "S Kerr"]),  # initials without their dots
        ("Mr A B Khan attended", ["A B Khan"]),
        ("Fit-to-travel letter to be prepared by Dr. Cho. - T.F.", ["Cho", "T.F."]),  # signed initials
        ('colaborador matricula=004187 nome="JOAO PEDRO DA SILVA SANTOS" cpf=1', ["JOAO PEDRO DA SILVA SANTOS"]),
        ("[Fri 07:12] Thandi Mokoena: Morning team", ["Thandi Mokoena"]),  # a weekday alone in the stamp
        ('Pt, who asks to be called "Del", was cooperative', ["Del"]),
    ],
)
def test_titled_person_recognizer_reads_forms_logs_and_letters(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Total: 3 U.S. items - A.B.",  # initials after a dash, but no sentence ends before them
        "the Mr I think was here",  # a lone capital before a lower-case word
        'value nome="" empty',
        "Shipping to the E.U. - U.S.",  # abbreviations, not a writer's initials
        "Lived in Austin, 3 yrs",  # a town with a duration
        "File name: 报告书",  # a file's name
    ],
)
def test_initials_and_key_values_need_their_shape(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Name (English): LEUNG Hoi Yan Cherry          Name (Chinese): 梁凱欣", ["LEUNG Hoi Yan Cherry", "梁凱欣"]),
        ("Siblings in home: Summer, 4 yrs, attends kinder", ["Summer"]),
        ("Skills: Java, 8 yrs; Python, 5 yrs", []),  # no given name
    ],
)
def test_names_in_forms_of_other_scripts_and_lists_of_children(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Na volta você faz o exame com a Dra. Vânia.", ["Vânia"]),  # Portuguese and Spanish "Dra."
        ("Firmado por la Sra. Rosales", ["Rosales"]),
        ("Dott.ssa Maria Rossi e Sig.ra Bianchi", ["Bianchi", "Maria Rossi"]),
        ("Gesprek met Dhr. Jansen", ["Jansen"]),
        ("Gesprek met Mevr. de Vries en Herr von Trapp", ["de Vries", "von Trapp"]),  # a particle opens the surname
        ("Supervisado por la Dra. M. Ll. Pastor (adjunta)", ["M. Ll. Pastor"]),  # a digraph's initial
        ("Aanvrager: drs. Marloes Verhoef, huisarts", ["Marloes Verhoef"]),  # Dutch academic titles, lower case
        ("ir. Jan Bakker stuurde het verslag", ["Jan Bakker"]),
        ("hi saw dr Patel today, mr Okoye called", ["Okoye", "Patel"]),  # a chat's lower case
        ("vamos a ir Madrid", []),  # "ir" only as a title with its dot
    ],
)
def test_the_honorifics_of_our_users_languages_cue_a_name(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('wants to be called "Sheila", not "Mrs F".', ["F", "Sheila"]),
        ("Dr K said no.", ["K"]),
    ],
)
def test_a_titled_surname_initial_is_a_name(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["Dr A&E said so", "Mr A. Smith came"])
def test_an_initial_before_more_of_a_name_or_a_code_is_not_taken_alone(text: str) -> None:
    assert "A" not in titled(text)


def test_a_message_signed_with_an_initial_on_its_own_line() -> None:
    assert titled("Lerato, next time just WhatsApp me first.\nP.") == ["P."]


@pytest.mark.parametrize("text", ["Read this.\nN.B.\n", "Done.\nP.S.\n"])
def test_a_note_mark_on_its_own_line_is_no_initial(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Ok ji. Sunita here from reception.", ["Sunita"]), ("Hi, Tom here.", ["Tom"])],
)
def test_a_writer_introducing_themselves_with_here(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["Click here for more.", "Sign here, please.", "Everyone here, ok.", "Support here."])
def test_words_before_here_are_no_names(text: str) -> None:
    assert titled(text) == []


def test_a_digraph_initial_is_only_a_known_digraph() -> None:
    assert titled("I saw Mrs Li. She was fine.") == ["Li"]  # "Li." ends a sentence, it opens no name


@pytest.mark.parametrize("text", ["Hi, Accounts here with the invoice.", "Facilities here, ok."])
def test_a_desk_in_the_plural_before_here_is_no_name(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Patient: HENSLEY, Raymond D.   MRN: SPF-0047719", ["HENSLEY, Raymond"]),  # surname first, in capitals
        ("om 6 månader.\n\nAnders Nyqvist\nÖverläkare, specialist i geriatrik", ["Anders Nyqvist"]),  # a name line
        ("Patient: Jones, Mark   DOB 02/03/1961", ["Jones, Mark"]),  # a given name that is also a word
    ],
)
def test_surname_first_fields_and_name_lines_are_persons(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Patient: Reports, Anna said it hurts",  # a dictionary word before the comma
        "Grace Period\nMark Scheme\n",  # a line of English words
        "Victoria Falls\n",
        "Consultant: CARDIOLOGY, Victoria Wing",  # a department in capitals
        "Patient: UNKNOWN, Jordan",
        "Rosa Mosqueta\nrosa mosqueta oil twice a day\n",  # a heading the text writes in lower case too
        ("Dolores Articulares\nRefiere dolores articulares desde hace un mes.\n"),  # a heading the text writes as words
    ],
)
def test_notes_and_lines_of_english_words_are_no_persons(text: str) -> None:
    assert titled(text) == []


def test_a_name_line_above_its_own_e_mail_stays_a_name() -> None:
    assert titled("Anders Nyqvist\nanders.nyqvist@gmail.com\n") == ["Anders Nyqvist"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Our deposit is with SafeDeposits Scotland if that matters.\nCal", "Cal"),
        ("Can you call me back today?\nPriya\n\nFrom: Tama <tama@example.nz>\nSent: Monday", "Priya"),
        ("Call me back.\nBen\n\nOn Mon, 3 Mar 2025 at 10:02, Ann wrote:\n> hi", "Ben"),
    ],
)
def test_a_message_signed_with_a_given_name_alone_on_its_last_line(text: str, name: str) -> None:
    assert name in [text[r.start : r.end] for r in titled_person_recognizer().analyze(text, ["PERSON"])]


@pytest.mark.parametrize("text", ["Please review.\nNotes\n\nMore text here.", "It was agreed.\nPlan", "All done.\nThanks",
                                  "Seen today.\nKate will call back tomorrow."])
def test_a_last_line_that_is_no_given_name_or_goes_on_is_no_signature(text: str) -> None:
    found = [text[r.start : r.end] for r in titled_person_recognizer().analyze(text, ["PERSON"])]
    assert not any(w in found for w in ("Notes", "Plan", "Thanks", "Kate"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Acknowledgement: "Noted. Will mask the ID going forward." - F.W.K.', ["F.W.K."]),  # after a closing quote
        ("The phone stays in the secure room. Approved by A.W..", ["A.W."]),
        ("Signed off by J.K.L. on Monday", ["J.K.L."]),
    ],
)
def test_initials_that_sign_or_approve_are_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["Invaded by U.S. forces", "Send it by P.O. Box 12", "Done by A.M. tomorrow",
                                  "given by I.V. over an hour", "Referred by G.P. today", "Confirmed by C.T. scan"])
def test_dotted_capitals_after_by_that_name_no_one_are_no_person(text: str) -> None:
    assert titled(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [("After you left, our cleaner Wanjiru found a stain.", ["Wanjiru"]), ("my driver Tunde will call", ["Tunde"])],
)
def test_a_persons_worker_named_after_the_job_word_is_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize("text", ["my dog Max barked", "our office Manchester team", "my manager Team Leads",
                                  "I booked my driver Uber", "my accountant Xero flagged it", "my driver Licence expired",
                                  "My nurse Practitioner said"])
def test_a_pet_a_place_or_a_desk_after_a_possessive_is_no_worker(text: str) -> None:
    assert titled(text) == []


def test_a_cell_of_a_tables_name_column_is_a_person_and_a_product_is_not() -> None:
    text = "| Name | Relation |\n|---|---|\n| Bilal | son |\n| Ayesha Siddiqui | wife |"
    assert titled(text) == ["Ayesha Siddiqui", "Bilal"]
    assert titled("| Name | Qty |\n|---|---|\n| Widget Pro | 2 |") == []
    assert titled("| Name | Qty |\n|---|---|\n| Rose Gold Watch | 1 |") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("05.03.2025 10:14 - Kasia (customer service)\nCustomer asked about delivery", ["Kasia"]),
        ("07.03.2025 17:40 - Kasia\nDelivered. Customer e-mailed 6 photos.", ["Kasia"]),
        ("2025-03-05 09:12 - Beata Nowicka\nRefund approved.", ["Beata Nowicka"]),
    ],
)
def test_the_author_ending_a_dated_log_entry_is_a_person(text: str, expected: list[str]) -> None:
    assert titled(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "10:00 - Lunch (Room 4)",  # an agenda's item: a time without a date
        "05.03.2025 10:14 - Delivered",  # an event: a word English writes
        "05.03.2025 10:14 - Escalated (Tier 2)",
        "2025-03-05 09:00 - Zendesk",  # a system: a catalogued brand
        "05.03.2025 10:14 - Kasia called back about the sofa",  # a sentence, not an author alone on the line
    ],
)
def test_an_event_an_agenda_item_or_a_system_in_a_log_is_no_person(text: str) -> None:
    assert titled(text) == []
