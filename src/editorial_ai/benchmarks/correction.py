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

# Five grounded paragraphs about "Jennie Effect" on the sample catalog (the outline's five plans, in order).
_PARAGRAPHS = [
    "The Jennie Effect describes how a single outfit worn by Jennie of BLACKPINK can empty shelves within days. "
    "It shows up in street style, at the Paris Fashion Week front row and at pop-up store events, and it keeps "
    "returning to minimal shapes, soft tailoring and one bag that does the talking. Fans copy the pairing rather "
    "than the price tag, and that is why the effect keeps reaching well beyond the front row.",
    "Jennie set the tone in the Calvin Klein campaign everyone copied, wearing the Calvin Klein Trucker Denim "
    "Jacket over the Calvin Klein Modern Cotton Bralette. At the Paris Fashion Week front row she switched to the "
    "Chanel Tweed Jacket with the Chanel Classic Flap Bag and Alaïa Fishnet Ballet Flats. Each look mixed one "
    "statement piece with something plain, and each one was copied almost at once by fans who wanted the same ease.",
    "The Chanel Tweed Jacket is the piece that carries the Jennie Effect from the front row into everyday "
    "wardrobes. Jennie wore the Chanel Tweed Jacket at Paris Fashion Week with the Chanel Classic Flap Bag, and "
    "she left it open over simple layers instead of buttoning it up. Worn this way the jacket reads relaxed rather "
    "than formal, so it pairs as easily with jeans as with a skirt.",
    "The Jacquemus Le Chiquito Bag shows the playful side of the Jennie Effect. Jennie carried the Jacquemus Le "
    "Chiquito Bag in her street style look in Jacquemus, pairing the tiny bag with Chanel Ballet Flats. The bag "
    "is far too small to be practical, and that is the joke: it turns a simple outfit into a statement without "
    "any visible effort. Because the rest of the look stays plain, fans can add the bag to clothes they already own.",
    "Why does the Jennie Effect spread so fast? Part of the answer is range, because the same mix of Chanel and "
    "Calvin Klein appears at the airport, on stage and at the Chanel pop-up in Seongsu. The other part is ease. "
    "Denim, ballet flats and a single good bag are things most readers can find or already own, so copying the "
    "look feels possible rather than distant.",
]
_FLAW = " Hermès sent her a Birkin 25 the same week, and fans tracked every outing of the bag online."


def _paragraph_answers(flawed: int) -> list[dict[str, Any]]:
    """The flawed draft, then the fixed paragraph (all a targeted revision asks for), then the rest of a clean
    article in the order a full rewrite asks for them."""
    draft = [p + _FLAW if i == flawed else p for i, p in enumerate(_PARAGRAPHS)]
    rewrite = [_PARAGRAPHS[flawed], *(p for i, p in enumerate(_PARAGRAPHS) if i != flawed)]
    # Clean paragraphs for any further request (a short paragraph is continued, a rewrite is re-sampled): the
    # writer decides how many requests a draft takes, and neither mode may run out of clean text.
    return [{"text": t} for t in [*draft, *rewrite, *_PARAGRAPHS, *_PARAGRAPHS]]


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
        "editorial_paragraph": _paragraph_answers(flawed),
        "editorial_title": [{"text": "The Jennie Effect: How One Idol Dresses a Season"}],
        "editorial_subtitle": [{"text": "From the airport to Paris, every Jennie look becomes a bestseller"}],
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
        """Writer and judge calls per approved item."""
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
        loop = [u for u in usage if u.get("node") in ("editorial", "review")]
        # Everything the editorial node spent after the first review is the revision.
        first_review = next((i for i, u in enumerate(usage) if u.get("node") == "review"), len(usage))
        fixes = [u for u in usage[first_review:] if u.get("node") == "editorial"]
        result.approved += outcome.state.get("pipeline_status") == "published"
        result.loop_calls += len(loop)
        result.loop_tokens += sum(u["prompt_tokens"] + u["completion_tokens"] for u in loop)
        result.fix_tokens += sum(u["prompt_tokens"] + u["completion_tokens"] for u in fixes)
        result.run_tokens += sum(u["prompt_tokens"] + u["completion_tokens"] for u in usage)
    return result


def run_correction_benchmark(items: int = 12) -> list[ModeResult]:
    """Both modes on the same flawed drafts, side by side in one run."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)

        async def both() -> list[ModeResult]:
            return [await _run_mode(True, items, root), await _run_mode(False, items, root)]

        return asyncio.run(both())
