"""Generated long documents: letters, e-mails and notes full of names, dates and numbers.

Used by ``privrag bench long`` to time the techniques on one document of a
given size. Real long inputs (a case file, a mailbox export, a patient
record) are many short pieces with a recurring cast of people; the generator
writes exactly that, seeded, so two runs time the same text. The cast grows
with the document (about one new person per 1.5 KB) so that name propagation and
alias tables see as many distinct names as real text would — a fixed cast
would hide a step that is quadratic in the number of names.
"""

from __future__ import annotations

import random

__all__ = ["long_document"]

_LETTER = (
    "Dear {title} {last},\n\n"
    "Thank you for your letter of {date}. I saw {first} {last} (born {dob}) at {company} on {date2}; "
    "{pronoun} reported pain in the left knee for three weeks and takes ibuprofen 400 mg twice a day. "
    "Please call me on {phone} or write to {email} if anything changes. My colleague {other} will "
    "review the file at {address} before {date3}.\n\n"
    "Yours sincerely,\n{author}\n{job}, {company2}\n\n"
)
_EMAIL = (
    "From: {author} <{email}>\nTo: {other} <{email2}>\nSent: {date}\nSubject: invoice {num}\n\n"
    "Hi {other_first},\n\n"
    "{first} asked whether the payment of {amount} for account {iban} went through on {date2}. "
    "I told {first} we would check with {company}. Can you ring {first} at {phone}? "
    "{last} said the meeting in {city} is moved to {date3}.\n\nThanks,\n{author_first}\n\n"
)
_NOTE = (
    "Note {num} — {date}\n"
    "Spoke with {first} {last} about the tenancy at {address}. {first} mentioned that {other} "
    "moved to {city} in {year}. Reference {ref}; follow-up with {company} on {date2}. "
    "Phone {phone}.\n\n"
)
_TEMPLATES = (_LETTER, _EMAIL, _NOTE)


def long_document(chars: int, *, seed: int = 0, locale: str = "en_GB") -> str:
    """A text of at least ``chars`` characters (cut at a paragraph end just after it).

    Seeded: the same ``(chars, seed, locale)`` gives the same text.
    """
    from privrag.faker_stable import stable_faker

    fake = stable_faker(locale)
    fake.seed_instance(seed)
    rnd = random.Random(seed)
    cast: list[tuple[str, str]] = []
    parts: list[str] = []
    size = 0
    while size < chars:
        if not cast or rnd.random() < 0.35:  # about one new person per 1.5 KB
            cast.append((fake.first_name(), fake.last_name()))
        first, last = rnd.choice(cast)
        other = " ".join(rnd.choice(cast))
        author_first, author_last = rnd.choice(cast)
        piece = rnd.choice(_TEMPLATES).format(
            title=rnd.choice(("Mr", "Ms", "Mrs", "Dr")), first=first, last=last, other=other,
            other_first=other.split()[0], author=f"{author_first} {author_last}", author_first=author_first,
            pronoun=rnd.choice(("he", "she", "they")), date=fake.date(pattern="%d %B %Y"),
            date2=fake.date(pattern="%d/%m/%Y"), date3=fake.date(pattern="%A %d %B"),
            dob=fake.date_of_birth(minimum_age=18, maximum_age=90).strftime("%d/%m/%Y"),
            company=fake.company(), company2=fake.company(), phone=fake.phone_number(),
            email=fake.email(), email2=fake.email(), address=fake.address().replace("\n", ", "),
            job=fake.job(), num=rnd.randint(1000, 99999), amount=f"£{rnd.randint(10, 9999)}.{rnd.randint(0, 99):02d}",
            iban=fake.iban(), city=fake.city(), year=rnd.randint(1990, 2024), ref=fake.bothify("??-#####").upper(),
        )
        parts.append(piece)
        size += len(piece)
    return "".join(parts)
