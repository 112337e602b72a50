"""No doomed drafting: a keyword the sourced posts cannot carry ends the run before the writer starts."""

from __future__ import annotations

from pathlib import Path

from editorial_ai.config import Settings
from editorial_ai.content_types.article.writer.source_support import support_problem
from editorial_ai.pipeline.runner import open_pipeline

from .editorial_fixtures import CONTEXTS, TOPICS


def test_posts_about_the_keyword_carry_an_article() -> None:
    assert support_problem("Jennie Effect", TOPICS, CONTEXTS) is None


def test_one_post_on_topic_is_too_little_and_the_message_names_the_fix() -> None:
    problem = support_problem("Gorpcore", TOPICS, CONTEXTS[:1])
    assert problem is not None and "0 post(s) about 'Gorpcore'" in problem and "pick a keyword" in problem


async def test_the_run_stops_at_source_without_a_single_writer_call(tmp_path: Path, monkeypatch) -> None:
    import editorial_ai.content_types.article.nodes.source as source_node

    async def one_post(catalog, topics, seed):  # the catalog found one post, about something else
        return CONTEXTS[:1]

    monkeypatch.setattr(source_node, "source_contexts", one_post)
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    async with open_pipeline(settings) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "Gorpcore"})
    state = outcome.state
    assert state["pipeline_status"] == "failed" and not outcome.waiting_for_human
    assert any(e.startswith("source: the catalog holds") for e in state["error_log"])
    assert not [u for u in state.get("token_usage", []) if str(u.get("purpose", "")).startswith("editorial")]
