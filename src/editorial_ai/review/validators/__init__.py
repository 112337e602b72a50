"""Deterministic structural validators for content types whose rubric has a `validation` criterion."""

from editorial_ai.review.validators.exam_item import validate_exam_item

__all__ = ["validate_exam_item"]
