"""`editorial-ai review DRAFT.json --sources SOURCES.json`: review a draft without running the pipeline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.render import review_table
from editorial_ai.cli.terminal import plain


def _load(path: Path, what: str) -> Any:
    """The JSON of a file; typer.BadParameter (exit 2) naming the fix for a missing file, a directory, an
    unreadable or non-UTF-8 file, or broken JSON."""
    if path.is_dir():
        raise typer.BadParameter(f"{what} {path} is a directory; give the path of one JSON file in it")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise typer.BadParameter(f"{what} file {path} does not exist") from exc
    except UnicodeDecodeError as exc:
        raise typer.BadParameter(f"{what} file {path} is not UTF-8 text; save it as UTF-8 JSON") from exc
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"{what} file {path} is not valid JSON: {exc}") from exc
    except OSError as exc:
        raise typer.BadParameter(f"{what} file {path} cannot be read ({exc.strerror}); check its permissions") \
            from exc


SAMPLE = "examples/review/draft.json --sources examples/review/sources.json"


def _check_shape(path: Path, draft: dict[str, Any], content_type: str) -> None:
    """A draft that is not the content type's document at all is bad input (exit 2), not a draft that fails its
    review (exit 1): the review's verdicts would only say the format check failed, without naming the field."""
    from pydantic import ValidationError

    from editorial_ai.content_types.article import ArticleType
    from editorial_ai.content_types.registry import content_type_or_generic
    from editorial_ai.models.layout import MagazineLayout

    if not isinstance(content_type_or_generic(content_type), ArticleType):
        return
    try:
        MagazineLayout.model_validate(draft)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'draft'}: {e['msg']}" for e in exc.errors()[:5])
        raise typer.BadParameter(f"draft file {path} is not a {content_type} layout ({problems}); compare it with "
                                 f"the shipped sample: editorial-ai review {SAMPLE}") from None


def review(
    draft: Path = typer.Argument(..., help="A MagazineLayout JSON file."),
    sources: Path = typer.Option(..., "--sources", help="JSON with curated_topics and/or enriched_contexts."),
    content_type: str = typer.Option("fashion_magazine", "--content-type"),
    model: str | None = typer.Option(None, "--model", help="Judge model (default: EDITORIAL_AI_MODEL)."),
    no_judge: bool = typer.Option(False, "--no-judge", help="Deterministic checks only (judge criteria skipped)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Print per-criterion verdicts for DRAFT against SOURCES; exit 1 when the draft fails, 2 when it is not a
    draft of the content type at all. A sample ships: examples/review/draft.json with examples/review/sources.json
    (and draft_unsupported.json, which names a look no source holds)."""
    from editorial_ai.content_types.registry import content_type_or_generic
    from editorial_ai.llm.registry import get_client
    from editorial_ai.review.engine import ReviewContext, review_draft
    from editorial_ai.review.sources import Sources
    from editorial_ai.store.factory import open_catalog

    draft_data, source_data = _load(draft, "draft"), _load(sources, "sources")
    if isinstance(source_data, list):
        source_data = {"enriched_contexts": source_data}
    if not isinstance(source_data, dict):
        raise typer.BadParameter(
            f"sources file {sources} must be an object with curated_topics/enriched_contexts or a list of posts"
        )
    if not isinstance(draft_data, dict):
        raise typer.BadParameter(f"draft file {draft} must be a MagazineLayout JSON object")
    _check_shape(draft, draft_data, content_type)
    settings = build_settings(model, data_dir)

    async def go() -> dict[str, Any]:
        catalog = open_catalog(settings)
        await catalog.initialize()
        context = ReviewContext(
            sources=Sources.coerce(source_data),
            known_entities=await catalog.known_entities(),
            profile=content_type_or_generic(content_type).review_profile(),
        )
        judge = None if no_judge else get_client(settings.model, settings)
        result = await review_draft(draft_data, content_type_or_generic(content_type).rubric(), context, judge)
        return result.model_dump(mode="json")

    result = run_async(go())
    if as_json:
        print_json(result)
    else:
        console.print(review_table(result))
        console.print(plain(result["summary"]))
    if not result["passed"]:
        raise typer.Exit(code=1)
