"""The judge prompt: the rubric text plus the draft and its sources."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence

from editorial_ai.models.rubric import Criterion
from editorial_ai.models.state_json import CuratedTopicJson, Draft, SourcePostJson, json_list

JUDGE_SYSTEM = (
    "You are the editor-in-chief of a fashion magazine reviewing a draft. Judge each criterion strictly "
    "against the source material. For every criterion give a score from 0 to 1, passed (true/false), a specific, "
    "actionable "
    "reason that tells the writer what to change, and a severity (critical, major or minor)."
)

JUDGE_EXAMPLE = """Draft: "Quiet luxury on the runway" -- two paragraphs on knitwear, mentions Ana Lim and Brand A.
Sources: Ana Lim (artist); Brand A Knit Cardigan (product).
Verdict: {"fact_accuracy": {"score": 0.9, "passed": true, "reason": "Every name in the draft is in the sources.", \
"severity": "major"}, "content_completeness": {"score": 0.4, "passed": false, \
"reason": "Only one product is named; feature a second sourced product.", "severity": "major"}}"""


def summarize_draft(draft: Draft, max_chars: int = 1800, parts: Collection[str] | None = None) -> str:
    """A compact text view of a layout for the judge: every part, or only `parts` (DraftPart names)."""
    def wanted(part: str) -> bool:
        return parts is None or part in parts

    lines = [f"Title: {draft.get('title', '')}"] if wanted("title") else []
    for block in json_list(draft.get("blocks")):
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "hero" and wanted("subtitle"):
            lines.append(f"Subtitle: {block.get('overlay_subtitle', '')}")
        elif kind == "body_text" and wanted("body"):
            lines += [f"Paragraph: {p}" for p in json_list(block.get("paragraphs"))]
        elif kind == "pull_quote" and wanted("pull_quote"):
            lines.append(f"Pull quote: {block.get('quote', '')}")
        elif kind == "celeb_feature" and wanted("celebrities"):
            lines.append("Celebrities: " + ", ".join(str(c.get("name", "")) for c in json_list(block.get("celebs"))
                                                     if isinstance(c, dict)))
        elif kind == "product_showcase" and wanted("products"):
            lines.append(
                "Products: "
                + ", ".join(f"{p.get('brand', '')} {p.get('name', '')}".strip()
                            for p in json_list(block.get("products")) if isinstance(p, dict))
            )
        elif kind == "hashtag_bar" and wanted("hashtags"):
            lines.append("Hashtags: " + " ".join(str(h) for h in json_list(block.get("hashtags"))))
    return "\n".join(lines)[:max_chars]


def judged_parts(criteria: Sequence[Criterion]) -> frozenset[str] | None:
    """What the judged criteria read together, or None when one of them reads the whole draft."""
    if any(c.reads is None for c in criteria):
        return None
    return frozenset(part for c in criteria for part in c.reads or ())


def summarize_sources(
    curated_topics: Sequence[CuratedTopicJson], enriched_contexts: Sequence[SourcePostJson], max_chars: int = 1500
) -> str:
    """A compact text view of the source material."""
    lines: list[str] = []
    for topic in curated_topics:
        lines.append(f"Topic: {topic.get('keyword', '')} -- {topic.get('trend_background', '')}")
        celebs = ", ".join(c.get("name", "") for c in topic.get("celebrities", []))
        brands = ", ".join(b.get("name", "") for b in topic.get("brands_products", []))
        lines.append(f"Celebrities: {celebs}; Brands: {brands}")
    for post in enriched_contexts[:8]:
        products = ", ".join(s.get("title", "") for s in post.get("solutions", []))
        lines.append(f"Post: {post.get('artist_name', '')} / {post.get('context', '')}: {products}")
    return "\n".join(lines)[:max_chars] or json.dumps(curated_topics)[:max_chars]


def build_judge_prompt(draft: Draft, sources_text: str, criteria: list[Criterion]) -> str:
    """The judge's task text; the rubric lines are the same ones the writer saw."""
    rubric = "\n".join(f"- {c.name}: {c.description}" for c in criteria)
    return (
        f"Criteria:\n{rubric}\n\nSource material:\n{sources_text}\n\n"
        f"Draft:\n{summarize_draft(draft)}\n\nVerdict as JSON with one key per criterion:"
    )


# --- the probability judge: one yes/no question per criterion, answered by reading P(Yes) ------------------
# Positive phrasing everywhere: "Yes" means the draft meets the criterion. `{topic}` and `{level}` are filled in.
QUESTIONS: dict[str, str] = {
    "fact_accuracy": "Does every statement in the draft agree with the sources?",
    "technical_accuracy": "Does every technical claim in the draft agree with the sources?",
    "hallucination": "Is every name, number and date in the draft found in the sources?",
    "trend_relevance": "Is every paragraph of the draft about {topic}?",
    "relevance": "Does the draft answer the question about {topic}?",
    "content_completeness": "Does the draft cover the topic in several full paragraphs?",
    "repetition": "Does the draft say each thing only once?",
    "visual_appeal": "Are the title and subtitle vivid and catchy?",
    "authenticity": "Does the draft sound like a real editor, without filler?",
    "engagement": "Does the draft hook the reader with a clear angle?",
    "content_depth": "Does the draft explain how and why, not only what?",
    "comprehensiveness": "Does the brief answer every question it was given with specific facts?",
    "synthesis": "Does the brief connect its facts into one narrative?",
    "clarity": "Is the text clearly structured and easy to read?",
    "clinical_accuracy": "Is the keyed answer the correct answer for this patient?",
    "key_consistency": "Does the explanation argue for the keyed answer?",
    "pedagogical_alignment": "Does the question test the learning objective?",
    "distractor_quality": "Are the wrong options plausible but clearly wrong?",
    "slo_coverage": "Does answering correctly require the knowledge in the learning objective?",
    "blooms_match": "Does the question demand the '{level}' level of Bloom's taxonomy?",
}
YES, NO = " Yes", " No"
PROBABILITY_JUDGE_INTRO = (
    "Each review reads the sources and a draft, then answers questions about the draft with Yes or No.")

# Fictional few-shot documents (names that exist nowhere in the catalog), one meeting the criteria, one not.
_ARTICLE_SOURCES = ("Topic: harbor knitwear -- chunky fisherman sweaters are back for autumn.\n"
                    "Post: Lio Varga / airport arrival: Tarn & Co Cable Knit Sweater")
_ARTICLE_GOOD = ("Title: Lio Varga brings back the fisherman sweater\n"
                 "Paragraph: Lio Varga arrived at the airport in a cream Tarn & Co Cable Knit Sweater.\n"
                 "Paragraph: Harbor knitwear is back for autumn, and chunky fisherman sweaters lead it.")
_ARTICLE_BAD = ("Title: Lio Varga's 2009 denim\n"
                "Paragraph: Lio Varga wore Bramble Denim jeans to a football final in 2009.\n"
                "Paragraph: Stock prices fell last week. Stock prices fell last week.")
_EXAM_SOURCES = ('topic "Hypoglycaemia"; student learning objective: Recognise and treat hypoglycaemia; '
                 "target Bloom's level: apply")
_EXAM_GOOD = ("Vignette: Tova Renn, 64, on insulin, is found confused and sweating; capillary glucose 2.1 mmol/L.\n"
              "Question: What is the most appropriate immediate treatment?\n"
              "A. Intravenous glucose\nB. Oral metformin\nC. Subcutaneous insulin\nD. Intravenous furosemide\n"
              "Answer key: A\nExplanation: Symptomatic hypoglycaemia needs glucose at once; the others lower "
              "glucose further or do not treat it.")
_EXAM_BAD = ("Vignette: Tova Renn, 64, on insulin, is found confused and sweating; capillary glucose 2.1 mmol/L.\n"
             "Question: What is the most appropriate immediate treatment?\n"
             "A. Intravenous glucose\nB. Oral metformin\nC. Subcutaneous insulin\nD. All of the above\n"
             "Answer key: C\nExplanation: Insulin is the treatment of choice.")
_EXAMPLES = {
    "article": (_ARTICLE_SOURCES, _ARTICLE_GOOD, _ARTICLE_BAD, "harbor knitwear"),
    "exam_item": (_EXAM_SOURCES, _EXAM_GOOD, _EXAM_BAD, "hypoglycaemia"),
}


def judge_question(criterion: Criterion, *, topic: str = "", level: str = "") -> str:
    """The yes/no question for a criterion (a generic one built from its description when none is written)."""
    template = QUESTIONS.get(criterion.name)
    if template is None:
        return f"Does the draft meet this requirement: {criterion.description.strip().rstrip('.')}?"
    return template.format(topic=topic or "the topic of the sources", level=level or "target")


def _block(sources: str, draft: str) -> str:
    return f"Sources:\n{sources.strip()}\nDraft:\n{draft.strip()}\n"


def build_probability_examples(kind: str, criteria: list[Criterion], *, level: str = "") -> str:
    """The shared start of every question: intro, then a good and a bad fictional example (the pair of the
    document's `kind`, exam items' or articles'; articles' for any other kind, such as "text") answered on the same
    questions. Identical for every draft of a kind, so llama.cpp computes it once."""
    ex_sources, good, bad, ex_topic = _EXAMPLES.get(kind, _EXAMPLES["article"])
    parts = [PROBABILITY_JUDGE_INTRO, ""]
    for example, answer in ((good, YES), (bad, NO)):
        parts.append(_block(ex_sources, example).rstrip())
        parts += [f"Question: {judge_question(c, topic=ex_topic, level=level)}\nAnswer:{answer}" for c in criteria]
        parts.append("")
    return "\n".join(parts) + "\n"


def build_probability_document(*, sources: str, document: str) -> str:
    """The draft under review and its sources, after the examples and before each question."""
    return _block(sources, document)


def build_probability_question(criterion: Criterion, *, topic: str = "", level: str = "") -> str:
    """The suffix asking about one criterion; the answer token follows it."""
    return f"Question: {judge_question(criterion, topic=topic, level=level)}\nAnswer:"


def template_reason(criterion: Criterion, score: float, threshold: float) -> str:
    """A judge reason that cannot contradict its verdict: the criterion, the score and the threshold."""
    description = criterion.description.strip().rstrip(".")
    digits = 2  # more when two decimals would print a score just below its threshold as equal to it
    while digits < 4 and score != threshold and round(score, digits) == round(threshold, digits):
        digits += 1
    verdict = "meets" if score >= threshold else "below"
    return f"{description}: scored {score:.{digits}f}, {verdict} the {threshold:.{digits}f} threshold."
