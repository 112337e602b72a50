"""Counted checks on the words of a draft: topic relevance, repetition and copying of prompt example text.

Each returns a CriterionResult whose evidence quotes what was counted and whose reason is built from that
evidence, so a pass never lists failures and a failure never reads as a pass. Thresholds are chosen on the tune half
of the shipped labels (`editorial-ai calibrate --labels examples/labels --split tune`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.claim_support import ClaimCheck
from editorial_ai.review.claims import ClaimSet
from editorial_ai.review.dates import days_in
from editorial_ai.review.fragments import fragment_problem, is_fragment
from editorial_ai.review.profile import ReviewProfile
from editorial_ai.review.redescribed import DESCRIBED_AGAIN, redescribed_pieces
from editorial_ai.review.retold import LookNames, restates, retells_look, tells_another_post
from editorial_ai.review.source_index import STOPWORDS, SourceIndex, content_words, plain, stem
from editorial_ai.review.text_grounding import checkable_spans
from editorial_ai.text import split_sentences

# Share of body paragraphs that must mention the keyword or a topic term.
RELEVANCE_MIN_COVERAGE = 1.0
# A paragraph naming no topic term still counts as on topic when its few best source sentences hold this share of
# its content words ("The look works because both pieces are easy to wear" follows the sources' vocabulary; a
# paragraph about sourdough does not: on the tune half off-topic paragraphs reach at most 0.14; every threshold
# from 0.2 to 0.5 keeps kappa 1.0 there, and 0.25 keeps a margin on both sides).
RELEVANCE_MIN_SUPPORT = 0.25
RELEVANCE_TOP_SENTENCES = 3
# Repetition: share of word n-grams that repeat an earlier one, and the length of a sentence that counts.
REPETITION_NGRAM = 6
REPETITION_MAX_RATE = 0.15
REPEATED_SENTENCE_MIN_WORDS = 5
# A phrase of the writer's own this long, used a second time in one body, is asked for again by the chat writer
# (`repeated_phrases`; the benchmark's repetition target counts 4-grams). It is no review finding: the shipped labels'
# clean drafts repeat their template's phrases ("at the centre of the look is the") in 39 of 40.
STOCK_PHRASE_WORDS = 4
PHRASE_QUOTED_WORDS = 8  # a longer run (a sentence said again) is quoted by its opening
# Within one paragraph a phrase of the writer's own this long, used again, is a finding: "The bag is perfect for
# casual outings in the city!" and, two sentences on, "..., which makes it perfect for casual outings in the city"
# passed a review. None of the shipped labels' clean drafts does it (3 of 196 drafts do, all perturbed to repeat).
PARAGRAPH_PHRASE_WORDS = 6
# A sentence echoes an earlier one when this share of its prose words (stemmed content words the sources do not
# hold, at least ECHO_MIN_WORDS of them) is in that one sentence: "It's a minimalist look that is perfect for those
# who want to dress ..." two sentences after "The minimalist look is perfect for those who want to dress ...", or
# "The trend focuses on simple pieces that are easy to wear" after "The trend focuses on simple, versatile pieces
# that are easy to pair". Sourced words are left out: two looks with the same piece ("Taeyang wore The Row Margaux
# Bag in burgundy leather" after "Jung Ho-yeon chose The Row Margaux Bag in burgundy leather") share them by right.
ECHO_MIN_SHARE = 0.7
ECHO_MIN_WORDS = 5
# A near copy, names and all: a sentence of at least NEAR_COPY_MIN_WORDS distinct words whose only words the earlier
# one lacks are pronouns and "also" (it adds nothing), or one that holds a whole earlier sentence of that length.
# Two looks with one piece differ in a name, a date or a figure, so they are not near copies.
NEAR_COPY_MIN_WORDS = 8
CONTAINED_MIN_WORDS = 6  # an earlier sentence of this many words said again inside a later one is a repeat
# A sentence that names nobody, said again in other words, sourced words included: "The jeans are a classic piece
# that can be worn as both a bottom and an accessory" after "The jeans are a versatile piece that can be worn as a
# bottom or an accessory" (its own words, leaving the sourced ones out, were too few to compare). A sentence with a
# name, or whose new words are sourced ("Its tags, coquette and minimal, ..." after "Its tags, minimal and old
# money, ..."), is left to the checks above: two looks or two pieces share their sourced words by right.
UNNAMED_SHARE = 0.8
UNNAMED_MIN_WORDS = 6
# A sentence naming things says an earlier one again when nearly all its words are the earlier's, it adds no sourced
# word and names no one the earlier did not.
RETOLD_SHARE = 0.83
RETOLD_MIN_WORDS = 10
# A sentence opening on the same SAME_OPENING_WORDS words as an earlier one, two or more of them the writer's own
# (neither sourced nor a plain telling of a look), and sharing at least SAME_OPENING_SHARE of its content words with
# it: "It added a touch of gorpcore to the look, which made it stand out from ..." after "It added a touch of
# coquette and gorpcore to the look, particularly in contrast with ..." (a Jennie Effect article's last review
# passed it: the two share mostly sourced words), naming no one the earlier did not. Two pieces told alike ("Fans can
# find the Dior Bar Jacket ..." and "Fans can find the Dior 30 Montaigne Belt ...") name different things.
SAME_OPENING_WORDS = 5
SAME_OPENING_SHARE = 0.5
# A clause said again inside a longer sentence: a run of CLAUSE_RUN_WORDS words of an earlier sentence, two or more
# of them the writer's own ("In addition to the pop-up store events ..., Jimin's appearance at the airport was also
# part of this trend." three sentences after "Jimin's appearance at the airport was also part of this trend,
# wearing ..."; a Jennie Effect article passed with both).
CLAUSE_RUN_WORDS = 10
# A shorter run said again, naming nobody, when OWN_RUN_MIN_OWN of its words are the writer's own: "The bag is a
# classic piece that adds to the balletcore look with its grey color and minimal design." after "The ... Bag is made
# of grey leather, a minimalist style that adds to the balletcore look with its grey color and minimal design." (a
# Balletcore article passed with both: only "add", "color" and "design" of the run are not sourced words).
OWN_RUN_WORDS = 8
OWN_RUN_MIN_OWN = 2
OWN_RUN_MIN_OWN_NAMED = 3  # when the sentence names something sourced the earlier one does not
TREND_WORDS = 2  # words of a topic's name ("Jennie Effect") a sentence may say as "the trend"
_THE_TREND = re.compile(r"\b(?:the|this) trend\b", re.IGNORECASE)
NEAR_COPY_RATIO = 0.85  # a sentence this much the same word sequence as an earlier one is that sentence again
SAID_SHARE, SAID_MIN_WORDS = 0.7, 6  # one shared run this much of the longer sentence is that sentence again
# One look told twice: a sentence giving the same day as an earlier one that told it of "he", "she" or "they",
# adding nothing but the person's name and at most one more name word ("On February 2nd, Jackson Wang wore the cap
# with the bag in navy leather and the Maison Kitsuné Bold Fox Head Sweatshirt!" after "On February 2nd in his brand
# campaign, he wore Maison Kitsuné Fox Head Cap ... with a Dior Lady Dior Bag in navy leather and the Maison Kitsuné
# sweatshirt!"; a Gorpcore article passed with both). Two people's looks of one day name two people.
SAME_DAY_SHARE = 0.75
# A sentence of this many content words or more, every one of them in an earlier sentence, says nothing new: "Cha
# Eun-woo is the most viewed Gorpcore wearer." right after "Cha Eun-woo and Jisoo are the most viewed Gorpcore
# wearers." (a Gorpcore article passed with both). Not when one of the two denies what the other says.
SUBSET_MIN_WORDS = 6
# Sentences of one paragraph opening on the same words this many times read as a list (`list_openings`).
LIST_OPENING_WORDS = 2
LIST_OPENING_COUNT = 3
LISTED_OPENING = "opens like two sentences before it, on"
_NEGATIONS = frozenset({"not", "no", "never", "nor", "neither", "without"})
_MONTH_WORDS = frozenset(content_words("january february march april may june july august september october "
                                       "november december"))
_PRONOUN_SUBJECT = re.compile(r"\b(?:he|she|they)\b", re.IGNORECASE)
# A standfirst that gives back its headline ("Jennie Effect: A Coquette Minimalist Bag Trend ..." under the same
# headline) tells the reader nothing new; it passed the gate while only the writer's log noted it.
REPEATS_HEADLINE = "the standfirst repeats the headline"
_ADDS_NOTHING = frozenset({"he", "she", "it", "they", "them", "his", "her", "its", "their", "also", "too", "again",
                           "then", "and", "the", "a", "an", "once", "more", "same", "this", "that", "these", "those",
                           "wore", "worn", "wears", "was", "were", "by"})  # "X was worn by Jennie" said again
SAYS_AGAIN = "says again what"  # the finding's wording, which the writer's sentence fix reads back
# Originality: a sentence is copied when this share of its word 5-grams occurs in the prompt's example text.
COPY_MIN_SHARE = 0.5
COPY_NGRAM = 5
# Trend words too generic to tie a paragraph to a topic on their own.
_GENERIC = frozenset({"effect", "style", "look", "looks", "trend", "trends", "fashion", "new", "core", "edit",
                      "black", "white", "grey", "navy", "beige", "brown", "ivory", "olive", "silver", "burgundy",
                      "top", "bottom", "bag", "shoes", "accessory", "outerwear", "jewelry"})


@dataclass
class DraftView:
    """What the counted checks read: the draft's paragraphs and claims, its sources, its prompt's examples and the
    type-dependent rules (`profile`)."""

    profile: ReviewProfile
    paragraphs: list[str]
    claims: ClaimSet
    checks: list[ClaimCheck]
    index: SourceIndex
    keyword: str = ""
    topic_terms: list[str] = field(default_factory=list)
    prompt_texts: list[str] = field(default_factory=list)
    question: str = ""
    title: str = ""


def topic_terms(keyword: str, index: SourceIndex, extra: list[str] | None = None) -> list[str]:
    """Plain phrases that tie a paragraph to the topic: the keyword and its words, sourced names, trend tags."""
    key = (keyword, *(extra or []))
    if key not in index.terms_memo:
        index.terms_memo[key] = _topic_terms(keyword, index, extra or [])
    return index.terms_memo[key]


def _topic_terms(keyword: str, index: SourceIndex, extra: list[str]) -> list[str]:
    terms = [keyword, *extra]
    terms += [w for w in plain(keyword).split() if w not in STOPWORDS and w not in _GENERIC and len(w) > 2]
    facts = index.facts
    terms += [*facts.people, *facts.brands, *facts.products]
    keys = (plain(t) for t in terms)
    return list(dict.fromkeys(k for k in keys if k and k not in _GENERIC))


def candidate_names(text: str) -> list[str]:
    """Capitalised names of a text (a question), as the claim checks read them."""
    return [s.text for s in checkable_spans(text) if s.kind == "name"]


def _mentions(paragraph: str, terms: list[str]) -> str | None:
    text = f" {plain(paragraph)} "
    return next((t for t in terms if f" {t} " in text), None)


def _excerpt(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_relevance(view: DraftView, criterion: str = "trend_relevance") -> CriterionResult:
    """Coverage: the share of body paragraphs that mention the keyword or a topic term (or, for text, that a
    source sentence supports); every paragraph that does not is quoted."""
    paragraphs = [p for p in view.paragraphs if p.strip()]
    if not paragraphs:
        return _result(criterion, False, 0.0, "No body paragraph to check against the topic: write the body.",
                       ["body: no paragraph"])
    lines = [_off_question(view, i, p) if view.question.strip() else _off_topic(view, i, p)
             for i, p in enumerate(view.paragraphs) if p.strip()]
    off = [line for line in lines if line]
    coverage = round(1 - len(off) / len(paragraphs), 4)
    if coverage >= RELEVANCE_MIN_COVERAGE and not (RELEVANCE_MIN_COVERAGE < 1 and len(off) == len(paragraphs)):
        return _result(criterion, True, coverage,
                       f"{len(paragraphs) - len(off)} of {len(paragraphs)} paragraphs are about "
                       f'"{view.keyword or "the topic"}" (coverage {coverage:.2f}).', off)
    return _result(criterion, False, coverage,
                   f"Off topic: {len(off)} of {len(paragraphs)} paragraphs (coverage {coverage:.2f} < "
                   f"{RELEVANCE_MIN_COVERAGE:.2f}): " + "; ".join(off[:3]) + ". Rewrite them about the topic.", off)


def _off_topic(view: DraftView, i: int, paragraph: str) -> str | None:
    """Evidence when a paragraph names no topic term (and, for text, no source sentence backs it)."""
    if _mentions(paragraph, view.topic_terms):
        return None
    support, _ = view.index.support(content_words(paragraph), "overlap", RELEVANCE_TOP_SENTENCES)
    if support >= RELEVANCE_MIN_SUPPORT:
        return None
    return (f'{_location(view, i)}: "{_excerpt(paragraph)}" — mentions neither {view.keyword or "the topic"} '
            f"nor any sourced name or tag (source support {support:.2f})")


def _off_question(view: DraftView, i: int, paragraph: str) -> str | None:
    """Evidence when an answer paragraph neither names what the question names (and the sources hold) nor draws
    on the source passage the question is about."""
    question_names = [plain(n) for n in candidate_names(view.question) if view.index.mentions(n)]
    if _mentions(paragraph, [n for n in question_names if n]):
        return None
    _, asked = view.index.support(content_words(view.question))
    _, answered = view.index.support(content_words(paragraph))
    groups = view.index.groups
    if asked is not None and answered is not None and groups and groups[asked] == groups[answered]:
        return None
    where = f'"{_excerpt(view.index.sentences[answered], 60)}"' if answered is not None else "no source"
    return (f'{_location(view, i)}: "{_excerpt(paragraph)}" — does not answer the question: it names nothing the '
            f"question asks about and draws on another passage ({where})")


def _location(view: DraftView, i: int) -> str:
    return f"paragraphs[{i}]" if view.profile.free_text else f"body_paragraphs[{i}]"


def repetition_figures(paragraphs: list[str], n: int = REPETITION_NGRAM) -> tuple[float, list[str]]:
    """(repeated word-n-gram rate, sentences that occur more than once)."""
    words = [w for p in paragraphs for w in plain(p).split()]
    grams = [tuple(words[i:i + n]) for i in range(len(words) - n + 1)]
    counts = Counter(grams)
    rate = sum(c - 1 for c in counts.values() if c > 1) / len(grams) if grams else 0.0
    seen: Counter[str] = Counter()
    originals: dict[str, str] = {}
    for paragraph in paragraphs:
        for sentence in split_sentences(paragraph):
            key = plain(sentence)
            if len(key.split()) >= REPEATED_SENTENCE_MIN_WORDS:
                seen[key] += 1
                originals.setdefault(key, sentence)
    return round(rate, 4), [originals[k] for k, c in seen.items() if c > 1]


def says_again(sentence: str, earlier: str, sourced: frozenset[str] = frozenset()) -> bool:
    """Whether `sentence` says `earlier` again in other words: ECHO_MIN_SHARE of its prose words (content words
    not in `sourced`, the sources' stemmed vocabulary) are in it, or its words are a run of the earlier sentence's
    ("Jackson Wang's bag stood out" after "Hanni's pumps and Jackson Wang's bag stood out", whatever it names).
    Not when word for word the same sentence, which `repetition_figures` counts."""
    key, before = plain(sentence), plain(earlier)
    if key == before:
        return False
    if len(key.split()) >= REPEATED_SENTENCE_MIN_WORDS and f" {key} " in f" {before} ":
        return True
    if len(before.split()) >= CONTAINED_MIN_WORDS and f" {before} " in f" {key} ":
        # the earlier sentence again with a clause added ("..., adding to the minimalist aesthetic"; "Mingyu wore
        # the boots with the skirt. Mingyu wore the boots with the skirt in a casual, relaxed manner." passed a
        # Gorpcore review at eight words' length)
        return True
    own = frozenset(key.split())
    if len(own) >= NEAR_COPY_MIN_WORDS and own - frozenset(before.split()) <= _ADDS_NOTHING:
        return True  # "On 27 January he also wore the bag at the same event" after "... Jimin wore the bag ..."
    every, before_words = frozenset(content_words(sentence)), frozenset(content_words(earlier))
    if (len(every) >= SUBSET_MIN_WORDS and len(every & before_words) >= SUBSET_MIN_WORDS
            and all(w in before_words or w.isdigit() or w in _MONTH_WORDS for w in every)
            and (every <= before_words or (every - before_words) & _MONTH_WORDS)  # a figure alone is news
            and not _NEGATIONS & (own ^ frozenset(before.split()))):
        # Its words all said before, or only a date added: "V wore the Jacquemus Le Chiquito Bag at the airport on
        # 5 April 2025." after "V wore the Jacquemus Le Chiquito Bag at the airport and paired it with ...".
        return True
    if (len(every) >= UNNAMED_MIN_WORDS and len(every & before_words) >= UNNAMED_SHARE * len(every)
            and not _capitalised(sentence) and not (every - before_words) & sourced):
        return True
    if (len(every) >= RETOLD_MIN_WORDS and len(every & before_words) >= RETOLD_SHARE * len(every)
            and not (every - before_words) & sourced and _capitalised(sentence) <= _capitalised(earlier)):
        # The same names, place and date told again with a new adjective: "The belt is a versatile accessory that
        # Jackson Wang wore in the Milan Fashion Week front row on March 10, 2025." after "The Dior belt is an olive
        # leather accessory that Jackson Wang wore ..." (a Gorpcore article passed with both).
        return True
    if (_same_look_named(sentence, earlier, every, before_words) or _shared_clause(sentence, earlier, sourced)
            or _same_opening(sentence, earlier, sourced) or _own_run(sentence, earlier, sourced)
            or _near_copy(sentence, earlier, sourced) or _mostly_said(sentence, earlier, sourced)):
        return True
    words = every - sourced
    shared = words & before_words
    return len(words) >= ECHO_MIN_WORDS and len(shared) >= ECHO_MIN_SHARE * len(words)


def _same_look_named(sentence: str, earlier: str, every: frozenset[str], before_words: frozenset[str]) -> bool:
    """Whether `sentence` tells the look `earlier` told of a pronoun again, on the same day, only naming its wearer
    (see SAME_DAY_SHARE)."""
    day = days_in(sentence)
    if not day or day != days_in(earlier) or not _PRONOUN_SUBJECT.search(earlier) or not every:
        return False
    added = every - before_words
    names = frozenset(content_words(" ".join(_capitalised(sentence))))
    return len(every & before_words) >= SAME_DAY_SHARE * len(every) and len(added) <= 3 and added <= names


def _near_copy(sentence: str, earlier: str, sourced: frozenset[str]) -> bool:
    """Whether `sentence` is NEAR_COPY_RATIO or more the same word sequence as `earlier`, keeping every sourced
    word of it and with no figure or title of another post: "Jackson Wang wore the Maison Kitsuné sweatshirt in a
    brand campaign, and it adds to his streetwear look with its black color and bold fox head." right after the same
    sentence with "this sweatshirt" (a Gorpcore article that passed). One sourced word put for another is another
    thing told in a shared frame ("Its tags, utility and minimal, ..." after "Its tags, gorpcore and minimal, ...")."""
    words, earlier_words = plain(sentence).split(), plain(earlier).split()
    if min(len(words), len(earlier_words)) < NEAR_COPY_MIN_WORDS or tells_another_post(sentence, earlier):
        return False
    dropped = frozenset(content_words(earlier)) & sourced - frozenset(content_words(sentence))
    # The topic's name put as "the trend" drops nothing: "The trend was also worn by celebrities such as Hanni at
    # ..." right after "Balletcore was worn by celebrities such as Hanni at ..." (a Balletcore article that passed).
    if dropped and not (len(dropped) <= TREND_WORDS and _THE_TREND.search(sentence)):
        return False
    return SequenceMatcher(None, words, earlier_words, autojunk=False).ratio() >= NEAR_COPY_RATIO


def _mostly_said(sentence: str, earlier: str, sourced: frozenset[str]) -> bool:
    """Whether one run of words both sentences hold is SAID_SHARE of the longer one, SAID_MIN_WORDS or more long
    and with a word of the writer's own: "The shoes add utility and balletcore elements to a look." right after
    "They add utility and balletcore elements to a look." (a Balletcore draft). Two looks told in sourced words
    ("Lisa wore the Chanel 22 Bag at the airport" after Jennie did) share no word of the writer's own."""
    if (tells_another_post(sentence, earlier)
            or not frozenset(content_words(earlier)) & sourced <= frozenset(content_words(sentence))):
        return False  # one sourced word put for another: another thing told in a shared frame (see _near_copy)
    words, before = plain(sentence).split(), plain(earlier).split()
    match = SequenceMatcher(None, words, before, autojunk=False).find_longest_match(0, len(words), 0, len(before))
    run = " ".join(words[match.a:match.a + match.size])
    return (match.size >= SAID_MIN_WORDS and match.size >= SAID_SHARE * max(len(words), len(before))
            and bool(frozenset(content_words(run)) - sourced - _TELLING))


def _shared_clause(sentence: str, earlier: str, sourced: frozenset[str]) -> bool:
    """Whether `sentence` holds a run of CLAUSE_RUN_WORDS words of `earlier` about one of its names, two or more of
    the run's words the writer's own (neither sourced nor a plain telling of a look), and gives no figure or quoted
    post title `earlier` lacks. A run naming nobody is a shared frame ("... was photographed for an airport fashion
    moment in the post ...", told of two people), and a new figure or title tells another post ("With 631,595 views,
    the post keeps the Kazuha Effect in view; ..." after "With 1,449,179 views, ...")."""
    if tells_another_post(sentence, earlier):
        return False
    key, before = plain(sentence), plain(earlier)
    names = frozenset(plain(" ".join(_capitalised(sentence))).split())
    words, padded = key.split(), f" {before} "
    for start in range(len(words) - CLAUSE_RUN_WORDS + 1):
        run = words[start:start + CLAUSE_RUN_WORDS]
        if (f" {' '.join(run)} " in padded and any(word in names for word in run)
                and len(frozenset(content_words(" ".join(run))) - sourced - _TELLING) >= 2):
            return True
    return False


def _own_run(sentence: str, earlier: str, sourced: frozenset[str]) -> bool:
    """Whether `sentence` holds a run of OWN_RUN_WORDS words of `earlier` with at least OWN_RUN_MIN_OWN content
    words neither sourced nor a plain telling of a look (see OWN_RUN_WORDS). A new figure or post title is another
    post in a shared frame ("With 983,144 views, the post keeps Lemaire style in view; ..." after "With 370,317
    views, ..."); with a new sourced word the run needs OWN_RUN_MIN_OWN_NAMED own words, so "Its tags, old money and
    balletcore, place it squarely in the ..." twice is a frame, and "... adding a touch of elegance and tomboy
    charm to the overall style" after "This look adds a touch of elegance and tomboy charm to the overall style" (a
    Balletcore article that passed) is a repeat."""
    if tells_another_post(sentence, earlier):
        return False
    key, before = plain(sentence), plain(earlier)
    named = bool((frozenset(content_words(sentence)) - frozenset(content_words(earlier)) - _TELLING) & sourced)
    least = OWN_RUN_MIN_OWN_NAMED if named else OWN_RUN_MIN_OWN
    words, padded = key.split(), f" {before} "
    for start in range(len(words) - OWN_RUN_WORDS + 1):
        run = " ".join(words[start:start + OWN_RUN_WORDS])
        if f" {run} " in padded and len(frozenset(content_words(run)) - sourced - _TELLING) >= least:
            return True
    return False


def _same_opening(sentence: str, earlier: str, sourced: frozenset[str]) -> bool:
    """Whether `sentence` opens on the same SAME_OPENING_WORDS words as `earlier`, two or more of them the writer's
    own, shares SAME_OPENING_SHARE of its content words with it and names no one it did not."""
    key, before = plain(sentence).split(), plain(earlier).split()
    opening = key[:SAME_OPENING_WORDS]
    if len(opening) < SAME_OPENING_WORDS or before[:SAME_OPENING_WORDS] != opening:
        return False
    every, before_words = frozenset(content_words(sentence)), frozenset(content_words(earlier))
    return (len(frozenset(content_words(" ".join(opening))) - sourced - _TELLING) >= 2
            and len(every & before_words) >= SAME_OPENING_SHARE * len(every)
            and _capitalised(sentence) <= _capitalised(earlier))


# Words a sentence may open on with a capital that name nobody.
_OPENERS = frozenset({"the", "a", "an", "on", "in", "at", "she", "he", "it", "they", "this", "that", "these", "those",
                      "her", "his", "their", "its", "with", "for", "from", "and", "but", "as", "by", "to", "of",
                      "when", "while", "after", "before", "then", "there", "here", "both", "each", "also", "readers",
                      "you", "your", "if"})


def _capitalised(sentence: str) -> frozenset[str]:
    """The capitalised words of a sentence, its opening word unless a common opener: its names, as it spells them."""
    words = [w.strip(".,;:!?'\"“”’()").casefold() for w in sentence.split() if w[:1].isupper()]
    if words and sentence.split()[0][:1].isupper() and words[0] in _OPENERS:
        words = words[1:]
    return frozenset(words)


def list_openings(paragraphs: list[str], people: frozenset[str] = frozenset()) -> list[tuple[int, str, str]]:
    """(paragraph index, sentence, opening) for each sentence after the first of a paragraph that opens on the same
    person or piece (`people`, plain names, each read as one word) and word after, as LIST_OPENING_COUNT or more of
    its sentences do: "Jackson Wang, in the Milan Fashion Week front row on 25 January 2025, wore ... Jackson Wang,
    in a brand campaign on 2 February 2026, wore ..." three times over was the looks paragraph of a Gorpcore article
    that passed, and "The Chanel 22 Bag by Chanel, an olive leather bag, was worn ..." four times a Jennie Effect
    piece paragraph; they are the fact lines, not prose."""
    names = sorted(people, key=len, reverse=True)
    out: list[tuple[int, str, str]] = []
    for index, paragraph in enumerate(paragraphs):
        sentences = split_sentences(paragraph)
        openings = []
        for sentence in sentences:
            words = f" {plain(sentence)} "
            for name in names:
                words = words.replace(f" {name} ", f" {name.replace(' ', '_')} ")
            told = words.split()
            if told[:1] == ["the"] and len(told) > 1 and "_" in told[1]:  # "The Chanel 22 Bag by Chanel, ..."
                told = told[1:]
            openings.append(" ".join(told[:LIST_OPENING_WORDS]).replace("_", " "))
        for opening, count in Counter(openings).items():
            if (count >= LIST_OPENING_COUNT and len(opening.split()) >= LIST_OPENING_WORDS
                    and any(opening.startswith(f"{name} ") for name in names)):
                same = [s for s, o in zip(sentences, openings, strict=True) if o == opening]
                out += [(index, s, opening) for s in same[1:]]
    return out


def echoed_sentences(paragraphs: list[str], sourced: frozenset[str] = frozenset(),
                     looks: LookNames | None = None) -> list[tuple[int, str, str]]:
    """(paragraph index, sentence, the earlier sentence it says again in other words), in reading order; a
    sentence repeated word for word is left to `repetition_figures`. With the sources' `looks`, a sentence telling
    an earlier one's look again (`retold.retells_look`) is one too, and so is one that says the two sentences
    before it in its paragraph together ("The Jennie Effect is a fashion trend, featuring minimalistic and coquettish
    styles. It was characterized by bags, ballet flats, sneakers, and sunglasses. The Jennie Effect is a fashion
    trend characterized by minimalistic and coquettish styles, featuring bags, ballet flats, sneakers, and
    sunglasses, ..." opened an article that passed)."""
    earlier: list[str] = []
    out: list[tuple[int, str, str]] = []
    for index, paragraph in enumerate(paragraphs):
        own: list[str] = []
        for sentence in split_sentences(paragraph):
            before = next((b for b in earlier if says_again(sentence, b, sourced)
                           or (looks is not None and (retells_look(sentence, b, looks)
                                                      or restates(sentence, b, looks)))), None)
            if before is None and len(own) >= 2 and says_again(sentence, pair := " ".join(own[-2:]), sourced):
                before = pair
            if before is not None:
                out.append((index, sentence, before))
            earlier.append(sentence)
            own.append(sentence)
    return out


# Words any telling of a look uses: "she wore the bag" twice is two looks told plainly, not a stock phrase.
_TELLING = frozenset(content_words("wore wear wears worn wearing carried carries carry paired pairs chose chooses "
                                   "picked look looks piece pieces outfit outfits style styled also seen day date "
                                   "same again"))


def _stock(gram: tuple[str, ...], sourced: frozenset[str]) -> bool:
    """A phrase of the writer's own: it holds a content word neither the sources (`sourced`) nor any plain telling
    of a look (`_TELLING`) has ("touch", "sophistication")."""
    return bool(frozenset(content_words(" ".join(gram))) - sourced - _TELLING)


def repeated_phrases(paragraphs: list[str], sourced: frozenset[str] = frozenset(),
                     n: int = STOCK_PHRASE_WORDS) -> list[tuple[int, str, str]]:
    """(paragraph index, sentence, phrase) for each sentence that uses again a phrase of `n` or more words an
    earlier sentence of the body used, when the phrase is the writer's own (a content word the sources, `sourced`,
    do not hold): "adds a touch of sophistication to her look" twice in one paragraph passed the gate. A phrase of
    sourced words ("the Chanel 22 Bag in olive leather", "at the airport on") is left alone: two looks share their
    names by right. The phrase reported is the run of repeated words from the first repeated n-gram, at most
    PHRASE_QUOTED_WORDS long."""
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[int, str, str]] = []
    for index, paragraph in enumerate(paragraphs):
        for sentence in split_sentences(paragraph):
            words = plain(sentence).split()
            # Matched on plural-folded words: "The boots add a touch of gorpcore" and "... adds a touch of
            # elegance to her outfit" stood in one paragraph of a passed Gorpcore draft.
            folded = [stem(w) for w in words]
            grams = [tuple(folded[i:i + n]) for i in range(len(folded) - n + 1)]
            hits = [i for i, gram in enumerate(grams) if gram in seen and _stock(gram, sourced)]
            if hits:
                start = end = hits[0]
                while end + 1 < len(grams) and grams[end + 1] in seen:
                    end += 1
                out.append((index, sentence, " ".join(words[start:min(end + n, start + PHRASE_QUOTED_WORDS)])))
            seen.update(grams)
    return out


def headline_echo_share(line: str, headline: str) -> float:
    """How much of its headline a standfirst repeats: the share of the headline's words (of 3+ letters) it holds,
    1.0 when it opens with the headline's first three words."""
    words = [w for w in re.findall(r"[^\W_]+", headline.casefold()) if len(w) > 2]
    if not words:
        return 0.0
    if line.casefold().startswith(" ".join(headline.casefold().split()[:3])):
        return 1.0
    own = set(re.findall(r"[^\W_]+", line.casefold()))
    return sum(w in own for w in words) / len(words)


def echoes_headline(line: str, headline: str) -> bool:
    """Whether a standfirst repeats its headline (most of the headline's words, or its opening)."""
    return headline_echo_share(line, headline) > 0.6


def repeats_headline(standfirst: str, headline: str) -> bool:
    """Whether a standfirst gives its headline back: 80% or more of a headline's words (four or more), in the
    headline's order. Stricter than the writer's `echoes_headline`, which asks again at 60% of the words in any
    order: a standfirst may name the headline's person and label again ("Karina in Maison Kitsuné and Celine" under
    "Karina Effect: Karina in Maison Kitsuné")."""
    head, own = re.findall(r"[^\W_]+", headline.casefold()), re.findall(r"[^\W_]+", standfirst.casefold())
    matched = sum(block.size for block in SequenceMatcher(None, head, own, autojunk=False).get_matching_blocks())
    return len(head) >= 4 and matched >= 0.8 * len(head)


def check_repetition(view: DraftView, criterion: str = "repetition") -> CriterionResult:
    """Fail on a repeated sentence, a sentence that says an earlier one again in other words, or a repeated
    n-gram rate above REPETITION_MAX_RATE. An echo is located, so the revision rewrites that one sentence."""
    paragraphs = [p for p in view.paragraphs if p.strip()]
    rate, repeated = repetition_figures(paragraphs)
    evidence = [f'"{_excerpt(s)}" — appears more than once' for s in repeated]
    looks = LookNames.of(view.index)
    echoes = echoed_sentences(view.paragraphs, view.index.vocabulary, looks)
    evidence += [f'{_location(view, i)}: "{sentence}" — {SAYS_AGAIN} "{_excerpt(before, 200)}" already says: '
                 "say something new from the facts" for i, sentence, before in echoes]
    told = {sentence for _, sentence, _ in echoes}
    phrases = [(i, sentence, phrase) for i, paragraph in enumerate(view.paragraphs)
               for _, sentence, phrase in repeated_phrases([paragraph], view.index.vocabulary, PARAGRAPH_PHRASE_WORDS)
               if sentence not in told and sentence not in repeated]
    evidence += [f'{_location(view, i)}: "{sentence}" — uses "{phrase}" again in its paragraph: say it once'
                 for i, sentence, phrase in phrases]
    told |= {sentence for _, sentence, _ in phrases} | set(repeated)
    redescribed = [(i, s, piece, words) for i, s, piece, words in redescribed_pieces(view.paragraphs,
                                                                                   view.index.facts.products)
                   if s not in told]
    evidence += [f'{_location(view, i)}: "{sentence}" — {DESCRIBED_AGAIN} the {piece} ("{words}"), which an earlier '
                 "sentence of its paragraph gave it: name it without describing it again"
                 for i, sentence, piece, words in redescribed]
    told |= {sentence for _, sentence, _, _ in redescribed}
    pieces = frozenset(plain(p) for p in view.index.facts.products)
    listed = [(i, s, o) for i, s, o in list_openings(view.paragraphs, looks.people | pieces) if s not in told]
    evidence += [f'{_location(view, i)}: "{_excerpt(sentence)}" — {LISTED_OPENING} "{opening}": tell the looks in '
                 "sentences of their own shape, not as a list" for i, sentence, opening in listed]
    standfirst = " ".join(c.text for c in view.claims.claims if c.location == "subtitle")
    if standfirst and view.title and repeats_headline(standfirst, view.title):
        evidence.append(f'subtitle: "{_excerpt(standfirst, 200)}" — {REPEATS_HEADLINE}: say what the headline leaves '
                        "out")
    if rate > REPETITION_MAX_RATE:
        evidence.append(f"repeated {REPETITION_NGRAM}-word sequence rate {rate:.2f} > {REPETITION_MAX_RATE:.2f}")
    if evidence:
        return _result(criterion, False, max(0.0, 1 - rate), "Repetitive: " + "; ".join(evidence[:3])
                       + ". Say each thing once.", evidence)
    return _result(criterion, True, 1 - rate, f"Each sentence is said once; repeated {REPETITION_NGRAM}-word "
                   f"sequence rate {rate:.2f} "
                   f"(at most {REPETITION_MAX_RATE:.2f}).", [])


@lru_cache(maxsize=16)
def _prompt_grams(prompt_texts: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    grams: set[tuple[str, ...]] = set()
    for text in prompt_texts:
        words = plain(text).split()
        grams.update(tuple(words[i:i + COPY_NGRAM]) for i in range(len(words) - COPY_NGRAM + 1))
    return frozenset(grams)


def copied_sentences(texts: list[str], prompt_texts: list[str]) -> list[tuple[str, float]]:
    """Sentences of `texts` whose word 5-grams come mostly from the prompt texts: (sentence, share)."""
    grams = _prompt_grams(tuple(prompt_texts))
    if not grams:
        return []
    out: list[tuple[str, float]] = []
    for text in texts:
        for sentence in split_sentences(text):
            words = plain(sentence).split()
            own = [tuple(words[i:i + COPY_NGRAM]) for i in range(len(words) - COPY_NGRAM + 1)]
            if own:
                share = sum(g in grams for g in own) / len(own)
                if share >= COPY_MIN_SHARE:
                    out.append((sentence, round(share, 2)))
    return out


# A writer's fact line come back as prose: "5 August 2025: Jennie wore ...", "The details include: ...",
# '(post "Jennie street style in denim")'. A sentence of prose puts its date inside the sentence.
_FACT_LINE = re.compile(r"^(?:\d{1,2}(?:st|nd|rd|th)? [A-Z][a-z]+|[A-Z][a-z]+ \d{1,2}(?:st|nd|rd|th)?),? \d{4}\s*:"
                        r"|\bthe details include\b|\(post (?:titled )?[\"“]"
                        # month first too: the writer's house style turns "August 5, 2025" day first after its
                        # screen read the sentence, and a Jennie Effect draft escalated on the fact line it made
                        r"|^(?:the )?look of [A-Z][\w'’ -]{0,40}? on (?:\d|(?:January|February|March|April|May|June|"
                        r"July|August|September|October|November|December) \d)"
                        # "Jackson Wang on 25 January in Milan Fashion Week: Alaïa Le Coeur Bag brown leather, ..."
                        # (a Gorpcore draft's whole looks paragraph): a look line with its label dropped
                        r"|^[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,3} on \d{1,2} (?:January|February|March|April|May|June|"
                        r"July|August|September|October|November|December)\b[^:.!?]{0,60}:\s"
                        # A fact line's label kept in the prose: "Mingyu ... wore the boots, first worn on 19 April
                        # 2025, worn with: Coperni Asymmetric Midi Skirt in black denim" (a Gorpcore draft).
                        r"|\b(?:worn with|worn by|first seen|details|celebrity|trend tags|looks logged|"
                        r"most viewed look|pieces|labels)\s*:\s"
                        # "The piece is the Chanel Ballet Flats by Chanel, grey leather." (a Balletcore article
                        # that passed): the fact line's "piece:" label read out
                        r"|^the (?:piece|item|product) is (?:the )?(?-i:[A-Z])",
                        re.IGNORECASE)


def reads_as_fact_line(sentence: str) -> bool:
    """Whether a sentence reads as one of the writer's fact lines (a date and a colon, a post label)."""
    return bool(_FACT_LINE.search(sentence))


def fact_lines(view: DraftView) -> list[str]:
    """`location: "sentence" — ...` for each body sentence that reads as a copied fact line or a fragment with no
    verb of its own, not prose."""
    found = []
    for i, paragraph in enumerate(view.paragraphs):
        for sentence in split_sentences(paragraph):
            if reads_as_fact_line(sentence):
                found.append(f'{_location(view, i)}: "{sentence}" — reads as a copied fact line (a date and a colon, '
                             "a list of details, a post label), not a sentence of prose: put the date inside a "
                             "sentence of your own")
            elif is_fragment(sentence):
                found.append(f'{_location(view, i)}: "{sentence}" — {fragment_problem()}')
    return found


def check_originality(view: DraftView, criterion: str = "originality") -> CriterionResult:
    """Fail when any sentence is mostly copied from the prompt's example (or other prompt) text, or reads as one of
    the writer's fact lines."""
    texts = [view.title, *(c.text for c in view.claims.claims if c.location.startswith(("subtitle", "pull")))]
    copied = copied_sentences([*texts, *view.paragraphs], view.prompt_texts)
    total = sum(len(split_sentences(t)) for t in [*texts, *view.paragraphs] if t.strip()) or 1
    where = {sentence: _location(view, i) for i, paragraph in enumerate(view.paragraphs)
             for sentence in split_sentences(paragraph)}  # a located sentence is fixed where it stands
    evidence = [(f'{where[s]}: "{s}"' if s in where else f'"{_excerpt(s)}"')
                + f" — {share:.0%} of its 5-word sequences are in the prompt examples or fact lines: say it in "
                "your own words" for s, share in copied]
    listed = fact_lines(view)
    if listed:
        score = round(1 - (len(copied) + len(listed)) / total, 4)
        return _result(criterion, False, score, f"{len(listed)} sentence(s) read as copied fact lines or notes, "
                       "not prose: " + "; ".join(listed[:2]) + ".", [*listed, *evidence])
    score = round(1 - len(copied) / total, 4)
    if evidence:
        return _result(criterion, False, score, f"Copied from the prompt: {len(copied)} sentence(s): "
                       + "; ".join(evidence[:3]) + ". Write from the sources instead.", evidence)
    return _result(criterion, True, score, f"No sentence reuses the prompt's wording ({total} sentences checked "
                   f"against the prompt's {len(view.prompt_texts)} examples and fact lines).", [])


def _result(criterion: str, passed: bool, score: float, reason: str, evidence: list[str]) -> CriterionResult:
    return CriterionResult(criterion=criterion, passed=passed, severity="major", source="validation",
                           score=round(min(1.0, max(0.0, score)), 4), reason=reason, evidence=evidence)


