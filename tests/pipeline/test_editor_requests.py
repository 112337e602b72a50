"""An editor's request the rewrite did not follow reaches the editor as a flag, never passed silently."""

from __future__ import annotations

from pathlib import Path

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import open_pipeline


async def test_a_lead_the_rewrite_ignored_is_flagged(tmp_path: Path) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    async with open_pipeline(settings) as pipeline:
        started = await pipeline.start({"seed_keyword": "Jennie Effect"})
        assert started.waiting_for_human
        content_id = str(started.state["current_draft_id"])
        # The scripted writer answers with the same paragraphs: none of them leads with Lisa.
        revised = await pipeline.decide(content_id, AdminDecision(decision="revision_requested",
                                                                  feedback="Lead with Lisa, please."))
        state = revised.state
        assert revised.waiting_for_human
        flags = [f for f in state.get("flags", []) if f.startswith("editor request not followed")]
        assert flags == ['editor request not followed: the editor asked to lead with "Lisa"; the first paragraph '
                         "does not name it"]


def test_a_revision_that_fixed_quoted_sentences_is_not_read_as_unchanged() -> None:
    from editorial_ai.content_types.article.nodes.review import ARTICLE_REVIEW_LOOP
    from editorial_ai.pipeline.review_loop import ReviewedAttempt

    body = ["Jennie wore the Chanel 22 Bag at the airport. " * 8, "Lisa carried a Gucci bag in Milan.",
            "The rest of the article stays exactly as it was, word for word, through the revision. " * 6]
    review = {"criteria": [{"criterion": "hallucination", "passed": False, "evidence": [
        'body_paragraphs[1]: "Lisa carried a Gucci bag in Milan." — not in the sources: Gucci, Milan']}]}
    state = {"review_result": review}

    def attempt(paragraphs: list[str]) -> ReviewedAttempt:
        draft = {"title": "t", "blocks": [{"type": "body_text", "paragraphs": paragraphs}]}
        return ReviewedAttempt(review=None, entry={}, draft=draft, title="t")  # type: ignore[arg-type]

    fixed = [body[0], "Lisa carried a bag on the street.", body[2]]
    assert ARTICLE_REVIEW_LOOP.similarity(state, attempt(fixed)) == 0.0  # type: ignore[arg-type]
    assert ARTICLE_REVIEW_LOOP.similarity(state, attempt(body)) == 1.0  # type: ignore[arg-type]


def test_a_rewritten_standfirst_the_review_quoted_is_not_read_as_unchanged() -> None:
    # The standfirst was left out of the compared text: a revision that rewrote only it read as 100% the same.
    from editorial_ai.content_types.article.nodes.review import ARTICLE_REVIEW_LOOP, draft_text
    from editorial_ai.pipeline.review_loop import ReviewedAttempt

    old = "Gorpcore: boots, bags and the trail look on the street"
    review = {"criteria": [{"criterion": "repetition", "passed": False, "evidence": [
        f'subtitle: "{old}" — the standfirst repeats the headline: say what the headline leaves out']}]}
    body = ["The rest of the article stays exactly as it was, word for word, through the revision. " * 6]

    def attempt(standfirst: str) -> ReviewedAttempt:
        draft = {"title": "t", "blocks": [{"type": "hero", "overlay_title": "t", "overlay_subtitle": standfirst},
                                          {"type": "body_text", "paragraphs": body}]}
        return ReviewedAttempt(review=None, entry={}, draft=draft, title="t")  # type: ignore[arg-type]

    state = {"review_result": review}
    assert old in draft_text(attempt(old).draft)
    assert ARTICLE_REVIEW_LOOP.similarity(state, attempt("Mingyu's Tabi boots lead a street look")) == 0.0  # type: ignore[arg-type]
    assert ARTICLE_REVIEW_LOOP.similarity(state, attempt(old)) == 1.0  # type: ignore[arg-type]
