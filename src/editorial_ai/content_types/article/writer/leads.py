"""Each body paragraph's first sentence, composed from its own facts.

The writer continues a paragraph from this sentence instead of starting from nothing: every paragraph then
opens with a true, on-topic statement (names, dates and settings exactly as sourced), and a model continues a
concrete opening far more coherently than it invents one. A stronger model gets the same opening and writes a
better rest of the paragraph. Several phrasings per kind, chosen by the attempt's variant, so drafts differ.
"""

from __future__ import annotations

from editorial_ai.review.attributes import ATTRIBUTE_WORDS

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


def product_lead(name: str, brand: str, details: str, wearers: list[tuple[str, str]], variant: int,
                 date: str = "") -> str:
    """"The Toy Pumps by Loewe are made in black leather, and Hanni wore them at a magazine cover shoot on 3 June
    2025" (`date`: that sighting's post, as sourced)."""
    thing = _piece(name, brand)
    first = thing[0].upper() + thing[1:]
    plural = is_plural(name)
    verb, them, one_of = ("are", "them", "are among") if plural else ("is", "it", "is one of")
    seen = ""
    if wearers:
        who, context = wearers[0]
        seen = f"{who} wore {them} {scene_phrase(context)}".rstrip() if who else ""
        if seen and date:
            seen += f" on {date}"
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


def _join(items: list[str]) -> str:
    items = [i for i in dict.fromkeys(items) if i]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}" if items else ""


# Tags that only say what kind of piece it is, or its colour (the opening gives that already).
_PLAIN_TAGS = frozenset({"bag", "bags", "top", "tops", "outerwear", "shoes", "shoe", "bottom", "bottoms", "dress",
                         "dresses", "accessory", "accessories", "eyewear", "jewelry", "jewellery", "hat", "hats",
                         "knitwear", "denim", "sneakers", "boots", "skirt", "jacket", "coat", "sunglasses", "watch"})


def style_tags(tags: list[str], keyword: str = "") -> list[str]:
    """Tags that name a style ("minimal", "quiet luxury"), not the kind of piece or its colour."""
    skip = _PLAIN_TAGS | ATTRIBUTE_WORDS | {keyword.casefold()}
    return [t for t in dict.fromkeys(tags) if t.casefold() not in skip]


# A second composed sentence per paragraph, from facts its opening left out: with the opening it gives the model two
# true sentences to continue from, and keeps the paragraph worth reading when the guard drops what the model adds.
def background_follow(keyword: str, tags: list[str], wearers: list[str], variant: int) -> str:
    """"Its pieces are tagged minimal, old money and quiet luxury; Jennie, Minji and IU wear it most often"."""
    tagged = style_tags(tags, keyword)[:3]
    parts = []
    if tagged:
        parts.append(_pick([f"Its pieces are tagged {_join(tagged)}", f"The pieces behind it carry the {_join(tagged)} "
                            f"tag{'s' if len(tagged) > 1 else ''}"], variant))
    if wearers:
        parts.append(f"{_join(wearers[:3])} wear{'s' if len(wearers) == 1 else ''} it most often")
    return ("; ".join(parts) + ".") if parts else ""


def looks_follow(celebrity: str, later: list[tuple[str, str]], worn: list[str],
                 first: tuple[str, int] = ("", 0)) -> str:
    """"That post, "Minji in Chanel", has been viewed 1,204,551 times. Minji was also photographed in a music video on
    21 September 2025. Across these looks, Minji wore ..."."""
    title, views = first
    sentences = [f"That post, \u201c{title}\u201d, has been viewed {views:,} times."] if title and views > 0 else []
    seen: list[str] = []
    for i, (date, context) in enumerate(later[:2]):
        if not context:
            continue
        again = i > 0 and context == later[0][1]  # "in the front row on 25 January and again on 10 March"
        seen.append(f"{'again' if again else scene_phrase(context)}{f' on {date}' if date else ''}")
    if seen:
        sentences.append(f"{celebrity} was also photographed {' and '.join(seen)}.")
    if len(worn) > 1:
        sentences.append(f"Across these looks, {celebrity} wore {_join([f'the {w}' for w in worn[:3]])}.")
    return " ".join(sentences)


def product_follow(name: str, tags: list[str], wearers: list[tuple[str, str]], price_krw: int = 0) -> str:
    """"Rosé wore them in a brand campaign as well. In the catalog they sit under coquette. They sell for KRW
    890,000"."""
    them = "them" if is_plural(name) else "it"
    others = [(who, scene_phrase(context)) for who, context in wearers[1:3] if who and context]
    sentences = []
    if len(others) == 2:
        sentences.append(f"{others[0][0]} wore {them} {others[0][1]}, and {others[1][0]} {others[1][1]}.")
    elif others:
        sentences.append(f"{others[0][0]} wore {them} {others[0][1]} as well.")
    styles = style_tags(tags)[:3]
    if styles:
        sentences.append(f"In the catalog {'they sit' if them == 'them' else 'it sits'} under {_join(styles)}.")
    if price_krw > 0:
        sentences.append(f"{'They sell' if them == 'them' else 'It sells'} for KRW {price_krw:,}.")
    return " ".join(sentences)


def spread_follow(keyword: str, scenes: list[str], pieces: list[str]) -> str:
    """"Old money has been photographed at the airport and in a music video. Its pieces include ..."."""
    places = [scene_phrase(s) for s in scenes[:3] if s]
    sentences = []
    if len(places) >= 2:
        sentences.append(f"{keyword} has been photographed {_join(places)}.")
    if len(pieces) >= 2:
        sentences.append(f"Its pieces include {_join([f'the {p}' for p in pieces[:3]])}.")
    return " ".join(sentences)
