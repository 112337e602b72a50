"""Every request and response body of the REST API (seed 001 section 6)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    ValidationInfo,
    field_validator,
    model_validator,
)

from editorial_ai.api.schema_docs import (
    LINE,
    LINE_NON_BLANK,
    REVISE_SAYS_SOMETHING,
    TEXT,
    TEXT_NON_BLANK,
    descriptor_pattern,
    padded,
)
from editorial_ai.models.decisions import ReviewForm, SentenceComment
from editorial_ai.models.run_request import (
    BLOOMS_LEVELS,
    MULTILINE_FIELDS,
    control_character_problem,
    strip_space,
)
from editorial_ai.models.status import ContentStatus, normalize_status_name
from editorial_ai.pipeline.graph import pipeline_content_types
from editorial_ai.prompts.sanitize import DESCRIPTOR_FIELDS
from editorial_ai.worker.run_request import RunRequest

# The one status vocabulary (models/status.py), shared with the CLI and the admin UI; any case and the run
# summary's older names (awaiting_approval, needs_human_review) are accepted for the same states.
ContentStatusFilter = Annotated[ContentStatus, BeforeValidator(normalize_status_name)]


# Largest page offset accepted (API 422 above it, UI clamps): far beyond any real table, far below int64.
MAX_OFFSET = 1_000_000_000
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def _whole_number(value: Any) -> Any:
    """A query integer as the document's `integer` means it: digits, perhaps after a minus sign. Lax parsing also
    read "+0.0", "1_26", " 5 " and "5.0" as numbers, which a client reading the document takes for invalid."""
    if isinstance(value, str) and not _WHOLE_NUMBER.fullmatch(value):
        raise ValueError(f"must be a whole number written in digits, such as 20 (got {value[:20]!r})")
    return value


# After Query(...) in an integer query parameter's Annotated (limit, offset, after): `Annotated[int, Query(ge=1),
# WHOLE_NUMBER]`. Before the Query, the document lost the bounds (written as "ge"/"le" instead of minimum/maximum).
WHOLE_NUMBER = BeforeValidator(_whole_number)


def check_length_as_sent(model: type[BaseModel], value: Any, info: ValidationInfo) -> Any:
    """A field validator (mode="before"): refuse a string longer than the field's max_length as sent, spaces
    included, a control character anywhere in it (around the text too: stripping first let "exam_item\\n" in),
    and anything but true or false for a boolean field. The document's maxLength and patterns are about the JSON
    string (stripping first let " analyze  ...  " in), and its `boolean` admits neither 0 nor "true"."""
    name = info.field_name or ""
    for text in [value] if isinstance(value, str) else value if isinstance(value, list) else []:
        problem = control_character_problem(text, name in MULTILINE_FIELDS) if isinstance(text, str) else None
        if problem:
            raise ValueError(f"{name} {problem}")
    field = model.model_fields.get(name)
    if field is not None and field.annotation in (bool, bool | None) and value is not None \
            and not isinstance(value, bool):
        raise ValueError(f"{info.field_name} must be true or false (JSON booleans), not {value!r}")
    if isinstance(value, str) and field is not None:
        limit = next((m.max_length for m in field.metadata if getattr(m, "max_length", None) is not None), None)
        if limit is not None and len(value) > limit:
            raise ValueError(f"{info.field_name} must be at most {limit} characters as sent, spaces included "
                             f"(got {len(value)}); shorten it")
    return value


class _Request(BaseModel):
    # Unknown fields are rejected so a typo ("reson") is a 422, not a silently ignored value.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @field_validator("*", mode="before")
    @classmethod
    def _length_as_sent(cls, value: Any, info: ValidationInfo) -> Any:
        """maxLength holds for the text as sent, before surrounding spaces are stripped (the document's rule)."""
        return check_length_as_sent(cls, value, info)

    @field_validator("*", mode="after")
    @classmethod
    def _no_control_characters(cls, value: Any, info: ValidationInfo) -> Any:
        """Control characters are refused with a 422 naming the field, before any model or store sees them."""
        name = info.field_name or ""
        texts = [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)] \
            if isinstance(value, list) else []
        if isinstance(value, ReviewForm):
            texts, name = [value.notes], "notes"
        for text in texts:
            problem = control_character_problem(text, name in MULTILINE_FIELDS)
            if problem:
                raise ValueError(f"{name} {problem}")
        return value


# --- errors -------------------------------------------------------------------------------------------


class ErrorResponse(BaseModel):
    """Every error: what went wrong and how to fix it."""

    detail: str
    fix: str | None = None


class FieldError(BaseModel):
    """One invalid field of a request."""

    field: str = Field(description="Dotted location, e.g. body.reason or query.limit.")
    message: str


class ValidationErrorResponse(ErrorResponse):
    """422: the request was well-formed JSON but some fields are invalid."""

    errors: list[FieldError] = Field(default_factory=list)


# --- pipeline -----------------------------------------------------------------------------------------


def _document_run_request(schema: dict[str, Any]) -> None:
    """Write the text rules RunRequest's validators enforce into the OpenAPI document as patterns."""
    properties = schema.get("properties", {})
    choices = {"content_type": pipeline_content_types(), "blooms_level": list(BLOOMS_LEVELS)}
    for name, prop in properties.items():
        pattern = LINE_NON_BLANK if name == "seed_keyword" else padded(choices[name]) if name in choices else LINE
        if name in DESCRIPTOR_FIELDS:  # plain words only (prompts/sanitize.py), around the spaces that are stripped
            pattern = descriptor_pattern(required=name == "seed_keyword")
        for option in prop.get("anyOf", [prop]):
            if option.get("type") == "string":
                option["pattern"] = pattern


class TriggerRequest(RunRequest):
    """Seed 001 section 6.1 plus model, content type, tenant and the exam options: the run request
    `editorial-ai run` builds too (worker/run_request.py), validated by the same rules."""

    model_config = ConfigDict(json_schema_extra=_document_run_request)

    @field_validator("*", mode="before")
    @classmethod
    def _length_as_sent(cls, value: Any, info: ValidationInfo) -> Any:
        return check_length_as_sent(cls, value, info)


class TriggerResponse(BaseModel):
    """202: the run was started in the background."""

    thread_id: str
    status: Literal["accepted"] = "accepted"
    status_url: str
    events_url: str


class PipelineStatusResponse(BaseModel):
    """Where a run stands (seed 001 section 6.1, plus the node running now)."""

    thread_id: str
    pipeline_status: str = Field(description="queued before the first checkpoint, then the state's status.")
    error_log: list[str] = Field(default_factory=list)
    has_draft: bool = False
    content_id: str | None = None
    current_node: str | None = Field(None, description="The node executing right now in this server, if any.")
    running: bool = Field(False, description="A background task of this server is working on the thread.")
    waiting_for_human: bool = False
    revision_count: int = 0
    draft_version: int = 0


class NodeEvent(BaseModel):
    """Data of one server-sent event (event names: node_enter, node_complete, done)."""

    thread_id: str
    node: str | None = None
    status: str | None = Field(None, description="node_complete: success, error or interrupted.")
    duration_ms: float | None = None
    total_tokens: int | None = None
    models: list[str] | None = Field(None, description="node_complete: models the node called.")
    pipeline_status: str | None = Field(None, description="done only.")
    waiting_for_human: bool | None = Field(None, description="done only.")
    content_id: str | None = Field(None, description="done only.")
    error: str | None = None


# --- contents -----------------------------------------------------------------------------------------


class ContentSummary(BaseModel):
    """A content in the list (no layout)."""

    id: str
    thread_id: str
    status: str
    title: str
    keyword: str
    content_type: str
    attempt: int
    flags: list[str] = Field(default_factory=list)
    review_summary: str = ""
    created_at: str
    updated_at: str
    published_at: str | None = None


class ContentListResponse(BaseModel):
    """A page of contents, newest first."""

    items: list[ContentSummary]
    total: int
    limit: int
    offset: int


class DecisionEvent(BaseModel):
    """One entry of the append-only decision log."""

    id: int
    decision: str
    reviewer: str
    payload: dict[str, Any] = Field(default_factory=dict)
    created_at: str


TAKE_OVER_DOC = ("Decide although another editor is reviewing the item (`in_review_by` of GET /api/contents/{id}); "
                 "without it such a decision is refused with 409 and nothing changes.")


class ReaderInfo(BaseModel):
    """An editor who has the item open on the desk, since when, and until when the claim holds unless renewed."""

    name: str
    since: str
    until: str


class ContentDetail(ContentSummary):
    """One content with its layout, review and decisions."""

    layout: dict[str, Any] = Field(default_factory=dict, description="The MagazineLayout JSON.")
    review: dict[str, Any] = Field(default_factory=dict, description="The last ReviewResult JSON.")
    admin_feedback: str | None = None
    rejection_reason: str | None = None
    published_path: str | None = None
    events: list[DecisionEvent] = Field(default_factory=list)
    in_review_by: list[ReaderInfo] = Field(
        default_factory=list, description="Editors reviewing the item now (any server or process): a decision by "
                                          "someone else asks first (`take_over`).")


class ApproveRequest(_Request):
    """Approve only: nothing is published and the run stays paused until `POST .../publish`. An escalated or flagged
    draft (or one whose review did not pass) is approved only with `confirm: true` and a `note`, the admin desk's
    rule; the note is kept with the decision."""

    reviewer: str = Field("admin", min_length=1, max_length=80, json_schema_extra={"pattern": LINE_NON_BLANK})
    # Strict: `0`, `1` or `"yes"` are not booleans (the document says boolean; a lax server disagreed with it).
    confirm: StrictBool = Field(False, description="Confirms an escalated or flagged draft was checked before "
                                "approval.")
    note: str | None = Field(None, max_length=2000, description="Why it can be published (needed with `confirm`).")
    take_over: StrictBool = Field(False, description=TAKE_OVER_DOC)


class RejectRequest(_Request):
    """Reject: the pipeline ends; a reason is required."""

    reason: str = Field(min_length=1, max_length=2000, json_schema_extra={"pattern": TEXT_NON_BLANK})
    reviewer: str = Field("admin", min_length=1, max_length=80, json_schema_extra={"pattern": LINE_NON_BLANK})
    take_over: StrictBool = Field(False, description=TAKE_OVER_DOC)


class ReviseRequest(_Request):
    """Request a revision with free feedback and/or the structured review form of seed 003."""

    feedback: str | None = Field(None, max_length=4000, json_schema_extra={"pattern": TEXT})
    review_form: ReviewForm | None = None
    missing_spec_fields: list[str] = Field(
        default_factory=list, max_length=10,
        description="Seed 003 missing_spec as a list: sets review_form.missing_spec and names the fields "
                    "in the notes.",
        json_schema_extra={"items": {"type": "string", "maxLength": 60, "pattern": LINE_NON_BLANK}})
    reviewer: str = Field("admin", min_length=1, max_length=80, json_schema_extra={"pattern": LINE_NON_BLANK})
    comments: list[SentenceComment] = Field(
        default_factory=list, max_length=20,
        description="Comments anchored to sentences of the draft: each `sentence` (as it stands in the draft) with "
                    "what to change there; the writer receives them with their sentences.")
    take_over: StrictBool = Field(False, description=TAKE_OVER_DOC)
    model_config = ConfigDict(json_schema_extra=REVISE_SAYS_SOMETHING)

    @field_validator("missing_spec_fields")
    @classmethod
    def _clean_fields(cls, value: list[str]) -> list[str]:
        # The document's maxLength (60) holds as sent; blank is judged with the spaces around stripped.
        if any(not strip_space(v) or len(v) > 60 for v in value):
            raise ValueError("each missing spec field must be 1 to 60 characters as sent, not blank")
        return [strip_space(v) for v in value]

    @model_validator(mode="after")
    def _says_something(self) -> ReviseRequest:
        form = self.review_form
        findings = bool(form and (form.problems() or strip_space(form.notes)))
        if not (self.feedback or self.missing_spec_fields or findings or self.comments):
            raise ValueError("a revision request needs feedback, missing_spec_fields, review_form findings or "
                             "comments on sentences")
        return self


class DecisionResponse(BaseModel):
    """200: the decision was applied and the pipeline has stopped again."""

    content_id: str
    thread_id: str
    decision: str
    content_status: str
    pipeline_status: str | None = None
    published_path: str | None = None


class DecisionAccepted(BaseModel):
    """202: the revision was recorded; the new attempt is being written in the background."""

    content_id: str
    thread_id: str
    decision: Literal["revision_requested"] = "revision_requested"
    status_url: str
    events_url: str


# --- logs (seed 001 section 6.3, exactly) --------------------------------------------------------------


class TokenUsageEntry(BaseModel):
    """Tokens of one LLM call."""

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    model_name: str | None = None


class NodeRun(BaseModel):
    """One node execution."""

    node_name: str | None
    status: str | None
    duration_ms: float
    token_usage: list[TokenUsageEntry]
    total_tokens: int


class LogSummary(BaseModel):
    """Totals over a run."""

    node_count: int
    total_duration_ms: float
    total_tokens: int
    status: str


class LogsResponse(BaseModel):
    """Per-node runs and their summary."""

    content_id: str
    runs: list[NodeRun]
    summary: LogSummary


# --- health -------------------------------------------------------------------------------------------


class HealthCheck(BaseModel):
    """One check; `fix` says what to do when it failed."""

    ok: bool
    detail: str
    fix: str | None = None


class HealthResponse(BaseModel):
    """ok: everything works; degraded: the model is unavailable; error: storage is broken (HTTP 503)."""

    status: Literal["ok", "degraded", "error"]
    # Only `status` without a key (the rest names hosts, users and brokers); ADMIN_API_KEY or a reviewer's key
    # (any request in dev mode) gets every field.
    model: str | None = None
    dev_mode: bool | None = Field(None, description="True when ADMIN_API_KEY is unset (no authentication).")
    checks: dict[str, HealthCheck] | None = None
    queue: dict[str, Any] | None = Field(None, description="Task queue: mode, broker, depth, oldest_waiting_s, "
                                         "workers (live), runs (count per status), oldest_queued_run_s.")


# --- error responses every API route can give (documented in the OpenAPI document) --------------------

Responses = dict[int | str, dict[str, Any]]
API_ERRORS: Responses = {
    400: {"model": ErrorResponse,
          "description": "Malformed request: a body that is not UTF-8 JSON, or a Content-Length that is not a number"},
    401: {"model": ErrorResponse, "description": "Missing or wrong X-API-Key"},
    403: {"model": ErrorResponse,
          "description": "Cross-origin browser request refused (its Origin or Referer is another site)"},
    413: {"model": ErrorResponse, "description": "Request body over 64 KiB"},
    422: {"model": ValidationErrorResponse, "description": "Invalid fields; `errors` names each one"},
    503: {"model": ErrorResponse, "description": "The pipeline is not open (the server is starting or stopping)"},
}
