"""Controlled perturbations of clean fashion articles; each one is a real edit with a known label.

Each function takes the clean `Article`, the record's sources and a seeded RNG and returns the edited article
plus an `edit` note (what was inserted or replaced, for tests and for anyone reading the data), or None when the
record cannot carry that perturbation (the generator then draws another scenario).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from editorial_ai.evaluation.labelled_catalog import (
    Catalog,
    invented_product,
    numbers_in,
    other_artists,
    source_text,
)
from editorial_ai.evaluation.labelled_fashion import (
    Article,
    Look,
    context_phrase,
    keyword_mid,
    noun,
    replace_name,
    sentences,
)
from editorial_ai.prompts import editorial as editorial_prompt

Edit = tuple[Article, dict[str, Any]]

# Paragraphs about something else entirely: no names, no numbers, no fashion or catalog words.
OFF_TOPIC = (
    "A good loaf of sourdough needs patience more than skill. The starter is fed the night before, the dough "
    "rests through the morning, and the oven does the rest. Home bakers say the slow rise is what gives the crust "
    "its crackle and the crumb its open, chewy texture.",
    "Tomatoes grown on a sunny balcony need deep watering rather than a daily splash. Pinching out the side shoots "
    "keeps the plant focused on fruit, and a little potash once the flowers appear makes a visible difference by "
    "the end of summer.",
    "Cycling to work changes how a city feels. Quiet back streets replace the main road, the commute becomes "
    "exercise, and a rain jacket folded into a pannier is the only real preparation most riders need.",
    "Most houseplants die from too much water, not too little. Letting the top of the soil dry between waterings, "
    "turning the pot towards the light now and then and wiping dust off the leaves will keep a fern or a fig healthy "
    "through the darker months.",
    "Sleep researchers keep returning to the same advice: a fixed wake-up time, a dark and cool bedroom, and no "
    "screens in the last hour of the evening. Caffeine after lunch quietly shortens the deepest part of the night.",
    "Chess openings reward understanding over memory. Control the centre, develop the knights before the bishops, "
    "castle early and avoid moving the same piece twice; beginners who follow these ideas win more games than those "
    "who learn long lines by heart.",
    "Brewing coffee at home comes down to grind size and water temperature. A coarse grind suits a press pot, a "
    "fine one suits an espresso machine, and water just off the boil brings out sweetness without bitterness.",
    "Birdwatching needs little more than a notebook and patience. Early mornings near water are the busiest hours, "
    "and learning a handful of common songs first makes the rarer calls stand out.",
    "A household budget works best when it is boring. Fixed costs go out on payday, a small amount moves to "
    "savings automatically, and whatever is left is spent without guilt until the next month begins.",
    "Learning a language as an adult is mostly about routine. Ten quiet minutes of listening every day beats a "
    "long weekend session, and speaking badly out loud early on is how the words finally stick.",
)
_NUMBER_TEMPLATES = (
    ("title_year", "{title} ({year})"),
    ("title_year", "{title} - {year}"),
    ("title_year", "{year}: {title}"),
    ("body_year", "The trend has been building since {year}."),
    ("body_year", "{artist} first wore {brand} in {year}."),
    ("body_price", "The {product} sells for {price} won."),
    ("body_percent", "Searches for the {product} rose {percent}% in a week."),
    ("body_views", "The post has been viewed {count} times."),
)


def _insert_after_first(paragraph: str, sentence: str) -> str:
    parts = sentences(paragraph)
    return " ".join([*parts[:1], sentence, *parts[1:]])


def _look_index(rng: random.Random, article: Article) -> int:
    """Index of a paragraph about a look (paragraph 0 is the intro)."""
    return 1 + rng.randrange(len(article.looks))


def invented_brand(article: Article, sources: dict[str, Any], rng: random.Random, catalog: Catalog) -> Edit | None:
    """A brand and product absent from the catalog, named in a body paragraph."""
    brand, product = invented_product(rng, catalog)
    index = _look_index(rng, article)
    artist = article.looks[index - 1].post.artist
    sentence = rng.choice([f"{artist} paired it with the {product}.", f"The {product} finished the look.",
                           f"Fans also spotted the {product} from {brand}."])
    paragraphs = list(article.paragraphs)
    paragraphs[index] = _insert_after_first(paragraphs[index], sentence)
    return article.with_paragraphs(paragraphs), {"inserted": sentence, "name": product, "brand": brand}


def wrong_celebrity(article: Article, sources: dict[str, Any], rng: random.Random, catalog: Catalog) -> Edit | None:
    """A look's celebrity swapped for a catalog artist the sources never mention."""
    candidates = other_artists(catalog, sources)
    if not candidates:
        return None
    index = _look_index(rng, article)
    look = article.looks[index - 1]
    swap = rng.choice(candidates)
    paragraph = article.paragraphs[index]
    if look.post.group:  # "Jennie of BLACKPINK" -> "Lisa" (the group would vouch for nothing)
        paragraph = replace_name(paragraph, f"{look.post.artist} of {look.post.group}", swap)
    paragraph = replace_name(paragraph, look.post.artist, swap)
    if paragraph == article.paragraphs[index]:
        return None
    paragraphs = list(article.paragraphs)
    paragraphs[index] = paragraph
    return article.with_paragraphs(paragraphs), {"replaced": look.post.artist, "name": swap}


def unsourced_number(article: Article, sources: dict[str, Any], rng: random.Random, catalog: Catalog) -> Edit | None:
    """A year, price, percentage or view count the sources do not hold, in the title or a body paragraph."""
    known = numbers_in(source_text(sources))
    kind, template = rng.choice(_NUMBER_TEMPLATES)
    look = article.looks[rng.randrange(len(article.looks))]
    values = {"year": str(rng.randrange(2012, 2025)), "price": f"{rng.randrange(180, 4900) * 1000:,}",
              "percent": str(rng.randrange(35, 95)), "count": f"{rng.randrange(2_000_000, 9_000_000):,}"}
    number = values[{"title_year": "year", "body_year": "year", "body_price": "price", "body_percent": "percent",
                     "body_views": "count"}[kind]]
    if number.replace(",", "") in known:
        return None
    text = template.format(title=article.title, artist=look.post.artist, brand=look.products[0].brand,
                           product=look.products[0].title, **values)
    if kind == "title_year":
        edited = replace(article, title=text)
    else:
        index = 1 + article.looks.index(look)
        paragraphs = list(article.paragraphs)
        paragraphs[index] = _insert_after_first(paragraphs[index], text)
        edited = article.with_paragraphs(paragraphs)
    return edited, {"inserted": text, "number": number, "where": "title" if kind == "title_year" else "body"}


def _tied(sources: dict[str, Any]) -> dict[str, set[tuple[str, str]]]:
    """Per product title: the (artist, context) pairs the sources tie it to."""
    ties: dict[str, set[tuple[str, str]]] = {}
    for post in sources["enriched_contexts"]:
        for sol in post["solutions"]:
            ties.setdefault(sol["title"], set()).add((post["artist_name"], post["context"]))
    return ties


def wrong_pairing(article: Article, sources: dict[str, Any], rng: random.Random, catalog: Catalog) -> Edit | None:
    """A sourced celebrity paired with a sourced product the sources tie to someone else (or another scene)."""
    ties = _tied(sources)
    options: list[tuple[int, Look, str, str]] = []
    for i, look in enumerate(article.looks):
        artist, context = look.post.artist, look.post.context
        for title, pairs in sorted(ties.items()):
            if all(a != artist for a, _ in pairs):
                options.append((i, look, title, "celebrity"))
            elif (artist, context) not in pairs:
                options.append((i, look, title, "context"))
    if not options:
        return None
    kinds = sorted({o[3] for o in options})
    kind = "celebrity" if "celebrity" in kinds else kinds[0]
    i, look, title, kind = rng.choice([o for o in options if o[3] == kind])
    sentence = rng.choice([
        f"{look.post.artist} wore the {title} for {context_phrase(look.post.context)}.",
        f"For {context_phrase(look.post.context)}, {look.post.artist} carried off the {title}.",
    ])
    paragraphs = list(article.paragraphs)
    parts = sentences(paragraphs[i + 1])
    parts[1] = sentence  # the sentence that named the look's own product
    paragraphs[i + 1] = " ".join(parts)
    return article.with_paragraphs(paragraphs), {"inserted": sentence, "product": title, "pairing": kind,
                                                 "artist": look.post.artist, "context": look.post.context}


def off_topic_paragraph(article: Article, sources: dict[str, Any], rng: random.Random,
                        catalog: Catalog) -> Edit | None:
    """A paragraph about something unrelated to the keyword, in the middle of the body."""
    text = rng.choice(OFF_TOPIC)
    paragraphs = list(article.paragraphs)
    position = 1 + rng.randrange(len(paragraphs) - 1)
    if len(paragraphs) >= 5:
        paragraphs[position] = text  # keep the pipeline's five-paragraph ceiling
    else:
        paragraphs.insert(position, text)
    return article.with_paragraphs(paragraphs), {"inserted": text, "position": position}


def repeated_sentences(article: Article, sources: dict[str, Any], rng: random.Random,
                       catalog: Catalog) -> Edit | None:
    """A whole paragraph repeated at the end and two of its sentences repeated inside another one."""
    paragraphs = list(article.paragraphs)
    source_index = rng.randrange(len(paragraphs) - 1)
    repeated = paragraphs[source_index]
    target = (source_index + 1 + rng.randrange(len(paragraphs) - 1)) % len(paragraphs)
    paragraphs[target] = paragraphs[target] + " " + " ".join(sentences(repeated)[:2])
    paragraphs.append(repeated)
    return article.with_paragraphs(paragraphs), {"repeated": repeated}


_SPECIFIC = re.compile(r"\d|\b(january|february|march|april|may|june|july|august|september|october|november|"
                       r"december|spring|summer|autumn|fall|winter|season|one|two|three|four|five|six|seven|eight|"
                       r"nine|ten|eleven|twelve|sixteen|twenty|dozen)\b", re.IGNORECASE)


def _example_roles() -> tuple[dict[str, str], list[str], list[str]]:
    """(example name -> role, every fictional name, example texts) from `prompts.editorial`, read on each call."""
    article = json.loads(editorial_prompt.EDITORIAL_EXAMPLE[editorial_prompt.EDITORIAL_EXAMPLE.index("{"):])
    roles = {article.get("keyword", ""): "topic"}
    roles |= {m.get("name", ""): "celeb" for m in article.get("celeb_mentions", [])}
    roles |= {m.get("name", ""): "product" for m in article.get("product_mentions", [])}
    roles |= {m.get("brand", ""): "brand" for m in article.get("product_mentions", [])}
    roles.pop("", None)
    names = list(getattr(editorial_prompt, "EXAMPLE_NAMES", ())) or list(roles)
    texts = list(getattr(editorial_prompt, "EDITORIAL_EXAMPLE_TEXTS", ()))
    if not texts:
        texts = [article.get("title", ""), article.get("subtitle", ""), *article.get("body_paragraphs", []),
                 *article.get("pull_quotes", [])]
    return roles, names, [t for t in texts if t]


def _fact_phrases(mapped: set[str]) -> list[str]:
    """Lower-case fact values of the worked examples (places, materials, tags) other than the mapped names."""
    phrases: set[str] = set()
    for example in getattr(editorial_prompt, "PARAGRAPH_EXAMPLES", {}).values():
        for fact in example.facts:
            for part in re.split(r",|;| by |\(|\)", fact.partition(":")[2]):
                part = part.strip().strip('"').strip().lower()
                if len(part) > 2 and part not in mapped:
                    phrases.add(part)
    return sorted(phrases)


def example_copy(topic: str, celeb: str, product: str, brand: str) -> dict[str, Any]:
    """Sentences of the editorial prompt's few-shot examples as a model copies them: with this record's names.

    Only sentences whose every fictional name has a role here (topic, celebrity, product, brand) and that carry
    no number, date, season or example-specific fact are copied, so the copy adds no unsourced name or figure:
    what it breaks is originality alone. Read from `prompts.editorial` on every call, so regenerated labels
    follow the writer's examples.
    """
    roles, names, texts = _example_roles()
    values = {"topic": topic, "celeb": celeb, "product": product, "brand": brand}
    swaps = {name: values[role] for name, role in roles.items()}
    phrases = _fact_phrases({n.lower() for n in swaps})
    copied: list[str] = []
    title = ""
    for text in texts:
        for sentence in sentences(text):
            lower = sentence.lower()
            if _SPECIFIC.search(sentence) or any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", lower) for p in phrases):
                continue
            if any(n in sentence for n in names if n not in swaps):
                continue
            for old in sorted(swaps, key=len, reverse=True):
                sentence = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", swaps[old], sentence)
            if not re.search(r"[.!?]$", sentence):
                title = title or sentence
            else:
                copied.append(sentence)
    return {"title": title, "sentences": copied, "source_texts": texts}


def copied_example(article: Article, sources: dict[str, Any], rng: random.Random, catalog: Catalog) -> Edit | None:
    """The intro paragraph (and the title, when one can be copied) replaced by the prompt example's sentences."""
    look = article.looks[0]
    product = look.products[0]
    example = example_copy(article.topic.keyword, look.post.artist, product.title, product.brand)
    if len(example["sentences"]) < 3:
        return None
    paragraphs = list(article.paragraphs)
    paragraphs[0] = " ".join(example["sentences"])
    edited = replace(article, title=example["title"] or article.title)
    return edited.with_paragraphs(paragraphs), {"copied": [example["title"], *example["sentences"]]}


def empty_paragraphs(article: Article, sources: dict[str, Any], rng: random.Random,
                     catalog: Catalog) -> Edit | None:
    """Body paragraphs emptied: all but the first (a thin article) or every one (no body text at all)."""
    every = rng.random() < 0.3
    paragraphs = ["" for _ in article.paragraphs]
    if not every:
        paragraphs[0] = article.paragraphs[0]
    return article.with_paragraphs(paragraphs), {"emptied": len(paragraphs) - (0 if every else 1),
                                                 "no_body_text": every}


_RELATIONS = (
    "{artist} was joined by her sister for the outing.",
    "{artist}'s boyfriend was photographed beside her that day.",
    "{artist}'s mother reportedly chose the {noun} for her.",
    "The look was a tribute to {artist}'s husband.",
    "{artist} and her twin brother wore matching pieces.",
)


def invented_relation(article: Article, sources: dict[str, Any], rng: random.Random,
                      catalog: Catalog) -> Edit | None:
    """A family or romantic tie the sources never state, about a sourced celebrity."""
    index = _look_index(rng, article)
    look = article.looks[index - 1]
    sentence = rng.choice(_RELATIONS).format(artist=look.post.artist, noun=noun(look.products[0]))
    paragraphs = list(article.paragraphs)
    paragraphs[index] = _insert_after_first(paragraphs[index], sentence)
    return article.with_paragraphs(paragraphs), {"inserted": sentence, "artist": look.post.artist}


def brand_clash(article: Article, sources: dict[str, Any], rng: random.Random, catalog: Catalog) -> Edit | None:
    """One sourced label credited with another's piece ("Dior's new Miu Miu flats")."""
    brands = sorted({sol["brand"] for post in sources["enriched_contexts"] for sol in post["solutions"]})
    index = _look_index(rng, article)
    look = article.looks[index - 1]
    product = look.products[0]
    owners = [b for b in brands if b != product.brand and b.casefold() not in product.brand.casefold()
              and product.brand.casefold() not in b.casefold()]
    if not owners:
        return None
    owner = rng.choice(owners)
    sentence = rng.choice([
        f"{look.post.artist} finished the look with {owner}'s new {product.brand} {noun(product)}.",
        f"The standout was {owner}'s {product.brand} {noun(product)}.",
    ])
    paragraphs = list(article.paragraphs)
    paragraphs[index] = _insert_after_first(paragraphs[index], sentence)
    return article.with_paragraphs(paragraphs), {"inserted": sentence, "owner": owner, "brand": product.brand}


_MATERIALS = ("denim", "leather", "silk", "wool", "suede", "velvet", "tweed", "satin", "linen", "cashmere")
_COLOURS = ("red", "black", "white", "pink", "green", "yellow", "navy", "brown", "beige", "lavender")


def wrong_attribute(article: Article, sources: dict[str, Any], rng: random.Random,
                    catalog: Catalog) -> Edit | None:
    """A sourced piece given a colour and material its sources do not give it, named or as "the <noun>"."""
    index = _look_index(rng, article)
    look = article.looks[index - 1]
    product = rng.choice(look.products)
    own = f"{product.colour} {product.material}".lower()
    others = " ".join(f"{p.colour} {p.material}" for p in look.products).lower()
    colours = [c for c in _COLOURS if c not in own and c not in others]
    materials = [m for m in _MATERIALS if m not in own and m not in others]
    if not colours or not materials:
        return None
    colour, material = rng.choice(colours), rng.choice(materials)
    sentence = rng.choice([
        f"The {product.title} is cut from {colour} {material}.",
        f"{look.post.artist} chose the {product.title} in {colour} {material}.",
        f"It came in {colour} {material}, softer than it looks.",
    ])
    paragraphs = list(article.paragraphs)
    paragraph = paragraphs[index]
    if sentence.startswith("It "):  # "it" must follow a sentence that names the piece
        parts = sentences(paragraph)
        at = next((i for i, s in enumerate(parts) if product.title in s), None)
        if at is None:
            return None
        paragraphs[index] = " ".join([*parts[:at + 1], sentence, *parts[at + 1:]])
    else:
        paragraphs[index] = _insert_after_first(paragraph, sentence)
    return article.with_paragraphs(paragraphs), {"inserted": sentence, "product": product.title,
                                                 "sourced": own, "given": f"{colour} {material}"}


Perturbation = Callable[[Article, dict[str, Any], random.Random, Catalog], Edit | None]
FASHION_PERTURBATIONS: dict[str, Perturbation] = {
    "invented_brand": invented_brand, "wrong_celebrity": wrong_celebrity, "unsourced_number": unsourced_number,
    "wrong_pairing": wrong_pairing, "off_topic_paragraph": off_topic_paragraph,
    "repeated_sentences": repeated_sentences, "copied_example": copied_example, "empty_paragraphs": empty_paragraphs,
}
# Kinds added after the first release of the labels: drawn after the records above so those stay as shipped.
FASHION_LATER_PERTURBATIONS: dict[str, Perturbation] = {
    "invented_relation": invented_relation, "brand_clash": brand_clash,
}
# A third batch, drawn after the second with its own plan, so the records above stay as shipped.
FASHION_LATEST_PERTURBATIONS: dict[str, Perturbation] = {"wrong_attribute": wrong_attribute}


def keyword_terms(article: Article) -> set[str]:
    """Lower-case words that tie a paragraph to the topic (used to keep off-topic text truly off topic)."""
    words = set(re.findall(r"\w+", keyword_mid(article.topic).lower()))
    for look in article.looks:
        words |= set(re.findall(r"\w+", f"{look.post.artist} {look.post.context}".lower()))
        for product in look.products:
            words |= set(re.findall(r"\w+", f"{product.title} {product.brand}".lower()))
    return words
