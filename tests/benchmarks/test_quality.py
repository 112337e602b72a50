"""bench quality on the scripted provider: the real pipeline to the gate, measured; the CLI writes JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from editorial_ai.benchmarks.quality import (
    DEFAULT_KEYWORDS,
    QualityKeyword,
    load_quality_keywords,
    merge_by_purpose,
    run_quality,
    tone_markers,
    usage_by_purpose,
)
from editorial_ai.cli.main import app
from editorial_ai.config import Settings


def test_the_shipped_keywords_are_twelve_in_three_tones() -> None:
    keywords = load_quality_keywords(DEFAULT_KEYWORDS)
    assert len(keywords) == 12 and {k.tone for k in keywords} == {"sophisticated", "warm", "playful"}
    assert QualityKeyword("Coquette", "warm") in keywords and QualityKeyword("Jennie Effect") in keywords
    with pytest.raises(ValueError, match="does not exist"):
        load_quality_keywords(Path("/no/such/keywords.txt"))


def test_a_keywords_line_with_an_unknown_tone_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "keywords.txt"
    path.write_text("# mine\nY2K | playful\nCoquette | dreamy\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"keywords.txt:3: the tone must be one of .* 'dreamy' is not one of them"):
        load_quality_keywords(path)
    path.write_text(" | warm\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"no keyword before the '\|'"):
        load_quality_keywords(path)


async def test_a_grounded_article_is_measured_at_the_gate(tmp_path: Path) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    report = await run_quality(settings, ["Jennie Effect"])
    (article,) = report.articles
    assert article.status == "passed" and article.why == "" and article.tone == "sophisticated"
    assert article.paragraphs == 5 and article.words >= 300
    assert article.copied == [] and article.unsupported_names == [] and article.coverage == 1.0
    assert article.repeated_rate < 0.05 and article.revisions == 0 and article.minutes > 0
    assert article.meets_targets() and "Jennie" in article.sample
    assert len(article.body) == 5 and article.sample in " ".join(article.body)  # the whole article, to be read
    assert len(article.subtitle.split()) >= 8 and article.pull_quote in " ".join(article.body)
    # the writer's record of the draft, to read where the words and minutes went
    assert [d["attempt"] for d in article.drafts] == [1] and article.drafts[0]["mode"]
    assert report.as_json()["articles"][0]["drafts"] == article.drafts
    totals = report.totals()
    assert totals["passed"] == 1 and totals["unflagged_with_unsupported_names"] == 0 and totals["meeting_targets"] == 1
    # where the time went: every call counted under its purpose, with the article's decoded tokens in all
    assert "editorial_paragraph" in article.by_purpose and "judge" in article.by_purpose
    assert sum(f["decoded"] for f in article.by_purpose.values()) == article.decoded_tokens
    assert all(f["seconds"] >= 0 and f["calls"] >= 1 for f in article.by_purpose.values())
    assert totals["by_purpose"] == article.by_purpose


def test_usage_by_purpose_sums_each_purpose_and_puts_the_costliest_first() -> None:
    usage = [{"purpose": "editorial_extend", "prompt_tokens": 900, "cached_tokens": 800, "completion_tokens": 40,
              "seconds": 3.0},
             {"purpose": "editorial_paragraph", "prompt_tokens": 1000, "cached_tokens": 0, "completion_tokens": 200,
              "seconds": 14.5},
             {"purpose": "editorial_extend", "prompt_tokens": 950, "cached_tokens": 900, "completion_tokens": 35,
              "seconds": 2.5},
             {"prompt_tokens": 10, "completion_tokens": 1}]  # no purpose, no time: still counted
    figures = usage_by_purpose(usage)
    assert list(figures) == ["editorial_paragraph", "editorial_extend", "other"]
    assert figures["editorial_extend"] == {"calls": 2, "prefill": 150, "decoded": 75, "seconds": 5.5}
    assert figures["other"] == {"calls": 1, "prefill": 10, "decoded": 1, "seconds": 0.0}
    both = merge_by_purpose([figures, {"editorial_extend": {"calls": 1, "prefill": 5, "decoded": 5, "seconds": 20.0}}])
    assert list(both) == ["editorial_extend", "editorial_paragraph", "other"] and both["editorial_extend"]["calls"] == 3


async def test_each_keyword_is_run_in_its_own_tone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import asynccontextmanager

    from editorial_ai.benchmarks import quality
    from editorial_ai.pipeline.runner import open_pipeline

    started: list[dict[str, str]] = []

    @asynccontextmanager
    async def recording_pipeline(settings: Settings):  # type: ignore[no-untyped-def]
        async with open_pipeline(settings) as pipeline:
            real_start = pipeline.start

            async def start(seed: dict[str, str]):  # type: ignore[no-untyped-def]
                started.append(seed)
                return await real_start(seed)

            monkeypatch.setattr(pipeline, "start", start)
            yield pipeline

    monkeypatch.setattr(quality, "open_pipeline", recording_pipeline)
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    report = await run_quality(settings, [QualityKeyword("Jennie Effect", "warm"), "Jennie Effect"])
    assert [s["tone"] for s in started] == ["warm", "sophisticated"]
    assert [a.tone for a in report.articles] == ["warm", "sophisticated"]
    assert report.as_json()["articles"][0]["tone"] == "warm"


async def test_an_escalated_article_keeps_its_unsupported_names_in_view(tmp_path: Path) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:test_always_hallucinate")
    (article,) = (await run_quality(settings, ["Jennie Effect"])).articles
    assert article.status == "escalated" and "max loops" in article.why and article.revisions == 3
    assert any("Versace" in line for line in article.unsupported_names)
    assert not article.unflagged_unsupported  # it reached the human flagged, never as a pass


def test_cli_prints_figures_and_writes_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keywords = tmp_path / "k.txt"
    keywords.write_text("# two keywords\nJennie Effect\nQxzvw Plorbt\n", encoding="utf-8")
    out = tmp_path / "quality.json"
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "data"))
    result = CliRunner().invoke(app, ["bench", "quality", "--keywords", str(keywords), "--model", "scripted:happy",
                                      "--no-calibrate", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "1 passed" in result.output and "1 failed" in result.output and "calibration skipped" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    failed = next(a for a in data["articles"] if a["keyword"] == "Qxzvw Plorbt")
    assert failed["status"] == "failed" and "nearest keywords the catalog supports" in failed["why"]
    assert data["totals"]["articles"] == 2 and data["model"] == "scripted:happy"
    marks = data["totals"]["tone_markers_by_tone"]["sophisticated"]
    assert set(marks) == {"you_per_100_words", "exclamations_per_100_words", "mean_sentence_words"}
    assert marks["mean_sentence_words"] > 5 and "tone sophisticated: 'you'" in result.output
    assert "where the time went" in result.output and data["totals"]["by_purpose"]
    missing = CliRunner().invoke(app, ["bench", "quality", "--keywords", str(tmp_path / "none.txt")])
    flat = " ".join(missing.output.replace("│", " ").split())  # undo the error box's wrapping
    assert missing.exit_code == 2 and "does not exist" in flat and "--keywords FILE" in flat


async def test_calibration_figures_come_from_the_test_half_of_the_labels(tmp_path: Path) -> None:
    from editorial_ai.benchmarks.quality import labels_calibration

    labels = DEFAULT_KEYWORDS.parent / "labels"
    if not labels.exists():
        pytest.skip("no shipped labels")  # recorded as a skip, never a pass
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    calibration = await labels_calibration(settings, labels)
    assert calibration["split"] == "test" and calibration["types"]
    fashion = calibration["types"]["fashion_magazine"]
    assert fashion["records"] > 0 and {"accuracy", "kappa"} <= set(fashion["criteria"]["hallucination"])
    assert isinstance(calibration["contradictions"], int)


def test_a_pass_whose_review_carries_a_flag_counts_as_flagged() -> None:
    from editorial_ai.benchmarks.quality import _status

    review = {"passed": True, "flags": ["prose unjudged: 3 of 20 body sentences were written by local:gemma-3-270m"]}
    assert _status({"current_draft": {"title": "t"}, "review_result": review}) == (
        "flagged", "prose unjudged: 3 of 20 body sentences were written by local:gemma-3-270m")
    assert _status({"current_draft": {"title": "t"}, "review_result": {"passed": True}}) == ("passed", "")


def test_an_interrupted_bench_keeps_the_articles_it_measured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from editorial_ai.benchmarks import quality

    async def one_then_stop(settings, words, model=None, on_article=None):  # type: ignore[no-untyped-def]
        on_article(quality.ArticleFigures(keyword=words[0].keyword, status="passed", words=420, paragraphs=5))
        raise KeyboardInterrupt  # the editor stops the bench during the second keyword

    monkeypatch.setattr(quality, "run_quality", one_then_stop)
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "data"))
    keywords, out = tmp_path / "k.txt", tmp_path / "quality.json"
    keywords.write_text("Jennie Effect\nQuiet Luxury\n", encoding="utf-8")
    CliRunner().invoke(app, ["bench", "quality", "--keywords", str(keywords), "--model", "scripted:happy",
                             "--no-calibrate", "--out", str(out)])  # fmt: skip
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [a["keyword"] for a in data["articles"]] == ["Jennie Effect"] and data["articles"][0]["words"] == 420
    assert data["calibration_note"] == "partial: 1 of 2 keywords"


def test_tone_markers_count_the_reader_addressed_exclamations_and_sentence_length() -> None:
    warm = tone_markers(["You will love this bag. Wear it with your jeans!", "It suits you."])
    assert warm == {"you_per_100_words": round(3 * 100 / 13, 2), "exclamations_per_100_words": round(100 / 13, 2),
                    "mean_sentence_words": round(13 / 3, 1)}
    measured = tone_markers(["Jennie carried the Chanel 22 Bag at the airport in February 2026."])
    assert measured["you_per_100_words"] == 0 and measured["exclamations_per_100_words"] == 0
    assert tone_markers([]) == {"you_per_100_words": 0.0, "exclamations_per_100_words": 0.0,
                                "mean_sentence_words": 0.0}
