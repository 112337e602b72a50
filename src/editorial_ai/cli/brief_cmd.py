"""`editorial-ai brief TOPIC --sub-question ...`: research brief with critic gate, then its judge scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.markdown import Markdown
from rich.table import Table

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.render import review_headline
from editorial_ai.cli.terminal import plain, safe, strip_controls


def brief(
    topic: str = typer.Argument(..., help="What to research, e.g. 'Jennie Effect'."),
    sub_question: list[str] = typer.Option([], "--sub-question", "-q",
                                           help="A sub-question to answer (repeatable; default: three generic ones)."),
    audience: str = typer.Option("fashion editors", "--audience", help="Target audience."),
    passages_file: Path | None = typer.Option(None, "--passages",
                                              help="Text file, one source passage per line (default: the catalog)."),
    model: str | None = typer.Option(None, "--model", help="Writer and critic model (default: EDITORIAL_AI_MODEL)."),
    judge_model: str | None = typer.Option(None, "--judge-model", help="Judge model (default: --model)."),
    critic: bool = typer.Option(True, "--critic/--no-critic", help="Let the critic gate revisions."),
    max_revisions: int = typer.Option(2, "--max-revisions", min=0, max=5),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON object."),
) -> None:
    """Draft a brief, let the critic gate a revision pass, print the final brief and its judge scores."""
    from editorial_ai.content_types.registry import content_type_for
    from editorial_ai.content_types.research_brief.models import BriefRequest
    from editorial_ai.content_types.research_brief.service import (
        ResearchBriefService,
        default_sub_questions,
        gather_passages,
    )
    from editorial_ai.evaluation.artifact_review import review_artifact
    from editorial_ai.llm.registry import fresh_client
    from editorial_ai.review.sources import Sources
    from editorial_ai.store.factory import open_catalog

    if not topic.strip():
        raise typer.BadParameter("TOPIC must not be empty")
    if passages_file is not None and not passages_file.is_file():
        raise typer.BadParameter(f"passages file {passages_file} does not exist")
    settings = build_settings(model, data_dir)

    async def go() -> dict[str, Any]:
        if passages_file is not None:
            passages = [ln.strip() for ln in passages_file.read_text(encoding="utf-8").splitlines() if ln.strip()]
        else:
            settings.ensure_dirs()
            catalog = open_catalog(settings)
            await catalog.initialize()
            passages = await gather_passages(catalog, topic.strip())
        request = BriefRequest(topic=topic.strip(), sub_questions=sub_question or default_sub_questions(topic.strip()),
                               audience=audience, passages=passages)
        writer = fresh_client(settings.model, settings)
        rubric = content_type_for("research_brief").rubric()
        service = ResearchBriefService(writer, writer if critic else None, rubric=rubric, max_revisions=max_revisions)
        outcome = await service.run(request, use_critic=critic)
        judge = writer if not judge_model or judge_model == settings.model else fresh_client(judge_model, settings)
        review = await review_artifact(outcome.final, rubric,
                                       Sources(passages=passages, sub_questions=request.sub_questions,
                                               topic=request.topic), judge)
        return {
            "topic": request.topic, "sub_questions": request.sub_questions, "final": outcome.final,
            "revisions": outcome.revisions, "flags": outcome.flags, "errors": outcome.errors,
            "critiques": [c.model_dump() for c in outcome.critiques], "tokens": outcome.total_tokens,
            "review": review.result.model_dump(mode="json"), "justification": review.justification,
            "judge_error": review.judge_error, "passages": passages,
        }

    result = run_async(go())
    if as_json:
        print_json(result)
        return
    # Model text: rendered as Markdown, but its links stay text (no terminal hyperlinks) and escapes are dropped.
    console.print(Markdown(strip_controls(result["final"]), hyperlinks=False))
    table = Table(title=f"judge scores (revisions: {result['revisions']})")
    for col in ("criterion", "score", "verdict", "reason"):
        table.add_column(col)
    for c in result["review"]["criteria"]:
        verdict = "skipped" if c["skipped"] else ("pass" if c["passed"] else "fail")
        verdict += " (advisory)" if c.get("advisory") and not c["skipped"] else ""
        score = "-" if c["score"] is None else f"{c['score']:.2f}"
        table.add_row(plain(c["criterion"]), score, verdict, plain(c["reason"]))
    console.print(table)
    overall = result["review"]["composite_score"]
    console.print(f"overall: [bold]{'-' if overall is None else f'{overall:.2f}'}[/] "
                  f"({review_headline(result['review'])}); {safe(result['justification'])}")
    if result["flags"]:
        console.print(f"[yellow]flags:[/] {safe(', '.join(map(str, result['flags'])))}")
