"""Entry point: `editorial-ai`.

Commands are imported lazily: `editorial-ai --help` lists them from the table below without importing any command
module, and `editorial-ai NAME` imports only NAME's module. That keeps start-up at a fraction of a second, where
importing every module up front (langgraph, FastAPI, the model clients) took 1.4 s.
"""

from __future__ import annotations

import importlib
import logging
import os
from difflib import get_close_matches
from typing import Any

# Pydantic scans every installed package for plugins on its first model (~35 ms per command); none is used here.
# Set before pydantic is imported; a deployment that does use one sets the variable itself.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import typer
from typer import _click
from typer.core import TyperCommand, TyperGroup, TyperOption

from editorial_ai.cli.exit_codes import EXIT_CODES_HELP

# name -> ("module:attribute", one-line help shown by --help). The attribute is a command function or a
# typer.Typer sub-app. Register a new command here with one line; its module is imported only when it runs.
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("editorial_ai.cli.run_cmd:run", "Run the pipeline for KEYWORD until it is published or waits for a human."),
    "status": ("editorial_ai.cli.inspect_cmd:status", "Show where a pipeline run stands."),
    "resume": ("editorial_ai.cli.inspect_cmd:resume", "Continue a run that was cut off between nodes."),
    "contents": ("editorial_ai.cli.contents_cmd:contents_app", "Browse stored contents (list, show)."),
    "approve": ("editorial_ai.cli.decision_cmd:approve", "Approve content awaiting a decision (not published yet)."),
    "publish": ("editorial_ai.cli.publish_cmd:publish", "Publish approved content: it becomes public."),
    "unpublish": ("editorial_ai.cli.publish_cmd:unpublish", "Take a published article down (410, file removed)."),
    "revert": ("editorial_ai.cli.publish_cmd:revert", "Take an approval back: the content awaits a decision."),
    "reject": ("editorial_ai.cli.decision_cmd:reject", "Reject content with a reason: the pipeline ends."),
    "revise": ("editorial_ai.cli.decision_cmd:revise", "Request a revision: the feedback goes into a new draft."),
    "logs": ("editorial_ai.cli.inspect_cmd:logs", "Per-step durations and tokens of a run."),
    "review": ("editorial_ai.cli.review_cmd:review", "Review a draft file against sources without the pipeline."),
    "reviewers": (
        "editorial_ai.cli.reviewers_cmd:reviewers_app",
        "Named reviewers and their keys (add, list, remove).",
    ),
    "bench": ("editorial_ai.cli.bench_cmd:bench_app", "Benchmarks (figures measured side by side in one run)."),
    "eval": ("editorial_ai.cli.eval_cmd:evaluate", "Evaluate models on a rubric and write a JSON + PDF report."),
    "calibrate": ("editorial_ai.cli.calibrate_cmd:calibrate", "Calibrate the judge against human labels."),
    "brief": ("editorial_ai.cli.brief_cmd:brief", "Draft a research brief with a critic gate and judge scores."),
    "serve": ("editorial_ai.cli.serve_cmd:serve", "Serve the REST API and the admin UI."),
    "worker": ("editorial_ai.cli.worker_cmd:worker", "Execute queued runs from the Redis task queue."),
    "runs": ("editorial_ai.cli.worker_cmd:runs_app", "Every run from its first node: state, worker, retry."),
    "learning": ("editorial_ai.cli.learning_cmd:learning_app", "What past reviews teach the next run (show)."),
}


def _load(name: str, target: str) -> _click.Command:
    """The click command for a registered name, importing its module now."""
    module_name, attribute = target.split(":")
    obj: Any = getattr(importlib.import_module(module_name), attribute)
    if isinstance(obj, typer.Typer):
        group = typer.main.get_group(obj)
        group.name = name
        return group
    single = typer.Typer(pretty_exceptions_show_locals=False)
    single.command(name)(obj)
    return typer.main.get_command(single)


_typed = TyperOption.display_type_rich


def _flag_shows_no_type(self: TyperOption, ctx: _click.Context) -> str | None:
    """Typer prints `<bool>` after every on/off flag (`--json <bool>`), which reads as if the flag took a value;
    `--json true` is an error. A flag shows no type."""
    return None if self.is_flag else _typed(self, ctx)


TyperOption.display_type_rich = _flag_shows_no_type  # type: ignore[method-assign]


class LazyGroup(TyperGroup):
    """A TyperGroup whose commands come from LAZY_COMMANDS, imported on first use."""

    _listing = False  # True while the top-level help is being written: commands are listed from the table

    def list_commands(self, ctx: _click.Context) -> list[str]:
        return [*LAZY_COMMANDS, *(n for n in self.commands if n not in LAZY_COMMANDS)]

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name not in LAZY_COMMANDS:
            return None
        target, short_help = LAZY_COMMANDS[cmd_name]
        if self._listing:
            return TyperCommand(name=cmd_name, short_help=short_help)
        command = _load(cmd_name, target)
        self.commands[cmd_name] = command
        return command

    def resolve_command(self, ctx: _click.Context, args: list[str]) -> Any:
        try:
            return self._click_resolve_command(ctx, args)
        except _click.exceptions.UsageError as exc:  # suggest among every command, loaded or not
            matches = get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if matches:
                exc.message = f"{exc.message.rstrip('.')}. Did you mean {', '.join(repr(m) for m in matches)}?"
            raise

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    name="editorial-ai",
    cls=LazyGroup,
    rich_markup_mode=None,  # plain top-level help: rich's help renderer costs more than the rest of start-up
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    help="Keyword -> reviewed, revised, human-approved, published article.\n\n" + EXIT_CODES_HELP,
)


@app.callback()
def _main(verbose: bool = typer.Option(False, "--verbose", "-v", help="Debug logging.")) -> None:
    logging.basicConfig(level=logging.DEBUG if verbose else logging.WARNING)


if __name__ == "__main__":
    app()
