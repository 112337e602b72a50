"""The `editorial-ai` command line, driven in-process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from editorial_ai.cli.main import app
from editorial_ai.llm.registry import clear_client_cache
from editorial_ai.review.rubric import load_rubric

CRITERIA = [c.name for c in load_rubric("fashion_magazine").criteria]


def cli(*args: str) -> Result:
    clear_client_cache()  # every invocation is a fresh process in real life
    return CliRunner().invoke(app, list(args))


def text(result: Result) -> str:
    """Everything printed, with the terminal's line wrapping undone."""
    return " ".join(result.output.split())


def cli_json(*args: str) -> dict[str, Any]:
    result = cli(*args, "--json")
    assert result.exit_code == 0, (result.output, result.exception)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _start(*extra: str) -> dict[str, Any]:
    return cli_json("run", "Jennie Effect", *extra)


def _no_traceback(result: Result) -> None:
    assert "Traceback" not in text(result)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_run_json_has_the_whole_outcome(data_dir: Path) -> None:
    out = _start()
    assert {"thread_id", "content_id", "pipeline_status", "revision_count", "review_result", "tokens"} <= set(out)
    assert out["pipeline_status"] == "awaiting_approval" and out["waiting_for_human"] is True
    assert out["revision_count"] == 0 and out["published_path"] is None and out["content_id"]
    criteria = out["review_result"]["criteria"]
    assert [c["criterion"] for c in criteria] == CRITERIA
    assert all(c["reason"] and c["passed"] for c in criteria)
    assert out["tokens"]["total_tokens"] > 0 and out["tokens"]["llm_calls"] > 0
    assert (data_dir / "editorial.db").is_file() and (data_dir / "checkpoints.db").is_file()


def test_run_human_output_names_the_next_step(data_dir: Path) -> None:
    result = cli("run", "Jennie Effect")
    assert result.exit_code == 0, result.output
    assert "status pending" in text(result) and "editorial-ai approve" in text(result)
    assert "fact_accuracy" in text(result)


def test_approve_then_publish(data_dir: Path) -> None:
    started = _start()
    out = cli_json("approve", started["content_id"])
    assert out["content_status"] == "approved" and out["published_path"] is None
    out = cli_json("publish", started["content_id"], "--yes")
    assert out["content_status"] == "published" and out["public_url"] == f"/articles/{started['content_id']}"
    assert Path(out["published_path"]).is_file()
    again = cli("approve", started["content_id"])
    assert again.exit_code == 2 and "already published at" in text(again) and "by admin" in text(again)
    _no_traceback(again)


def test_approve_human_output_names_the_publish_step(data_dir: Path) -> None:
    started = _start()
    result = cli("approve", started["content_id"], "--reviewer", "kim")
    assert result.exit_code == 0, result.output
    short = started["content_id"][:8]
    assert "not public yet" in text(result) and f"editorial-ai publish {short}" in text(result)
    show = cli_json("contents", "show", started["content_id"])
    assert [(e["decision"], e["reviewer"]) for e in show["events"]] == [("approved", "kim")]
    published = cli("publish", short, "--yes", "--reviewer", "kim")
    assert published.exit_code == 0 and f"public: /articles/{started['content_id']}" in text(published)


def test_reject_with_reason(data_dir: Path) -> None:
    started = _start()
    out = cli_json("reject", started["content_id"], "--reason", "Off-brand tone")
    assert out["pipeline_status"] == "rejected" and out["content_status"] == "rejected"
    assert out["published_path"] is None
    show = cli_json("contents", "show", started["content_id"])
    assert show["rejection_reason"] == "Off-brand tone" and show["status"] == "rejected"


def test_reject_without_reason_is_a_usage_error(data_dir: Path) -> None:
    started = _start()
    result = cli("reject", started["content_id"])
    assert result.exit_code == 2 and "--reason" in text(result)
    assert cli_json("contents", "show", started["content_id"])["status"] == "pending"


def test_revise_with_feedback_returns_to_the_gate(data_dir: Path) -> None:
    started = _start()
    out = cli_json("revise", started["content_id"], "--feedback", "Lead with the Paris show")
    assert out["waiting_for_human"] is True and out["pipeline_status"] == "awaiting_approval"
    assert out["draft_version"] == 2 and out["content_status"] == "pending"
    assert out["feedback_history"][-1]["source"] == "admin"
    assert "Lead with the Paris show" in json.dumps(out["feedback_history"][-1])


def test_revise_with_form_flags_only(data_dir: Path) -> None:
    started = _start()
    out = cli_json("revise", started["content_id"], "--missing-spec")
    assert out["draft_version"] == 2
    assert "specifications" in json.dumps(out["feedback_history"][-1])


def test_revise_without_feedback_is_refused(data_dir: Path) -> None:
    started = _start()
    result = cli("revise", started["content_id"])
    assert result.exit_code == 2 and "feedback" in text(result)
    _no_traceback(result)
    assert cli_json("contents", "show", started["content_id"])["status"] == "pending"


def test_status(data_dir: Path) -> None:
    started = _start()
    out = cli_json("status", started["thread_id"])
    assert out["thread_id"] == started["thread_id"] and out["pipeline_status"] == "awaiting_approval"
    human = cli("status", started["thread_id"])
    assert human.exit_code == 0 and started["thread_id"] in text(human)
    missing = cli("status", "no-such-thread")
    assert missing.exit_code == 2 and "no run or content with id" in text(missing) and "runs list" in text(missing)
    _no_traceback(missing)


def test_contents_list_and_show(data_dir: Path) -> None:
    first = _start()
    second = _start()
    cli_json("approve", first["content_id"])
    cli_json("publish", first["content_id"], "--yes")
    listing = cli_json("contents", "list")
    assert listing["total"] == 2 and all("layout_json" not in i for i in listing["items"])
    assert {i["id"] for i in listing["items"]} == {first["content_id"], second["content_id"]}
    pending = cli_json("contents", "list", "--status", "pending")
    assert pending["total"] == 1 and pending["items"][0]["id"] == second["content_id"]
    show = cli_json("contents", "show", second["content_id"])
    assert show["status"] == "pending" and show["layout_json"]["title"] and show["events"] == []
    assert [c["criterion"] for c in show["review_json"]["criteria"]] == CRITERIA
    table = cli("contents", "list")
    assert table.exit_code == 0 and "published" in text(table)
    shown = cli("contents", "show", first["content_id"])
    assert shown.exit_code == 0 and "approved by admin" in text(shown)
    missing = cli("contents", "show", "nope")
    assert missing.exit_code == 2 and "no content" in text(missing)


def test_logs(data_dir: Path) -> None:
    started = _start()
    out = cli_json("logs", started["content_id"])
    assert out["content_id"] == started["content_id"]
    nodes = [r["node_name"] for r in out["runs"]]
    assert nodes[:6] == ["curation", "design_spec", "source", "editorial", "enrich", "review"]
    assert out["summary"]["node_count"] == len(nodes) and out["summary"]["total_tokens"] > 0
    assert out["summary"]["status"] == "pending"  # the one status vocabulary
    by_thread = cli_json("logs", started["thread_id"])
    assert by_thread["runs"] == out["runs"]
    human = cli("logs", started["content_id"])
    assert human.exit_code == 0 and "editorial" in text(human)


def test_auto_approve_approves_a_clean_pass_and_publishes_nothing(data_dir: Path) -> None:
    out = _start("--auto-approve")
    assert out["status"] == "approved" and out["published_path"] is None
    assert out["pipeline_status"] == "awaiting_approval" and out["waiting_for_human"] is True  # paused at the gate
    assert not (data_dir / "published").is_dir() or not any((data_dir / "published").iterdir())
    shown = cli_json("contents", "show", out["content_id"])
    assert [(e["decision"], e["reviewer"]) for e in shown["events"]] == [("approved", "auto-approve")]
    human = cli("run", "Jennie Effect", "--auto-approve")
    assert human.exit_code == 0 and "not public yet" in text(human) and "editorial-ai publish" in text(human)
    published = cli_json("publish", out["content_id"], "--yes")  # publishing is its own, confirmed step
    assert published["content_status"] == "published" and Path(published["published_path"]).is_file()


def test_auto_approve_does_not_publish_when_the_judge_was_down(data_dir: Path) -> None:
    out = _start("--auto-approve", "--model", "scripted:test_judge_down")
    assert out["pipeline_status"] == "awaiting_approval" and out["waiting_for_human"] is True
    assert "judge_skipped" in out["flags"] and out["published_path"] is None
    skipped = [c["criterion"] for c in out["review_result"]["criteria"] if c["skipped"]]
    assert skipped == [c.name for c in load_rubric("fashion_magazine").by_check("judge")]
    assert cli_json("contents", "show", out["content_id"])["status"] == "pending"


def test_auto_approve_does_not_publish_an_escalated_draft(data_dir: Path) -> None:
    result = cli("run", "Jennie Effect", "--auto-approve", "--model", "scripted:test_always_hallucinate", "--json")
    assert result.exit_code == 3, result.output  # escalated
    out = json.loads(result.stdout)
    assert out["pipeline_status"] == "needs_human_review" and out["published_path"] is None
    assert out["revision_count"] == 3 and "escalated" in out["flags"]


def test_data_dir_option_overrides_the_environment(data_dir: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    out = cli_json("run", "Jennie Effect", "--data-dir", str(other))
    assert (other / "editorial.db").is_file()
    assert cli_json("contents", "list", "--data-dir", str(other))["total"] == 1
    assert cli_json("contents", "list")["total"] == 0
    assert out["content_id"]


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


SOURCES = {
    "curated_topics": [
        {"keyword": "Jennie Effect", "celebrities": [{"name": "Jennie"}], "brands_products": [{"name": "Chanel"}]}
    ],
    "enriched_contexts": [
        {
            "post_id": "p1",
            "artist_name": "Jennie",
            "group_name": "BLACKPINK",
            "solutions": [{"solution_id": "s1", "title": "Chanel 22 Bag", "brand": "Chanel"}],
        }
    ],
}


def _draft(brand: str) -> dict[str, Any]:
    """A full article (the review counts words and paragraphs) naming `brand`'s 22 Bag throughout."""
    paragraphs = [
        f"The Jennie Effect starts with one bag. At the airport, Jennie of BLACKPINK carried the {brand} 22 Bag, "
        "and the photos travelled from fan accounts to fashion feeds within hours. The Jennie Effect is the name "
        "fans gave to the way a single look from her turns into a shopping list for everyone who follows her.",
        f"The {brand} 22 Bag is the centre of that look. It is the piece every photo returns to, "
        "and it reads as polished without trying. Jennie wore it with relaxed layers, which made the bag the "
        "focus of every picture and the piece that readers asked about first in the comments.",
        "Airport fashion works as a stage because it looks unplanned. A traveller in comfortable clothes with one "
        "strong accessory feels close to real life, and that closeness is what makes a look easy to copy. The "
        "Jennie Effect depends on that ease: nothing in the outfit needs a stylist to recreate it.",
        f"That is why the {brand} 22 Bag keeps appearing in saved posts and wish lists. Fans do not copy the "
        "whole outfit; they copy the one piece that carries it. For readers who want the Jennie Effect at home, "
        f"the lesson is simple: choose one statement bag like the {brand} 22 Bag and keep the rest quiet.",
        "Each new airport photo restarts the cycle. Fans share the pictures, shops see the searches rise, and the "
        "Jennie Effect spreads a little further with every trip she takes and every look she chooses to repeat.",
    ]
    return {
        "keyword": "Jennie Effect",
        "title": "The Jennie Effect at the Airport",
        "blocks": [
            {"type": "hero", "overlay_title": "The Jennie Effect at the Airport"},
            {"type": "body_text", "paragraphs": paragraphs},
            {"type": "product_showcase", "products": [{"name": f"{brand} 22 Bag", "brand": brand}]},
            {"type": "celeb_feature", "celebs": [{"name": "Jennie"}]},
            {"type": "hashtag_bar", "hashtags": ["#JennieEffect"]},
        ],
    }


def test_review_flags_an_unsourced_brand(data_dir: Path, tmp_path: Path) -> None:
    draft = _write(tmp_path / "draft.json", _draft("Versace"))
    sources = _write(tmp_path / "sources.json", SOURCES)
    result = cli("review", str(draft), "--sources", str(sources), "--no-judge", "--json")
    assert result.exit_code == 1
    review = json.loads(result.stdout)
    failed = {c["criterion"]: c for c in review["criteria"] if not c["passed"] and not c["skipped"]}
    assert set(failed) == {"hallucination", "fact_accuracy"}  # an unsourced name is also an unsupported claim
    assert "Versace" in failed["hallucination"]["reason"] and "Versace" in failed["fact_accuracy"]["reason"]
    human = cli("review", str(draft), "--sources", str(sources), "--no-judge")
    assert human.exit_code == 1 and "Versace" in text(human) and "hallucination" in text(human)


def test_review_with_a_judge_passes_a_grounded_draft(data_dir: Path, tmp_path: Path) -> None:
    draft = _write(tmp_path / "draft.json", _draft("Chanel"))
    sources = _write(tmp_path / "sources.json", SOURCES)
    result = cli("review", str(draft), "--sources", str(sources), "--model", "scripted:happy", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["passed"] is True


def test_review_accepts_a_bare_list_of_posts(data_dir: Path, tmp_path: Path) -> None:
    draft = _write(tmp_path / "draft.json", _draft("Chanel"))
    sources = _write(tmp_path / "posts.json", SOURCES["enriched_contexts"])
    result = cli("review", str(draft), "--sources", str(sources), "--no-judge", "--json")
    review = json.loads(result.stdout)
    assert next(c for c in review["criteria"] if c["criterion"] == "hallucination")["passed"]


@pytest.mark.parametrize("which", ["draft", "sources"])
def test_review_missing_file_is_a_clear_usage_error(data_dir: Path, tmp_path: Path, which: str) -> None:
    real = _write(tmp_path / "real.json", SOURCES)
    missing = tmp_path / "missing.json"
    args = [str(missing), "--sources", str(real)] if which == "draft" else [str(real), "--sources", str(missing)]
    result = cli("review", *args, "--no-judge")
    assert result.exit_code == 2
    assert f"{which} file" in text(result) and "does not exist" in text(result)
    _no_traceback(result)


def test_review_invalid_json_is_a_clear_usage_error(data_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    sources = _write(tmp_path / "sources.json", SOURCES)
    result = cli("review", str(broken), "--sources", str(sources), "--no-judge")
    assert result.exit_code == 2 and "not valid JSON" in text(result)
    _no_traceback(result)


def test_review_unknown_model_provider_is_a_clear_error(data_dir: Path, tmp_path: Path) -> None:
    draft = _write(tmp_path / "draft.json", _draft("Chanel"))
    sources = _write(tmp_path / "sources.json", SOURCES)
    result = cli("review", str(draft), "--sources", str(sources), "--model", "foo:bar")
    assert result.exit_code == 2 and "unknown provider" in text(result)
    _no_traceback(result)


@pytest.mark.parametrize("keyword", ["", "   "])
def test_run_empty_keyword_is_a_usage_error(data_dir: Path, keyword: str) -> None:
    result = cli("run", keyword)
    assert result.exit_code == 2 and "must not be empty" in text(result)
    _no_traceback(result)
    assert not (data_dir / "editorial.db").exists()


def test_unknown_content_is_a_clear_error(data_dir: Path) -> None:
    for args in (["approve", "nope"], ["reject", "nope", "--reason", "x"], ["revise", "nope", "--feedback", "x"]):
        result = cli(*args)
        assert result.exit_code == 2 and "no content with id 'nope'" in text(result), args
        _no_traceback(result)


def test_keyword_matching_nothing_reports_the_fix(data_dir: Path) -> None:
    result = cli("run", "Qxzvw Plorbt", "--json")
    assert result.exit_code == 1  # the run failed
    out = json.loads(result.stdout)
    assert out["pipeline_status"] == "failed" and out["content_id"] is None
    assert any("nearest keywords the catalog supports" in e for e in out["error_log"])


def test_logs_for_an_unknown_id_is_a_clear_error(data_dir: Path) -> None:
    result = cli("logs", "nope")
    assert result.exit_code == 2 and "no run or content with id" in text(result)
    _no_traceback(result)


def test_review_sources_of_the_wrong_shape_is_a_clear_usage_error(data_dir: Path, tmp_path: Path) -> None:
    draft = _write(tmp_path / "draft.json", _draft("Chanel"))
    sources = _write(tmp_path / "sources.json", 42)
    result = cli("review", str(draft), "--sources", str(sources), "--no-judge")
    assert result.exit_code == 2 and "sources" in text(result)
    _no_traceback(result)


def test_run_unknown_content_type_is_a_clear_error(data_dir: Path) -> None:
    result = cli("run", "Jennie Effect", "--content-type", "no_such_rubric")
    assert result.exit_code == 2 and "no_such_rubric" in text(result) and "fashion_magazine" in text(result)
    _no_traceback(result)


def test_run_unknown_model_provider_is_a_clear_error(data_dir: Path) -> None:
    result = cli("run", "Jennie Effect", "--model", "foo:bar")
    assert result.exit_code == 2 and "unknown provider" in text(result)
    _no_traceback(result)


def test_run_unknown_scenario_is_a_clear_error(data_dir: Path) -> None:
    result = cli("run", "Jennie Effect", "--model", "scripted:no_such_scenario")
    assert result.exit_code == 2 and "no_such_scenario" in text(result)


def test_no_arguments_shows_help() -> None:
    result = CliRunner().invoke(app, [])
    assert "run" in text(result) and "approve" in text(result)
