"""The research brief: draft -> critic gate -> capped revisions -> final."""

from __future__ import annotations

import pytest

from editorial_ai.content_types.research_brief.models import BriefDraft, BriefRequest
from editorial_ai.content_types.research_brief.service import ResearchBriefService, brief_schema, default_sub_questions
from editorial_ai.llm.base import LLMError
from editorial_ai.llm.profile import ModelProfile
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient, load_scenario

PASSAGE = "The Jennie effect at the airport: Jennie of BLACKPINK wearing Chanel 22 Bag (Chanel)."
# What the scripted briefs name besides: the counted checks hold a brief to its passages.
PASSAGES = [PASSAGE, "Jennie street style in denim: Jennie of BLACKPINK wearing Calvin Klein 90s Straight Jeans "
                     "(Calvin Klein), Gentle Monster Lang 01 Sunglasses (Gentle Monster).",
            "Jennie at Paris Fashion Week: Jennie of BLACKPINK in a Paris Fashion Week front row look."]
REQUEST = BriefRequest(topic="Jennie Effect", sub_questions=default_sub_questions("Jennie Effect"), passages=PASSAGES)


def _client(scenario: str | dict) -> ScriptedClient:
    responses = load_scenario(scenario) if isinstance(scenario, str) else scenario
    return ScriptedClient(responses, name="scripted:test")


def test_markdown_has_one_section_per_sub_question() -> None:
    draft = BriefDraft(title="Title", answers=["A1"], synthesis="S")
    text = draft.to_markdown(["Q1", "Q2"])
    assert text.startswith("# Title\n") and "## Q1\nA1" in text and "## Q2\n_(not answered)_" in text
    assert text.rstrip().endswith("## Synthesis\nS")


def test_schema_asks_for_exactly_one_answer_per_question() -> None:
    schema = brief_schema(3).model_json_schema()["properties"]["answers"]
    assert (schema["minItems"], schema["maxItems"]) == (3, 3)


async def test_critic_requests_one_revision_then_accepts() -> None:
    client = _client("good")
    events: list[str] = []
    outcome = await ResearchBriefService(client, client, on_event=lambda n, p: events.append(n)).run(REQUEST)
    assert outcome.revisions == 1 and len(outcome.drafts) == 2 and not outcome.flags
    assert [c.is_publishable for c in outcome.critiques] == [False, True]
    assert "## Synthesis" not in outcome.drafts[0] and "## Synthesis" in outcome.final
    assert events == ["critic_started", "checks_completed", "critic_completed", "writer_revision_started",
                      "writer_revision_completed", "critic_started", "checks_completed", "critic_completed"]
    revision_request = next(c for c in client.calls if c.purpose == "brief_revision")
    prompt = revision_request.prompt  # a chat model's revision: passages first, the critic's notes last
    assert prompt.startswith("Source passages:") and prompt.index("Your last brief") < prompt.index("Add a synthesis")
    critic_request = next(c for c in client.calls if c.purpose == "critic")
    assert "- comprehensiveness: " in critic_request.prompt and critic_request.temperature == 0.0
    assert outcome.llm_calls == 4 and outcome.total_tokens > 0


async def test_counted_findings_make_a_draft_the_critic_passed_go_back_for_revision() -> None:
    # "Quiet Luxury is a fashion trend that has gained popularity in recent years, driven by the desire for luxury"
    # passed a model critic; the synthesis repeated an answer word for word.
    responses = load_scenario("good")
    praised = ("Jennie of BLACKPINK leads it, and her Chanel 22 Bag has gained popularity in recent years with "
               "consumers who value quiet luxury.")
    first = dict(responses["brief_draft"][0]["json"])
    first["answers"] = [praised, *first["answers"][1:]]
    first["synthesis"] = praised
    responses["brief_draft"] = [{"json": first}]
    responses["critic"] = [{"json": {"is_publishable": True, "revisions_needed": []}}] * 3
    client = _client(responses)
    outcome = await ResearchBriefService(client, client).run(REQUEST)
    gate = outcome.critiques[0]
    assert not gate.is_publishable and outcome.revisions == 1
    assert gate.revisions_needed[0].startswith("faithfulness: ") and '"gained popularity"' in gate.revisions_needed[0]
    assert any(r.startswith("repetition: ") for r in gate.revisions_needed)
    revision = next(c for c in client.calls if c.purpose == "brief_revision").prompt
    assert "gained popularity" in revision  # the finding quoted to the writer
    assert outcome.critiques[-1].is_publishable  # the scripted revision says none of it


async def test_a_brief_that_pastes_its_passages_goes_back_for_revision() -> None:
    # Told to say only what the passages show, the model pasted passage lines as its answers.
    responses = load_scenario("good")
    first = dict(responses["brief_draft"][0]["json"])
    first["answers"] = [PASSAGES[1], *first["answers"][1:]]
    responses["brief_draft"] = [{"json": first}]
    responses["critic"] = [{"json": {"is_publishable": True, "revisions_needed": []}}] * 3
    client = _client(responses)
    outcome = await ResearchBriefService(client, client).run(REQUEST)
    assert not outcome.critiques[0].is_publishable
    assert any(r.startswith("originality: ") for r in outcome.critiques[0].revisions_needed)


async def test_revisions_are_capped() -> None:
    client = _client("weak")
    outcome = await ResearchBriefService(client, client, max_revisions=2).run(REQUEST)
    assert outcome.revisions == 2 and len(outcome.drafts) == 3 and len(outcome.critiques) == 3
    assert outcome.flags == ["revision_cap_reached"]


async def test_without_critic_the_first_draft_is_final() -> None:
    client = _client("weak")
    outcome = await ResearchBriefService(client, None).run(REQUEST, use_critic=False)
    assert outcome.revisions == 0 and len(outcome.drafts) == 1 and not outcome.critiques
    assert not [c for c in client.calls if c.purpose == "critic"]


async def test_critic_down_publishes_the_draft_with_a_flag() -> None:
    responses = load_scenario("good")
    responses["critic"] = [{"error": "fatal", "message": "critic quota exhausted"}]
    client = RetryingClient(_client(responses), base_wait_s=0.001)
    outcome = await ResearchBriefService(client, client).run(REQUEST)
    assert outcome.revisions == 0 and outcome.flags == ["critic_unavailable"]
    assert outcome.errors == ["critic: critic quota exhausted"]


async def test_failed_revision_keeps_the_previous_draft() -> None:
    responses = load_scenario("good")
    responses["brief_revision"] = [{"error": "fatal", "message": "writer down"}]
    client = _client(responses)
    outcome = await ResearchBriefService(client, client).run(REQUEST)
    assert len(outcome.drafts) == 1 and "revision_failed" in outcome.flags and outcome.revisions == 0


async def test_first_draft_failure_raises() -> None:
    with pytest.raises(LLMError):
        await ResearchBriefService(_client("eval_broken")).run(REQUEST)


async def test_a_base_model_s_example_is_built_from_the_passages_and_a_chat_model_gets_rules_instead() -> None:
    client = _client("good")
    client.profile = ModelProfile(chat=False)  # type: ignore[attr-defined]
    request = REQUEST.model_copy(update={"passages": [*REQUEST.passages, "Lisa street style: Lisa wearing Loewe."]})
    await ResearchBriefService(client, None).run(request, use_critic=False)
    example = client.calls[0].few_shot[0]
    assert "Jennie of BLACKPINK" in example and "Ana Lim" not in example
    chat = _client("good")  # a chat model copies any example word for word: it gets none, and the rules
    await ResearchBriefService(chat, None).run(request, use_critic=False)
    assert chat.calls[0].few_shot == []
    assert "never copy a passage" in chat.calls[0].system and "the brief" in chat.calls[0].system


def test_an_answer_the_model_numbered_is_rendered_without_its_number() -> None:
    draft = BriefDraft(title="Quiet Luxury", answers=["1. Rosé drives it.", "2) Balenciaga defines it."])
    markdown = draft.to_markdown(["Who?", "Which brands?"])
    assert "## Who?\nRosé drives it." in markdown and "## Which brands?\nBalenciaga defines it." in markdown


async def test_a_chat_model_gets_the_passages_first_and_no_rubric_to_write_about() -> None:
    request = BriefRequest(topic="Quiet luxury", sub_questions=["Who wears it?"],
                           passages=["Rosé at the airport: Rosé of BLACKPINK in a airport fashion look."])
    chat = _client("good")
    await ResearchBriefService(chat, None).run(request, use_critic=False)
    prompt = chat.calls[0].prompt
    assert prompt.startswith("Source passages:\n1. Rosé at the airport") and "judged on" not in prompt
    assert prompt.index("Who wears it?") < prompt.index("Write the brief on the topic")
    assert "never about the brief itself" in prompt
