"""Text records: source passages about catalog posts, a question, and an answer (clean or perturbed).

Passages describe two or three posts by different artists (who wore what, where, colours, materials, where to
buy, prices, dates, view counts). The question asks about one post; the clean answer is one line or a few
sentences built only from the passages. Perturbations edit that answer; `question_names_absent` edits the
question instead (it names someone or something the passages and the answer do not), and the answer stays clean.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from editorial_ai.evaluation.labelled_catalog import Catalog, Post, Product, invented_product, numbers_in
from editorial_ai.evaluation.labelled_fashion import context_phrase, join, noun, replace_name, tidy

QUESTION_KINDS = ("wear", "colour", "price", "views", "date", "brand", "where", "group")
TEXT_PERTURBATIONS = ("invented_brand", "wrong_celebrity", "unsourced_number", "wrong_pairing",
                      "off_topic_paragraph", "question_names_absent")


def published(post: Post) -> str:
    """`2026-02-14T06:36:00Z` -> `14 February 2026`."""
    when = datetime.strptime(post.created_at[:10], "%Y-%m-%d")
    return f"{when.day} {when:%B %Y}"


def passage(rng: random.Random, post: Post) -> str:
    """A short passage about one post and its products."""
    who = f"{post.artist} of {post.group}" if post.group else post.artist
    parts = [rng.choice([
        f'{who} was photographed at {context_phrase(post.context)} in a post titled "{post.title}".',
        f'A post titled "{post.title}" shows {who} at {context_phrase(post.context)}.',
    ])]
    parts.append(f"In that post {post.artist} wears {join([f'the {p.title}' for p in post.products[:3]])}.")
    for product in post.products[:2]:
        parts.append(f"The {product.title} by {product.brand} is {product.colour} {product.material} and is sold "
                     f"{product.where}.")
        parts.append(f"The {product.title} is listed at {product.price_krw:,} won.")
    parts.append(f"The post was published on {published(post)} and has {post.views:,} views.")
    return tidy(" ".join(parts))


@dataclass(frozen=True)
class TextCase:
    """One question about the focus post, with everything its answers draw on."""

    posts: tuple[Post, ...]  # the focus post first
    passages: tuple[str, ...]
    kind: str
    question: str
    answer: str  # the clean answer

    @property
    def focus(self) -> Post:
        """The post the question is about."""
        return self.posts[0]

    @property
    def product(self) -> Product:
        """The product the question is about."""
        return self.posts[0].products[0]


def _question(kind: str, post: Post, product: Product) -> tuple[str, str]:
    a, phrase = post.artist, context_phrase(post.context)
    second = f" and the {post.products[1].title}" if len(post.products) > 1 else ""
    return {
        "wear": (f"What did {a} wear at {phrase}?", f"{a} wore the {product.title}{second}."),
        "colour": (f"What colour is the {product.title} that {a} wore?",
                   f"The {product.title} is {product.colour} {product.material}."),
        "price": (f"How much is the {product.title} listed at?",
                  f"The {product.title} is listed at {product.price_krw:,} won."),
        "views": (f'How many views does the post "{post.title}" have?', f"The post has {post.views:,} views."),
        "date": (f'When was the post "{post.title}" published?', f"It was published on {published(post)}."),
        "brand": (f"Which brand made the {noun(product)} {a} wore at {phrase}?",
                  f"{product.brand} made it: {a} wore the {product.title}."),
        "where": (f"Where can fans buy the {product.title} that {a} wore?",
                  f"The {product.title} is sold {product.where}."),
        "group": (f"Which group is {a} in?", f"{a} is a member of {post.group}."),
    }[kind]


def build_case(rng: random.Random, catalog: Catalog, long_answer: bool) -> TextCase:
    """Two or three posts by different artists, a question about the first, and its clean answer."""
    size = rng.choice((2, 3))
    posts: list[Post] = []
    for post in rng.sample(catalog.posts, len(catalog.posts)):
        if post.products and post.artist not in {p.artist for p in posts}:
            posts.append(post)
        if len(posts) == size:
            break
    focus = posts[0]
    kind = rng.choice([k for k in QUESTION_KINDS if k != "group" or focus.group])
    question, answer = (tidy(text) for text in _question(kind, focus, focus.products[0]))
    if long_answer and kind not in ("wear", "brand"):
        answer += f' {focus.artist} wore it at {context_phrase(focus.context)}, in the post "{focus.title}".'
    return TextCase(posts=tuple(posts), passages=tuple(passage(rng, p) for p in posts), kind=kind,
                    question=question, answer=answer)


def _absent_artist(catalog: Catalog, case: TextCase, rng: random.Random) -> str | None:
    text = " ".join((*case.passages, case.question))
    names = [a for a in sorted(catalog.artists) if len(a) > 2 and a != "Winter"
             and not re.search(rf"(?<!\w){re.escape(a)}(?!\w)", text)]
    return rng.choice(names) if names else None


def perturb(kind: str, case: TextCase, rng: random.Random, catalog: Catalog) -> tuple[str, str, dict[str, Any]] | None:
    """(question, answer, edit note) for a perturbation kind, or None when this case cannot carry it."""
    focus, answer = case.focus, case.answer
    phrase = context_phrase(focus.context)
    known = numbers_in(" ".join(case.passages))
    if kind == "invented_brand":
        _, invented = invented_product(rng, catalog)
        sentence = rng.choice([f"{focus.artist} also wore the {invented}.",
                               f"It was worn with the {invented}."])
        return case.question, f"{answer} {sentence}", {"inserted": sentence, "name": invented}
    if kind == "wrong_celebrity":
        other = _absent_artist(catalog, case, rng)
        if other is None:
            return None
        base = answer if focus.artist in answer else f"{answer} {focus.artist} wore it at {phrase}."
        edited = replace_name(base, focus.artist, other)
        return case.question, edited, {"replaced": focus.artist, "name": other}
    if kind == "unsourced_number":
        return _unsourced_number(case, rng, known)
    if kind == "wrong_pairing":
        worn = {q.title for post in catalog.posts if post.artist == focus.artist for q in post.products}
        others = [q for post in case.posts[1:] for q in post.products[:3] if q.title not in worn]
        if not others:
            return None
        wrong = rng.choice(others)
        sentence = f"{focus.artist} wore the {wrong.title} at {phrase}."
        edited = sentence if case.kind == "wear" else f"{answer} {sentence}"
        return case.question, edited, {"inserted": sentence, "product": wrong.title}
    if kind == "off_topic_paragraph":
        elsewhere = case.posts[1]
        sentence = rng.choice([
            f"{elsewhere.artist} was photographed at {context_phrase(elsewhere.context)} in the "
            f"{elsewhere.products[0].title}.",
            f'The post "{elsewhere.title}" has {elsewhere.views:,} views.',
        ])
        return case.question, sentence, {"inserted": sentence, "about": elsewhere.artist}
    if kind == "question_names_absent":
        absent = _absent_artist(catalog, case, rng)
        if absent is None:
            return None
        question = rng.choice([
            f"{absent} fans are asking too. {case.question}",
            f"After the {absent} post, one question: {case.question[0].lower()}{case.question[1:]}",
            f"Not about {absent}: {case.question[0].lower()}{case.question[1:]}",
        ])
        return question, answer, {"question_names": absent}
    raise ValueError(f"unknown text perturbation {kind!r}")


def _unsourced_number(case: TextCase, rng: random.Random, known: set[str]) -> tuple[str, str, dict[str, Any]] | None:
    focus, product, answer = case.focus, case.product, case.answer
    if case.kind == "price":
        number = f"{rng.randrange(150, 9000) * 1000:,}"
        edited = answer.replace(f"{product.price_krw:,}", number)
    elif case.kind == "views":
        number = f"{rng.randrange(50_000, 9_000_000):,}"
        edited = answer.replace(f"{focus.views:,}", number)
    elif case.kind == "date":
        number = str(rng.randrange(2012, 2024))
        edited = answer.replace(published(focus)[-4:], number)
    else:
        number = str(rng.randrange(2012, 2024))
        edited = f"{answer} {focus.artist} first wore the {product.title} in {number}."
    if number.replace(",", "") in known or edited == answer:
        return None
    return case.question, edited, {"number": number}
