"""Benchmarks run and report coherent figures (speed targets are checked by the bench commands, not here)."""

from __future__ import annotations

from editorial_ai.benchmarks.correction import run_correction_benchmark
from editorial_ai.benchmarks.review_throughput import make_corpus, run_review_throughput


def test_review_throughput_reviews_every_draft_and_follows_the_labels() -> None:
    corpus = make_corpus(30)
    assert len(corpus) == 30 and any(human for *_, human in corpus) and not all(human for *_, human in corpus)
    result = run_review_throughput(200)
    assert result.drafts == 200
    assert 0 < result.failed < 200  # the labelled corpus mixes clean articles and perturbed ones
    assert result.agreed >= 0.9 * result.drafts
    assert result.per_second > 0


def test_targeted_correction_spends_fewer_tokens_at_equal_pass_rate() -> None:
    targeted, full = run_correction_benchmark(3)
    assert targeted.approved == full.approved == 3
    assert targeted.loop_calls_per_item < full.loop_calls_per_item  # one paragraph instead of a whole article
    assert targeted.fix_tokens_per_item < full.fix_tokens_per_item
