"""Evaluation: critic-in-the-loop generation, LLM-as-judge scoring over a model matrix, PDF reports and
calibration of the reviewer against human verdicts. See docs/evaluation.md."""
