"""What the review needs to know about the kind of draft it judges, handed in by its caller.

The review sits below the content types: it never asks the registry which type a draft is. Whoever starts a
review (the pipeline's review node, the editor's recheck, calibration, the CLI) takes the run's type's profile
and puts it in the review's context; a caller that knows no type gets the flagship article's.
"""

from __future__ import annotations

from dataclasses import dataclass

from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE, EDITORIAL_EXAMPLE_TEXTS

# Plain text judged by its own rubric (calibration records, the harness): no content type, judged as free text.
TEXT_REVIEW = "text"


@dataclass(frozen=True)
class LengthRule:
    """How long a laid-out body must be: non-empty paragraphs and words of body text."""

    paragraphs: int
    words: int
    paragraph_words: int = 0  # the shortest a body paragraph may be (0: any)


# A layout whose profile declares no other floor.
DEFAULT_LENGTH_RULE = LengthRule(paragraphs=2, words=80)
# Magazine articles: the writer aims at 300+ words in 4+ paragraphs and the gate's
# floor sits a little below: on the labels' tune half every clean article has 5+ paragraphs and 297+ words, so
# any floor up to there loses nothing.
# A paragraph of one sentence is no magazine paragraph: "On September 9th, Jennie continued her street style look on
# the same day at the pop-up store event." (18 words) passed as one. The labels' clean articles' shortest is 39
# words, and one perturbed article keeps a 20-word paragraph its labels count complete.
ARTICLE_LENGTH_RULE = LengthRule(paragraphs=4, words=250, paragraph_words=20)


@dataclass(frozen=True)
class ReviewProfile:
    """The type-dependent rules of a review.

    `name` is the kind of draft (the content type, or `text`) for messages; the rubric, which the caller passes
    beside the profile, names the criteria. `length_rule` is the completeness floor of a laid-out body.
    `example_texts` is the example text the writer's prompts show, which the originality check compares a draft
    with.
    `free_text`: every sentence is a claim its sources must support (briefs, plain text), and paragraphs are
    located as `paragraphs[i]`; otherwise only sentences that name something or state a figure (articles).
    """

    name: str
    length_rule: LengthRule = DEFAULT_LENGTH_RULE
    example_texts: tuple[str, ...] = ()
    free_text: bool = False


# The flagship article's profile: the default of every review that is handed none (calibration, benchmarks).
ARTICLE_PROFILE = ReviewProfile(name="fashion_magazine", length_rule=ARTICLE_LENGTH_RULE,
                                example_texts=(*EDITORIAL_EXAMPLE_TEXTS, EDITORIAL_EXAMPLE))
# Plain text records come from no writer's prompt, so there is nothing to have copied.
TEXT_PROFILE = ReviewProfile(name=TEXT_REVIEW, free_text=True)
