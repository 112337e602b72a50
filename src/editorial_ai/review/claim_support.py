"""Claim-level support: each claim's names, numbers and dates must be in the sources; its best source sentence.

Anchors: FActScore (atomic claims), SummaC (sentence-level support). For every claim:

- names: known celebrities, groups and brands (catalog lists) plus capitalised spans (`text_grounding`), so an
  invented brand is caught even when no list knows it. A season word that is also an artist's name ("Winter") is
  read as the artist only when it is used like a name (not "this Winter", not "Winter coats", not "Winter 2024").
- numbers, years and dates, compared without separators;
- support: the best-matching source sentence and its normalized BM25 score (idf-weighted share of the claim's
  content words the sentence holds; tuned against plain content-word overlap on the labelled tune half);
- pairing: a claim naming a sourced celebrity and a sourced product or brand is supported only if one source post
  ties them, and a setting it names (airport, red carpet, Paris...) must be one of that post's settings.

Names and numbers that appear only in the context (a question, an exam stem) are allowed: the context is given,
not claimed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from editorial_ai.review.attributes import (
    GARMENTS,
    attribute_words,
    families_of,
    family_of,
    labels_as_wearers,
    misfiled_garment,
    piece_inside_piece,
    trend_as_a_place,
    trend_as_a_wearer,
    trend_as_worn,
    trend_called_a_garment,
    undescribed_garments,
    unsourced_attributes,
    unsourced_features,
    unsourced_garments,
    unworn_garments,
    without_other_descriptions,
)
from editorial_ai.review.claims import Claim, ClaimSet
from editorial_ai.review.dates import MONTHS, day_text, days_in, month_text, months_in
from editorial_ai.review.grounding import fold, is_allowed
from editorial_ai.review.look_pieces import all_looks_problems, look_piece_problems, worn_again_problems
from editorial_ai.review.most_viewed import most_viewed_problems
from editorial_ai.review.periods import logged_period
from editorial_ai.review.relations import (
    Statement,
    checkable,
    credited_brands,
    credited_garments,
    figure_keys,
    possessive_clashes,
    stating_sentence,
    unsourced_relations,
)
from editorial_ai.review.scenes import (
    RESPECTIVELY_PROBLEM,
    count_problem,
    history_problem,
    invented_events,
    invented_history,
    invented_quotes,
    invented_reception,
    invented_scenes,
    invented_standing,
    invented_wear,
    invitation_problem,
    invitations,
    notes_named,
    notes_problem,
    pairs_respectively,
    people_counts,
    quote_problem,
    reception_problem,
    relative_times,
    scene_problem,
    timing_problem,
    wear_problem,
)
from editorial_ai.review.source_index import SourceIndex, content_words, plain, stem
from editorial_ai.review.text_grounding import NUMBER_PATTERN, all_spans, checkable_spans, number_key
from editorial_ai.review.verdicts import invented_verdicts, verdict_problem

# Measured on the labels' tune half (`editorial-ai calibrate ... --split tune`): content-word overlap loses less than
# normalized BM25 at every threshold (fashion kappa at 0.2: overlap 0.80, BM25 0.50). Articles sum up several
# facts per sentence, so one best sentence backs them poorly: there only names, figures and pairings decide
# (threshold 0). A text's claims each restate one passage: every claim of a text needs overlap >= 0.4 (the highest
# threshold tried, 0.3-0.6, loses nothing on the tune half; 0.4 leaves room for paraphrase).
SUPPORT_METHOD = "overlap"
SUPPORT_TOP = 1
SUPPORT_THRESHOLD = 0.0
TEXT_SUPPORT_THRESHOLD = 0.4

_SEASONS = frozenset({"winter", "spring", "summer", "autumn", "fall"})
_SEASON_BEFORE = frozenset({
    "this", "last", "next", "the", "a", "an", "of", "for", "in", "during", "every", "each", "early", "late", "mid",
    "cold", "until", "since", "through", "all", "same", "that", "one", "whole", "into", "across",
})
_SEASON_AFTER = frozenset({
    "season", "seasons", "coat", "coats", "collection", "collections", "layer", "layers", "layering", "wardrobe",
    "month", "months", "edit", "palette", "wear", "style", "styles", "look", "looks", "fashion", "trend", "trends",
    "issue", "sale", "essential", "essentials", "staple", "staples", "weather", "jacket", "jackets", "knit", "knits",
    "boot", "boots", "outfit", "outfits", "day", "days", "night", "nights", "break", "holiday", "holidays",
    "evening", "evenings", "morning", "mornings", "line", "range", "drop", "campaign", "runway", "show",
})
# Settings a claim may name; checked against the settings of the posts that tie its celebrity and product.
_TOKENS = re.compile(r"[A-Za-z0-9&]+")
SETTING_CUES = ("airport", "red carpet", "music video", "pop up", "campaign", "cover", "front row", "street style",
                "stage", "paris", "milan", "seongsu", "incheon", "award")


@dataclass
class ClaimCheck:
    """What the sources say about one claim."""

    claim: Claim
    names: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    support: float = 0.0
    best_sentence: str = ""
    pairing: list[str] = field(default_factory=list)
    known: list[tuple[str, str]] = field(default_factory=list)  # (name, kind) of the catalog names it uses

    @property
    def has_facts(self) -> bool:
        """Whether the claim names anything or states a figure (plain opinion is not fact-checked)."""
        return bool(self.names or self.numbers)

    def quoted(self, limit: int = 160) -> str:
        """`location: "claim text"` for evidence lines."""
        text = self.claim.text if len(self.claim.text) <= limit else self.claim.text[: limit - 1] + "…"
        return f'{self.claim.location}: "{text}"'


def _season_used_as_season(words: list[str], i: int, possessive: bool) -> bool:
    before = words[i - 1].lower() if i > 0 else ""
    if possessive:
        return before in _SEASON_BEFORE
    after = words[i + 1].lower() if i + 1 < len(words) else ""
    return before in _SEASON_BEFORE or after.isdigit() or after in _SEASON_AFTER


def known_names(text: str, index: SourceIndex) -> list[tuple[str, str]]:
    """Known or sourced celebrities, groups and brands and sourced products named in `text`: (name, kind), in
    text order; kind is "person", "brand" or "product".

    A lookup of word n-grams (longest first) in the index's name table; a single-word name written with a
    capital in the catalog must be capitalised in the text too, so the season "winter" is not Winter, and a person
    or group always starts with its capital ("red velvet" is a fabric, Red Velvet a group)."""
    table, sizes = index.name_table
    folded = fold(text)
    tokens = list(_TOKENS.finditer(folded))
    words = [t.group(0) for t in tokens]
    lower = [w.lower() for w in words]
    found: dict[str, str] = {}
    i = 0
    while i < len(words):
        for size in sizes.get(lower[i], ()):
            entry = table.get(" ".join(lower[i:i + size])) if size > 1 else table.get(lower[i])
            if entry is None:
                continue
            name, capitalised, kind = entry
            if size == 1 and capitalised and not _reads_as_name(words, i, folded, tokens[i].end()):
                continue
            if kind == "person" and name[:1].isupper() and not words[i][:1].isupper():
                continue  # "red velvet" is a fabric; the group is written Red Velvet
            found.setdefault(name, kind)
            i += size - 1
            break
        i += 1
    return list(found.items())


# A sentence opening on a one-word name and a wearing verb: "Hanna wore the Loewe pumps ..." (Hanni misspelt, in a
# passed Balletcore article) is a name, though a capital at a sentence's start is not read as one elsewhere.
_OPENING_WEARER = re.compile(r"^\s*(?:On [^,]{3,30}, )?([A-Z][a-zà-ÿ]+(?:-[a-z]+)?) (?:also |then |once again )?"
                             r"(?:wore|carried|chose|paired|donned|sported|was seen|stepped out|opted)\b")
_NOT_NAMES = frozenset(["she", "he", "they", "it", "we", "you", "i", "one", "everyone", "someone", "fans",
                        "readers", "this", "that", "who", "each", "both", "nobody", "anyone", "everybody"])


def _unsourced_wearer(claim: Claim, names: list[str], index: SourceIndex) -> list[str]:
    """The one-word name a claim opens on as a wearer ("Hanna wore ...") when no source has that word (added to
    `names` too); [] otherwise."""
    match = None if claim.heading else _OPENING_WEARER.match(claim.text)
    if match is None or match[1] in names:
        return []
    word = match[1]
    if word.lower() in _NOT_NAMES or plain(word) in index.words or plain(word) in index.context_text:
        return []
    names.append(word)
    return [word]


def _only_in_topic(text: str, name: str, topics: list[str]) -> bool:
    """Whether every mention of `name` in `text` is part of a topic's own name: "the most viewed look in Jennie
    Effect" names the trend, not Jennie, and read as her it tied her to Cha Eun-woo's pieces (a false finding on
    correct sentences of every Jennie Effect article)."""
    inside = [t for t in topics if t.strip() and re.search(rf"\b{re.escape(name)}\b", t, re.I)
              and plain(t) != plain(name)]
    if not inside:
        return False
    rest = text
    for topic in inside:
        rest = re.sub(rf"\b{re.escape(topic)}\b", " ", rest, flags=re.I)
    return not re.search(rf"\b{re.escape(name)}\b", rest, re.I)


def _reads_as_name(words: list[str], i: int, folded: str, end: int) -> bool:
    """A capitalised single-word name used as a name: not lower-case, not "V-neck", not the season Winter."""
    word = words[i]
    if not word[:1].isupper():
        return False
    if len(word) <= 2 and folded[end:end + 1] == "-":
        return False
    if word.lower() in _SEASONS:
        return not _season_used_as_season(words, i, folded[end:end + 2] in ("'s", "’s"))
    return True


def _name_supported(name: str, index: SourceIndex, known: bool) -> bool:
    """A known name may match a sourced one on word boundaries ("Chanel" in "Chanel 22 Bag"); a capitalised span
    must itself be in the sources, or be made only of source words ("BLACKPINK Jennie"), so "Chanel Boy Bag" is
    not vouched for by "Chanel"."""
    memo = index.memo
    key = (name, known)
    if key not in memo:
        words = plain(name).split()
        memo[key] = (index.mentions(name) or (known and is_allowed(name, index.facts.allowed))
                     or (bool(words) and all(w in index.words for w in words) and not _brand_product(words, index)
                         and not _fused_people(words, index))
                     or any(index.mentions(root) for root in _roots(name))
                     or _shortened_product(words, index) is not None)
    return memo[key]


_ARTICLE_PARTS = frozenset({"title", "subtitle", "headlines", "body_paragraphs", "pull_quotes", "captions"})


def _fused_people(words: list[str], index: SourceIndex) -> bool:
    """A name made of two people's names ("Jennie Wang" from Jennie and Jackson Wang): every word is part of a
    sourced person's name, no one person's name holds them all, and they come from more than one."""
    names = [plain(p).split() for p in index.facts.people | index.facts.known_people if p.strip()]
    if len(words) < 2 or any(all(w in name for w in words) for name in names):
        return False
    owners = [{i for i, name in enumerate(names) if w in name} for w in words]
    return all(owners) and len(set().union(*owners)) > 1


def _shortened_product(words: list[str], index: SourceIndex) -> str | None:
    """The sourced product (plain key) named with one middle word left out ("Acne Studios Loose Jeans" for the Acne
    Studios 1996 Loose Jeans): same first and last word, the rest in order."""
    if len(words) < 3:
        return None
    for title in index.product_titles:
        full = title.split()
        if len(full) == len(words) + 1 and full[0] == words[0] and full[-1] == words[-1] and any(
                full[:i] + full[i + 1:] == words for i in range(1, len(full) - 1)):
            return title
    return None


_DERIVED = re.compile(r"^(.+?)[-\s](?:inspired|style|styled|esque|era|themed)$", re.IGNORECASE)


def _roots(name: str) -> list[str]:
    """What a name is derived from: the singular of a plural ("Chanel 22 Bags": two of the sourced Chanel 22 Bag)
    and the root of a compound ("Y2K-inspired" when the sources tag it Y2K)."""
    roots = [name[:-2], name[:-1]] if name.endswith("es") else [name[:-1]] if name.endswith("s") else []
    if (derived := _DERIVED.match(name)):
        roots.append(derived[1])
    return [r for r in roots if len(r) > 2]


def _brand_product(words: list[str], index: SourceIndex) -> bool:
    """A span that puts a brand before other words names a product ("Miu Miu Ankle Boots"): it must be a sourced
    product itself, not a mix of one product's brand and another's words."""
    text = f" {' '.join(words)} "
    return any(f" {b} " in text and text.strip() != b for b in index.brand_keys)


def _claimed_cues(text: str, index: SourceIndex) -> list[str]:
    """The places (setting cues) a claim names that some source post has."""
    claim_text = f" {plain(text)} "
    return [cue for cue in SETTING_CUES if f" {cue} " in claim_text and f" {cue} " in index.settings_text]


def _pairing_problems(text: str, people: list[str], items: list[tuple[str, str]], index: SourceIndex) -> list[str]:
    """Celebrity-product pairings and settings of one claim that no source post supports; `items` are the
    claim's sourced (name, "product" | "brand")."""
    if not index.ties or not people or not items:
        return []
    person_keys = {plain(p) for p in people}
    tied = [t for t in index.ties if t.people & person_keys]
    if not tied:  # no post of these people in the sources: nothing to pair against
        return []
    products = [plain(n) for n, kind in items if kind == "product"]
    keys = [(k, "products") for k in products]
    keys += [(b, "brands") for b in (plain(n) for n, kind in items if kind == "brand")
             if not any(b in p for p in products)]
    who = " / ".join(people)
    problems: list[str] = []
    tying: list = []
    for key, kind in keys:
        posts = [t for t in tied if key in getattr(t, kind)]
        if not posts:
            label = index.product_titles.get(key, key) if kind == "products" else key.title()
            problems.append(f"no source post ties {who} to {label}")
        tying += posts
    if tying and not problems:
        problems += _day_problems(text, who, keys, tied, index)
    if tying and not problems:
        placed = _of_claimed_dates(text, tying)
        cues = _claimed_cues(text, index)
        problems += [f"the sources do not place {who} with these pieces at {cue}" for cue in cues
                     if not any(f" {cue} " in t.setting for t in placed)]
        if cues and not problems:
            # Each piece at one of the claim's places: "Cha Eun-woo wore a variety of bags in street style,
            # including Bottega Veneta Knit Tank Dress, Dior Bar Jacket ..." passed on his street style sneakers.
            for key, kind in keys:
                posts = [t for t in placed if key in getattr(t, kind)]
                if kind == "products" and posts and not any(f" {cue} " in t.setting for t in posts for cue in cues):
                    problems.append(f"the sources do not place {who} with the {index.product_titles.get(key, key)} "
                                    f"at {' or '.join(cues)}")
    return problems


def _each_person_problems(text: str, people: list[str], items: list[tuple[str, str]], index: SourceIndex) -> list[str]:
    """What one claim gives several people at once that one of them has no post for: none of its pieces ("Cha
    Eun-woo and Jackson Wang ... their looks include Bottega Veneta Cassette Bags", his never did), or none of its
    places ("Jackson Wang, Cha Eun-woo and Jisoo wore it in their street style outfits", he has no street style
    post). Each person needs one of the claim's pieces and one of its places, not all: "Jennie wore it at the
    airport and Rosé on stage" is right. A lone person with a place and no piece is checked the same way."""
    if not index.ties:
        return []
    cues = _claimed_cues(text, index)
    # Pieces only: a list of labels is read across a list of people ("Jennie and Mingyu keep returning to Calvin
    # Klein, Chanel, Maison Margiela and Coperni"), and a claim cut at "and" keeps only some of them.
    keys = [(plain(n), "products") for n, kind in items if kind == "product"]
    problems: list[str] = []
    for person in people:
        tied = [t for t in index.ties if plain(person) in t.people]
        if not tied:
            continue
        if len(people) > 1 and keys and not any(key in getattr(t, kind) for t in tied for key, kind in keys):
            labels = [index.product_titles.get(k, k) for k, _ in keys]
            problems.append(f"no source post ties {person} to {' or '.join(labels[:3])}")
        if cues and (len(people) > 1 or not keys) and not any(f" {cue} " in t.setting for t in tied for cue in cues):
            problems.append(f"the sources do not place {person} at {' or '.join(cues)}")
        elif cues and len(people) == 1 and not keys and (away := _places_not_theirs(cues, tied)):
            # One person, no piece, every place theirs: the headline "Jackson Wang in a Brand Campaign: Balletcore
            # Look at the Airport" passed on his campaign post, the airport look being IU's.
            problems.append(f"the sources do not place {person} at {' or '.join(away)}")
        elif cues and not keys:
            problems += _place_date_problems(text, person, cues, tied)
    return problems


def _places_not_theirs(cues: list[str], tied: list) -> list[str]:
    """The places of `cues` none of `tied` (one person's posts) has."""
    return [cue for cue in cues if not any(f" {cue} " in t.setting for t in tied)]


def _piece_place_problems(text: str, products: list[str], people: list[str], index: SourceIndex) -> list[str]:
    """Places a claim naming no one (`people` empty; a person's places are checked with them) gives its pieces
    (plain keys) that no post of theirs has: "The boots were worn in a variety of settings, including on the street
    and at pop-up stores" passed a review, the boots' one post being Mingyu's street style look."""
    if people:
        return []
    cues = _claimed_cues(text, index)
    shown = [t for t in index.ties if any(p in t.products for p in products)]
    if not cues or not shown:
        return []
    if len(products) > 1 and _WORN_WITH.search(text):
        # "The Alaïa Le Coeur Bag was worn with a Chanel 22 Bag at the Milan Fashion Week front row" passed a
        # Jennie Effect review: the bags were worn together at a pop-up, and only the Alaïa bag at Milan.
        together = [t for t in shown if all(p in t.products for p in products)]
        pair = " with the ".join(index.product_titles.get(p, p) for p in products)
        return [f"no source post shows the {pair} at {cue}" for cue in cues
                if not any(f" {cue} " in t.setting for t in together)]
    labels = " / ".join(index.product_titles.get(p, p) for p in products if any(p in t.products for t in shown))
    return [f"no source post shows the {labels} at {cue}" for cue in cues
            if not any(f" {cue} " in t.setting for t in shown)]


_WORN_WITH = re.compile(r"\b(?:worn|paired|styled|teamed|matched|carried|combined) (?:\w+ )?with\b", re.IGNORECASE)


def _dated_look_problems(text: str, people: list[str], days: frozenset[tuple[int, int]],
                         index: SourceIndex) -> list[str]:
    """A place given to "this look" (or "the outfit"), the look the sentence before dated, that none of the
    wearer's posts of that day has: "On August 5th, she donned the shorts and the flats ... This look was worn at a
    pop-up store event" passed a review, her 5 August look being street style."""
    if not _THE_LOOK.search(text) or not index.ties:
        return []
    cues = _claimed_cues(text, index)
    if not cues:
        return []
    dated = f"{text} on {', '.join(day_text(d) for d in sorted(days))}"
    problems: list[str] = []
    for person in people:
        tied = [t for t in index.ties if plain(person) in t.people]
        problems += _place_date_problems(dated, person, cues, tied)
    return problems


_NO_POST_HAS = "no source post has"  # how a place-and-date finding opens


def _place_date_problems(text: str, person: str, cues: list[str], tied: list) -> list[str]:
    """A day (or a month of a year) a claim naming no piece gives `person` at one of its places that none of their
    dated posts there has: "In February 2025, Jennie was a guest at a pop-up store event" and "On August 5th,
    Jennie wore these pieces to a pop-up store event" passed a review, her pop-up post being of 23 October."""
    text_of: Callable[[tuple[int, int]], str] = day_text
    claimed, attr = days_in(text), "days"
    if not claimed:
        claimed, attr, text_of = months_in(text), "months", month_text
    there = [t for t in tied if any(f" {cue} " in t.setting for cue in cues)]
    dated = [getattr(t, attr) for t in there]
    if not claimed or not there or not all(dated) or any(d & claimed for d in dated):
        return []
    said = ", ".join(text_of(d) for d in sorted(claimed))
    sourced = ", ".join(text_of(d) for d in sorted(set().union(*dated)))
    return [f"{_NO_POST_HAS} {person} at {' or '.join(cues)} {'on' if attr == 'days' else 'in'} {said} "
            f"(the sources date it {sourced})"]


def _unnamed_place_date_problems(text: str, index: SourceIndex) -> list[str]:
    """A date and a place that a claim naming nobody gives, which no dated post there has: "This look was worn at
    a pop-up store event on 5 August. This pop-up store event took place on 9 September." opened a paragraph of a
    Jennie Effect article that passed, the pop-up posts being of 23 October."""
    cues = _claimed_cues(text, index)
    return _place_date_problems(text, "a look", cues, list(index.ties)) if cues and index.ties else []


def _of_claimed_dates(text: str, posts: list) -> list:
    """The posts of the claim's days (or, with no day, its months), when it gives a date any of them has: "on an
    award show red carpet in April 2025 at the airport" is one look in two places when April's post is the airport
    one, though another post has the pieces on a red carpet."""
    for claimed, attr in ((days_in(text), "days"), (months_in(text), "months")):
        if claimed:
            return [t for t in posts if getattr(t, attr) & claimed] or posts
    return posts


def _day_problems(text: str, who: str, keys: list[tuple[str, str]], tied: list, index: SourceIndex) -> list[str]:
    """A day (or, with no day, a month of a year) the claim gives its pieces that none of their dated posts has ("On
    23 October she wore the shorts" when the shorts were worn on 5 August; "on the red carpet in January 2025" for a
    look of February 2025): each piece must have a post on one of the claim's days or in one of its months."""
    text_of: Callable[[tuple[int, int]], str] = day_text
    claimed, attr = days_in(text), "days"
    if not claimed:
        claimed, attr, text_of = months_in(text), "months", month_text
    if not claimed:
        return []
    problems = []
    for key, kind in keys:
        posts = [t for t in tied if key in getattr(t, kind)]
        dated = [getattr(t, attr) for t in posts]
        if not posts or not all(dated) or any(d & claimed for d in dated):
            continue
        label = index.product_titles.get(key, key) if kind == "products" else key.title()
        said = ", ".join(text_of(d) for d in sorted(claimed))
        sourced = ", ".join(text_of(d) for d in sorted(set().union(*dated)))
        problems.append(f"no source post has {who} with the {label} {'on' if attr == 'days' else 'in'} {said} "
                        f"(the sources date it {sourced})")
    return problems


# "among them" and "of them" point at things listed, not at a person.
_PRONOUN = re.compile(r"\b(she|he|her|his|they|their|(?<!among )(?<!of )them)\b", re.IGNORECASE)


# "The look was worn with Balenciaga Le Cagole Bag ..." in a paragraph about Minji: her look, with another's pieces.
_THE_LOOK = re.compile(r"\b(?:the|this|that) (?:look|outfit|ensemble)\b(?! of)", re.IGNORECASE)
# A claim that repeats the pieces named last without naming them.
_REPEAT = re.compile(r"\b(?:the same|again|once more|once again)\b", re.IGNORECASE)
_IT = re.compile(r"\b(it|its|they|them|their)\b", re.IGNORECASE)
# One piece named before: "Jimin wore it at the airport", "Cha Eun-woo wore them in street style" (the sneakers).
_IT_ONE = re.compile(r"\b(?:it|them)\b", re.IGNORECASE)


def _refers_to(text: str, product: str) -> bool:
    """Whether a claim that names no piece points back at `product` (plain key): "it"/"they", or "the <its last
    word>" ("the tee", "the pumps", "the sleek black bag"). "Denim and a good bag are easy to find" points at no
    piece."""
    if _IT.search(text):
        return True
    words = product.split()
    folded = f" {' '.join(stem(w) for w in plain(text).split())} "
    return bool(words) and re.search(rf" (?:the|these|those) (?:\w+ ){{0,2}}{re.escape(stem(words[-1]))} ",
                                     folded) is not None


def _kinds(pieces: list[str]) -> list[str]:
    """Each piece's type as a claim's stemmed words spell it ("chanel 22 bag" -> "bag"), "" for an empty key."""
    return [stem(p.split()[-1]) if p.split() else "" for p in pieces]


# What may stand before a piece's type when it names that piece ("the bag", "this bag", "her bag", "Jennie's bag"),
# stemmed as the claim is.
_WORN_STEMS = "|".join(sorted({stem(w) for w in ("wore", "wears", "wearing", "carried", "carries", "carrying", "chose",
                                                 "paired", "sported", "donned")}))
_DETERMINERS = "|".join(sorted({stem(w) for w in ("the", "this", "that", "these", "those", "her", "his", "their")}
                              | {"s"}))


def called_by_type(text: str, pieces: list[str], *, indefinite: bool = False) -> list[str]:
    """The pieces (plain keys, latest first) a claim names by their type, alone or after up to two describing words
    ("the bag", "her pumps", "the sleek black bag": a colour given that way passed a review); a type two of the
    pieces share points at neither. `indefinite`: "a"/"an" and up to three words too, for a person's own pieces
    ("Jennie wore a relaxed denim shorts in burgundy": her one pair of shorts, dated wrong in a passed article)."""
    folded = f" {' '.join(stem(w) for w in plain(text).split())} "
    kinds = _kinds(pieces)
    determiners, describing = (f"{_DETERMINERS}|a|an", 3) if indefinite else (_DETERMINERS, 2)
    return [p for p, kind in zip(pieces, kinds, strict=True)
            if kind and kinds.count(kind) == 1
            and re.search(rf" (?:{determiners}) (?:\w+ ){{0,{describing}}}{re.escape(kind)} ", folded)]


def called_by_brand(text: str, index: SourceIndex) -> list[str]:
    """The pieces (plain keys) a claim names by brand and type ("the Miu Miu flats", as house style calls the Miu Miu
    Logo Ballet Flats after the paragraph that introduced them): the brand's one sourced piece of that type."""
    folded = f" {' '.join(stem(w) for w in plain(text).split())} "
    found: list[str] = []
    for brand in index.brand_keys:
        said = " ".join(stem(w) for w in brand.split())
        if f" {said} " not in folded:
            continue
        pieces = [p for p, owners in index.product_brands.items() if brand in owners]
        kinds = _kinds(pieces)
        found += [p for p, kind in zip(pieces, kinds, strict=True)
                  if kind and kinds.count(kind) == 1 and f" {said} {kind} " in folded and p not in found]
    return found


# What a sentence gives every piece it names at once: "the bag in brown leather and the sweatshirt, which are both
# black cotton jersey pieces" gives the bag black cotton jersey too, which the union of both pieces' words allowed.
_BOTH = re.compile(r"\b(?:both|all|each) (?:made (?:of|from) |in |of )?((?:[\w-]+ ){0,3}[\w-]+)", re.IGNORECASE)


def _attribute_problems(text: str, products: list[str], index: SourceIndex) -> list[str]:
    """Materials, colours, garment types and parts the claim gives its pieces (`products`, plain keys) that their
    sources lack."""
    if not products:
        return []
    allowed = frozenset().union(*(index.product_words(p) for p in products))
    # Another garment's own description ("... and the flats in grey leather") is not the claim's pieces' to answer.
    own = without_other_descriptions(text, frozenset().union(*(families_of(index.product_titles.get(p, p))
                                                                for p in products)))
    wrong = unsourced_attributes(own, allowed) if attribute_words(own) else []
    kinds = unsourced_garments(text, allowed) if len(products) == 1 else []
    label = " / ".join(index.product_titles.get(p, p) for p in products)
    problems = [f"the sources do not describe the {label} as {', '.join(wrong)}"] if wrong else []
    if kinds:
        problems.append(f"the sources do not say the {label} is a {', '.join(kinds)}")
    if parts := unsourced_features(text, allowed):
        problems.append(f"no source gives the {label} these details: {', '.join(parts)}; describe only its "
                        "sourced material, colour and where it was worn")
    if len(products) > 1 and (shared := _BOTH.search(text)):  # "..., which are both black cotton jersey pieces"
        for piece in products:
            lacking = unsourced_attributes(shared[1], index.product_words(piece))
            if lacking:
                problems.append(f"the sources do not describe the {index.product_titles.get(piece, piece)} as "
                                f"{', '.join(lacking)}")
    if len(products) > 1:  # "the flats in navy leather and the bag in navy leather": each piece its own words
        problems += _typed_attribute_problems(text, products, index)
    for piece in products:  # "bags like the 22 Bag and the Relaxed Denim Shorts" files the shorts under bags
        word = misfiled_garment(text, piece, index.product_words(piece))
        if word is not None and not (len(products) == 1 and kinds):
            problems.append(f"the sources do not say the {index.product_titles.get(piece, piece)} is a "
                            f"{word.removesuffix('s')}")
    return problems


def _typed_attribute_problems(text: str, products: list[str], index: SourceIndex) -> list[str]:
    """Materials and colours a claim gives one of its several pieces by its type ("the flats in navy leather"),
    checked against that piece alone: the union of the claim's pieces let the bag's navy pass for the flats."""
    kinds = _kinds(products)
    said_plainly = plain(text)
    problems = []
    for piece, kind in zip(products, kinds, strict=True):
        if not kind or kinds.count(kind) > 1:
            continue
        for said in re.findall(rf"\b{re.escape(kind)}\w* (?:in|of|made of) ((?:[\w-]+ ){{0,2}}[\w-]+)", said_plainly):
            if wrong := unsourced_attributes(said, index.product_words(piece)):
                problems.append(f"the sources do not describe the {index.product_titles.get(piece, piece)} as "
                                f"{', '.join(wrong)}")
    return problems


# One piece said to be worn with another: "The Chanel 22 Bag ... was worn with Balenciaga Le City Bag at a pop-up
# store event" (a Jennie Effect article that passed; no post shows the two together).
_WORN_WITH = re.compile(r"\b(?:worn|paired|styled|teamed|matched|combined|carried) (?:it |them )?(?:with|alongside)\b")


def _worn_together_problems(text: str, products: list[str], index: SourceIndex, last: Sequence[str] = (),
                            named_before: Sequence[str] = ()) -> list[str]:
    """Pieces (plain keys) a claim says were worn with a piece that no post shows with it. The piece is the one it
    names before "worn with" or, naming none, the pieces it points at: "the <type>" is any piece of that type the
    paragraph named (`named_before`), "it"/"them" the pieces named last (`last`), and the pairing stands when one of
    them was worn with it ("The bag was first worn for this occasion, and it was paired with Balenciaga Track
    Sneakers", a Jennie Effect article that passed: the sneakers were Cha Eun-woo's, worn with neither of the
    paragraph's bags)."""
    if not products or not index.ties:
        return []
    folded = f" {plain(text)} "
    match = _WORN_WITH.search(folded)
    if match is None:
        return []
    at = {p: folded.find(f" {p} ") for p in products}
    before = [p for p in products if 0 <= at[p] < match.start()]
    after = [p for p in products if at[p] >= match.end() - 1]
    heads = [max(before, key=lambda p: at[p])] if before else _pointed_at(folded[:match.start()], match[0], last,
                                                                          named_before)
    if not heads or not after:
        return []
    called = " or ".join(f"the {index.product_titles.get(h, h)}" for h in heads)
    fix = "tell each look with its own pieces" if before else "name the piece and tell each look with its own pieces"
    return [f"no source post shows {called} worn with the {index.product_titles.get(piece, piece)}: {fix}"
            for piece in after if not any(h in t.products and piece in t.products for t in index.ties for h in heads)]


def _pointed_at(head_text: str, verb: str, last: Sequence[str], named_before: Sequence[str]) -> list[str]:
    """The pieces "the <type>" (any piece of that type named so far) or "it"/"them" (the pieces named last) before
    "worn with" can be."""
    head = f" {' '.join(stem(w) for w in head_text.split())} "
    typed = [p for p, kind in zip(named_before, _kinds(list(named_before)), strict=True)
             if kind and re.search(rf" (?:{_DETERMINERS}) (?:\w+ ){{0,2}}{re.escape(kind)} ", head)]
    return typed or (list(last) if _IT_ONE.search(head) or _IT_ONE.search(verb) else [])


def _credit_problems(text: str, products: list[str], index: SourceIndex) -> list[str]:
    """A label the claim credits its pieces to that made none of them ("the belt is part of the Maison Kitsune
    campaign" for a Dior belt); pieces whose brand the sources do not give are not judged."""
    owners = [index.product_brands.get(p) for p in products]
    if not products or not all(owners):
        return []
    made = frozenset().union(*(o for o in owners if o))
    label = " / ".join(index.product_titles.get(p, p) for p in products)
    brand_name = {b: index.name_table[0].get(b, (b.title(),))[0] for b in index.brand_keys}
    credited = credited_brands(text, index.brand_keys, products)
    problems = [f"the sources do not credit the {label} to {brand_name.get(b, b)}" for b in credited if b not in made]
    for brand in (b for b in credited if b in made):
        # A label that made one of the pieces, credited with a garment of another's: "the bag and sneakers from
        # Balenciaga" of a Bottega Veneta bag and Balenciaga sneakers.
        for word in credited_garments(text, brand, products):
            family = family_of(word)
            same = [p for p in products if family in families_of(index.product_titles.get(p, p))]
            if same and not any(brand in (index.product_brands.get(p) or ()) for p in same):
                problems += [f"the sources give the {index.product_titles.get(p, p)} to "
                             f"{' / '.join(brand_name.get(o, o) for o in sorted(index.product_brands.get(p) or ()))},"
                             f" not {brand_name.get(brand, brand)}" for p in same]
    return problems


def _membership_problems(people: list[str], index: SourceIndex) -> list[str]:
    """A group the claim gives its one artist that the artist's posts never name ("Jackson Wang ... his role in
    BTS"); a claim naming a member of that group as well ("Jimin of BTS and Jackson Wang") is not judged."""
    keys = {plain(p): p for p in people}
    all_groups = frozenset().union(*index.groups_of.values()) if index.groups_of else frozenset()
    artists = [k for k in keys if k in index.groups_of and k not in all_groups]
    named_groups = [k for k in keys if k in all_groups and k not in index.groups_of]
    if len(artists) != 1 or not named_groups:
        return []
    artist = artists[0]
    return [f"the sources do not make {keys[artist]} a member of {keys[group]}" for group in named_groups
            if group not in index.groups_of[artist]]


def _listed_members_problems(text: str, people: list[str], index: SourceIndex) -> list[str]:
    """A group put before or after a list of people as theirs ("BLACKPINK celebrities Jennie and Cha Eun-woo",
    "Jennie and Cha Eun-woo of BLACKPINK") when one of them is no member of it: the one-artist rule above does
    not judge a claim naming several, and a passed article made Cha Eun-woo a BLACKPINK star this way."""
    all_groups = frozenset().union(*index.groups_of.values()) if index.groups_of else frozenset()
    artists = {plain(p): p for p in people if plain(p) in index.groups_of and plain(p) not in all_groups}
    groups = {plain(p): p for p in people if plain(p) in all_groups and plain(p) not in index.groups_of}
    if len(artists) < 2 or not groups:
        return []
    names = "|".join(re.escape(n) for n in sorted(artists.values(), key=len, reverse=True))
    listed = rf"(?:{names})(?:\s*,\s*(?:and\s+)?(?:{names}))*(?:\s*,?\s+and\s+(?:{names}))"
    problems = []
    for key, group in groups.items():
        g = re.escape(group)
        for match in re.finditer(rf"\b{g}(?:'s)?(?:\s+[a-z-]+){{0,2}}?\s+({listed})|({listed})\s+(?:of|from)\s+{g}\b",
                                 text):
            span = match[1] or match[2]
            problems += [f"the sources do not make {artist} a member of {group}"
                         for k, artist in artists.items() if artist in span and key not in index.groups_of[k]]
    return list(dict.fromkeys(problems))


def _garment_problems(text: str, people: list[str], index: SourceIndex) -> list[str]:
    """Clothes a claim that names no piece puts on `people` that no post shows on them: a family they never wore
    ("Jackson Wang's look was more formal with her white blouse and black dress"), or a described piece of a
    family they wore in a colour or material none of theirs has ("paired with a black leather jacket", of Hanni,
    whose jacket is olive wool)."""
    keys = {plain(x) for x in people}
    pieces = [p for t in index.ties if t.people & keys for p in t.products]
    # A piece's type from its name, else from its sources' words (its tags: "sneakers" for the Adidas SL 72).
    families = [families_of(index.product_titles.get(p, p)) or families_of(" ".join(index.product_words(p)))
                for p in pieces]
    if not families or not all(families):  # a piece of no known type could be anything
        return []
    who = " / ".join(people)
    problems = [f"no post shows {who} in {word}: name only the pieces the posts show"
                for word in unworn_garments(text, frozenset().union(*families))]
    worn: dict[str, list[frozenset[str]]] = {}
    for piece, kinds in zip(pieces, families, strict=True):
        for kind in kinds:
            worn.setdefault(kind, []).append(index.product_words(piece))
    return problems + [f"no post shows {who} in {'an' if phrase[0] in 'aeiou' else 'a'} {phrase}: name only the "
                       "pieces the posts show, in their colours and materials"
                       for phrase in undescribed_garments(text, worn)]


def check_claim(claim: Claim, index: SourceIndex, mid_sentence: frozenset[str],
                method: str | None = None, antecedents: list[str] | None = None,
                antecedent_products: list[str] | None = None, named_before: list[str] | None = None) -> ClaimCheck:
    """Names, numbers, support and pairing of one claim; `antecedents` are the people the paragraph named last, whom
    a claim that names nobody but says "she"/"his"/"they" is about ("the one she wore at Prada"),
    `antecedent_products` the pieces it named last (plain keys), which "the tee" or "it" describes, and
    `named_before` every piece the paragraph named so far, latest first, which "the bag" may be."""
    result = ClaimCheck(claim)
    found = result.known = known_names(claim.text, index)
    seen = {plain(n) for n, _ in found}
    names = [n for n, kind in found]
    for span in checkable_spans(claim.text, mid_sentence):
        if span.kind == "number":
            result.numbers.append(span.text)
            if number_key(span.text) not in index.numbers:
                result.unsupported.append(span.text)
        elif not claim.heading and (key := plain(span.text)) not in seen:
            seen.add(key)
            names.append(span.text)
    result.names = names
    known = dict(found)
    result.unsupported += [n for n in names if not _name_supported(n, index, n in known)]
    result.unsupported += [f"the relationship {w!r}" for w in unsourced_relations(claim.text, index.words)]
    result.unsupported += _unsourced_wearer(claim, names, index)
    score, best = index.support(content_words(claim.text), method or SUPPORT_METHOD, SUPPORT_TOP)
    result.support, result.best_sentence = round(score, 4), index.sentences[best] if best is not None else ""
    sourced = [(n, kind) for n, kind in found if n not in result.unsupported]
    sourced += [(index.product_titles[short], "product") for n in names  # "Acne Studios Loose Jeans"
                if n not in known and n not in result.unsupported
                and (short := _shortened_product(plain(n).split(), index))]
    if not claim.heading:  # "the Chanel bag": the Chanel 22 Bag, named in full in an earlier paragraph
        titled = {plain(n) for n, _ in sourced}
        by_brand = [(index.product_titles.get(p, p), "product") for p in called_by_brand(claim.text, index)
                    if p not in titled]
        sourced += by_brand
        result.known = [*found, *by_brand]
    # A person named only inside the topic's own name is no wearer: the name still counts as a sourced detail.
    people = [n for n, kind in sourced if kind == "person" and not _only_in_topic(claim.text, n, index.context)]
    if not people and antecedents and (_PRONOUN.search(claim.text) or _THE_LOOK.search(claim.text)):
        people = antecedents
    items = [x for x in sourced if x[1] != "person"]
    if people and not any(kind == "product" for _, kind in items):
        if antecedent_products and (_REPEAT.search(claim.text) or (len(antecedent_products) == 1
                                                                   and _IT_ONE.search(claim.text))):
            # "On 22 August he wore the same shoes and bag again", "Jimin wore it at the airport on 4 April": the
            # pieces named last
            items += [(index.product_titles.get(p, p), "product") for p in antecedent_products]
        else:  # "On 5 August Rosé wore the bag in street style": the paragraph's bag, named in full earlier
            by_type = called_by_type(claim.text, named_before or [])
            if not by_type and (days_in(claim.text) or months_in(claim.text)):
                # "In January 2025, Jennie wore a relaxed denim shorts": her one pair of shorts, for its date (a
                # place is left alone: "a bag at the airport and a denim look in street style" names two looks)
                keys = {plain(p) for p in people}
                own = list(dict.fromkeys(p for t in index.ties if t.people & keys for p in t.products))
                by_type = called_by_type(claim.text, own, indefinite=True)
            items += [(index.product_titles.get(p, p), "product") for p in by_type]
    result.pairing = _pairing_problems(claim.text, people, items, index)
    if not result.pairing:
        result.pairing = _each_person_problems(claim.text, people, items, index)
    result.pairing += _membership_problems(people, index)
    result.pairing += most_viewed_problems(claim.text, people, [n for n, kind in items if kind == "product"], index)
    result.pairing += _listed_members_problems(claim.text, people, index)
    result.pairing += [f"the sources do not make {other.title()} a {owner.title()} piece"
                       for owner, other in possessive_clashes(claim.text, index.brand_keys)]
    products = [plain(n) for n, kind in sourced if kind == "product"] or [
        p for p in antecedent_products or [] if _refers_to(claim.text, p)]
    result.pairing += _attribute_problems(claim.text, products, index)
    result.pairing += _piece_place_problems(claim.text, products, people, index)
    result.pairing += _credit_problems(claim.text, products, index)
    result.pairing += _worn_together_problems(claim.text, products, index, antecedent_products or [],
                                              named_before or [])
    result.pairing += [f"{trend} is the trend, not a {word.removesuffix('s')}" for trend in index.context
                       if (word := trend_called_a_garment(claim.text, trend))]
    result.pairing += [f"{trend} is the trend, not a person who wears it: name who wore the pieces"
                       for trend in index.context if trend_as_a_wearer(claim.text, trend)
                       and plain(trend) not in {plain(p) for p in people}]
    result.pairing += [f"{trend} is the trend, not a piece anyone wore: name the pieces the posts show"
                       for trend in index.context if trend_as_worn(claim.text, trend)]
    result.pairing += [f"{index.brand_titles.get(label, label)} is a label, not a person who wears its pieces: name "
                       "who wore them" for label in labels_as_wearers(claim.text, index.brand_keys)
                       if label not in {plain(p) for p in people}]
    result.pairing += [f"{trend} is the trend, not a place or an event: name where the posts put the look"
                       for trend in index.context if trend_as_a_place(claim.text, trend)
                       and not any(trend_as_a_place(sentence, trend) for sentence in index.sentences)]
    if people and not claim.heading and not any(kind == "product" for _, kind in sourced):
        # A claim naming a piece is left to the piece's own checks (its description may name its type).
        result.pairing += _garment_problems(claim.text, people, index)
    if people:  # "greeted by a crowd of fans": colour about a person that no post gives
        result.pairing += [scene_problem(phrase) for phrase in invented_scenes(claim.text, index.record_words)]
    result.pairing += [reception_problem(phrase) for phrase in invented_reception(claim.text, index.record_words)]
    result.pairing += [history_problem(phrase) for phrase in invented_history(claim.text, index.record_words)]
    if claim.location.split("[")[0] in _ARTICLE_PARTS:  # a brief or an answer may speak of its sources
        result.pairing += _article_problems(claim.text, index, named=bool(people))
    if inside := piece_inside_piece(claim.text):
        result.pairing.append(f"no source makes the {inside[1]} part of the {inside[0]}: they are separate pieces; "
                              "name each as the posts show it")
    result.pairing += [timing_problem(phrase)
                       for phrase in relative_times(claim.text, index.record_text)]
    result.pairing += [scene_problem(phrase) for phrase in invented_events(claim.text, index.record_text)]
    result.pairing += [count_problem(phrase) for phrase in people_counts(claim.text, index.record_text)]
    return result


def _article_problems(text: str, index: SourceIndex, *, named: bool) -> list[str]:
    """What an article may not say that a brief's answer may: the writer's notes, how a piece wears, quotations,
    outings for the reader, verdicts on a look, what a trend or a piece is known for (`named`: the claim names a
    person, whose scene checks read it) and lists paired "respectively"."""
    problems = [notes_problem(phrase) for phrase in notes_named(text)]
    if not named:  # "The collection is inspired by the 90s and is known for its coquette style" (Balletcore)
        problems += [reception_problem(phrase) for phrase in invented_standing(text, index.record_words)]
    problems += [wear_problem(phrase) for phrase in invented_wear(text, index.record_words)]
    problems += [quote_problem(quote) for quote in invented_quotes(text, index.words)]
    problems += [invitation_problem(phrase) for phrase in invitations(text, index.record_words)]
    problems += [verdict_problem(phrase) for phrase in invented_verdicts(text, index.record_words)]
    return problems + ([RESPECTIVELY_PROBLEM] if pairs_respectively(text) else [])


def check_claims(claims: ClaimSet, index: SourceIndex, method: str | None = None) -> list[ClaimCheck]:
    """Every claim of a draft checked against the sources."""
    # Which words the draft capitalises mid-sentence, from the claims' own spans (each claim is tokenized once;
    # a clause start counts as a sentence start, which only makes the check more careful).
    mid = frozenset(w.lower() for c in claims.claims if not c.heading for span in all_spans(c.text)
                    if span.kind == "name" and not span.sentence_start for w in span.text.split())
    checks: list[ClaimCheck] = []
    last_people: dict[str, list[str]] = {}  # per location: the people its latest claim named
    last_products: dict[str, list[str]] = {}  # per location: the pieces its latest claim named (plain keys)
    named_before: dict[str, list[str]] = {}  # per location: every piece named so far, latest first
    opened: set[str] = set()  # locations whose first claim was checked
    last_days: dict[str, frozenset[tuple[int, int]]] = {}  # per location: the days its latest dated claim gave
    last_look: list[str] = []  # the pieces the body named last, in any paragraph
    for claim in claims.claims:
        check = check_claim(claim, index, mid, method, last_people.get(claim.location),
                            last_products.get(claim.location), named_before.get(claim.location))
        found = [(n, kind) for n, kind in check.known if n not in check.unsupported]
        named = [n for n, kind in found if kind == "person"]
        if claim.location.startswith(("body_paragraphs", "paragraphs")):
            days = days_in(claim.text)
            if not days and not months_in(claim.text) and claim.location in last_days:
                check.pairing += _dated_look_problems(claim.text, named or last_people.get(claim.location, []),
                                                      last_days[claim.location], index)
            if days:
                last_days[claim.location] = days
            if ((days or months_in(claim.text)) and not named
                    and not any(p.startswith(_NO_POST_HAS) for p in check.pairing)):
                # Against every post at the place, after a named person too (unless that person's posts already
                # found it): "This pop-up store event took place on 9 September" followed Jennie's 5 August street
                # style look in a passed Jennie Effect article.
                check.pairing += _unnamed_place_date_problems(claim.text, index)
        if named:
            last_people[claim.location] = named
        pieces = [plain(n) for n, kind in found if kind == "product"]
        before = named_before.get(claim.location, [])
        if claim.location.startswith("body_paragraphs"):
            # "The look" is the one the paragraph told last, or the one the paragraph before ended on.
            check.pairing += look_piece_problems(claim.text, pieces, last_products.get(claim.location, last_look),
                                                 index)
            # "Cha Eun-woo also wore this look": the look the paragraph told last
            check.pairing += worn_again_problems(claim.text, named, last_products.get(claim.location, last_look),
                                                 index, own=pieces)
            check.pairing += all_looks_problems(claim.text, named, index)
            last_look = pieces or last_products.get(claim.location, last_look)
        if pieces:
            last_products[claim.location] = pieces
            named_before[claim.location] = pieces + [p for p in before if p not in pieces]
        if claim.location.startswith("body_paragraphs"):
            check.pairing += _reference_problems(claim.text, before, named_before.get(claim.location, []),
                                                 opens=claim.location not in opened, index=index,
                                                 first=claim.location == "body_paragraphs[0]")
        opened.add(claim.location)
        checks.append(check)
    return checks


# A piece worn before any is named: "it"/"them" after a wearing verb.
# "Jennie wore these pieces at a pop-up store event ..." opened a paragraph once a fix took out what came before it.
_WORN_UNNAMED = re.compile(r"\b(?:wore|wears|wearing|carried|carries|paired|pairs|chose|donned|sported) (?:it|them|"
                           r"these (?:pieces|items|looks|clothes)|this (?:piece|look|outfit))\b", re.IGNORECASE)
# Piece types "the <type>" points at; words with a common other sense ("the top", "the ring") are left out.
_POINTED_TYPES = frozenset(stem(w) for w in GARMENTS - {"top", "tank", "vest", "cap", "ring", "knit"})


_WITH_UNNAMED = re.compile(r"\b(?:worn|paired|styled|teamed|matched|carried) (?:with|alongside) (?:it|them)\b",
                           re.IGNORECASE)


def _reference_problems(text: str, before: list[str], named: list[str], *, opens: bool,
                        index: SourceIndex, first: bool = False) -> list[str]:
    """Pieces a body sentence points at that its paragraph never showed: a type no piece named so far has (`before`:
    the paragraph's pieces before this sentence; `named`: with its own), or, opening the paragraph, a piece worn as
    "it" ("Sakura also wore it in street style", left once a fix took out the sentence naming it). The feature's
    first paragraph (`first`) has nothing before it to point back at: "Jennie wore the bag in street style as
    well. ... The bag was made of olive leather" opened a Jennie Effect article that passed."""
    if before or (first and not named):
        kinds = [f"which {kind}? the paragraph names no {kind}: name the piece in full"
                 for kind in unnamed_types(text, named, index, worn_only=not before)]
        if before or kinds:
            return kinds
    if opens and not named and (worn := _WORN_UNNAMED.search(text)):
        return [f'which piece? "{worn[0]}" comes before the paragraph names one: name the piece']
    if opens and (worn := _WITH_UNNAMED.search(text)):
        # "The flats worn with it were ..." opened a Balletcore paragraph that passed: a piece of its own named,
        # and "it" pointing at nothing before
        return [f'worn with which piece? "{worn[0]}" comes before the paragraph names one: name the piece']
    return []


def unnamed_types(text: str, named: list[str], index: SourceIndex, *, worn_only: bool = False) -> list[str]:
    """The piece types the text points at ("the bag", "her belt") that no piece named so far in its paragraph
    (`named`, plain keys) has, though some sourced piece has: in a paragraph about the Balenciaga jeans, "The bag
    adds to a look with its neutral color" is about a bag the reader was not shown. With `worn_only`, only a type
    worn or opening the sentence ("Jennie wore the bag", "The bag was made of olive leather")."""
    folded = f" {' '.join(stem(w) for w in plain(text).split())} "
    have = set(_kinds(named))
    kinds = {kind for kind in _kinds(list(index.product_titles)) if kind in _POINTED_TYPES and kind not in have}
    point = (rf" (?:{_DETERMINERS}) " if not worn_only
             else rf"^ (?:{_DETERMINERS}) | (?:{_WORN_STEMS}) (?:{_DETERMINERS}) ")
    return sorted(kind for kind in kinds if re.search(rf"(?:{point}){re.escape(kind)} ", folded))


def unsupported_claims(checks: list[ClaimCheck], threshold: float | None = None,
                       every_claim: bool = False) -> list[str]:
    """Evidence lines for `fact_accuracy`: claims with unsourced names/figures, wrong pairings or weak support
    (of claims that name something or state a figure, or of `every_claim`)."""
    threshold = SUPPORT_THRESHOLD if threshold is None else threshold
    lines: list[str] = []
    for check in checks:
        if check.unsupported:
            lines.append(f"{check.quoted()} — {', '.join(check.unsupported)} not in any source")
        elif check.pairing:
            lines.append(f"{check.quoted()} — {'; '.join(check.pairing)}")
        elif (check.has_facts or every_claim) and not check.claim.heading and check.support < threshold:
            lines.append(f"{check.quoted()} — no source sentence supports it "
                         f"(best support {check.support:.2f} < {threshold:.2f})")
    return lines


def unsourced_names(checks: list[ClaimCheck]) -> list[str]:
    """Evidence lines for `hallucination`: each claim that names or states something the sources do not hold."""
    return [f"{c.quoted()} — not in the sources: {', '.join(c.unsupported)}" for c in checks if c.unsupported]


def statements(checks: list[ClaimCheck], index: SourceIndex) -> list[Statement | None]:
    """For each claim that states something checkable (a name, a figure, or sales/stock/queue/record wording),
    the source sentence that states it or the closest one (None: plain opinion or a heading)."""
    sentence_words = [frozenset(content_words(s)) for s in index.sentences]
    out: list[Statement | None] = []
    for check in checks:
        if check.claim.heading or not (check.has_facts or checkable(check.claim.text)):
            out.append(None)
            continue
        out.append(stating_sentence(check.claim.text, _stated_names(check), _stated_figures(check), index.sentences,
                                    sentence_words))
    return out


def _stated_names(check: ClaimCheck) -> list[str]:
    """The sourced names a stating sentence must name one of (catalog names first, else any sourced span)."""
    return [n for n, _kind in check.known if n not in check.unsupported] or [
        n for n in check.names if n not in check.unsupported and plain(n) not in MONTHS]  # "January" names no one


def _stated_figures(check: ClaimCheck, index: SourceIndex | None = None) -> list[str]:
    """The claim's own figures: a figure inside a name ("Chanel 22 Bag") is the name's, the years of a period the
    logged looks span (`logged_period`) are the period's, the others must be in the stating sentence."""
    inside = " ".join(f" {plain(n)} " for n in _stated_names(check))
    bounds = logged_period(check.claim.text, check.known, index) if index is not None else set()
    return [n for n in check.numbers if n not in check.unsupported and n not in bounds
            and re.search(rf"(?<![a-z0-9]){re.escape(plain(n))}", inside) is None]


# --- one verdict per claim: what the review gate and the desk's evidence both say ---------------------------------

SUPPORTED, NOT_STATED, UNSUPPORTED, OPINION = "supported", "not stated", "unsupported", "opinion"


@dataclass(frozen=True)
class ClaimVerdict:
    """What the sources say of one claim, in the words the gate's `fact_accuracy` and the desk's evidence share.

    supported: a source sentence names it and states its relation and figures; not stated: its names are sourced
    but no one sentence says what it says of them (names that merely co-occur state nothing); unsupported: a name,
    figure, pairing or attribute the sources lack (or, for free text, too little support); opinion: nothing
    checkable (a heading, or plain opinion that asserts no sales, stock, queue or count)."""

    check: ClaimCheck
    verdict: str
    problems: tuple[str, ...] = ()
    sentence: str = ""  # the stating source sentence, or the closest one ("" when none)
    figures: tuple[str, ...] = ()  # the claim's own figures (numbers and dates)
    figures_unstated: bool = False  # no source post gives its figures together with one of its names

    @property
    def fails_review(self) -> bool:
        """Whether the claim fails `fact_accuracy`: unsupported, or not stated with figures that no source post
        gives together with one of its names ("Jennie ... fifteen logged looks between February 2025 and February
        2026": each post of hers has one date). A claim whose figures a post of its names gives ("the post counts
        631,595 views") or that gives none is reported as not stated and does not fail."""
        return self.verdict == UNSUPPORTED or (self.verdict == NOT_STATED and self.figures_unstated)

    def evidence_line(self) -> str:
        """`location: "claim" — what is wrong`, as the review's evidence quotes it."""
        check = self.check
        if self.verdict == UNSUPPORTED and check.unsupported:
            return f"{check.quoted()} — {', '.join(check.unsupported)} not in any source"
        return f"{check.quoted()} — {'; '.join(self.problems)}"


def _unstated(missing: tuple[str, ...], closest: bool) -> str:
    words = ", ".join(f"“{w}”" for w in missing[:6]) + (" …" if len(missing) > 6 else "")
    if not closest:
        return "no source sentence names these together with its figures: the sources do not state it"
    return f"no source sentence states it: the closest one says nothing of {words}"


def _posts(index: SourceIndex) -> list[tuple[str, frozenset[str]]]:
    """Each source post (or passage, or topic) as one plain, padded text with its figures: the unit a claim's
    figures must be given in."""
    texts: dict[int, list[str]] = {}
    for sentence, group in zip(index.sentences, index.groups, strict=False):
        texts.setdefault(group, []).append(sentence)
    return [(f" {plain(' '.join(parts))} ", figure_keys(NUMBER_PATTERN.findall(" ".join(parts))))
            for parts in texts.values()]


def _figures_given(figures: list[str], names: list[str], posts: list[tuple[str, frozenset[str]]],
                   spread: bool = False) -> bool:
    """Whether one source post gives every figure together with one of the names (any post when there are none).
    With `spread` (free text, whose passages often leave the subject unnamed: "Backups ... cut their size by about
    40%" beside "Version 3.1 of the Falcon database") each figure may come from its own passage."""
    keys = [f" {plain(n)} " for n in names if plain(n)]
    wanted = figure_keys(figures)
    if spread:
        return all(any(key in numbers for _, numbers in posts) for key in wanted)
    return any(wanted <= numbers and (not keys or any(k in text for k in keys)) for text, numbers in posts)


def _days_of_posts_left_out(text: str, figures: list[str], index: SourceIndex) -> list[str]:
    """`figures` without the days of the claim, when every day it names is a post's day: a sentence that names
    nobody may list the days of several posts ("The looks were taken on August 5, September 9 and October 23",
    which no one post gives, and a run escalated on it). With a day no post has, every figure stays, so the
    claim fails as before unless one post gives them all."""
    claimed = days_in(text)
    sourced = frozenset().union(*(t.days for t in index.ties))
    if not claimed or not claimed <= sourced:
        return figures
    days = {str(day) for _, day in claimed}
    return [f for f in figures if f not in days]


def claim_verdicts(checks: list[ClaimCheck], index: SourceIndex, threshold: float = 0.0,
                   every_claim: bool = False) -> list[ClaimVerdict]:
    """Each claim's verdict: the one rule the review gate (`fact_accuracy`) and the desk's evidence both apply, so
    they never disagree about a sentence. `threshold` is the support a claim that names something or states a
    figure (any claim with `every_claim`, as free text needs) must reach besides."""
    verdicts: list[ClaimVerdict] = []
    posts: list[tuple[str, frozenset[str]]] | None = None
    for check, statement in zip(checks, statements(checks, index), strict=True):
        problems = [f"{name} is in no source" for name in check.unsupported] + list(check.pairing)
        weak = ((check.has_facts or every_claim) and not check.claim.heading and check.support < threshold)
        if problems:
            verdicts.append(ClaimVerdict(check, UNSUPPORTED, tuple(problems), check.best_sentence))
        elif weak:
            verdicts.append(ClaimVerdict(check, UNSUPPORTED, (
                f"no source sentence supports it (best support {check.support:.2f} < {threshold:.2f})",),
                check.best_sentence))
        elif statement is None:
            verdicts.append(ClaimVerdict(check, OPINION, (), check.best_sentence))
        else:
            sentence = index.sentences[statement.sentence] if statement.sentence is not None else ""
            if statement.stated:
                verdicts.append(ClaimVerdict(check, SUPPORTED, (), sentence))
                continue
            figures, names = _stated_figures(check, index), _stated_names(check)
            posts = _posts(index) if posts is None else posts
            if not names:
                figures = _days_of_posts_left_out(check.claim.text, figures, index)
            unstated = bool(figures) and not _figures_given(figures, names, posts, spread=every_claim)
            problem = _unstated(statement.missing, bool(sentence))
            if unstated:
                about = f" with {' or '.join(names[:3])}" if names else ""
                problem = f"no source post gives {', '.join(figures)}{about}: the sources do not state it"
            verdicts.append(ClaimVerdict(check, NOT_STATED, (problem,), sentence, tuple(figures), unstated))
    return verdicts
