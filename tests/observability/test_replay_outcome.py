"""A node that finds its work already done (publish re-run after a crash) is logged with outcome "replay", so the
run log, the progress views and the reliability audit tell it from a second publish."""

from __future__ import annotations

from pathlib import Path

from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.status import ContentStatus
from editorial_ai.observability.step_names import step_outcome
from editorial_ai.pipeline.nodes.publish import make_publish_node


def test_step_outcome_reads_the_replay_mark() -> None:
    replay = {"tool_calls_log": [{"tool": "publish", "result": "already published", "replay": True}]}
    assert step_outcome(replay) == "replay"
    assert step_outcome({"tool_calls_log": [{"tool": "publish", "result": "published"}]}) is None
    assert step_outcome({"review_result": {"passed": True}, **replay}) == "pass"  # a verdict comes first


class _Contents:
    def __init__(self, status: str) -> None:
        self.row = ContentRecord(id="c-1", thread_id="t-1", status=status, published_path="/p/c-1.html")

    async def get(self, content_id: str) -> ContentRecord:
        return self.row


class _Deps:
    def __init__(self, status: str, tmp_path: Path) -> None:
        self.contents = _Contents(status)
        self.settings = type("S", (), {"resolved_publish_dir": tmp_path})()


async def test_a_publish_re_run_on_a_published_content_is_a_replay(tmp_path: Path) -> None:
    node = make_publish_node(_Deps(ContentStatus.PUBLISHED.value, tmp_path))  # type: ignore[arg-type]
    update = await node({"current_draft_id": "c-1", "current_draft": {}})
    assert update["tool_calls_log"][0]["replay"] is True and step_outcome(update) == "replay"
    assert not list(tmp_path.iterdir())  # nothing written again
