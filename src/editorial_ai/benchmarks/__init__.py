"""Benchmarks that print figures measured side by side in one run."""
