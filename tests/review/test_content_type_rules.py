"""Review rules that depend on the content type come from the registry, so a new type brings its own."""

from __future__ import annotations

from editorial_ai.content_types.article import ArticleType
from editorial_ai.content_types.registry import content_type_or_generic, registered_type
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.prompts.review import build_probability_examples
from editorial_ai.review.completeness import VALIDATORS
from editorial_ai.review.deterministic import layout_view, shipped_example_texts
from editorial_ai.review.rubric import load_rubric

from .helpers import CONTEXTS, KNOWN, TOPICS, layout

SHORT = ["Jennie carried the Chanel 22 Bag at the airport.", "The Alaïa Fishnet Ballet Flats finished the look."]


def _completeness(content_type: str) -> bool:
    draft = MagazineLayout.model_validate(layout(SHORT, celebs=[{"name": "Jennie"}], hashtags=["#Jennie"],
                                                 products=[{"name": "Chanel 22 Bag", "brand": "Chanel"}]))
    view = layout_view(draft, content_type, TOPICS, CONTEXTS, KNOWN)
    return VALIDATORS["content_completeness"](view, draft, "content_completeness").passed


def test_the_completeness_floor_is_the_types_length_rule() -> None:
    assert not _completeness("fashion_magazine")  # 4 paragraphs, 250 words
    with registered_type(ArticleType(name="toy_brief_article", label="Short", min_paragraphs=2, min_words=10)):
        assert _completeness("toy_brief_article")


def test_the_originality_examples_and_the_judge_few_shot_follow_the_type() -> None:
    exam_texts = shipped_example_texts("exam_item")
    assert exam_texts != shipped_example_texts("fashion_magazine") == shipped_example_texts("text")
    criteria = load_rubric("exam_item").criteria
    assert "Answer key" in build_probability_examples("exam_item", criteria)
    assert "Answer key" not in build_probability_examples("text", criteria)


def test_free_text_grounding_is_declared_by_the_type() -> None:
    assert content_type_or_generic("research_brief").free_text_review
    assert content_type_or_generic("text").free_text_review  # a rubric-only kind, not a registered type
    assert not content_type_or_generic("fashion_magazine").free_text_review
