"""The deterministic half of every review: claims against sources (grounding) and counted checks (validation).

The same code serves articles (layouts), free text and exam explanations, and runs for every judge backend: a
remote judge may add to `fact_accuracy` but is never needed for it. Criteria by name:

- `grounding` criteria: `fact_accuracy` is claim support by the verdicts the desk's evidence shows
  (`claim_support.claim_verdicts`: unsourced names or figures, pairings no post makes, figures no source sentence
  states); any other (`hallucination`) lists every unsourced name, number and date.
- `validation` criteria: `review.completeness.VALIDATORS` (completeness, relevance, repetition, originality).
"""

from __future__ import annotations

from editorial_ai.models.layout import BodyTextBlock, MagazineLayout
from editorial_ai.models.review import CriterionResult
from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson
from editorial_ai.review import claim_support
from editorial_ai.review.claim_support import (
    NOT_STATED,
    SUPPORTED,
    ClaimVerdict,
    check_claims,
    claim_verdicts,
    unsourced_names,
)
from editorial_ai.review.claims import ClaimSet, layout_claims, text_claims, text_paragraphs
from editorial_ai.review.completeness import VALIDATORS
from editorial_ai.review.grounding import grounding_verdict, ungrounded_card_names
from editorial_ai.review.profile import ReviewProfile
from editorial_ai.review.pronouns import pronoun_clashes
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.source_index import SourceIndex, cached_index, plain
from editorial_ai.review.text_checks import DraftView, topic_terms


def view_of(profile: ReviewProfile, claims: ClaimSet, index: SourceIndex, paragraphs: list[str], *,
            keyword: str = "", title: str = "", question: str = "",
            prompt_texts: list[str] | None = None) -> DraftView:
    """Check the claims against the index and gather what the counted checks read; the originality check compares
    with `prompt_texts` when the caller knows what the prompt showed, else with the profile's examples."""
    return DraftView(profile=profile, paragraphs=paragraphs, claims=claims,
                     checks=check_claims(claims, index), index=index, keyword=keyword,
                     topic_terms=topic_terms(keyword, index), title=title, question=question,
                     prompt_texts=list(profile.example_texts) if prompt_texts is None else prompt_texts)


def layout_view(layout: MagazineLayout, profile: ReviewProfile, curated_topics: list[CuratedTopicJson],
                enriched_contexts: list[SourcePostJson], known_entities: dict[str, set[str]] | None = None,
                prompt_texts: list[str] | None = None) -> DraftView:
    """The view of a laid-out article. The run's keyword is context: it names the topic, it is not a claim."""
    index = cached_index(curated_topics, enriched_contexts, known_entities, context=[layout.keyword])
    related = [str(k) for t in curated_topics for k in t.get("related_keywords", []) or []]
    view = view_of(profile, layout_claims(layout), index,
                   [p for b in layout.blocks_of(BodyTextBlock) for p in b.paragraphs],
                   keyword=layout.keyword, title=layout.title, prompt_texts=prompt_texts)
    view.topic_terms = list(dict.fromkeys([*view.topic_terms, *topic_terms("", index, related)]))
    return view


def text_view(text: str, profile: ReviewProfile, *, curated_topics: list[CuratedTopicJson] | None = None,
              enriched_contexts: list[SourcePostJson] | None = None, passages: list[str] | None = None,
              topic: str = "", question: str = "", context: list[str] | None = None,
              known_entities: dict[str, set[str]] | None = None,
              prompt_texts: list[str] | None = None) -> DraftView:
    """The view of free text; the question, topic and any extra context support names but are not claims."""
    claims = text_claims(text, question, context or [])
    index = cached_index(curated_topics or [], enriched_contexts or [], known_entities, passages or [],
                        context=[topic, question, *(context or [])])
    return view_of(profile, claims, index, text_paragraphs(text), keyword=topic, question=question,
                   prompt_texts=prompt_texts)


def hallucination_verdict(view: DraftView, criterion: str = "hallucination",
                          cards: list[str] | None = None) -> CriterionResult:
    """Every name, number and date of every claim (titles and captions included) must be in the sources."""
    evidence = [f'cards: "{name}" — not in the sources' for name in cards or []]
    evidence += unsourced_names(view.checks)
    if evidence:
        shown = [f"{u} ({c.claim.location})" for c in view.checks for u in c.unsupported]
        shown = list(dict.fromkeys([*(cards or []), *shown]))
        listed = ", ".join(shown[:8]) + (f" and {len(shown) - 8} more" if len(shown) > 8 else "")
        return grounding_verdict(criterion, False, f"Not in the sources: {listed}. Remove them or use names and "
                                 "figures the sources hold.", evidence=evidence)
    names = sum(len(c.names) for c in view.checks)
    numbers = sum(len(c.numbers) for c in view.checks)
    return grounding_verdict(criterion, True, f"All {names} names and {numbers} figures in {len(view.checks)} "
                             "claims appear in the sources.")


def view_verdicts(view: DraftView, threshold: float | None = None) -> list[ClaimVerdict]:
    """Every claim's verdict as `fact_accuracy` judges it and the desk's evidence shows it (one rule for both):
    free text needs TEXT_SUPPORT_THRESHOLD support on every claim besides."""
    text = view.profile.free_text
    if threshold is None:
        threshold = claim_support.TEXT_SUPPORT_THRESHOLD if text else claim_support.SUPPORT_THRESHOLD
    return claim_verdicts(view.checks, view.index, threshold, every_claim=text)


def _artists(index: SourceIndex) -> list[str]:
    """The sourced people who are artists, not groups (a group is "they")."""
    groups = frozenset().union(*index.groups_of.values()) if index.groups_of else frozenset()
    return [p for p in index.facts.people if plain(p) in index.groups_of and plain(p) not in groups]


def fact_accuracy_verdict(view: DraftView, criterion: str = "fact_accuracy",
                          threshold: float | None = None) -> CriterionResult:
    """Each claim that names something or states a figure is backed by the sources, by the verdicts the desk shows
    (`claim_support.claim_verdicts`): it fails on unsupported claims and on claims whose figures no source sentence
    states, and on a sentence that gives a person other pronouns than the draft first did (`pronouns`); claims that
    are only not stated (sourced names, a relation no one sentence says) are named in the reason without failing."""
    text = view.profile.free_text
    if threshold is None:
        threshold = claim_support.TEXT_SUPPORT_THRESHOLD if text else claim_support.SUPPORT_THRESHOLD
    verdicts = view_verdicts(view, threshold)
    factual = [v for v in verdicts if v.check.has_facts or (text and not v.check.claim.heading)]
    evidence = [v.evidence_line() for v in verdicts if v.fails_review]
    where = "paragraphs" if text else "body_paragraphs"
    evidence += [f'{where}[{c.paragraph}]: "{c.sentence}" — {c.problem()}'
                 for c in pronoun_clashes(view.paragraphs, _artists(view.index))]
    unstated = [v.check.quoted(80) for v in verdicts if v.verdict == NOT_STATED and not v.fails_review]
    score = round(1 - len(evidence) / len(factual), 4) if factual else 1.0
    if evidence:
        return CriterionResult(criterion=criterion, passed=False, severity="major", source="grounding",
                               score=max(0.0, min(score, 0.49)),
                               reason=f"{len(evidence)} of {len(factual)} factual claims lack source support: "
                                      + "; ".join(evidence[:3]) + ". Rewrite them from the sources.",
                               evidence=evidence)
    lowest = min((v.check.support for v in factual if not v.check.claim.heading), default=1.0)
    stated = sum(1 for v in verdicts if v.verdict == SUPPORTED)
    reason = (f"{len(factual)} factual claims with sourced names, figures and pairings, {stated} of them stated by "
              f"a source sentence (lowest support {lowest:.2f}, at least {threshold:.2f} needed).")
    if unstated:
        reason += (f" Not stated by any one source sentence ({len(unstated)}, no figures: not a failure): "
                   + "; ".join(unstated[:3]) + (" …" if len(unstated) > 3 else "") + ".")
    return CriterionResult(criterion=criterion, passed=True, severity="major", source="grounding", score=1.0,
                           reason=reason)


def deterministic_results(rubric: Rubric, view: DraftView, layout: MagazineLayout | None = None,
                          skip: tuple[str, ...] = ()) -> list[CriterionResult]:
    """Verdicts of the rubric's grounding and validation criteria (names in `skip` are left to the caller)."""
    results: list[CriterionResult] = []
    cards = ungrounded_card_names(layout, view.index.facts) if layout is not None else []
    for criterion in rubric.by_check("grounding"):
        if criterion.name == "fact_accuracy":
            results.append(fact_accuracy_verdict(view, criterion.name))
        else:
            results.append(hallucination_verdict(view, criterion.name, cards))
    for criterion in rubric.by_check("validation"):
        if criterion.name in skip:
            continue
        validator = VALIDATORS.get(criterion.name)
        if validator is None:
            results.append(CriterionResult(criterion=criterion.name, passed=False, skipped=True,
                                           severity=criterion.severity, source="validation",
                                           reason="Not run: no deterministic validator for this criterion."))
        else:
            results.append(validator(view, layout, criterion.name))
    return results
