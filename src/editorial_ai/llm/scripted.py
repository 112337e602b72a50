"""A deterministic provider driven by scenario files, for offline tests and demos.

A scenario maps a request `purpose` (curation, design_spec, editorial, judge, repair, ...) to a list of
responses consumed in order; the last one repeats. A response is one of:

    {json: {...}}            a structured answer (dumped as JSON text)
    {text: "..."}            raw text, possibly malformed
    {error: transient|fatal, message: "..."}
    {echo_schema_default: true}   the schema's own defaults (for optional steps)

A `default` purpose answers purposes that have no list of their own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, TokenUsage
from editorial_ai.llm.structured import parse_structured

SCENARIO_DIR = Path(__file__).parent / "scenarios"


class ScenarioError(ValueError):
    """A scenario file is missing or malformed."""


def load_scenario(name_or_path: str) -> dict[str, list[dict[str, Any]]]:
    """Load a scenario by bundled name or by file path."""
    path = Path(name_or_path)
    if not path.suffix:
        path = SCENARIO_DIR / f"{name_or_path}.yaml"
    if not path.exists():
        bundled = ", ".join(sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml")))
        raise ScenarioError(f"scenario {name_or_path!r} not found; bundled scenarios: {bundled}")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ScenarioError(f"scenario {path} must be a mapping of purposes to lists of responses")
    responses = data.get("responses", data)
    if not isinstance(responses, dict):
        raise ScenarioError(f"scenario {path} must map purposes to lists of responses")
    return {str(k): list(v) for k, v in responses.items()}


def _approx_tokens(text: str) -> int:
    return max(1, len(text) // 4)


class ScriptedClient:
    """Answers from a scenario; records every request it saw in `calls`."""

    def __init__(self, responses: dict[str, list[dict[str, Any]]], name: str = "scripted") -> None:
        self.name = name
        self.responses = responses
        self.cursor: dict[str, int] = {}
        self.calls: list[LLMRequest] = []

    def _next(self, purpose: str) -> dict[str, Any]:
        key = purpose if purpose in self.responses else "default"
        queue = self.responses.get(key)
        if not queue:
            raise LLMError(f"scenario has no response for purpose {purpose!r}", provider=self.name)
        index = self.cursor.get(key, 0)
        self.cursor[key] = index + 1
        return queue[min(index, len(queue) - 1)]

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Return the next scripted response for the request's purpose."""
        self.calls.append(request)
        response = self._next(request.purpose)
        if "error" in response:
            transient = response["error"] == "transient"
            raise LLMError(
                response.get("message", f"scripted {response['error']} error"), transient=transient, provider=self.name
            )
        if "json" in response:
            text = json.dumps(response["json"], ensure_ascii=False)
        elif response.get("echo_schema_default") and request.output_schema is not None:
            text = request.output_schema().model_dump_json()
        else:
            text = str(response.get("text", ""))
        usage = TokenUsage(
            prompt_tokens=_approx_tokens(request.prompt + request.system),
            completion_tokens=_approx_tokens(text),
            model_name=self.name,
        )
        parsed = parse_structured(text, request.output_schema) if request.output_schema else None
        return LLMResult(text=text, parsed=parsed, usage=usage, model=self.name)


def create_client(spec: Any, settings: Settings) -> ScriptedClient:
    """Factory used by the registry: `scripted:<scenario name or path>`."""
    name = spec.model or "happy"
    return ScriptedClient(load_scenario(name), name=f"scripted:{name}")
