"""Deterministic structural validators for content types whose rubric has a `validation` criterion."""
