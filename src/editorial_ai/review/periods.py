"""Claims about the logged looks as a whole: "Quiet Luxury runs through fifteen logged looks between January 2025
and March 2026". No one post gives both years, yet the claim is true when the posts it speaks of (the person's, or
every post when it names no one but the topic) number fifteen and span exactly those months."""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.review.dates import MONTHS
from editorial_ai.review.source_index import SourceIndex, plain

_MONTH = "|".join(MONTHS)
PERIOD = re.compile(rf"\b(?:between|from)\s+(?:({_MONTH})\s+)?((?:19|20)\d\d)\s+(?:and|to|until|through)\s+"
                    rf"(?:({_MONTH})\s+)?((?:19|20)\d\d)\b", re.IGNORECASE)
_COUNT_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
_COUNT = re.compile(rf"\b(\d+|{'|'.join(_COUNT_WORDS)})\s+(?:[a-z]+\s+){{0,2}}?(?:looks|posts|outfits|appearances)\b",
                    re.IGNORECASE)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _COUNT_WORDS.index(word.lower()) + 1


def logged_period(text: str, known: Sequence[tuple[str, str]], index: SourceIndex) -> set[str]:
    """The years of the claim's period when it states the logged looks' span (and count, if it gives one) right;
    `known` are the claim's catalog names with their kinds."""
    match = PERIOD.search(text)
    if match is None:
        return set()
    rest = f" {plain(text)} "  # the topic's own name ("Jennie Effect") names the trend, not the person
    for topic in index.context:
        rest = rest.replace(f" {plain(topic)} ", " | ")
    people = {key for n, kind in known if kind == "person" and f" {(key := plain(n))} " in rest}
    posts = [t for t in index.ties if t.months and (not people or t.people & people)]
    if not posts:
        return set()
    first = min(m for t in posts for m in t.months)
    last = max(m for t in posts for m in t.months)
    start_month, start_year, end_month, end_year = match.groups()
    said = [(int(start_year), start_month), (int(end_year), end_month)]
    for (year, month), (true_year, true_month) in zip(said, (first, last), strict=True):
        if year != true_year or (month and MONTHS.index(month.lower()) + 1 != true_month):
            return set()
    count = _COUNT.search(text)
    if count is not None and _count(count[1]) != len(posts):
        return set()
    return {start_year, end_year}
