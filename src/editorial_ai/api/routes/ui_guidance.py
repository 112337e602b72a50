"""The guidance page: what the learning loop will put into the writer's next prompt, the reviewer notes it comes
from (each approved, switched off or edited here before it teaches), and which runs each note and trigger shaped.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from editorial_ai.api.deps import PipelineDep, require_ui_session
from editorial_ai.api.routes.ui_common import current_reviewer, int_param, page
from editorial_ai.content_types.registry import content_type_for
from editorial_ai.pipeline.graph import pipeline_content_types
from editorial_ai.pipeline.runner import Pipeline
from editorial_ai.services.learning_notes import NOTE_ACTIONS, NoteActionError, act_on_note
from editorial_ai.services.learning_page import guidance_page

router = APIRouter(prefix="/admin", include_in_schema=False, dependencies=[Depends(require_ui_session)])
DONE = {"approve": "Approved: the note now teaches the next runs.", "off": "Switched off: it no longer teaches.",
        "on": "Switched on again: it teaches the next runs.", "edit": "Saved: the edited words teach from now on."}


async def _render(request: Request, pipeline: Pipeline, content_type: str, status_code: int = 200,
                  **extra: object) -> Response:
    settings = pipeline.deps.settings
    if content_type not in pipeline_content_types():
        content_type = settings.content_type
    data = await guidance_page(pipeline.deps.contents, content_type_for(content_type), settings.data_dir,
                               disabled=settings.learning_switches_off())
    done = request.query_params.get("done") or ""
    extra.setdefault("notice", DONE.get(done))
    return page(request, "admin/guidance.html", status_code, data=data, content_type=content_type,
                content_types=pipeline_content_types(), **extra)


@router.get("/guidance", response_class=HTMLResponse)
async def guidance(request: Request, pipeline: PipelineDep) -> Response:
    """The guidance in force, its notes and the runs they shaped."""
    return await _render(request, pipeline, request.query_params.get("content_type") or "")


@router.post("/guidance/notes/{content_id}/{note_event}/{action}", response_class=HTMLResponse)
async def note_action(request: Request, content_id: str, note_event: str, action: str,
                      pipeline: PipelineDep) -> Response:
    """Approve, switch off, switch on or edit one note (an event in the note's decision log)."""
    form = await request.form()
    content_type = str(form.get("content_type") or "")
    event_id = int_param(note_event)
    try:
        if event_id is None or action not in NOTE_ACTIONS:
            raise NoteActionError(f"no note action {action!r} on {note_event!r}; use the buttons of the guidance page")
        await act_on_note(pipeline.deps.contents, content_id, event_id, action, current_reviewer(request),
                          str(form.get("text") or "") if action == "edit" else None)
    except NoteActionError as exc:
        return await _render(request, pipeline, content_type, 409 if "no note" in str(exc) else 422, error=str(exc))
    except ValueError as exc:  # an edit that sanitizes to nothing
        return await _render(request, pipeline, content_type, 422, error=str(exc))
    return RedirectResponse(f"/admin/guidance?content_type={content_type}&done={action}#note-{event_id}",
                            status_code=303)
