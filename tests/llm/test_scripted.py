"""The scripted provider and its scenario files."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, StructuredOutputError
from editorial_ai.llm.scripted import (
    SCENARIO_DIR,
    ScenarioError,
    ScriptedClient,
    load_scenario,
    scenario_latency_s,
    scenario_names,
)


class Spec(BaseModel):
    style: str = "modern"
    size: int = 12


def _req(purpose: str, schema: type[BaseModel] | None = None) -> LLMRequest:
    return LLMRequest(prompt="p", purpose=purpose, output_schema=schema)


@pytest.mark.parametrize("path", sorted(SCENARIO_DIR.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_scenario_loads(path: Path) -> None:
    scenario = load_scenario(path.stem)
    assert scenario and all(isinstance(v, list) and v for v in scenario.values())
    for responses in scenario.values():
        for response in responses:
            assert {"json", "text", "error", "echo_schema_default"} & set(response), response


def test_load_by_name_from_a_configured_directory_and_unknown_name(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("editorial:\n  - text: hello\n", encoding="utf-8")
    assert load_scenario("mine", tmp_path) == {"editorial": [{"text": "hello"}]}
    assert "mine" in scenario_names(tmp_path) and "happy" in scenario_names(tmp_path)
    with pytest.raises(ScenarioError, match="happy"):
        load_scenario("no_such_scenario")
    (tmp_path / "nested.yaml").write_text("responses: [1, 2]\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="map purposes"):
        load_scenario("nested", tmp_path)


def test_paths_are_refused_alike_whether_or_not_they_exist(tmp_path: Path) -> None:
    existing = tmp_path / "secret.conf"
    existing.write_text("password: hunter2\n", encoding="utf-8")
    messages = set()
    for candidate in (str(existing), str(tmp_path / "missing.conf"), "../happy", "happy.yaml", "/etc/passwd"):
        with pytest.raises(ScenarioError) as caught:
            load_scenario(candidate, tmp_path)
        messages.add(str(caught.value))
    assert len(messages) == 1 and "never by path" in messages.pop()


def test_yaml_errors_do_not_quote_the_file(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("editorial: [\n  secret-line: {\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario("broken", tmp_path)
    assert "secret-line" not in str(caught.value) and "line" in str(caught.value)


def test_top_level_list_scenario_is_a_scenario_error(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("- just a list\n", encoding="utf-8")
    with pytest.raises(ScenarioError):
        load_scenario("bad", tmp_path)


async def test_responses_are_consumed_in_order_and_the_last_repeats() -> None:
    client = ScriptedClient({"a": [{"text": "one"}, {"text": "two"}], "b": [{"text": "bee"}]})
    assert isinstance(client, LLMClient)
    texts = [(await client.generate(_req("a"))).text for _ in range(4)]
    assert texts == ["one", "two", "two", "two"]
    assert (await client.generate(_req("b"))).text == "bee"
    assert [c.purpose for c in client.calls] == ["a", "a", "a", "a", "b"]


async def test_default_answers_unlisted_purposes() -> None:
    client = ScriptedClient({"default": [{"text": "fallback"}]})
    assert (await client.generate(_req("anything"))).text == "fallback"


async def test_missing_purpose_is_an_llm_error() -> None:
    with pytest.raises(LLMError, match="repair"):
        await ScriptedClient({"a": [{"text": "x"}]}).generate(_req("repair"))


async def test_json_response_is_parsed_with_the_schema_and_counts_tokens() -> None:
    client = ScriptedClient({"design": [{"json": {"style": "bold", "size": 20}}]}, name="scripted:t")
    result = await client.generate(_req("design", Spec))
    assert result.parsed == Spec(style="bold", size=20)
    assert result.model == "scripted:t" and result.usage.model_name == "scripted:t"
    assert result.usage.prompt_tokens >= 1 and result.usage.completion_tokens >= 1


async def test_malformed_text_is_repaired_or_raises() -> None:
    client = ScriptedClient({"x": [{"text": '```json\n{"style": "bold",}\n```'}, {"text": "not json"}]})
    assert (await client.generate(_req("x", Spec))).parsed == Spec(style="bold")
    with pytest.raises(StructuredOutputError):
        await client.generate(_req("x", Spec))


@pytest.mark.parametrize(("kind", "transient"), [("transient", True), ("fatal", False)])
async def test_scripted_errors(kind: str, transient: bool) -> None:
    client = ScriptedClient({"x": [{"error": kind, "message": "boom"}, {"text": "ok"}]})
    with pytest.raises(LLMError, match="boom") as info:
        await client.generate(_req("x"))
    assert info.value.transient is transient
    assert (await client.generate(_req("x"))).text == "ok"


async def test_echo_schema_default() -> None:
    client = ScriptedClient({"x": [{"echo_schema_default": True}]})
    assert (await client.generate(_req("x", Spec))).parsed == Spec()


def test_own_test_scenarios_answer_every_pipeline_step() -> None:
    for name in ("test_malformed", "test_flaky", "test_judge_down"):
        scenario = load_scenario(name)
        assert {"curation", "design_spec", "editorial_paragraph", "editorial_title", "judge"} <= set(scenario), name



@pytest.mark.parametrize("name", [p.stem for p in sorted(SCENARIO_DIR.glob("*.yaml"))])
def test_scripted_drafts_satisfy_the_editorial_schema(name: str) -> None:
    from editorial_ai.models.editorial import BODY_PARAGRAPH_CHARS, EditorialContent

    scenario = load_scenario(name)
    assert "editorial" not in scenario, "articles are written paragraph by paragraph (editorial_paragraph)"
    paragraphs = [r["text"] for r in scenario.get("editorial_paragraph", []) if "text" in r]
    titles = [r["text"] for r in scenario.get("editorial_title", []) if "text" in r]
    for title in titles:
        EditorialContent(keyword="k", title=title, body_paragraphs=paragraphs[:2] or ["x" * 40] * 2)
    assert all(40 <= len(p) <= BODY_PARAGRAPH_CHARS for p in paragraphs), name


def test_a_scenario_file_is_parsed_once_and_again_when_it_changes(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from editorial_ai.llm import scripted

    path = tmp_path / "paced.yaml"
    path.write_text("latency_ms: 5\nresponses:\n  default:\n    - text: one\n", encoding="utf-8")
    parsed: list[str] = []
    real = scripted.yaml.safe_load

    def counting(text: str) -> object:
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(scripted.yaml, "safe_load", counting)
    for _ in range(3):  # a client per run reads the file's responses and latency
        assert load_scenario("paced", tmp_path) == {"default": [{"text": "one"}]}
        assert scenario_latency_s("paced", tmp_path) == 0.005
    assert len(parsed) == 1
    path.write_text("latency_ms: 7\nresponses:\n  default:\n    - text: two, longer\n", encoding="utf-8")
    assert load_scenario("paced", tmp_path) == {"default": [{"text": "two, longer"}]}
    assert scenario_latency_s("paced", tmp_path) == 0.007 and len(parsed) == 2
