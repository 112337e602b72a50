"""Prompt builders: pure functions from data to text; no I/O."""
