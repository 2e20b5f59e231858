"""Shapes of meaning that identify no one: durations, relative times, frequencies, doses,
measurements, amounts, legal references and eponymous diseases.

These are grammatical constructions of English, not lists of examples: a
number with a unit of time ("for 3 weeks", "two working days", "a three-month
trial"), a dose with its unit and schedule ("50 mg once daily", "25/100 TDS"),
a clinical measurement (an upper-case abbreviation with a value: "BMI 31.2",
"HbA1c 58 mmol/mol", "GAD-7: 9"), a sum of money, a statute ("Working Time
Regulations 1998", "section 10 of the Employment Relations Act 1999") and a
disease named after a person ("Bell's palsy", "Ramsay Hunt syndrome",
"House-Brackmann grade III"); the number of a standard, a registered trial or a
decree (:mod:`privrag.reference_numbers`). Each pattern returns the reason a RAG answer
needs the span, so explanations can name it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from privrag.keep import currencies
from privrag.reference_numbers import REFERENCE

__all__ = ["PATTERNS", "pattern_matches"]

#: the time units of our users' other languages (Spanish, Portuguese, French, Italian, German, Dutch, the
#: Nordic languages, Polish, Turkish), plural and singular: "14 Tage", "42 días", "3 semaines", "2 veckor".
#: Not years: "45 år", "62 años", "29 anos" after a name are ages ("Lars Nilsson, 45 år, bor i Malmö"), which
#: no English cue marks. Not the units English writes as words ("ore", Italian hours; "ay", a Turkish month;
#: "timer", Danish hours)
_FOREIGN_TIME_UNIT = (
    r"(?:segundos?|minutos?|horas?|d[ií]as?|semanas?|meses|mes|mês|"
    r"secondes?|heures?|jours?|semaines?|mois|"
    r"minuti|giorni|giorno|settimane|settimana|mesi|mese|"
    r"Sekunden|Minuten|Stunden?|Tagen?|Tage|Wochen?|Monaten?|Monate|Monat|"
    r"seconden|uur|uren|dagen|weken|maanden|maand|"
    r"sekunder|minuter|timmar|dagar|veckor|vecka|månader|månad|dage|dager|uger|uker|måneder|"
    r"sekund|minut|godzin[ya]?|dni|dzień|tygodni[ea]?|miesięcy|miesiące|miesiąc|"
    r"saniye|dakika|saat|gün|hafta)"
)
_NUMWORD = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|eighteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|"
    r"several|a few|few|a couple of|couple of|many)"
)
#: a number, or a number word with its figure in brackets as contracts write it ("ten (10) working days")
_NUM = rf"(?:\d+(?:[.,]\d+)?|{_NUMWORD}(?:[ \t]*\(\d+\))?)"
_RANGE = rf"{_NUM}(?:\s*(?:-|–|to|or)\s*{_NUM})?\+?"
_TIME_UNIT = (
    r"(?:(?:working|business|banking|calendar|consecutive|school|full)\s+)?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?|wks?|fortnights?|"
    r"months?|years?|yrs?|decades?)"
)
_LEAD = (
    r"(?:(?:for|over|within|after|in|the\s+(?:last|past|next|first)|up\s+to|about|around|"
    r"approximately|approx\.?|nearly|almost|at\s+least|more\s+than|less\s+than|under|"
    r"another|a\s+further)\s+)?"
)
#: "14 Tage", "42 días", "3 à 5 jours": a number and a time unit of another language of ours
FOREIGN_DURATION = re.compile(
    rf"(?<![\w/.,-])\d+(?:[.,]\d+)?(?:[ \t]*(?:-|–|a|à|bis|tot|till|do)[ \t]*\d+(?:[.,]\d+)?)?[ \t]+"
    rf"{_FOREIGN_TIME_UNIT}(?![\w-])"
)
#: "for 3 weeks", "two working days", "three-month", "24 years", "48h", "10mins" — not "57 years old" (an age),
#: nor a Hijri year ("17 Sha'ban 1446 H": no one counts 1,446 hours)
DURATION = re.compile(
    rf"(?i)(?<![\w/.-]){_LEAD}(?!1[34]\d{{2}}[ \t]?(?-i:AH|H)\b){_RANGE}(?:[\s-]|(?<=\d)(?=[hmsw])){_TIME_UNIT}\b(?:['’](?!s))?"
    r"(?!\s*(?:-\s*)?old\b|\s+of\s+age\b)"
)
_FREQ_WORD = r"(?:daily|weekly|nightly|hourly|monthly|fortnightly|yearly|annually|quarterly)"
#: "twice daily", "3 times a week", "every 4 hours", "weekly"
FREQUENCY = re.compile(
    rf"(?i)\b(?:(?:once|twice|thrice|{_NUM}\s*(?:x|times))\s+(?:a\s+|per\s+|an\s+|every\s+)?"
    rf"(?:day|week|month|year|hour|night|{_FREQ_WORD})|every\s+(?:other\s+)?{_NUM}?\s*{_TIME_UNIT}|"
    rf"(?<![\w.])\d{{1,2}}[-\s]?(?:hourly|daily|weekly|monthly)|"  # "4-hourly" observations, "3-monthly" review
    rf"(?<![\w.])\d{{1,2}}\s?x\s?/\s?(?:day|d|week|wk|month|mo)|"  # "3x/week"
    rf"{_FREQ_WORD}|(?:a|per)\s+(?:day|week|month|year)|"
    # a time of day a dose is taken: "150 mg each morning", "25 mg at night", "at bedtime"
    # and the meals of a fast ("30 mg at iftar", "10 mg at suhoor")
    r"(?:each|every)\s+(?:morning|evening|night|afternoon)|at\s+(?:night|bedtime|iftar|suhoor|suhur|sehri|sahur))\b"
    # a dose schedule, morning + noon + evening (+ night), as South Asia and Europe write it: "1+0+1", "½-0-½"
    # after a dose ("Metformin 500 mg 1-0-1"); the plus form alone, the dash form only after a dose's number or unit
    r"|(?<![\w+./-])(?:[0-2]|½|¼)(?:\+(?:[0-2]|½|¼)){2,3}(?![\w+/]|\.\d)"
    r"|(?:(?<=\d[ \t])|(?<=mg[ \t])|(?<=ml[ \t])|(?<=mL[ \t])|(?<=IU[ \t]))(?:[0-2]|½|¼)(?:-(?:[0-2]|½|¼)){2,3}(?![\w/-])"
    # "a 24/7 helpline", "open 24/7": round the clock — not "born on 24/7", "Fri 24/7 at 10:30" (the 24th of July)
    r"|(?<![\w/])(?<!on )(?<!On )(?<!\d )(?<!Mon )(?<!Tue )(?<!Wed )(?<!Thu )(?<!Fri )(?<!Sat )(?<!Sun )24/7(?![\w/])"
    r"(?![ \t]+(?:at|@|\d))"
)
_UNIT = (
    r"(?:mg/kg|mg/m2|mg/m²|mg/dL|mg/ml|mg|mcg|µg|micrograms?|milligrams?|grams?|g|kg|ml|mL|L|litres?|units?|IU|"
    r"mmol/L|mmol/mol|µmol/L|umol/L|U/L|g/L|g/dL|nmol/L|pmol/L|mU/L|x10\^?9/L|%|cm|mm|km|"
    r"dB(?:\s*HL)?|bpm|mmHg|°C|°F|°|(?<!\d{4} )(?<!\d{4})degrees?|kg/m2|kg/m²|kcal|puffs?|tablets?|tabs?|capsules?|drops?|sachets?|"
    # energy and power, as a utility bill or a spec sheet states them ("180 kWh", "7.4 kW")
    r"[kMG]Wh|[kM]W)"
)
#: when a dose is taken, as notes abbreviate it; in lower case too where the abbreviation is no English word
#: ("850 mg tds", "5 mg od": not "on", "iv", "po", "stat", which prose writes);
#: Dutch prescriptions write the times a day before "dd" (de die): "50 mg 1dd", "500 mg 2 dd 1"
_SCHEDULE = (r"(?:\s+(?:OD|BD|BID|TDS|TID|QDS|QID|PRN|ON|nocte|mane|stat|IV|IM|SC|PO|od|bd|bid|tds|tid|qds|qid|prn"
             r"|[1-6][ \t]?dd(?:[ \t]?\d(?![\w/.,]))?(?![\w/])))*")
#: "50 mg", "25/100 TDS", "0.3%", "92.4 kg", "4.2 x 3.1 cm", "1g BD"
DOSE = re.compile(
    rf"(?<![\w.]){_NUM}(?:\s*[-–]\s*{_NUM})?(?:\s*[x×/]\s*{_NUM})*\s*{_UNIT}(?![\w])(?:\s*(?:once|twice)\s+daily)?{_SCHEDULE}"
    rf"|(?<![\w.])\d+/\d+(?:\s+(?:OD|BD|BID|TDS|TID|QDS|QID|PRN|nocte|mane))+\b"
)
_CURRENCY_CODE = r"(?:[A-Z]{3})(?<=USD|EUR|GBP|CAD|AUD|CHF|JPY|INR|BRL|VND|PLN|SEK|NOK|DKK|TRL|TRY|RUB|UAH|CZK|HUF|RON|BGN|HRK|CNY|HKD|SGD|NZD|ZAR|MXN|PHP|NGN|KES|AED|SAR|ILS|THB|MYR|IDR|PKR)"
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_MONTH = r"(?:0?[1-9]|1[0-2])"
#: an Australian state's code, which an address writes before its four-digit postcode ("Buderim QLD 4556"):
#: the shape of an abbreviation and its value, but no measurement
_AU_STATE = r"(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT)"
#: an abbreviation with a value: "BMI 31.2", "BP 118/72", "GAD-7: 9", "eGFR 64", "NIHSS 9", or a
#: category with its subgrade letter ("Lung-RADS 4B", "Lung-RADS 4X", "BI-RADS 4a"); a score out of a total that no
#: calendar has ("MMSE score 22/30") is a value, "BP 12/04" could be a date and is not taken
#: (at least two capitals; at most four digits before a decimal point: never an ID number; a bare
#: year after capitals is a citation or an edition, "NJA 2005 p. 884", not a value)
MEASUREMENT = re.compile(
    rf"(?<![\w-])(?!{_CURRENCY_CODE}\b)(?!{_AU_STATE}[ \t]+\d{{4}}(?!\d))(?=[\w-]*[A-Z][\w-]*[A-Z])[A-Za-z][A-Za-z0-9]{{1,7}}(?:-[A-Za-z0-9]{{1,4}})?"
    r"(?:[ \t]+(?:score|grade|level))?:?[ \t]+(?:of[ \t]+)?[<>≤≥]?"
    rf"(?!\d{{1,2}}/\d{{4}}\b|{_DAY}/{_MONTH}(?:/\d{{2,4}})?\b|{_MONTH}/{_DAY}(?:/\d{{2,4}})?\b)"  # a date, not a value
    rf"(?!(?:19|20)\d\d(?![\d.,/%]|[ \t]*{_UNIT}(?![\w])))"  # a year: "NJA 2005 p. 884" cites a law report
    rf"\d{{1,4}}(?:[.,]\d+)?(?:[A-Ca-cXx](?![\w/-]))?(?:/\d{{1,4}})?%?(?:[ \t]*{_UNIT})?(?![\w/-])"
)
#: a blood group with its rhesus factor: "O RhD negative", "AB Rh+", "A positive" after "blood group"
BLOOD_GROUP = re.compile(
    r"(?<![\w-])(?:AB|A|B|O)[ \t]?(?:RhD|Rh\(D\)|Rh)[ \t]?(?:positive|negative|pos|neg|\+|-|\u2212)(?![\w-])"
    r"|(?<=\b[Bb]lood group )(?:AB|A|B|O)[ \t]?(?:positive|negative|pos|neg|\+|-)(?![\w-])"
)
_CURRENCY = rf"(?:{currencies.symbol_pattern()}|{currencies.code_pattern()}|Rs\.?)"
# a symbol of letters leads an amount after a space ("RM 1,250"), so a postcode district ("CF10", "LS1") is none
_CURRENCY_FIRST = (rf"(?:(?:{currencies.symbol_pattern(letters=False)}|Rs\.)\s?|(?:{currencies.symbol_pattern(letters=True)}"
                   rf"|{currencies.code_pattern(before_amount=True)}|Rs\.?)\s)")
#: what follows an amount that makes it a postcode's or a ticket's number ("CF 10 1AA", "SR 123-456")
_NOT_AN_AMOUNT_AFTER = r"(?![\d]|[-/]\d|\s?\d[A-Z]{2}\b)"
# possessive groups: a long run of "123 123 …" must not backtrack through every currency; a multiplier ends
# its word ("£20 Kate" is no "£20 K")
_AMOUNT_NUM = (r"\d{1,3}(?:[,.\s'’]\d{3})*+(?:[.,]\d{1,2})?"
               r"(?:\s?(?:k|K|m|M|bn|million|billion|thousand|lakhs?|crores?)(?![\w]))?")
_AMOUNT_RANGE = rf"{_AMOUNT_NUM}(?:\s?[-–]\s?{_AMOUNT_NUM})?"
_CURRENCY_WORD = "|".join(currencies.currency_words())
#: "$1,650.00", "R$ 850,00", "£10k", "9.490.000 ₫", "EUR 300", "$165–185K CAD", "1 150 zł", "KSh 4,000",
#: "148,500 TRY": every ISO 4217 code and CLDR symbol (:mod:`privrag.keep.currencies`)
AMOUNT = re.compile(
    rf"(?<![\w]){_CURRENCY_FIRST}{_AMOUNT_RANGE}{_NOT_AN_AMOUNT_AFTER}(?:\s(?:{currencies.code_pattern()})(?![\w]))?"
    rf"|(?<![\w.,]){_AMOUNT_RANGE}\s?(?:{_CURRENCY}|{_CURRENCY_WORD})(?![\w])"
)
_CAP = r"(?:[A-Z][\w'’()-]*|of|the|and|for|on|in|&)"
#: "Working Time Regulations 1998", "Employment Relations (Flexible Working) Act 2023",
#: "section 10 of the Employment Relations Act 1999", "Article 8", "Montreal Convention", "Awaab's Law",
#: "Whistleblower Act, 2006 (Act 720)"
LEGAL = re.compile(
    rf"(?:\b(?:[Ss]ection|[Ss]\.|[Aa]rticle|[Rr]egulation|[Pp]aragraph|[Ss]chedule)\s+\d+[A-Za-z]?(?:\(\d+\))*"
    rf"(?:\s+of\s+the)?\s+)?\b[A-Z][\w'’-]*(?:\s+{_CAP}){{0,7}}?\s+(?:\([A-Z][\w\s]*\)\s+)?"
    # a subtitle in brackets may stand between the name and its year ("Privacy Protection Regulations (Data
    # Security), 2017")
    r"(?:(?:Act|Regulations|Directive|Statute)\b(?:\s+\([A-Z][\w\s]*\)(?=,?\s+(?:of\s+)?\d{4}(?!\d)))?"
    # the year as the Commonwealth cites an Act ("Energy Act, 2019"), its number in its year ("Mine Health and
    # Safety Act 29 of 1996", "Act No. 4 of 2019"), and Ghana's number after it ("(Act 720)"); a code, an order
    # or rules take only the year ("Protection Order 45 of 2022" is a case, "Access Code, 4521" a secret)
    r"(?:,?\s+(?:of\s+)?\d{4}(?!\d)|\s+(?:No\.?\s+)?\d{1,4}\s+of\s+\d{4}(?!\d))?(?:\s*\(Act\s+\d{1,4}\))?"
    # a code takes no number ("Door Code 4521" is a secret), the others a year alone ("Purchase Order 20231187"
    # and "Amazon Order 1234-5678" are numbers of their own)
    r"|Code\b|(?:Convention|Rules|Order|Treaty)\b(?:\s+(?:of\s+)?(?:19|20)\d{2}(?![\d-]))?)"
    r"|\b(?:[Ss]ection|[Aa]rticle)\s+\d+[A-Za-z]?(?:\(\d+\))*"
    # a law named after the person it commemorates: "Awaab's Law", "Clare's Law", "Megan's Law"
    r"|\b[A-Z][a-z]+['’]s\s+Law\b(?:\s+\([A-Z][\w\s]*\),?\s+(?:19|20)\d{2}(?!\d))?"
    # European Union law as EUR-Lex cites it: "Regulation (EC) No 261/2004", "Directive 2011/83/EU",
    # "Council Regulation (EEC) No 1408/71"; a bare "Decision 12/2023" may be a court's, not the EU's
    r"|\b(?:Regulation|Directive|Decision)\s+\((?:EC|EU|EEC|Euratom|CE|UE)\)\s+(?:No\.?\s+)?\d{1,4}/\d{2,4}\b"
    r"|\b(?:Regulation|Directive)\s+(?:No\.?\s+)?\d{1,4}/\d{2,4}(?:/(?:EC|EU|EEC|Euratom))?\b(?!/)"
    # a paragraph or an article of a code cited by its abbreviation, as German, Austrian and Swiss law and
    # the GDPR are cited: "§ 15 BEEG", "§ 675u BGB", "§ 622 Abs. 2 BGB", "§ 7 SGB V", "Art. 6 DSGVO", "Art 17 GDPR"
    # ("Art" is also a given name: "Spoke with Art 2 PM", "Art 12 MK signed" — after it the code's name has
    # three letters at least, four without the abbreviation's dot, and is never a time of day)
    # (after "Art." with its dot, two letters are a code too: Switzerland's "Art. 321c OR", "Art. 336 CO")
    r"|(?:§§?[ \t]?|\bArt\.[ \t]?(?=\d{1,4}[a-z]?[ \t]+(?![AaPp]\.?[Mm]\b)[A-Z][A-Za-z]{0,6}[A-Z]\b)"
    r"|\bArt[ \t](?=\d{1,4}[a-z]?[ \t]+[A-Z][A-Za-z]{2,6}[A-Z]\b))"
    r"\d{1,4}[a-z]?(?:[ \t]+(?:Abs\.|Absatz|para\.?)[ \t]?\d{1,3})?"
    r"(?:[ \t]+(?:S\.|Satz)[ \t]?\d{1,2})?(?:[ \t]+Nr\.[ \t]?\d{1,3})?"
    r"[ \t]+[A-Z][A-Za-z]{0,6}[A-Z](?:[ \t]+[IVX]{1,4}\b)?(?![\w-])"
)
_MED_HEAD = (
    r"(?:disease|syndrome|palsy|phenomenon|sign|criteria|fingers|encephalopathy|disorder|"
    r"test|score|scale|grade|classification|manoeuvre|maneuver|reflex|ulcer|fracture|"
    r"lymphoma|sarcoma|anomaly|procedure|operation|node|nodes|cyst|tumou?r|contracture|"
    r"neuralgia|neuropathy|dystrophy|ataxia|chorea|thyroiditis|esophagus|oesophagus)"
)
#: a law, a decree or a ruling cited by its number and year, as our users' countries cite them: "Proclamation No.
#: 985/2016", "Law 8.245/1991", "OUG 111/2010", "DNU 70/2023", "PP 58/2023", "Portaria MTP nº 671/2021", "Decreto 1072
#: de 2015", "Ley 100 de 1993", "Loi n° 2016-1088", "Sentencia C-593 de 2014" — each is published, and points at no
#: one (a court's "Decision 12/2023" or an "Application no. 36244/06" may, and are not here; a bare "Decree" or
#: "Ordinance" with any number is :data:`privrag.reference_numbers.REFERENCE`'s)
LEGAL_NUMBERED = re.compile(
    r"\b(?:Proclamation|Law|Legislative[ \t]Decree|Royal[ \t]Decree|Decreto(?:-Lei|[ \t]Legislativo|"
    r"[ \t]Supremo)?|Real[ \t]Decreto|Ley|Lei|Loi|Legge|Portaria|Resoluci[oó]n|Resolu[cç][aã]o|Zakon|Ustawa|OUG|HG|DNU|"
    r"PP|UU|Perpres|Permenaker|Permenkes|Perda)"
    r"(?:[ \t]+[A-Z]{2,5})?"  # the issuing body: "Portaria MTP nº 671/2021"
    r"(?:[ \t]+(?:No\.?|Nr\.?|n[º°o]\.?|N[º°o]\.?|Nomor))?[ \t]*"
    r"(?:\d{1,5}(?:\.\d{3})?(?:/(?:19|20)?\d{2}\b(?!/)|[ \t]+de[ \t]+(?:19|20)\d{2}\b|[ \t]+of[ \t]+(?:19|20)\d{2}\b)"
    r"|(?:19|20)\d{2}-\d{1,5}\b)"
    r"|\bSentencia[ \t]+(?:C|T|SU)-\d{1,4}[ \t]+de[ \t]+(?:19|20)\d{2}\b"
)
#: "Bell's palsy", "Graves' disease", "Ramsay Hunt syndrome", "House-Brackmann grade III",
#: "2017 McDonald criteria", "Waterlow score 16"
EPONYM = re.compile(
    rf"(?:\b\d{{4}}\s+)?\b[A-Z][\w-]+(?:[ -][A-Z][\w-]+)?(?:['’]s|s['’]|['’])?\s+{_MED_HEAD}\b"
    r"(?:\s+(?:grade\s+)?(?:[IVX]+|\d+(?:[.,]\d+)?)\b)?"
)
#: a time stated relative to the text itself: "this afternoon", "last night", "early morning",
#: "the following day" — it pins no date unless the text's own date is known, which is protected.
#: Two words at least: a model's span "today, Summer" cut at "today" would leave the name as an
#: everyday word, which the cut drops
RELATIVE_TIME = re.compile(
    r"(?i)(?<![\w-])(?:"
    r"(?:today|yesterday|tomorrow)\s+(?:morning|afternoon|evening|night)"
    r"|(?:this|that|last|next|the\s+same|the\s+following|the\s+next|the\s+previous)\s+"
    r"(?:morning|afternoon|evening|night|day|week|weekend)"
    r"|(?:early|late|mid)[ -](?:morning|afternoon|evening)"
    r")(?![\w-])"
)
#: words medicine builds from Greek and Latin roots: a disease, a finding, a test or a
#: specialty ("paediatric", "psychiatry": a department, not a name)
MEDICAL_WORD = re.compile(
    r"(?i)\b[a-z][a-z-]{2,}(?:itis|osis|iasis|aemia|emia|ectomy|otomy|ostomy|scopy|ometry|"
    r"ography|algia|pathy|plasty|megaly|penia|cytosis|uria|oma|omas|ataxia|kinesia|kinesis|thisia|"
    r"plegia|paresis|rrhea|rrhoea|rrhage|ectasis|phagia|phasia|lepsy|trophy|iatric|iatrics|iatry|ogram|ograms)\b"
)

#: an amount written without its currency, as an expense table or a total writes it ("142.00", "1,250.50",
#: "38,30"): two decimals, and never a reading a calendar or a clock gives ("12.03" is a date, "7.40" and
#: "23.40" a time of day): a whole part of 32 or more, 25-31 before a fraction no month has, or 60 cents or more
_WHOLE_PAST_CALENDAR = r"(?:[1-9]\d{2,}|3[2-9]|[4-9]\d)"
BARE_AMOUNT = re.compile(
    r"(?<![\w.,/:+\-–#])"
    rf"(?:(?:\d{{1,3}}(?:,\d{{3}})+|{_WHOLE_PAST_CALENDAR})\.\d{{2}}"
    rf"|(?:\d{{1,3}}(?:\.\d{{3}})+|{_WHOLE_PAST_CALENDAR}),\d{{2}}"
    r"|(?:2[5-9]|3[01])[.,](?:00|1[3-9]|[2-9]\d)|(?:1?\d|2[0-4])[.,][6-9]\d)"
    r"(?![\w/:%\-–]|[.,]\d|[ \t]*(?:am|pm|a\.m|p\.m|h|hrs?|Uhr)\b)"
)

#: (compiled pattern, keep reason)
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (DURATION, "duration"),
    (FOREIGN_DURATION, "duration"),
    (RELATIVE_TIME, "relative_time"),
    (FREQUENCY, "frequency"),
    (DOSE, "dosage"),
    (MEASUREMENT, "measurement"),
    (BLOOD_GROUP, "measurement"),
    (AMOUNT, "amount"),
    (BARE_AMOUNT, "amount"),
    (LEGAL, "legal_reference"),
    (LEGAL_NUMBERED, "legal_reference"),
    (REFERENCE, "public_reference"),  # "ISO 9001", "EudraCT 2021-004412-38", "Decree 13/2023/ND-CP"
    (EPONYM, "eponym"),
    (MEDICAL_WORD, "medical_term"),
)


def pattern_matches(text: str) -> Iterator[tuple[int, int, str]]:
    """Every pattern's matches as ``(start, end, reason)`` (overlaps allowed)."""
    for pattern, why in PATTERNS:
        for m in pattern.finditer(text):
            start, end = m.span()
            while end > start and text[end - 1] in " \t.,;:":
                end -= 1
            if end > start:
                yield start, end, why
