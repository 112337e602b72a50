"""/api/contents/{id}/logs: per-node durations and tokens (seed 001 section 6.3)."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from editorial_ai.api.deps import PipelineDep, reject_unknown_query, require_api_key
from editorial_ai.api.routes.contents import load_content
from editorial_ai.api.schemas import API_ERRORS, ErrorResponse, LogsResponse
from editorial_ai.pipeline.runner import NotFoundError

router = APIRouter(prefix="/api/contents", tags=["observability"],
                   dependencies=[Depends(require_api_key), Depends(reject_unknown_query)],
                   responses=API_ERRORS)


@router.get("/{content_id}/logs", response_model=LogsResponse,
            responses={404: {"model": ErrorResponse, "description": "Unknown content id"}})
async def content_logs(content_id: str, pipeline: PipelineDep) -> LogsResponse:
    """Every node execution of the content's run with duration and token usage, plus totals."""
    item = await load_content(pipeline, content_id)
    try:
        status = str((await pipeline.outcome(item.thread_id)).state.get("pipeline_status"))
    except NotFoundError:  # checkpoints deleted: the content row still knows where it ended
        status = item.status
    return LogsResponse.model_validate({"content_id": content_id, **pipeline.logs(item.thread_id, status)})
