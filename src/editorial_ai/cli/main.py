"""Entry point: `editorial-ai`."""

from __future__ import annotations

import logging

import typer

from editorial_ai.cli import (
    bench_cmd,
    brief_cmd,
    calibrate_cmd,
    decision_cmd,
    eval_cmd,
    inspect_cmd,
    review_cmd,
    run_cmd,
    serve_cmd,
)

app = typer.Typer(name="editorial-ai", help="Keyword -> reviewed, revised, human-approved, published article.",
                  no_args_is_help=True, pretty_exceptions_show_locals=False)

app.command()(run_cmd.run)
app.command()(inspect_cmd.status)
app.command()(inspect_cmd.resume)
app.add_typer(inspect_cmd.contents_app, name="contents")
app.command()(decision_cmd.approve)
app.command()(decision_cmd.reject)
app.command()(decision_cmd.revise)
app.command()(inspect_cmd.logs)
app.command()(review_cmd.review)
app.add_typer(bench_cmd.bench_app, name="bench")
# Further command modules register below, one line each.
app.command("eval")(eval_cmd.evaluate)
app.command()(calibrate_cmd.calibrate)
app.command()(brief_cmd.brief)
app.command()(serve_cmd.serve)


@app.callback()
def _main(verbose: bool = typer.Option(False, "--verbose", "-v", help="Debug logging.")) -> None:
    logging.basicConfig(level=logging.DEBUG if verbose else logging.WARNING)


if __name__ == "__main__":
    app()
