"""What a piece is made of and its colour: details a claim can get wrong while naming only sourced things.

A small model describes a brown cotton tee as "light-weight denim with all the warmth of leather": the sentence
names the sourced tee (or just says "the tee") and passes every name check. Materials and colours are a closed
vocabulary, so they are checked like names: each one a claim gives a piece must be in that piece's sources.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from editorial_ai.review.grounding import fold
from editorial_ai.review.source_index import plain as plain_key

MATERIALS = frozenset({
    "leather", "denim", "suede", "silk", "satin", "cotton", "jersey", "wool", "cashmere", "linen", "nylon",
    "polyester", "velvet", "tweed", "mesh", "canvas", "corduroy", "shearling", "sequin", "chiffon", "organza",
    "tulle", "fleece", "acetate", "gold", "rubber", "crochet", "lace", "mohair", "alpaca", "spandex", "lycra",
    "vinyl", "latex", "pvc", "chambray", "gingham", "taffeta", "brocade", "jacquard", "angora", "merino", "fur",
    "sheepskin", "calfskin", "lambskin", "crocodile", "snakeskin", "raffia", "straw", "pearl", "pearls",
    "crystal", "crystals", "platinum", "titanium",
})
COLOURS = frozenset({
    "black", "white", "red", "blue", "navy", "green", "pink", "brown", "beige", "cream", "ivory", "grey", "gray",
    "yellow", "purple", "burgundy", "camel", "khaki", "olive", "lavender", "lilac", "taupe", "maroon", "teal",
    "turquoise", "mustard", "charcoal", "silver", "orange", "magenta", "fuchsia", "scarlet", "crimson", "emerald",
    "cobalt", "tan",
})
ATTRIBUTE_WORDS = MATERIALS | COLOURS
# What kind of piece it is: "the Jacquemus La Jupe Midi is a cropped dress" names a sourced skirt and gets its type
# wrong. Only said of a piece whose own sources name its type, and only as "is a ..." or an apposition (", a classic
# bag"), so "the bag with a dress" is not read as calling the bag a dress.
GARMENT_FAMILIES: dict[str, frozenset[str]] = {
    "bag": frozenset({"bag", "tote", "clutch", "backpack", "handbag", "purse", "pouch"}),
    "shoe": frozenset({"flats", "boots", "sneakers", "heels", "loafers", "sandals", "slingbacks", "mules", "shoes",
                       "pumps", "trainers", "footwear"}),
    "top": frozenset({"shirt", "blouse", "tee", "top", "vest", "bralette", "bodysuit", "tank"}),
    # Bottoms are three kinds, not one: "a pair of jeans" for the Calvin Klein Relaxed Denim Shorts passed a review
    # while they were one family.
    "skirt": frozenset({"skirt", "miniskirt"}),
    "shorts": frozenset({"shorts"}),
    "trousers": frozenset({"jeans", "trousers", "pants", "slacks"}),
    "dress": frozenset({"dress", "gown", "jumpsuit"}),
    "outerwear": frozenset({"jacket", "coat", "blazer", "trench", "parka"}),
    "knit": frozenset({"cardigan", "sweater", "jumper", "hoodie", "knit", "sweatshirt"}),
    "jewellery": frozenset({"earrings", "ring", "necklace", "bracelet", "brooch"}),
    "eyewear": frozenset({"sunglasses", "glasses"}),
    "hat": frozenset({"hat", "cap", "beanie"}),
    "belt": frozenset({"belt"}),
    "scarf": frozenset({"scarf"}),
}
# How a piece is made: "a front pocket and a back pocket", "a detachable shoulder strap", a bag "with a high waist".
# The catalog logs a piece's name, material, colour and tags, never its construction, so a part no source of the
# piece names is invented detail. Words with a common other sense ("trim", "sole", "handle", "toe") are left out.
FEATURES = frozenset({
    "pocket", "pockets", "strap", "straps", "zipper", "zippers", "zip", "buckle", "buckles", "waistband", "waist",
    "collar", "collars", "hood", "sleeve", "sleeves", "lining", "soles", "insole", "outsole", "laces", "chain",
    "compartment", "compartments", "button", "buttons", "hem", "hemline", "pleats", "ruffle", "ruffles",
    "drawstring", "cuff", "cuffs", "neckline", "slit", "embroidery", "monogram", "fringe", "clasp", "flap", "studs",
    "rivets", "lapel", "lapels", "hardware", "topline", "closure", "closures", "buttoned", "embossed", "logo",
    "logos",
})
_NOT_FEATURE_AFTER = {"silver": "lining", "supply": "chain", "food": "chain"}  # "a silver lining", "supply chain"
# Parts named by a shape before a word with other senses: "The boots have a slightly rounded toe and a classic boot
# shape." was the pull quote of a Gorpcore article that passed ("toe" and "heel" alone are left out of FEATURES).
_SHAPED_PART = re.compile(r"\b(?:rounded|round|pointed|pointy|square|squared|almond|open|peep|capped|cap|split|"
                          r"chunky|block|kitten|stiletto|wedge|flat|low|high|stacked|lug|platform|padded|"
                          r"cushioned|ribbed|rubber|leather) (toes?|heels?|soles?|uppers?|handles?|trims?)\b")
_FAMILY_OF = {word: family for family, words in GARMENT_FAMILIES.items() for word in words}
GARMENTS = frozenset(_FAMILY_OF)
# Adjectives may be listed with commas: "Gorpcore is a minimalist, old money-inspired bag" (a Gorpcore draft).
_IS_A = re.compile(r"(?:\b(?:is|was|are|were|it's|it’s)|,)\s+(?:a|an)\s+((?:[a-z0-9-]+,?\s*){1,5})")
# "lace-up boots", "gold-tone", "red carpet": the word names no material or colour there.
_NOT_ATTRIBUTE_AFTER = {"lace": ("up",), "gold": ("tone", "plated"), "silver": ("screen", "lining", "tone"),
                        "red": ("carpet", "carpets"), "crystal": ("clear",), "black": ("tie",)}
_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(fold(text).lower())


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and word[:-1] in ATTRIBUTE_WORDS else word


def attribute_words(text: str) -> list[str]:
    """Materials and colours the text gives something, in order, once each ("sequins" as "sequin")."""
    words = _words(text)
    found: list[str] = []
    for i, word in enumerate(words):
        word = _singular(word)
        if word not in ATTRIBUTE_WORDS:
            continue
        after = words[i + 1] if i + 1 < len(words) else ""
        if after in _NOT_ATTRIBUTE_AFTER.get(word, ()):
            continue
        found.append(word)
    return list(dict.fromkeys(found))


def unsourced_attributes(text: str, allowed: Iterable[str]) -> list[str]:
    """Materials and colours of `text` that the allowed words (the sources of the piece it describes) lack."""
    words = {_singular(w) for w in allowed}
    if "gray" in words or "grey" in words:  # one colour, two spellings
        words |= {"gray", "grey"}
    return [w for w in attribute_words(text) if w not in words]


def unsourced_features(text: str, allowed: Iterable[str]) -> list[str]:
    """Parts of a piece `text` names (pockets, straps, a waist) that the piece's sources (`allowed`) never name."""
    words = _words(text)
    own = {w.rstrip("s") for w in allowed}
    found = [word for i, word in enumerate(words) if word in FEATURES and word.rstrip("s") not in own
             and not (i and _NOT_FEATURE_AFTER.get(words[i - 1]) == word)]  # fmt: skip
    found += [m[0] for m in _SHAPED_PART.finditer(" ".join(words)) if m[1].rstrip("s") not in own]
    return list(dict.fromkeys(found))


def allowed_words(texts: Iterable[str]) -> frozenset[str]:
    """The plain words of `texts` (the sources that describe one piece)."""
    return frozenset(w for text in texts for w in _words(text))


def _family(word: str) -> str | None:
    return _FAMILY_OF.get(word) or _FAMILY_OF.get(word.rstrip("s"))


def family_of(word: str) -> str | None:
    """The garment family a plain word names ("sneakers" -> "shoe"), or None."""
    return _family(word)


def unsourced_garments(text: str, allowed: Iterable[str]) -> list[str]:
    """Garment types `text` says a piece is ("is a cropped dress") that the piece's own sources (`allowed`, their
    plain words) contradict: the sources put it in another family of garments (a skirt said to be a dress; a tote
    said of a bag is fine)."""
    own = {family for w in allowed if (family := _family(w))}
    if not own:
        return []
    found = []
    for match in _IS_A.finditer(fold(text).lower()):
        for word in match[1].replace(",", " ").split():
            family = _family(word)
            if family is not None:
                if family not in own:
                    found.append(word)
                break  # the first garment word is what the piece is said to be
    return list(dict.fromkeys(found))


def families_of(title: str) -> frozenset[str]:
    """The garment families a piece's name gives ("Calvin Klein Ribbed Tank Top" -> top)."""
    return frozenset(family for w in _words(title) if (family := _family(w)))


_DESCRIBED_TYPE = re.compile(r"\b([a-z]+) (?:in|of|made of|made from) ((?:[a-z0-9-]+ ){0,2}[a-z0-9-]+)")


def without_other_descriptions(text: str, families: frozenset[str]) -> str:
    """`text` less the descriptions it gives garments of families none of `families` is ("the flats in grey
    leather", said beside the bag in beige leather): those words describe another piece, and charged to the bag
    they failed a sentence that house style itself had written ("the flats" for the Chanel Ballet Flats)."""
    if not families:
        return text
    lowered = fold(text).lower()
    return _DESCRIBED_TYPE.sub(lambda m: m[0] if (_family(m[1]) or "") in families or _family(m[1]) is None
                               else m[1], lowered)


# Words after which a garment is put on a person: "with her white blouse and black dress", "wore a black dress".
# "The shoes were worn with a pair of jeans" (Jennie wore shorts: a Balletcore draft that passed) puts the jeans on
# the shoes' wearer.
_ON_THEM = frozenset({"her", "his", "their", "wore", "wearing", "wears", "worn", "donned", "sporting", "sported"})
_ON_THEM_WINDOW = 6


def unworn_garments(text: str, worn: frozenset[str]) -> list[str]:
    """Garment words `text` puts on its people ("her white blouse and black dress", "wore a black dress": within
    a few words of a possessive or a wearing verb) of families none of the pieces they wore (`worn`, the families
    of their posts' pieces) belong to: clothes no post shows on them. A garment said of a piece ("the open top")
    or told to a reader ("pair it with jeans") is not put on anyone."""
    words = _words(text)
    found = [w for i, w in enumerate(words) if (family := _family(w)) and family not in worn
             and _ON_THEM & set(words[max(0, i - _ON_THEM_WINDOW):i])]
    return list(dict.fromkeys(found))


# Words after which a described garment is narrated onto a look: "was paired with a black leather jacket".
_PAIRED = frozenset({"paired", "teamed", "matched", "styled"})
_DESCRIBING = 3  # attribute words read before a garment word ("a black leather jacket")


def undescribed_garments(text: str, worn: dict[str, list[frozenset[str]]]) -> list[str]:
    """Described garments ("a black leather jacket") `text` puts on its people of a family they did wear, in a colour
    or material none of their pieces of that family has (`worn`: each family's pieces, as their sources' plain
    words). Hanni's only jacket is olive wool, so "paired with a black leather jacket and black leather shoes"
    invents the jacket (her pumps are black leather, so the shoes stand). A garment of a family they never wore is
    `unworn_garments`'s."""
    words = _words(text)
    found: list[str] = []
    for i, word in enumerate(words):
        family = _family(word)
        if family is None or family not in worn or not (_ON_THEM | _PAIRED) & set(words[max(0, i - _ON_THEM_WINDOW):i]):
            continue
        said: list[str] = []
        for before in reversed(words[max(0, i - _DESCRIBING):i]):
            if _singular(before) not in ATTRIBUTE_WORDS:
                break
            said.insert(0, _singular(before))
        if said and not any(not unsourced_attributes(" ".join(said), piece) for piece in worn[family]):
            found.append(" ".join([*said, word]))
    return list(dict.fromkeys(found))


# One piece made part of another: "The bag worn by Hanni ... featured Loewe Toy Pumps", "the Crossbody Bag features
# a fox head cap as its accessory" (both passed a review). "featured in a campaign" is where a piece appeared.
_CONTAINS = re.compile(r"\b(?:features?|featured|featuring|comes with|came with|includes?|included)\b"
                       r"(?! (?:in|on|at|prominently)\b)")
_HELD_WINDOW = 5  # words after the verb in which the held piece's type must stand


def piece_inside_piece(text: str) -> tuple[str, str] | None:
    """(holder, held) garment words when `text` makes a piece of one family part of a piece of another (a bag
    that "features" pumps or a cap), else None. The catalog logs pieces worn together, never one inside another."""
    low = fold(text).lower()
    match = _CONTAINS.search(low)
    if match is None:
        return None
    holder = next((w for w in reversed(_words(low[:match.start()])) if _family(w)), None)
    held = next((w for w in _words(low[match.end():])[:_HELD_WINDOW] if _family(w)), None)
    if holder is None or held is None or _family(holder) == _family(held):
        return None
    return holder, held


# A list opener: "bags like", "bag styles like", "footwear such as"; the garment word is one of its two words.
_LISTED = re.compile(r"\b([a-z]+)(?: ([a-z]+))? (?:like|such as|including) ")


def listed_as(text: str, piece: str) -> str | None:
    """The garment word the list holding `piece` (plain name) puts it under ("bags like the Chanel 22 Bag and the
    Calvin Klein Shorts" lists the shorts as bags), or None when the text lists it under no garment word. A piece
    belongs to the nearest list opened before it: "sneakers like Loewe Toy Pumps, bag styles like ... Bag, and
    footwear like Maison Kitsuné Fox Head Cap" lists the cap as footwear, not as sneakers."""
    folded = f" {' '.join(_words(text))} "
    at = folded.find(f" {piece} ")
    if at < 0:
        return None
    openers = [m for m in _LISTED.finditer(folded) if m.end() <= at + 1]
    if not openers:
        return None
    last = openers[-1]
    return next((w for w in (last[2], last[1]) if w and _family(w) is not None), None)


# A piece given another garment's part in a look: "with the Coperni Asymmetric Midi Skirt in black denim as her
# top" (a passed Gorpcore article). Read right after the piece's name and its description.
_CAST_AS = re.compile(r"^(?: (?:in|of|made of)(?: [a-z0-9-]+){1,3}?)? as (?:a|an|his|her|their|the|its)"
                      r"((?: [a-z0-9-]+){1,3})")


def cast_as(text: str, piece: str) -> str | None:
    """The garment word `text` casts `piece` (plain name) as ("... Skirt in black denim as her top" -> "top"), or
    None."""
    folded = f" {' '.join(_words(text))} "
    at = folded.find(f" {piece} ")
    while at >= 0:
        match = _CAST_AS.match(folded[at + len(piece) + 1:])
        word = next((w for w in match[1].split() if _family(w) is not None), None) if match else None
        if word is not None:
            return word
        at = folded.find(f" {piece} ", at + 1)
    return None


def named_as(text: str, piece: str) -> str | None:
    """The garment word `text` names `piece` (plain name) as ("the tank top was Alaïa Le Coeur Bag" -> "top", "the
    shoes were Dior Lady Dior Bag" -> "shoes", a Jennie Effect draft's look told piece by piece), or None."""
    folded = f" {' '.join(_words(text))} "
    pattern = rf" the ((?:[a-z0-9-]+ ){{1,2}})(?:was|were|is|are) (?:the |a |an )?{re.escape(piece)} "
    # "The bag worn by Hanni at the magazine cover shoot was Loewe Toy Pumps" (a Balletcore article that passed)
    worn = (rf" the ([a-z0-9-]+ )(?:worn|carried|chosen|picked|seen) (?:[a-z0-9-]+ ){{1,8}}?(?:was|were|is|are) "
            rf"(?:the |a |an )?{re.escape(piece)} ")
    for match in [*re.finditer(pattern, folded), *re.finditer(worn, folded)]:
        word = next((w for w in reversed(match[1].split()) if _family(w) is not None), None)
        if word is not None:
            return word
    return None


def misfiled_garment(text: str, piece: str, allowed: Iterable[str]) -> str | None:
    """The garment word a list files `piece` under, or a sentence casts or names it as, when the piece's own
    sources put it in another family."""
    word = listed_as(text, piece) or cast_as(text, piece) or named_as(text, piece)
    own = {family for w in allowed if (family := _family(w))}
    if word is None or not own or _family(word) in own:
        return None
    return word


# Words that make "<trend> is a ... X" about the trend as a trend ("a soft dress trend"), or end the noun phrase.
_TREND_NOUNS = frozenset({"trend", "style", "look", "aesthetic", "movement", "mood", "wave", "effect", "era", "craze",
                          "fad", "vibe", "idea", "way", "code"})
_PHRASE_ENDS = frozenset({"with", "of", "that", "for", "in", "from", "and", "which", "who", "to", "on"})


_WEARS = re.compile(r"\s+(?:also\s+|then\s+|once\s+)?(?:wore|wears|wearing|carried|carries|chose|chooses|paired|"
                    r"pairs|donned|dons|sported|sports|stepped out)\b")


def trend_as_a_wearer(text: str, trend: str) -> bool:
    """Whether the text has the trend itself wear something ("Coquette also wore the Nike Air Force 1 '07"): the
    model took the keyword for a person, and no post has a wearer of that name."""
    folded, name = fold(text).lower(), fold(trend).lower().strip()
    at = folded.find(name) if name else -1
    while at >= 0:
        if _WEARS.match(folded[at + len(name):]) and not folded[at + len(name):].startswith("'"):
            return True
        at = folded.find(name, at + 1)
    return False


def labels_as_wearers(text: str, brand_keys: Iterable[str]) -> list[str]:
    """The labels (plain keys) the text has wear something: "Miu Miu also wore the flats with a Maison Kitsuné Fox
    Head Cap" closed a paragraph of a Balletcore article that passed. A label makes pieces; a person wears them."""
    folded = plain_key(text)
    return sorted(key for key in brand_keys
                  if key and re.search(rf"\b{re.escape(key)}{_WEARS.pattern}", folded))


# What may follow a trend's name when a sentence has someone wear the trend itself ("Rosé wore Quiet Luxury during
# the cover shoot"); a noun after it ("wore quiet luxury pieces") makes the name a description, which is fine.
_AFTER_WORN_TREND = r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:during|while|at|in|on|to|for|with|when|as|throughout|again)\b)"
_WORE = r"\b(?:wore|wears|wearing|donned|dons|sported|sports)\s+(?:the\s+)?"


def trend_as_worn(text: str, trend: str) -> bool:
    """Whether the text has someone wear the trend itself as if it were a piece ("Rosé wore Quiet Luxury during the
    magazine cover shoot"): no post shows a piece of that name."""
    name = fold(trend).lower().strip()
    return bool(name) and re.search(_WORE + re.escape(name) + _AFTER_WORN_TREND, fold(text).lower()) is not None


def trend_as_a_place(text: str, trend: str) -> bool:
    """Whether the text puts a look at the trend as if it were an event or a place ("Jackson Wang's Brand Campaign
    Look at Gorpcore Fashion" was a Gorpcore headline): "at <trend>" names no place any post gives."""
    name = fold(trend).lower().strip()
    return bool(name) and re.search(rf"\bat (?:the |a )?{re.escape(name)}\b(?!['’])", fold(text).lower()) is not None


def trend_called_a_garment(text: str, trend: str) -> str | None:
    """The garment word the text makes the trend itself ("Coquette is a fashionable bag"), or None."""
    folded, name = fold(text).lower(), fold(trend).lower().strip()
    at = folded.find(name) if name else -1
    if at < 0:
        return None
    match = _IS_A.match(folded[at + len(name):].lstrip(" "))
    if match is None:
        return None
    phrase: list[str] = []
    for word in match[1].replace(",", " ").split():
        if word in _PHRASE_ENDS:
            break
        phrase.append(word)
    if any(word in _TREND_NOUNS for word in phrase):  # "a soft dress trend" is still a trend
        return None
    return next((word for word in phrase if _family(word) is not None), None)
