"""Popular brands and products, from the Simple Icons catalogue and the big listed companies.

A word's frequency (``wordfreq``) says a body or a brand is public when the
name is one distinctive, often-written word ("NHS", "Visa"). It misses the
brands a workplace document names most: software and services that are
rare as words ("Datadog" Zipf 2.6, "Kubernetes", "Personio") or whose names
are made of ordinary words ("American Express", "Apache Kafka"). A statistical
NER model labels many of them a person or a place, and every technique then
masks or aliases what the answer needs ("restart the Datadog agent").

``simple-icons-pack`` (CC0-1.0) redistributes the metadata of Simple Icons,
a catalogue of about 3,500 brands kept by its maintainers under a popularity
rule (a brand must rank among the most visited sites, or its project among
the most used). That makes it a maintained list of names many texts write,
not a list chosen for our data. A title is used when it is written in its own
casing (or in capitals: "PIX" for "Pix"), and not when it is also a given name
or surname ("Jasmine", "Ford", "Julia"): a person must never be kept as a
brand. A title followed by another capitalised word begins a longer name
("Volkswagen Poznań": a site; "Express Logistics": another firm; "Garmin
Orchestra"), which is not kept. A title made of dictionary words ("Circle",
"Home Assistant") counts only where it stands apart from capitalised words
before it too, and not at the start of a sentence (an opening bracket is none),
where capitals say nothing.

Simple Icons leaves out most companies that guard their trademarks (Microsoft,
Equifax, AstraZeneca), and those are the names a letter or a ticket writes
("fraud alerts with Equifax", "the invite in Microsoft Teams").
``pytickersymbols`` (MIT) ships the members of twenty stock indices (S&P 500
and 600, FTSE 100, DAX, CAC 40, Nikkei 225, …), taken from Wikipedia: about
1,800 companies, each big enough to be named by millions of people who do not
work there. A member's name is used without its legal form ("Equifax Inc." →
"Equifax"), under the same checks as a Simple Icons title, and only when one of
its words is in no dictionary: an index also lists "Compass", "Block" and
"Continental", which a text uses as words or as another firm's name.

The caller (:class:`~privrag.keep.finder.KeepFinder`) still applies the
context checks every public entity gets: an employer ("works at Datadog"),
a local branch or a registered company ("Samsung Ltd") stay protected.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from pathlib import Path

from privrag import gazetteer
from privrag.keep import vocab
from privrag.keymatch import KeyMatcher

__all__ = ["brand_titles", "listed_company_titles", "brand_mentions", "product_mentions", "brand_products", "ORGANISATION_HEADS", "in_dictionary", "english_words", "singular_forms", "COMMON_WORD_ZIPF", "EVERYDAY_ZIPF"]

log = logging.getLogger(__name__)

#: without a dictionary: a title word this common in English is an ordinary word, whose capital may only mark a sentence start
COMMON_WORD_ZIPF = 3.0
#: a one-word title this common ("Go", "Just", "Here") is everyday English first: never a keep reason
EVERYDAY_ZIPF = 5.0
#: titles shorter than this (letters and digits) are codes or letters ("C", "F5"), not names
MIN_CHARS = 3

_SENTENCE_END = frozenset(".!?:;\n\"“")
_LAST_WORD = re.compile(r"[\w'’&-]+$")
_NEXT_CAPITAL = re.compile(r"[ \t]+[A-Z](?![A-Z\d])")  # a title-case word; "SNCF TGV" is shorthand
#: characters read before a mention to find the word in front of it
_LOOK_BACK = 80


@functools.lru_cache(maxsize=1)
def brand_titles() -> frozenset[str]:
    """Brand titles that may be kept; each missing package costs its titles (one warning)."""
    titles: set[str] = set()
    try:
        import simple_icons_pack as sip
    except ImportError:
        log.warning("simple-icons-pack is not installed: its brands are not kept (pip install simple-icons-pack)")
    else:
        titles |= {getattr(sip, name).title.strip() for name in dir(sip) if name.startswith("SI_")}
    titles |= retired_titles()
    titles |= _maker_dropped(titles)
    # a listed company's short capitals ("ACS", "AAR") are as often initials or a clinical abbreviation
    titles |= {t for t in listed_company_titles() if not _ordinary(t) and sum(c.isalnum() for c in t) > MIN_CHARS}
    return _usable(titles)



_RETIRED = Path(__file__).resolve().parent.parent / "assets" / "keep" / "retired_brands.json"


@functools.lru_cache(maxsize=1)
def retired_titles() -> frozenset[str]:
    """Brands Simple Icons listed and removed when their owners objected to the logo ("Microsoft
    Outlook", "Slack", "Tableau", "Power BI"): popular by the catalogue's rule when added, and the names
    a workplace document writes most (``assets/keep/retired_brands.json``, built by
    ``scripts/build_retired_brands.py``). Empty, with one warning, when the file is missing or broken."""
    try:
        titles = json.loads(_RETIRED.read_text(encoding="utf-8"))["titles"]
        if not isinstance(titles, list):
            raise ValueError("titles is not a list")
    except (OSError, ValueError, KeyError, TypeError):
        log.warning("%s is missing or broken: brands Simple Icons retired are not kept", _RETIRED)
        return frozenset()
    return frozenset(t for t in (str(t).strip() for t in titles) if t and not _short_plain(t))


#: a retired title of one plain word this short ("Bing", "Hulu", "Quip") reads as a given name or a surname as
#: readily as a brand, and no name list of ours is complete enough to tell
_SHORT_PLAIN = 5


def _short_plain(title: str) -> bool:
    return title.isalpha() and title[:1].isupper() and title[1:].islower() and len(title) <= _SHORT_PLAIN


def _maker_dropped(titles: set[str]) -> set[str]:
    """The product of a two-word "maker product" title, as people write it without the maker:
    "PowerPoint" of "Microsoft PowerPoint", "OneDrive", "BigQuery" (the maker is itself a title). Only a
    word with a capital inside, which names no person and no thing of English: without its maker, "Chat"
    of "Google Chat" is a word ("Pacific Harbor Bank - Live Chat") and "Sinatra" of "Ruby Sinatra" or
    "Keil" of "Arm Keil" a surname. The text that writes the maker once has its product without it later
    (:func:`~privrag.keep.brand_keeps.brand_keeps`)."""
    out: set[str] = set()
    for title in titles:
        parts = title.split(" ")
        if (len(parts) == 2 and parts[0] in titles and parts[1].isalpha() and len(parts[1]) > MIN_CHARS
                and any(c.isupper() for c in parts[1][1:]) and not parts[1].isupper()):
            out.add(parts[1])
    return out


def singular_forms(word: str) -> tuple[str, ...]:
    """The word and the singulars it may be the plural of: a dictionary lists "injury", not "injuries"."""
    forms = [word]
    if word.endswith("s") and not word.endswith("ss"):
        forms.append(word[:-1])
        if word.endswith("es"):
            forms.append(word[:-2])
        if word.endswith("ies"):
            forms.append(word[:-3] + "y")
    return tuple(forms)


#: what ends a listed company's name without naming it: "Equifax Inc.", "BT Group", "ASML Holding"
_CORPORATE_TAIL = re.compile(
    r"(?:,?[ \t]+(?:Inc\.?|Incorporated|Corp\.?|Corporation|Company|Companies|Co\.?|plc|PLC|AG|SE|N\.V\.|NV|"
    r"S\.A\.|SA|SpA|S\.p\.A\.|Ltd\.?|Limited|Group|Holdings?|&[ \t]+Co\.?|KGaA|ASA|AB|Oyj|A/S))+$"
)


@functools.lru_cache(maxsize=1)
def listed_company_titles() -> frozenset[str]:
    """Names of the members of the stock indices ``pytickersymbols`` ships, without their legal
    form ("The Travelers Companies" → "Travelers"); empty (one warning) when it is missing."""
    try:
        from pytickersymbols.indices_data import INDICES
    except ImportError:
        log.warning("pytickersymbols is not installed: listed companies are not kept (pip install pytickersymbols)")
        return frozenset()
    out: set[str] = set()
    for index in INDICES.values():
        for company in index.get("companies", ()):
            name = str(company.get("name", "")).strip()
            if not name or "(" in name:  # "Clearway Energy, Inc. (Class A)": a share class, not a name
                continue
            name = _CORPORATE_TAIL.sub("", re.sub(r"^The[ \t]+", "", name)).strip(" ,&")
            if name:
                out.add(name)
    return frozenset(out)


def _usable(titles: set[str]) -> frozenset[str]:
    """The titles that may be kept: no person's name, no place, no everyday word."""
    from privrag.detect.recognizers_first_names import person_name_words

    people = person_name_words()
    out: set[str] = set()
    for title in titles:
        words = vocab.words(title)
        if not words or sum(c.isalnum() for c in title) < MIN_CHARS or not any(c.isalpha() for c in title):
            continue
        # "Ford", "Julia"; "Wells Fargo" reads as a person's full name just as well
        if all(w.lower() in people for w in words if w.isalpha()) or not title[0].isalnum():
            continue
        if len(words) == 1 and (vocab.zipf(title.lower()) >= EVERYDAY_ZIPF or gazetteer.lookup(title) is not None):
            continue  # an everyday word, or a place or demonym ("Norwegian"): places are QUASI
        out.add(title)
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _matcher() -> tuple[KeyMatcher, dict[str, str]]:
    """Titles and their capitalised forms → the title each form stands for."""
    forms: dict[str, str] = {}
    for t in brand_titles():
        forms.setdefault(t, t)
        if len(vocab.words(t)) == 1 and not _ordinary(t):  # "PIX" for "Pix"; never "HERE", "BOX"
            forms.setdefault(t.upper(), t)
    return KeyMatcher(forms), forms


@functools.lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """English words (Webster's Second and GCIDE, via ``english-words``, MIT): a brand
    frequent on the web ("samsung") is common in wordfreq but in no dictionary."""
    try:
        from english_words import get_english_words_set
    except ImportError:
        log.warning("english-words is not installed: a brand's words are judged by frequency alone")
        return frozenset()
    return frozenset(get_english_words_set(["web2", "gcide"], lower=True))


@functools.lru_cache(maxsize=8192)
def _ordinary(title: str) -> bool:
    """Every word of the title is ordinary English ("Circle", "Home Assistant")."""
    words = english_words()
    if not words:
        return all(vocab.zipf(w.lower()) >= COMMON_WORD_ZIPF for w in vocab.words(title))
    return all(w.lower() in words or not w.isalpha() for w in vocab.words(title))


def brand_mentions(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, title)`` for each brand written in ``text``, leftmost-longest."""
    if not text or not brand_titles():
        return []
    matcher, forms = _matcher()
    out: list[tuple[int, int, str]] = []
    for s, e in matcher.finditer(text):
        title = forms[text[s:e]]
        # "Volkswagen Poznań", "Express Logistics": the brand begins a longer name — a site,
        # a subsidiary or another firm — which may locate a person ("SNCF TGV": capitals
        # after it are a product's shorthand, not a name's next word)
        if _NEXT_CAPITAL.match(text, e) or (_ordinary(title) and not _apart(text, s, e)):
            continue
        if _ordinary(title) and _MODEL_AFTER.match(text, e):
            continue  # "Flat 302", "Circle 5": an everyday word with a number is a unit, a room or a route
        out.append((s, e, title))
    return out


#: a model code after a product line: "A55", "15 Pro", "X1 Carbon" — digits, maybe with letters, then
#: edition words; never a day followed by its month ("paid with Apple Pay 15 March")
_MODEL = (
    r"[ \t]+([A-Z]{0,3}\d{1,4}[A-Za-z]{0,2})((?:[ \t]+(?:Pro|Max|Plus|Ultra|Mini|Lite|FE|SE|Carbon|Air))*)(?![\w/-])"
    r"(?![ \t]+(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
)
#: a product line and its model after a brand: "Samsung| Galaxy A55", "Apple| iPhone 15 Pro", "Lenovo| ThinkPad
#: X1 Carbon" — one or two capitalised line words ("iPhone" too, never "ending" of a card), then a model
_PRODUCT_TAIL = re.compile(r"((?:[ \t]+(?:[A-Z][A-Za-z]*|[a-z][A-Z][A-Za-z]*)){1,2})" + _MODEL)
_MODEL_AFTER = re.compile(_MODEL)


def product_mentions(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each product model named with its brand ("Samsung Galaxy A55"), and of
    the same line with a model elsewhere in the text ("Galaxy A15"): a make and model name a
    product, not a person or a site (a site has no model number: "Volkswagen Poznań")."""
    if not text or not brand_titles():
        return []
    from privrag.detect.recognizers_first_names import person_name_words

    people = person_name_words()
    out: list[tuple[int, int]] = []
    lines: set[str] = set()
    for s, e in _matcher()[0].finditer(text):
        m = _PRODUCT_TAIL.match(text, e)
        if m is None:
            # a model right after the brand: "Microsoft 365", "Samsung S24" (never "Tesco 5 March"); a brand
            # that is an everyday word names a unit or a room with a number instead ("Flat 302", "Circle 5")
            if (direct := _MODEL_AFTER.match(text, e)) is not None and not _ordinary(_title_of(text[s:e])):
                out.append((s, direct.end()))
            continue
        words = m.group(1).split()
        if any(w.lower() in people or gazetteer.lookup(w) is not None for w in words):
            continue
        out.append((s, m.end()))
        lines.add(" ".join(words))
    if lines:  # the same line with a model, anywhere: one scan for all lines
        alternation = "|".join(re.escape(x).replace(r"\ ", r"[ \t]+") for x in sorted(lines, key=len, reverse=True))
        for m in re.finditer(rf"(?<![\w-])(?:{alternation})", text):
            if (t := _MODEL_AFTER.match(text, m.end())) is not None:
                out.append((m.start(), t.end()))
    return sorted(set(out))


#: one product word after a brand: "Cisco| AnyConnect", "Firebase| Crashlytics", "Microsoft| Teams"
_PRODUCT_WORD = re.compile(r"[ \t]+([A-Z][a-z]+(?:[A-Z][A-Za-z]*)?|[a-z]+[A-Z][A-Za-z]*)(?![\w'’&-]|[ \t]+[A-Z][a-z])")


def _title_of(surface: str) -> str:
    """The catalogue's title a written form stands for ("PIX" → "Pix")."""
    return _matcher()[1].get(surface, surface)


def brand_products(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each brand followed by the name of one of its products ("Microsoft Teams",
    "SAP Concur", "Cisco AnyConnect", "Firebase Crashlytics"). The product word is a dictionary word,
    written in CamelCase, or a word English writes (Zipf ≥ :data:`PRODUCT_MIN_ZIPF`, not more often
    another language). An unknown word ("Apple Orchardly"), a person's name, a place ("Volkswagen
    Poznań"), a site or a firm's legal form ("Tesco Store", "Samsung Ltd") or an organisation's head
    noun (:data:`ORGANISATION_HEADS`: "Garmin Orchestra", "Express Logistics") begins a longer name
    instead. On TAB train and dev no span changes. The caller still refuses a product the
    text ties to a person ("works at Microsoft Research")."""
    if not text or not brand_titles():
        return []
    from privrag.detect.contact_blocks import occupation_head
    from privrag.detect.recognizers_first_names import person_name_words
    from privrag.keep.context import FACILITY

    people = person_name_words()
    out: list[tuple[int, int]] = []
    for s, e in _matcher()[0].finditer(text):
        m = _PRODUCT_WORD.match(text, e)
        if m is None or _MODEL_AFTER.match(text, m.end()):
            continue  # a model follows: product_mentions takes the whole
        word = m.group(1)
        low = word.lower()
        if low in people or gazetteer.lookup(word) is not None or FACILITY.fullmatch(word):
            continue  # "Samsung Ltd", "Tesco Store": a firm or a site
        if low in ORGANISATION_HEADS:
            continue  # "Garmin Orchestra", "Amazon Logistics": another body named after the brand
        if occupation_head(word):
            continue  # "Java Developer", "Salesforce Administrator": a person's role, not a product
        camel = any(c.isupper() for c in word[1:])
        if camel or in_dictionary(low) or (vocab.zipf(low) >= PRODUCT_MIN_ZIPF and not vocab.foreign_word(low)):
            out.append((s, m.end()))
    return out


#: head nouns of a body's or a business's name: after a brand they name a subsidiary, a unit or
#: another organisation, not a product
ORGANISATION_HEADS = frozenset(
    "logistics solutions consulting consultants orchestra foundation holdings holding capital partners ventures "
    "labs laboratories research systems technologies technology industries enterprises services service trust "
    "bank insurance energy foods motors airlines airways pharma pharmaceuticals health healthcare media studios "
    "group club society association institute academy records press publishing entertainment company corporation "
    "international global europe uk usa america asia retail stores finance financial securities management".split()
)


#: how often English must write a product word that no dictionary has ("Crashlytics" 1.2, "Workspace" 2.9)
PRODUCT_MIN_ZIPF = 1.0


def in_dictionary(word: str) -> bool:
    """The dictionary lists stems: "teams" is found as "team", "disabled" as "disable", "students" as "student"."""
    words = english_words()
    return any(form in words for form in (word, word[:-1] if word.endswith(("s", "d")) else word,
                                          word[:-2] if word.endswith(("es", "ed")) else word))


def _apart(text: str, start: int, end: int) -> bool:
    """Not at a sentence start and not after another capitalised word ("Grand Circle"),
    where the capitals belong to another name — unless that word is the verb a CV's bullet
    opens with ("- Introduced Apache Kafka")."""
    before = text[max(0, start - _LOOK_BACK) : start]  # a window: a long text has many mentions
    stripped = before.rstrip(" \t")
    if not stripped or stripped[-1] in _SENTENCE_END:
        return False
    prev = _LAST_WORD.search(stripped) if len(stripped) < len(before) else None
    if prev is None or not prev.group()[:1].isupper():
        return True
    # a CV's bullet opens with a verb capitalised by its place ("- Introduced Apache Kafka"): an
    # ordinary word there, no one's name, begins no name with the title
    from privrag.detect.recognizers_first_names import person_name_words

    word = prev.group()
    opener = stripped[: prev.start()].rstrip(" \t")
    return (opener.endswith(("-", "*", "•")) and word[1:].islower() and vocab.zipf(word.lower()) >= COMMON_WORD_ZIPF
            and word.lower() not in person_name_words())
