"""The logged looks as a whole: a period and a count are stated when the posts the claim speaks of (the person's,
or every post when it names only the topic) span exactly those months and number that many."""

from __future__ import annotations

from editorial_ai.review.periods import logged_period
from editorial_ai.review.source_index import build_index

from .helpers import KNOWN


def _index() -> object:
    posts = [{"post_id": f"p{i}", "artist_name": who, "context": "airport", "title": f"{who} look {i}", "date": date,
              "solutions": []} for i, (who, date) in enumerate([("Minji", "11 February 2025"),
                                                                 ("Minji", "2 July 2025"),
                                                                 ("Hanni", "14 March 2026")])]
    return build_index([{"keyword": "Quiet Luxury"}], posts, KNOWN, context=["Quiet Luxury"])


def test_the_topic_s_period_and_count_and_a_person_s_own() -> None:
    index = _index()
    trend = "Quiet Luxury runs through three logged looks between February 2025 and March 2026."
    assert logged_period(trend, [], index) == {"2025", "2026"}
    assert logged_period(trend.replace("three", "four"), [], index) == set()
    assert logged_period(trend.replace("February", "January"), [], index) == set()
    minji = "Minji wore two looks between February 2025 and July 2025."
    assert logged_period(minji, [("Minji", "person")], index) == {"2025"}
    assert logged_period(minji.replace("July 2025", "March 2026"), [("Minji", "person")], index) == set()
    assert logged_period("Minji wore the bag in 2025.", [("Minji", "person")], index) == set()  # no period
