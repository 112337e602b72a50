"""A deterministic provider driven by scenario files, for offline tests and demos.

A scenario maps a request `purpose` (curation, design_spec, editorial, judge, repair, ...) to a list of
responses consumed in order; the last one repeats. A response is one of:

    {json: {...}}            a structured answer (dumped as JSON text)
    {text: "..."}            raw text, possibly malformed
    {error: transient|fatal, message: "..."}
    {echo_schema_default: true}   the schema's own defaults (for optional steps)

A `default` purpose answers purposes that have no list of their own. A file of the form
`{latency_ms: 100, responses: {...}}` answers every call after that many milliseconds (a remote model's wait,
for queue and concurrency benchmarks).
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
from pathlib import Path
from typing import Any

import yaml

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, TokenUsage
from editorial_ai.llm.structured import parse_structured_async

SCENARIO_DIR = Path(__file__).parent / "scenarios"
# A scenario is named, never located: no separators or dots, so no request can point the loader at a file.
SCENARIO_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


class ScenarioError(ValueError):
    """A scenario is missing, malformed, or was asked for by something other than a plain name."""


# The `scenarios/` folders content type packages bring, added when a type is registered (pipeline/registry.py).
_PLUGIN_DIRS: list[Path] = []


def add_scenario_dir(directory: Path) -> None:
    """Look scenarios up in `directory` too (after the configured and the bundled ones)."""
    if directory not in _PLUGIN_DIRS:
        _PLUGIN_DIRS.append(directory)


def scenario_dirs(extra_dir: Path | None = None) -> list[Path]:
    """Where scenarios are looked up: the configured directory (EDITORIAL_AI_SCENARIO_DIR) first, then the bundled,
    then those of the registered content types."""
    return [d for d in (extra_dir, SCENARIO_DIR, *_PLUGIN_DIRS) if d is not None]


def scenario_names(extra_dir: Path | None = None) -> list[str]:
    """Every scenario name that can be loaded, sorted."""
    names = {p.stem for d in scenario_dirs(extra_dir) if d.is_dir() for p in d.glob("*.yaml")}
    return sorted(n for n in names if SCENARIO_NAME.fullmatch(n))


def scenario_path(name: str, extra_dir: Path | None = None) -> Path:
    """The file of a named scenario; ScenarioError (naming the available ones) when it does not exist.

    Any string that is not a plain name gets the same error without touching the file system, so the answer
    never tells whether some path exists.
    """
    if not SCENARIO_NAME.fullmatch(name):
        raise ScenarioError(
            "scenarios are chosen by name (letters, digits, - and _), never by path or URL; "
            f"available scenarios: {', '.join(scenario_names(extra_dir))}"
        )
    for directory in scenario_dirs(extra_dir):
        path = directory / f"{name}.yaml"
        if path.is_file():
            return path
    raise ScenarioError(f"scenario {name!r} not found; available scenarios: {', '.join(scenario_names(extra_dir))}")


def _scenario_file(name: str, extra_dir: Path | None) -> Any:
    """The scenario's parsed YAML. A scripted client is made for every run, and parsing the file for each was a
    quarter of a queue worker's CPU in `bench scale`: it is parsed once per process while it stays unchanged."""
    path = scenario_path(name, extra_dir)
    stat = path.stat()
    return _parse_scenario(str(path), stat.st_mtime_ns, stat.st_size, name)


@functools.lru_cache(maxsize=64)
def _parse_scenario(path: str, mtime_ns: int, size: int, name: str) -> Any:
    """Parse a scenario file (keyed by its change time and size too: an edited file is read again)."""
    try:
        return yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        # The parser's message quotes the file's lines; say where, not what.
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ScenarioError(f"scenario {name!r} is not valid UTF-8 YAML{where}; fix the file") from None


def load_scenario(name: str, extra_dir: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Load a scenario by name from the configured directory or the bundled ones."""
    data = _scenario_file(name, extra_dir)
    if not isinstance(data, dict):
        raise ScenarioError(f"scenario {name!r} must be a mapping of purposes to lists of responses")
    responses = data.get("responses", data)
    if not isinstance(responses, dict):
        raise ScenarioError(f"scenario {name!r} must map purposes to lists of responses")
    return {str(k): list(v) for k, v in responses.items()}


def scenario_latency_s(name: str, extra_dir: Path | None = None) -> float:
    """The scenario's `latency_ms` as seconds (0 when it has none)."""
    data = _scenario_file(name, extra_dir)
    latency = data.get("latency_ms", 0) if isinstance(data, dict) and "responses" in data else 0
    if not isinstance(latency, int | float) or not 0 <= latency <= 60_000:
        raise ScenarioError(f"scenario {name!r}: latency_ms must be a number of milliseconds from 0 to 60000")
    return float(latency) / 1000


def _approx_tokens(text: str) -> int:
    return max(1, len(text) // 4)


class ScriptedClient:
    """Answers from a scenario; records every request it saw in `calls`."""

    def __init__(self, responses: dict[str, list[dict[str, Any]]], name: str = "scripted",
                 latency_s: float = 0.0) -> None:
        self.name = name
        self.latency_s = latency_s
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
        if self.latency_s:
            await asyncio.sleep(self.latency_s)
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
        parsed = await parse_structured_async(text, request.output_schema) if request.output_schema else None
        return LLMResult(text=text, parsed=parsed, usage=usage, model=self.name)


def create_client(spec: Any, settings: Settings) -> ScriptedClient:
    """Factory used by the registry: `scripted:<scenario name>` (bundled, in EDITORIAL_AI_SCENARIO_DIR or in a
    content type's package)."""
    name = spec.model or "happy"
    return ScriptedClient(load_scenario(name, settings.scenario_dir), name=f"scripted:{name}",
                          latency_s=scenario_latency_s(name, settings.scenario_dir))
