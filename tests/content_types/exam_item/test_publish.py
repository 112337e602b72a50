"""Rendering an exam item to HTML for publishing."""

from __future__ import annotations

import copy
from pathlib import Path

from editorial_ai.content_types.exam_item.service import render_exam_item_html, write_published_exam_item

from .fixtures import MOCK_VALID_QUESTION


def test_item_html_escapes_model_text_and_shows_the_answer_after_the_question() -> None:
    item = copy.deepcopy(MOCK_VALID_QUESTION)
    item["options"][1]["text"] = "<script>alert(1)</script>"
    html = render_exam_item_html(item)
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert html.index(item["stem"]) < html.index("Answer: A") < html.index(item["explanation"])
    fragment = render_exam_item_html(item, standalone=False)
    assert fragment.startswith("<article") and "<html" not in fragment


def test_publishing_writes_one_file_atomically(tmp_path: Path) -> None:
    path = write_published_exam_item(MOCK_VALID_QUESTION, tmp_path / "out", "c1")
    assert path.name == "c1.html" and path.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert not list((tmp_path / "out").glob("*.tmp"))
