"""The PDF evaluation report (fpdf2 core fonts + matplotlib charts), rendered from an EvalResults document.

Pages: a cover that is also the executive summary (what was run, the quality leaders with their mean and sd,
the overall chart), comparison table (landscape), one breakdown page per model (criterion chart, figures,
failures), and a per-cell appendix. Spreads are standard deviations everywhere, as `editorial-ai eval` prints.
Core fonts only cover latin-1: every string goes through `sanitize`.
"""

from __future__ import annotations

import math
import unicodedata
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from editorial_ai.evaluation.charts import model_chart, overall_chart
from editorial_ai.evaluation.results import EvalResults, MetricStats, ModelSummary

_PUNCT = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
          "\u2026": "...", "\u00a0": " ", "\u2022": "-", "\u2192": "->", "\u00b1": "+/-"}
INK, MUTED, ACCENT, RULE = (33, 33, 33), (110, 110, 110), (31, 78, 121), (220, 224, 230)


def sanitize(text: object) -> str:
    """Latin-1-safe text: typographic punctuation mapped, other characters decomposed or replaced by '?'."""
    value = "".join(_PUNCT.get(ch, ch) for ch in str(text))
    out = []
    for ch in value:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch).encode("latin-1", "ignore").decode("latin-1")
            out.append(base or "?")
    return "".join(out)


def fmt(value: float | None, digits: int = 2) -> str:
    """A number or an en dash."""
    return "-" if value is None else f"{value:.{digits}f}"


def _sd(stats: MetricStats) -> float | None:
    return None if stats.variance is None else math.sqrt(stats.variance)


def fmt_stats(stats: MetricStats, digits: int = 2) -> str:
    """`mean (sd)`."""
    if stats.mean is None:
        return "-"
    sd = math.sqrt(stats.variance) if stats.variance else 0.0
    return f"{stats.mean:.{digits}f} ({sd:.{digits}f})"


class ReportPDF(FPDF):
    """A4 document with a running footer: title and page X of N."""

    def __init__(self, footer_text: str) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.footer_text = sanitize(footer_text)
        self.set_auto_page_break(auto=True, margin=18)
        self.set_margins(15, 15, 15)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.set_text_color(*MUTED)
        self.cell(0, 6, f"{self.footer_text}    Page {self.page_no()} of {{nb}}", align="C")

    def heading(self, text: str, size: int = 15) -> None:
        self.set_font("Helvetica", "B", size)
        self.set_text_color(*ACCENT)
        self.cell(0, 9, sanitize(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_draw_color(*ACCENT)
        self.line(self.l_margin, self.get_y(), self.w - self.r_margin, self.get_y())
        self.ln(3)
        self.set_text_color(*INK)

    def para(self, text: str, size: int = 10, style: str = "", color: tuple[int, int, int] = INK) -> None:
        self.set_font("Helvetica", style, size)
        self.set_text_color(*color)
        self.multi_cell(0, size * 0.5, sanitize(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_text_color(*INK)

    def grid(self, header: list[str], rows: list[list[str]], widths: list[float], *, size: int = 8,
              highlight: set[int] | None = None, left: frozenset[int] = frozenset({0})) -> None:
        """A simple ruled table; header repeated after page breaks."""
        def draw_header() -> None:
            self.set_font("Helvetica", "B", size)
            labels = [sanitize(text).replace("_", " ") for text in header]
            lines = max(len(self.multi_cell(w - 1, 3.6, t, dry_run=True, output="LINES"))  # type: ignore[arg-type]
                        for t, w in zip(labels, widths, strict=True))
            height = 3.6 * lines + 2.4
            x, y = self.get_x(), self.get_y()
            self.set_fill_color(*ACCENT)
            self.rect(x, y, sum(widths), height, style="F")
            self.set_text_color(255, 255, 255)
            for index, (text, width) in enumerate(zip(labels, widths, strict=True)):
                self.set_xy(x, y + 1.2)
                self.multi_cell(width, 3.6, text, align="L" if index in left else "C")
                x += width
            self.set_xy(self.l_margin, y + height)
            self.set_text_color(*INK)

        draw_header()
        for index, row in enumerate(rows):
            if self.get_y() + 6 > self.page_break_trigger:
                self.add_page(orientation=self.cur_orientation.value)
                draw_header()
            bold = highlight is not None and index in highlight
            self.set_font("Helvetica", "B" if bold else "", size)
            self.set_fill_color(*((232, 240, 250) if bold else ((248, 248, 248) if index % 2 else (255, 255, 255))))
            for col, (text, width) in enumerate(zip(row, widths, strict=True)):
                self.cell(width, 6, sanitize(text)[: max(4, int(width / 1.6))], border="B",
                          align="L" if col in left else "C", fill=True)
            self.ln(6)


def _cover(pdf: ReportPDF, results: EvalResults) -> None:
    """Page one: what was run and what came out of it, so the first page answers the question on its own (it
    used to be a title and six facts on an otherwise empty page)."""
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 22)
    pdf.set_text_color(*ACCENT)
    pdf.cell(0, 11, "Editorial AI evaluation report", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    config = results.config
    stamp = (results.finished_at or results.started_at).strftime("%Y-%m-%d %H:%M UTC")
    pdf.para(f"{config.content_type} - generated {stamp}", size=11, color=MUTED)
    pdf.ln(3)
    facts = [
        ("Models", ", ".join(config.models)),
        ("Keywords", ", ".join(dict.fromkeys(c.keyword for c in results.cells)) or "-"),
        ("Runs per keyword", str(config.runs)),
        ("Cells", f"{len(results.cells)} ({sum(c.status == 'error' for c in results.cells)} failed)"),
        ("Judge", config.judge_model or "each model judges its own output"),
        ("Critic gate", "on (draft -> critique -> revision)" if config.critic else "off (single pass)"),
    ]
    for label, value in facts:
        pdf.set_font("Helvetica", "B", 9)
        pdf.cell(35, 5.5, sanitize(label))
        pdf.set_font("Helvetica", "", 9)
        pdf.multi_cell(0, 5.5, sanitize(value), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    _summary(pdf, results)


def _summary(pdf: ReportPDF, results: EvalResults) -> None:
    pdf.heading("Executive summary")
    ranked = sorted(results.summaries, key=lambda s: -(s.overall.mean if s.overall.mean is not None else -1.0))
    if results.leaders:
        leader = results.summary_of(results.leaders[0])
        score = fmt(leader.overall.mean) if leader else "-"
        names = " and ".join(results.leaders)
        pdf.para(f"Quality leader{'s' if len(results.leaders) > 1 else ''}: {names} "
                 f"(mean overall score {score} on a 0-1 scale).", size=12, style="B")
    else:
        pdf.para("No model produced a scored cell: see the failures in the appendix.", size=12, style="B")
    pdf.ln(2)
    for s in ranked:
        rate = "-" if s.pass_rate is None else f"{100 * s.pass_rate:.0f}%"
        pdf.para(f"- {s.model}: overall {fmt_stats(s.overall)} (mean (sd)), pass rate {rate}, "
                 f"{s.overall.n} scored of {s.cells} cells, {s.failed_cells} failed, "
                 f"{s.judge_failures} judge failures, mean {fmt(s.duration_s.mean, 1)} s and "
                 f"{fmt(s.tokens.mean, 0)} tokens per cell.", size=10)
    pdf.ln(3)
    pdf.image(overall_chart(results), w=pdf.epw * 0.8, x=pdf.l_margin + pdf.epw * 0.1)
    pdf.ln(2)
    pdf.para("Scores are the rubric-weighted mean of the criteria (deterministic checks and LLM judge). "
             "The critic that gates revisions and the judge read the same rubric.", size=8, color=MUTED)


def _comparison_page(pdf: ReportPDF, results: EvalResults) -> None:
    pdf.add_page(orientation="L")
    pdf.heading("Comparison table")
    criteria = results.criterion_names()
    header = ["Model", "Overall", *criteria, "Pass rate", "Duration (s)", "Tokens"]
    fixed = 55.0
    width = (pdf.epw - fixed) / (len(header) - 1)
    widths = [fixed] + [width] * (len(header) - 1)
    rows = []
    for s in results.summaries:
        rows.append([s.model, fmt(s.overall.mean), *(fmt(s.criteria.get(c, MetricStats()).mean) for c in criteria),
                     "-" if s.pass_rate is None else f"{100 * s.pass_rate:.0f}%", fmt(s.duration_s.mean, 1),
                     fmt(s.tokens.mean, 0)])
    leaders = {i for i, s in enumerate(results.summaries) if s.model in results.leaders}
    pdf.grid(header, rows, widths, size=7 if len(header) > 9 else 8, highlight=leaders)
    pdf.ln(4)
    pdf.para("Means over every scored cell of a model. Duration: generation wall time per cell (critic loop "
             "included). Tokens: generation tokens per cell (judge tokens excluded).", size=8, color=MUTED)
    pdf.ln(4)
    pdf.heading("Standard deviation per metric", size=12)
    rows = [[s.model, fmt(_sd(s.overall)), *(fmt(_sd(s.criteria.get(c, MetricStats()))) for c in criteria), "-",
             fmt(_sd(s.duration_s), 1), fmt(_sd(s.tokens), 0)] for s in results.summaries]
    pdf.grid(header, rows, widths, size=7 if len(header) > 9 else 8)
    pdf.ln(3)
    pdf.para("Sample standard deviation (n-1) over keywords and runs; 0 when a model has a single scored cell.",
             size=8, color=MUTED)


def _model_page(pdf: ReportPDF, results: EvalResults, summary: ModelSummary, index: int) -> None:
    pdf.add_page(orientation="P")
    pdf.heading(f"Model breakdown: {summary.model}")
    pdf.image(model_chart(summary, results.criterion_names(), index), w=pdf.epw * 0.9)
    pdf.ln(2)
    pdf.para(f"Overall {fmt_stats(summary.overall)}; pass rate "
             f"{'-' if summary.pass_rate is None else f'{100 * summary.pass_rate:.0f}%'}; mean revisions "
             f"{fmt(summary.revisions.mean, 1)}; mean duration {fmt(summary.duration_s.mean, 1)} s; "
             f"tokens {fmt(summary.tokens.mean, 0)} (judge {fmt(summary.judge_tokens.mean, 0)}) per cell; "
             f"{summary.failed_cells} failed cells; {summary.judge_failures} judge failures.")
    cells = [c for c in results.cells if c.model == summary.model]
    notes = [c for c in cells if c.status == "error" or c.judge_error]
    if notes:
        pdf.ln(2)
        pdf.para("Failures", style="B")
        for c in notes[:6]:
            pdf.para(f"- {c.keyword} #{c.run}: {c.error or 'judge: ' + str(c.judge_error)}"[:300], size=8)
    example = next((c for c in cells if c.justification), None)
    if example is not None:
        pdf.ln(2)
        pdf.para(f"Judge justification ({example.keyword} #{example.run})", style="B")
        pdf.para(example.justification[:700], size=8, color=MUTED)


def _appendix(pdf: ReportPDF, results: EvalResults) -> None:
    pdf.add_page(orientation="L")
    pdf.heading("Appendix: every cell")
    header = ["Model", "Keyword", "Run", "Overall", "Passed", "Revisions", "Duration (s)", "Tokens", "Status / error"]
    widths = [48.0, 45.0, 12.0, 18.0, 16.0, 18.0, 22.0, 18.0]
    widths.append(pdf.epw - sum(widths))
    rows = []
    for c in results.cells:
        verdict = "-" if c.passed is None else ("yes" if c.passed else "no")
        ran = c.status == "ok"
        rows.append([c.model, c.keyword, str(c.run), fmt(c.overall_score), verdict, str(c.revisions) if ran else "-",
                     fmt(c.duration_s, 1) if ran else "-", str(c.generation_tokens.total_tokens) if ran else "-",
                     c.error or (f"judge: {c.judge_error}" if c.judge_error else "ok")])
    pdf.grid(header, rows, widths, size=7, left=frozenset({0, 1, len(header) - 1}))


def create_pdf_report(results: EvalResults, output: Path) -> Path:
    """Write the report to `output` and return the path."""
    pdf = ReportPDF(f"Editorial AI evaluation - {results.config.content_type}")
    pdf.set_title("Editorial AI Evaluation Report")
    pdf.set_creator("editorial-ai eval")
    _cover(pdf, results)
    _comparison_page(pdf, results)
    for index, summary in enumerate(results.summaries):
        _model_page(pdf, results, summary, index)
    _appendix(pdf, results)
    output.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(output))
    return output
