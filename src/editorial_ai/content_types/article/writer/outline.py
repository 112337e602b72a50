"""The article outline, built in code from the run's facts: one fact group per body paragraph.

A small model writes a better paragraph from five facts than an article from fifty, and a paragraph that is
given only its own facts has fewer chances to pair a celebrity with a product she never wore.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from editorial_ai.content_types.article.writer.leads import (
    background_follow,
    background_lead,
    looks_follow,
    looks_lead,
    product_follow,
    product_lead,
    scene_phrase,
    spread_follow,
    spread_lead,
)
from editorial_ai.models.state_json import CuratedTopicJson, ProductJson, SourcePostJson, json_list
from editorial_ai.review.attributes import GARMENTS
from editorial_ai.services.source import readable_date

Topics = Sequence[CuratedTopicJson]
Posts = Sequence[SourcePostJson]

MAX_PARAGRAPHS = 5  # EditorialContent allows five body paragraphs
LEAD_LOOKS = 4  # the lead's looks her paragraph tells (three left bodies short of facts at 220-260 words)
SPREAD_LOOKS = 5  # look lines of the close, its most viewed look among them
_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen")  # fmt: skip
# Words that say what a keyword is about, never which topic: left out of the topic terms.
_GENERIC = {"the", "a", "an", "of", "and", "in", "on", "for", "to", "with", "effect", "style", "look", "looks",
            "trend", "fashion", "outfit", "new", "s"}  # fmt: skip


def count_word(n: int) -> str:
    """Small counts as words: a digit in the prose would be a number the sources must hold."""
    return _COUNT_WORDS[n] if 0 <= n < len(_COUNT_WORDS) else "many"


def words_of(text: str) -> list[str]:
    """Lower-case word tokens (letters and digits, accents kept)."""
    return re.findall(r"[^\W_]+", text.casefold())


def topic_terms(keyword: str) -> list[str]:
    """The keyword's content words ("Jennie Effect" -> ["jennie"]); the whole keyword when all are generic."""
    terms = [w for w in words_of(keyword) if w not in _GENERIC and len(w) > 1]
    return terms or words_of(keyword)


@dataclass(frozen=True)
class Product:
    """A sourced product and where it was seen."""

    name: str
    brand: str
    tags: tuple[str, ...]
    details: str
    sightings: tuple[tuple[str, str], ...]  # (who, scene) per sourced post, so pairings stay as sourced
    price_krw: int = 0
    first_seen: str = ""  # the date of the post behind the first sighting, as sourced
    worn_with: tuple[str, ...] = ()  # the other pieces of that post, with their details ("Coperni Midi Skirt in black")

    @property
    def worn_by(self) -> tuple[str, ...]:
        """Who wore it, in sourced order."""
        return tuple(dict.fromkeys(who for who, _ in self.sightings if who))

    @property
    def scenes(self) -> tuple[str, ...]:
        """Where it was seen, in sourced order."""
        return tuple(dict.fromkeys(scene for _, scene in self.sightings if scene))


@dataclass
class ParagraphPlan:
    """One body paragraph: its kind, the facts it is given and the subject it is about."""

    kind: str  # background | looks | product | spread (the PARAGRAPH_EXAMPLES keys)
    subject: str
    facts: list[str]
    lead: str = ""  # the paragraph's first sentence, composed from its facts (leads.py)


@dataclass
class Outline:
    """Everything the writer needs, derived deterministically from curated topics and sourced posts."""

    keyword: str
    terms: list[str]
    celebrity: str
    group: str
    products: list[Product]
    scenes: list[str]
    plans: list[ParagraphPlan] = field(default_factory=list)
    names: set[str] = field(default_factory=set)  # every name the sources hold
    signature: tuple[str, str] = ("", "")  # (a piece the celebrity wore, the scene of that post)
    source_text: str = ""  # all source strings, for the number guard
    _scopes: dict[int, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    def on_topic(self, text: str) -> bool:
        """Whether the text names the topic (a keyword word) or anything the sources hold (the review's relevance
        rule counts a paragraph about the sourced people and pieces as on topic)."""
        padded = f" {' '.join(words_of(text))} "
        keys = [*self.terms, *(" ".join(words_of(n)) for n in self.names)]
        return any(f" {k} " in padded for k in keys if k)

    def scope(self, plan: ParagraphPlan) -> frozenset[str]:
        """The words a paragraph's sentences may draw materials, colours and settings from: its own facts and the
        details of every piece those facts name (worked out once per paragraph; every attempt asks again)."""
        key = id(plan)
        if key not in self._scopes:
            self._scopes[key] = self._scope_of(plan)
        return self._scopes[key]

    def _scope_of(self, plan: ParagraphPlan) -> frozenset[str]:
        facts = " ".join(plan.facts)
        padded = f" {' '.join(words_of(facts))} "
        texts = [facts]
        for product in self.products:
            if f" {' '.join(words_of(product.name))} " in padded:
                texts += [product.details, " ".join(product.tags), " ".join(product.scenes)]
        return frozenset(words_of(" ".join(texts)))

    def signature_look(self) -> str:
        """The lead celebrity's signature look as one sourced statement ("Jennie wore the Chanel 22 Bag at the
        airport"), or "" when the sources give no piece of hers."""
        piece, scene = self.signature
        if not (self.celebrity and piece):
            return ""
        return f"{self.celebrity} wore the {piece} {scene_phrase(scene)}".rstrip()

    def look_beside(self, headline: str) -> str:
        """The signature look as `signature_look` gives it, or, when `headline` names its piece already, the first
        look of another piece the headline leaves out ("Jisoo wore the Burberry Check Shirt in street style"): a
        standfirst built on the headline's own look gave it back ("Jackson Wang in a brand campaign wore the Maison
        Kitsuné Bold Fox Head Sweatshirt" under "Gorpcore: Jackson Wang in the Maison Kitsuné Bold Fox Head
        Sweatshirt"), and the run escalated on it."""
        look, folded = self.signature_look(), headline.casefold()
        if not look or self.signature[0].casefold() not in folded:
            return look
        for product in self.products:
            who, scene = next(((w, s) for w, s in product.sightings if w), ("", ""))
            if who and product.name.casefold() not in folded:
                return f"{who} wore the {product.name} {scene_phrase(scene)}".rstrip()
        return look

    def safe_headline(self) -> str:
        """A headline every word of which a post supports: the keyword, the lead and the piece of her signature
        look ("Balletcore: Hanni in the Loewe Toy Pumps"), or "" without one."""
        piece, _scene = self.signature
        if not (self.celebrity and piece):
            return ""
        return f"{self.keyword}: {self.celebrity} in the {piece}"

    def headline_facts(self) -> str:
        """One line of facts for the title and subtitle prompts: the celebrity with a piece she wore and where,
        so any combination the model makes of them is one a sourced post supports."""
        parts = [f'topic "{self.keyword}"']
        piece, scene = self.signature
        if self.celebrity:
            parts.append(f"celebrity {self.celebrity}")
        if piece:
            parts.append(f"piece {piece}")
            if scene:
                parts.append(f"seen {scene_phrase(scene)}")
        elif self.products:
            parts.append(f"piece {self.products[0].name}")
        return "; ".join(parts)


def _details(solution: ProductJson) -> str:
    """"White, leather." from the catalog's Q&A -> "white leather"."""
    for pair in json_list((solution.get("metadata") or {}).get("qa_pairs")):
        if not isinstance(pair, dict):
            continue
        if "colour" in str(pair.get("q", "")).lower() or "material" in str(pair.get("q", "")).lower():
            return str(pair.get("a", "")).strip().rstrip(".").replace(",", "").lower()
    return ""


_DECADE = re.compile(r"(?:19|20)?\d0s", re.IGNORECASE)


def tag_phrase(tag: str) -> str:
    """A tag as a fact line gives it: a decade reads as a reference ("90s-inspired"), not as a date. Given the tag
    "90s", every Balletcore draft said the trend "emerged in the 90s", a history no source gives."""
    return f"{tag}-inspired" if _DECADE.fullmatch(tag.strip()) else tag


def _tags(solution: ProductJson) -> list[str]:
    brand = str(solution.get("brand", "")).casefold()
    keywords = json_list((solution.get("metadata") or {}).get("keywords"))
    return [str(t) for t in keywords if str(t).casefold() != brand]


def post_on_topic(post: SourcePostJson, terms: list[str]) -> bool:
    """Whether the post's title, context or one of its products (name, brand, tags) names a topic term."""
    texts = [str(post.get("title", "")), str(post.get("context", ""))]
    for sol in post.get("solutions", []):
        texts += [str(sol.get("title", "")), str(sol.get("brand", "")), *_tags(sol)]
    words = set(words_of(" ".join(texts)))
    return any(t in words for t in terms)


def _lead_celebrity(keyword: str, topics: Topics, posts: Posts, terms: list[str]) -> str:
    """The artist the keyword names, else the one with the most on-topic posts (then posts, then curation's lead)."""
    by_posts = Counter(p.get("artist_name", "") for p in posts if p.get("artist_name"))
    folded = keyword.casefold()
    for name in sorted(by_posts, key=len, reverse=True):
        if re.search(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", folded):
            return name
    on_topic = Counter(p.get("artist_name", "") for p in posts if p.get("artist_name") and post_on_topic(p, terms))
    curated = [str(c.get("name", "")) for t in topics for c in t.get("celebrities", [])]
    rank = {name: (on_topic[name], by_posts[name], -curated.index(name) if name in curated else -99)
            for name in by_posts}  # fmt: skip
    return max(rank, key=lambda n: rank[n]) if rank else ""


def _products(posts: Posts, terms: list[str], celebrity: str) -> list[Product]:
    """Sourced products, those matching the topic first, then those the lead celebrity wore, then by frequency."""
    seen: dict[str, ProductJson] = {}
    sightings: dict[str, list[tuple[str, str]]] = {}
    first_seen: dict[str, str] = {}
    first_post: dict[str, SourcePostJson] = {}
    frequency: Counter[str] = Counter()
    for post in posts:
        for sol in post.get("solutions", []):
            name = str(sol.get("title", "")).strip()
            if not name:
                continue
            seen.setdefault(name, sol)
            frequency[name] += 1
            sighting = (str(post.get("artist_name") or ""), str(post.get("context") or ""))
            if sighting not in sightings.setdefault(name, []):
                sightings[name].append(sighting)
                first_seen.setdefault(name, str(post.get("date") or readable_date(post.get("created_at"))))
                first_post.setdefault(name, post)

    def rank(name: str) -> tuple[int, int, int]:
        sol = seen[name]
        haystack = " ".join([name, str(sol.get("brand", "")), *_tags(sol)]).casefold()
        on_topic = sum(1 for t in terms if t in words_of(haystack) or t in haystack)
        return (-on_topic, -int(any(who == celebrity for who, _ in sightings[name])), -frequency[name])

    ordered = sorted(seen, key=rank)
    return [
        Product(name=n, brand=str(seen[n].get("brand", "")), tags=tuple(_tags(seen[n])[:4]), details=_details(seen[n]),
                sightings=tuple(sightings[n][:3]), price_krw=_price(seen[n]), first_seen=first_seen.get(n, ""),
                worn_with=_worn_with(n, first_post.get(n, {})))
        for n in ordered
    ]  # fmt: skip


def _worn_with(name: str, post: SourcePostJson, limit: int = 2) -> tuple[str, ...]:
    """The other pieces of `post` (the one a piece was first seen in), each with its details: a piece paragraph
    given only its own name, material and wearer ran out of facts in two sentences, and the model wrote the rest
    from nothing ("perfect for casual outings in the city") or wrote the paragraph out again."""
    others = [sol for sol in post.get("solutions", []) if str(sol.get("title", "")).strip() not in ("", name)]
    return tuple(f"{str(sol.get('title')).strip()}" + (f" in {details}" if (details := _details(sol)) else "")
                 for sol in others[:limit])


def _views(post: SourcePostJson) -> int:
    try:
        return max(0, int(post.get("view_count") or 0))
    except (TypeError, ValueError):
        return 0


def _price(solution: ProductJson) -> int:
    try:
        return max(0, int(solution.get("price_krw") or 0))
    except (TypeError, ValueError):
        return 0


def _pick_products(products: list[Product], limit: int) -> list[Product]:
    """Up to `limit` products, preferring different brands so paragraphs do not repeat each other."""
    picked: list[Product] = []
    for product in products:
        if len(picked) < limit and all(p.brand != product.brand for p in picked):
            picked.append(product)
    for product in products:
        if len(picked) < limit and product not in picked:
            picked.append(product)
    return picked


Sighting = tuple[str, str]  # (who, scene), as a Product keeps its sightings


def _untold_first(products: list[Product], limit: int, told: set[Sighting],
                  topical: Callable[[Product], bool]) -> list[Product]:  # fmt: skip
    """Up to `limit` pieces for the piece paragraphs: on-topic ones first, then those seen in a look no other
    paragraph tells, then a brand not picked yet. A piece whose every sighting is a look the looks or closing
    paragraph already holds got that look told again: given the Loewe Toy Pumps "worn by: Hanni at a magazine
    cover shoot", the model wrote "The Loewe pumps ... were worn by Hanni at a magazine cover shoot" a paragraph
    after Hanni's cover-shoot look, in every Balletcore article the review later read again."""
    told = set(told)
    picked: list[Product] = []
    while len(picked) < limit:
        rest = [(i, p) for i, p in enumerate(products) if p not in picked]
        if not rest:
            break
        brands = {p.brand for p in picked}
        _, best = min(rest, key=lambda item: (not topical(item[1]), set(item[1].sightings) <= told,
                                              item[1].brand in brands, item[0]))  # fmt: skip
        picked.append(best)
        told.update(best.sightings)
    return picked


def _look_posts(celebrity: str, posts: Posts, terms: list[str]) -> list[SourcePostJson]:
    """The lead's looks her paragraph tells: on-topic ones first, at most `LEAD_LOOKS`."""
    own = [p for p in posts if p.get("artist_name") == celebrity]
    return sorted(own, key=lambda p: not post_on_topic(p, terms))[:LEAD_LOOKS]


def _looks_plan(keyword: str, celebrity: str, posts: Posts, terms: list[str],
                variant: int = 0) -> ParagraphPlan:  # fmt: skip
    own = _look_posts(celebrity, posts, terms)  # on-topic looks first, then in date order
    first: SourcePostJson = own[0] if own else {}
    own.sort(key=lambda p: str(p.get("created_at", "")))
    group = next((p.get("group_name") for p in own if p.get("group_name")), "")
    facts = [f'topic: "{keyword}"', f"celebrity: {celebrity}" + (f" ({group})" if group else "")]
    worn: list[str] = []
    for post in own:
        pieces = [s["title"] for s in post.get("solutions", []) if s.get("title")]
        # A setting as a place ("at the airport"), not the catalog's label: given "at airport fashion", the
        # model wrote "an airport fashion show", an event no post describes.
        # Each look with its own pieces: a writer given one "worn:" list for three looks paired them at random. A
        # look is a record, not a sentence: given "5 August 2025, street style: Jennie wore ...", the model copied
        # the line into its paragraph. Each piece carries its colour and material, which the model otherwise
        # borrowed from another piece ("the shorts were olive leather"), as "in white denim": given "(white
        # denim)", the model copied the brackets into its prose.
        facts.append(_look_line(post, pieces=3))  # no post title: the model made it the headline
        worn += [p for p in pieces if p not in worn]
    sols = [s for s in first.get("solutions", []) if s.get("title")]
    fallback: ProductJson = sols[0] if sols else {}
    piece = next((s for s in sols if post_on_topic({"solutions": [s]}, terms)), fallback)
    lead = looks_lead(celebrity, str(first.get("group_name") or ""),
                      str(first.get("date") or readable_date(first.get("created_at"))), str(first.get("context") or ""),
                      str(piece.get("title", "")), str(piece.get("brand", "")), variant)  # fmt: skip
    later = [(str(p.get("date") or readable_date(p.get("created_at"))), str(p.get("context") or ""))
             for p in own if p is not first]
    follow = looks_follow(celebrity, later, worn, (str(first.get("title") or ""), _views(first)))
    mine = sum(1 for p in posts if p.get("artist_name") == celebrity)
    if len(_COUNT_WORDS) > len(posts) > mine > 0:  # "three of the many logged looks" says nothing
        follow += f" {celebrity} appears in {count_word(mine)} of the {count_word(len(posts))} logged looks."
    return ParagraphPlan("looks", celebrity, facts, _with(lead, follow))


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def _with(lead: str, follow: str) -> str:
    return f"{lead} {follow}".strip() if follow else lead


def _product_plan(keyword: str, product: Product, variant: int = 0, siblings: list[str] | None = None) -> ParagraphPlan:
    facts = [f'topic: "{keyword}"', f"product: {product.name} by {product.brand}"]
    if product.details:
        facts.append(f"details: {product.details}")
    if product.tags:
        facts.append("tags: " + ", ".join(tag_phrase(t) for t in product.tags))
    if product.sightings:
        # "V at brand campaign", not "V (brand campaign)": the model copied the brackets into its prose.
        facts.append("worn by: " + "; ".join(f"{who} {scene_phrase(scene)}".rstrip()
                                             for who, scene in product.sightings))
    if product.first_seen:
        # With whom and where: given "first seen: 2 March 2026" under two wearers, the model dated the second
        # one's airport look to the first one's post ("Jimin ... at the airport on 2 March 2026").
        who, scene = product.sightings[0] if product.sightings else ("", "")
        facts.append(f"first seen: {product.first_seen}" + (f", on {who} {scene_phrase(scene)}".rstrip() if who
                                                            else ""))
    if product.worn_with:  # the same post's other pieces: sourced detail the paragraph can tell
        facts.append("worn with: " + "; ".join(product.worn_with))
    if product.price_krw > 0:
        # A sourced figure a reader wants: the product paragraphs, with a colour, a material and one look to tell,
        # came out at two sentences (45-65 words) against 80-110 for the paragraphs with more facts.
        facts.append(f"price: KRW {product.price_krw:,}")
    lead = product_lead(product.name, product.brand, product.details, list(product.sightings), variant,
                        date=product.first_seen)
    follow = product_follow(product.name, list(product.tags), list(product.sightings), product.price_krw)
    if siblings:  # other pieces of the same label in the sources
        named = _and([f"the {n}" for n in siblings[:2]])
        more = f"{count_word(len(siblings))} more piece{'s' if len(siblings) > 1 else ''} in these looks"
        follow += (f" {product.brand} has {more}, among them {named}." if len(siblings) > 2
                   else f" {product.brand} has {more}: {named}.")
    return ParagraphPlan("product", product.name, facts, _with(lead, follow))


def _period(posts: Posts) -> str:
    dates = sorted(str(p.get("created_at", ""))[:10] for p in posts if p.get("created_at"))
    if not dates:
        return ""
    first, last = readable_date(dates[0]), readable_date(dates[-1])
    month = " ".join(first.split()[1:]), " ".join(last.split()[1:])
    return f"between {month[0]} and {month[1]}" if month[0] != month[1] else f"in {month[0]}"


def _labels(posts: Posts) -> list[str]:
    """The posts' brands, most worn first."""
    return [b for b, _ in Counter(str(s.get("brand")) for p in posts for s in p.get("solutions", [])
                                  if s.get("brand")).most_common()]


def _garment_kinds(posts: Posts) -> list[str]:
    """The kinds of piece the posts show, most worn first, as plurals ("bags", "ballet flats", "tank tops"): the
    opening's facts named none, and every opening pointed at "the bag" or "the boots" it never named ("Jennie wore
    the bag in street style as well.")."""
    kinds: Counter[str] = Counter()
    for post in posts:
        for solution in post.get("solutions", []):
            words = str(solution.get("title") or "").casefold().split()
            if words and (words[-1] in GARMENTS or words[-1].rstrip("s") in GARMENTS):
                last = words[-1] if words[-1].endswith("s") else f"{words[-1]}s"
                kinds[f"{words[-2]} {last}" if last in _TWO_WORD_KINDS and len(words) > 1 else last] += 1
    return [kind for kind, _ in kinds.most_common()]


# Kinds read with the word before them: "ballet flats", "tank tops", "ankle boots".
_TWO_WORD_KINDS = frozenset({"flats", "tops"})


def _worn_by(people: list[str], posts: Posts) -> str:
    """ "worn by: Cha Eun-woo in street style; Jackson Wang in the Milan Fashion Week front row and in a brand
    campaign": each person with the places of their own posts. Given the places and the people as two lists
    ("seen: in the Paris Fashion Week front row, ..." and "worn by: Cha Eun-woo, Jackson Wang, ..."), the model
    paired them at will and put Jackson Wang in a Paris front row he never sat in."""
    paired = []
    for person in people:
        places = list(dict.fromkeys(scene_phrase(str(p.get("context") or "")) for p in posts
                                    if p.get("artist_name") == person and p.get("context")))
        paired.append(f"{person} {_and(places[:2])}" if places else person)
    return "worn by: " + "; ".join(paired)


def _post_date(post: SourcePostJson) -> str:
    """A post's day as the facts write it ("27 January 2026"), or "" when it has none."""
    return str(post.get("date") or readable_date(post.get("created_at")) or "")


def _look_post(person: str, posts: Posts, terms: list[str]) -> SourcePostJson:
    """`person`'s most relevant post: on topic first, then most viewed."""
    return min((p for p in posts if p.get("artist_name") == person), key=lambda p: (not post_on_topic(p, terms),
                                                                                   -_views(p)))


def _one_look(person: str, posts: Posts, terms: list[str]) -> str:
    """ "look of Lisa on 2 March 2026 in street style: Celine Triomphe Bag in black leather": `person`'s most
    relevant look (on topic first, then most viewed) with its own pieces and its day. Left undated, the look was
    dated by the model anyway, from another post ("On 23 October 2025, Jimin wore the Dior Lady Dior Bag", a look of
    27 January): asked for one sentence on each fact line, three of the closing paragraph's four wrong sentences
    gave an undated look a day no post gives it."""
    return _look_line(_look_post(person, posts, terms))


def build_outline(keyword: str, topics: Topics, posts: Posts, variant: int = 0) -> Outline:
    """Paragraph plans: trend background, the lead celebrity's looks, one or two products, why it spreads."""
    terms = topic_terms(keyword)
    celebrity = _lead_celebrity(keyword, topics, posts, terms)
    products = _products(posts, terms, celebrity)
    scene_counts = Counter(p.get("context", "") for p in posts if p.get("context"))
    scenes = [s for s, _ in scene_counts.most_common(3)]
    tag_counts = Counter(t for p in posts for s in p.get("solutions", []) for t in _tags(s))
    group = next((p.get("group_name", "") for p in posts if p.get("artist_name") == celebrity), "")
    outline = Outline(keyword=keyword, terms=terms, celebrity=celebrity, group=group, products=products,
                      scenes=scenes)  # fmt: skip
    background = [f'topic: "{keyword}"']
    if tag_counts:
        background.append("trend tags: " + ", ".join(tag_phrase(t) for t, _ in tag_counts.most_common(5)))
    period = _period(posts)
    background.append(f"looks logged: {count_word(len(posts))}" + (f", {period}" if period else ""))
    others = [n for n, _ in Counter(str(p["artist_name"]) for p in posts if p.get("artist_name")).most_common(4)]
    if others:
        background.append(_worn_by(others[:3], posts))
    if kinds := _garment_kinds(posts):  # opening on the kinds of piece ("bags, ballet flats"), not "the bag"
        background += [f"pieces: {_and(kinds[:4])}", f"labels: {_and(_labels(posts)[:3])}"]
    lead = background_lead(keyword, scenes, count_word(len(posts)), period, variant)
    labels = _labels(posts)
    follow = background_follow(keyword, [t for t, _ in tag_counts.most_common(12)], others[:3], variant)
    if len(labels) >= 2:
        follow += f" Its pieces come from {count_word(len(labels))} labels, including {_and(labels[:3])}."
    outline.plans.append(ParagraphPlan("background", keyword, background, _with(lead, follow)))
    if celebrity:
        outline.plans.append(_looks_plan(keyword, celebrity, posts, terms, variant))
    slots = MAX_PARAGRAPHS - len(outline.plans) - 1
    second = next((n for n in others if n != celebrity), "")
    product_slots = slots if len(products) >= slots or not second else max(1, slots - 1)
    for product in _untold_first(products, product_slots, _told(celebrity, others[:3], posts, terms),
                                 _topical(keyword, terms, celebrity)):
        siblings = [p.name for p in products if p.brand == product.brand and p.name != product.name]
        outline.plans.append(_product_plan(keyword, product, variant, siblings))
    if second and len(outline.plans) < MAX_PARAGRAPHS - 1:
        outline.plans.append(_looks_plan(keyword, second, posts, terms, variant))
    spread = [f'topic: "{keyword}"', f"looks logged: {count_word(len(posts))}"]
    top: SourcePostJson = max(posts, key=lambda p: int(p.get("view_count", 0))) if posts else {}
    if top:
        # The look, not its post title: given the title in quotes, the model made it the headline.
        pieces = [str(sol.get("title")) for sol in top.get("solutions", []) if sol.get("title")][:2]
        date = _post_date(top)
        where = scene_phrase(str(top.get("context") or ""))
        spread.append(f"most viewed look: {top.get('artist_name', '')}" + (f" on {date}" if date else "")
                      + f" {where}" + (f" wearing {_and(pieces)}" if pieces else ""))
    # Each wearer with the pieces of one look of theirs, not a list of people beside a list of pieces: given
    # "worn by: ...; Jackson Wang in the Milan Fashion Week front row" and "pieces: ..., Alaïa Le Coeur Bag", the
    # model put Jackson Wang in the bag at Milan, and the Gorpcore run escalated on that pairing.
    # The lead's looks have their own paragraph: the close tells who else wore the trend.
    spread += [_one_look(person, posts, terms) for person in others[:3]
               if person not in (top.get("artist_name"), celebrity)]
    told = _told(celebrity, others[:3], posts, terms) | {s for plan in outline.plans[2:] if plan.kind == "product"
                                                         for s in _plan_sightings(plan, products)}
    looks_told = sum(f.startswith(("look of ", "most viewed look: ")) for f in spread)
    spread += [_look_line(post) for post in _untold_looks(posts, terms, told, celebrity, SPREAD_LOOKS - looks_told)]
    lead = spread_lead(keyword, str(top.get("title", "")), str(top.get("context", "")), variant)
    follow = spread_follow(keyword, scenes, [p.name for p in _pick_products(products, 3)])
    if int(top.get("view_count") or 0) > 0:
        follow = f"That post alone has been viewed {int(top['view_count']):,} times. {follow}".strip()
    outline.plans.append(ParagraphPlan("spread", keyword, spread, _with(lead, follow)))
    outline.signature = _signature(celebrity, posts, terms)
    outline.names = _source_names(topics, posts)
    outline.source_text = _source_text(topics, posts)
    return outline


def _plan_sightings(plan: ParagraphPlan, products: list[Product]) -> tuple[Sighting, ...]:
    """The looks a piece paragraph tells: its piece's sightings."""
    return next((p.sightings for p in products if p.name == plan.subject), ())


def _untold_looks(posts: Posts, terms: list[str], told: set[Sighting], celebrity: str,
                  limit: int) -> list[SourcePostJson]:  # fmt: skip
    """Up to `limit` looks for the close that no other paragraph tells, one per wearer before any wearer's second
    (the wearers with most looks first; each wearer's on-topic, then most viewed looks first). The close told the
    most viewed look and one look of two other wearers: a Gorpcore body with all seven looks of its outline told
    ran out of facts at 224 words, with eight of its fifteen looks never given to the writer."""
    fresh = [p for p in posts if p.get("artist_name") and p.get("artist_name") != celebrity and p.get("solutions")
             and (str(p["artist_name"]), str(p.get("context") or "")) not in told]
    counts = Counter(str(p["artist_name"]) for p in posts if p.get("artist_name"))
    fresh.sort(key=lambda p: (-counts[str(p["artist_name"])], not post_on_topic(p, terms), -_views(p)))
    picked: list[SourcePostJson] = []
    seen: set[Sighting] = set()
    for round_ in range(2):
        for post in fresh:
            sighting = (str(post["artist_name"]), str(post.get("context") or ""))
            mine = sum(1 for p in picked if p.get("artist_name") == sighting[0])
            if len(picked) < limit and sighting not in seen and mine == round_:
                picked.append(post)
                seen.add(sighting)
    return picked


def _look_line(post: SourcePostJson, pieces: int = 2) -> str:
    """ "look of Jisoo on 2 July 2025 in street style: Alaïa Belted Knit Cardigan in olive cotton jersey; ...", with
    up to `pieces` of the look's pieces."""
    described = [f"{s['title']} in {d}" if (d := _details(s)) else str(s["title"])
                 for s in post.get("solutions", []) if s.get("title")][:pieces]
    where = scene_phrase(str(post.get("context") or ""))
    date = _post_date(post)
    return (f"look of {post.get('artist_name', '')}" + (f" on {date}" if date else "")
            + (f" {where}" if where else "") + f": {'; '.join(described) or 'no pieces logged'}")


def _told(celebrity: str, others: list[str], posts: Posts, terms: list[str]) -> set[Sighting]:
    """The looks the looks paragraph and the closing paragraph tell, as (who, scene)."""
    shown = _look_posts(celebrity, posts, terms) if celebrity else []
    if posts:
        shown.append(max(posts, key=lambda p: int(p.get("view_count", 0))))  # the close's most viewed look
    shown += [_look_post(person, posts, terms) for person in others if person != celebrity]
    return {(str(p.get("artist_name") or ""), str(p.get("context") or "")) for p in shown}


def _topical(keyword: str, terms: list[str], celebrity: str) -> Callable[[Product], bool]:
    """Whether a piece is what the keyword is about: its name, brand or tags hold a keyword word, or the keyword
    names the lead and she wore it ("Jennie Effect": her pieces are the topic)."""
    names_lead = bool(celebrity) and bool(re.search(rf"(?<!\w){re.escape(celebrity.casefold())}(?!\w)",
                                                    keyword.casefold()))

    def topical(product: Product) -> bool:
        haystack = " ".join([product.name, product.brand, *product.tags]).casefold()
        on_topic = any(t in words_of(haystack) or t in haystack for t in terms)
        return on_topic or (names_lead and celebrity in product.worn_by)

    return topical


def _signature(celebrity: str, posts: Posts, terms: list[str]) -> tuple[str, str]:
    """A piece the celebrity wore and where, from her most relevant post (on topic first, then most viewed)."""
    own = [p for p in posts if p.get("artist_name") == celebrity and p.get("solutions")]
    own.sort(key=lambda p: (not post_on_topic(p, terms), -int(p.get("view_count", 0))))
    if not own:
        return "", ""
    post = own[0]
    sols = post["solutions"]
    piece = next((s for s in sols if any(t in words_of(f"{s.get('title', '')} {' '.join(_tags(s))}")
                                         for t in terms)), sols[0])  # fmt: skip
    return str(piece.get("title", "")), str(post.get("context", ""))


def _source_names(topics: Topics, posts: Posts) -> set[str]:
    names: set[str] = set()
    for topic in topics:
        names.update(c.get("name", "") for c in topic.get("celebrities", []))
        names.update(b.get("name", "") for b in topic.get("brands_products", []))
    for post in posts:
        names.update(filter(None, [post.get("artist_name"), post.get("group_name")]))
        for sol in post.get("solutions", []):
            names.update(filter(None, [sol.get("title"), sol.get("brand")]))
    return {n for n in names if n and n.strip()}


def _source_text(topics: Topics, posts: Posts) -> str:
    parts = [str(t.get("keyword", "")) for t in topics]
    for post in posts:
        parts += [str(post.get(k, "")) for k in ("artist_name", "group_name", "title", "context", "date")]
        parts += [str(s.get("title", "")) for s in post.get("solutions", [])]
    return "\n".join(parts)

