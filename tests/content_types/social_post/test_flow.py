"""The social post type runs through the real graph on scripted models: to the human gate, through one
correction of only the caption that failed, to escalation, back to the writer on a revision request, and to a
published page. Nothing outside its package names it."""

from __future__ import annotations

from pathlib import Path

from editorial_ai.content_types.registry import content_type_for, pipeline_content_types
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import Pipeline

FLOW = ["social_source", "social_write", "social_review"]


def _nodes(pipeline: Pipeline, thread_id: str, status: str) -> list[str]:
    return [r["node_name"] for r in pipeline.logs(thread_id, status)["runs"]]


def _texts(state: dict[str, object]) -> dict[str, str]:
    draft = state["current_draft"]
    assert isinstance(draft, dict)
    return {c["platform"]: c["text"] for c in draft["captions"]}


async def test_the_type_is_found_by_the_registry_with_its_rubric() -> None:
    assert "social_post" in pipeline_content_types()
    social = content_type_for("social_post")
    assert social.rubric().name == "social_post" and social.scenario_dir() is not None


async def test_three_captions_for_a_published_article_reach_the_gate(pipeline: Pipeline, article_id: str) -> None:
    outcome = await pipeline.start({"seed_keyword": article_id, "model": "scripted:social_post_good"},
                                   content_type="social_post")
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "awaiting_approval", state.get("error_log")
    assert _nodes(pipeline, outcome.thread_id, "awaiting_approval")[:3] == FLOW
    draft = state["current_draft"]
    assert draft["article_id"] == article_id and draft["article_url"] == f"/articles/{article_id}"
    assert [c["platform"] for c in draft["captions"]] == ["instagram", "x", "linkedin"]
    assert [c["link"] for c in draft["captions"]] == ["", f"/articles/{article_id}", f"/articles/{article_id}"]
    assert state["social_article"]["passages"], "the catalog records the article was written from"
    stored = await pipeline.deps.contents.get(str(state["current_draft_id"]))
    assert stored is not None and stored.content_type == "social_post"
    assert stored.title == "Social posts: The Jennie Effect: How One Idol Dresses a Season"


async def test_a_failed_caption_is_rewritten_alone(pipeline: Pipeline, article_id: str) -> None:
    outcome = await pipeline.start({"seed_keyword": article_id, "model": "scripted:social_post_fixable"},
                                   content_type="social_post")
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "awaiting_approval"
    first, second = state["review_history"]
    assert {(e["check"], e["platform"]) for e in first["errors"]} == {("length", "x"), ("grounding", "x")}
    assert first["correction_target"] == ["x"] and second["passed"]
    assert _nodes(pipeline, outcome.thread_id, "awaiting_approval")[:5] == [*FLOW, "social_fix", "social_review"]
    texts = _texts(state)
    assert "Atelier Nordlys" not in texts["x"] and len(texts["x"]) < 234
    assert texts["instagram"].startswith("Jennie of BLACKPINK")  # the passing captions were kept


async def test_captions_that_stay_wrong_go_to_a_human_escalated(pipeline: Pipeline, article_id: str) -> None:
    outcome = await pipeline.start({"seed_keyword": article_id, "model": "scripted:social_post_hopeless"},
                                   content_type="social_post")
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "needs_human_review"
    assert "escalated" in state["flags"]
    assert state["review_history"][-1]["stop_reason"].startswith("revision stopped changing the draft")
    stored = await pipeline.deps.contents.get(str(state["current_draft_id"]))
    assert stored is not None and stored.status == "escalated"


async def test_a_revision_request_goes_back_to_the_writer_then_the_posts_publish(
    pipeline: Pipeline, article_id: str
) -> None:
    outcome = await pipeline.start({"seed_keyword": article_id, "model": "scripted:social_post_good"},
                                   content_type="social_post")
    content_id = str(outcome.state["current_draft_id"])
    revised = await pipeline.decide(content_id, AdminDecision(decision="revision_requested",
                                                              feedback="Lead with the denim."))
    assert revised.waiting_for_human and revised.state["draft_version"] == 2
    writes = [e for e in revised.state["tool_calls_log"] if e.get("tool") == "social_post.write"]
    assert [w["with_admin_feedback"] for w in writes] == [False, True]
    done = await pipeline.decide(content_id, AdminDecision(decision="approved"))
    assert done.state["pipeline_status"] == "published"
    published = await pipeline.deps.contents.get(content_id)
    assert published is not None and published.status == "published"
    page = Path(str(published.published_path)).read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and page.count('class="social-post"') == 3
    assert 'data-platform="x"' in page and "#JennieEffect" in page


async def test_a_run_naming_no_published_article_stops_with_how_to_name_one(pipeline: Pipeline) -> None:
    outcome = await pipeline.start({"seed_keyword": "no such article", "model": "scripted:social_post_good"},
                                   content_type="social_post")
    assert not outcome.waiting_for_human and outcome.state["pipeline_status"] == "failed"
    assert "content id or its exact title" in outcome.state["error_log"][-1]


async def test_an_article_awaiting_its_decision_is_refused(pipeline: Pipeline) -> None:
    pending = await pipeline.start({"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
    outcome = await pipeline.start({"seed_keyword": str(pending.state["current_draft_id"]),
                                    "model": "scripted:social_post_good"}, content_type="social_post")
    assert outcome.state["pipeline_status"] == "failed"
    assert "publish it first" in outcome.state["error_log"][-1]


async def test_the_article_is_found_by_its_title(pipeline: Pipeline, article_id: str) -> None:
    outcome = await pipeline.start({"seed_keyword": "The Jennie Effect: How One Idol Dresses a Season",
                                    "model": "scripted:social_post_good"}, content_type="social_post")
    assert outcome.waiting_for_human and outcome.state["current_draft"]["article_id"] == article_id


def test_the_admin_fragment_escapes_what_the_model_wrote() -> None:
    draft = {"keyword": "k", "title": "Social posts: T", "article_id": "a", "article_title": "T",
             "article_url": "/articles/a", "captions": [{"platform": "x", "text": "<script>x</script>",
                                                         "hashtags": ["#k"], "link": "/articles/a"}]}
    fragment = content_type_for("social_post").render_admin(draft)
    assert "<script>" not in fragment and "&lt;script&gt;" in fragment and "<html" not in fragment
