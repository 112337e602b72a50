"""Review rules that depend on the content type come from the profile its caller hands in; the type declares it."""

from __future__ import annotations

from editorial_ai.content_types.article import ArticleType
from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.content_types.registry import content_type_for, content_type_or_generic
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.prompts.review import build_probability_examples
from editorial_ai.review.completeness import VALIDATORS
from editorial_ai.review.deterministic import layout_view
from editorial_ai.review.engine import ReviewContext, deterministic_review
from editorial_ai.review.profile import ARTICLE_PROFILE, LengthRule, ReviewProfile
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.sources import Sources

from .helpers import CONTEXTS, KNOWN, TOPICS, layout

SHORT = ["Jennie carried the Chanel 22 Bag at the airport.", "The Alaïa Fishnet Ballet Flats finished the look."]


def _draft() -> MagazineLayout:
    return MagazineLayout.model_validate(layout(SHORT, celebs=[{"name": "Jennie"}], hashtags=["#Jennie"],
                                                products=[{"name": "Chanel 22 Bag", "brand": "Chanel"}]))


def _completeness(profile: ReviewProfile) -> bool:
    draft = _draft()
    view = layout_view(draft, profile, TOPICS, CONTEXTS, KNOWN)
    return VALIDATORS["content_completeness"](view, draft, "content_completeness").passed


def test_the_completeness_floor_is_the_types_length_rule() -> None:
    assert content_type_for("fashion_magazine").review_profile() == ARTICLE_PROFILE
    assert not _completeness(ARTICLE_PROFILE)  # 4 paragraphs, 250 words
    assert ARTICLE_PROFILE.length_rule.paragraph_words == 20  # a one-sentence paragraph is no magazine paragraph
    short = ArticleType(name="toy_brief_article", label="Short", min_paragraphs=2, min_words=10,
                        min_paragraph_words=0)
    assert short.review_profile().length_rule == LengthRule(paragraphs=2, words=10)
    assert _completeness(short.review_profile())


def test_the_review_reads_the_profile_in_its_context_not_a_registry() -> None:
    rubric = load_rubric("fashion_magazine")
    lenient = ReviewProfile(name="unregistered_kind", length_rule=LengthRule(paragraphs=2, words=10))
    verdicts = {
        profile.name: next(r for r in deterministic_review(_draft(), rubric, ReviewContext(
            sources=Sources(curated_topics=TOPICS, enriched_contexts=CONTEXTS), known_entities=KNOWN, profile=profile,
        )) if r.criterion == "content_completeness").passed
        for profile in (ARTICLE_PROFILE, lenient)
    }
    assert verdicts == {"fashion_magazine": False, "unregistered_kind": True}


def test_the_originality_examples_and_the_judge_few_shot_follow_the_type() -> None:
    exam = content_type_or_generic("exam_item").review_profile().example_texts
    assert exam and exam != ARTICLE_PROFILE.example_texts
    assert content_type_or_generic("text").review_profile().example_texts == ()  # plain text had no prompt
    criteria = EXAM_ITEM.rubric().criteria
    assert "Answer key" in build_probability_examples("exam_item", criteria)
    assert "Answer key" not in build_probability_examples("text", criteria)


def test_free_text_grounding_is_declared_by_the_type() -> None:
    assert content_type_or_generic("research_brief").review_profile().free_text
    assert content_type_or_generic("text").review_profile().free_text  # a rubric-only kind, not a registered type
    assert not content_type_or_generic("fashion_magazine").review_profile().free_text
