"""Model, catalog and user text in the terminal is data: no MarkupError, no hyperlink, no escape sequence.
And two inputs that used to end in a traceback: `review <directory>` and a data directory that is a file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from editorial_ai.cli import render
from editorial_ai.cli.main import app
from editorial_ai.cli.terminal import SafeConsole, safe, strip_controls

HOSTILE = [
    "Looks fine [/x]",
    "[link=https://evil.example/]click[/link]",
    "[bold red]APPROVED[/]",
    "red \x1b[31mtext\x1b[0m and a clear \x1b[2J\x1b[H",
    "title \x1b]0;owned\x07 and link \x1b]8;;https://evil.example\x1b\\here\x1b]8;;\x1b\\",
    "bell\x07 nul\x00 c1\x9b31m del\x7f bidi\u202eevil",
    "lone \ud800 surrogate",
]


def _captured(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    out = io.StringIO()
    monkeypatch.setattr(render, "console", SafeConsole(file=out, force_terminal=True, width=200))
    return out


def _assert_inert(output: str) -> None:
    assert "\x1b]8;" not in output, "a hostile string became a terminal hyperlink"
    assert "\x1b]0;" not in output and "\x1b[2J" not in output and "\x07" not in output and "\x00" not in output
    assert "\x9b" not in output and "\u202e" not in output and "\ud800" not in output


@pytest.mark.parametrize("text", HOSTILE)
def test_a_hostile_judge_reason_and_title_print_as_data(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    out = _captured(monkeypatch)
    review = {"passed": False, "criteria": [{"criterion": text, "passed": False, "severity": "major",
                                             "source": "judge", "reason": text}]}
    render.print_outcome({"thread_id": "t-1", "content_id": "c-1", "status": "pending", "revision_count": 1,
                          "flags": [text], "title": text, "review_result": review, "error_log": [text]})
    printed = out.getvalue()
    _assert_inert(printed)
    assert "Looks fine [/x]" in printed or "Looks fine" not in text
    assert "[link=https://evil.example/]click[/link]" in printed or "link=" not in text


def test_safe_keeps_the_words_and_drops_only_the_controls() -> None:
    assert strip_controls("a\tb\nc\x1b[31md\x1b[0m") == "a\tb\ncd"
    assert strip_controls("x\x1b]8;;https://e\x1b\\y") == "xy"
    assert safe("Looks fine [/x]") == "Looks fine \\[/x]"


def test_an_unescaped_invalid_markup_string_prints_instead_of_crashing() -> None:
    out = io.StringIO()
    SafeConsole(file=out, width=80).print("reason: Looks fine [/x]")
    assert "Looks fine [/x]" in out.getvalue()


def test_run_with_markup_in_the_keyword_does_not_crash(data_dir: Path) -> None:
    result = CliRunner().invoke(app, ["run", "Jennie Effect [/x]"])
    assert "MarkupError" not in repr(result.exception) and "MarkupError" not in result.output
    assert result.exit_code in (0, 1, 3), result.output  # the run's own outcome, not a crash
    assert "Jennie Effect [/x]" in result.output
    refused = CliRunner().invoke(app, ["run", "Jennie \x1b[2J"])  # refused, and the refusal prints no escape
    assert refused.exit_code == 2 and "\x1b" not in refused.output


# --- D10: clear errors, exit 2 ----------------------------------------------------------------------------


def test_review_of_a_directory_exits_2_naming_the_fix(data_dir: Path, tmp_path: Path) -> None:
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps({"enriched_contexts": []}))
    result = CliRunner().invoke(app, ["review", str(tmp_path), "--sources", str(sources), "--no-judge"])
    assert result.exit_code == 2 and "is a directory" in result.output
    assert not isinstance(result.exception, IsADirectoryError)


def test_review_of_a_non_utf8_file_exits_2(data_dir: Path, tmp_path: Path) -> None:
    draft = tmp_path / "draft.json"
    draft.write_bytes(b"\xff\xfe\x00{")
    result = CliRunner().invoke(app, ["review", str(draft), "--sources", str(draft), "--no-judge"])
    assert result.exit_code == 2 and "UTF-8" in result.output


@pytest.mark.parametrize("args", [["contents", "list"], ["runs", "list"], ["reviewers", "list"]])
def test_a_data_dir_that_is_a_file_exits_2_naming_the_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         args: list[str]) -> None:
    from editorial_ai.config import get_settings

    not_a_dir = tmp_path / "data"
    not_a_dir.write_text("I am a file")
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(not_a_dir))
    get_settings.cache_clear()
    result: Any = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "is a file, not a directory" in result.output and "EDITORIAL_AI_DATA_DIR" in result.output
    assert not isinstance(result.exception, FileExistsError | NotADirectoryError)
