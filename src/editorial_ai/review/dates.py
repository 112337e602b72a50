"""Calendar days as prose writes them ("August 5th", "5 August 2025", "Oct. 23"), read as (month, day) pairs.

The review compares a claim's days with its sources' post dates: a look moved to another day is a wrong pairing
even when every name in the sentence is sourced.
"""

from __future__ import annotations

import re

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
_MONTH_NUMBER = {name: i + 1 for i, name in enumerate(MONTHS)}
_MONTH_NUMBER.update({name[:3]: i + 1 for i, name in enumerate(MONTHS)})
_MONTH_NUMBER["sept"] = 9
_MONTH = r"(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr" \
         r"|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
_DAY = r"([0-3]?\d)(?:st|nd|rd|th)?"
# "August 5", "August 5th"; "5 August", "5th of August". "May" alone is a verb: only with a day beside it.
_MONTH_DAY = re.compile(rf"\b{_MONTH}\s+{_DAY}\b(?!\s*(?:%|percent|per cent|times|pieces|looks))", re.I)
_DAY_MONTH = re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?![a-z])", re.I)


def days_in(text: str) -> frozenset[tuple[int, int]]:
    """Every (month, day) the text names; a day outside 1-31 is no day."""
    found: set[tuple[int, int]] = set()
    for match in _MONTH_DAY.finditer(text):
        found.add((_MONTH_NUMBER[match[1].lower()], int(match[2])))
    for match in _DAY_MONTH.finditer(text):
        found.add((_MONTH_NUMBER[match[2].lower()], int(match[1])))
    return frozenset((m, d) for m, d in found if 1 <= d <= 31)


# "January 2025", "Jan. 2025", "January of 2025": a month of a year, when no day stands beside it.
_MONTH_YEAR = re.compile(rf"\b{_MONTH}\s+(?:of\s+)?((?:19|20)\d\d)\b", re.I)
# A span of months ("between August 2025 and February 2026", "since May 2025") dates no single look.
_SPAN = re.compile(r"\b(?:between|since|until|till|through|throughout|from)\b", re.I)


def months_in(text: str) -> frozenset[tuple[int, int]]:
    """Every (year, month) the text names as "<month> <year>", unless it names a span of months."""
    if _SPAN.search(text):
        return frozenset()
    return frozenset((int(m[2]), _MONTH_NUMBER[m[1].lower()]) for m in _MONTH_YEAR.finditer(text))


def month_text(month: tuple[int, int]) -> str:
    """(2025, 2) -> "February 2025"."""
    return f"{MONTHS[month[1] - 1].capitalize()} {month[0]}"


def day_text(day: tuple[int, int]) -> str:
    """(8, 5) -> "5 August"."""
    return f"{day[1]} {MONTHS[day[0] - 1].capitalize()}"
