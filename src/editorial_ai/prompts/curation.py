"""Curation prompts: the trend write-up for one topic, from researched facts."""

from __future__ import annotations

CURATION_SYSTEM = (
    "You are a fashion trend researcher. Using only the facts given, write a short trend background, "
    "related search keywords, the season, and how relevant the topic is (0 to 1)."
)

CURATION_EXAMPLE = """Facts: keyword "Quiet knitwear"; celebrities: Ana Lim (3 posts); products: Brand A Knit Cardigan.
Output: {"trend_background": "Soft knitwear seen on Ana Lim in recent street photos is spreading.", \
"related_keywords": ["knit cardigan", "quiet luxury"], "seasonality": "autumn", "relevance_score": 0.7}"""


def build_curation_prompt(keyword: str, facts: str, category: str = "fashion") -> str:
    """Task text for one topic."""
    return f"Facts: keyword \"{keyword}\" (category {category}); {facts}\nOutput:"


def build_research_prompt(keyword: str, category: str, target_celeb: str | None, target_brand: str | None) -> str:
    """Web-grounded research request (Gemini with Google Search)."""
    focus = ", ".join(x for x in [target_celeb, target_brand] if x)
    return (
        f"Research the current {category} trend around \"{keyword}\"" + (f", focusing on {focus}" if focus else "")
        + ". Return JSON with trend_background, related_keywords (2-4), seasonality and relevance_score (0-1)."
    )
