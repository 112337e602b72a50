"""The run's sources as sentences, indexed for claim support (BM25 or content-word overlap) and pairings.

Source sentences come from everything the writer was given: curated topics (keyword, related keywords, trend
background, celebrities and brands with their relevance), sourced posts (title, context, artist and group, and per
product its title, brand, price, metadata keywords and Q&A pairs) and free-text passages. Built once per review.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson, json_list
from editorial_ai.review.dates import days_in, months_in
from editorial_ai.review.grounding import SourceFacts, facts_from_sources, fold
from editorial_ai.review.text_grounding import NUMBER_PATTERN, number_key
from editorial_ai.text import split_sentences

STOPWORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "been", "being", "but", "by", "for", "from", "had", "has", "have",
    "he", "her", "hers", "him", "his", "i", "if", "in", "into", "is", "it", "its", "itself", "me", "my", "of", "on",
    "onto", "or", "our", "ours", "she", "so", "than", "that", "the", "their", "theirs", "them", "then", "there",
    "these", "they", "this", "those", "to", "too", "us", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "about", "after", "again",
    "all", "also", "am", "any", "because", "before", "between", "both", "can", "could", "did", "do", "does",
    "doing", "down", "during", "each", "few", "further", "here", "how", "just", "more", "most", "no", "nor", "not",
    "now", "off", "once", "only", "other", "out", "over", "own", "same", "should", "some", "such", "through",
    "under", "until", "up", "very", "s", "t", "don", "ll", "re", "ve", "d", "m", "o"
})
_WORDS = re.compile(r"[a-z0-9&]+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
BM25_K1, BM25_B = 1.2, 0.75


@lru_cache(maxsize=1 << 16)
def plain(text: str) -> str:
    """Lower-case, accent-folded text with punctuation turned into single spaces (word-boundary matching)."""
    return " ".join(_WORDS.findall(_THOUSANDS.sub("", fold(text).lower())))


def stem(word: str) -> str:
    """A crude plural fold ("bags" -> "bag", "dresses" -> "dress"), enough for lexical support."""
    if len(word) > 4 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def content_words(text: str) -> list[str]:
    """Stemmed words that carry content (stopwords dropped), in order."""
    return list(_content_words(text))


@lru_cache(maxsize=1 << 15)
def _content_words(text: str) -> tuple[str, ...]:
    words = _WORDS.findall(_THOUSANDS.sub("", fold(text).lower()))
    return tuple(stem(w) for w in words if w not in STOPWORDS and w != "&")


@dataclass(frozen=True)
class Tie:
    """One sourced post: who wore which products, in which context."""

    people: frozenset[str]
    products: frozenset[str]
    brands: frozenset[str]
    setting: str  # plain text of the post's title and context
    days: frozenset[tuple[int, int]] = frozenset()  # the post's (month, day); empty for an undated passage
    months: frozenset[tuple[int, int]] = frozenset()  # the post's (year, month)
    views: int = 0  # the post's view count (0: not given)


UNRESEARCHED = -2  # the group of a trend background no research source backs


def source_sentences(curated_topics: Iterable[CuratedTopicJson], enriched_contexts: Iterable[SourcePostJson],
                     passages: Iterable[str] = ()) -> list[tuple[str, int]]:
    """Every source fact as a sentence, with its group: -1 for topics (UNRESEARCHED for a trend background no
    research source backs), then one group per post or passage."""
    out: list[tuple[str, int]] = []
    for topic in curated_topics:
        texts = [str(topic.get("keyword", "")), " ".join(str(k) for k in topic.get("related_keywords", []) or []),
                 str(topic.get("seasonality") or "")]
        background = split_sentences(str(topic.get("trend_background", "") or ""))
        if not topic.get("sources"):  # written by the model without research: its own group (see record_words)
            out += [(t, UNRESEARCHED) for t in background]
            background = []
        texts += background
        texts += [f"{ref.get('name', '')} {ref.get('relevance', '')}".strip()
                  for ref in [*topic.get("celebrities", []), *topic.get("brands_products", [])]]
        out += [(t, -1) for t in texts]
    group = 0
    for group, post in enumerate(enriched_contexts):
        who = str(post.get("artist_name") or "")
        if post.get("group_name"):
            who = f"{who} of {post['group_name']}".strip()
        setting = str(post.get("context") or "")
        texts = [f"{who}: {post.get('title') or ''}. {setting}"]
        if post.get("date"):  # the sourced post's date as prose writes it (services/source.py)
            texts.append(f"{who} was photographed at {setting} on {post['date']}.")
        if post.get("view_count"):
            texts.append(f"The post of {who} at {setting} has been viewed {post['view_count']} times.")
        for sol in post.get("solutions", []) or []:
            meta = sol.get("metadata") or {}
            title, brand = str(sol.get("title") or ""), str(sol.get("brand") or "")
            tags = ", ".join(str(k) for k in json_list(meta.get("keywords")))
            texts.append(f"{who} wears the {title} by {brand} ({setting}); {tags}")
            if sol.get("price_krw"):
                texts.append(f"The {title} costs KRW {sol['price_krw']}.")
            texts += [f"{title}: {qa.get('q', '')} {qa.get('a', '')}" for qa in json_list(meta.get("qa_pairs"))
                      if isinstance(qa, dict)]
        out += [(t, group) for t in texts]
    start = group + 1
    for offset, passage in enumerate(passages):
        out += [(s, start + offset) for s in split_sentences(str(passage))]
    return [(s.strip(), g) for s, g in out if s.strip()]


@dataclass
class SourceIndex:
    """Source sentences with a BM25 index, the allowed names, the sourced numbers and the post ties."""

    sentences: list[str]
    facts: SourceFacts
    groups: list[int] = field(default_factory=list)
    ties: list[Tie] = field(default_factory=list)
    context: list[str] = field(default_factory=list)
    product_brands: dict[str, frozenset[str]] = field(default_factory=dict)  # plain product -> its plain brands
    groups_of: dict[str, frozenset[str]] = field(default_factory=dict)  # plain artist with posts -> plain groups

    @property
    def vocabulary(self) -> frozenset[str]:
        """Every stemmed content word of the sources."""
        return frozenset(self._postings)

    def __post_init__(self) -> None:
        self.memo: dict[tuple[str, bool], bool] = {}  # name support, reused by every claim of every review
        self.terms_memo: dict[tuple[str, ...], list[str]] = {}  # topic terms per keyword (text_checks)
        self._postings: dict[str, list[tuple[int, int]]] = {}
        self._lengths: list[int] = []
        for i, sentence in enumerate(self.sentences):
            words = content_words(sentence)
            self._lengths.append(len(words))
            for word, tf in Counter(words).items():
                self._postings.setdefault(word, []).append((i, tf))
        self._avg = (sum(self._lengths) / len(self._lengths)) if self._lengths else 1.0
        n = len(self.sentences)
        self._idf = {w: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for w, p in self._postings.items()}
        self._unseen_idf = math.log(1 + (n + 0.5) / 0.5)
        # Each posting's BM25 term factor depends only on the sentence, so it is computed once per index, not per
        # claim (an index serves every claim of every review of a run).
        self._bm25: dict[str, list[tuple[int, float]]] = {
            word: [(i, tf * (BM25_K1 + 1) / (tf + BM25_K1 * (1 - BM25_B + BM25_B * self._lengths[i] / self._avg)))
                   for i, tf in postings]
            for word, postings in self._postings.items()
        }

    @cached_property
    def text(self) -> str:
        """All source text, plain, padded with spaces for word-boundary `in` checks."""
        return f" {plain(' '.join(self.sentences))} "

    @cached_property
    def context_text(self) -> str:
        """The context (question, stem...), plain and padded."""
        return f" {plain(' '.join(self.context))} "

    @cached_property
    def words(self) -> frozenset[str]:
        """Every plain word of the sources and the context."""
        return frozenset((self.text + self.context_text).split())

    @cached_property
    def record_text(self) -> str:
        """The sources and the context, plain and padded, without an unresearched trend background: one a model
        wrote at curation with no search behind it ("is gaining popularity among celebrities", "appearing on the
        runway") vouches for no scene, reception, event or timing the draft then claims."""
        records = " ".join(s for s, g in zip(self.sentences, self.groups, strict=False) if g != UNRESEARCHED)
        return f" {plain(records)} {self.context_text.strip()} "

    @cached_property
    def record_words(self) -> frozenset[str]:
        """The words of `record_text`."""
        return frozenset(self.record_text.split())

    @cached_property
    def numbers(self) -> frozenset[str]:
        """Every number of the sources and the context, as `number_key`."""
        texts = [*self.sentences, *self.context]
        return frozenset(number_key(n) for text in texts for n in NUMBER_PATTERN.findall(text))

    @cached_property
    def product_titles(self) -> dict[str, str]:
        """Sourced product titles (plain -> as written), longest first."""
        titles = {key: key for tie in self.ties for key in tie.products}
        titles |= {plain(t): t for t in self.facts.products if plain(t)}
        return dict(sorted(titles.items(), key=lambda kv: -len(kv[0])))

    @cached_property
    def name_table(self) -> tuple[dict[str, tuple[str, bool, str]], dict[str, tuple[int, ...]]]:
        """Known and sourced people and brands, and sourced products: plain key -> (name, single capitalised word,
        kind "person" | "brand" | "product"), and per first word the lengths (in words) of the names it starts."""
        facts = self.facts
        people = facts.known_people | facts.people
        table: dict[str, tuple[str, bool, str]] = {}
        for key, title in self.product_titles.items():
            table[key] = (title, False, "product")
        for name in sorted(people | facts.known_brands | facts.brands):
            key, folded = plain(name), fold(name).strip()
            if key:
                single = " " not in key and folded[:1].isupper() and folded.isalnum()
                table.setdefault(key, (name, single, "person" if name in people else "brand"))
        sizes: dict[str, set[int]] = {}
        for key in table:
            words = key.split()
            sizes.setdefault(words[0], set()).add(len(words))
        return table, {w: tuple(sorted(n, reverse=True)) for w, n in sizes.items()}

    @cached_property
    def brand_titles(self) -> dict[str, str]:
        """Known and sourced brands by their plain keys, as the sources spell them."""
        return {key: brand for brand in sorted(self.facts.known_brands | self.facts.brands) if (key := plain(brand))}

    @cached_property
    def brand_keys(self) -> frozenset[str]:
        """Known and sourced brands, plain."""
        return frozenset(self.brand_titles)

    @cached_property
    def settings_text(self) -> str:
        """Every post's title and context, plain (which settings the sources know at all)."""
        return " ".join(t.setting for t in self.ties)

    def product_words(self, key: str) -> frozenset[str]:
        """Plain words of every source sentence that names the product (plain key): what it is made of, its
        colour, tags and where it was worn."""
        memo = self.__dict__.setdefault("_product_words", {})
        if key not in memo:
            memo[key] = frozenset(w for s in self.sentences if f" {key} " in f" {plain(s)} " for w in plain(s).split())
        return memo[key]

    def mentions(self, phrase: str) -> bool:
        """Whether the sources or the context contain the phrase on word boundaries."""
        key = plain(phrase)
        return bool(key) and (f" {key} " in self.text or f" {key} " in self.context_text)

    def support(self, words: list[str], method: str = "bm25", top: int = 1) -> tuple[float, int | None]:
        """How well the sources back a claim's content words: (score in 0..1, best sentence index).

        `bm25`: the best sentence's BM25 score over the claim's ideal score (idf-weighted, length-normalized);
        `overlap`: the share of the claim's content words the best sentence holds. With `top` > 1 the score is the
        (idf-weighted) share of the claim's words found in the union of the `top` best sentences, for claims that
        sum up several facts."""
        query = list(dict.fromkeys(words))
        if not query or not self.sentences:
            return 0.0, None
        scores: dict[int, float] = {}
        weight = {w: (1.0 if method == "overlap" else self._idf.get(w, self._unseen_idf)) for w in query}
        total = sum(weight.values())
        for word in query:
            if method == "overlap":
                for i, _tf in self._postings.get(word, ()):
                    scores[i] = scores.get(i, 0.0) + 1.0
            else:
                w = weight[word]
                for i, factor in self._bm25.get(word, ()):
                    scores[i] = scores.get(i, 0.0) + w * factor
        if not scores:
            return 0.0, None
        ranked = sorted(scores, key=lambda i: -scores[i])
        best = ranked[0]
        if top <= 1:
            return min(1.0, scores[best] / total), best
        covered = {w for i in ranked[:top] for w in self._words_of(i)}
        return min(1.0, sum(weight[w] for w in query if w in covered) / total), best

    def _words_of(self, i: int) -> set[str]:
        if not hasattr(self, "_sentence_words"):
            self._sentence_words: list[set[str]] = [set(content_words(s)) for s in self.sentences]
        return self._sentence_words[i]


def _found(names: Iterable[str], text: str) -> frozenset[str]:
    keys = (plain(n) for n in names)
    return frozenset(k for k in keys if k and f" {k} " in text)


def _passage_ties(passages: list[str], facts: SourceFacts, known: dict[str, set[str]]) -> list[Tie]:
    """Free-text passages tie the people and products they name together (one passage, one scene)."""
    people = facts.known_people | facts.people
    products = set(known.get("products", set())) | facts.products
    brands = facts.known_brands | facts.brands
    ties = []
    for passage in passages:
        text = f" {plain(passage)} "
        found = _found(people, text)
        if found:
            ties.append(Tie(people=found, products=_found(products, text), brands=_found(brands, text), setting=text))
    return ties


def _views(post: SourcePostJson) -> int:
    try:
        return max(0, int(post.get("view_count") or 0))
    except (TypeError, ValueError):
        return 0


def build_index(curated_topics: list[CuratedTopicJson], enriched_contexts: list[SourcePostJson],
                known_entities: dict[str, set[str]] | None = None, passages: Iterable[str] = (),
                context: Iterable[str] = ()) -> SourceIndex:
    """The index of one review's sources (and its context text, which supports names but is not a source)."""
    facts = facts_from_sources(curated_topics, enriched_contexts, known_entities)
    ties = []
    for post in enriched_contexts:
        people = frozenset(plain(p) for p in (post.get("artist_name"), post.get("group_name")) if p and plain(p))
        solutions = post.get("solutions", []) or []
        ties.append(Tie(people=people,
                        products=frozenset(plain(s.get("title") or "") for s in solutions) - {""},
                        brands=frozenset(plain(s.get("brand") or "") for s in solutions) - {""},
                        setting=f" {plain(str(post.get('title') or '') + ' ' + str(post.get('context') or ''))} ",
                        days=days_in(str(post.get("date") or "")),
                        months=months_in(str(post.get("date") or "")), views=_views(post)))
    passages = list(passages)
    ties += _passage_ties(passages, facts, known_entities or {})
    pairs = source_sentences(curated_topics, enriched_contexts, passages)
    product_brands: dict[str, set[str]] = {}
    for post in enriched_contexts:
        for sol in post.get("solutions", []) or []:
            if (key := plain(str(sol.get("title") or ""))) and (brand := plain(str(sol.get("brand") or ""))):
                product_brands.setdefault(key, set()).add(brand)
    groups_of: dict[str, set[str]] = {}
    for post in enriched_contexts:
        if artist := plain(str(post.get("artist_name") or "")):
            groups_of.setdefault(artist, set()).update({g} if (g := plain(str(post.get("group_name") or ""))) else ())
    return SourceIndex(sentences=[s for s, _ in pairs], groups=[g for _, g in pairs], facts=facts, ties=ties,
                       context=[c for c in context if c.strip()],
                       product_brands={k: frozenset(v) for k, v in product_brands.items()},
                       groups_of={k: frozenset(v) for k, v in groups_of.items()})


_INDEX_CACHE: OrderedDict[tuple[str, frozenset[tuple[str, frozenset[str]]]], SourceIndex] = OrderedDict()
_INDEX_CACHE_SIZE = 32


def cached_index(curated_topics: list[CuratedTopicJson], enriched_contexts: list[SourcePostJson],
                 known_entities: dict[str, set[str]] | None = None, passages: Iterable[str] = (),
                 context: Iterable[str] = ()) -> SourceIndex:
    """`build_index`, reused while the same sources are reviewed again (every attempt of a run shares them)."""
    passages, context = list(passages), list(context)
    key = (json.dumps([curated_topics, enriched_contexts, passages, context], default=str, sort_keys=True),
           frozenset((k, frozenset(v)) for k, v in (known_entities or {}).items()))
    index = _INDEX_CACHE.get(key)
    if index is None:
        index = build_index(curated_topics, enriched_contexts, known_entities, passages, context)
        _INDEX_CACHE[key] = index
        if len(_INDEX_CACHE) > _INDEX_CACHE_SIZE:
            _INDEX_CACHE.popitem(last=False)
    else:
        _INDEX_CACHE.move_to_end(key)
    return index
