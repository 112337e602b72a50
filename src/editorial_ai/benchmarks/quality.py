"""`editorial-ai bench quality`: the real pipeline, to the human gate, on catalog keywords; what each article is.

Per keyword: body words and paragraphs, unsupported claims and names (the review's claim checks, recomputed on the
draft that reaches the gate), sentences copied from the writer's prompt (its examples and fact lines), repeated
4-gram rate, keyword coverage (share of paragraphs naming the keyword, a topic term or a sourced name or tag - the
trend_relevance definition), status (passed, flagged and why, escalated and why, failed), revisions and minutes.
Optionally the calibration figures of the shipped labels' test half.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.content_types.article.writer.outline import build_outline
from editorial_ai.models.layout import BodyTextBlock, HeroBlock, MagazineLayout, PullQuoteBlock
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE_TEXTS
from editorial_ai.prompts.sanitize import DEFAULT_TONE, tone_problem
from editorial_ai.review.claim_support import unsourced_names, unsupported_claims
from editorial_ai.review.deterministic import layout_view
from editorial_ai.review.profile import ARTICLE_PROFILE
from editorial_ai.review.source_index import plain
from editorial_ai.review.specificity import fact_density
from editorial_ai.review.text_checks import copied_sentences, repetition_figures
from editorial_ai.text import split_sentences

DEFAULT_KEYWORDS = Path(__file__).resolve().parents[3] / "examples" / "quality_keywords.txt"
# Targets per article: length, the model's own share of the prose, variety, sourced detail and time.
MIN_WORDS, MIN_PARAGRAPHS, MIN_COVERAGE, MAX_MINUTES = 350, 5, 0.8, 3.0
MIN_MODEL_SHARE, MAX_REPEATED, MIN_FACT_DENSITY = 0.9, 0.05, 0.6
REPEATED_NGRAM = 4  # the target's n: the review's own repetition check counts 6-grams, a looser measure


@dataclass
class ArticleFigures:
    """One keyword's article at the human gate."""

    keyword: str
    status: str  # passed | flagged | escalated | failed
    tone: str = DEFAULT_TONE
    why: str = ""
    title: str = ""
    words: int = 0
    paragraphs: int = 0
    unsupported_claims: list[str] = field(default_factory=list)
    unsupported_names: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    repeated_rate: float = 0.0
    distinct2: float = 0.0  # distinct word bigrams / all bigrams of the body
    model_sentence_share: float = 0.0  # body sentences the model wrote (not composed by code)
    fact_density: float = 0.0  # body sentences carrying a sourced name, piece, figure, date or setting
    tone_markers: dict[str, float] = field(default_factory=dict)  # counted signs of the voice (`tone_markers`)
    coverage: float = 0.0
    revisions: int = 0
    minutes: float = 0.0
    cpu_minutes: float = 0.0  # this process's CPU time: on a busy machine, wall minutes overstate the cost
    prefill_tokens: int = 0  # prompt tokens the model had to process (not reused from its cache)
    cached_tokens: int = 0
    decoded_tokens: int = 0
    # Calls, prefill and decoded tokens and seconds per call purpose (editorial_paragraph, editorial_extend, judge,
    # ...): where the minutes went
    by_purpose: dict[str, dict[str, float]] = field(default_factory=dict)
    sample: str = ""
    subtitle: str = ""  # the standfirst, as the reader sees it under the headline
    pull_quote: str = ""
    body: list[str] = field(default_factory=list)  # the whole body, so a reader of the JSON reads the article
    # The writer's record of each draft (what it asked again, continued, took out and why), so a short or slow
    # article can be read for where its words and minutes went
    drafts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def unflagged_unsupported(self) -> bool:
        """An unsupported name or number in a draft that reached the gate as a pass (the one unacceptable case)."""
        return self.status == "passed" and bool(self.unsupported_names)

    def meets_targets(self) -> bool:
        """Words, paragraphs, no copying, coverage and time within the issue's targets."""
        return (self.words >= MIN_WORDS and self.paragraphs >= MIN_PARAGRAPHS and not self.copied
                and self.coverage >= MIN_COVERAGE and self.minutes <= MAX_MINUTES
                and self.model_sentence_share >= MIN_MODEL_SHARE and self.repeated_rate <= MAX_REPEATED
                and self.fact_density >= MIN_FACT_DENSITY and not self.unflagged_unsupported)  # fmt: skip


@dataclass
class QualityReport:
    """Every article plus totals and (optionally) the labels' test-half calibration."""

    model: str
    articles: list[ArticleFigures]
    calibration: dict[str, Any] | None = None
    calibration_note: str = ""

    def totals(self) -> dict[str, Any]:
        """Aggregates over the articles that produced a draft."""
        drafted = [a for a in self.articles if a.status != "failed"]
        n = len(drafted) or 1
        return {
            "articles": len(self.articles),
            "drafted": len(drafted),
            "passed": sum(a.status == "passed" for a in self.articles),
            "flagged": sum(a.status == "flagged" for a in self.articles),
            "escalated": sum(a.status == "escalated" for a in self.articles),
            "failed": sum(a.status == "failed" for a in self.articles),
            "mean_words": round(sum(a.words for a in drafted) / n, 1),
            "min_words": min((a.words for a in drafted), default=0),
            "min_paragraphs": min((a.paragraphs for a in drafted), default=0),
            "unsupported_claims": sum(len(a.unsupported_claims) for a in drafted),
            "unsupported_names": sum(len(a.unsupported_names) for a in drafted),
            "unflagged_with_unsupported_names": sum(a.unflagged_unsupported for a in drafted),
            "copied_sentences": sum(len(a.copied) for a in drafted),
            "mean_repeated_rate": round(sum(a.repeated_rate for a in drafted) / n, 4),
            "max_repeated_rate": max((a.repeated_rate for a in drafted), default=0.0),
            "mean_distinct2": round(sum(a.distinct2 for a in drafted) / n, 4),
            "min_model_sentence_share": min((a.model_sentence_share for a in drafted), default=0.0),
            "mean_fact_density": round(sum(a.fact_density for a in drafted) / n, 4),
            "min_fact_density": min((a.fact_density for a in drafted), default=0.0),
            "median_minutes": _median([a.minutes for a in self.articles]),
            "prefill_tokens_per_article": round(sum(a.prefill_tokens for a in self.articles) / (len(self.articles)
                                                                                             or 1)),
            "decoded_tokens_per_article": round(sum(a.decoded_tokens for a in self.articles) / (len(self.articles)
                                                                                             or 1)),
            "by_purpose": merge_by_purpose([a.by_purpose for a in self.articles]),
            "mean_coverage": round(sum(a.coverage for a in drafted) / n, 4),
            "min_coverage": min((a.coverage for a in drafted), default=0.0),
            "mean_revisions": round(sum(a.revisions for a in drafted) / n, 2),
            "mean_minutes": round(sum(a.minutes for a in self.articles) / (len(self.articles) or 1), 2),
            "mean_cpu_minutes": round(sum(a.cpu_minutes for a in self.articles) / (len(self.articles) or 1), 2),
            "max_minutes": max((a.minutes for a in self.articles), default=0.0),
            "meeting_targets": sum(a.meets_targets() for a in drafted),
            "tone_markers_by_tone": _markers_by_tone(drafted),
        }

    def as_json(self) -> dict[str, Any]:
        """The whole report as plain data (the --out file)."""
        articles = [{**asdict(a), "unflagged_unsupported": a.unflagged_unsupported, "meets_targets": a.meets_targets()}
                    for a in self.articles]  # fmt: skip
        return {"model": self.model, "totals": self.totals(), "articles": articles, "calibration": self.calibration,
                "calibration_note": self.calibration_note}


def usage_by_purpose(usage: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Calls, prefill tokens (prompt tokens not reused from a cache), decoded tokens and seconds per call purpose,
    the costliest first."""
    return merge_by_purpose([{str(u.get("purpose") or "other"): {
        "calls": 1, "prefill": int(u.get("prompt_tokens", 0)) - int(u.get("cached_tokens", 0)),
        "decoded": int(u.get("completion_tokens", 0)), "seconds": float(u.get("seconds", 0.0))}} for u in usage])


def merge_by_purpose(parts: Sequence[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Per-purpose figures summed over `parts` (articles, or single calls), the most seconds first."""
    merged: dict[str, dict[str, float]] = {}
    for part in parts:
        for purpose, figures in part.items():
            into = merged.setdefault(purpose, {"calls": 0, "prefill": 0, "decoded": 0, "seconds": 0.0})
            for key in into:
                into[key] += figures.get(key, 0)
    for figures in merged.values():
        figures["seconds"] = round(figures["seconds"], 1)
    return dict(sorted(merged.items(), key=lambda item: (-item[1]["seconds"], -item[1]["decoded"], item[0])))


_SECOND_PERSON = frozenset({"you", "your", "yours", "yourself"})


def tone_markers(paragraphs: list[str]) -> dict[str, float]:
    """Counted signs of a voice, to compare tones side by side: "you" per 100 words (a warm piece speaks to the
    reader), exclamations per 100 words and mean sentence length in words (a playful one is short and bright)."""
    words = [w for p in paragraphs for w in plain(p).split()]
    sentences = [s for p in paragraphs for s in split_sentences(p)]
    per_100 = 100 / len(words) if words else 0.0
    return {"you_per_100_words": round(sum(w in _SECOND_PERSON for w in words) * per_100, 2),
            "exclamations_per_100_words": round(sum(p.count("!") for p in paragraphs) * per_100, 2),
            "mean_sentence_words": round(len(words) / len(sentences), 1) if sentences else 0.0}


def _markers_by_tone(articles: list[ArticleFigures]) -> dict[str, dict[str, float]]:
    """The mean of each tone marker over the articles written in each tone."""
    out: dict[str, dict[str, float]] = {}
    for tone in dict.fromkeys(a.tone for a in articles):
        mine = [a.tone_markers for a in articles if a.tone == tone and a.tone_markers]
        if mine:
            out[tone] = {key: round(sum(m[key] for m in mine) / len(mine), 2) for key in mine[0]}
    return out


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    mid = len(ordered) // 2
    return round(ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2, 4)


def distinct2(paragraphs: list[str]) -> float:
    """Distinct word bigrams over all bigrams of the body (1.0: no pair of words recurs)."""
    words = [w for p in paragraphs for w in plain(p).split()]
    grams = list(itertools.pairwise(words))
    return round(len(set(grams)) / len(grams), 4) if grams else 0.0


def model_share(state: dict[str, Any], paragraphs: list[str]) -> float:
    """The share of body sentences the model wrote, from the writer's own record of the latest draft: the chat
    writer composes none; the base-model writer counts the model's sentences beside its composed openings."""
    from editorial_ai.text import split_sentences

    logged = [e for e in state.get("tool_calls_log", []) if e.get("tool") == "editorial.generate"]
    if not logged:
        return 0.0
    latest = logged[-1]
    if "model_sentence_share" in latest:
        return float(latest["model_sentence_share"])
    total = sum(len(split_sentences(p)) for p in paragraphs)
    return round(int(latest.get("model_sentences", 0)) / total, 4) if total else 0.0


@dataclass(frozen=True)
class QualityKeyword:
    """One line of a keywords file: the keyword and the tone its article is asked for ("Coquette | warm")."""

    keyword: str
    tone: str = DEFAULT_TONE


def load_quality_keywords(path: Path) -> list[QualityKeyword]:
    """One keyword per line, optionally `| tone`; blank lines and `#` comments ignored."""
    if not path.is_file():
        raise ValueError(f"keywords file {path} does not exist: pass --keywords FILE (one keyword per line)")
    keywords: list[QualityKeyword] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.strip().startswith("#"):
            continue
        keyword, _, tone = (part.strip() for part in line.partition("|"))
        if not keyword:
            raise ValueError(f"{path}:{number}: no keyword before the '|': write 'KEYWORD | TONE'")
        if problem := tone_problem(tone):
            raise ValueError(f"{path}:{number}: the tone {problem}")
        keywords.append(QualityKeyword(keyword, tone or DEFAULT_TONE))
    if not keywords:
        raise ValueError(f"keywords file {path} lists no keywords")
    return keywords


def _status(state: dict[str, Any]) -> tuple[str, str]:
    errors = [str(e) for e in state.get("error_log", [])]
    if not state.get("current_draft") or state.get("pipeline_status") == "failed":
        return "failed", (errors[-1] if errors else "no draft reached the gate")
    if state.get("escalated"):
        reason = next((e.split("--", 1)[-1].strip() for e in errors if "escalated to a human" in e), "escalated")
        return "escalated", reason
    review = state.get("review_result") or {}
    # A passing review's own flags (the embedded model's prose, which no check reads) count like the run's.
    flags = list(dict.fromkeys(f for f in [*(state.get("flags") or []), *(review.get("flags") or [])]
                               if f != "escalated"))
    if flags or not review.get("passed"):
        return "flagged", ", ".join(flags) or "review did not pass"
    return "passed", ""


def _coverage(paragraphs: list[str], terms: list[str]) -> float:
    if not paragraphs:
        return 0.0
    hits = sum(1 for p in paragraphs if any(f" {t} " in f" {plain(p)} " for t in terms if t))
    return round(hits / len(paragraphs), 4)


def article_figures(keyword: str, state: dict[str, Any], known: dict[str, set[str]], minutes: float,
                    tone: str = DEFAULT_TONE) -> ArticleFigures:  # fmt: skip
    """Measure the draft that reached the gate (or say why none did)."""
    status, why = _status(state)
    figures = ArticleFigures(keyword=keyword, status=status, why=why, tone=tone, minutes=round(minutes, 4),
                             revisions=int(state.get("revision_count", 0)))  # fmt: skip
    if status == "failed":
        return figures
    layout = MagazineLayout.model_validate(state["current_draft"])
    paragraphs = [p for b in layout.blocks_of(BodyTextBlock) for p in b.paragraphs if p.strip()]
    topics, contexts = state.get("curated_topics", []), state.get("enriched_contexts", [])
    view = layout_view(layout, ARTICLE_PROFILE, topics, contexts, known)
    headline_texts = [layout.title, *(c.text for c in view.claims.claims if c.location.startswith("subtitle"))]
    figures.title = layout.title
    figures.words = sum(len(plain(p).split()) for p in paragraphs)
    figures.paragraphs = len(paragraphs)
    figures.unsupported_claims = unsupported_claims(view.checks)
    figures.unsupported_names = unsourced_names(view.checks)
    # Copied from the prompt: its example texts, and the fact lines the writer was given (a "5 August 2025: Jennie
    # wore ..." sentence is the fact line, not prose).
    fact_lines = [fact for plan in build_outline(keyword, topics, contexts).plans for fact in plan.facts]
    figures.copied = [s for s, _ in copied_sentences([*headline_texts, *paragraphs],
                                                     [*EDITORIAL_EXAMPLE_TEXTS, *fact_lines])]
    figures.repeated_rate = repetition_figures(paragraphs, REPEATED_NGRAM)[0]
    figures.coverage = _coverage(paragraphs, view.topic_terms)
    figures.distinct2 = distinct2(paragraphs)
    figures.model_sentence_share = model_share(state, paragraphs)
    figures.fact_density = fact_density(view)[0]
    figures.tone_markers = tone_markers(paragraphs)
    figures.sample = " ".join(paragraphs[1:2] or paragraphs[:1])[:400]
    figures.subtitle = next((b.overlay_subtitle for b in layout.blocks_of(HeroBlock)), "")
    figures.pull_quote = next((b.quote for b in layout.blocks_of(PullQuoteBlock)), "")
    figures.body = paragraphs
    figures.drafts = [{k: v for k, v in entry.items() if k != "tool"} for entry in state.get("tool_calls_log", [])
                      if entry.get("tool") == "editorial.generate"]
    return figures


async def run_quality(settings: Settings, keywords: Sequence[QualityKeyword | str], model: str | None = None,
                      on_article: Any = None) -> QualityReport:  # fmt: skip
    """Run each keyword to the human gate, in its tone (never approving), and measure the articles."""
    model = model or settings.model
    articles: list[ArticleFigures] = []
    asked = [k if isinstance(k, QualityKeyword) else QualityKeyword(k) for k in keywords]
    async with open_pipeline(settings) as pipeline:
        known = await pipeline.deps.catalog.known_entities()
        for item in asked:
            started, cpu = time.perf_counter(), time.process_time()
            outcome = await pipeline.start({"seed_keyword": item.keyword, "tone": item.tone, "model": model,
                                            "content_type": "fashion_magazine"})  # fmt: skip
            figures = article_figures(item.keyword, outcome.state, known, (time.perf_counter() - started) / 60,
                                      tone=item.tone)
            figures.cpu_minutes = round((time.process_time() - cpu) / 60, 4)
            usage = outcome.state.get("token_usage", [])
            figures.cached_tokens = sum(int(u.get("cached_tokens", 0)) for u in usage)
            figures.prefill_tokens = sum(int(u.get("prompt_tokens", 0)) for u in usage) - figures.cached_tokens
            figures.decoded_tokens = sum(int(u.get("completion_tokens", 0)) for u in usage)
            figures.by_purpose = usage_by_purpose(usage)
            articles.append(figures)
            if on_article is not None:
                on_article(figures)
    return QualityReport(model=model, articles=articles)


async def labels_calibration(settings: Settings, labels: Path, model: str | None = None) -> dict[str, Any]:
    """Test-half agreement of the whole reviewer with the shipped labels (accuracy and kappa per criterion)."""
    from editorial_ai.evaluation.calibrate_run import calibrate_labels
    from editorial_ai.llm.registry import fresh_client
    from editorial_ai.store.factory import open_stores

    catalog, _ = await open_stores(settings)
    judge = fresh_client(model or settings.model, settings)
    report = await calibrate_labels(labels, judge, known_entities=await catalog.known_entities(), split="test")
    types = {t.content_type: {"records": t.records, "overall": t.overall,
                              "criteria": {c.criterion: {k: c.metrics.get(k) for k in ("n", "accuracy", "kappa")}
                                           for c in t.criteria},
                              "contradictions": t.contradictions} for t in report.types}  # fmt: skip
    return {"split": report.split, "judge": report.judge_model, "types": types,
            "contradictions": len(report.contradictions), "errors": report.errors[:5]}  # fmt: skip
