"""House style, applied to the body before review: a piece is named in full once per paragraph and after that by
what it is ("the bag"), as a copy desk would shorten it.

Told to do so, the 1.5B model still named the Dior Lady Dior Bag in full seven times in one draft, a third of that
draft's repeated 4-grams. Only the name changes; the sentence stays the model's. The first mention in each
paragraph stays whole, so the review still knows which piece "the bag" is (claim_support reads it back through the
paragraph's last-named pieces), and a piece whose type another named piece of the paragraph shares ("the bag" for
either of two bags) is left in full. A paragraph after the one that introduced a piece calls it by brand and type
("the Chanel bag"), which the review reads back as that brand's one bag (`claim_support.called_by_brand`). A
piece's colour and material, once given, are not given again in the same words (`drop_repeated_descriptions`).
Dates read day first, as the facts give them ("October 23, 2025" -> "23 October 2025", `day_first_dates`). A
paragraph about one person that opens on "she" or "he" names her there (`named_subjects`). "A pair of" goes only
with pieces that come in pairs (`paired_only_in_pairs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from editorial_ai.review.attributes import COLOURS, GARMENTS, MATERIALS


def _type_word(name: str) -> str | None:
    """The garment word a piece's name ends with ("Chanel 22 Bag" -> "bag", "Loewe Toy Pumps" -> "pumps")."""
    words = name.split()
    last = words[-1].casefold() if words else ""
    return last if last in GARMENTS else None


def _mention(name: str, brand: str) -> re.Pattern[str]:
    """The piece's full name, with an article before it and "by <brand>" after it when present."""
    by = rf"(?:\s+by\s+{re.escape(brand)})?" if brand else ""
    return re.compile(rf"(?:\b(?P<article>[Tt]he|[Aa]n?)\s+)?(?<![\w-]){re.escape(name)}(?![\w-]){by}")


def _brand_names(pieces: Sequence[tuple[str, str]]) -> dict[str, str]:
    """name -> "<Brand> <type>" for each piece that is its brand's only piece of its type among `pieces` ("Miu Miu
    flats" for the Miu Miu Logo Ballet Flats), as a later paragraph may call it."""
    keys = [(brand.casefold(), _type_word(name)) for name, brand in pieces]
    return {name: f"{brand} {kind}" for (name, brand), (_, kind) in zip(pieces, keys, strict=True)
            if brand and kind and keys.count((brand.casefold(), kind)) == 1}


def shorten_repeated_names(paragraphs: Sequence[str], pieces: Sequence[tuple[str, str]]) -> tuple[list[str], int]:
    """(paragraphs, how many names were shortened): in each paragraph, every mention of a piece (name, brand) after
    its first becomes "the <its type>" ("The bag" opening a sentence, "Jennie's bag" after a possessive), and in a
    paragraph after the one that named it in full, its first mention becomes "the <brand> <type>" ("the Miu Miu
    flats") when no other piece of that brand is of that type: the same full name in every paragraph was the largest
    share of the repeated 4-grams left after shortening within paragraphs ("miu miu logo ballet flats" three times)."""
    out: list[str] = []
    shortened = 0
    by_brand = _brand_names(pieces)
    introduced: set[str] = set()  # pieces a paragraph before this one named in full
    for paragraph in paragraphs:
        types = [_type_word(name) for name, _ in pieces if name.casefold() in paragraph.casefold()]
        named_here: set[str] = set()
        for name, brand in sorted(pieces, key=lambda p: -len(p[0])):  # "Chanel 22 Bag" before "22 Bag"
            kind = _type_word(name)
            if kind is None or types.count(kind) > 1:
                continue
            pattern = _mention(name, brand)
            seen = 0

            def short(match: re.Match[str], kind: str = kind, text: str = paragraph, name: str = name,
                      introduced: set[str] = introduced, named_here: set[str] = named_here) -> str:
                nonlocal seen, shortened
                seen += 1
                if seen == 1 and (name not in introduced or name not in by_brand):
                    named_here.add(name)
                    return match.group(0)
                shortened += 1
                said = by_brand[name] if seen == 1 else kind
                before = text[:match.start()].rstrip()
                if re.search(r"(?:'s|’s|\b(?:her|his|their|its|my|your|our))$", before, re.IGNORECASE):
                    return said
                if before.rsplit(None, 1)[-1:] and before.rsplit(None, 1)[-1].casefold() in _DESCRIBING:
                    return said  # "a brown leather Alaïa Le Coeur Bag" -> "a brown leather bag", not "the bag"
                if _ARTICLE_AND_WORDS.search(before):
                    return said  # "a simple Alaïa Belted Knit Cardigan" -> "a simple cardigan", not "a simple the"
                opens = not before or before[-1] in ".!?\"“"
                return f"{'The' if opens else 'the'} {said}"

            paragraph = pattern.sub(short, paragraph)
        introduced |= named_here
        out.append(paragraph)
    return out, shortened


_DESCRIBING = COLOURS | MATERIALS
# "a simple", "an easy black" right before a name: the piece keeps that article ("a look with", "a pair of" end on a
# word that takes its own).
_ARTICLE_AND_WORDS = re.compile(r"\b(?:a|an)(?:\s+[\w-]+){0,1}\s+(?!(?:with|of|and|in|at|on|for|to|by|from|like|as|"
                                r"or)$)[\w-]+$", re.IGNORECASE)
_JOINING = frozenset({"and", "blend", "with", "&"})
_AFTER = re.compile(r"\s+in\s+((?:[A-Za-z&-]+)(?:\s+[A-Za-z&-]+){0,5})")


def _description(words: list[str]) -> int:
    """How many of `words` make a piece's colour-and-material description ("grey leather", "black wool blend",
    "burgundy suede and mesh"): the longest run of such words that ends on a colour or material."""
    end = 0
    for i, word in enumerate(words):
        low = word.casefold()
        if low in _DESCRIBING or low.rstrip("s") in _DESCRIBING or (low == "blend" and end == i > 0):
            end = i + 1  # "blend" ends "wool blend": dropped without it, "the coat blend" was left
        elif low not in _JOINING:
            break
    return end


def drop_repeated_descriptions(paragraphs: Sequence[str], pieces: Sequence[tuple[str, str]]) -> tuple[list[str], int]:
    """(paragraphs, how many descriptions were dropped): a piece's colour and material are given once, at the
    first mention that gives them; a later "the flats in grey leather" saying the same becomes "the flats" (one
    saying something else stays, for the review to check). After names were
    shortened, the descriptions were most of the fourteenth and fifteenth rounds' repeated 4-grams ("the Chanel
    flats in grey leather" three times, "the boots in brown leather" six). A mention is the piece's full name,
    its brand and type, or its type alone when no other piece is of that type."""
    kinds = [_type_word(name) for name, _ in pieces]
    by_brand = _brand_names(pieces)
    described: dict[str, str] = {}  # piece -> the description its first described mention gave
    dropped = 0
    out = list(paragraphs)
    for name, _ in pieces:
        kind = _type_word(name)
        forms = [name, by_brand.get(name, "")] + ([f"the {kind}"] if kind and kinds.count(kind) == 1 else [])
        mention = re.compile("|".join(rf"(?<![\w-]){re.escape(f)}(?![\w-])" for f in forms if f), re.IGNORECASE)
        for index, paragraph in enumerate(out):
            pieces_of_text: list[str] = []
            last = 0
            for match in mention.finditer(paragraph):
                after = _AFTER.match(paragraph, match.end())
                size = _description(after[1].split()) if after else 0
                if not after or not size:
                    continue
                said = " ".join(after[1].split()[:size]).casefold()
                if name not in described:
                    described[name] = said  # the first description stays
                    continue
                if described[name] != said:
                    continue  # a different one is the model's claim, for the review to check
                run = re.match(rf"(?:\S+\s+){{{size - 1}}}\S+", after[1])  # the description's words
                if run is None:
                    continue
                pieces_of_text.append(paragraph[last:match.end()])
                last = after.start(1) + run.end()
                dropped += 1
            out[index] = "".join(pieces_of_text) + paragraph[last:]
    return out, dropped


_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December")
_MONTH_FIRST = re.compile(rf"\b({_MONTHS})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b")
_ORDINAL_DAY = re.compile(rf"\b(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\s+(?:of\s+)?({_MONTHS})\b")
_MONTH_ORDINAL = re.compile(rf"\b({_MONTHS})\s+(\d{{1,2}})(?:st|nd|rd|th)\b(?!,?\s+(?:19|20)\d\d)")
_IN_DAY = re.compile(rf"\b([Ii]n|[Aa]t)\s+(\d{{1,2}}\s+(?:{_MONTHS})\b)")  # "in 5 April", "at 19 April"
_ON_MONTH = re.compile(rf"\b([Oo])n\s+(?:the\s+month\s+of\s+)?(({_MONTHS})\s+(?:19|20)\d\d)\b")


# Each wrong date form and its fix, applied in this order.
_DATE_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (_MONTH_FIRST, lambda m: f"{m[2]} {m[1]} {m[3]}"),  # "October 23, 2025" -> "23 October 2025"
    (_ORDINAL_DAY, lambda m: f"{m[1]} {m[2]}"),  # "the 23rd of October" -> "23 October"
    (_MONTH_ORDINAL, lambda m: f"{m[2]} {m[1]}"),  # "October 23rd" -> "23 October"
    (_ON_MONTH, lambda m: f"{'I' if m[1] == 'O' else 'i'}n {m[2]}"),  # "on February 2026" -> "in February 2026"
    (_IN_DAY, lambda m: f"{'O' if m[1][0].isupper() else 'o'}n {m[2]}"),  # "in 5 April" -> "on 5 April"
)


def day_first_dates(paragraphs: Sequence[str]) -> tuple[list[str], int]:
    """Each date written month first or with an ordinal ("October 23, 2025", "23rd of October") in the facts' own
    form ("23 October 2025"), and how many were changed: the 1.5B model wrote both forms in one article, and a
    reader met "on 5 August 2025" and "on August 5, 2025" two sentences apart. A month takes "in" and a day "on": "with
    the Dior Lady Dior Bag on February 2026", "first seen in 5 April 2025" and "wore them ... at 19 April 2025"
    passed reviews."""
    changed, out = 0, []
    for paragraph in paragraphs:
        for pattern, form in _DATE_FORMS:
            paragraph, count = pattern.subn(form, paragraph)
            changed += count
        out.append(paragraph)
    return out, changed


_SUBJECT_PRONOUN = re.compile(r"\b(?:she|he)\b", re.IGNORECASE)


def named_subjects(paragraphs: Sequence[str], people: Sequence[str]) -> tuple[list[str], int]:
    """Each paragraph about one person (`people[i]`, "" for a paragraph about no one) whose opening sentence calls
    her "she" or "he" before naming her has the first such pronoun replaced by her name: "On September 20, she wore
    Loewe Anagram Sunglasses ..." opened a Hanni paragraph right after one that closed on Jackson Wang, and a reader
    cannot tell who "she" is. Only the subject pronouns: "her" may be an object or a possessive."""
    out, named = list(paragraphs), 0
    for i, paragraph in enumerate(paragraphs):
        person = people[i] if i < len(people) else ""
        match = _SUBJECT_PRONOUN.search(paragraph)
        if not person or match is None or person.casefold() in paragraph[:match.start()].casefold():
            continue
        if re.search(r"[.!?]", paragraph[:match.start()]):  # not in the opening sentence
            continue
        out[i] = f"{paragraph[:match.start()]}{person}{paragraph[match.end():]}"
        named += 1
    return out, named



_A_PAIR_OF = re.compile(r"\b([Aa]) pair of (the )?")
_WORDS_AFTER = re.compile(r"[A-Za-z'’&-]+")


def _counted_piece(text: str) -> str | None:
    """The first garment word of the (up to seven) words `text` opens with, before any clause break."""
    for word in _WORDS_AFTER.findall(re.split(r"[,.;:!?]", text, maxsplit=1)[0])[:7]:
        if word.casefold() in GARMENTS:
            return word.casefold()
    return None


def paired_only_in_pairs(paragraphs: Sequence[str]) -> tuple[list[str], int]:
    """Each "a pair of" before a piece that is one thing taken out, and how many: "pairing it with a pair of the cap
    and the bag" (house style's shortening of "a pair of the Maison Kitsuné Fox Head Cap") closed a draft that passed.
    A cap, a bag or a dress is no pair; shoes, jeans and sunglasses are."""
    changed = 0

    def fix(match: re.Match[str]) -> str:
        nonlocal changed
        kind = _counted_piece(match.string[match.end():])
        if kind is None or (kind.endswith("s") and not kind.endswith("ss")):
            return match[0]
        changed += 1
        if match[2]:  # "a pair of the cap" -> "the cap", "A pair of the cap" -> "The cap"
            return "The " if match[1] == "A" else "the "
        return f"{match[1]} "  # "a pair of Chanel cap" -> "a Chanel cap"

    out = [_A_PAIR_OF.sub(fix, paragraph) for paragraph in paragraphs]
    return out, changed
