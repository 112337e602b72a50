"""The social post flow: social_source -> social_write -> social_review -> (gate | social_fix -> social_review ...).

social_source finds the published article and gathers what the captions are checked against; social_write asks
for one caption per platform; social_review runs the desk's checks in the shared review loop; social_fix rewrites
only the captions that failed, with the findings. A human's revision request goes back to social_write.
"""

from __future__ import annotations

from pydantic import ValidationError

from editorial_ai.content_types.social_post.models import ArticleFacts, SocialPosts
from editorial_ai.content_types.social_post.platforms import BY_NAME, PLATFORMS
from editorial_ai.content_types.social_post.source import ArticleNotFoundError, article_facts, find_article
from editorial_ai.content_types.social_post.state import SocialNode, SocialPostState
from editorial_ai.content_types.social_post.validators import Finding, check_posts
from editorial_ai.content_types.social_post.writer import fix_caption, write_caption
from editorial_ai.llm.base import LLMError
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.models.status import Decision, PipelineStatus
from editorial_ai.pipeline.content_type import Flow
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.loop_wiring import review_loop_flow
from editorial_ai.pipeline.nodes._common import run_model
from editorial_ai.pipeline.review_loop import Correction, ReviewedAttempt, ReviewLoop, now_iso, review_node_maker
from editorial_ai.pipeline.state import HistoryEntry
from editorial_ai.review.policy import draft_similarity
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.scoring import composite_score, decide_pass

SOCIAL_FLOW = "social_post"


def _facts(state: SocialPostState) -> ArticleFacts:
    return ArticleFacts.model_validate(state.get("social_article") or {})


def posts_text(posts: SocialPosts) -> str:
    """The captions' text, for the no-change check between attempts."""
    return "\n".join(f"{c.platform}: {c.text}" for c in posts.captions)


def make_social_source_node(deps: PipelineDeps) -> SocialNode:
    """Find the published article the run names and gather its facts and catalog sources."""

    async def social_source(state: SocialPostState) -> SocialPostState:
        reference = str((state.get("curation_input") or {}).get("seed_keyword") or "")
        try:
            row = await find_article(deps.contents, reference)
        except ArticleNotFoundError as exc:
            return {"pipeline_status": PipelineStatus.FAILED, "error_log": [f"social_source: {exc}"]}
        facts = await article_facts(row, deps.catalog)
        return {"social_article": facts.model_dump(mode="json"), "pipeline_status": PipelineStatus.SOURCING,
                "tool_calls_log": [{"tool": "social_post.source", "article": facts.content_id,
                                    "passages": len(facts.passages)}]}

    return social_source


def make_social_write_node(deps: PipelineDeps) -> SocialNode:
    """One caption per platform; a human's revision request is quoted into every prompt."""

    async def social_write(state: SocialPostState) -> SocialPostState:
        facts, version = _facts(state), int(state.get("draft_version", 0)) + 1
        revising = state.get("admin_decision") == Decision.REVISION_REQUESTED
        note = str(state.get("admin_feedback") or "") if revising else ""
        llm = deps.llm("editorial_content", run_model(state, deps.settings), 0)
        try:
            captions = [await write_caption(llm, platform, facts, editor_note=note, seed=1000 * version + i)
                        for i, platform in enumerate(PLATFORMS)]
        except LLMError as exc:
            return {"pipeline_status": PipelineStatus.FAILED, "draft_version": version,
                    "error_log": [f"social_write: writing failed on attempt {version}: {exc}"]}
        posts = SocialPosts(keyword=facts.keyword, title=f"Social posts: {facts.title}", article_id=facts.content_id,
                            article_title=facts.title, article_url=facts.url, captions=captions)
        return {"current_draft": posts.model_dump(mode="json"), "draft_version": version, "revision_count": 0,
                "correction_targets": [], "best_draft": None, "best_score": None, "escalated": False, "flags": [],
                "pipeline_status": PipelineStatus.DRAFTING,
                "tool_calls_log": [{"tool": "social_post.write", "model": llm.name, "attempt": version,
                                    "with_admin_feedback": bool(note)}]}

    return social_write


def review_result(findings: list[Finding], rubric: Rubric) -> ReviewResult:
    """The findings as rubric verdicts (one criterion per check)."""
    results = []
    for criterion in rubric.criteria:
        failed = [f for f in findings if f.check == criterion.name]
        reason = "; ".join(f"{f.platform}: {f.message}" for f in failed) or "no problem found"
        results.append(CriterionResult(criterion=criterion.name, passed=not failed, reason=reason[:600],
                                       severity=criterion.severity, score=0.0 if failed else 1.0, source="validation",
                                       evidence=[f"{f.platform}: {f.message}" for f in failed]))
    passed = decide_pass(rubric, results)
    return ReviewResult(passed=passed, criteria=results, composite_score=composite_score(rubric, results),
                        summary="every caption passed the desk's checks" if passed else
                        "failed: " + ", ".join(r.criterion for r in results if not r.passed),
                        suggestions=[f"{f.platform}: {f.message}" for f in findings][:5])


class SocialReviewLoop(ReviewLoop[SocialPostState]):
    """The desk's checks in the shared loop (no judge); a failed caption is rewritten by social_fix."""

    node = "social_review"
    correct_node = "social_fix"

    async def assess(self, state: SocialPostState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        """Check every caption against its platform's rules, the article and its sources."""
        draft = state.get("current_draft") or {}
        try:
            posts = SocialPosts.model_validate(draft)
        except ValidationError:
            posts = SocialPosts(keyword="", title="", article_id="", article_title="", article_url="")
        findings = check_posts(posts, _facts(state))
        review = review_result(findings, rubric)
        entry: HistoryEntry = {
            "cycle": len(state.get("review_history", [])) + 1, "attempt": int(state.get("draft_version", 0)),
            "passed": review.passed, "composite_score": review.composite_score, "threshold": rubric.threshold,
            "pass_rule": rubric.pass_rule, "scores": {c.criterion: c.score for c in review.criteria},
            "failed": [c.criterion for c in review.failed()], "errors": [f.as_dict() for f in findings],
            "at": now_iso(),
        }
        reviewed: SocialPostState = {"social_reviewed_text": posts_text(posts)}
        return ReviewedAttempt(review=review, entry=entry, draft=draft or None, title=posts.title,
                               state_fields=reviewed, findings=findings)

    def similarity(self, state: SocialPostState, attempt: ReviewedAttempt) -> float:
        """How much this attempt repeats the last reviewed one."""
        current = SocialPosts.model_validate(attempt.draft) if attempt.draft else None
        return draft_similarity(state.get("social_reviewed_text") or "", posts_text(current) if current else "")

    def plan(self, state: SocialPostState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        """The platforms whose captions failed, and the findings for the corrector."""
        findings: list[Finding] = attempt.findings
        platforms = sorted({f.platform for f in findings if f.platform in BY_NAME})
        if not platforms:
            return None
        return Correction(targets=platforms, entry={"correction_target": platforms,
                                                    "correction": [f.as_dict() for f in findings]})


SOCIAL_REVIEW_LOOP = SocialReviewLoop()


def make_social_fix_node(deps: PipelineDeps) -> SocialNode:
    """Rewrite the captions the review found wrong, each with its findings; the others stay as they are."""

    async def social_fix(state: SocialPostState) -> SocialPostState:
        version = int(state.get("draft_version", 0)) + 1
        posts, facts = SocialPosts.model_validate(state.get("current_draft") or {}), _facts(state)
        findings = (state.get("review_history") or [{}])[-1].get("correction") or []
        targets = list(state.get("correction_targets") or [])
        llm = deps.llm("editorial_content", run_model(state, deps.settings), int(state.get("revision_count", 0)))
        captions, errors = [], []
        for caption in posts.captions:
            if caption.platform not in targets or caption.platform not in BY_NAME:
                captions.append(caption)
                continue
            problems = [str(f.get("message")) for f in findings if f.get("platform") == caption.platform]
            try:
                captions.append(await fix_caption(llm, BY_NAME[caption.platform], facts, caption, problems,
                                                  seed=1000 * version))
            except LLMError as exc:
                captions.append(caption)
                errors.append(f"social_fix: the {caption.platform} caption could not be rewritten: {exc}")
        update: SocialPostState = {
            "current_draft": posts.model_copy(update={"captions": captions}).model_dump(mode="json"),
            "draft_version": version, "correction_targets": [], "pipeline_status": PipelineStatus.REVISING,
            "tool_calls_log": [{"tool": "social_post.fix", "model": llm.name, "attempt": version,
                                "platforms": [*targets]}],
        }
        if errors:
            update["error_log"] = errors
        return update

    return social_fix


SOCIAL_NODE_MAKERS = {
    "social_source": make_social_source_node,
    "social_write": make_social_write_node,
    "social_review": review_node_maker(SOCIAL_REVIEW_LOOP),
    "social_fix": make_social_fix_node,
}


def social_post_flow() -> Flow:
    """social_source -> social_write -> social_review, the shared loop's corrector social_fix."""
    return review_loop_flow(SOCIAL_FLOW, steps=("social_source", "social_write"), loop=SOCIAL_REVIEW_LOOP,
                            reenter="social_review", revision_entry="social_write", nodes=SOCIAL_NODE_MAKERS,
                            state=SocialPostState)
