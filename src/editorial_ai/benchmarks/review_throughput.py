"""Deterministic review throughput: format, claims against sources and counted checks on varied drafts, one core."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from editorial_ai.evaluation.labelled_catalog import sample_catalog
from editorial_ai.evaluation.labelled_data import fashion_records
from editorial_ai.review.engine import ReviewContext, deterministic_review
from editorial_ai.review.format_check import check_format
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.sources import Sources


@dataclass
class ThroughputResult:
    """Figures of one throughput run."""

    drafts: int
    seconds: float
    failed: int
    agreed: int = 0  # drafts whose verdict matches the human label of the record

    @property
    def per_second(self) -> float:
        """Drafts reviewed per second."""
        return self.drafts / self.seconds if self.seconds else 0.0


def make_corpus(count: int) -> list[tuple[dict[str, Any], ReviewContext, bool]]:
    """`count` drafts cycled from the shipped labelled fashion records (clean multi-paragraph articles and
    perturbed ones: invented brands, wrong celebrities, unsourced figures, off-topic or repeated text), each with
    its own review context and the human's overall verdict."""
    catalog = sample_catalog()
    known = catalog.known_entities()
    records = fashion_records(catalog)
    corpus = []
    for i in range(count):
        record = records[i % len(records)]
        sources = record["sources"]
        context = ReviewContext(sources=Sources.coerce(sources), known_entities=known)
        corpus.append((record["draft"], context, bool(record["human_overall"] == "pass")))
    return corpus


def run_review_throughput(count: int = 3000) -> ThroughputResult:
    """Review `count` drafts with every deterministic check of the fashion rubric: format, hallucination and
    fact_accuracy (claims against the sources), completeness, relevance, repetition and originality. The judge is
    not part of this figure. Each draft gets its own review context, as in the pipeline."""
    corpus = make_corpus(count)
    rubric = load_rubric("fashion_magazine")
    failed = agreed = 0
    started = time.perf_counter()
    for draft, context, human_pass in corpus:
        verdict, layout = check_format(draft)
        passed = layout is not None and verdict.passed and all(
            r.passed for r in deterministic_review(layout, rubric, context))
        failed += not passed
        agreed += passed == human_pass
    return ThroughputResult(drafts=count, seconds=time.perf_counter() - started, failed=failed, agreed=agreed)
