"""Sources shared by the writer tests: three sourced posts (two of Jennie, one of Lisa) and a curated topic."""

from __future__ import annotations

from typing import Any

TOPICS: list[dict[str, Any]] = [{"keyword": "Jennie Effect", "celebrities": [{"name": "Jennie"}], "brands_products": [],
                                 "related_keywords": []}]  # fmt: skip


def _solution(title: str, brand: str, tags: list[str], qa: str = "") -> dict[str, Any]:
    pairs = [{"q": "What colour and material is it?", "a": qa}] if qa else []
    return {"solution_id": title.lower().replace(" ", "-"), "title": title, "brand": brand,
            "metadata": {"keywords": [brand.lower(), *tags], "qa_pairs": pairs}}  # fmt: skip


CONTEXTS: list[dict[str, Any]] = [
    {"post_id": "p1", "artist_name": "Jennie", "group_name": "BLACKPINK", "title": "The Jennie effect at the airport",
     "context": "airport fashion", "view_count": 900, "created_at": "2026-02-14T06:36:00Z", "date": "14 February 2026",
     "solutions": [_solution("Chanel 22 Bag", "Chanel", ["bag", "quiet luxury"], "Olive, leather.")]},
    {"post_id": "p2", "artist_name": "Jennie", "group_name": "BLACKPINK", "title": "Jennie street style in denim",
     "context": "street style", "view_count": 500, "created_at": "2025-08-05T10:00:00Z", "date": "5 August 2025",
     "solutions": [_solution("Calvin Klein 90s Straight Jeans", "Calvin Klein", ["denim", "90s"], "Blue, denim.")]},
    {"post_id": "p3", "artist_name": "Lisa", "group_name": "BLACKPINK", "title": "Lisa carries Celine",
     "context": "street style", "view_count": 300, "created_at": "2025-09-01T10:00:00Z", "date": "1 September 2025",
     "solutions": [_solution("Celine Triomphe Shoulder Bag", "Celine", ["bag"], "Black, leather.")]},
]  # fmt: skip
KNOWN = {"Jennie", "Lisa", "Winter", "BLACKPINK", "Chanel", "Calvin Klein", "Celine", "Gucci", "Chanel 22 Bag",
         "Calvin Klein 90s Straight Jeans", "Celine Triomphe Shoulder Bag", "Gucci Horsebit Loafers"}  # fmt: skip

# Five grounded paragraphs (one per outline paragraph: background, looks, two products, spread), 70+ words each.
PARAGRAPHS = [
    "The Jennie Effect is the name fans give to the way one outfit from Jennie of BLACKPINK sells out within days. "
    "It shows up at the airport and in street style, and it keeps coming back to a good bag worn with plain denim. "
    "Nothing about it looks like a costume, which is exactly why the pairing travels so far beyond the fan pages "
    "and into ordinary wardrobes every single season.",
    "Jennie set the pace on 14 February 2026 at the airport, carrying the Chanel 22 Bag in olive leather over a "
    "relaxed coat. On 5 August 2025 she had already shown the other half of the formula in street style, wearing "
    "the Calvin Klein 90s Straight Jeans with flat shoes. Both looks mix one statement piece with something plain, "
    "and both were copied by fans within hours of the first photos appearing online.",
    "The Chanel 22 Bag is the piece that carries the Jennie Effect. Chanel makes it in soft olive leather, roomy "
    "enough for a day of travel and light enough to sling over one shoulder without a second thought. Jennie wore "
    "it at the airport, where the slouchy shape read relaxed rather than formal. That balance between luxury and "
    "ease is the reason shoppers keep asking for it by name in every boutique.",
    "The Calvin Klein 90s Straight Jeans are the quiet half of the look. Calvin Klein cuts them straight through the "
    "leg in mid blue denim, a shape that works with trainers as easily as with ballet flats. Jennie wore them in "
    "street style with a simple top, proof that the Jennie Effect does not need a logo to work. The jeans are easy "
    "to find and easy to wear, and that keeps the look within reach for most readers.",
    "Why does the Jennie Effect spread so quickly? Part of it is reach, because the airport photo was the most "
    "viewed look of all. The rest is ease: a good bag and straight jeans are things many readers already own or "
    "can find without much trouble. Copying the look feels possible rather than distant, so every new photo gives "
    "fans another combination to try, and the effect renews itself with each season instead of fading away.",
]
