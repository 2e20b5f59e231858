"""When a construction the keep finder would keep is a fact about one person instead.

An amount after "salary" is a person's pay, a duration after "sentenced to" a person's sentence, a
number of years after "Age:" a person's age: each is personal data however common its shape. And a
name before a company's legal form ("Vistula Code sp. z o.o.") is a company, whatever law it sounds like.
"""

from __future__ import annotations

import re

__all__ = ["personal_fact"]

#: a company's legal form right after a name: the name is the company's, whatever law it sounds like
_COMPANY_FORM_AFTER = re.compile(
    r"[ \t]+(?:sp\.[ \t]?z[ \t]?o\.o\.|Ltd|Limited|LLC|Inc|GmbH|AG|S\.A\.|SARL|SAS|B\.V\.|BV|plc|PLC|Pty|Sdn|"
    r"S\.r\.l\.|Srl|SpA|S\.p\.A\.|Oy|AB|A/S|ApS|Ltda)(?![\w])"
)
#: a person's pay: an amount after one of these words is personal data, not a price ("I pay rent of
#: ₹32,000", "pay by card" are prices; "ordered to pay the applicant EUR 1,400" is an award). A claim
#: form's label is no claim of a person's ("Total claimed: €501.40" sums an expense or insurance form;
#: "the applicant claimed EUR 5,000" stays a fact of the case)
_PAY_BEFORE = re.compile(
    r"(?i)\b(?:salary|salaries|payslip|take[ -]home|pay(?![ \t]+(?:rent|for|by|with|via|through|online|in[ \t]+cash)\b)|"
    r"paid\s+(?:him|her|them)|wages?|income|earns?|earnings|bonus|"
    r"compensation|remuneration|pension|rent\s+arrears|owes?|debt|award(?:ed|s)?|damages|"
    r"claim(?:ed|s|ing)?(?![ \t]*:)|fined?|bail|seized|confiscated)\b[^.\n]{0,40}$"
)
#: a rate after the amount: "£9.97 for each calendar day", "€274 a week" — with a scheme named before it, a
#: tariff or a benefit's rate, which is the same for everyone it applies to; a month or a year is a salary's
#: period ("€4,350 per month"), which stays one person's pay
_RATE_AFTER = re.compile(
    r"[ \t]*(?:per|for[ \t]+(?:each|every)|a|an|each|/)[ \t]*(?:(?:calendar|working|business|school)[ \t]+)?"
    r"(?:hour|hr|day|week|night|shift|visit|session|parent|child|person|head|km|mile|item|unit|call|minute)s?\b"
)
#: a scheme's words: the cue before the amount names a scheme's tariff, not one person's sum
_SCHEME = re.compile(r"(?i)\b(?:scheme|benefit|allowance|tariff|programme|program)\b")
#: a person's sentence or detention: the duration is a fact of their case, not a schedule ("probation"
#: is not a cue: at work it is a period every new employee serves, "Probation is 6 months")
_SENTENCE_BEFORE = re.compile(
    r"(?i)\b(?:sentenc\w*|imprison\w*|prison|detention|detained|custody|jail\w*|gaol|"
    r"convicted|penalty|served|suspended|banned|disqualified)\b[^.\n]{0,60}$"
)


#: an age label: "Age: 2 years 4 months", "aged 18 months" — the person's age, not a schedule
_AGE_BEFORE = re.compile(r"(?i)\b(?:age|aged)\b[ \t]*[:=-]?[ \t]*(?:\d+[ \t]*(?:years?|yrs?|y)[ \t]*,?[ \t]*)?$")


#: a number without its currency, which only the label before it tells from an identifier
_BARE_NUMBER = re.compile(r"[\d.,]+")
#: the label of an identifier right before a number: "Account 4521.00", "Policy no. 1234.56", "Case 998.45"
_ID_LABEL_BEFORE = re.compile(
    r"(?i)\b(?:account|acct|a/c|policy|case|ref|reference|ticket|order|member|patient|invoice|claim|booking|id|"
    r"no|nr|number|file|record)\.?[ \t]*(?:no\.?|nr\.?|number|#)?[ \t]*[:#]?[ \t]*$"
)
#: a bracket inside a law's citation: "(Data Security)" subtitles the law, "(Jane Doe)" names a party
_BRACKET = re.compile(r"\(([^()]*)\)")
#: how a case names its parties: "Re Mohammed Ali", "Priya Sharma v Acme Ltd"
_CASE_FORM = re.compile(r"(?i)\b(?:re|v|vs|versus|ex parte)\b")


def _party_in_brackets(citation: str) -> bool:
    """A bracket of the citation names a person or a case ("Mental Health Act (Jane Doe) 2019", "Housing Act
    (Re Mohammed Ali) 1996"): it is no subtitle of the law, and the name in it must stay protected."""
    from privrag.keep.context import person_words

    names = person_words()
    for m in _BRACKET.finditer(citation):
        inner = m.group(1)
        if _CASE_FORM.search(inner) or any(w.lower() in names for w in re.findall(r"[^\W\d_]+", inner)):
            return True
    return False


def personal_fact(text: str, start: int, end: int, why: str) -> bool:
    """Is the ``why`` construction at ``start:end`` a person's own fact (or a company's name), not a keep?"""
    if why == "amount":
        if _ID_LABEL_BEFORE.search(text[max(0, start - 30) : start]) and _BARE_NUMBER.fullmatch(text[start:end]):
            return True  # "Account 4521.00", "Policy 1234.56": an identifier's digits, written like an amount
        cue = _PAY_BEFORE.search(text[max(0, start - 80) : start])
        if cue is None:
            return False
        # a rate after the amount makes it a scheme's tariff only where the scheme is named between the cue
        # and the amount ("compensation scheme you'll get £9.97 for each calendar day"); "he earns $30 an
        # hour", "owes £40 a week" stay one person's
        return not (_RATE_AFTER.match(text, end) and _SCHEME.search(cue.group()))
    if why == "legal_reference":
        return bool(_COMPANY_FORM_AFTER.match(text, end)) or _party_in_brackets(text[start:end])
    if why == "duration":
        return bool(_SENTENCE_BEFORE.search(text[max(0, start - 100) : start])
                    or _AGE_BEFORE.search(text[max(0, start - 20) : start]))
    return False
