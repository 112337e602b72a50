"""PDF report smoke tests: it renders, page 1 is not blank, non-latin-1 text is survivable."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from editorial_ai.evaluation.report_pdf import create_pdf_report, sanitize
from editorial_ai.evaluation.results import (
    CellResult,
    CriterionScore,
    EvalConfig,
    EvalResults,
    RubricEntry,
    TokenCounts,
)
from editorial_ai.evaluation.stats import aggregate


def _results() -> EvalResults:
    rubric = [RubricEntry(name=n, check="judge", importance="important", weight=1.0)
              for n in ("fact_accuracy", "content_completeness")]
    cells = []
    for model, base in (("scripted:good", 0.9), ("scripted:weak", 0.4), ("local:gemma-3-270m", 0.6)):
        for run in (1, 2):
            score = base + 0.02 * run
            cells.append(CellResult(
                model=model, keyword="Rosé – “Jennie” 효과 ✨", run=run, content_type="fashion_magazine",
                judge_model=model, overall_score=score, passed=score > 0.7, duration_s=1.5 * run,
                criteria=[CriterionScore(name="fact_accuracy", score=score, passed=score > 0.5),
                          CriterionScore(name="content_completeness", score=score - 0.1, passed=score > 0.6)],
                generation_tokens=TokenCounts(total_tokens=1000 * run), justification="Solid — “well sourced” ✓."))
    cells.append(CellResult(model="scripted:eval_broken", keyword="Jennie", run=1, content_type="fashion_magazine",
                            judge_model="scripted:eval_broken", status="error", error="LLMError: writer down 🚫"))
    results = EvalResults(config=EvalConfig(models=["scripted:good", "scripted:weak", "local:gemma-3-270m",
                                                    "scripted:eval_broken"], keywords=["k"], runs=2),
                          rubric=rubric, cells=cells)
    return aggregate(results)


def _page_pixels(path: Path, index: int) -> tuple[float, tuple[int, int]]:
    document = pdfium.PdfDocument(str(path))
    image = document[index].render(scale=0.6).to_pil().convert("L")
    values = list(image.getdata())
    centre = sum(values) / len(values)
    variance = sum((v - centre) ** 2 for v in values) / len(values)
    return variance, image.size


def test_pdf_renders_and_page_one_is_not_blank(tmp_path: Path) -> None:
    results = _results()
    path = create_pdf_report(results, tmp_path / "report.pdf")
    document = pdfium.PdfDocument(str(path))
    # cover with the summary, comparison, one page per model (4), appendix
    assert len(document) == 7
    variance, size = _page_pixels(path, 0)
    assert size[0] > 100 and variance > 20.0
    table_variance, (width, height) = _page_pixels(path, 1)
    assert width > height and table_variance > 20.0  # the comparison table is landscape
    cover = document[0].get_textpage().get_text_range()
    # Page one answers on its own: what was run, who leads, each model's mean (sd) and the chart.
    assert "Models" in cover and "Quality leader: scripted:good" in cover
    assert all(f"- {m}: overall" in cover for m in ("scripted:good", "scripted:weak", "local:gemma-3-270m"))
    table = document[1].get_textpage().get_text_range()
    assert "Standard deviation per metric" in table and "Variance" not in table
    footer = document[1].get_textpage().get_text_range()
    assert "Page 2 of 7" in footer


def test_sanitize_keeps_latin1_and_replaces_the_rest() -> None:
    assert sanitize("Rosé – “Jennie” … ✓ 효과") == 'Rosé - "Jennie" ... ? ??'
    assert sanitize("Ａ") == "A"  # compatibility forms decompose to ASCII


def test_empty_results_still_render(tmp_path: Path) -> None:
    results = aggregate(EvalResults(config=EvalConfig(models=["scripted:good"], keywords=["k"], runs=1)))
    path = create_pdf_report(results, tmp_path / "empty.pdf")
    assert path.read_bytes().startswith(b"%PDF")
