"""`approve`, `publish`, `unpublish`, `revert` from the command line: approving never publishes, publishing and
unpublishing need a confirmation, a takedown removes the file, and every step is in the decision log."""

from __future__ import annotations

from pathlib import Path

from .test_cli import _start, cli, cli_json, text


def _events(content_id: str) -> list[str]:
    return [e["decision"] for e in cli_json("contents", "show", content_id)["events"]]


def test_publish_needs_an_approval_and_a_confirmation(data_dir: Path) -> None:
    content_id = _start()["content_id"]
    early = cli("publish", content_id, "--yes")
    assert early.exit_code == 2 and "approve it first" in text(early)
    cli_json("approve", content_id)
    unconfirmed = cli("publish", content_id)  # no terminal to ask at: refused, nothing changed
    assert unconfirmed.exit_code == 2 and "add --yes" in text(unconfirmed)
    assert cli_json("contents", "show", content_id)["status"] == "approved"
    out = cli_json("publish", content_id[:8], "--yes", "--note", "embargo lifted")
    assert out["content_status"] == "published" and Path(out["published_path"]).is_file()
    assert _events(content_id) == ["approved", "publish"]


def test_unpublish_removes_the_file_and_can_be_undone(data_dir: Path) -> None:
    content_id = _start()["content_id"]
    cli_json("approve", content_id)
    path = Path(cli_json("publish", content_id, "--yes")["published_path"])
    no_reason = cli("unpublish", content_id, "--yes")
    assert no_reason.exit_code == 2 and "--reason" in text(no_reason)
    down = cli("unpublish", content_id, "--yes", "--reason", "wrong price", "--reviewer", "kim")
    assert down.exit_code == 0, down.output
    assert "410 Gone" in text(down) and f"editorial-ai publish {content_id[:8]}" in text(down)
    assert not path.exists()
    show = cli_json("contents", "show", content_id)
    assert show["status"] == "approved" and show["published_path"] is None
    assert show["events"][-1]["decision"] == "unpublished" and show["events"][-1]["reviewer"] == "kim"
    again = cli("unpublish", content_id, "--yes", "--reason", "twice")
    assert again.exit_code == 2 and "only a published article" in text(again)
    back = cli_json("publish", content_id, "--yes")
    assert back["content_status"] == "published" and path.is_file()
    assert _events(content_id) == ["approved", "publish", "unpublished", "published"]


def test_revert_takes_an_approval_back(data_dir: Path) -> None:
    content_id = _start()["content_id"]
    refused = cli("revert", content_id)
    assert refused.exit_code == 2 and "approved" in text(refused)
    cli_json("approve", content_id)
    result = cli("revert", content_id, "--note", "one more look")
    assert result.exit_code == 0 and "awaits a decision again" in text(result)
    assert cli_json("contents", "show", content_id)["status"] == "pending"
    rejected = cli_json("reject", content_id, "--reason", "off brand")
    assert rejected["content_status"] == "rejected"
    assert _events(content_id) == ["approved", "reverted", "rejected"]


def test_revise_takes_sentence_comments(data_dir: Path) -> None:
    content_id = _start()["content_id"]
    paragraph = next(b for b in cli_json("contents", "show", content_id)["layout_json"]["blocks"]
                     if b["type"] == "body_text")["paragraphs"][0]
    sentence = paragraph.split(". ")[0] + "."
    bad = cli("revise", content_id, "--comment", "no separator here")
    assert bad.exit_code == 2 and "SENTENCE :: what to change" in text(bad)
    stray = cli("revise", content_id, "--comment", "Lisa wore Dior. :: cut it")
    assert stray.exit_code == 2 and "not in the draft" in text(stray)
    control = cli("revise", content_id, "--comment", f"{sentence} :: cut\x07 it")  # refused, not a traceback
    assert control.exit_code == 2 and "control character U+0007" in text(control), control.output
    result = cli("revise", content_id, "--comment", f"{sentence} :: Say which shop ran out.")
    assert result.exit_code in (0, 3), result.output
    event = cli_json("contents", "show", content_id)["events"][0]
    assert event["payload"]["comments"] == [{"sentence": sentence, "comment": "Say which shop ran out."}]


def test_publish_at_a_time_then_due(data_dir: Path) -> None:
    import json as jsonlib
    import sqlite3
    from datetime import UTC, datetime, timedelta

    content_id = _start()["content_id"]
    cli_json("approve", content_id)
    past = cli("publish", content_id, "--yes", "--at", "2020-01-01T09:00")
    assert past.exit_code == 2 and "has passed" in text(past)
    soon = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    scheduled = cli_json("publish", content_id, "--yes", "--at", soon)
    assert scheduled["step"] == "scheduled" and scheduled["content_status"] == "approved"
    assert cli_json("publish", "--due")["published"] == []  # not yet
    with sqlite3.connect(data_dir / "editorial.db") as conn:  # the hour passes
        row = conn.execute("SELECT id, payload FROM review_events WHERE decision='publish_scheduled'").fetchone()
        payload = {**jsonlib.loads(row[1]), "at": (datetime.now(UTC) - timedelta(minutes=1)).isoformat()}
        conn.execute("UPDATE review_events SET payload=? WHERE id=?", (jsonlib.dumps(payload), row[0]))
    [done] = cli_json("publish", "--due")["published"]
    assert done["content_id"] == content_id and done["content_status"] == "published"
    assert _events(content_id) == ["approved", "publish_scheduled", "publish"]
    assert cli_json("publish", "--due")["published"] == []  # published once
