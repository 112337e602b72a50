"""Targeted self-correction: regenerate only the components a failed review points at, then merge."""

from __future__ import annotations

import json
import re
from typing import Any, get_args

from pydantic import BaseModel, create_model
from pydantic.fields import FieldInfo

from editorial_ai.llm.base import LLMClient, LLMRequest
from editorial_ai.models.state_json import JsonObject
from editorial_ai.prompts.sanitize import quote_as_data

_ITEM = re.compile(r"^(?P<field>[a-z_]+)\[(?P<index>\d+)\]$")


def _split(component: str) -> tuple[str, int | None]:
    match = _ITEM.match(component)
    return (match["field"], int(match["index"])) if match else (component, None)


def patch_field_name(component: str) -> str:
    """`body_paragraphs[1]` -> `body_paragraphs_1` (a valid JSON key for the patch schema)."""
    field, index = _split(component)
    return field if index is None else f"{field}_{index}"


def validate_components(model: type[BaseModel], artifact: BaseModel, components: list[str]) -> list[str]:
    """Keep components that exist on the artifact (list items must be in range)."""
    valid = []
    for component in components:
        field, index = _split(component)
        if field not in model.model_fields:
            continue
        if index is not None and index >= len(getattr(artifact, field) or []):
            continue
        if component not in valid:
            valid.append(component)
    return valid


def build_patch_model(model: type[BaseModel], components: list[str]) -> type[BaseModel]:
    """A schema with one field per component, carrying the original field's type and limits."""
    fields: dict[str, Any] = {}  # pydantic's create_model takes its fields as keyword arguments of any type
    for component in components:
        field, index = _split(component)
        info: FieldInfo = model.model_fields[field]
        if index is None:
            fields[patch_field_name(component)] = (info.annotation, FieldInfo.merge_field_infos(info, default=...))
        else:
            item_type = get_args(info.annotation)[0]
            fields[patch_field_name(component)] = (item_type, ...)
    return create_model(f"{model.__name__}Patch", **fields)


def apply_patch(artifact: BaseModel, patch: BaseModel, components: list[str]) -> BaseModel:
    """Merge patched components into a copy of the artifact and re-validate it."""
    data = artifact.model_dump(mode="json")
    for component in components:
        field, index = _split(component)
        value = getattr(patch, patch_field_name(component))
        value = (
            value.model_dump(mode="json")
            if isinstance(value, BaseModel)
            else (
                [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in value]
                if isinstance(value, list)
                else value
            )
        )
        if index is None:
            data[field] = value
        else:
            data[field][index] = value
    return type(artifact).model_validate(data)


def current_values(artifact: BaseModel, components: list[str]) -> JsonObject:
    """The current value of each component, keyed like the patch schema."""
    data = artifact.model_dump(mode="json")
    out: JsonObject = {}
    for component in components:
        field, index = _split(component)
        out[patch_field_name(component)] = data[field] if index is None else data[field][index]
    return out


def build_correction_prompt(artifact: BaseModel, components: list[str], feedback: list[str], sources_text: str) -> str:
    """Only the parts to rewrite, the feedback and the sources: the rest of the draft is kept verbatim,
    so sending it again would only cost tokens."""
    context = getattr(artifact, "title", "") or getattr(artifact, "stem", "")
    # Judge reasons quote the draft (model output): sanitized and quoted like any other reviewer note.
    quoted = (quote_as_data(f, label="Reviewer note") for f in feedback)
    lines = "\n".join(f"- {q}" for q in quoted if q) or "- improve quality"
    current = json.dumps(current_values(artifact, components), ensure_ascii=False)[:2000]
    return (
        (f"Draft title: {context}\n" if context else "")
        + f"Parts to rewrite, as they are now: {current}\n\nReviewer feedback:\n{lines}\n\n"
        f"Source material: {sources_text}\n\nRewrite these parts so the feedback is fixed; use only names from the "
        f"source material.\nRewritten parts:"
    )


async def correct_components(
    llm: LLMClient,
    artifact: BaseModel,
    components: list[str],
    *,
    feedback: list[str],
    sources_text: str,
    system: str,
    example: str = "",
    temperature: float = 0.7,
) -> BaseModel:
    """Regenerate `components` of `artifact` with the feedback and merge them back."""
    model = type(artifact)
    patch_model = build_patch_model(model, components)
    request = LLMRequest(
        system=system,
        prompt=build_correction_prompt(artifact, components, feedback, sources_text),
        few_shot=[example] if example else [],
        output_schema=patch_model,
        temperature=temperature,
        max_tokens=160 * len(components) + 80,
        purpose="correction",
    )
    result = await llm.generate(request)
    return apply_patch(artifact, result.parsed, components)
