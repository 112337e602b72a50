"""Fixtures: a pipeline on the scripted article, with one published article the social posts announce."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import Pipeline, open_pipeline


async def publish_article(pipeline: Pipeline, keyword: str = "Jennie Effect") -> str:
    """Write the scripted article on `keyword`, approve it and return its content id (published)."""
    outcome = await pipeline.start({"seed_keyword": keyword, "model": "scripted:happy"})
    content_id = str(outcome.state["current_draft_id"])
    done = await pipeline.decide(content_id, AdminDecision(decision="approved"))
    assert done.state["pipeline_status"] == "published"
    return content_id


@pytest.fixture
async def pipeline(settings: Settings) -> AsyncIterator[Pipeline]:
    """An open pipeline on a private data dir."""
    async with open_pipeline(settings) as opened:
        yield opened


@pytest.fixture
async def article_id(pipeline: Pipeline) -> str:
    """A published article: "The Jennie Effect", as the scripted writer makes it."""
    return await publish_article(pipeline)
