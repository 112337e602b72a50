"""`editorial-ai bench ...`: benchmarks that print figures."""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from editorial_ai.cli._common import build_settings, console
from editorial_ai.cli.learning_cmd import bench_learning

bench_app = typer.Typer(help="Benchmarks (figures measured side by side in one run).", no_args_is_help=True)


@bench_app.command("local")
def bench_local(
    repeats: int = typer.Option(1, min=1, max=10),
    with_grammar: bool = typer.Option(False, "--with-grammar", help="Also time a JSON-schema grammar."),
    contention: bool = typer.Option(False, "--contention", help="Instead: 1 vs 2 threads, calm and beside one "
                                    "CPU burner per core."),
    structured: bool = typer.Option(False, "--structured", help="Instead: structured output on the 270M base model "
                                    "(walker, grammar, raw)."),
) -> None:
    """The embedded model: the chat writer's decode rate against raw llama.cpp (default); with --structured, the
    field-by-field walker against raw decoding per decoded and per document token, outputs checked."""
    from editorial_ai.benchmarks.local_structured import load_note, run_local_benchmark

    if contention:
        _bench_contention()
        return
    if not structured:
        _bench_writer_rate(repeats)
        return
    report = run_local_benchmark(build_settings(), with_grammar=with_grammar, repeats=repeats)
    table = Table(title=f"local provider: gemma-3-270m Q4_K_M, {report.threads} thread(s)")
    for col in ("mode", "s", "CPU s", "decoded", "doc tok", "decoded/s", "doc/s", "decoded/CPU s", "doc/CPU s",
                "JSON", "valid"):  # fmt: skip
        table.add_column(col)
    for m in report.measurements:
        table.add_row(m.mode, f"{m.seconds:.1f}", f"{m.cpu_seconds:.1f}", str(m.decoded_tokens),
                      str(m.document_tokens), f"{m.decoded_tps:.1f}", f"{m.document_tps:.1f}",
                      f"{m.decoded_per_cpu_s:.1f}", f"{m.document_per_cpu_s:.1f}", "yes" if m.is_json else "NO",
                      "yes" if m.valid else "NO")  # fmt: skip
    console.print(table)
    by_mode: dict[str, list[Any]] = {}
    for m in report.measurements:
        by_mode.setdefault(m.mode, []).append(m)
    walker, raw = by_mode["walker (field by field)"], by_mode["raw unconstrained"]

    def ratio(rate: str, base: str = "decoded_tps", modes: list[Any] = walker) -> float:
        return statistics.mean(getattr(m, rate) for m in modes) / statistics.mean(getattr(m, base) for m in raw)

    first = walker[0]
    with_setup = first.document_tokens / (first.seconds + report.setup_seconds) / raw[0].decoded_tps
    console.print(f"one-off setup: model load {report.model_load_seconds:.2f}s, walker's token tables "
                  f"{report.setup_seconds:.2f}s (once per process); peak memory {report.rss_mb:.0f} MB; "
                  f"{load_note()}")
    if "JSON-schema grammar" in by_mode:
        grammar = by_mode["JSON-schema grammar"]
        console.print(f"grammar / raw per decoded token: {ratio('decoded_tps', modes=grammar):.2f}x wall, "
                      f"{ratio('decoded_per_cpu_s', 'decoded_per_cpu_s', grammar):.2f}x CPU")
    console.print(f"per document token counting the one-off tables in the first document: {with_setup:.2f}x")
    decoded_cpu = ratio("decoded_per_cpu_s", "decoded_per_cpu_s")
    document_cpu = ratio("document_per_cpu_s", "decoded_per_cpu_s")
    console.print(f"walker / raw per decoded token: [bold]{ratio('decoded_tps'):.2f}x[/] wall, {decoded_cpu:.2f}x "
                  f"CPU (target >= 0.95x); per document token: [bold]{ratio('document_tps'):.2f}x[/] wall, "
                  f"{document_cpu:.2f}x CPU (target >= 1.3x)")


def _bench_contention() -> None:
    from editorial_ai.benchmarks.local_contention import TOKEN_BUDGET, ContentionFigures, run_contention

    def show(r: ContentionFigures) -> None:
        console.print(f"{r.threads} thread(s): calm {r.calm_s:.1f}s ({r.calm_load}); beside one CPU burner per core "
                      f"run as separate programs {r.busy_s:.1f}s ({r.busy_load}): [bold]{r.ratio:.2f}x[/] (target "
                      f"<= 2.5x); beside burners in this process's own session {r.shared_s:.1f}s ({r.shared_load}): "
                      f"{r.shared_ratio:.2f}x")

    console.print(f"one structured document ({TOKEN_BUDGET}-token budget) per thread count: calm, beside burners "
                  "in their own sessions (as any other program), beside burners in this session (which share its "
                  "CPU slice: docs/benchmarks.md)")
    results = run_contention(build_settings(), on_result=show)
    best = min(results, key=lambda r: r.busy_s)
    console.print(f"fastest under contention: {best.threads} thread(s), {best.busy_s:.1f}s beside other programs, "
                  f"[bold]{best.ratio:.2f}x[/] its calm time (target <= 2.5x)")


@bench_app.command("overhead")
def bench_overhead(
    runs: int = typer.Option(5, min=1, max=50, help="Measured runs (after one warm-up run)."),
    delay_ms: float = typer.Option(100.0, min=1.0, help="Latency of every model call."),
) -> None:
    """Framework overhead of a run (start -> human gate, and through publish) as % of model time, per node."""
    from editorial_ai.benchmarks.framework_floor import measure_floor, record_run
    from editorial_ai.benchmarks.overhead import RunFigures, load_average, measure_overhead
    from editorial_ai.cli._common import run_async

    settings, delay = build_settings(), delay_ms / 1000

    async def measure() -> tuple[list[RunFigures], list[RunFigures], int]:
        real = await measure_overhead(settings, runs=runs, delay_s=delay)
        recording = await record_run(settings, delay)
        return real, await measure_floor(recording, settings, runs=runs, delay_s=delay), len(recording.steps)

    results, floor, steps = run_async(measure())
    nodes: dict[str, list[tuple[float, float]]] = {}
    for r in results:
        for node, spent in r.per_node.items():
            nodes.setdefault(node, []).append(spent)
    table = Table(title=f"per node, median of {runs} runs (model calls take {delay_ms:.0f} ms)")
    for col in ("node", "wall ms", "model ms", "overhead ms", "overhead % of run's model time"):
        table.add_column(col)
    run_model = statistics.median(r.total_model for r in results)
    for node, visits in nodes.items():
        wall = statistics.median(w for w, _ in visits)
        model = statistics.median(m for _, m in visits)
        table.add_row(node, f"{wall * 1000:.1f}", f"{model * 1000:.0f}", f"{(wall - model) * 1000:.1f}",
                      f"{(wall - model) / run_model * 100:.2f}%")
    console.print(table)
    gate = sorted(results, key=lambda r: r.gate_overhead)[len(results) // 2]
    total = sorted(results, key=lambda r: r.total_overhead)[len(results) // 2]
    between = statistics.median(r.total_wall - sum(w for w, _ in r.per_node.values()) for r in results)
    console.print(f"{gate.calls} model calls to the gate, {total.calls} through publish; "
                  f"CPU per run {statistics.median(r.cpu_s for r in results) * 1000:.0f} ms; "
                  f"between nodes {between * 1000:.1f} ms per run; {load_average()}")
    floor_gate = statistics.median(r.gate_overhead for r in floor)
    floor_total = statistics.median(r.total_overhead for r in floor)
    console.print(f"framework floor (the run's {steps} steps, their state updates and model waits replayed through "
                  f"LangGraph and the checkpointer, no application code): CPU per run "
                  f"{statistics.median(r.cpu_s for r in floor) * 1000:.0f} ms; start -> human gate "
                  f"{floor_gate * 100:.2f}%, through publish {floor_total * 100:.2f}%")
    console.print(f"start -> human gate: wall {gate.gate_wall:.3f}s, model {gate.gate_model:.3f}s, overhead "
                  f"[bold]{gate.gate_overhead * 100:.2f}%[/]; through publish: wall {total.total_wall:.3f}s, model "
                  f"{total.total_model:.3f}s, overhead [bold]{total.total_overhead * 100:.2f}%[/] (target <= 2%; "
                  f"framework floor {floor_total * 100:.2f}%)")


@bench_app.command("concurrency")
def bench_concurrency(
    runs: list[int] = typer.Option([50, 100], "--runs", min=1, max=1000, help="Concurrent runs (repeatable)."),
    delay_ms: float = typer.Option(100.0, min=1.0, help="Latency of every model call."),
) -> None:
    """N full runs at once in one process vs one run, with a model whose calls take a fixed time."""
    from editorial_ai.benchmarks.framework_floor import measure_floor_concurrency, record_run
    from editorial_ai.benchmarks.overhead import ConcurrencyFigures, load_average, measure_concurrency
    from editorial_ai.cli._common import run_async

    settings, delay, counts = build_settings(), delay_ms / 1000, tuple(runs)

    async def measure() -> tuple[list[ConcurrencyFigures], list[ConcurrencyFigures]]:
        real = await measure_concurrency(settings, counts, delay_s=delay)
        recording = await record_run(settings, delay)
        return real, await measure_floor_concurrency(recording, settings, counts, delay)

    results, floor = run_async(measure())
    targets = {50: 1.5, 100: 2.0}
    for f in floor:
        console.print(f"framework floor, {f.runs} concurrent replayed runs (LangGraph and the checkpointer, no "
                      f"application code): wall {f.wall_s:.2f}s, one run {f.single_s:.2f}s, CPU "
                      f"{f.cpu_s / f.runs * 1000:.0f} ms per run; ratio {f.ratio:.2f}x")
    for r, f in zip(results, floor, strict=True):
        target = f"target <= {targets[r.runs]}x; " if r.runs in targets else ""
        console.print(f"{r.runs} concurrent runs: wall {r.wall_s:.2f}s, one run {r.single_s:.2f}s, CPU "
                      f"{r.cpu_s / r.runs * 1000:.0f} ms per run; {load_average()}; ratio "
                      f"[bold]{r.ratio:.2f}x[/] ({target}framework floor {f.ratio:.2f}x)")


@bench_app.command("startup")
def bench_startup(runs: int = typer.Option(5, min=1, max=50, help="Measured runs of each command.")) -> None:
    """Start-up of `editorial-ai --help` and `contents list` as new processes, beside the bare interpreter."""
    from editorial_ai.benchmarks.overhead import load_average
    from editorial_ai.benchmarks.startup import TARGET_S, run_startup_bench

    figures, imports = run_startup_bench(runs)
    table = Table(title=f"start-up, median of {runs} runs after one warm-up")
    for col in ("command", "wall s", "CPU s"):
        table.add_column(col)
    for f in figures:
        table.add_row(f.label, f"{f.wall_s:.3f}", f"{f.cpu_s:.3f}")
    console.print(table)
    console.print("heaviest imports of contents list (python -X importtime, cumulative): "
                  + ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in imports))
    console.print(load_average())
    help_s, contents_s = figures[1].wall_s, figures[2].wall_s
    console.print(f"--help [bold]{help_s:.2f}s[/], contents list [bold]{contents_s:.2f}s[/] (target <= {TARGET_S}s "
                  f"each): {'met' if max(help_s, contents_s) <= TARGET_S else 'not met'}")


@bench_app.command("review")
def bench_review(drafts: int = typer.Option(5000, min=100)) -> None:
    """Deterministic review throughput (format, claims against sources, counted checks), one process, one core."""
    from editorial_ai.benchmarks.review_throughput import run_review_throughput

    run_review_throughput(200)  # warm caches of the catalog and regexes, as a long-running worker would be
    result = run_review_throughput(drafts)
    console.print(
        f"{result.drafts} drafts in {result.seconds:.3f}s: [bold]{result.per_second:,.0f} drafts/s[/] "
        f"(target >= 2,000); {result.failed} failed the checks; verdict matches the record's label on "
        f"{result.agreed}/{result.drafts}"
    )


@bench_app.command("correction")
def bench_correction(items: int = typer.Option(12, min=2, max=200)) -> None:
    """LLM calls and tokens per approved item: targeted correction vs full regeneration (scripted drafts)."""
    from editorial_ai.benchmarks.correction import run_correction_benchmark

    rows = run_correction_benchmark(items)
    table = Table(title=f"{items} fixable flawed drafts (scripted)")
    for col in ("mode", "approved", "loop calls/item", "loop tokens/item", "correction tokens/item", "run tokens/item"):
        table.add_column(col)
    for row in rows:
        table.add_row(
            row.mode,
            f"{row.approved}/{row.items}",
            f"{row.loop_calls_per_item:.2f}",
            f"{row.loop_tokens_per_item:.0f}",
            f"{row.fix_tokens_per_item:.0f}",
            f"{row.run_tokens_per_item:.0f}",
        )
    console.print(table)
    targeted, full = rows
    console.print(
        f"targeted / full: calls {targeted.loop_calls_per_item / full.loop_calls_per_item:.2f}x, "
        f"review-loop tokens {targeted.loop_tokens_per_item / full.loop_tokens_per_item:.2f}x, "
        f"correction tokens [bold]{targeted.fix_tokens_per_item / full.fix_tokens_per_item:.2f}x[/] "
        f"(target <= 0.6x) at pass rates {targeted.approved}/{targeted.items} vs {full.approved}/{full.items}"
    )


@bench_app.command("quality")
def bench_quality(
    keywords: Path | None = typer.Option(None, "--keywords", help="One keyword per line, optionally "
                                         "'| TONE' (default: examples/quality_keywords.txt, 12 keywords the sample "
                                         "catalog supports, in three tones)."),
    model: str | None = typer.Option(None, "--model", help="provider:model (default: EDITORIAL_AI_MODEL)."),
    out: Path | None = typer.Option(None, "--out", help="Write the JSON result here."),
    labels: Path | None = typer.Option(None, "--labels", help="Labels folder for the test-half calibration "
                                       "(default: examples/labels when present)."),
    no_calibrate: bool = typer.Option(False, "--no-calibrate", help="Skip the labels' test-half calibration."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Where the runs are stored (default: a fresh "
                                         "temporary folder, so nothing is added to your contents)."),
) -> None:
    """Articles a reader would accept? Run each keyword to the human gate and measure what reached it."""
    import json
    import tempfile

    from editorial_ai.benchmarks.quality import (
        DEFAULT_KEYWORDS,
        ArticleFigures,
        QualityReport,
        labels_calibration,
        load_quality_keywords,
        run_quality,
    )
    from editorial_ai.cli._common import fail, run_async

    try:
        words = load_quality_keywords(keywords or DEFAULT_KEYWORDS)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    labels = labels or DEFAULT_KEYWORDS.parent / "labels"
    if out is not None and out.parent and not out.parent.exists():
        raise fail(f"--out folder {out.parent} does not exist: create it or write elsewhere")
    settings = build_settings(model, data_dir or Path(tempfile.mkdtemp(prefix="bench-quality-")))
    settings.ensure_dirs()

    done: list[ArticleFigures] = []

    def progress(a: ArticleFigures) -> None:
        console.print(f"  {a.keyword} ({a.tone}): {a.status}{f' ({a.why})' if a.why else ''}, {a.words} words, "
                      f"{a.paragraphs} paragraphs, {a.minutes:.1f} min")
        done.append(a)
        if out is not None:  # each article as it ends: a bench stopped after an hour keeps what it measured
            partial = QualityReport(model=settings.model, articles=done,
                                    calibration_note=f"partial: {len(done)} of {len(words)} keywords")
            out.write_text(json.dumps(partial.as_json(), ensure_ascii=False, indent=2), encoding="utf-8")

    console.print(f"bench quality: {len(words)} keywords on {settings.model}")
    report: QualityReport = run_async(run_quality(settings, words, on_article=progress))
    if not no_calibrate and labels.exists():
        report.calibration = run_async(labels_calibration(settings, labels))
    elif not no_calibrate:
        report.calibration_note = f"calibration skipped: no labels at {labels}"
    else:
        report.calibration_note = "calibration skipped (--no-calibrate)"
    _print_quality(report)
    if out is not None:
        out.write_text(json.dumps(report.as_json(), ensure_ascii=False, indent=2), encoding="utf-8")
        console.print(f"result written to {out}")


def _bench_writer_rate(repeats: int) -> None:
    from editorial_ai.benchmarks.writer_rate import run_writer_rate

    report = run_writer_rate(build_settings(), rounds=max(3, 2 * repeats + 1))
    table = Table(title=f"chat writer vs raw llama.cpp: {report.model}, {report.threads} thread(s)")
    for col in ("side", "prompt tok", "cached", "prefill s", "decoded", "decode s", "decoded/s"):
        table.add_column(col)
    for r in report.rounds:
        table.add_row(r.side, str(r.prompt_tokens), str(r.cached_tokens), f"{r.prefill_seconds:.2f}", str(r.decoded),
                      f"{r.decode_seconds:.2f}", f"{r.rate:.1f}")
    console.print(table)
    console.print(f"writer / raw decode rate (medians): {report.median_rate('writer'):.1f} / "
                  f"{report.median_rate('raw'):.1f} tok/s = {report.ratio:.2f}x (target >= 0.90); load "
                  f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")


def _print_quality(report: Any) -> None:
    table = Table(title=f"bench quality on {report.model}")
    for col in ("keyword", "tone", "status", "words", "paras", "model share", "facts", "unsupported", "copied",
                "repeat", "distinct-2", "revs", "min", "prefill/decoded"):
        table.add_column(col)
    for a in report.articles:
        status = a.status + (f": {a.why[:60]}" if a.why else "")
        table.add_row(a.keyword, a.tone, status, str(a.words), str(a.paragraphs), f"{a.model_sentence_share:.2f}",
                      f"{a.fact_density:.2f}", f"{len(a.unsupported_claims)} ({len(a.unsupported_names)} names)",
                      str(len(a.copied)), f"{a.repeated_rate:.3f}", f"{a.distinct2:.2f}", str(a.revisions),
                      f"{a.minutes:.1f}", f"{a.prefill_tokens}/{a.decoded_tokens}")
    console.print(table)
    t = report.totals()
    console.print(
        f"total: {t['passed']} passed, {t['flagged']} flagged, {t['escalated']} escalated, {t['failed']} failed of "
        f"{t['articles']}; words mean {t['mean_words']} (min {t['min_words']}, target >= 350), min paragraphs "
        f"{t['min_paragraphs']} (>= 5); model sentence share min {t['min_model_sentence_share']:.2f} (>= 0.90); "
        f"fact density mean {t['mean_fact_density']:.2f} (min {t['min_fact_density']:.2f}, >= 0.60); "
        f"unsupported claims {t['unsupported_claims']}, unsupported names {t['unsupported_names']} (in unflagged "
        f"passes: {t['unflagged_with_unsupported_names']}, target 0); copied sentences {t['copied_sentences']} (0); "
        f"repeated 4-gram rate mean {t['mean_repeated_rate']:.3f} (max {t['max_repeated_rate']:.3f}, <= 0.05); "
        f"distinct-2 mean {t['mean_distinct2']:.2f}; coverage mean {t['mean_coverage']:.2f} (min "
        f"{t['min_coverage']:.2f}, >= 0.80); revisions mean {t['mean_revisions']}; minutes per article median "
        f"{t['median_minutes']:.2f} (max {t['max_minutes']:.2f}, <= 3; CPU minutes mean "
        f"{t['mean_cpu_minutes']:.2f}); tokens per article: prefill {t['prefill_tokens_per_article']}, decoded "
        f"{t['decoded_tokens_per_article']}; meeting every target: {t['meeting_targets']}/{t['drafted']}")
    if t["by_purpose"]:
        costs = Table(title="where the time went (all articles)")
        for col in ("purpose", "calls", "prefill", "decoded", "seconds", "share of seconds"):
            costs.add_column(col)
        spent = sum(f["seconds"] for f in t["by_purpose"].values()) or 1.0
        for purpose, f in t["by_purpose"].items():
            costs.add_row(purpose, str(int(f["calls"])), str(int(f["prefill"])), str(int(f["decoded"])),
                          f"{f['seconds']:.1f}", f"{f['seconds'] / spent:.0%}")
        console.print(costs)
    for tone, marks in t["tone_markers_by_tone"].items():
        console.print(f"tone {tone}: 'you' {marks['you_per_100_words']:.2f} and '!' "
                      f"{marks['exclamations_per_100_words']:.2f} per 100 words, sentences of "
                      f"{marks['mean_sentence_words']:.1f} words (mean)")
    if report.calibration:
        cal = report.calibration
        for name, data in cal["types"].items():
            overall = data["overall"]
            kappas = ", ".join(f"{c} {_fig(m.get('kappa'))}" for c, m in data["criteria"].items())
            console.print(f"calibration ({cal['split']} half, {name}, {data['records']} records): overall accuracy "
                          f"{_fig(overall.get('accuracy'))}, kappa {_fig(overall.get('kappa'))}; per criterion "
                          f"kappa: {kappas}")
        console.print(f"verdicts whose reason contradicts the pass flag: {cal['contradictions']}")
    elif report.calibration_note:
        console.print(f"[yellow]{report.calibration_note}[/]")


def _fig(value: Any) -> str:
    return "-" if value is None else f"{value:.2f}"


@bench_app.command("scale")
def bench_scale(
    runs: list[int] = typer.Option([1, 10, 50], "--runs", min=1, max=500, help="Concurrent runs (repeatable)."),
    workers: list[int] = typer.Option([1, 4], "--workers", min=1, max=32, help="Worker processes (repeatable)."),
    latency_ms: int = typer.Option(100, "--latency-ms", min=0, max=10_000, help="Latency of every model call."),
    broker_url: str = typer.Option("redis://127.0.0.1:6379/13", "--broker-url", help="A Redis database of its own."),
) -> None:
    """N runs on W worker processes (Redis + PostgreSQL at DATABASE_URL): wall time vs one run, runs/minute and
    the queue's own cost per run."""
    from editorial_ai.benchmarks.scale import report_table, run_scale_bench, summary_lines
    from editorial_ai.cli._common import run_async

    report = run_async(run_scale_bench(build_settings(), runs=runs, workers=workers, latency_ms=latency_ms,
                                       broker_url=broker_url))
    console.print(report_table(report))
    for line in summary_lines(report):
        console.print(line)

# The learning loop's benchmark lives with its command module (cli/learning_cmd.py).
bench_app.command("learning")(bench_learning)
