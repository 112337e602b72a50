"""Each body paragraph's first sentence, composed from its own facts.

The writer continues a paragraph from this sentence instead of starting from nothing: every paragraph then
opens with a true, on-topic statement (names, dates and settings exactly as sourced), and a model continues a
concrete opening far more coherently than it invents one. A stronger model gets the same opening and writes a
better rest of the paragraph. Several phrasings per kind, chosen by the attempt's variant, so drafts differ.
"""

from __future__ import annotations

# How a post's context reads inside a sentence ("airport fashion" -> "at the airport").
_SCENES = {
    "airport fashion": "at the airport", "brand campaign": "in a brand campaign", "music video": "in a music video",
    "pop-up store event": "at a pop-up store event", "award show red carpet": "on an award show red carpet",
    "magazine cover shoot": "at a magazine cover shoot", "street style": "in street style",
    "paris fashion week front row": "in the Paris Fashion Week front row",
    "milan fashion week front row": "in the Milan Fashion Week front row", "stage outfit": "on stage",
}


def scene_phrase(context: str) -> str:
    """A sourced context as a place in a sentence; unknown contexts keep their own words."""
    context = context.strip()
    if not context:
        return ""
    return _SCENES.get(context.casefold(), f"at the {context}" if " " not in context else f"in {context}")


def _pick(options: list[str], variant: int) -> str:
    return options[variant % len(options)]


def _piece(name: str, brand: str) -> str:
    """"the Chanel 22 Bag" or "the Toy Pumps by Loewe" (a brand is not repeated when the name starts with it)."""
    if not brand or name.casefold().startswith(brand.casefold()):
        return f"the {name}"
    return f"the {name} by {brand}"


def background_lead(keyword: str, scenes: list[str], looks: str, period: str, variant: int) -> str:
    """"Balletcore runs through six logged looks between March and May, from ... to ..."."""
    places = [scene_phrase(s) for s in scenes[:2] if s]
    where = f", from {places[0].split(' ', 1)[1]} to {places[1].split(' ', 1)[1]}" if len(places) == 2 else (
        f", mostly {places[0]}" if places else "")
    when = f" {period}" if period else ""
    return _pick([
        f"{keyword} runs through {looks} logged looks{when}{where}.",
        f"The catalog logs {looks} looks for {keyword}{when}{where}.",
    ], variant)


def looks_lead(celebrity: str, group: str, date: str, context: str, piece: str, brand: str, variant: int) -> str:
    """"On 14 February 2026 Jennie of BLACKPINK carried the Chanel 22 Bag at the airport"."""
    who = f"{celebrity} of {group}" if group and group.casefold() != celebrity.casefold() else celebrity
    where = f" {scene_phrase(context)}" if context else ""
    if not piece:
        return f"{who} was photographed{where}{f' on {date}' if date else ''}."
    thing = _piece(piece, brand)
    return _pick([
        f"{f'On {date}, ' if date else ''}{who} wore {thing}{where}.",
        f"{who} chose {thing}{where}{f' on {date}' if date else ''}.",
    ], variant)


def is_plural(name: str) -> bool:
    """"Loewe Toy Pumps", "Celine Straight Jeans" are plural; "Lady Dior Bag", "Slip Dress" are not."""
    last = name.split()[-1].casefold() if name.split() else ""
    return last.endswith("s") and not last.endswith(("ss", "us", "is"))


def product_lead(name: str, brand: str, details: str, wearers: list[tuple[str, str]], variant: int) -> str:
    """"The Toy Pumps by Loewe are made in black leather, and Hanni wore them at a magazine cover shoot"."""
    thing = _piece(name, brand)
    first = thing[0].upper() + thing[1:]
    plural = is_plural(name)
    verb, them, one_of = ("are", "them", "are among") if plural else ("is", "it", "is one of")
    seen = ""
    if wearers:
        who, context = wearers[0]
        seen = f"{who} wore {them} {scene_phrase(context)}".rstrip() if who else ""
    if details:
        return _pick([
            f"{first} {verb} made in {details}" + (f", and {seen}." if seen else "."),
            f"{first}, in {details}, {one_of} the pieces behind the look" + (f": {seen}." if seen else "."),
        ], variant)
    return f"{first} {one_of} the pieces behind the look" + (f": {seen}." if seen else ".")


def spread_lead(keyword: str, top_title: str, top_context: str, variant: int) -> str:
    """"The most viewed post of the trend, "Jennie at the airport", was taken at the airport"."""
    if not top_title:
        return f"{keyword} has spread well beyond a single post."
    where = f" {scene_phrase(top_context)}" if top_context else ""
    return _pick([
        f"The most viewed {keyword} post, \u201c{top_title}\u201d, was taken{where}.",
        f"No {keyword} post has been viewed more than \u201c{top_title}\u201d{where}.",
    ], variant)
