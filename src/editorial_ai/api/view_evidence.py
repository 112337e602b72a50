"""The evidence panel: the run's sources (topics, posts, products) and every claim of the draft checked against them.

Claims are re-checked here with the review's own deterministic code and verdicts (`deterministic.view_verdicts`, no
model call), so the panel shows exactly what the grounding criteria saw: which claims are backed, by which source
sentence, and what the sources lack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from editorial_ai.content_types.registry import content_type_for
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.deterministic import layout_view, view_verdicts

_VERDICT_ORDER = {"unsupported": 0, "not stated": 1, "supported": 2, "opinion": 3}


@dataclass
class SourceProduct:
    """A product a post links to."""

    title: str
    brand: str
    price: str = ""


@dataclass
class SourcePost:
    """One sourced post, numbered as the claims cite it."""

    number: int
    who: str
    title: str
    context: str
    date: str = ""
    products: list[SourceProduct] = field(default_factory=list)
    cited: int = 0  # how many claims found their best sentence in this post


@dataclass
class ClaimEvidence:
    """One claim and its verdict: supported (a source sentence states it), not stated (its names are sourced but no
    sentence says what it says of them), unsupported (a name, figure or pairing the sources lack) or opinion
    (nothing checkable)."""

    location: str
    text: str
    verdict: str  # "supported" | "not stated" | "unsupported" | "opinion"
    problems: list[str] = field(default_factory=list)
    best_sentence: str = ""
    support: float = 0.0
    post: int | None = None  # the post number holding the best sentence (None: a topic line or no source)
    fails_review: bool = False  # whether the review's fact_accuracy fails on it (unsupported, or unstated figures)


@dataclass
class Evidence:
    """Topics, posts and claims of one draft."""

    topics: list[dict[str, Any]] = field(default_factory=list)
    posts: list[SourcePost] = field(default_factory=list)
    claims: list[ClaimEvidence] = field(default_factory=list)
    note: str = ""

    @property
    def unsupported(self) -> int:
        """Claims the sources do not back."""
        return sum(1 for c in self.claims if c.verdict == "unsupported")

    @property
    def unstated(self) -> int:
        """Claims whose names are sourced but whose statement no source sentence makes."""
        return sum(1 for c in self.claims if c.verdict == "not stated")


def _posts(enriched_contexts: list[dict[str, Any]]) -> list[SourcePost]:
    posts = []
    for number, post in enumerate(enriched_contexts, start=1):
        who = str(post.get("artist_name") or "")
        if post.get("group_name"):
            who = f"{who} ({post['group_name']})".strip()
        products = [
            SourceProduct(
                str(s.get("title") or ""),
                str(s.get("brand") or ""),
                f"KRW {int(s['price_krw']):,}" if str(s.get("price_krw") or "").isdigit() else "",
            )
            for s in post.get("solutions", []) or []
        ]
        posts.append(
            SourcePost(
                number,
                who,
                str(post.get("title") or ""),
                str(post.get("context") or ""),
                str(post.get("date") or ""),
                products,
            )
        )
    return posts


def _topics(curated_topics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "keyword": t.get("keyword", ""),
            "background": t.get("trend_background", ""),
            "celebrities": [c.get("name", "") for c in t.get("celebrities", []) or []],
            "brands": [b.get("name", "") for b in t.get("brands_products", []) or []],
        }
        for t in curated_topics
    ]


def build_evidence(
    layout: Any,
    state: dict[str, Any],
    known_entities: dict[str, set[str]] | None = None,
    content_type: str = "fashion_magazine",
) -> Evidence:
    """The panel's data for a stored draft and its run's state."""
    curated = list(state.get("curated_topics") or [])
    enriched = list(state.get("enriched_contexts") or [])
    evidence = Evidence(topics=_topics(curated), posts=_posts(enriched))
    if not curated and not enriched:
        evidence.note = "This run recorded no sources."
        return evidence
    try:
        parsed = MagazineLayout.model_validate(layout)
    except ValidationError:
        evidence.note = "The draft is not an article layout: its claims cannot be checked here."
        return evidence
    view = layout_view(parsed, content_type_for(content_type).review_profile(), curated, enriched, known_entities)
    group_of = dict(zip(view.index.sentences, view.index.groups, strict=False))
    # The review gate's own verdicts (deterministic.view_verdicts): the desk and `fact_accuracy` never disagree.
    for verdict in view_verdicts(view):
        check, sentence = verdict.check, verdict.sentence
        group = group_of.get(sentence, -1) if sentence else -1
        claim = ClaimEvidence(
            check.claim.location,
            check.claim.text,
            verdict.verdict,
            list(verdict.problems),
            sentence,
            check.support,
            group + 1 if 0 <= group < len(evidence.posts) else None,
            fails_review=verdict.fails_review,
        )
        if claim.post is not None and verdict.verdict == "supported":
            evidence.posts[claim.post - 1].cited += 1
        evidence.claims.append(claim)
    # What needs the editor first: unsupported claims, then the backed ones, then plain opinion (stable order).
    evidence.claims.sort(key=lambda c: _VERDICT_ORDER[c.verdict])
    return evidence
