"""Which components of an article a failed review points at (for targeted self-correction)."""

from __future__ import annotations

import re

from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.review import ReviewResult
from editorial_ai.review.grounding import normalize

# Criteria whose fix is a known set of components; unknown criteria mean a full rewrite.
_FIXED_TARGETS: dict[str, list[str]] = {
    "content_completeness": ["product_mentions", "celeb_mentions", "hashtags"],
    "fact_accuracy": ["body_paragraphs", "product_mentions", "celeb_mentions"],
    "visual_appeal": ["title", "subtitle", "pull_quotes"],
    "trend_relevance": ["title", "body_paragraphs[0]"],
    "engagement": ["title", "subtitle", "pull_quotes"],
}
# Criteria whose evidence quotes the offending text (claims, names, copied or repeated sentences,
# off-topic paragraphs): the fix is the components holding that text.
_EVIDENCE_CRITERIA = {"hallucination", "fact_accuracy", "originality", "repetition", "trend_relevance", "relevance",
                      "specificity"}
# Beyond this share of the article, a targeted fix costs as much as a rewrite and risks incoherence.
MAX_TARGETED_SHARE = 0.6
_ALL_COMPONENTS = (
    "title",
    "subtitle",
    "body_paragraphs",
    "pull_quotes",
    "product_mentions",
    "celeb_mentions",
    "hashtags",
)


def _components_naming(content: EditorialContent, name: str) -> list[str]:
    key = normalize(name)
    found: list[str] = []

    def has(text: str) -> bool:
        return bool(key) and key in normalize(text)

    if has(content.title):
        found.append("title")
    if has(content.subtitle):
        found.append("subtitle")
    found += [f"body_paragraphs[{i}]" for i, p in enumerate(content.body_paragraphs) if has(p)]
    if any(has(q) for q in content.pull_quotes):
        found.append("pull_quotes")
    if any(has(f"{m.brand} {m.name}") for m in content.product_mentions):
        found.append("product_mentions")
    if any(has(m.name) for m in content.celeb_mentions):
        found.append("celeb_mentions")
    return found


def _missing_parts(content: EditorialContent) -> list[str]:
    """The components a counted completeness check finds missing (all three lists when none is)."""
    missing = [name for name, value in (("celeb_mentions", content.celeb_mentions),
                                        ("product_mentions", content.product_mentions),
                                        ("hashtags", content.hashtags)) if not value]
    if len(content.body_paragraphs) < 2:
        missing.append("body_paragraphs")
    return missing or list(_FIXED_TARGETS["content_completeness"])


_QUOTED = re.compile(r"[\"“]([^\"”]{3,})[\"”]")
# Completeness evidence that the body itself is too short or too thin (review/completeness.py).
_SHORT_BODY = re.compile(r"words of body text|body paragraphs \(found|empty body paragraph")
_PARAGRAPH_REF = re.compile(r"\bparagraph (\d+)\b", re.I)
_FEW_WORDS = re.compile(r"write at least (\d+) words of body text \(found (\d+)\)")
# A body with at least this share of its word floor is continued where it is shortest, not drafted again: after
# its revision took out six wrong sentences, a Jennie Effect body of 247 words (floor 250) was drafted anew, and the
# new draft brought back every kind of error the revisions had taken out.
CONTINUE_SHARE = 0.6
WORDS_PER_CONTINUATION = 35  # about what one continuation of two sentences adds


_LOCATION = re.compile(r"^(title|subtitle|pull_quotes|body_paragraphs\[(\d+)\])(?:\[\d+\])?:")


def _components_quoting(content: EditorialContent, evidence: str) -> list[str]:
    """Components an evidence line points at: the location it starts with (`body_paragraphs[1]: "..."`), else the
    text it quotes (a claim, a copied sentence, a name) or "paragraph N" (1-based). Quoted claims are looked up in
    the text; a bare line is read as a name. The location comes first: a claim that itself holds quotation marks
    ("The "Jennie Effect" has...") would otherwise be read as the quote "The " and point at every paragraph."""
    located = _LOCATION.match(evidence)
    if located:
        index = located[2]
        if index is None:
            return [located[1]]
        return [located[1]] if int(index) < len(content.body_paragraphs) else []
    quotes = _QUOTED.findall(evidence)
    found = [f"body_paragraphs[{int(n) - 1}]" for n in _PARAGRAPH_REF.findall(evidence)
             if 0 < int(n) <= len(content.body_paragraphs)]  # fmt: skip
    for quote in quotes or [evidence]:
        named = _components_naming(content, quote)
        found += named or _closest_paragraph(content, quote)
    return found


def _closest_paragraph(content: EditorialContent, quote: str) -> list[str]:
    """The paragraph holding most of a quote's words (a claim may be quoted shortened or re-punctuated)."""
    words = set(normalize(quote).split())
    if len(words) < 4:
        return []
    overlap = [len(words & set(normalize(p).split())) / len(words) for p in content.body_paragraphs]
    best = max(range(len(overlap)), key=overlap.__getitem__, default=-1)
    return [f"body_paragraphs[{best}]"] if best >= 0 and overlap[best] >= 0.6 else []


def short_body_targets(evidence: list[str], content: EditorialContent) -> list[str]:
    """The shortest paragraphs, enough of them to make up the words a body is short by, when a word count is all
    the completeness evidence asks for and the body has most of its floor (`CONTINUE_SHARE`); else []."""
    counts = [m for line in evidence if (m := _FEW_WORDS.search(line))]
    if len(counts) != len(evidence) or len(content.body_paragraphs) < 2:
        return []  # too few paragraphs, or an empty one: more than words are missing
    need, found = int(counts[0][1]), int(counts[0][2])
    if found < CONTINUE_SHARE * need:
        return []
    lengths = [len(p.split()) for p in content.body_paragraphs]
    wanted = min(len(lengths), max(2, -(-(need - found) // WORDS_PER_CONTINUATION) + 1))
    order = sorted(range(len(lengths)), key=lengths.__getitem__)[:wanted]
    return [f"body_paragraphs[{i}]" for i in sorted(order)]


def correction_targets(result: ReviewResult, content: EditorialContent) -> list[str] | None:
    """Components to regenerate, or None when only a full rewrite can fix the failures."""
    targets: list[str] = []
    for failure in result.failed():
        if failure.evidence and failure.criterion in _EVIDENCE_CRITERIA:
            located = [t for line in failure.evidence for t in _components_quoting(content, line)]
            if not located and failure.criterion not in _FIXED_TARGETS:
                return None  # the evidence points at nothing we can find: rewrite rather than guess
            targets += located or _FIXED_TARGETS[failure.criterion]
        elif failure.criterion == "content_completeness":
            short = [line for line in failure.evidence if _SHORT_BODY.search(line)]
            shortest = short_body_targets(short, content) if short else []
            if short and not shortest:
                return None  # every paragraph needs more: a new draft, not new hashtags
            thin = [t for line in failure.evidence if _LOCATION.match(line)
                    for t in _components_quoting(content, line)]  # a paragraph too short to stand alone
            rest = [line for line in failure.evidence if not _LOCATION.match(line) and line not in short]
            targets += shortest + thin + (_missing_parts(content) if rest or not (thin or shortest) else [])
        elif failure.criterion in _FIXED_TARGETS:
            targets += _FIXED_TARGETS[failure.criterion]
        else:
            return None
    unique = list(dict.fromkeys(targets))
    if not unique:
        return None
    paragraphs = sum(1 for t in unique if t.startswith("body_paragraphs"))
    if "body_paragraphs" in unique:  # the whole list is a target: drop item-level duplicates
        unique = [t for t in unique if not t.startswith("body_paragraphs[")]
        paragraphs = len(content.body_paragraphs)
    others = len([t for t in unique if not t.startswith("body_paragraphs")])
    share = (others + paragraphs / max(1, len(content.body_paragraphs))) / len(_ALL_COMPONENTS)
    return unique if share <= MAX_TARGETED_SHARE else None
