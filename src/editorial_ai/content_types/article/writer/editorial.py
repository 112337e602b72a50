"""Editorial: an outline from the facts, then the article paragraph by paragraph (seed 001 section 3.4).

Each body paragraph is one plain-text request given only its fact group (outline.py); the local guard drops
sentences that copy the example or name what the sources do not hold, and the paragraph is re-sampled until it is
long enough. Title and subtitle are one-line requests on the same facts; mentions,
hashtags and credits are assembled in code. Every provider runs the same requests: a stronger model only writes
better prose into the same structure.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypedDict

from editorial_ai.content_types.article.layout.planner import plan_layout
from editorial_ai.content_types.article.writer.guard import SentenceGuard, canonical_case
from editorial_ai.content_types.article.writer.leads import scene_phrase
from editorial_ai.content_types.article.writer.outline import Outline, ParagraphPlan, build_outline
from editorial_ai.content_types.article.writer.prompts import (
    HEADLINE_SYSTEM,
    build_headline_prompt,
    build_paragraph_system,
    headline_examples,
    paragraph_block,
    paragraph_examples,
)
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import CelebMention, CreditEntry, EditorialContent, ProductMention
from editorial_ai.models.layout import MODEL_PROSE_KEY, KeyValuePair, MagazineLayout
from editorial_ai.models.state_json import CuratedTopicJson, FeedbackJson, JsonObject, SourcePostJson
from editorial_ai.prompts.feedback import format_feedback
from editorial_ai.review.rubric import Rubric
from editorial_ai.text import split_sentences, word_count

PARAGRAPH_WORDS = "70 to 100"
MIN_PARAGRAPH_WORDS = 85  # below this a paragraph is continued (its composed opening gives 30-60)
MAX_PARAGRAPH_WORDS = 150  # a composed opening of two or three sentences comes first
MAX_PARAGRAPH_CHARS = 900  # EditorialContent's limit
PARAGRAPH_TRIES = 5
TARGET_WORDS = 320  # the body's floor is 300 words: aim a little above it
TOP_UPS = 10  # off-topic and loosely grounded top-ups are left out, so a short body may take a few more
HEADLINE_TRIES = 2
# A headline that copies the facts line ("...; piece Chanel 22 Bag; seen at the airport") is a list, not a headline.
_BOOKKEEPING = re.compile(r"^In the catalog\b|\bare tagged\b|\blabels, including\b|\bappears in \w+ of the\b")
_FACT_LABELS = re.compile(r";|\b(topic|celebrity|piece|seen in)\b", re.I)

# Lays content out: returns the layout and a note on how ("planner", "vision", "fallback: <reason>").
LayoutFn = Callable[[EditorialContent, DesignSpec], Awaitable[tuple[MagazineLayout, str]]]


async def planner_layout(content: EditorialContent, design_spec: DesignSpec) -> tuple[MagazineLayout, str]:
    """The deterministic planner as a LayoutFn."""
    return plan_layout(content, design_spec), "planner"


@dataclass
class DraftOutcome:
    """A generated draft and what it took."""

    content: EditorialContent
    layout: MagazineLayout
    layout_note: str = "planner"
    # Dropped sentences by reason, headline origin, ...: they go into the run's tool-call log as they are.
    notes: JsonObject = field(default_factory=dict)


def _clean_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    line = re.sub(r"^(paragraph|headline|standfirst|title|subtitle)\s*:\s*", "", line, flags=re.I)
    line = line.strip()
    # Quotes around the whole line are the model's, not the text's; a quote that opens a phrase stays.
    while len(line) > 1 and line[0] in '"“' and line[-1] in '"”' and line[1:-1].count('"') % 2 == 0:
        line = line[1:-1].strip()
    return line


def _hashtag(text: str) -> str:
    words = re.findall(r"[^\W_]+", text)
    return "#" + "".join(w[:1].upper() + w[1:] for w in words) if words else ""


def _names_in(text: str, name: str) -> bool:
    return bool(name) and re.search(rf"(?<![^\W_]){re.escape(name.casefold())}(?![^\W_])", text.casefold()) is not None


@dataclass
class _Run:
    """One draft or revision: the outline, the guard and the shared instructions."""

    outline: Outline
    guard: SentenceGuard
    system: str
    seed: int
    variant: int
    dropped: Counter[str] = field(default_factory=Counter)
    composed: set[str] = field(default_factory=set)  # every phrasing of the openings (any variant), by sentence


class EditorialService:
    """Writes the article text and lays it out (deterministic planner unless another LayoutFn is given)."""

    def __init__(self, llm: LLMClient, layout: LayoutFn | None = None, known_names: set[str] | None = None,
                 strict_names: bool = False) -> None:
        self.llm = llm
        self.layout = layout or planner_layout
        self.known_names = known_names or set()  # every catalog name: the guard drops those the sources lack
        self.strict_names = strict_names  # see SentenceGuard.strict_names

    def _run(self, topics: list[CuratedTopicJson], contexts: list[SourcePostJson], *, system: str, seed: int | None,
             variant: int) -> _Run:  # fmt: skip
        keyword = str(topics[0].get("keyword", "")) if topics else ""
        outline = build_outline(keyword, topics, contexts, variant)
        facts = "\n".join(fact for plan in outline.plans for fact in plan.facts)  # counts in words live here
        guard = SentenceGuard(outline.names, self.known_names, f"{outline.source_text}\n{facts}",
                              strict_names=self.strict_names,
                              brands={p.brand for p in outline.products if p.brand})
        composed = {s for v in (0, 1) for plan in (outline if v == variant else build_outline(
            keyword, topics, contexts, v)).plans for s in split_sentences(plan.lead)}
        return _Run(outline, guard, system, 1000 if seed is None else seed, variant, composed=composed)

    async def _paragraph(self, run: _Run, plan: ParagraphPlan, index: int) -> str:
        """One body paragraph from its fact group, opened by its composed lead; one whose continuation names neither
        the topic nor anything sourced (the review's relevance rule) is written again once with another seed and
        example."""
        # The embedded model continues two to four composed sentences; a stronger model only the first.
        opening = plan.lead if self.strict_names else (split_sentences(plan.lead) or [""])[0]
        text = await self._write_paragraph(run, plan, index, 0, start=opening)
        if text and not run.outline.on_topic(_continuation(text, opening)):
            run.dropped["paragraph off topic, re-sampled"] += 1
            run.guard.forget(_continuation(text, opening))
            again = await self._write_paragraph(run, plan, index, 1, start=opening)
            if len(_continuation(again, opening)) >= 40 and run.outline.on_topic(_continuation(again, opening)):
                return again
            run.guard.forget(_continuation(again, opening))
            if opening:  # twice about nothing sourced: the paragraph keeps only what is true and on topic
                run.dropped["off-topic continuation left out"] += 1
                return opening
            run.guard.remember(text)
        return text

    async def _write_paragraph(self, run: _Run, plan: ParagraphPlan, index: int, retry: int,
                               start: str = "", tries: int = PARAGRAPH_TRIES,
                               min_words: int = MIN_PARAGRAPH_WORDS) -> str:  # fmt: skip
        """Generate, keep the sound sentences, continue (from `start`, when given) until long enough."""
        kept: list[str] = split_sentences(start) if start else []
        run.guard.remember(start)  # the opening counts as written: a copy of it later is a repeat
        task = paragraph_block(plan.facts)
        variant = run.variant + retry
        for attempt in range(tries):
            so_far = " ".join(kept)
            request = LLMRequest(
                system=run.system,
                prompt=f"{task} {so_far}" if so_far else task,
                few_shot=paragraph_examples(plan.kind, variant + (1 if attempt and not kept else 0)),
                temperature=0.8,
                max_tokens=200,
                stop=["\n"],
                purpose="editorial_paragraph",
                seed=run.seed + 31 * index + 7 * attempt + 101 * variant,
            )
            text = canonical_case(_clean_line((await self.llm.generate(request)).text), run.outline.names)
            sentences, dropped = run.guard.clean(text, scope=run.outline.scope(plan))
            run.dropped.update(dropped)
            for sentence in sentences:
                if word_count(" ".join([*kept, sentence])) > MAX_PARAGRAPH_WORDS:
                    break
                if len(" ".join([*kept, sentence])) <= MAX_PARAGRAPH_CHARS:
                    kept.append(sentence)
            if word_count(" ".join(kept)) >= min_words:
                break
        return " ".join(kept)

    async def _top_up(self, run: _Run, paragraphs: list[str], only: set[int] | None = None) -> list[str]:
        """Continue the shortest paragraphs (of `only`, when given) while the body is under TARGET_WORDS (a guard
        that dropped sentences can leave it short), at most TOP_UPS requests."""
        paragraphs = list(paragraphs)
        plans = run.outline.plans
        candidates = sorted(only) if only is not None else list(range(len(paragraphs)))
        if not candidates:
            return paragraphs
        # A paragraph whose top-up added nothing goes to the back of the queue: asking the same facts again mostly
        # fails the same way (measured: ten top-ups of one paragraph, none kept, left a body at 292 words).
        failures = [0] * len(paragraphs)
        for _ in range(TOP_UPS):
            if word_count(" ".join(paragraphs)) >= TARGET_WORDS:
                break
            index = min(candidates, key=lambda i: (failures[i], word_count(paragraphs[i])))
            # Each new try at a paragraph that gained nothing gets another seed and example: the same request
            # would sample the same unusable continuation again.
            longer = await self._write_paragraph(run, plans[min(index, len(plans) - 1)], index, 2 + failures[index],
                                                 start=paragraphs[index], tries=1,
                                                 min_words=word_count(paragraphs[index]) + 1)  # fmt: skip
            if longer == paragraphs[index]:
                run.dropped["top-up added nothing"] += 1
                failures[index] += 1
                continue
            if not run.outline.on_topic(_continuation(longer, paragraphs[index])):
                run.guard.forget(_continuation(longer, paragraphs[index]))
                run.dropped["off-topic top-up left out"] += 1
                failures[index] += 1
                continue
            paragraphs[index] = longer
        return paragraphs

    async def _headline(self, run: _Run, part: str) -> tuple[str, str]:
        """Title or subtitle: a generated line that names the topic and nothing unsourced, else one from facts.

        The embedded model's headlines (strict mode) are composed from the facts outright: measured on the 12
        bench keywords, its lines that passed the guard still cut product names short ("Jimin wore a Dior Lady")
        or quoted the keyword back as a title."""
        limit = 120 if part == "title" else 200
        outline = run.outline
        if self.strict_names:
            return _headline_from_facts(outline, part, run.variant)[:limit], "from facts"
        for attempt in range(HEADLINE_TRIES):
            request = LLMRequest(
                system=HEADLINE_SYSTEM.format(part="headline" if part == "title" else "standfirst"),
                prompt=build_headline_prompt(part, outline.headline_facts()),
                few_shot=headline_examples(part),
                temperature=0.7,
                max_tokens=40,
                stop=["\n"],
                purpose=f"editorial_{part}",
                seed=run.seed + 53 * attempt + 11 * run.variant + (0 if part == "title" else 5),
            )
            line = canonical_case(_clean_line((await self.llm.generate(request)).text).rstrip("."), outline.names)
            on_topic = any(_names_in(line, t) for t in [*outline.terms, outline.celebrity] if t)
            problem = run.guard.problem(line, headline=True) if line else "empty"
            if problem is None and _FACT_LABELS.search(line):
                problem = "repeats the facts list"
            if 12 <= len(line) <= limit and on_topic and problem is None:
                return line, "generated"
            run.dropped[f"{part}: {problem or ('off topic' if not on_topic else 'length')}"] += 1
        return _headline_from_facts(outline, part, run.variant)[:limit], "from facts"

    def _assemble(self, run: _Run, paragraphs: list[str], title: str, subtitle: str) -> EditorialContent:
        outline = run.outline
        body = [p for p in paragraphs if len(p) >= 40]
        if len(body) < 2:
            raise LLMError(f"the writer produced {len(body)} usable paragraph(s) for {outline.keyword!r} after "
                           f"dropping: {dict(run.dropped) or 'nothing'}; the model may be too weak for this topic")
        if not model_sentences(body, run.composed):
            # The model added nothing usable anywhere: the composed openings alone are a fact sheet, not an article,
            # and must not pass the gate as one. Each paragraph keeps its first sentence only, so the review's
            # length floor fails the draft and the loop asks for another one (or a human).
            run.dropped["the model added nothing: openings cut to their first sentence"] += 1
            body = [split_sentences(p)[0] for p in body]
        return EditorialContent(keyword=outline.keyword, title=title, subtitle=subtitle, body_paragraphs=body[:5],
                                pull_quotes=_pull_quote(body, outline, composed_first=self.strict_names),
                                **article_extras(outline))

    async def draft(
        self,
        *,
        curated_topics: list[CuratedTopicJson],
        enriched_contexts: list[SourcePostJson],
        design_spec: DesignSpec,
        rubric: Rubric,
        feedback_history: list[FeedbackJson],
        tone: str = "sophisticated",
        learned_guidance: str = "",
        seed: int | None = None,
        variant: int = 0,
    ) -> DraftOutcome:
        """Write every paragraph of the outline, then the headlines; `seed`/`variant` make an attempt differ."""
        system = build_paragraph_system(words=PARAGRAPH_WORDS, tone=tone, rubric_text=rubric.as_prompt_text(),
                                        feedback=feedback_text(feedback_history), guidance=learned_guidance)
        run = self._run(curated_topics, enriched_contexts, system=system, seed=seed, variant=variant)
        paragraphs = [await self._paragraph(run, plan, i) for i, plan in enumerate(run.outline.plans)]
        paragraphs = await self._top_up(run, paragraphs)
        title, title_from = await self._headline(run, "title")
        subtitle, subtitle_from = await self._headline(run, "subtitle")
        content = self._assemble(run, paragraphs, title, subtitle)
        layout, note = await self.layout(content, design_spec)
        notes: JsonObject = {"paragraphs": len(content.body_paragraphs), "title": title_from,
                             "subtitle": subtitle_from, "dropped": _dropped(run)}  # fmt: skip
        self._mark_model_prose(layout, content, run, notes)
        return DraftOutcome(content=content, layout=layout, layout_note=note, notes=notes)

    def _mark_model_prose(self, layout: MagazineLayout, content: EditorialContent, run: _Run,
                          notes: JsonObject) -> None:
        """On the embedded model, record in the draft which body sentences the model wrote (the rest are composed
        from the facts): the gate checks their facts but cannot judge how they read, and says so."""
        if not self.strict_names:
            return
        written = model_sentences(content.body_paragraphs, run.composed)
        total = sum(len(split_sentences(p)) for p in content.body_paragraphs)
        notes["model_sentences"] = len(written)
        if written:
            layout.metadata.append(KeyValuePair(key=MODEL_PROSE_KEY, value=json.dumps(
                {"model": self.llm.name, "sentences": written, "of": total}, ensure_ascii=False)))

    async def revise(
        self,
        *,
        content: EditorialContent,
        targets: list[str],
        feedback_history: list[FeedbackJson],
        curated_topics: list[CuratedTopicJson],
        enriched_contexts: list[SourcePostJson],
        design_spec: DesignSpec,
        tone: str = "sophisticated",
        seed: int | None = None,
        variant: int = 0,
        rubric: Rubric | None = None,
    ) -> DraftOutcome:
        """Regenerate only `targets` of `content` with the latest feedback; the rest is kept verbatim (`rubric` is
        the chat writer's screen; this writer's guard checks its composed sentences itself)."""
        del rubric
        system = build_paragraph_system(words=PARAGRAPH_WORDS, tone=tone, feedback=feedback_text(feedback_history))
        run = self._run(curated_topics, enriched_contexts, system=system, seed=seed, variant=variant)
        paragraphs = list(content.body_paragraphs)
        redo = paragraph_indices(targets, len(paragraphs))
        for i, text in enumerate(paragraphs):
            if i not in redo:
                run.guard.remember(text)
        plans = run.outline.plans
        for i in sorted(redo):
            plan = plans[i] if i < len(plans) else plans[-1]
            paragraphs[i] = await self._paragraph(run, plan, i) or paragraphs[i]
        # A rewritten paragraph can come back shorter: only the rewritten ones are continued, the rest stay verbatim.
        paragraphs = await self._top_up(run, paragraphs, only={i for i in redo if i < len(paragraphs)})
        title, subtitle = content.title, content.subtitle
        notes: JsonObject = {"regenerated": [f"body_paragraphs[{i}]" for i in sorted(redo)]}
        if "title" in targets:
            title, notes["title"] = await self._headline(run, "title")
        if "subtitle" in targets:
            subtitle, notes["subtitle"] = await self._headline(run, "subtitle")
        revised = self._assemble(run, paragraphs, title, subtitle)
        notes["dropped"] = _dropped(run)
        layout, note = await self.layout(revised, design_spec)
        self._mark_model_prose(layout, revised, run, notes)
        return DraftOutcome(content=revised, layout=layout, layout_note=note, notes=notes)


class ArticleExtras(TypedDict):
    """The parts of `EditorialContent` assembled in code, not written by the model."""

    product_mentions: list[ProductMention]
    celeb_mentions: list[CelebMention]
    hashtags: list[str]
    credits: list[CreditEntry]


def feedback_text(feedback_history: list[FeedbackJson]) -> str:
    """The latest feedback for the prompt (prompts/feedback.py)."""
    return format_feedback(feedback_history)


def _dropped(run: _Run) -> JsonObject:
    return {reason: count for reason, count in run.dropped.items()}


def article_extras(outline: Outline) -> ArticleExtras:
    """Mentions, hashtags and credits, assembled in code from the outline (names exactly as sourced)."""
    planned = [p.subject for p in outline.plans if p.kind == "product"]
    products = [p for p in outline.products if p.name in planned] or outline.products[:1]
    celebs = [p.subject for p in outline.plans if p.kind == "looks"]
    mentions = [ProductMention(name=p.name[:120], brand=p.brand[:60], context=", ".join(p.scenes)[:200])
                for p in products[:4]]
    people = [CelebMention(name=c[:60], context=", ".join(_scenes_of(c, outline))[:200]) for c in celebs[:3]]
    tags = [_hashtag(outline.keyword), _hashtag(outline.celebrity), *(_hashtag(p.brand) for p in products[:2])]
    return {"product_mentions": mentions, "celeb_mentions": people,
            "hashtags": list(dict.fromkeys(t for t in tags if t))[:6],
            "credits": [CreditEntry(role="Editor", name="Editorial AI")]}


def model_sentences(paragraphs: list[str], composed: set[str]) -> list[str]:
    """Body sentences that are not among the `composed` ones: what the model wrote."""
    return [s for p in paragraphs for s in split_sentences(p) if s not in composed]


def _continuation(text: str, lead: str) -> str:
    """What the model wrote after the composed opening (the opening always names the topic)."""
    return text[len(lead):].strip() if lead and text.startswith(lead) else text


def paragraph_indices(targets: list[str], count: int) -> set[int]:
    """The body paragraphs a revision's targets name (all of them for `body_paragraphs`), within `count`."""
    if "body_paragraphs" in targets:
        return set(range(count))
    found = {int(m[1]) for t in targets if (m := re.fullmatch(r"body_paragraphs\[(\d+)\]", t))}
    return {i for i in found if i < count}


def _scenes_of(celebrity: str, outline: Outline) -> list[str]:
    return list(dict.fromkeys(s for p in outline.products for who, s in p.sightings if who == celebrity and s))[:2]


def _pull_quote(body: list[str], outline: Outline, composed_first: bool = False) -> list[str]:
    """A short sentence of the article that names the topic (pull quotes repeat the text by design); the composed
    openings are facts, not quotable lines, so they are the last resort, unless `composed_first` (the embedded
    model, whose own lines are the ones a reader would least like to see enlarged)."""
    leads = {s for p in outline.plans for s in split_sentences(p.lead)}
    sentences = [s for paragraph in [*body[1:], body[0]] for s in split_sentences(paragraph)]
    # Catalog bookkeeping ("In the catalog it sits under...", "Its pieces are tagged...") is no line to enlarge.
    sentences = [s for s in sentences if not _BOOKKEEPING.search(s)]
    for sentence in sorted(sentences, key=lambda s: (s in leads) != composed_first):
        words = word_count(sentence)
        if 8 <= words <= 28 and len(sentence) <= 200 and any(_names_in(sentence, t) for t in outline.terms):
            return [sentence.rstrip(".")]
    return []


def _headline_from_facts(outline: Outline, part: str, variant: int = 0) -> str:
    """A plain headline assembled from the outline; the celebrity is named only with a piece and a scene one
    sourced post gives her. `variant` picks the phrasing, so a re-sampled draft reads differently."""
    product, scene = outline.signature
    keyword, who = outline.keyword, outline.celebrity
    where = f" {scene_phrase(scene)}" if scene else ""
    if part == "title":
        if who and product:
            options = [f"{keyword}: {who} and the {product}", f"{who}, the {product} and the {keyword} moment"]
            return options[variant % len(options)]
        return f"{keyword}: {who}" if who else f"{keyword}: the looks behind the trend"
    if who and product:
        options = [f"How {who} wore the {product}{where}, and why {keyword} keeps spreading",
                   f"{who} took the {product}{where}; the rest of {keyword} followed"]
        return options[variant % len(options)]
    return f"The pieces behind {keyword}, and why the look keeps spreading"
