"""`editorial-ai bench ...`: benchmarks that print figures."""

from __future__ import annotations

import statistics

import typer
from rich.table import Table

from editorial_ai.cli._common import build_settings, console

bench_app = typer.Typer(help="Benchmarks (figures measured side by side in one run).", no_args_is_help=True)


@bench_app.command("local")
def bench_local(repeats: int = typer.Option(2, min=1, max=10),
                with_grammar: bool = typer.Option(False, "--with-grammar", help="Also time a JSON-schema grammar.")) -> None:
    """Structured EditorialContent vs raw unconstrained decoding on the embedded model."""
    from editorial_ai.benchmarks.local_structured import run_local_benchmark

    results = run_local_benchmark(build_settings(), with_grammar=with_grammar, repeats=repeats)
    table = Table(title="local provider: gemma-3-270m Q4_K_M")
    for col in ("mode", "seconds", "model tok", "doc tok", "model tok/s", "doc tok/s", "valid JSON"):
        table.add_column(col)
    by_mode: dict[str, list[float]] = {}
    for m in results:
        table.add_row(m.mode, f"{m.seconds:.2f}", str(m.model_tokens), str(m.document_tokens),
                      f"{m.model_tps:.1f}", f"{m.document_tps:.1f}", "yes" if m.valid else "-")
        by_mode.setdefault(m.mode, []).append(m.document_tps)
    console.print(table)
    structured = statistics.mean(by_mode["structured (field by field)"])
    raw = statistics.mean(by_mode["raw unconstrained"])
    console.print(f"structured / raw effective tokens/s: [bold]{structured / raw:.2f}x[/] (target >= 0.8x)")
    if "JSON-schema grammar" in by_mode:
        console.print(f"grammar / raw: {statistics.mean(by_mode['JSON-schema grammar']) / raw:.2f}x")
