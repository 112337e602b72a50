"""The editor's review desk: a content with its evidence, attempts and diffs, inline edit, and the decision forms.

Every decision and edit is a POST with the session's CSRF token (checked by the router's dependency), then a redirect
back to the same item: the editor sees what the decision did (and the public link once published) and moves on only
by asking ("Next item", `j`). Approving never publishes; publishing and unpublishing are confirmed steps of their own.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from pydantic import ValidationError

from editorial_ai.api import publish_steps
from editorial_ai.api.actions import decide_in_background, decide_now, revision_decision, run_status
from editorial_ai.api.assignments import assignments_of
from editorial_ai.api.deps import PipelineDep, RunsDep, require_ui_session
from editorial_ai.api.edits import save_edit, sync_edit
from editorial_ai.api.errors import ApiError, field_errors
from editorial_ai.api.routes.ui_common import current_reviewer, int_param, page, validate
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schemas import RejectRequest, ReviseRequest
from editorial_ai.api.view_comments import sentence_in_draft
from editorial_ai.api.view_evidence import build_evidence
from editorial_ai.api.view_progress import node_records, progress_view
from editorial_ai.api.views import (
    compare,
    escalation_banner,
    layout_text,
    load_attempts,
    needs_confirmation,
    shown_attempt,
    timeline,
)
from editorial_ai.content_types.registry import content_type_for
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import ContentStatus
from editorial_ai.pipeline.publishing import scheduled_at
from editorial_ai.pipeline.runner import Pipeline
from editorial_ai.services.human_edit import editable_fields, is_editable
from editorial_ai.store.contents import AWAITING

REVIEW_FLAGS = ("missing_spec", "bad_format", "wrong_information", "wrong_physical_dimensions")
DECIDING = frozenset({"approve", "reject", "revise", "publish", "unpublish", "revert", "unschedule"})
NOTICES = {
    "approved": "Approved. It is not public yet: publish it below when it should go out, or revert it to a draft",
    "published": "Published",
    "unpublished": "Taken down: the public page now answers 410 Gone and its file was removed",
    "reverted": "Reverted to a draft awaiting a decision",
    "scheduled": "Scheduled: it goes public at the time set, when `editorial-ai publish --due` runs",
    "unscheduled": "Schedule cancelled: it stays approved and not public",
    "rejected": "Rejected",
    "edited": "Saved your edit as attempt",
}

router = APIRouter(prefix="/admin", include_in_schema=False, dependencies=[Depends(require_ui_session)])


async def awaiting_ids(pipeline: Pipeline, limit: int = 200) -> list[str]:
    """Ids of the contents awaiting a decision, in the queue's order (newest first)."""
    items: list[ContentRecord] = []
    for status in AWAITING:
        items += (await pipeline.deps.contents.list(status, limit, 0))[0]
    items.sort(key=lambda i: i.created_at, reverse=True)
    return [i.id for i in items]


async def _neighbours(pipeline: Pipeline, content_id: str) -> tuple[str | None, str | None]:
    """The previous and next items awaiting a decision around this one (for j/k and "next item")."""
    ids = await awaiting_ids(pipeline)
    if content_id not in ids:
        return None, (ids[0] if ids else None)
    at = ids.index(content_id)
    return (ids[at - 1] if at > 0 else None), (ids[at + 1] if at + 1 < len(ids) else None)


def _render_article(item: ContentRecord) -> Markup:
    """The draft as its content type renders it for the admin page (the fragment escapes every stored string)."""
    try:
        return Markup(content_type_for(item.content_type).render_admin(item.layout_json))
    except ValidationError as exc:  # say which field, never echo the stored value
        problems = "; ".join(f"{e['field']}: {e['message']}" for e in field_errors(exc.errors()))
        return Markup("<p class='muted'>The stored layout cannot be rendered: {}</p>").format(problems)
    except ValueError as exc:
        return Markup("<p class='muted'>The stored layout cannot be rendered: {}</p>").format(exc)


async def _notice(request: Request, pipeline: Pipeline) -> str | None:
    """The line that confirms the decision just taken on the previous item (`?done=approved:<id>`)."""
    done = request.query_params.get("done") or ""
    action, _, previous = done.partition(":")
    if action not in NOTICES:
        return None
    if action == "edited":
        return f"{NOTICES[action]} {previous}." if previous.isdigit() else None
    item = await pipeline.deps.contents.get(previous) if previous else None
    return f"“{item.title}” — {NOTICES[action]}." if item else None


async def queue_notice(request: Request, pipeline: Pipeline) -> str | None:
    """The queue's line after the last decision of a run of decisions, or after a bulk reject."""
    done = request.query_params.get("done") or ""
    if done.startswith("bulk:") and done[5:].isdigit():
        count = int(done[5:])
        return f"Rejected {count} item{'s' if count != 1 else ''}."
    notice = await _notice(request, pipeline)
    if notice and not await awaiting_ids(pipeline, 1):
        notice += " Nothing else awaits a decision."
    return notice


async def content_view(
    request: Request, pipeline: Pipeline, runs: RunManager, content_id: str, status_code: int = 200, **extra: Any
) -> Response:
    """Render the content page (also with a form's errors)."""
    item = await pipeline.deps.contents.get(content_id)
    if item is None:
        return page(
            request,
            "admin/error.html",
            404,
            detail=f"no content with id {content_id!r}",
            fix="pick a content from the queue",
        )
    if await sync_edit(pipeline, runs, item):
        item = await pipeline.deps.contents.get(content_id) or item
    status = await run_status(pipeline, runs, item.thread_id)
    thread_id = item.thread_id
    attempts = await load_attempts(pipeline, thread_id)
    try:
        state = (await pipeline.outcome(thread_id)).state
    except LookupError:
        state = {}
    evidence = build_evidence(
        item.layout_json,
        state,
        await pipeline.deps.catalog.known_entities(),
        item.content_type or "fashion_magazine",
    )
    previous, following = await _neighbours(pipeline, content_id)
    shown = shown_attempt(attempts, item.layout_json)
    awaiting = item.status in AWAITING and status.waiting_for_human
    events = await pipeline.deps.contents.events(content_id)
    registry, me = assignments_of(request), current_reviewer(request)
    if item.status in (*AWAITING, ContentStatus.APPROVED, ContentStatus.PUBLISHED):
        await registry.touch(content_id, me)  # the others (any server, the CLI) now see "in review by" this editor
    readers = await registry.others(content_id, me)
    # An approved content can go back to a draft while its run still waits at the gate (not after a takedown).
    can_revert = item.status == ContentStatus.APPROVED and status.waiting_for_human and not status.running
    extra.setdefault("errors", {})
    extra.setdefault("values", {})
    extra.setdefault("notice", await _notice(request, pipeline))
    return page(
        request,
        "admin/content.html",
        status_code,
        item=item,
        article=_render_article(item),
        run=status,
        review=(shown.review if shown and shown.review else item.review_json) or {},
        shown=shown,
        attempts=attempts,
        evidence=evidence,
        comparison=compare(
            attempts, int_param(request.query_params.get("left")), int_param(request.query_params.get("right"))
        ),
        banner=escalation_banner(item, attempts),
        confirm_needed=needs_confirmation(item),
        edit_fields=editable_fields(item.layout_json) if awaiting and is_editable(item.layout_json) else [],
        timeline=timeline(pipeline, thread_id, status.pipeline_status),
        progress=progress_view(node_records(pipeline, thread_id), status.running, status.current_node),
        events=events,
        scheduled=scheduled_at(events),
        after=runs.last_event_id(thread_id),
        awaiting=awaiting,
        can_revert=can_revert,
        readers=readers,
        previous_id=previous,
        next_id=following,
        **extra,
    )


@router.post("/contents/{content_id}/reading", response_class=Response)
async def reading(request: Request, content_id: str) -> Response:
    """The desk's heartbeat while an editor keeps the item open (so the others keep seeing "in review by")."""
    await assignments_of(request).touch(content_id, current_reviewer(request))
    return Response(status_code=204)


@router.get("/contents/{content_id}", response_class=HTMLResponse)
async def content_page(request: Request, content_id: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """A content: article, evidence, verdicts, attempts with diffs, inline edit, timeline and the decision forms."""
    return await content_view(request, pipeline, runs, content_id)


async def _after_decision(pipeline: Pipeline, content_id: str, action: str) -> RedirectResponse:
    """Back to the decided item, with a line saying what was done: a second key press then cannot decide the next
    item by accident (it used to open at once, often with the same title)."""
    return RedirectResponse(f"/admin/contents/{content_id}?done={quote(f'{action}:{content_id}')}#decided",
                            status_code=303)


def _approval(form: Any, item: ContentRecord | None, reviewer: str) -> tuple[AdminDecision | None, dict[str, str]]:
    """The approval decision, or the form errors: an escalated or flagged draft needs the box ticked and a note."""
    note = str(form.get("note") or "").strip()
    errors: dict[str, str] = {}
    if item is not None and needs_confirmation(item):
        if "confirm" not in form:
            errors["confirm"] = "This draft is escalated or flagged: tick the box to confirm you checked it."
        if not note:
            errors["note"] = "Write a note saying why it can be published despite the flags."
    try:
        decision = AdminDecision(decision="approved", reviewer=reviewer, note=note or None)
    except ValidationError as exc:
        errors.update({e["field"].split(".")[-1]: e["message"] for e in field_errors(exc.errors())})
        return None, errors
    return (None, errors) if errors else (decision, {})


COMMENT_ROWS = 3


def _comments(form: Any, draft_lines: list[str]) -> tuple[list[dict[str, str]], str | None]:
    """The form's sentence comments, or the error naming the fix: a sentence needs a comment and the other way
    round, and the sentence must stand in the draft as it is."""
    comments, problems = [], []
    for i in range(1, COMMENT_ROWS + 1):
        sentence = " ".join(str(form.get(f"comment_sentence_{i}") or "").split())
        comment = str(form.get(f"comment_text_{i}") or "").strip()
        if not sentence and not comment:
            continue
        if not sentence or not comment:
            problems.append(f"comment {i}: give both the sentence and what to change there")
        elif not sentence_in_draft(sentence, draft_lines):
            problems.append(f"comment {i}: that sentence is not in the draft; click it in the article or copy it "
                            "exactly")
        else:
            comments.append({"sentence": sentence, "comment": comment})
    return comments, ("; ".join(problems) or None)


def _revise_data(form: Any, reviewer: str) -> dict[str, Any]:
    """Form fields -> ReviseRequest data. An unchecked checkbox is absent from the form, hence `in`."""
    review_form: dict[str, Any] = {flag: flag in form for flag in REVIEW_FLAGS}
    review_form["information_present"] = "information_present" in form
    review_form["notes"] = str(form.get("notes") or "")
    fields = [f for f in str(form.get("missing_spec_fields") or "").split(",") if f.strip()]
    return {
        "feedback": str(form.get("feedback") or "") or None,
        "review_form": review_form,
        "missing_spec_fields": fields,
        "reviewer": reviewer,
    }


@router.post("/contents/{content_id}/edit", response_class=HTMLResponse)
async def edit(request: Request, content_id: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Save the editor's inline edit as the next attempt (re-checked at once), then show it."""
    form = await request.form()
    version = int_param(str(form.get("version") or ""))
    fields = {k: str(v) for k, v in form.items() if k not in ("csrf_token", "version")}
    try:
        if version is None:
            raise ApiError(422, "the edit form carries no draft version", "reload the page and edit again")
        result = await save_edit(
            pipeline, runs, content_id, version=version, form=fields, editor=current_reviewer(request)
        )
    except ApiError as exc:
        return await content_view(
            request,
            pipeline,
            runs,
            content_id,
            exc.status_code,
            error=f"{exc.detail}. {exc.fix or ''}".strip(),
            values=fields,
            edit_open=True,
        )
    return RedirectResponse(
        f"/admin/contents/{content_id}?done=edited:{result.attempt}#attempt-{result.attempt}", status_code=303
    )


@router.post("/contents/{content_id}/{action}", response_class=HTMLResponse)
async def decide(request: Request, content_id: str, action: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """approve / reject / revise from the content page's forms."""
    form = await request.form()
    reviewer = current_reviewer(request)
    values = {k: v for k, v in form.items() if k != "csrf_token"}
    others = await assignments_of(request).others(content_id, reviewer)
    if others and "take_over" not in form and action in DECIDING:
        names = " and ".join(r.name for r in others)
        return await content_view(
            request, pipeline, runs, content_id, 409, values=values, take_over=action,
            error=f"{names} {'is' if len(others) == 1 else 'are'} reviewing this item. Nothing was changed: tick "
                  "“Decide anyway” and send the form again to go ahead.")
    await assignments_of(request).leave(content_id, reviewer)
    try:
        if action == "approve":
            item = await pipeline.deps.contents.get(content_id)
            if item is not None:
                await sync_edit(
                    pipeline, runs, item
                )  # an edit cut off before the run's state: publish it, not the old text
            # A content past the gate gets the step's 409 naming its status, not the confirmation form's errors.
            decision, errors = _approval(form, item if item and item.status in AWAITING else None, reviewer)
            if decision is None:
                return await content_view(request, pipeline, runs, content_id, 422, errors=errors, values=values)
            await publish_steps.approve(pipeline, runs, content_id, decision)
            return await _after_decision(pipeline, content_id, "approved")
        if action in ("publish", "unpublish", "revert", "unschedule"):
            return await _publishing_step(request, pipeline, runs, content_id, action, form, reviewer)
        if action == "reject":
            body, errors = validate(RejectRequest, {"reason": str(form.get("reason") or ""), "reviewer": reviewer})
            if body is None:
                return await content_view(request, pipeline, runs, content_id, 422, errors=errors, values=values)
            await decide_now(
                pipeline,
                runs,
                content_id,
                AdminDecision(decision="rejected", reason=body.reason, reviewer=body.reviewer),
            )
            return await _after_decision(pipeline, content_id, "rejected")
        if action == "revise":
            item = await pipeline.deps.contents.get(content_id)
            comments, problem = _comments(form, layout_text(item.layout_json if item else None))
            if problem:
                return await content_view(request, pipeline, runs, content_id, 422, errors={"comments": problem},
                                          values=values)
            body, errors = validate(ReviseRequest, {**_revise_data(form, reviewer), "comments": comments})
            if body is None:
                return await content_view(request, pipeline, runs, content_id, 422, errors=errors, values=values)
            accepted = await decide_in_background(pipeline, runs, content_id, revision_decision(body))
            return RedirectResponse(f"/admin/runs/{accepted.thread_id}", status_code=303)
        raise ApiError(404, f"unknown action {action!r}",
                       "use approve, reject, revise, edit, publish, unpublish, revert or unschedule")
    except ApiError as exc:
        return await content_view(
            request, pipeline, runs, content_id, exc.status_code, error=f"{exc.detail}. {exc.fix or ''}".strip()
        )


async def _publishing_step(request: Request, pipeline: Pipeline, runs: RunManager, content_id: str, action: str,
                           form: Any, reviewer: str) -> Response:
    """publish / unpublish (each needs its box ticked) and revert, from the desk's publication card."""
    values = {k: v for k, v in form.items() if k != "csrf_token"}
    note = str(form.get("note") or "").strip() or None
    errors: dict[str, str] = {}
    if action == "publish":
        at_text = str(form.get("publish_at") or "").strip()
        try:
            at = datetime.fromisoformat(at_text).replace(tzinfo=UTC) if at_text else None
        except ValueError:
            at, errors["publish_at"] = None, f"{at_text!r} is not a date and time; pick one, or leave it empty"
        if "confirm_publish" not in form:
            errors["confirm_publish"] = "Tick the box to confirm it should be public " + ("then." if at else "now.")
        elif at is not None and not errors:
            await publish_steps.schedule(pipeline, runs, content_id, reviewer, at, note)
            return await _after_decision(pipeline, content_id, "scheduled")
        elif not errors:
            await publish_steps.publish(pipeline, runs, content_id, reviewer, note)
            return await _after_decision(pipeline, content_id, "published")
    elif action == "unschedule":
        await publish_steps.unschedule(pipeline, runs, content_id, reviewer)
        return await _after_decision(pipeline, content_id, "unscheduled")
    elif action == "unpublish":
        reason = str(form.get("reason") or "").strip()
        if not reason:
            errors["unpublish_reason"] = "Say why it comes down; the reason is kept in the decision log."
        if "confirm_unpublish" not in form:
            errors["confirm_unpublish"] = "Tick the box to confirm readers should lose the page."
        if not errors:
            await publish_steps.unpublish(pipeline, runs, content_id, reviewer, reason)
            return await _after_decision(pipeline, content_id, "unpublished")
    else:
        await publish_steps.revert(pipeline, runs, content_id, reviewer, note)
        return await _after_decision(pipeline, content_id, "reverted")
    return await content_view(request, pipeline, runs, content_id, 422, errors=errors, values=values)
