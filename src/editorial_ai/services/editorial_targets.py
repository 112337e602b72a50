"""Which components of an article a failed review points at (for targeted self-correction)."""

from __future__ import annotations

from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.review import ReviewResult
from editorial_ai.review.grounding import normalize

# Criteria whose fix is a known set of components; unknown criteria mean a full rewrite.
_FIXED_TARGETS: dict[str, list[str]] = {
    "content_completeness": ["product_mentions", "celeb_mentions", "hashtags"],
    "fact_accuracy": ["body_paragraphs", "product_mentions", "celeb_mentions"],
    "visual_appeal": ["title", "subtitle", "pull_quotes"],
    "trend_relevance": ["title", "body_paragraphs[0]"],
    "engagement": ["title", "subtitle", "pull_quotes"],
}
# Beyond this share of the article, a targeted fix costs as much as a rewrite and risks incoherence.
MAX_TARGETED_SHARE = 0.6
_ALL_COMPONENTS = (
    "title",
    "subtitle",
    "body_paragraphs",
    "pull_quotes",
    "product_mentions",
    "celeb_mentions",
    "hashtags",
)


def _components_naming(content: EditorialContent, name: str) -> list[str]:
    key = normalize(name)
    found: list[str] = []

    def has(text: str) -> bool:
        return bool(key) and key in normalize(text)

    if has(content.title):
        found.append("title")
    if has(content.subtitle):
        found.append("subtitle")
    found += [f"body_paragraphs[{i}]" for i, p in enumerate(content.body_paragraphs) if has(p)]
    if any(has(q) for q in content.pull_quotes):
        found.append("pull_quotes")
    if any(has(f"{m.brand} {m.name}") for m in content.product_mentions):
        found.append("product_mentions")
    if any(has(m.name) for m in content.celeb_mentions):
        found.append("celeb_mentions")
    return found


def _missing_parts(content: EditorialContent) -> list[str]:
    """The components a counted completeness check finds missing (all three lists when none is)."""
    missing = [name for name, value in (("celeb_mentions", content.celeb_mentions),
                                        ("product_mentions", content.product_mentions),
                                        ("hashtags", content.hashtags)) if not value]
    if len(content.body_paragraphs) < 2:
        missing.append("body_paragraphs")
    return missing or list(_FIXED_TARGETS["content_completeness"])


def correction_targets(result: ReviewResult, content: EditorialContent) -> list[str] | None:
    """Components to regenerate, or None when only a full rewrite can fix the failures."""
    targets: list[str] = []
    for failure in result.failed():
        if failure.criterion == "hallucination" and failure.evidence:
            for name in failure.evidence:
                targets += _components_naming(content, name)
        elif failure.criterion == "content_completeness":
            targets += _missing_parts(content)
        elif failure.criterion in _FIXED_TARGETS:
            targets += _FIXED_TARGETS[failure.criterion]
        else:
            return None
    unique = list(dict.fromkeys(targets))
    if not unique:
        return None
    paragraphs = sum(1 for t in unique if t.startswith("body_paragraphs"))
    if "body_paragraphs" in unique:  # the whole list is a target: drop item-level duplicates
        unique = [t for t in unique if not t.startswith("body_paragraphs[")]
        paragraphs = len(content.body_paragraphs)
    others = len([t for t in unique if not t.startswith("body_paragraphs")])
    share = (others + paragraphs / max(1, len(content.body_paragraphs))) / len(_ALL_COMPONENTS)
    return unique if share <= MAX_TARGETED_SHARE else None
