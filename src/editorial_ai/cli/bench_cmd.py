"""`editorial-ai bench ...`: benchmarks that print figures."""

from __future__ import annotations

import statistics

import typer
from rich.table import Table

from editorial_ai.cli._common import build_settings, console

bench_app = typer.Typer(help="Benchmarks (figures measured side by side in one run).", no_args_is_help=True)


@bench_app.command("local")
def bench_local(
    repeats: int = typer.Option(2, min=1, max=10),
    with_grammar: bool = typer.Option(False, "--with-grammar", help="Also time a JSON-schema grammar."),
) -> None:
    """Structured EditorialContent vs raw unconstrained decoding on the embedded model."""
    from editorial_ai.benchmarks.local_structured import run_local_benchmark

    results = run_local_benchmark(build_settings(), with_grammar=with_grammar, repeats=repeats)
    table = Table(title="local provider: gemma-3-270m Q4_K_M")
    for col in ("mode", "seconds", "model tok", "doc tok", "model tok/s", "doc tok/s", "valid JSON"):
        table.add_column(col)
    by_mode: dict[str, list[float]] = {}
    for m in results:
        table.add_row(
            m.mode,
            f"{m.seconds:.2f}",
            str(m.model_tokens),
            str(m.document_tokens),
            f"{m.model_tps:.1f}",
            f"{m.document_tps:.1f}",
            "yes" if m.valid else "-",
        )
        by_mode.setdefault(m.mode, []).append(m.document_tps)
    console.print(table)
    structured = statistics.mean(by_mode["structured (field by field)"])
    raw = statistics.mean(by_mode["raw unconstrained"])
    console.print(f"structured / raw effective tokens/s: [bold]{structured / raw:.2f}x[/] (target >= 0.8x)")
    if "JSON-schema grammar" in by_mode:
        console.print(f"grammar / raw: {statistics.mean(by_mode['JSON-schema grammar']) / raw:.2f}x")


@bench_app.command("review")
def bench_review(drafts: int = typer.Option(5000, min=100)) -> None:
    """Deterministic review throughput (format + grounding), single process, one core."""
    from editorial_ai.benchmarks.review_throughput import run_review_throughput

    run_review_throughput(200)  # warm caches of the catalog and regexes, as a long-running worker would be
    result = run_review_throughput(drafts)
    console.print(
        f"{result.drafts} drafts in {result.seconds:.3f}s: [bold]{result.per_second:,.0f} drafts/s[/] "
        f"(target >= 2,000); {result.failed} failed the checks"
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
