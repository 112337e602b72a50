"""One run request for the CLI and the API: everything a pipeline run takes, validated once.

`RunRequest` checks what the request alone decides (text bounds, known content type and Bloom's level, model
string syntax); `resolved` fills the defaults from Settings and checks what this installation decides (the model
allowlist for requests from the network, whether the model can run here, known tenants, exam-only options).
`editorial-ai run`, `POST /api/pipeline/trigger` and the admin UI's form all build one and hand it to
`RunService.start` (worker/service.py). It lives with the run service, above the content type registry and the
review's tenant table it consults; the checks that need neither are in models/run_request.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from editorial_ai.models.run_request import (
    BLOOMS_LEVELS,
    EXAM_CONTENT_TYPE,
    EXAM_ONLY_FIELDS,
    MAX_KEYWORD_CHARS,
    MULTILINE_FIELDS,
    control_character_problem,
    model_problem,
    model_string_problem,
)
from editorial_ai.pipeline.registry import pipeline_content_types

if TYPE_CHECKING:
    from editorial_ai.config import Settings


class RunRequestError(ValueError):
    """A run request this installation cannot run: the field, what is wrong, and the fix."""

    def __init__(self, field: str, detail: str, fix: str) -> None:
        super().__init__(f"{field}: {detail}; {fix}")
        self.field, self.detail, self.fix = field, detail, fix


def known_content_types() -> list[str]:
    """The content types a run may name (those with a pipeline flow)."""
    return pipeline_content_types()


def content_type_problem(value: str) -> str | None:
    """Why `value` is not a runnable content type (None when it is)."""
    known = known_content_types()
    return None if value in known else f"unknown content type {value!r}; choose one of {', '.join(known)}"


class RunRequest(BaseModel):
    """What one pipeline run takes. Unset model and content type mean the Settings defaults (`resolved`)."""

    # Unknown fields are refused so a typo ("tenat") is an error, not a silently ignored value.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    seed_keyword: str = Field(min_length=1, max_length=MAX_KEYWORD_CHARS, examples=["Jennie Effect"])
    category: str = Field("fashion", max_length=60)
    tone: str = Field("sophisticated", max_length=60)
    style: str = Field("editorial", max_length=60)
    target_celeb: str | None = Field(None, max_length=80)
    target_brand: str | None = Field(None, max_length=80)
    model: str | None = Field(None, max_length=300, description="provider:model, e.g. scripted:happy; "
                              "defaults to the server's EDITORIAL_AI_MODEL.")
    content_type: str | None = Field(None, max_length=60, description="Rubric name, e.g. fashion_magazine; "
                                     "defaults to EDITORIAL_AI_CONTENT_TYPE.")
    tenant: str | None = Field(None, max_length=80, description="Tenant whose review overrides apply "
                               "(a name in EDITORIAL_AI_TENANTS_FILE).")
    slo: str | None = Field(None, max_length=400, description="exam_item: the student learning objective.")
    blooms_level: str | None = Field(None, max_length=20, description="exam_item: the target Bloom's level, "
                                     f"one of {', '.join(BLOOMS_LEVELS)}.")
    judge_model: str | None = Field(None, max_length=300, description="provider:model of the review's judge; "
                                    "defaults to the run's model.")
    max_revisions: int | None = Field(None, ge=1, le=10, description="Failed reviews before the run is handed to "
                                      "a human; defaults to EDITORIAL_AI_MAX_REVISIONS.")

    @field_validator("*", mode="before")
    @classmethod
    def _no_control_characters(cls, value: Any, info: ValidationInfo) -> Any:
        """Control characters are refused naming the field, before any model or store sees them: wherever they
        stand, before the spaces around the text are stripped (the API document's patterns say the same)."""
        if isinstance(value, str):
            problem = control_character_problem(value, info.field_name in MULTILINE_FIELDS)
            if problem:
                raise ValueError(f"{info.field_name} {problem}")
        return value

    @field_validator("target_celeb", "target_brand", "model", "content_type", "tenant", "slo", "blooms_level",
                     "judge_model", mode="after")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("seed_keyword")
    @classmethod
    def _keyword_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("seed_keyword must not be blank")
        return value

    @field_validator("model", "judge_model")
    @classmethod
    def _model_string(cls, value: str | None) -> str | None:
        problem = model_string_problem(value) if value is not None else None
        if problem:
            raise ValueError(problem)
        return value

    @field_validator("content_type")
    @classmethod
    def _known_content_type(cls, value: str | None) -> str | None:
        problem = content_type_problem(value) if value is not None else None
        if problem:
            raise ValueError(problem)
        return value

    @field_validator("blooms_level")
    @classmethod
    def _known_blooms_level(cls, value: str | None) -> str | None:
        if value is None:
            return None
        level = value.lower()
        if level not in BLOOMS_LEVELS:
            raise ValueError(f"unknown Bloom's level {value!r}; choose one of {', '.join(BLOOMS_LEVELS)}")
        return level

    def resolved(self, settings: Settings, *, enforce_allowlist: bool) -> RunRequest:
        """The request with Settings' defaults filled in, checked against this installation.

        `enforce_allowlist`: requests from the network may only pick models the operator allows
        (EDITORIAL_AI_ALLOWED_MODELS); the CLI operator's own choice is not limited. RunRequestError names the
        field and the fix.
        """
        from editorial_ai.llm.registry import ModelNotAllowedError, check_requested_model
        from editorial_ai.review.policy import load_tenants

        content_type = self.content_type or settings.content_type
        problem = content_type_problem(content_type)
        if problem:  # the setting itself names an unknown type
            raise RunRequestError("content_type", problem, "fix EDITORIAL_AI_CONTENT_TYPE or name a content type")
        model = self.model or settings.model
        if enforce_allowlist:
            try:
                check_requested_model(model, settings)
            except ModelNotAllowedError as exc:
                raise RunRequestError("model", exc.detail, exc.fix) from None
        for field_name, value in (("model", model), ("judge_model", self.judge_model)):
            if value is None:
                continue
            if enforce_allowlist and field_name == "judge_model":
                try:
                    check_requested_model(value, settings)
                except ModelNotAllowedError as exc:
                    raise RunRequestError(field_name, exc.detail, exc.fix) from None
            unavailable = model_problem(value, settings)
            if unavailable:
                raise RunRequestError(field_name, f"model unavailable: {unavailable[0]}", unavailable[1])
        if self.tenant is not None:
            tenants = sorted(load_tenants(settings.tenants_file).tenants)
            if self.tenant not in tenants:
                listed = f"one of {', '.join(tenants)}" if tenants else "none: EDITORIAL_AI_TENANTS_FILE lists none"
                raise RunRequestError("tenant", f"unknown tenant {self.tenant!r}",
                                      f"use a tenant from EDITORIAL_AI_TENANTS_FILE ({listed}), or leave it out")
        if content_type != EXAM_CONTENT_TYPE:
            given = [name for name in EXAM_ONLY_FIELDS if getattr(self, name) is not None]
            if given:
                raise RunRequestError(given[0], f"{' and '.join(given)} apply to exam_item runs only, "
                                      f"not {content_type}", "leave them out, or set content_type exam_item")
        return self.model_copy(update={"model": model, "content_type": content_type})

    def curation_input(self) -> dict[str, Any]:
        """The pipeline's `curation_input`: the request without its content type; options left unset are left
        out, so the nodes' own defaults apply."""
        data = self.model_dump(exclude={"content_type"})
        return {key: value for key, value in data.items()
                if value is not None or key in ("target_celeb", "target_brand")}
