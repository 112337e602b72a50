"""Exit codes of `editorial-ai`, documented in --help and the README."""

from __future__ import annotations

from enum import IntEnum

from editorial_ai.models.status import PipelineStatus


class ExitCode(IntEnum):
    """What a command's exit status means."""

    OK = 0  # done: published, or waiting for an editor after a passing review
    RUN_FAILED = 1  # the run failed (nothing to write about, a step crashed), or `review` found a failing draft
    USAGE = 2  # bad input or setting, unknown id, a decision that cannot be taken; nothing was changed
    ESCALATED = 3  # the run stopped at the editor with a draft that still failed review (needs_human_review)


EXIT_CODES_HELP = (
    "Exit codes: 0 done (published, or waiting for an editor after a passing review); 1 the run failed; "
    "2 bad input, unknown id or a decision that cannot be taken (nothing changed); "
    "3 escalated: the draft still failed review and waits for an editor."
)


def exit_code_for_run(pipeline_status: str | None) -> ExitCode:
    """The exit code of `run` (and of decisions that resume a run) from where the run stopped."""
    if pipeline_status == PipelineStatus.FAILED:
        return ExitCode.RUN_FAILED
    if pipeline_status == PipelineStatus.NEEDS_HUMAN_REVIEW:
        return ExitCode.ESCALATED
    return ExitCode.OK
