"""Pydantic models of the pipeline's artifacts."""
