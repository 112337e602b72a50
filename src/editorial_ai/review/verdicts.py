"""Verdicts on a look that no post gives: praise with nothing sourced behind it.

A Jennie Effect article passed its review with "This look perfectly captured the essence of Jennie's 'Jennie
Effect' trend", "This look was perfect for the occasion" and "Her choice of pieces and outfits were carefully crafted
to create a look that would impress anyone who saw her": each sentence names only sourced things (Jennie, the
trend), so the name and pairing checks pass it, and the reception checks read audiences and sales, not a writer's
own praise. An editor strikes these lines; the posts say what was worn, where and when, never how well it worked.
Read in every sentence of an article, vouched for like a scene (a source that uses the key word vouches for it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from editorial_ai.review.scenes import vouched_phrases

_VERDICTS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(vouch.split())) for pattern, vouch in (
        (r"\b(?:perfectly |truly |really )?captur(?:e|es|ed|ing) the (?:essence|spirit|mood|heart|soul)\b"
         r"|\bthe (?:very )?essence of\b|\bembod(?:y|ies|ied|ying) the (?:essence|spirit)\b",
         "essence spirit embodies"),
        (r"\b(?:perfect|ideal|just right|fitting) for the (?:occasion|event|day|moment|setting)\b",
         "occasion"),
        (r"\bcarefully (?:crafted|curated|chosen|selected|considered|put together)\b|\bthoughtfully (?:chosen|"
         r"curated|put together)\b", "carefully thoughtfully curated"),
        (r"\b(?:would|will|to|sure to|bound to|certain to) impress (?:anyone|everyone|all|any)\b"
         r"|\bimpress(?:ed|es)? (?:anyone|everyone) who\b", "impress impressed"),
        # "as bold and sophisticated as ever": a past the posts do not give
        (r"\bas (?:\w+ ){1,3}as ever\b|\bthan ever\b", "ever"),
        (r"\b(?:a|an) (?:\w+ )?(?:bold|brave|daring|striking|smart|wise|clever|savvy|strategic|inspired) "
         r"(?:and \w+ )?(?:choice|decision|move|pick)\b|\bwas strategic\b", "choice decision strategic"),
        (r"\breturn(?:s|ed|ing)? to the (?:scene|spotlight|limelight)\b|\bback (?:on|in) the (?:scene|spotlight)\b",
         "scene spotlight limelight"),
        # "In a world where trends and styles are constantly evolving." and "..., further cementing the idea of
        # 'Jennie Effect' as a timeless fashion trend." (a Jennie Effect close that passed)
        (r"\bin a world where\b|\b(?:constantly|ever|always)[- ](?:evolving|changing)\b", "evolving changing"),
        (r"\bcement(?:s|ed|ing)?\b", "cement cemented cementing"),
        (r"\btimeless\b", "timeless"),
        # "giving him an iconic look", "a striking combination of classic elegance with modern comfort", "a perfect
        # symphony of fashion" (a Gorpcore and a Jennie Effect article that passed)
        (r"\b(?:an|the|his|her|their|its) iconic\b", "iconic"),  # "Jackson Wang wore his iconic Alaïa Le Coeur Bag"
        # "Mingyu, who loves streetwear and the gorpcore aesthetic, wore these shoes" (a Gorpcore article that passed)
        (r"\bwho (?:loves|adores|is passionate about|is obsessed with|has a passion for)\b", "loves adores passion"),
        (r"\b(?:a|an|the) (?:combination|blend|fusion|mix|balance|marriage) of (?:\w+ ){1,2}"
         r"(?:with|and) (?:\w+ ){1,2}?(?:comfort|elegance|style|chic|flair|edge|ease|function|functionality)\b",
         "combination blend fusion balance"),
        (r"\b(?:perfect|true|real) (?:symphony|harmony|balance|blend|fusion|marriage)\b", "symphony harmony"),
        # "a simple, stylish touch that complements Jennie's overall style" (its pull quote)
        (r"\bcomplement(?:s|ed|ing)? (?:\w+ ){0,3}?overall (?:style|look|aesthetic|outfit)\b"
         r"|\bcomplement(?:s|ed|ing)? (?:the|her|his|their) (?:outfit|look|style) perfectly\b", "complements overall"),
        # "Chanel 22 Bag look complemented her Alaïa Le Coeur Bag, adding a preppy touch to her overall style."
        (r"\b(?:add|adds|added|adding|bring|brings|brought|bringing|lend|lends|lent|lending) (?:a|an) (?:\w+ ){0,3}"
         r"(?:touch|flair|twist)\b", "touch flair twist"),
        # "Her outfit was a perfect combination of practicality and sophistication." (a Jennie Effect article)
        (r"\b(?:perfect|striking|great|ideal|winning|seamless|harmonious|effortless) (?:combination|blend|fusion|mix|"
         r"balance|marriage) of\b", "combination blend fusion balance"),
        (r"\b(?:to|of|with|into) (?:her|his|their|the|its) overall (?:style|look|aesthetic|outfit)\b", "overall"),
    ))


def invented_verdicts(text: str, source_words: Iterable[str]) -> list[str]:
    """The verdict phrases of `text` (lower case, in text order) whose key words no source uses."""
    return vouched_phrases(_VERDICTS, text, source_words)


def verdict_problem(phrase: str) -> str:
    """The finding for a verdict no post gives (in quotes, so the sentence fix can cut the phrase's clause)."""
    return f'no source gives this verdict: "{phrase}"; say what the posts show instead'
