"""Targeted correction vs full regeneration on fixable flawed drafts (scripted provider, real graph)."""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import open_pipeline

_PARAGRAPHS = [
    "When Jennie walks through the airport with a Chanel 22 Bag, the bag is gone from every boutique within days, "
    "and the waiting lists grow longer each season.",
    "At Paris Fashion Week she paired the Chanel Tweed Jacket with Alaïa Fishnet Ballet Flats, and the street "
    "followed her lead before the shows had even ended.",
    "Her Calvin Klein campaign made plain denim feel new again, turning 90s straight jeans into the most searched "
    "item of the month.",
    "Stylists say the secret is restraint: one statement piece, everything else quiet, and a confidence that makes "
    "the whole look read as effortless.",
]
_FLAW = "Hermès sent her a Birkin 25 the same week, and fans tracked every outing of the bag online."


def _article(flawed_index: int | None) -> dict[str, Any]:
    paragraphs = list(_PARAGRAPHS)
    products = [{"name": "Chanel 22 Bag", "brand": "Chanel", "context": "airport"}]
    if flawed_index is not None:
        paragraphs[flawed_index] = _FLAW
        products.append({"name": "Birkin 25", "brand": "Hermès", "context": "gift"})
    return {
        "keyword": "Jennie Effect",
        "title": "The Jennie Effect: How One Idol Sells Out a Season",
        "subtitle": "From the airport to Paris, every look becomes a bestseller",
        "body_paragraphs": paragraphs,
        "pull_quotes": ["Jennie does not follow trends; she starts them."],
        "product_mentions": products,
        "celeb_mentions": [{"name": "Jennie", "context": "trendsetter"}],
        "hashtags": ["#JennieEffect", "#Chanel"],
        "credits": [{"role": "Editor", "name": "Editorial AI"}],
    }


def scenario(index: int) -> dict[str, list[dict[str, Any]]]:
    """Item `index`: the first draft names an unsourced brand in one paragraph; both fixes remove it."""
    flawed = index % len(_PARAGRAPHS)
    verdict = {
        name: {"score": 0.9, "passed": True, "reason": "Meets the criterion.", "severity": "minor"}
        for name in ("fact_accuracy", "content_completeness", "visual_appeal", "trend_relevance")
    }
    return {
        "curation": [
            {
                "json": {
                    "trend_background": "Jennie's looks sell out Chanel pieces.",
                    "related_keywords": ["Jennie airport fashion"],
                    "seasonality": "autumn",
                    "relevance_score": 0.9,
                }
            }
        ],
        "design_spec": [{"json": {"visual_style": "modern"}}],
        "editorial": [{"json": _article(flawed)}, {"json": _article(None)}],
        "correction": [
            {
                "json": {
                    f"body_paragraphs_{flawed}": _PARAGRAPHS[flawed],
                    "product_mentions": _article(None)["product_mentions"],
                }
            }
        ],
        "judge": [{"json": verdict}],
    }


@dataclass
class ModeResult:
    """Per-item averages for one mode."""

    mode: str
    items: int
    approved: int
    loop_calls: int
    loop_tokens: int
    fix_tokens: int
    run_tokens: int

    @property
    def loop_calls_per_item(self) -> float:
        """Editorial + correction + judge calls per approved item."""
        return self.loop_calls / max(1, self.approved)

    @property
    def loop_tokens_per_item(self) -> float:
        """Tokens of drafting, correcting and judging per approved item."""
        return self.loop_tokens / max(1, self.approved)

    @property
    def fix_tokens_per_item(self) -> float:
        """Tokens spent producing the revision per approved item."""
        return self.fix_tokens / max(1, self.approved)

    @property
    def run_tokens_per_item(self) -> float:
        """All tokens of the run (curation and design included) per approved item."""
        return self.run_tokens / max(1, self.approved)


async def _run_mode(targeted: bool, items: int, root: Path) -> ModeResult:
    mode = "targeted correction" if targeted else "full regeneration"
    result = ModeResult(mode, items, 0, 0, 0, 0, 0)
    for index in range(items):
        client = RetryingClient(ScriptedClient(scenario(index), name="scripted:bench"), base_wait_s=0.001)
        settings = Settings(
            EDITORIAL_AI_DATA_DIR=root / f"{mode[:4]}-{index}",
            EDITORIAL_AI_MODEL="scripted:bench",
            EDITORIAL_AI_TARGETED_CORRECTION=targeted,
        )

        def same_client(_model: str, c: RetryingClient = client) -> RetryingClient:
            return c

        async with open_pipeline(settings, llm_factory=same_client) as pipeline:
            outcome = await pipeline.start({"seed_keyword": "Jennie Effect"})
            if outcome.waiting_for_human and not outcome.state.get("escalated"):
                outcome = await pipeline.decide(
                    str(outcome.state["current_draft_id"]), AdminDecision(decision="approved")
                )
        usage = outcome.state.get("token_usage", [])
        loop = [u for u in usage if u.get("purpose") in ("editorial", "correction", "judge", "repair")]
        drafts = [u for u in usage if u.get("purpose") in ("editorial", "correction")]
        result.approved += outcome.state.get("pipeline_status") == "published"
        result.loop_calls += len(loop)
        result.loop_tokens += sum(u["prompt_tokens"] + u["completion_tokens"] for u in loop)
        result.fix_tokens += sum(u["prompt_tokens"] + u["completion_tokens"] for u in drafts[1:])
        result.run_tokens += sum(u["prompt_tokens"] + u["completion_tokens"] for u in usage)
    return result


def run_correction_benchmark(items: int = 12) -> list[ModeResult]:
    """Both modes on the same flawed drafts, side by side in one run."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)

        async def both() -> list[ModeResult]:
            return [await _run_mode(True, items, root), await _run_mode(False, items, root)]

        return asyncio.run(both())
