"""Articles as readers see them: `/articles/{id}` (published only, public) and `/preview/{id}` (any draft, for
the admin and named reviewers: a logged-in admin UI session, or the API key as X-API-Key / Bearer)."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from editorial_ai.api.deps import LoginRequired, PipelineDep, SettingsDep
from editorial_ai.api.errors import ApiError
from editorial_ai.api.security import identify_key, load_session, presented_key
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.status import ContentStatus
from editorial_ai.pipeline.publishing import public_page, was_unpublished
from editorial_ai.pipeline.runner import Pipeline

# Pages for readers and reviewers, like the admin UI: not part of the JSON API's OpenAPI document.
router = APIRouter(tags=["articles"], include_in_schema=False)

# A published page can be taken down at any moment: caches revalidate, so a takedown is seen at once.
_PUBLISHED_HEADERS = {"Cache-Control": "public, no-cache"}
_PREVIEW_HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}


async def _content(pipeline: Pipeline, content_id: str) -> ContentRecord:
    item = await pipeline.deps.contents.get(content_id) if len(content_id) <= 100 else None
    if item is None:
        raise ApiError(404, f"no content with id {content_id!r}", "list contents with GET /api/contents/")
    return item


@router.get(
    "/articles/{content_id}",
    response_class=HTMLResponse,
    responses={404: {"description": "No published article with this id"},
               410: {"description": "The article was published and taken down"}},
)
async def published_article(content_id: str, pipeline: PipelineDep) -> HTMLResponse:
    """A published article as a standalone magazine page (404 for drafts, rejected and unknown ids; 410 Gone for an
    article taken down, so readers and search engines learn it is not coming back at this address)."""
    item = await _content(pipeline, content_id)
    if item.status != ContentStatus.PUBLISHED and was_unpublished(await pipeline.deps.contents.events(content_id)):
        raise ApiError(410, f"article {content_id} was taken down", "the decision log on the desk says why")
    if item.status != ContentStatus.PUBLISHED:
        raise ApiError(
            404,
            f"content {content_id} is not published (it is {item.status})",
            f"approve and publish it first; reviewers can read the draft at /preview/{content_id}",
        )
    return HTMLResponse(await public_page(pipeline, item), headers=_PUBLISHED_HEADERS)


async def _require_reviewer(request: Request, settings: SettingsDep) -> str:
    """The admin or a named reviewer: by key (API clients), or by a logged-in admin UI session (browsers)."""
    key = presented_key(request, request.headers.get("x-api-key"))
    if key is not None:
        who = identify_key(settings, key)
        if who is not None:
            return who
        raise ApiError(401, "wrong API key", "send ADMIN_API_KEY or a reviewer's key as X-API-Key or Bearer")
    if settings.admin_api_key is None:
        return "admin"  # dev mode: everything is open
    session = await load_session(request)
    if session is not None and session.authenticated:
        return session.reviewer
    if "text/html" in request.headers.get("accept", ""):
        raise LoginRequired(quote(request.url.path, safe="/"))
    raise ApiError(401, "previews need a reviewer", "log in to /admin/ first, or send X-API-Key or a Bearer key")


@router.get(
    "/preview/{content_id}",
    response_class=HTMLResponse,
    responses={401: {"description": "Not logged in"}, 404: {"description": "Unknown content id"}},
)
async def preview_article(
    content_id: str, request: Request, settings: SettingsDep, pipeline: PipelineDep
) -> HTMLResponse:
    """Any content's current draft rendered exactly as it would be published, with a banner saying it is not."""
    await _require_reviewer(request, settings)
    item = await _content(pipeline, content_id)
    return HTMLResponse(await public_page(pipeline, item, preview=True), headers=_PREVIEW_HEADERS)
