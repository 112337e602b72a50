"""Targeted correction: failed criteria -> components -> patch schema -> merge."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from editorial_ai.content_types.article.layout.planner import plan_layout
from editorial_ai.content_types.article.writer.targets import correction_targets, short_body_targets
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.review.completeness import check_completeness
from editorial_ai.review.correction import (
    apply_patch,
    build_correction_prompt,
    build_patch_model,
    correct_components,
    validate_components,
)
from editorial_ai.review.profile import LengthRule

CONTENT = EditorialContent(
    keyword="Jennie Effect", title="The Jennie Effect Explained",
    body_paragraphs=["Jennie carried a Hermès Birkin through the airport this week.",
                     "The bag sold out by the weekend, as her picks always do."],
    product_mentions=[{"name": "Birkin 25", "brand": "Hermès"}], celeb_mentions=[{"name": "Jennie"}],
    hashtags=["#Jennie"],
)


def failed(criterion: str, evidence: list[str] | None = None) -> CriterionResult:
    return CriterionResult(criterion=criterion, passed=False, reason="x", evidence=evidence or [])


def result(*criteria: CriterionResult) -> ReviewResult:
    return ReviewResult(passed=False, criteria=list(criteria))


def test_hallucinated_names_point_at_the_components_that_contain_them() -> None:
    targets = correction_targets(result(failed("hallucination", ["Hermès", "Birkin 25"])), CONTENT)
    assert targets == ["body_paragraphs[0]", "product_mentions"]


def test_known_criteria_map_to_fixed_components() -> None:
    assert correction_targets(result(failed("visual_appeal")), CONTENT) == ["title", "subtitle", "pull_quotes"]


def test_format_failure_or_too_many_targets_means_full_rewrite() -> None:
    assert correction_targets(result(failed("format")), CONTENT) is None
    everything = result(failed("visual_appeal"), failed("content_completeness"), failed("fact_accuracy"))
    assert correction_targets(everything, CONTENT) is None


def test_patch_schema_keeps_field_limits() -> None:
    patch = build_patch_model(EditorialContent, ["title", "body_paragraphs[1]"])
    assert set(patch.model_fields) == {"title", "body_paragraphs_1"}
    with pytest.raises(ValidationError):
        patch(title="short", body_paragraphs_1="x" * 50)  # title below its minimum length
    with pytest.raises(ValidationError):
        patch(title="A long enough title", body_paragraphs_1="too short")


def test_apply_patch_changes_only_the_targets() -> None:
    patch = build_patch_model(EditorialContent, ["body_paragraphs[0]"])(
        body_paragraphs_0="Jennie carried a Chanel 22 Bag through the airport this week.")
    revised = apply_patch(CONTENT, patch, ["body_paragraphs[0]"])
    assert revised.body_paragraphs[0].startswith("Jennie carried a Chanel")
    assert revised.body_paragraphs[1] == CONTENT.body_paragraphs[1]
    assert revised.title == CONTENT.title and revised.product_mentions == CONTENT.product_mentions


def test_out_of_range_and_unknown_components_are_dropped() -> None:
    assert validate_components(EditorialContent, CONTENT, ["title", "body_paragraphs[7]", "nope", "title"]) == ["title"]


def test_correction_prompt_holds_only_the_targets_and_feedback() -> None:
    prompt = build_correction_prompt(CONTENT, ["body_paragraphs[0]"], ["hallucination: Hermès is not sourced"], "src")
    assert "Hermès Birkin" in prompt and "hallucination: Hermès" in prompt
    assert CONTENT.body_paragraphs[1] not in prompt


async def test_correct_components_end_to_end_with_scripted_model() -> None:
    client = ScriptedClient({"correction": [{"json": {
        "body_paragraphs_0": "Jennie carried a Chanel 22 Bag through the airport this week.",
        "product_mentions": [{"name": "Chanel 22 Bag", "brand": "Chanel"}]}}]})
    revised = await correct_components(client, CONTENT, ["body_paragraphs[0]", "product_mentions"],
                                       feedback=["remove Hermès"], sources_text="Chanel 22 Bag", system="s")
    assert isinstance(revised, EditorialContent)
    assert revised.product_mentions[0].brand == "Chanel"
    assert client.calls[0].purpose == "correction"
    assert revised.body_paragraphs[1] == CONTENT.body_paragraphs[1]


def test_completeness_targets_only_the_missing_parts() -> None:
    no_tags = CONTENT.model_copy(update={"hashtags": []})
    assert correction_targets(result(failed("content_completeness")), no_tags) == ["hashtags"]


def test_a_body_too_short_is_rewritten_not_patched() -> None:
    layout = plan_layout(CONTENT, DesignSpec())
    short = check_completeness(layout, rule=LengthRule(paragraphs=2, words=250))
    assert not short.passed and any("words of body text" in line for line in short.evidence)
    assert correction_targets(result(short), CONTENT) is None
    thin = check_completeness(layout, rule=LengthRule(paragraphs=3, words=0))
    assert correction_targets(result(thin), CONTENT) is None
    long_enough = check_completeness(layout, rule=LengthRule(paragraphs=2, words=10))
    assert long_enough.passed


def test_a_body_a_little_short_has_its_shortest_paragraphs_continued_not_a_new_draft() -> None:
    # A 247-word body (floor 250) was drafted anew and the new draft brought back every error the revisions had
    # taken out; the shortest paragraphs are continued instead.
    words = sum(len(p.split()) for p in CONTENT.body_paragraphs)
    five = CONTENT.model_copy(update={"body_paragraphs": [*CONTENT.body_paragraphs, "One two three four five six.",
                                                          "Seven eight nine ten eleven twelve thirteen.",
                                                          CONTENT.body_paragraphs[0]]})
    total = sum(len(p.split()) for p in five.body_paragraphs)
    layout = plan_layout(five, DesignSpec())
    near = check_completeness(layout, rule=LengthRule(paragraphs=2, words=total + 3))
    assert any("words of body text" in line for line in near.evidence)
    assert correction_targets(result(near), five) == ["body_paragraphs[2]", "body_paragraphs[3]"]
    # Short by more, more of the shortest paragraphs are continued.
    assert short_body_targets([f"write at least {total + 3} words of body text (found {total})"], five) == [
        "body_paragraphs[2]", "body_paragraphs[3]"]
    assert short_body_targets(["write at least 300 words of body text (found 220)"], five) == [
        "body_paragraphs[0]", "body_paragraphs[2]", "body_paragraphs[3]", "body_paragraphs[4]"]
    # Far below the floor, or missing paragraphs: a new draft.
    assert correction_targets(result(check_completeness(layout, rule=LengthRule(paragraphs=2, words=3 * total))),
                              five) is None
    assert words < 250 and correction_targets(result(check_completeness(
        plan_layout(CONTENT, DesignSpec()), rule=LengthRule(paragraphs=3, words=words + 2))), CONTENT) is None


def test_a_paragraph_too_short_to_stand_alone_is_located_and_rewritten_alone() -> None:
    # "On September 9th, Jennie continued her street style look on the same day at the pop-up store event." (18
    # words) passed as a paragraph.
    words = [len(p.split()) for p in CONTENT.body_paragraphs]
    layout = plan_layout(CONTENT, DesignSpec())
    floor = min(words) + 1
    thin = check_completeness(layout, rule=LengthRule(paragraphs=2, words=0, paragraph_words=floor))
    shortest = words.index(min(words))
    assert not thin.passed and thin.evidence == [
        f"body_paragraphs[{shortest}]: a paragraph of {min(words)} words; write it out to at least {floor} words "
        "from its facts"]
    assert correction_targets(result(thin), CONTENT) == [f"body_paragraphs[{shortest}]"]
    assert check_completeness(layout, rule=LengthRule(paragraphs=2, words=0, paragraph_words=min(words))).passed


def test_evidence_is_located_by_its_component_not_by_quote_marks_inside_the_claim() -> None:
    content = CONTENT.model_copy(update={"body_paragraphs": [
        "The \"Jennie Effect\" spread beyond Seoul in a week.", "The bag sold out by the weekend, as her picks do.",
        "The rest of the look stayed plain and the photos travelled."]})
    line = 'body_paragraphs[0]: "The "Jennie Effect" spread beyond Seoul in a week." — not in the sources: Seoul'
    targets = correction_targets(result(failed("hallucination", [line])), content)
    assert targets == ["body_paragraphs[0]"]  # not every paragraph holding the word "The"
